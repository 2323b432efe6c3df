import MediaTiming

/// A scene played forwards on demand (Docs/scene-format.md): its layers built once, its script applied up
/// to the time of each ``advance(to:observer:)``, its probes read at the current time by ``sample()``.
/// ``SceneRunner/run(_:)`` is a session advanced to each sample time in turn and sampled there, so a
/// session sampled at the same ascending times gives the same readings and events.
///
/// Cost: creating a session builds the layers and sorts the script (once); an advance applies only the
/// operations it passes and advances the runtime over the interval, so sampling at ascending times never
/// replays the script from its start.
public struct SceneSession: Sendable {
    /// The runtime at the current time.
    public private(set) var runtime: AnimationRuntime
    /// The probes ``sample()`` reads: the scene's, or the default ones (``probes(of:)``).
    public let probes: [Probe]
    /// The script in the order it applies (ascending `at`, equal times in document order), with each
    /// operation's position in the document.
    let script: [(offset: Int, element: ScriptOperation)]
    /// The first operation of `script` not applied yet.
    var next = 0
    /// The layers by id: the declared ones, and those the script has added so far.
    var ids: [String: LayerID]
    /// Per probe, its presentation slot once registered (nil: not a presentation probe of a layer, or its
    /// layer not added yet).
    var slots: [PresentationSlot?]
    /// Every event so far, ordered by time, then by the order of the adds, a start before a stop.
    var events: [AnimationEvent] = []

    /// The session's media time (its start time until the first advance).
    public var currentTime: Double { runtime.currentTime }

    /// Starts a session of `scene`: the layers and their model values exist, no operation has been applied,
    /// and the clock reads the earliest of `startTime`, 0 and the script's earliest time.
    ///
    /// - Throws: ``SceneErrors`` naming the operation with a non-finite time, the transaction duration (or
    ///   an infinite start) or the layer that failed. A NaN `startTime` is ignored.
    public init(_ scene: Scene, startingAt startTime: Double = 0) throws(SceneErrors) {
        // A scene built in code bypasses the decoder: an operation at a NaN or infinite time would never
        // apply (NaN is always an error, Docs/hostile-input.md).
        if let bad = scene.script.firstIndex(where: { !$0.time.isFinite }) {
            throw SceneErrors([SceneError(path: "script[\(bad)]", message: "at: expected a finite time, got \(scene.script[bad].time)")])
        }
        script = scene.script.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }
        let start = min(0, startTime, script.first?.element.time ?? 0)
        var runtime: AnimationRuntime
        do { runtime = try AnimationRuntime(startTime: start, transactionDuration: scene.transactionDuration) } catch {
            throw SceneErrors([SceneError(path: "transactionDuration", message: "\(error)")])
        }
        var ids: [String: LayerID] = [:]
        for (index, layer) in scene.layers.enumerated() {
            do {
                let parent = try layer.parent.map { (name: String) throws(RuntimeError) -> LayerID in try runtime.layer(named: name) }
                let id = try runtime.addLayer(named: layer.id, parent: parent, timeSpace: layer.timeSpace, replicator: layer.replicator)
                ids[layer.id] = id
                for (keyPath, value) in layer.model {
                    try runtime.setModelValue(value, for: keyPath, of: id, at: start)
                }
            } catch {
                throw SceneErrors([SceneError(path: "layers[\(index)]", message: "\(error)")])
            }
        }
        self.runtime = runtime
        self.ids = ids
        probes = Self.probes(of: scene)
        slots = [PresentationSlot?](repeating: nil, count: probes.count)
    }

    /// The probes a run of `scene` reads: its `probes`, or every key path it animates or sets, on every
    /// layer, in first-mention order.
    public static func probes(of scene: Scene) -> [Probe] {
        scene.probes ?? SceneRunner.defaultProbes(scene)
    }

    /// Applies every operation with `at ≤ time` not applied yet, in order (each at its own time), then
    /// advances the runtime to `time`, recording the events on the way; `observer` sees the runtime after
    /// each operation (``SceneMoment/operation(index:time:)``).
    ///
    /// - Throws: ``SceneErrors`` naming the operation that failed (`script[i]`), or `sample` when the
    ///   runtime cannot advance to `time` (not finite, or before ``currentTime``). The session is then left
    ///   where the failure happened.
    public mutating func advance(
        to time: Double, observer: (SceneMoment, AnimationRuntime) -> Void = { _, _ in }
    ) throws(SceneErrors) {
        while next < script.count && script[next].element.time <= time {
            let (index, operation) = script[next]
            do {
                record(try SceneRunner.apply(operation, to: &runtime, ids: &ids))
            } catch {
                throw SceneErrors([SceneError(path: "script[\(index)]", message: "\(error)")])
            }
            observer(.operation(index: index, time: operation.time), runtime)
            next += 1
        }
        do {
            record(try runtime.advance(to: time))
        } catch {
            throw SceneErrors([SceneError(path: "sample", message: "at \(time): \(error)")])
        }
    }

    /// The probes' readings at the current time, in probe order. A presentation probe of a layer (not of
    /// a replica) is a presentation slot of the runtime (registered when its layer exists), so a sample
    /// computes the slots' layers only (``AnimationRuntime/updatePresentationReadings()``): the cost is
    /// the animations that write a probed property, not the whole scene's; the other probes read their
    /// layer directly.
    ///
    /// - Throws: ``SceneErrors`` at `sample` when a probe cannot be read.
    public mutating func sample() throws(SceneErrors) -> [SceneProbeReading] {
        do {
            for index in probes.indices where slots[index] == nil {
                guard case let .presentation(keyPath) = probes[index].quantity, probes[index].replica.isEmpty,
                    let layer = ids[probes[index].layer]
                else { continue }
                slots[index] = try runtime.presentationSlot(of: keyPath, layer: layer)
            }
            try runtime.updatePresentationReadings()
            var readings: [SceneProbeReading] = []
            readings.reserveCapacity(probes.count)
            for (probe, slot) in zip(probes, slots) {
                guard let slot else {
                    readings.append(try SceneRunner.read(probe, runtime: runtime, ids: ids))
                    continue
                }
                guard try runtime.isInTree(slot.layer) else {
                    readings.append(SceneProbeReading(name: probe.name, value: .null))
                    continue
                }
                let value: ProbeValue
                switch try runtime.presentationValue(at: slot) {
                case let .scalar(v): value = .number(v)
                case let other: value = .numbers(other.components)
                }
                readings.append(SceneProbeReading(name: probe.name, value: value))
            }
            return readings
        } catch {
            throw SceneErrors([SceneError(path: "sample", message: "at \(currentTime): \(error)")])
        }
    }

    /// The number of events so far.
    public var eventCount: Int { events.count }

    /// Event `index` so far (0: the earliest), as a result document reports it.
    public func event(at index: Int) -> SceneEvent {
        let event = events[index]
        let finished: Bool?
        if case let .didStop(f) = event.kind { finished = f } else { finished = nil }
        return SceneEvent(
            time: event.time, layer: (try? runtime.tree.name(of: event.layer)) ?? "", key: event.key, isStart: event.kind == .didStart,
            finished: finished)
    }

    /// Every event so far, as a result document reports them.
    public var sceneEvents: [SceneEvent] { events.indices.map(event(at:)) }

    /// Adds an operation's or an advance's events, keeping ``events`` ordered. They are at or after the
    /// current time, and every earlier event is at or before it: only the events at the earliest new time
    /// and after are re-sorted.
    mutating func record(_ new: [AnimationEvent]) {
        guard let earliest = new.lazy.map(\.time).min() else { return }
        var from = events.count
        events += new
        while from > 0 && events[from - 1].time >= earliest { from -= 1 }
        events[from...].sort(by: Self.ordered)
    }

    /// Events by time, then by the order of the adds, a start before a stop.
    static func ordered(_ a: AnimationEvent, _ b: AnimationEvent) -> Bool {
        a.time != b.time ? a.time < b.time : (a.sequence != b.sequence ? a.sequence < b.sequence : a.kind == .didStart)
    }
}
