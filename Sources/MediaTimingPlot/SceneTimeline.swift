import MediaTiming
import MediaTimingScene

/// What a timing diagram shows, recorded from one run of a scene by `SceneRunner`:
/// the result document (samples and the events the runtime reported), every attachment of an
/// animation with its phase bands and iteration marks, and the intervals during which layers were paused.
///
/// Nothing here re-derives timing: attachments and removals are read from the runtime after each
/// script operation and sample, phases and fills from `ResolvedTiming` and
/// `TimingCalculations` evaluated at the layer's local time that the runtime's
/// `LayerTree` gives, iteration boundaries by `BoundarySearch` over that same
/// evaluation, pauses from `LayerTree/isPaused(_:)`.
public struct SceneTimeline: Sendable {
    /// The most samples a diagram draws.
    public static let maximumSampleCount = 20_000
    /// The most probes (lanes) a diagram draws.
    public static let maximumProbeCount = 64
    /// The most animation attachments (rows) a diagram draws.
    public static let maximumTrackCount = 256
    /// The most script operations a diagram follows.
    public static let maximumOperationCount = 5_000
    /// The most layers a diagram follows.
    public static let maximumLayerCount = 1_000
    /// The most iteration marks kept per track; beyond it the track's marks are omitted.
    public static let maximumMarksPerTrack = 500
    /// How many cells the sampled time range is cut into when searching iteration boundaries: two
    /// boundaries closer than a cell (about a pixel) may be seen as one.
    public static let searchCells = 1024

    /// The samples and events of the run.
    public var result: SceneResult
    /// The probes' names, in lane order.
    public var probeNames: [String]
    /// What each probe reports, when known (`nil` for a name the scene does not describe).
    public var probeQuantities: [Probe.Quantity?]
    /// Every attachment of an animation, in the order of the operations that made them.
    public var tracks: [AnimationTrack]
    /// Every interval during which a layer was paused, by layer order, then time.
    public var pauses: [PauseInterval]
    /// The first sample time.
    public var start: Double
    /// The last sample time.
    public var end: Double

    /// Runs `scene` and records its timeline.
    ///
    /// - Throws: ``PlotError/scene(_:)`` with the runner's problems; ``PlotError/noSamples``,
    ///   ``PlotError/tooManySamples(count:limit:)``, ``PlotError/tooManyProbes(count:limit:)``,
    ///   ``PlotError/tooManyAnimations(count:limit:)``, ``PlotError/tooManyOperations(count:limit:)`` or
    ///   ``PlotError/tooManyLayers(count:limit:)`` when the diagram would be empty or unbounded.
    public init(scene: Scene) throws(PlotError) {
        let expected = Self.sampleCount(scene.sample)
        guard expected > 0 else { throw .noSamples }
        guard expected <= Double(Self.maximumSampleCount) else {
            throw .tooManySamples(count: expected < 1e18 ? Int(expected) : Int.max, limit: Self.maximumSampleCount)
        }
        guard scene.script.count <= Self.maximumOperationCount else {
            throw .tooManyOperations(count: scene.script.count, limit: Self.maximumOperationCount)
        }
        guard scene.layers.count <= Self.maximumLayerCount else {
            throw .tooManyLayers(count: scene.layers.count, limit: Self.maximumLayerCount)
        }
        var recorder = Recorder(scene: scene)
        let result: SceneResult
        do {
            result = try SceneRunner.run(scene) { moment, runtime in recorder.observe(moment, runtime) }
        } catch {
            throw .scene(error.errors.map(\.description))
        }
        guard let first = result.samples.first, let last = result.samples.last else { throw .noSamples }
        let names = first.values.map(\.name)
        guard names.count <= Self.maximumProbeCount else {
            throw .tooManyProbes(count: names.count, limit: Self.maximumProbeCount)
        }
        guard recorder.tracks.count <= Self.maximumTrackCount else {
            throw .tooManyAnimations(count: recorder.tracks.count, limit: Self.maximumTrackCount)
        }
        self.result = result
        probeNames = names
        probeQuantities = names.map { Self.quantity(of: $0, in: scene) }
        start = first.time
        end = last.time
        pauses = recorder.pauseIntervals()
        tracks = recorder.finishedTracks(events: result.events, end: last.time, cell: (last.time - first.time) / Double(Self.searchCells))
    }

    /// How many instants `spec` samples (a `Double`, so that absurd frame ranges do not overflow).
    static func sampleCount(_ spec: SampleSpec) -> Double {
        switch spec {
        case let .times(times): return Double(times.count)
        case let .frames(from, to, fps):
            guard from.isFinite, to.isFinite, fps.isFinite, fps > 0, to >= from else { return 0 }
            return ((to - from) * fps).rounded(.down) + 1
        }
    }

    /// What the probe named `name` reports: from the scene's probes, or for the default probes
    /// (`LAYER.KEYPATH` of every animated or set key path) from the layer ids.
    static func quantity(of name: String, in scene: Scene) -> Probe.Quantity? {
        if let probes = scene.probes { return probes.first { $0.name == name }?.quantity }
        for layer in scene.layers where name.hasPrefix(layer.id + ".") {
            if let keyPath = try? AnimationKeyPath(String(name.dropFirst(layer.id.count + 1))) { return .presentation(keyPath) }
        }
        return nil
    }
}

/// Collects attachments, configurations of the layer tree and pauses while the runner plays the scene.
struct Recorder {
    /// An attachment being recorded.
    struct Entry {
        var track: AnimationTrack
        var layerID: LayerID
        /// When the runtime was first seen without it.
        var observedDetach: Double?
    }

    let scene: Scene
    var entries: [Entry] = []
    /// The open entry of each (layer index, key).
    var open: [LayerKey: Int] = [:]
    /// The layer tree after the setup and after each operation, with the time from which it holds.
    var history = TreeHistory()
    var pausedSince: [Double?] = []
    var pauses: [(layer: Int, interval: PauseInterval)] = []
    var layerNames: [String] = []

    struct LayerKey: Hashable {
        var layer: Int
        var key: String
    }

    init(scene: Scene) { self.scene = scene }

    var tracks: [AnimationTrack] { entries.map(\.track) }

    mutating func observe(_ moment: SceneMoment, _ runtime: AnimationRuntime) {
        let time = moment.time
        let tree = runtime.tree
        if case .sample = moment {} else {
            history.record(tree, at: time)
            notePauses(tree, at: time)
        }
        var forced: LayerKey? = nil
        if case let .operation(index, _) = moment, scene.script.indices.contains(index),
            case let .add(layerName, key, _) = scene.script[index].action,
            let layer = try? tree.layer(named: layerName)
        {
            forced = LayerKey(layer: layer.index, key: key)
        }
        var seen = Set<Int>()
        for layer in tree.layers {
            guard let keys = try? runtime.animationKeys(of: layer), let layerName = try? tree.name(of: layer) else { continue }
            for key in keys {
                guard let prepared = try? runtime.animation(forKey: key, of: layer) else { continue }
                let slot = LayerKey(layer: layer.index, key: key)
                if let index = open[slot] {
                    if entries[index].track.timing == prepared.timing && slot != forced {
                        seen.insert(index)
                        continue
                    }
                    entries[index].observedDetach = time
                }
                let track = AnimationTrack(
                    layer: layerName, key: key, summary: Self.summary(of: prepared.animation), timing: prepared.timing,
                    removedOnCompletion: prepared.animation.removedOnCompletion, attachTime: time)
                entries.append(Entry(track: track, layerID: layer))
                open[slot] = entries.count - 1
                seen.insert(entries.count - 1)
            }
        }
        for index in entries.indices where entries[index].observedDetach == nil && !seen.contains(index) {
            entries[index].observedDetach = time
            open[LayerKey(layer: entries[index].layerID.index, key: entries[index].track.key)] = nil
        }
    }

    mutating func notePauses(_ tree: LayerTree, at time: Double) {
        for layer in tree.layers {
            if pausedSince.count <= layer.index {
                pausedSince.append(nil)
                layerNames.append((try? tree.name(of: layer)) ?? "?")
            }
            let paused = (try? tree.isPaused(layer)) ?? false
            if paused, pausedSince[layer.index] == nil {
                pausedSince[layer.index] = time
            } else if !paused, let since = pausedSince[layer.index] {
                pauses.append((layer.index, PauseInterval(layer: layerNames[layer.index], from: since, to: time)))
                pausedSince[layer.index] = nil
            }
        }
    }

    /// The pause intervals, by layer order then time; open ones end with `nil`.
    func pauseIntervals() -> [PauseInterval] {
        var all = pauses
        for (index, since) in pausedSince.enumerated() {
            if let since { all.append((index, PauseInterval(layer: layerNames[index], from: since, to: nil))) }
        }
        return all.enumerated().sorted { a, b in
            a.element.layer != b.element.layer ? a.element.layer < b.element.layer : a.offset < b.offset
        }.map(\.element.interval)
    }

    /// The tracks with their events, removal times, bands and marks.
    func finishedTracks(events: [SceneEvent], end: Double, cell: Double) -> [AnimationTrack] {
        var entries = self.entries
        // Attachments of one (layer, key) follow each other in time, and the runtime orders events at
        // equal times by the order of the adds, so the events of a key go to its attachments in order.
        for event in events {
            let candidates = entries.indices.filter {
                entries[$0].track.layer == event.layer && entries[$0].track.key == event.key
                    && entries[$0].track.attachTime <= event.time && entries[$0].track.didStop == nil
            }
            if event.isStart {
                if let index = candidates.first(where: { entries[$0].track.didStart == nil }) { entries[index].track.didStart = event }
            } else if let index = candidates.first {
                entries[index].track.didStop = event
            }
        }
        return entries.map { entry in
            var track = entry.track
            if let stop = track.didStop, stop.finished == false || track.removedOnCompletion {
                track.detachTime = stop.time
            } else {
                track.detachTime = entry.observedDetach
            }
            track.bands = bands(of: track, layer: entry.layerID, end: end)
            let marks = IterationSearch(timing: track.timing, layer: entry.layerID, history: history)
                .marks(in: track.bands.filter { $0.phase == .active }, cell: cell, limit: SceneTimeline.maximumMarksPerTrack)
            track.marks = marks ?? []
            track.marksOmitted = marks == nil
            return track
        }
    }

    /// The bands between the attachment, didStart, didStop and the removal (or `end`), each in the phase
    /// the timing evaluates at its first instant.
    func bands(of track: AnimationTrack, layer: LayerID, end: Double) -> [PhaseBand] {
        let last = min(track.detachTime ?? end, end)
        var edges = [track.attachTime]
        for edge in [track.didStart?.time, track.didStop?.time].compactMap({ $0 }) where edge > edges.last! && edge < last {
            edges.append(edge)
        }
        edges.append(last)
        var bands: [PhaseBand] = []
        for (from, to) in zip(edges, edges.dropFirst()) where to > from {
            guard let tree = history.tree(at: from), let local = try? tree.localTime(of: layer, atMediaTime: from) else { continue }
            let phase = track.timing.phase(atParentTime: local)
            let shown = TimingCalculations.applies(
                phase: phase, fillMode: track.timing.timing.fillMode, removedOnCompletion: track.removedOnCompletion)
            if let previous = bands.last, previous.phase == phase, previous.isShown == shown {
                bands[bands.count - 1].to = to
            } else {
                bands.append(PhaseBand(phase: phase, from: from, to: to, isShown: shown))
            }
        }
        return bands
    }

    static func summary(of animation: Animation) -> String {
        switch animation.content {
        case let .property(property):
            let type: String
            switch property.values {
            case .basic: type = "basic"
            case .keyframes: type = "keyframe"
            case .spring: type = "spring"
            }
            return "\(type) \(property.keyPath.name)"
        case let .group(children): return "group of \(children.count)"
        case .transition: return "transition"
        }
    }
}
