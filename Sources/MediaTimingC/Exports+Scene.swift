// Scene documents (mt_scene_*): decoded once, sampled through SceneRunner.
import CMediaTiming
import MediaTiming
import MediaTimingScene

final class SceneBox {
    let scene: Scene
    var events: [SceneEvent] = []
    var error = ""
    init(_ scene: Scene) { self.scene = scene }
}

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
