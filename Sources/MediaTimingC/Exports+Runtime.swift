// Animation runtimes (mt_runtime_*) and animations decoded from the scene format (mt_animation_*): the C face
// of `AnimationRuntime` (Docs/semantics.md §4, §13, §15). The runtime lives in a `HandleBox` and every call
// works on it in place (`withHandle`), so a frame (advance, presentation pass, slot readings) copies nothing.
import CMediaTiming
import MediaTiming
import MediaTimingScene

/// What an `mt_runtime` handle holds: the runtime, the handles of its layers by C index (`LayerID` has no
/// public initializer), the queued events, the registered slots by C number, and the last error text.
struct RuntimeHandle {
    var runtime: AnimationRuntime
    var layers: [LayerID] = []
    var events: [AnimationEvent] = []
    var slots: [PresentationSlot] = []
    var error = ""

    /// The layer handle of a C index, or nil when out of range.
    @inline(__always)
    func layer(_ index: Int64) -> LayerID? {
        guard index >= 0, index < Int64(layers.count) else { return nil }
        return layers[Int(index)]
    }

    /// Queues an operation's events (an empty array allocates nothing and changes nothing).
    @inline(__always)
    mutating func queue(_ new: [AnimationEvent]) {
        if !new.isEmpty { events.append(contentsOf: new) }
    }

    /// Runs a runtime operation, queueing its events: `MT_OK`, or the status of its error (whose text is
    /// kept for `mt_runtime_error`).
    @inline(__always)
    mutating func perform(_ operation: (inout AnimationRuntime) throws(RuntimeError) -> [AnimationEvent]) -> mt_status {
        do throws(RuntimeError) {
            queue(try operation(&runtime))
            return MT_OK
        } catch {
            return fail(error)
        }
    }

    /// Keeps the error's text and returns its status.
    mutating func fail(_ error: RuntimeError) -> mt_status {
        self.error = error.description
        return status(error)
    }
}

typealias RuntimeBox = HandleBox<RuntimeHandle>

/// An `mt_animation`: the decoded animation, and its prepared form when it prepares (with the usual
/// transaction duration, 0.25 s): `mt_runtime_add_animation` adds that, so that every add shares its
/// prepared content (`AnimationRuntime.add(_:forKey:to:at:)` for a `PreparedAnimation`); an animation that
/// does not prepare is added as decoded, and the add reports why.
final class AnimationBox {
    let animation: Animation
    let prepared: PreparedAnimation?
    init(_ animation: Animation) {
        self.animation = animation
        prepared = try? PreparedAnimation(animation, defaultDuration: 0.25)
    }
}

@inline(__always)
func runtimeBox(_ rt: UnsafeRawPointer) -> RuntimeBox { box(rt, as: RuntimeBox.self) }

/// Runs `body` on the runtime behind a handle in place (see `withHandle`).
@inline(__always)
func withRuntime<R>(_ rt: UnsafeRawPointer, _ body: (inout RuntimeHandle) -> R) -> R {
    withHandle(rt, as: RuntimeHandle.self, body)
}

/// A key path given as a NUL-terminated C string, or nil when it names no key path.
func keyPath(_ text: UnsafePointer<CChar>) -> AnimationKeyPath? {
    try? AnimationKeyPath(String(cString: text))
}

@c(mt_runtime_create)
public func mtRuntimeCreate(
    _ startTime: Double, _ transactionDuration: Double, _ statusOut: UnsafeMutablePointer<mt_status>?
) -> UnsafeMutablePointer<mt_runtime>? {
    do throws(RuntimeError) {
        let runtime = try AnimationRuntime(startTime: startTime, transactionDuration: transactionDuration)
        report(statusOut, MT_OK)
        return handle(RuntimeBox(RuntimeHandle(runtime: runtime)), as: mt_runtime.self)
    } catch {
        report(statusOut, status(error))
        return nil
    }
}

@c(mt_runtime_add_layer)
public func mtRuntimeAddLayer(
    _ rt: UnsafeMutablePointer<mt_runtime>?, _ name: UnsafePointer<CChar>?, _ parent: Int64, _ beginTime: Double,
    _ speed: Float, _ timeOffset: Double, _ status: UnsafeMutablePointer<mt_status>?
) -> Int64 {
    guard let rt, let name else { report(status, MT_ERR_NULL); return -1 }
    return withRuntime(rt) { h in
        var parentID: LayerID? = nil
        if parent != -1 {
            guard let id = h.layer(parent) else { report(status, MT_ERR_RANGE); return -1 }
            parentID = id
        }
        do throws(RuntimeError) {
            let id = try h.runtime.addLayer(
                named: String(cString: name), parent: parentID,
                timeSpace: TimeSpace(beginTime: beginTime, speed: speed, timeOffset: timeOffset))
            h.layers.append(id)
            report(status, MT_OK)
            return Int64(h.layers.count - 1)
        } catch {
            report(status, h.fail(error))
            return -1
        }
    }
}

@c(mt_runtime_layer_count)
public func mtRuntimeLayerCount(_ rt: UnsafePointer<mt_runtime>?) -> Int {
    guard let rt else { return -1 }
    return withRuntime(rt) { $0.layers.count }
}

@c(mt_animation_create_json)
public func mtAnimationCreateJSON(
    _ json: UnsafePointer<CChar>?, _ length: Int, _ status: UnsafeMutablePointer<mt_status>?,
    _ errorText: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> UnsafeMutablePointer<mt_animation>? {
    guard length >= 0, errorCapacity >= 0 else { report(status, MT_ERR_COUNT); return nil }
    guard let json else { report(status, MT_ERR_NULL); return nil }
    let bytes = json.withMemoryRebound(to: UInt8.self, capacity: length) {
        Array(UnsafeBufferPointer(start: $0, count: length))
    }
    do throws(SceneErrors) {
        let animation = try SceneDecoder.decodeAnimation(bytes: bytes)
        report(status, MT_OK)
        copyText("", into: errorText, capacity: errorCapacity)
        return handle(AnimationBox(animation), as: mt_animation.self)
    } catch {
        report(status, MT_ERR_PARSE)
        copyText(error.description, into: errorText, capacity: errorCapacity)
        return nil
    }
}

@c(mt_animation_destroy)
public func mtAnimationDestroy(_ animation: UnsafeMutablePointer<mt_animation>?) {
    guard let animation else { return }
    Unmanaged<AnimationBox>.fromOpaque(UnsafeRawPointer(animation)).release()
}

@c(mt_runtime_add_animation)
public func mtRuntimeAddAnimation(
    _ rt: UnsafeMutablePointer<mt_runtime>?, _ layer: Int64, _ key: UnsafePointer<CChar>?,
    _ animation: UnsafePointer<mt_animation>?, _ time: Double
) -> mt_status {
    guard let rt, let key, let animation else { return MT_ERR_NULL }
    let box = box(UnsafeRawPointer(animation), as: AnimationBox.self)
    return withRuntime(rt) { h in
        guard let id = h.layer(layer) else { return MT_ERR_RANGE }
        let name = String(cString: key)
        if let prepared = box.prepared {
            return h.perform { runtime throws(RuntimeError) in try runtime.add(prepared, forKey: name, to: id, at: time) }
        }
        return h.perform { runtime throws(RuntimeError) in try runtime.add(box.animation, forKey: name, to: id, at: time) }
    }
}

@c(mt_runtime_remove_animation)
public func mtRuntimeRemoveAnimation(
    _ rt: UnsafeMutablePointer<mt_runtime>?, _ layer: Int64, _ key: UnsafePointer<CChar>?, _ time: Double
) -> mt_status {
    guard let rt, let key else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        guard let id = h.layer(layer) else { return MT_ERR_RANGE }
        let name = String(cString: key)
        return h.perform { runtime throws(RuntimeError) in try runtime.removeAnimation(forKey: name, from: id, at: time) }
    }
}

@c(mt_runtime_advance)
public func mtRuntimeAdvance(_ rt: UnsafeMutablePointer<mt_runtime>?, _ time: Double) -> mt_status {
    guard let rt else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        return h.perform { runtime throws(RuntimeError) in try runtime.advance(to: time) }
    }
}

@c(mt_runtime_pause)
public func mtRuntimePause(_ rt: UnsafeMutablePointer<mt_runtime>?, _ layer: Int64, _ time: Double) -> mt_status {
    guard let rt else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        guard let id = h.layer(layer) else { return MT_ERR_RANGE }
        return h.perform { runtime throws(RuntimeError) in try runtime.pause(id, at: time) }
    }
}

@c(mt_runtime_resume)
public func mtRuntimeResume(
    _ rt: UnsafeMutablePointer<mt_runtime>?, _ layer: Int64, _ time: Double, _ speed: Float
) -> mt_status {
    guard let rt else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        guard let id = h.layer(layer) else { return MT_ERR_RANGE }
        // Checked here in the order of the header: a bad time before a bad speed.
        guard time.isFinite else { return MT_ERR_TIME }
        if !speed.isNaN, !(speed.isFinite && speed > 0) { return MT_ERR_INVALID }
        return h.perform { runtime throws(RuntimeError) in try runtime.resume(id, at: time, speed: speed.isNaN ? nil : speed) }
    }
}

@c(mt_runtime_set_time_space)
public func mtRuntimeSetTimeSpace(
    _ rt: UnsafeMutablePointer<mt_runtime>?, _ layer: Int64, _ beginTime: Double, _ speed: Float, _ timeOffset: Double,
    _ time: Double
) -> mt_status {
    guard let rt else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        guard let id = h.layer(layer) else { return MT_ERR_RANGE }
        do throws(RuntimeError) {
            let space = TimeSpace(beginTime: beginTime, speed: speed, timeOffset: timeOffset)
            h.queue(try h.runtime.setTimeSpace(space, of: id, at: time))
            return MT_OK
        } catch {
            return h.fail(error)
        }
    }
}

@c(mt_runtime_current_time)
public func mtRuntimeCurrentTime(_ rt: UnsafePointer<mt_runtime>?) -> Double {
    guard let rt else { return .nan }
    return withRuntime(rt) { $0.runtime.currentTime }
}

@c(mt_runtime_attached_count)
public func mtRuntimeAttachedCount(_ rt: UnsafePointer<mt_runtime>?) -> Int {
    guard let rt else { return -1 }
    return withRuntime(rt) { $0.runtime.attachedAnimationCount }
}

@c(mt_runtime_event_count)
public func mtRuntimeEventCount(_ rt: UnsafePointer<mt_runtime>?) -> Int {
    guard let rt else { return -1 }
    return withRuntime(rt) { $0.events.count }
}

@c(mt_runtime_event_at)
public func mtRuntimeEventAt(
    _ rt: UnsafePointer<mt_runtime>?, _ index: Int, _ out: UnsafeMutablePointer<mt_runtime_event>?,
    _ key: UnsafeMutablePointer<CChar>?, _ keyCapacity: Int
) -> mt_status {
    guard let rt, let out else { return MT_ERR_NULL }
    guard keyCapacity >= 0 else { return MT_ERR_COUNT }
    return withRuntime(rt) { h in
        guard index >= 0, index < h.events.count else { return MT_ERR_RANGE }
        let event = h.events[index]
        let isStart: Bool, finished: Int32
        switch event.kind {
        case .didStart: (isStart, finished) = (true, -1)
        case let .didStop(done): (isStart, finished) = (false, done ? 1 : 0)
        }
        // A runtime's layer handles are its layers' indices in the order they were added: the C indices.
        out.pointee = mt_runtime_event(
            time: event.time, layer: Int64(event.layer.index), sequence: Int64(event.sequence),
            is_start: isStart ? 1 : 0, finished: finished)
        copyText(event.key, into: key, capacity: keyCapacity)
        return MT_OK
    }
}

@c(mt_runtime_clear_events)
public func mtRuntimeClearEvents(_ rt: UnsafeMutablePointer<mt_runtime>?) {
    guard let rt else { return }
    withRuntime(rt) { $0.events.removeAll(keepingCapacity: true) }
}

@c(mt_runtime_update_presentation)
public func mtRuntimeUpdatePresentation(_ rt: UnsafeMutablePointer<mt_runtime>?) -> mt_status {
    guard let rt else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        do throws(RuntimeError) {
            try h.runtime.updatePresentation()
            return MT_OK
        } catch {
            return h.fail(error)
        }
    }
}

@c(mt_runtime_presentation_scalar)
public func mtRuntimePresentationScalar(
    _ rt: UnsafePointer<mt_runtime>?, _ layer: Int64, _ keyPathText: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<Double>?
) -> mt_status {
    guard let rt, let keyPathText, let out else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        guard let id = h.layer(layer) else { return MT_ERR_RANGE }
        guard let path = keyPath(keyPathText) else { return MT_ERR_INVALID }
        do throws(RuntimeError) {
            guard let value = try h.runtime.presentationScalar(of: path, layer: id) else { return MT_ERR_INVALID }
            out.pointee = value
            return MT_OK
        } catch {
            return h.fail(error)
        }
    }
}

@c(mt_runtime_slot)
public func mtRuntimeSlot(
    _ rt: UnsafeMutablePointer<mt_runtime>?, _ layer: Int64, _ keyPathText: UnsafePointer<CChar>?,
    _ slot: UnsafeMutablePointer<Int64>?
) -> mt_status {
    guard let rt, let keyPathText, let slot else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        guard let id = h.layer(layer) else { return MT_ERR_RANGE }
        guard let path = keyPath(keyPathText) else { return MT_ERR_INVALID }
        do throws(RuntimeError) {
            let registered = try h.runtime.presentationSlot(of: path, layer: id)
            // The runtime numbers its slots in order of registration, from 0: the C number is its id.
            while h.slots.count <= registered.id { h.slots.append(registered) }
            h.slots[registered.id] = registered
            slot.pointee = Int64(registered.id)
            return MT_OK
        } catch {
            return h.fail(error)
        }
    }
}

@c(mt_runtime_slot_scalar)
public func mtRuntimeSlotScalar(
    _ rt: UnsafePointer<mt_runtime>?, _ slot: Int64, _ out: UnsafeMutablePointer<Double>?
) -> mt_status {
    guard let rt, let out else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        guard slot >= 0, slot < Int64(h.slots.count) else { return MT_ERR_RANGE }
        do throws(RuntimeError) {
            guard let value = try h.runtime.presentationScalar(at: h.slots[Int(slot)]) else { return MT_ERR_INVALID }
            out.pointee = value
            return MT_OK
        } catch {
            return h.fail(error)
        }
    }
}

@c(mt_runtime_slot_point)
public func mtRuntimeSlotPoint(
    _ rt: UnsafePointer<mt_runtime>?, _ slot: Int64, _ out: UnsafeMutablePointer<mt_point>?
) -> mt_status {
    guard let rt, let out else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        guard slot >= 0, slot < Int64(h.slots.count) else { return MT_ERR_RANGE }
        do throws(RuntimeError) {
            guard let value = try h.runtime.presentationPoint(at: h.slots[Int(slot)]) else { return MT_ERR_INVALID }
            out.pointee = mt_point(x: value.x, y: value.y)
            return MT_OK
        } catch {
            return h.fail(error)
        }
    }
}

@c(mt_runtime_error)
public func mtRuntimeError(
    _ rt: UnsafePointer<mt_runtime>?, _ error: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int {
    guard let rt, errorCapacity >= 0 else { return -1 }
    return withRuntime(rt) { h in
        copyText(h.error, into: error, capacity: errorCapacity)
        return h.error.utf8.count
    }
}

@c(mt_runtime_destroy)
public func mtRuntimeDestroy(_ rt: UnsafeMutablePointer<mt_runtime>?) {
    guard let rt else { return }
    Unmanaged<RuntimeBox>.fromOpaque(UnsafeRawPointer(rt)).release()
}
