// Scene documents (mt_scene_*) and scene sessions (mt_scene_session_*): a scene decoded once and played
// forwards by a SceneSession, so that samples at ascending times never replay the script.
import CMediaTiming
import MediaTiming
import MediaTimingScene

/// What an `mt_scene` handle holds: the scene, the session of its last sample (nil before any, and after a
/// failed one) and the last run error text.
final class SceneBox {
    let scene: Scene
    var session: SceneSession? = nil
    var error = ""
    init(_ scene: Scene) { self.scene = scene }
}

/// What an `mt_scene_session` handle holds.
struct SceneSessionHandle {
    var session: SceneSession
    var error = ""
}

typealias SceneSessionBox = HandleBox<SceneSessionHandle>

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

/// Flattens readings into `values[0..capacity)` as the header states (a number: 1 value, a point/size/rect/
/// color/transform: its components, a phase: its code, null: NaN) and writes the count.
func copyReadings(
    _ readings: [SceneProbeReading], into values: UnsafeMutablePointer<Double>?, capacity: Int,
    count: UnsafeMutablePointer<Int>
) -> mt_status {
    var flat: [Double] = []
    for reading in readings {
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

/// Copies event `index` of a session into the C event and the layer and key buffers.
func copyEvent(
    _ session: SceneSession, _ index: Int, _ out: UnsafeMutablePointer<mt_scene_event>,
    _ layer: UnsafeMutablePointer<CChar>?, _ layerCapacity: Int, _ key: UnsafeMutablePointer<CChar>?, _ keyCapacity: Int
) -> mt_status {
    guard index >= 0, index < session.eventCount else { return MT_ERR_RANGE }
    let event = session.event(at: index)
    out.pointee = mt_scene_event(
        time: event.time, is_start: event.isStart ? 1 : 0,
        finished: event.isStart ? -1 : ((event.finished ?? true) ? 1 : 0))
    copyText(event.layer, into: layer, capacity: layerCapacity)
    copyText(event.key, into: key, capacity: keyCapacity)
    return MT_OK
}

@c(mt_scene_probe_count)
public func mtSceneProbeCount(_ scene: UnsafePointer<mt_scene>?) -> Int {
    guard let scene else { return -1 }
    return SceneSession.probes(of: sceneBox(scene).scene).count
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
    let readings: [SceneProbeReading]
    do throws(SceneErrors) {
        // The session of the last sample goes on from its time; a sample before it starts a new one.
        if object.session.map({ time < $0.currentTime }) ?? true {
            object.session = nil
            object.session = try SceneSession(object.scene, startingAt: time)
        }
        try object.session!.advance(to: time)
        readings = try object.session!.sample()
    } catch {
        object.error = error.description
        object.session = nil
        return MT_ERR_PARSE
    }
    object.error = ""
    return copyReadings(readings, into: values, capacity: capacity, count: count)
}

@c(mt_scene_event_count)
public func mtSceneEventCount(_ scene: UnsafePointer<mt_scene>?) -> Int {
    guard let scene else { return -1 }
    return sceneBox(scene).session?.eventCount ?? 0
}

@c(mt_scene_event_at)
public func mtSceneEventAt(
    _ scene: UnsafePointer<mt_scene>?, _ index: Int, _ out: UnsafeMutablePointer<mt_scene_event>?,
    _ layer: UnsafeMutablePointer<CChar>?, _ layerCapacity: Int, _ key: UnsafeMutablePointer<CChar>?,
    _ keyCapacity: Int
) -> mt_status {
    guard let scene, let out else { return MT_ERR_NULL }
    guard layerCapacity >= 0, keyCapacity >= 0 else { return MT_ERR_COUNT }
    guard let session = sceneBox(scene).session else { return MT_ERR_RANGE }
    return copyEvent(session, index, out, layer, layerCapacity, key, keyCapacity)
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

// MARK: Sessions

@c(mt_scene_session_create)
public func mtSceneSessionCreate(
    _ scene: UnsafePointer<mt_scene>?, _ startTime: Double, _ status: UnsafeMutablePointer<mt_status>?,
    _ errorText: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> UnsafeMutablePointer<mt_scene_session>? {
    guard errorCapacity >= 0 else { report(status, MT_ERR_COUNT); return nil }
    guard let scene else { report(status, MT_ERR_NULL); return nil }
    guard startTime.isFinite else { report(status, MT_ERR_TIME); return nil }
    do throws(SceneErrors) {
        let session = try SceneSession(sceneBox(scene).scene, startingAt: startTime)
        report(status, MT_OK)
        copyText("", into: errorText, capacity: errorCapacity)
        return handle(SceneSessionBox(SceneSessionHandle(session: session)), as: mt_scene_session.self)
    } catch {
        report(status, MT_ERR_PARSE)
        copyText(error.description, into: errorText, capacity: errorCapacity)
        return nil
    }
}

@c(mt_scene_session_advance)
public func mtSceneSessionAdvance(_ session: UnsafeMutablePointer<mt_scene_session>?, _ time: Double) -> mt_status {
    guard let session else { return MT_ERR_NULL }
    return withHandle(session, as: SceneSessionHandle.self) { h in
        guard time.isFinite, time >= h.session.currentTime else { return MT_ERR_TIME }
        do throws(SceneErrors) {
            try h.session.advance(to: time)
            return MT_OK
        } catch {
            h.error = error.description
            return MT_ERR_PARSE
        }
    }
}

@c(mt_scene_session_current_time)
public func mtSceneSessionCurrentTime(_ session: UnsafePointer<mt_scene_session>?) -> Double {
    guard let session else { return .nan }
    return withHandle(session, as: SceneSessionHandle.self) { $0.session.currentTime }
}

@c(mt_scene_session_sample)
public func mtSceneSessionSample(
    _ session: UnsafeMutablePointer<mt_scene_session>?, _ values: UnsafeMutablePointer<Double>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> mt_status {
    guard let session, let count else { return MT_ERR_NULL }
    guard capacity >= 0 else { return MT_ERR_COUNT }
    return withHandle(session, as: SceneSessionHandle.self) { h in
        do throws(SceneErrors) {
            return copyReadings(try h.session.sample(), into: values, capacity: capacity, count: count)
        } catch {
            h.error = error.description
            return MT_ERR_PARSE
        }
    }
}

@c(mt_scene_session_event_count)
public func mtSceneSessionEventCount(_ session: UnsafePointer<mt_scene_session>?) -> Int {
    guard let session else { return -1 }
    return withHandle(session, as: SceneSessionHandle.self) { $0.session.eventCount }
}

@c(mt_scene_session_event_at)
public func mtSceneSessionEventAt(
    _ session: UnsafePointer<mt_scene_session>?, _ index: Int, _ out: UnsafeMutablePointer<mt_scene_event>?,
    _ layer: UnsafeMutablePointer<CChar>?, _ layerCapacity: Int, _ key: UnsafeMutablePointer<CChar>?,
    _ keyCapacity: Int
) -> mt_status {
    guard let session, let out else { return MT_ERR_NULL }
    guard layerCapacity >= 0, keyCapacity >= 0 else { return MT_ERR_COUNT }
    return withHandle(session, as: SceneSessionHandle.self) { h in
        copyEvent(h.session, index, out, layer, layerCapacity, key, keyCapacity)
    }
}

@c(mt_scene_session_error)
public func mtSceneSessionError(
    _ session: UnsafePointer<mt_scene_session>?, _ error: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int {
    guard let session, errorCapacity >= 0 else { return -1 }
    return withHandle(session, as: SceneSessionHandle.self) { h in
        copyText(h.error, into: error, capacity: errorCapacity)
        return h.error.utf8.count
    }
}

@c(mt_scene_session_destroy)
public func mtSceneSessionDestroy(_ session: UnsafeMutablePointer<mt_scene_session>?) {
    guard let session else { return }
    Unmanaged<SceneSessionBox>.fromOpaque(UnsafeRawPointer(session)).release()
}
