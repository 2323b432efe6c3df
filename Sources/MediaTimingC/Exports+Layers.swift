// Layer trees and their clocks (mt_layers_*).
import CMediaTiming
import MediaTiming

final class LayersBox {
    var tree = LayerTree()
    /// The handles `addLayer` returned, by index (`LayerID` has no public initializer).
    var ids: [LayerID] = []
    var scratch: [Double] = []
}

func status(_ error: LayerError) -> mt_status {
    switch error {
    case .duplicateName, .unknownName, .invalidTiming, .invalidInstanceCount, .invalidInstanceDelay,
         .invalidReplica, .tooManyLayers, .notInTree, .alreadyInTree, .cycle:
        return MT_ERR_INVALID
    case .unknownLayer: return MT_ERR_RANGE
    case .invalidTime: return MT_ERR_TIME
    case .localTimeOverflow: return MT_ERR_OVERFLOW
    }
}

@c(mt_layers_create)
public func mtLayersCreate(_ status: UnsafeMutablePointer<mt_status>?) -> UnsafeMutablePointer<mt_layers>? {
    report(status, MT_OK)
    return handle(LayersBox(), as: mt_layers.self)
}

@inline(__always)
func layers(_ tree: UnsafePointer<mt_layers>) -> LayersBox { box(UnsafeRawPointer(tree), as: LayersBox.self) }

/// The layer handle for a C index; `nil` for -1 (absolute time); throws `.unknownLayer`-like status.
func layerID(_ object: LayersBox, _ index: Int64, allowAbsolute: Bool) -> (LayerID?, mt_status) {
    if index == -1 && allowAbsolute { return (nil, MT_OK) }
    guard index >= 0, index < Int64(object.ids.count) else { return (nil, MT_ERR_RANGE) }
    return (object.ids[Int(index)], MT_OK)
}

@c(mt_layers_add)
public func mtLayersAdd(
    _ tree: UnsafeMutablePointer<mt_layers>?, _ name: UnsafePointer<CChar>?, _ parent: Int64, _ beginTime: Double,
    _ speed: Float, _ timeOffset: Double, _ index: UnsafeMutablePointer<Int64>?
) -> mt_status {
    guard let tree, let name else { return MT_ERR_NULL }
    let object = layers(tree)
    let (parentID, parentStatus) = layerID(object, parent, allowAbsolute: true)
    guard parentStatus == MT_OK else { return parentStatus }
    do throws(LayerError) {
        let id = try object.tree.addLayer(
            named: String(cString: name), parent: parentID,
            timeSpace: TimeSpace(beginTime: beginTime, speed: speed, timeOffset: timeOffset))
        object.ids.append(id)
        index?.pointee = Int64(object.ids.count - 1)
        return MT_OK
    } catch {
        return status(error)
    }
}

@c(mt_layers_count)
public func mtLayersCount(_ tree: UnsafePointer<mt_layers>?) -> Int {
    guard let tree else { return -1 }
    return layers(tree).ids.count
}

/// `body` on the box's tree in place: reading `object.tree` for a method call copied the struct (a retain
/// and a release of each of its buffers per call, most of P4's per-call time).
@inline(__always)
func inPlace<R, E: Error>(_ tree: inout LayerTree, _ body: (inout LayerTree) throws(E) -> R) throws(E) -> R {
    try body(&tree)
}

@c(mt_layers_local_time)
public func mtLayersLocalTime(
    _ tree: UnsafePointer<mt_layers>?, _ layer: Int64, _ mediaTime: Double, _ out: UnsafeMutablePointer<Double>?
) -> mt_status {
    guard let tree, let out else { return MT_ERR_NULL }
    let object = layers(tree)
    let (id, s) = layerID(object, layer, allowAbsolute: false)
    guard s == MT_OK, let id else { return s }
    guard mediaTime.isFinite else { return MT_ERR_TIME }
    do throws(LayerError) {
        out.pointee = try inPlace(&object.tree) { (tree) throws(LayerError) in try tree.localTime(of: id, atMediaTime: mediaTime) }
        return MT_OK
    } catch {
        return status(error)
    }
}

@c(mt_layers_local_time_batch)
public func mtLayersLocalTimeBatch(
    _ tree: UnsafePointer<mt_layers>?, _ layer: Int64, _ mediaTimes: UnsafePointer<Double>?,
    _ out: UnsafeMutablePointer<Double>?, _ count: Int
) -> mt_status {
    guard let tree else { return MT_ERR_NULL }
    guard count >= 0 else { return MT_ERR_COUNT }
    let object = layers(tree)
    let (id, s) = layerID(object, layer, allowAbsolute: false)
    guard s == MT_OK, let id else { return s }
    guard count > 0 else { return MT_OK }
    guard let mediaTimes, let out else { return MT_ERR_NULL }
    for i in 0..<count where !mediaTimes[i].isFinite { return MT_ERR_TIME }
    if UnsafePointer(out) != mediaTimes { out.update(from: mediaTimes, count: count) }
    do throws(LayerError) {
        try inPlace(&object.tree) { (tree) throws(LayerError) in
            try tree.localTimes(of: id, converting: UnsafeMutableBufferPointer(start: out, count: count))
        }
        return MT_OK
    } catch {
        return status(error)
    }
}

@c(mt_layers_local_times)
public func mtLayersLocalTimes(
    _ tree: UnsafePointer<mt_layers>?, _ mediaTime: Double, _ times: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> mt_status {
    guard let tree else { return MT_ERR_NULL }
    guard capacity >= 0 else { return MT_ERR_COUNT }
    guard mediaTime.isFinite else { return MT_ERR_TIME }
    let object = layers(tree)
    let n = object.ids.count
    guard capacity >= n else { return MT_ERR_CAPACITY }
    guard n > 0 else { return MT_OK }
    guard let times else { return MT_ERR_NULL }
    inPlace(&object.tree) { tree in tree.localTimes(atMediaTime: mediaTime, into: &object.scratch) }
    object.scratch.withUnsafeBufferPointer { source in
        times.update(from: source.baseAddress!, count: n)
    }
    return MT_OK
}

@c(mt_layers_convert_time)
public func mtLayersConvertTime(
    _ tree: UnsafePointer<mt_layers>?, _ time: Double, _ from: Int64, _ to: Int64, _ out: UnsafeMutablePointer<Double>?
) -> mt_status {
    guard let tree, let out else { return MT_ERR_NULL }
    let object = layers(tree)
    let (source, s1) = layerID(object, from, allowAbsolute: true)
    guard s1 == MT_OK else { return s1 }
    let (destination, s2) = layerID(object, to, allowAbsolute: true)
    guard s2 == MT_OK else { return s2 }
    guard time.isFinite else { return MT_ERR_TIME }
    do throws(LayerError) {
        out.pointee = try inPlace(&object.tree) { (tree) throws(LayerError) in try tree.convertTime(time, from: source, to: destination) }
        return MT_OK
    } catch {
        return status(error)
    }
}

@c(mt_layers_pause)
public func mtLayersPause(_ tree: UnsafeMutablePointer<mt_layers>?, _ layer: Int64, _ mediaTime: Double) -> mt_status {
    guard let tree else { return MT_ERR_NULL }
    let object = layers(tree)
    let (id, s) = layerID(object, layer, allowAbsolute: false)
    guard s == MT_OK, let id else { return s }
    guard mediaTime.isFinite else { return MT_ERR_TIME }
    do throws(LayerError) {
        try object.tree.pause(id, atMediaTime: mediaTime)
        return MT_OK
    } catch {
        return status(error)
    }
}

@c(mt_layers_resume)
public func mtLayersResume(
    _ tree: UnsafeMutablePointer<mt_layers>?, _ layer: Int64, _ mediaTime: Double, _ speed: Float
) -> mt_status {
    guard let tree else { return MT_ERR_NULL }
    let object = layers(tree)
    let (id, s) = layerID(object, layer, allowAbsolute: false)
    guard s == MT_OK, let id else { return s }
    guard mediaTime.isFinite else { return MT_ERR_TIME }
    if !speed.isNaN, !(speed.isFinite && speed > 0) { return MT_ERR_INVALID }
    do throws(LayerError) {
        try object.tree.resume(id, atMediaTime: mediaTime, speed: speed.isNaN ? nil : speed)
        return MT_OK
    } catch {
        return status(error)
    }
}

@c(mt_layers_is_paused)
public func mtLayersIsPaused(
    _ tree: UnsafePointer<mt_layers>?, _ layer: Int64, _ paused: UnsafeMutablePointer<Int32>?
) -> mt_status {
    guard let tree, let paused else { return MT_ERR_NULL }
    let object = layers(tree)
    let (id, s) = layerID(object, layer, allowAbsolute: false)
    guard s == MT_OK, let id else { return s }
    do throws(LayerError) {
        paused.pointee = try inPlace(&object.tree) { (tree) throws(LayerError) in try tree.isPaused(id) } ? 1 : 0
        return MT_OK
    } catch {
        return status(error)
    }
}

@c(mt_layers_destroy)
public func mtLayersDestroy(_ tree: UnsafeMutablePointer<mt_layers>?) {
    guard let tree else { return }
    Unmanaged<LayersBox>.fromOpaque(UnsafeRawPointer(tree)).release()
}
