// The C API of mediatiming.h, implemented with `@c` exports; `Tests/c/run.sh` checks the header against them.
// Every function checks its arguments and reports failures through `mt_status` or a documented sentinel;
// nothing here traps on bad input. Objects are Swift classes passed as opaque `Unmanaged` pointers.
import CMediaTiming
import MediaTiming
import MediaTimingScene
import DiscPlayer

// MARK: Boxes

final class CurveBox {
    /// The prepared curve, out of line: reading a stored struct property of a class for a method call
    /// copies it (1.1 KB with the tables), which cost more than the evaluation itself per call.
    let storage: UnsafeMutablePointer<PreparedTimingFunction>
    init(_ function: PreparedTimingFunction) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: function)
    }
    deinit { storage.deinitialize(count: 1); storage.deallocate() }
}

final class LayersBox {
    var tree = LayerTree()
    /// The handles `addLayer` returned, by index (`LayerID` has no public initializer).
    var ids: [LayerID] = []
    var scratch: [Double] = []
}

final class PathBox {
    let path: MeasuredPath
    init(_ path: MeasuredPath) { self.path = path }
}

final class SceneBox {
    let scene: Scene
    var events: [SceneEvent] = []
    var error = ""
    init(_ scene: Scene) { self.scene = scene }
}

@inline(__always)
func box<T: AnyObject>(_ pointer: UnsafeRawPointer, as: T.Type) -> T {
    Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue()
}

@inline(__always)
func handle<T: AnyObject, H>(_ object: T, as: H.Type) -> UnsafeMutablePointer<H> {
    Unmanaged.passRetained(object).toOpaque().assumingMemoryBound(to: H.self)
}

@inline(__always)
func report(_ status: UnsafeMutablePointer<mt_status>?, _ value: mt_status) {
    status?.pointee = value
}

/// Copies `text` as NUL-terminated UTF-8, truncated to `capacity` bytes.
func copyText(_ text: String, into buffer: UnsafeMutablePointer<CChar>?, capacity: Int) {
    guard let buffer, capacity > 0 else { return }
    var written = 0
    for byte in text.utf8 {
        guard written < capacity - 1 else { break }
        buffer[written] = CChar(bitPattern: byte)
        written += 1
    }
    buffer[written] = 0
}

func string(_ bytes: UnsafePointer<CChar>, length: Int) -> String {
    bytes.withMemoryRebound(to: UInt8.self, capacity: length) { pointer in
        String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}

// MARK: Boundary

@c(mt_identity)
public func mtIdentity(_ x: Double) -> Double { x }

// MARK: Timing evaluation

func status(_ error: TimingError) -> mt_status {
    switch error {
    case .invalidField: return MT_ERR_INVALID
    case .invalidTime: return MT_ERR_TIME
    case .localTimeOverflow: return MT_ERR_OVERFLOW
    }
}

func fillMode(_ raw: Int32) -> FillMode? {
    switch raw {
    case 0: return .removed
    case 1: return .forwards
    case 2: return .backwards
    case 3: return .both
    default: return nil
    }
}

func phaseCode(_ phase: TimingPhase) -> Int32 {
    switch phase {
    case .before: return 0
    case .active: return 1
    case .after: return 2
    }
}

/// The one evaluation both the single and the batch entry points use (so they agree bit for bit).
@inline(__always)
func evaluateOne(
    _ timing: Timing, defaultDuration: Double, parentTime: Double, curve: UnsafePointer<mt_curve>?,
    removedOnCompletion: Bool
) -> Result<TimingEvaluation, TimingError> {
    do throws(TimingError) {
        let resolved = try ResolvedTiming(timing, defaultDuration: defaultDuration)
        if let curve {
            let function = box(UnsafeRawPointer(curve), as: CurveBox.self)
            return .success(try resolved.evaluate(
                atParentTime: parentTime, timingFunction: function.storage.pointee, removedOnCompletion: removedOnCompletion))
        }
        return .success(try resolved.evaluate(atParentTime: parentTime, removedOnCompletion: removedOnCompletion))
    } catch {
        return .failure(error)
    }
}

@c(mt_timing_evaluate)
public func mtTimingEvaluate(
    _ timing: UnsafePointer<mt_timing>?, _ defaultDuration: Double, _ parentTime: Double,
    _ curve: UnsafePointer<mt_curve>?, _ removedOnCompletion: Int32, _ out: UnsafeMutablePointer<mt_evaluation>?
) -> mt_status {
    guard let timing, let out else { return MT_ERR_NULL }
    guard parentTime.isFinite else { return MT_ERR_TIME }
    let t = timing.pointee
    guard let mode = fillMode(t.fill_mode) else { return MT_ERR_INVALID }
    let value = Timing(
        beginTime: t.begin_time, duration: t.duration, speed: t.speed, timeOffset: t.time_offset,
        repeatCount: t.repeat_count, repeatDuration: t.repeat_duration, autoreverses: t.autoreverses != 0,
        fillMode: mode)
    switch evaluateOne(value, defaultDuration: defaultDuration, parentTime: parentTime, curve: curve,
                       removedOnCompletion: removedOnCompletion != 0) {
    case let .success(e):
        out.pointee = mt_evaluation(
            phase: phaseCode(e.phase), applies: e.applies ? 1 : 0, iteration: Int64(e.iteration),
            active_time: e.activeTime, basic_time: e.basicTime, unit_time: e.unitTime, progress: e.progress)
        return MT_OK
    case let .failure(error):
        return status(error)
    }
}

@c(mt_timing_evaluate_batch)
public func mtTimingEvaluateBatch(
    _ input: UnsafePointer<mt_timing_batch>?, _ n: Int, _ defaultDuration: Double, _ parentTime: Double,
    _ removedOnCompletion: Int32, _ output: UnsafePointer<mt_batch_results>?
) -> mt_status {
    guard let input, let output else { return MT_ERR_NULL }
    guard n >= 0 else { return MT_ERR_COUNT }
    guard parentTime.isFinite else { return MT_ERR_TIME }
    guard defaultDuration > 0, !defaultDuration.isNaN else { return MT_ERR_INVALID }
    guard n > 0 else { return MT_OK }
    let b = input.pointee
    guard let begin = b.begin_time, let duration = b.duration, let speed = b.speed,
          let repeatCount = b.repeat_count, let offset = b.time_offset, let repeatDuration = b.repeat_duration,
          let autoreverses = b.autoreverses, let fill = b.fill_mode
    else { return MT_ERR_NULL }
    let curves = b.curves
    let o = output.pointee
    let removed = removedOnCompletion != 0
    var first = MT_OK
    for i in 0..<n {
        var itemStatus = MT_OK
        var evaluation: TimingEvaluation? = nil
        if let mode = fillMode(Int32(fill[i])) {
            let timing = Timing(
                beginTime: begin[i], duration: duration[i], speed: speed[i], timeOffset: offset[i],
                repeatCount: repeatCount[i], repeatDuration: repeatDuration[i], autoreverses: autoreverses[i] != 0,
                fillMode: mode)
            switch evaluateOne(timing, defaultDuration: defaultDuration, parentTime: parentTime,
                               curve: curves?[i], removedOnCompletion: removed) {
            case let .success(e): evaluation = e
            case let .failure(error): itemStatus = status(error)
            }
        } else {
            itemStatus = MT_ERR_INVALID
        }
        if let e = evaluation {
            o.progress?[i] = e.progress
            o.unit_time?[i] = e.unitTime
            o.phase?[i] = Int8(phaseCode(e.phase))
            o.applies?[i] = e.applies ? 1 : 0
            o.iteration?[i] = Int64(e.iteration)
        } else {
            o.progress?[i] = .nan
            o.unit_time?[i] = .nan
            o.phase?[i] = -1
            o.applies?[i] = 0
            o.iteration?[i] = 0
            if first == MT_OK { first = itemStatus }
        }
        o.status?[i] = Int32(bitPattern: itemStatus.rawValue)
    }
    return first
}

// MARK: Prepared timing curves

@c(mt_curve_create)
public func mtCurveCreate(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ status: UnsafeMutablePointer<mt_status>?
) -> UnsafeMutablePointer<mt_curve>? {
    guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite,
          abs(y1) <= Double(Float.greatestFiniteMagnitude), abs(y2) <= Double(Float.greatestFiniteMagnitude)
    else { report(status, MT_ERR_INVALID); return nil }
    do throws(TimingError) {
        let function = try TimingFunction(controlPoints: Float(x1), Float(y1), Float(x2), Float(y2))
        report(status, MT_OK)
        return handle(CurveBox(function.prepared()), as: mt_curve.self)
    } catch {
        report(status, MT_ERR_INVALID)
        return nil
    }
}

@c(mt_curve_create_named)
public func mtCurveCreateNamed(_ name: Int32, _ status: UnsafeMutablePointer<mt_status>?) -> UnsafeMutablePointer<mt_curve>? {
    let function: TimingFunction
    switch name {
    case 0: function = .linear
    case 1: function = .easeIn
    case 2: function = .easeOut
    case 3: function = .easeInEaseOut
    case 4: function = .default
    default: report(status, MT_ERR_INVALID); return nil
    }
    report(status, MT_OK)
    return handle(CurveBox(function.prepared()), as: mt_curve.self)
}

@c(mt_curve_evaluate)
public func mtCurveEvaluate(_ curve: UnsafePointer<mt_curve>?, _ x: Double) -> Double {
    guard let curve else { return .nan }
    return box(UnsafeRawPointer(curve), as: CurveBox.self).storage.pointee.value(at: x)
}

@c(mt_curve_evaluate_batch)
public func mtCurveEvaluateBatch(
    _ curve: UnsafePointer<mt_curve>?, _ xs: UnsafePointer<Double>?, _ out: UnsafeMutablePointer<Double>?, _ n: Int
) -> mt_status {
    guard let curve else { return MT_ERR_NULL }
    guard n >= 0 else { return MT_ERR_COUNT }
    guard n > 0 else { return MT_OK }
    guard let xs, let out else { return MT_ERR_NULL }
    let object = box(UnsafeRawPointer(curve), as: CurveBox.self)
    withExtendedLifetime(object) {
        object.storage.pointee.values(
            at: UnsafeBufferPointer(start: xs, count: n), into: UnsafeMutableBufferPointer(start: out, count: n))
    }
    return MT_OK
}

@c(mt_curve_destroy)
public func mtCurveDestroy(_ curve: UnsafeMutablePointer<mt_curve>?) {
    guard let curve else { return }
    Unmanaged<CurveBox>.fromOpaque(UnsafeRawPointer(curve)).release()
}

// MARK: Layer trees

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

/// `tree.localTime(of:atMediaTime:)` on the box's tree in place: reading `object.tree` for a method call
/// copied the struct (a retain and a release of each of its six buffers per call, most of P4's time).
@inline(__always)
func localTimeInPlace(_ tree: inout LayerTree, of id: LayerID, atMediaTime mediaTime: Double) throws(LayerError) -> Double {
    try tree.localTime(of: id, atMediaTime: mediaTime)
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
        out.pointee = try localTimeInPlace(&object.tree, of: id, atMediaTime: mediaTime)
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
        try object.tree.localTimes(of: id, converting: UnsafeMutableBufferPointer(start: out, count: count))
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
    object.tree.localTimes(atMediaTime: mediaTime, into: &object.scratch)
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
        out.pointee = try object.tree.convertTime(time, from: source, to: destination)
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
        paused.pointee = try object.tree.isPaused(id) ? 1 : 0
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

// MARK: Paths

func measured(_ path: Path, _ status: UnsafeMutablePointer<mt_status>?) -> UnsafeMutablePointer<mt_path>? {
    do throws(PathError) {
        let result = try MeasuredPath(path)
        report(status, MT_OK)
        return handle(PathBox(result), as: mt_path.self)
    } catch {
        report(status, MT_ERR_INVALID)
        return nil
    }
}

@c(mt_path_create_svg)
public func mtPathCreateSVG(
    _ data: UnsafePointer<CChar>?, _ length: Int, _ status: UnsafeMutablePointer<mt_status>?
) -> UnsafeMutablePointer<mt_path>? {
    guard length >= 0 else { report(status, MT_ERR_COUNT); return nil }
    guard let data else { report(status, MT_ERR_NULL); return nil }
    do throws(PathError) {
        return measured(try Path(svgPathData: string(data, length: length)), status)
    } catch {
        report(status, MT_ERR_INVALID)
        return nil
    }
}

@c(mt_path_create_quadratic)
public func mtPathCreateQuadratic(
    _ points: UnsafePointer<mt_point>?, _ status: UnsafeMutablePointer<mt_status>?
) -> UnsafeMutablePointer<mt_path>? {
    guard let points else { report(status, MT_ERR_NULL); return nil }
    var path = Path()
    do throws(PathError) {
        try path.move(to: Point(x: points[0].x, y: points[0].y))
        try path.addQuadCurve(to: Point(x: points[2].x, y: points[2].y), control: Point(x: points[1].x, y: points[1].y))
    } catch {
        report(status, MT_ERR_INVALID)
        return nil
    }
    return measured(path, status)
}

@c(mt_path_create_cubic)
public func mtPathCreateCubic(
    _ points: UnsafePointer<mt_point>?, _ status: UnsafeMutablePointer<mt_status>?
) -> UnsafeMutablePointer<mt_path>? {
    guard let points else { report(status, MT_ERR_NULL); return nil }
    var path = Path()
    do throws(PathError) {
        try path.move(to: Point(x: points[0].x, y: points[0].y))
        try path.addCurve(
            to: Point(x: points[3].x, y: points[3].y), control1: Point(x: points[1].x, y: points[1].y),
            control2: Point(x: points[2].x, y: points[2].y))
    } catch {
        report(status, MT_ERR_INVALID)
        return nil
    }
    return measured(path, status)
}

@inline(__always)
func pathBox(_ path: UnsafePointer<mt_path>) -> PathBox { box(UnsafeRawPointer(path), as: PathBox.self) }

@inline(__always)
func cPosition(_ p: PathPosition) -> mt_path_position {
    mt_path_position(x: p.point.x, y: p.point.y, tangent_x: p.tangent.x, tangent_y: p.tangent.y, distance: p.distance)
}

@inline(__always)
func point(_ p: mt_point) -> Point { Point(x: p.x, y: p.y) }

@c(mt_quadratic_length)
public func mtQuadraticLength(_ points: UnsafePointer<mt_point>?) -> Double {
    guard let points else { return .nan }
    for i in 0..<3 where !(points[i].x.isFinite && points[i].y.isFinite) { return .nan }
    return QuadraticBezierSegment(start: point(points[0]), control: point(points[1]), end: point(points[2])).length
}

@c(mt_cubic_length)
public func mtCubicLength(_ points: UnsafePointer<mt_point>?) -> Double {
    guard let points else { return .nan }
    for i in 0..<4 where !(points[i].x.isFinite && points[i].y.isFinite) { return .nan }
    return CubicBezierSegment(
        start: point(points[0]), control1: point(points[1]), control2: point(points[2]), end: point(points[3])).length
}

@c(mt_path_length)
public func mtPathLength(_ path: UnsafePointer<mt_path>?) -> Double {
    guard let path else { return .nan }
    return pathBox(path).path.length
}

@c(mt_path_position_at)
public func mtPathPositionAt(
    _ path: UnsafePointer<mt_path>?, _ distance: Double, _ out: UnsafeMutablePointer<mt_path_position>?
) -> mt_status {
    guard let path, let out else { return MT_ERR_NULL }
    out.pointee = cPosition(pathBox(path).path.position(atDistance: distance))
    return MT_OK
}

@c(mt_path_uniform_positions)
public func mtPathUniformPositions(
    _ path: UnsafePointer<mt_path>?, _ out: UnsafeMutablePointer<mt_path_position>?, _ count: Int
) -> mt_status {
    guard let path else { return MT_ERR_NULL }
    guard count >= 0 else { return MT_ERR_COUNT }
    guard count > 0 else { return MT_OK }
    guard let out else { return MT_ERR_NULL }
    let object = pathBox(path)
    withExtendedLifetime(object) {
        let measured = object.path
        var cursor = PathCursor()
        if count == 1 {
            out[0] = cPosition(measured.position(atDistance: 0, cursor: &cursor))
            return
        }
        let last = count - 1
        let length = measured.length
        for k in 0...last {
            let s = k == last ? length : length * (Double(k) / Double(last))
            out[k] = cPosition(measured.position(atDistance: s, cursor: &cursor))
        }
    }
    return MT_OK
}

@c(mt_path_destroy)
public func mtPathDestroy(_ path: UnsafeMutablePointer<mt_path>?) {
    guard let path else { return }
    Unmanaged<PathBox>.fromOpaque(UnsafeRawPointer(path)).release()
}

// MARK: Scenes

@c(mt_scene_load)
public func mtSceneLoad(
    _ json: UnsafePointer<CChar>?, _ length: Int, _ status: UnsafeMutablePointer<mt_status>?,
    _ errorText: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> UnsafeMutablePointer<mt_scene>? {
    guard length >= 0, errorCapacity >= 0 else { report(status, MT_ERR_COUNT); return nil }
    guard let json else { report(status, MT_ERR_NULL); return nil }
    let bytes = json.withMemoryRebound(to: UInt8.self, capacity: length) {
        Array(UnsafeBufferPointer(start: $0, count: length))
    }
    do throws(SceneErrors) {
        let scene = try SceneDecoder.decode(bytes: bytes)
        report(status, MT_OK)
        copyText("", into: errorText, capacity: errorCapacity)
        return handle(SceneBox(scene), as: mt_scene.self)
    } catch {
        report(status, MT_ERR_PARSE)
        copyText(error.description, into: errorText, capacity: errorCapacity)
        return nil
    }
}

@inline(__always)
func sceneBox(_ scene: UnsafePointer<mt_scene>) -> SceneBox { box(UnsafeRawPointer(scene), as: SceneBox.self) }

func phaseNumber(_ text: String) -> Double {
    switch text {
    case "before": return 0
    case "active": return 1
    case "after": return 2
    case "absent": return -1
    default: return .nan
    }
}

@c(mt_scene_probe_count)
public func mtSceneProbeCount(_ scene: UnsafePointer<mt_scene>?) -> Int {
    guard let scene else { return -1 }
    let object = sceneBox(scene)
    // The probes the runner uses: the scene's, or the default ones (found by a run at time 0).
    if let probes = object.scene.probes { return probes.count }
    var copy = object.scene
    copy.sample = .times([0])
    guard let result = try? SceneRunner.run(copy) else { return 0 }
    return result.samples.first?.values.count ?? 0
}

@c(mt_scene_sample)
public func mtSceneSample(
    _ scene: UnsafeMutablePointer<mt_scene>?, _ time: Double, _ values: UnsafeMutablePointer<Double>?,
    _ capacity: Int, _ count: UnsafeMutablePointer<Int>?
) -> mt_status {
    guard let scene, let count else { return MT_ERR_NULL }
    guard capacity >= 0 else { return MT_ERR_COUNT }
    guard time.isFinite else { return MT_ERR_TIME }
    let object = sceneBox(scene)
    var copy = object.scene
    copy.sample = .times([time])
    let result: SceneResult
    do throws(SceneErrors) {
        result = try SceneRunner.run(copy)
    } catch {
        object.error = error.description
        object.events = []
        return MT_ERR_PARSE
    }
    object.error = ""
    object.events = result.events
    var flat: [Double] = []
    for reading in result.samples.first?.values ?? [] {
        switch reading.value {
        case let .number(x): flat.append(x)
        case let .numbers(xs): flat.append(contentsOf: xs)
        case let .text(text): flat.append(phaseNumber(text))
        case .null: flat.append(.nan)
        }
    }
    count.pointee = flat.count
    guard flat.count <= capacity else { return MT_ERR_CAPACITY }
    if !flat.isEmpty {
        guard let values else { return MT_ERR_NULL }
        for (i, x) in flat.enumerated() { values[i] = x }
    }
    return MT_OK
}

@c(mt_scene_event_count)
public func mtSceneEventCount(_ scene: UnsafePointer<mt_scene>?) -> Int {
    guard let scene else { return -1 }
    return sceneBox(scene).events.count
}

@c(mt_scene_event_at)
public func mtSceneEventAt(
    _ scene: UnsafePointer<mt_scene>?, _ index: Int, _ out: UnsafeMutablePointer<mt_scene_event>?,
    _ layer: UnsafeMutablePointer<CChar>?, _ layerCapacity: Int, _ key: UnsafeMutablePointer<CChar>?,
    _ keyCapacity: Int
) -> mt_status {
    guard let scene, let out else { return MT_ERR_NULL }
    guard layerCapacity >= 0, keyCapacity >= 0 else { return MT_ERR_COUNT }
    let events = sceneBox(scene).events
    guard index >= 0, index < events.count else { return MT_ERR_RANGE }
    let event = events[index]
    out.pointee = mt_scene_event(
        time: event.time, is_start: event.isStart ? 1 : 0,
        finished: event.isStart ? -1 : ((event.finished ?? true) ? 1 : 0))
    copyText(event.layer, into: layer, capacity: layerCapacity)
    copyText(event.key, into: key, capacity: keyCapacity)
    return MT_OK
}

@c(mt_scene_error)
public func mtSceneError(
    _ scene: UnsafePointer<mt_scene>?, _ error: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int {
    guard let scene, errorCapacity >= 0 else { return -1 }
    let text = sceneBox(scene).error
    copyText(text, into: error, capacity: errorCapacity)
    return text.utf8.count
}

@c(mt_scene_destroy)
public func mtSceneDestroy(_ scene: UnsafeMutablePointer<mt_scene>?) {
    guard let scene else { return }
    Unmanaged<SceneBox>.fromOpaque(UnsafeRawPointer(scene)).release()
}

// MARK: The disc player and the album (Docs/disc-player.md)

/// The object behind an `mt_disc_player` or `mt_album` handle. The value lives at an address the box owns,
/// reached through unsafe addressors: a class's stored `var` is checked for exclusive access at run time on
/// every call (benchmark P6), and the C API serialises calls per handle by contract.
final class HandleBox<Value> {
    let storage: UnsafeMutablePointer<Value>
    var value: Value {
        unsafeAddress { UnsafePointer(storage) }
        unsafeMutableAddress { storage }
    }

    init(_ value: Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }
}

typealias DiscPlayerBox = HandleBox<DiscPlayer>
typealias AlbumBox = HandleBox<DouyinAlbum>

func status(_ error: RuntimeError) -> mt_status {
    switch error {
    case .invalidTime, .timeWentBackwards: return MT_ERR_TIME
    case let .layer(layerError): return status(layerError)
    case .animation, .evaluation, .model, .invalidTransactionDuration: return MT_ERR_INVALID
    }
}

func status(_ error: DiscPlayerError) -> mt_status {
    switch error {
    case .emptyPlaylist, .invalidScreenHeight, .invalidSampling: return MT_ERR_INVALID
    case .startIndexOutOfRange, .noSuchDisc: return MT_ERR_RANGE
    case .invalidTime: return MT_ERR_TIME
    case let .runtime(runtimeError): return status(runtimeError)
    }
}

func status(_ error: AlbumError) -> mt_status {
    switch error {
    case .invalidRate: return MT_ERR_INVALID
    case .noSuchNote: return MT_ERR_RANGE
    case let .runtime(runtimeError): return status(runtimeError)
    }
}

func inputCode(_ input: DiscInput) -> Int32 {
    switch input {
    case .playPause: return 0
    case .next: return 1
    case .previous: return 2
    case .background: return 3
    case .foreground: return 4
    }
}

func discInput(_ code: Int32) -> DiscInput? {
    switch code {
    case 0: return .playPause
    case 1: return .next
    case 2: return .previous
    case 3: return .background
    case 4: return .foreground
    default: return nil
    }
}

/// The C code of an ignore reason (the reasons `DiscPlayer.handle(_:at:)` gives).
func ignoreReasonCode(_ reason: String) -> Int32 {
    switch reason {
    case "in the background": return 0
    case "buttons disabled": return 1
    case "already in the background": return 2
    case "already in the foreground": return 3
    default: return -1
    }
}

func discLayerCode(_ name: String) -> Int32 {
    switch name {
    case "background": return 0
    case "disc0": return 1
    case "disc1": return 2
    case "disc0.artwork": return 3
    case "disc1.artwork": return 4
    default: return -1
    }
}

func discKeyCode(_ key: String) -> Int32 {
    switch key {
    case DiscPlayer.rotationKey: return 0
    case DiscPlayer.changeKey: return 1
    case DiscPlayer.fadeInKey: return 2
    case DiscPlayer.crossFadeKey: return 3
    default: return -1
    }
}

func cEvent(_ entry: TraceEntry) -> mt_disc_event {
    var kind: Int32, input: Int32 = -1, reason: Int32 = -1, layer: Int32 = -1, key: Int32 = -1, finished: Int32 = -1
    switch entry.event {
    case let .input(i): kind = 0; input = inputCode(i)
    case let .ignored(i, why): kind = 1; input = inputCode(i); reason = ignoreReasonCode(why)
    case let .animation(name, k, .didStart): kind = 2; layer = discLayerCode(name); key = discKeyCode(k)
    case let .animation(name, k, .didStop(done)):
        kind = 3; layer = discLayerCode(name); key = discKeyCode(k); finished = done ? 1 : 0
    case .swapped: kind = 4
    }
    let s = entry.state
    return mt_disc_event(
        time: entry.time, kind: kind, input: input, reason: reason, layer: layer, key: key, finished: finished,
        index: Int64(s.index), is_playing: s.isPlaying ? 1 : 0, buttons_enabled: s.buttonsEnabled ? 1 : 0,
        glyph: s.glyph == .pause ? 1 : 0, front: Int32(s.front), is_changing: s.isChanging ? 1 : 0,
        is_in_background: s.isInBackground ? 1 : 0, front_angle: entry.frontAngle)
}

@inline(__always)
func discBox(_ player: UnsafeRawPointer) -> DiscPlayerBox { box(player, as: DiscPlayerBox.self) }

@inline(__always)
func albumBox(_ album: UnsafeRawPointer) -> AlbumBox { box(album, as: AlbumBox.self) }

/// Runs `body` on the player or album behind a handle in place, borrowing the box without retaining it
/// (the per-frame calls, benchmark P6).
@inline(__always)
func withHandle<Value, R>(_ handle: UnsafeRawPointer, as: Value.Type, _ body: (inout Value) -> R) -> R {
    Unmanaged<HandleBox<Value>>.fromOpaque(handle)._withUnsafeGuaranteedRef { body(&$0.storage.pointee) }
}

@c(mt_disc_player_create)
public func mtDiscPlayerCreate(
    _ titles: UnsafePointer<UnsafePointer<CChar>?>?, _ artists: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int,
    _ startIndex: Int64, _ screenHeight: Double, _ startTime: Double, _ statusOut: UnsafeMutablePointer<mt_status>?
) -> UnsafeMutablePointer<mt_disc_player>? {
    let status = statusOut
    guard count >= 0 else { report(status, MT_ERR_COUNT); return nil }
    var playlist: [Track] = []
    if count == 0 {
        playlist = DiscPlayer.samplePlaylist
    } else {
        guard let titles, let artists else { report(status, MT_ERR_NULL); return nil }
        for i in 0..<count {
            guard let title = titles[i], let artist = artists[i] else { report(status, MT_ERR_NULL); return nil }
            playlist.append(Track(title: String(cString: title), artist: String(cString: artist), artwork: ""))
        }
    }
    guard startIndex >= 0, startIndex < Int64(playlist.count) else { report(status, MT_ERR_RANGE); return nil }
    do throws(DiscPlayerError) {
        let player = try DiscPlayer(
            playlist: playlist, startIndex: Int(startIndex), screenHeight: screenHeight, startTime: startTime)
        report(status, MT_OK)
        return handle(DiscPlayerBox(player), as: mt_disc_player.self)
    } catch {
        report(status, discStatus(error))
        return nil
    }
}

@inline(__always)
func discStatus(_ error: DiscPlayerError) -> mt_status { status(error) }

@c(mt_disc_player_send)
public func mtDiscPlayerSend(_ player: UnsafeMutablePointer<mt_disc_player>?, _ input: Int32, _ time: Double) -> mt_status {
    guard let player else { return MT_ERR_NULL }
    guard let value = discInput(input) else { return MT_ERR_INVALID }
    let object = discBox(player)
    do throws(DiscPlayerError) {
        try object.value.handle(value, at: time)
        return MT_OK
    } catch {
        return status(error)
    }
}

@c(mt_disc_player_advance)
public func mtDiscPlayerAdvance(_ player: UnsafeMutablePointer<mt_disc_player>?, _ time: Double) -> mt_status {
    guard let player else { return MT_ERR_NULL }
    return withHandle(player, as: DiscPlayer.self) { player in
        do throws(DiscPlayerError) {
            try player.advance(to: time)
            return MT_OK
        } catch {
            return status(error)
        }
    }
}

/// Reads the state from the player in place (reading `object.value` for each call would copy it). The
/// discs are read in a loop: one call site of each reading, inlined (each call site passed a copy of the
/// player, benchmark P6).
func discState(_ player: inout DiscPlayer) throws(DiscPlayerError) -> mt_disc_state {
    try player.updatePresentation()
    var angles = (0.0, 0.0), opacities = (0.0, 0.0), translations = ((0.0, 0.0), (0.0, 0.0))
    for disc in 0..<2 {
        let angle = try player.angle(ofDisc: disc), opacity = try player.opacity(ofDisc: disc)
        let t = try player.translation(ofDisc: disc)
        if disc == 0 {
            (angles.0, opacities.0, translations.0) = (angle, opacity, (t.width, t.height))
        } else {
            (angles.1, opacities.1, translations.1) = (angle, opacity, (t.width, t.height))
        }
    }
    return mt_disc_state(
        time: player.currentTime, index: Int64(player.index), is_playing: player.isPlaying ? 1 : 0,
        buttons_enabled: player.buttonsEnabled ? 1 : 0, glyph: player.glyph == .pause ? 1 : 0,
        front: Int32(player.front), is_changing: player.isChanging ? 1 : 0,
        is_in_background: player.isInBackground ? 1 : 0, angle: angles, opacity: opacities, translation: translations,
        change_progress: try player.changeProgress() ?? -1,
        attached_animations: Int32(player.attachedAnimationCount), reserved_: 0)
}

@c(mt_disc_player_get_state)
public func mtDiscPlayerState(
    _ player: UnsafeMutablePointer<mt_disc_player>?, _ out: UnsafeMutablePointer<mt_disc_state>?
) -> mt_status {
    guard let player, let out else { return MT_ERR_NULL }
    return withHandle(player, as: DiscPlayer.self) { player in
        do throws(DiscPlayerError) {
            out.pointee = try discState(&player)
            return MT_OK
        } catch {
            return MT_ERR_INVALID
        }
    }
}

@c(mt_disc_player_title)
public func mtDiscPlayerTitle(
    _ player: UnsafePointer<mt_disc_player>?, _ title: UnsafeMutablePointer<CChar>?, _ capacity: Int
) -> Int {
    guard let player, capacity >= 0 else { return -1 }
    let text = discBox(player).value.state.title
    copyText(text, into: title, capacity: capacity)
    return text.utf8.count
}

@c(mt_disc_player_event_count)
public func mtDiscPlayerEventCount(_ player: UnsafePointer<mt_disc_player>?) -> Int {
    guard let player else { return -1 }
    return discBox(player).value.trace.count
}

@c(mt_disc_player_take_events)
public func mtDiscPlayerTakeEvents(
    _ player: UnsafeMutablePointer<mt_disc_player>?, _ events: UnsafeMutablePointer<mt_disc_event>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> mt_status {
    guard let player, let count else { return MT_ERR_NULL }
    guard capacity >= 0 else { return MT_ERR_COUNT }
    return withHandle(player, as: DiscPlayer.self) { player in
        let pending = player.trace.count
        count.pointee = pending
        guard pending <= capacity else { return MT_ERR_CAPACITY }
        guard pending > 0 else { return MT_OK }
        guard let events else { return MT_ERR_NULL }
        for (i, entry) in player.trace.enumerated() { events[i] = cEvent(entry) }
        player.removeTrace()
        return MT_OK
    }
}

@c(mt_disc_player_destroy)
public func mtDiscPlayerDestroy(_ player: UnsafeMutablePointer<mt_disc_player>?) {
    guard let player else { return }
    Unmanaged<DiscPlayerBox>.fromOpaque(UnsafeRawPointer(player)).release()
}

@c(mt_album_create)
public func mtAlbumCreate(_ startTime: Double, _ status: UnsafeMutablePointer<mt_status>?) -> UnsafeMutablePointer<mt_album>? {
    guard startTime.isFinite else { report(status, MT_ERR_TIME); return nil }
    do throws(AlbumError) {
        let album = try DouyinAlbum(startTime: startTime)
        report(status, MT_OK)
        return handle(AlbumBox(album), as: mt_album.self)
    } catch {
        report(status, MT_ERR_INVALID)
        return nil
    }
}

@c(mt_album_start)
public func mtAlbumStart(_ album: UnsafeMutablePointer<mt_album>?, _ rate: Double, _ time: Double) -> mt_status {
    guard let album else { return MT_ERR_NULL }
    let object = albumBox(album)
    // Checked here in the order of the header (a bad rate changes nothing, a bad time neither).
    guard rate.isFinite, rate != 0 else { return MT_ERR_INVALID }
    guard time.isFinite, time >= object.value.runtime.currentTime else { return MT_ERR_TIME }
    do throws(AlbumError) {
        try object.value.start(rate: rate, at: time)
        return MT_OK
    } catch {
        return status(error)
    }
}

@c(mt_album_reset)
public func mtAlbumReset(_ album: UnsafeMutablePointer<mt_album>?, _ time: Double) -> mt_status {
    guard let album else { return MT_ERR_NULL }
    let object = albumBox(album)
    guard time.isFinite, time >= object.value.runtime.currentTime else { return MT_ERR_TIME }
    do throws(AlbumError) {
        try object.value.reset(at: time)
        return MT_OK
    } catch {
        return status(error)
    }
}

@c(mt_album_advance)
public func mtAlbumAdvance(_ album: UnsafeMutablePointer<mt_album>?, _ time: Double) -> mt_status {
    guard let album else { return MT_ERR_NULL }
    return withHandle(album, as: DouyinAlbum.self) { album in
        do throws(AlbumError) {
            try album.advance(to: time)
            return MT_OK
        } catch {
            return status(error)
        }
    }
}

/// Reads the album's state in place. The notes are read in a loop: one call site of `note(_:)`, inlined
/// (each of three call sites passed a copy of the album, benchmark P6).
func albumState(_ album: inout DouyinAlbum) throws(AlbumError) -> mt_album_state {
    try album.updatePresentation()
    var positions = (mt_point(x: 0, y: 0), mt_point(x: 0, y: 0), mt_point(x: 0, y: 0)), opacities = (0.0, 0.0, 0.0)
    for n in 0..<3 {
        let note = try album.note(n)
        let position = mt_point(x: note.position.x, y: note.position.y)
        switch n {
        case 0: (positions.0, opacities.0) = (position, note.opacity)
        case 1: (positions.1, opacities.1) = (position, note.opacity)
        default: (positions.2, opacities.2) = (position, note.opacity)
        }
    }
    return mt_album_state(
        time: album.runtime.currentTime, rate: album.rate ?? 0, cover_angle: try album.coverAngle(),
        note_position: positions, note_opacity: opacities,
        attached_animations: Int32(album.attachedAnimationCount), reserved_: 0)
}

@c(mt_album_get_state)
public func mtAlbumState(_ album: UnsafeMutablePointer<mt_album>?, _ out: UnsafeMutablePointer<mt_album_state>?) -> mt_status {
    guard let album, let out else { return MT_ERR_NULL }
    return withHandle(album, as: DouyinAlbum.self) { album in
        do throws(AlbumError) {
            out.pointee = try albumState(&album)
            return MT_OK
        } catch {
            return MT_ERR_INVALID
        }
    }
}

@c(mt_album_event_count)
public func mtAlbumEventCount(_ album: UnsafePointer<mt_album>?) -> Int {
    guard let album else { return -1 }
    return albumBox(album).value.events.count
}

/// Copies the album's queued events into the caller's buffer, reading the album in place.
func copyAlbumEvents(_ album: inout DouyinAlbum, into events: UnsafeMutablePointer<mt_album_event>) {
    for (i, event) in album.events.enumerated() {
        let note = album.noteLayers.firstIndex(of: event.layer)
        let layer: Int32 = event.layer == album.albumLayer ? 0 : (note.map { Int32($0 + 1) } ?? -1)
        let key: Int32 = event.key == DouyinAlbum.coverKey ? 0 : (event.key == DouyinAlbum.notesKey ? 1 : -1)
        switch event.kind {
        case .didStart:
            events[i] = mt_album_event(time: event.time, layer: layer, key: key, is_start: 1, finished: -1)
        case let .didStop(finished):
            events[i] = mt_album_event(time: event.time, layer: layer, key: key, is_start: 0, finished: finished ? 1 : 0)
        }
    }
}

@c(mt_album_take_events)
public func mtAlbumTakeEvents(
    _ album: UnsafeMutablePointer<mt_album>?, _ events: UnsafeMutablePointer<mt_album_event>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> mt_status {
    guard let album, let count else { return MT_ERR_NULL }
    guard capacity >= 0 else { return MT_ERR_COUNT }
    return withHandle(album, as: DouyinAlbum.self) { album in
        let pending = album.events.count
        count.pointee = pending
        guard pending <= capacity else { return MT_ERR_CAPACITY }
        guard pending > 0 else { return MT_OK }
        guard let events else { return MT_ERR_NULL }
        copyAlbumEvents(&album, into: events)
        album.removeEvents()
        return MT_OK
    }
}

@c(mt_album_destroy)
public func mtAlbumDestroy(_ album: UnsafeMutablePointer<mt_album>?) {
    guard let album else { return }
    Unmanaged<AlbumBox>.fromOpaque(UnsafeRawPointer(album)).release()
}

// MARK: Resolved timing sets

final class TimingSetBox {
    let batch: ResolvedTimingBatch
    init(_ batch: ResolvedTimingBatch) { self.batch = batch }
}

@c(mt_timing_set_create)
public func mtTimingSetCreate(
    _ input: UnsafePointer<mt_timing_batch>?, _ n: Int, _ defaultDuration: Double,
    _ status: UnsafeMutablePointer<mt_status>?
) -> UnsafeMutablePointer<mt_timing_set>? {
    guard let input else { report(status, MT_ERR_NULL); return nil }
    guard n >= 0 else { report(status, MT_ERR_COUNT); return nil }
    guard defaultDuration > 0, !defaultDuration.isNaN else { report(status, MT_ERR_INVALID); return nil }
    let b = input.pointee
    var timings: [Timing] = []
    var curveIndices: [Int] = []
    var curves: [PreparedTimingFunction] = []
    if n > 0 {
        guard let begin = b.begin_time, let duration = b.duration, let speed = b.speed,
              let repeatCount = b.repeat_count, let offset = b.time_offset, let repeatDuration = b.repeat_duration,
              let autoreverses = b.autoreverses, let fill = b.fill_mode
        else { report(status, MT_ERR_NULL); return nil }
        timings.reserveCapacity(n)
        curveIndices.reserveCapacity(n)
        var curveIDs: [UnsafeRawPointer: Int] = [:]
        for i in 0..<n {
            // An invalid fill mode is reported as an invalid field: the item gets an invalid begin time.
            let mode = fillMode(Int32(fill[i]))
            timings.append(Timing(
                beginTime: mode == nil ? .nan : begin[i], duration: duration[i], speed: speed[i],
                timeOffset: offset[i], repeatCount: repeatCount[i], repeatDuration: repeatDuration[i],
                autoreverses: autoreverses[i] != 0, fillMode: mode ?? .removed))
            guard let curve = b.curves?[i] else { curveIndices.append(-1); continue }
            let key = UnsafeRawPointer(curve)
            if let id = curveIDs[key] {
                curveIndices.append(id)
            } else {
                curveIDs[key] = curves.count
                curveIndices.append(curves.count)
                curves.append(box(key, as: CurveBox.self).storage.pointee)
            }
        }
    }
    do throws(TimingError) {
        let batch = try ResolvedTimingBatch(
            timings: timings, curveIndices: curveIndices, curves: curves, defaultDuration: defaultDuration)
        report(status, MT_OK)
        return handle(TimingSetBox(batch), as: mt_timing_set.self)
    } catch {
        report(status, MT_ERR_INVALID)
        return nil
    }
}

@c(mt_timing_set_count)
public func mtTimingSetCount(_ set: UnsafePointer<mt_timing_set>?) -> Int {
    guard let set else { return -1 }
    return box(UnsafeRawPointer(set), as: TimingSetBox.self).batch.count
}

@c(mt_timing_set_evaluate)
public func mtTimingSetEvaluate(
    _ set: UnsafePointer<mt_timing_set>?, _ parentTime: Double, _ removedOnCompletion: Int32,
    _ output: UnsafePointer<mt_batch_results>?
) -> mt_status {
    guard let set, let output else { return MT_ERR_NULL }
    guard parentTime.isFinite else { return MT_ERR_TIME }
    let o = output.pointee
    let outputs = ResolvedTimingBatch.Outputs(
        progress: o.progress, unitTime: o.unit_time, phase: o.phase, applies: o.applies, iteration: o.iteration,
        status: o.status, okCode: Int32(bitPattern: MT_OK.rawValue),
        invalidFieldCode: Int32(bitPattern: MT_ERR_INVALID.rawValue),
        overflowCode: Int32(bitPattern: MT_ERR_OVERFLOW.rawValue))
    let object = box(UnsafeRawPointer(set), as: TimingSetBox.self)
    do throws(TimingError) {
        let failure = try withExtendedLifetime(object) { () throws(TimingError) -> TimingError? in
            try object.batch.evaluate(
                atParentTime: parentTime, removedOnCompletion: removedOnCompletion != 0, into: outputs)
        }
        guard let failure else { return MT_OK }
        return status(failure)
    } catch {
        return status(error)
    }
}

@c(mt_timing_set_destroy)
public func mtTimingSetDestroy(_ set: UnsafeMutablePointer<mt_timing_set>?) {
    guard let set else { return }
    Unmanaged<TimingSetBox>.fromOpaque(UnsafeRawPointer(set)).release()
}
