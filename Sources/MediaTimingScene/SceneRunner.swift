import MediaTiming

/// Evaluates a decoded ``Scene``: builds the layer tree, plays the script on the media-time axis, samples
/// the probes and collects the events (Docs/scene-format.md).
public enum SceneRunner {
    /// Runs `scene` and returns its result document.
    ///
    /// Operations apply in ascending `at`, equal times in document order; at a sample time `T` every
    /// operation with `at ≤ T` has been applied. Sample times are visited in ascending order (explicit
    /// times are sorted). Events are those up to the last sample time, ordered by time, then by the order
    /// of the adds.
    ///
    /// - Throws: ``SceneErrors`` naming the script operation or layer that failed; no partial result.
    public static func run(_ scene: Scene) throws(SceneErrors) -> SceneResult {
        do {
            return try runUnchecked(scene)
        } catch let error as SceneErrors {
            throw error
        } catch {
            throw SceneErrors([SceneError(path: "", message: "\(error)")])
        }
    }

    /// Runs `scene` like ``run(_:)`` and shows the runtime to `observer` once the layers exist
    /// (``SceneMoment/setup(time:)``), after each script operation and after each sample: what the
    /// timing diagrams (MediaTimingPlot) read besides the result document.
    ///
    /// - Throws: ``SceneErrors`` as ``run(_:)``.
    public static func run(
        _ scene: Scene, observer: (SceneMoment, AnimationRuntime) -> Void
    ) throws(SceneErrors) -> SceneResult {
        do {
            return try runUnchecked(scene, observer: observer)
        } catch let error as SceneErrors {
            throw error
        } catch {
            throw SceneErrors([SceneError(path: "", message: "\(error)")])
        }
    }

    /// The most samples a run evaluates.
    public static let maximumSampleCount = 10_000_000

    static func runUnchecked(_ scene: Scene, observer: (SceneMoment, AnimationRuntime) -> Void = { _, _ in }) throws -> SceneResult {
        var frameCount = 0
        if case let .frames(from, to, fps) = scene.sample {
            // Counted with the frame formula (`from + n/fps ≤ to`), so frames that rounding collapses
            // onto one instant (a step below half an ulp of `from`) count too: no unbounded loop.
            guard let count = SampleSpec.frameCount(from: from, to: to, fps: fps, limit: maximumSampleCount) else {
                throw SceneErrors([SceneError(path: "sample", message: "more than \(maximumSampleCount) frames or invalid frame range (limit)")])
            }
            frameCount = count
        }
        let times = sampleTimes(scene.sample, frameCount: frameCount)
        var session = try SceneSession(scene, startingAt: times.first ?? 0)
        observer(.setup(time: session.currentTime), session.runtime)
        var samples: [SceneSample] = []
        samples.reserveCapacity(times.count)
        for time in times {
            try session.advance(to: time, observer: observer)
            samples.append(SceneSample(time: time, values: try session.sample()))
            observer(.sample(index: samples.count - 1, time: time), session.runtime)
        }
        return SceneResult(samples: samples, events: session.sceneEvents)
    }

    /// The sampling instants, ascending: the times sorted, or the `frameCount` frames `from + n/fps`
    /// (`SampleSpec.frameCount`).
    static func sampleTimes(_ spec: SampleSpec, frameCount: Int) -> [Double] {
        switch spec {
        case let .times(times):
            return times.sorted()
        case let .frames(from, _, fps):
            return (0..<frameCount).map { from + Double($0) / fps }
        }
    }

    static func apply(_ operation: ScriptOperation, to runtime: inout AnimationRuntime, ids: inout [String: LayerID]) throws -> [AnimationEvent] {
        let at = operation.time
        let known = ids
        func layer(_ name: String) throws -> LayerID {
            guard let id = known[name] else { throw SceneError(path: "", message: "no layer \"\(name)\"") }
            return id
        }
        switch operation.action {
        case let .add(name, key, animation):
            return try runtime.add(animation, forKey: key, to: try layer(name), at: at)
        case let .remove(name, key?):
            return try runtime.removeAnimation(forKey: key, from: try layer(name), at: at)
        case let .remove(name, nil):
            return try runtime.removeAllAnimations(from: try layer(name), at: at)
        case let .pause(name):
            return try runtime.pause(try layer(name), at: at)
        case let .resume(name):
            return try runtime.resume(try layer(name), at: at)
        case let .setTiming(name, beginTime, speed, timeOffset):
            let id = try layer(name)
            var space = try runtime.tree.timeSpace(of: id)
            if let beginTime { space.beginTime = beginTime }
            if let speed { space.speed = speed }
            if let timeOffset { space.timeOffset = timeOffset }
            return try runtime.setTimeSpace(space, of: id, at: at)
        case let .setModel(name, values, implicit):
            let id = try layer(name)
            var events: [AnimationEvent] = []
            for (keyPath, value) in values {
                events += try runtime.setModelValue(value, for: keyPath, of: id, at: at, implicit: implicit)
            }
            return events
        case .background:
            return try runtime.enterBackground(at: at)
        case .foreground:
            return try runtime.enterForeground(at: at)
        case let .addLayer(new):
            let parent = try new.parent.map(layer)
            var events = try runtime.advance(to: at)
            let id = try runtime.addLayer(named: new.id, parent: parent, timeSpace: new.timeSpace, replicator: new.replicator)
            ids[new.id] = id
            for (keyPath, value) in new.model { events += try runtime.setModelValue(value, for: keyPath, of: id, at: at) }
            return events
        case let .removeLayer(name):
            return try runtime.removeLayer(try layer(name), at: at)
        case let .moveLayer(name, parentName):
            let id = try layer(name), parent = try parentName.map(layer)
            if try runtime.isInTree(id) { return try runtime.moveLayer(id, to: parent, at: at) }
            return try runtime.insertLayer(id, parent: parent, at: at)
        }
    }

    /// The layers the scene adds with `addLayer`, in script order.
    static func addedLayers(_ scene: Scene) -> [SceneLayer] {
        scene.script.compactMap { operation in
            if case let .addLayer(layer) = operation.action { return layer }
            return nil
        }
    }

    /// Every key path the scene animates or sets, on every layer, in first-mention order.
    static func defaultProbes(_ scene: Scene) -> [Probe] {
        var perLayer: [String: [String]] = [:]
        func note(_ layer: String, _ keyPath: String) {
            if !(perLayer[layer]?.contains(keyPath) ?? false) { perLayer[layer, default: []].append(keyPath) }
        }
        func note(_ layer: String, _ animation: Animation) {
            switch animation.content {
            case let .property(property): note(layer, property.keyPath.name)
            case let .group(children): for child in children { note(layer, child) }
            case .transition: note(layer, TransitionAnimation.progressKeyPath)
            }
        }
        let layers = scene.layers + addedLayers(scene)
        for layer in layers { for (keyPath, _) in layer.model { note(layer.id, keyPath.name) } }
        for operation in scene.script {
            switch operation.action {
            case let .add(layer, _, animation): note(layer, animation)
            case let .setModel(layer, values, _): for (keyPath, _) in values { note(layer, keyPath.name) }
            default: break
            }
        }
        var probes: [Probe] = []
        for layer in layers {
            for name in perLayer[layer.id] ?? [] {
                guard let keyPath = try? AnimationKeyPath(name) else { continue }
                probes.append(Probe(layer: layer.id, quantity: .presentation(keyPath), name: "\(layer.id).\(name)"))
            }
        }
        return probes
    }

    /// A probe's reading: `null` for a layer outside the tree (removed, or not added yet,
    /// Docs/scene-format.md), and for a replica path that no longer fits the layer's replicator ancestors
    /// after a move (the decoder checks it against the declared parents).
    static func read(_ probe: Probe, runtime: AnimationRuntime, ids: [String: LayerID]) throws -> SceneProbeReading {
        guard let layer = ids[probe.layer] else { return SceneProbeReading(name: probe.name, value: .null) }
        guard try runtime.isInTree(layer) else { return SceneProbeReading(name: probe.name, value: .null) }
        do {
            return try readInTree(probe, layer: layer, runtime: runtime)
        } catch RuntimeError.layer(.invalidReplica) {
            return SceneProbeReading(name: probe.name, value: .null)
        }
    }

    /// A probe's reading for a layer of the tree.
    static func readInTree(_ probe: Probe, layer: LayerID, runtime: AnimationRuntime) throws -> SceneProbeReading {
        let value: ProbeValue
        switch probe.quantity {
        case let .presentation(keyPath):
            switch try runtime.presentationValue(of: keyPath, layer: layer, replica: probe.replica) {
            case let .scalar(v): value = .number(v)
            case let other: value = .numbers(other.components)
            }
        case .layerTime:
            value = .number(try runtime.localTime(of: layer, replica: probe.replica))
        case let .phase(key):
            value = .text(try runtime.timingState(ofAnimation: key, layer: layer, replica: probe.replica)?.phase.rawValue ?? "absent")
        case let .iteration(key):
            value = try runtime.timingState(ofAnimation: key, layer: layer, replica: probe.replica).map { .number(Double($0.iteration)) } ?? .null
        case let .progress(key):
            value = try runtime.timingState(ofAnimation: key, layer: layer, replica: probe.replica).map { .number($0.progress) } ?? .null
        case let .animationTime(key):
            value = try runtime.timingState(ofAnimation: key, layer: layer, replica: probe.replica).map { .number($0.activeTime) } ?? .null
        }
        return SceneProbeReading(name: probe.name, value: value)
    }
}
