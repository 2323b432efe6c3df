import MediaTiming
import MediaTimingPlot
import MediaTimingScene

/// A scene's preview page (`mediatiming preview`): every layer of the scene drawn at each frame from its
/// presentation values, the scene's timing diagram (``TimingDiagram``) with a cursor, and the runtime's
/// didStart/didStop events listed as they fire (Docs/preview.md).
///
/// The frames are `from + n/fps` for n = 0, 1, … while ≤ `to` (the scene format's frame sampling); the
/// scene runs once through ``SceneRunner/run(_:observer:)`` with those sample times and no probes, and
/// each layer's channels are read at each sample. A property a layer's model does not set has Core
/// Animation's default (bounds and position zero, anchor point (0.5, 0.5), opacity 1, transform identity,
/// no background colour, corner radius and border width 0; ``LayerProperty/modelDefault``).
public enum ScenePreview {
    /// The most layer-frames (layers × frames) a page holds: about 30 MB of page at worst, and about
    /// 100 MB while recording (31 channels × 8 bytes per layer-frame).
    public static let maximumLayerFrames = 400_000

    /// The default time range: the scene's frame range, or its first to last sample time.
    public static func defaultRange(of scene: Scene) -> (from: Double, to: Double) {
        switch scene.sample {
        case let .frames(from, to, _): return (from, to)
        case let .times(times): return (times.min() ?? 0, times.max() ?? 0)
        }
    }

    /// The preview page of `scene` from `from` to `to` (default ``defaultRange(of:)``) at `fps`.
    ///
    /// Cost: one run of the scene (``SceneRunner/run(_:observer:)``) plus O(layers × frames) presentation
    /// reads; memory: 31 channels × 8 bytes per layer-frame while recording, about 100 MB at the
    /// ``maximumLayerFrames`` cap of 400 000 layer-frames.
    ///
    /// - Throws: ``PreviewError/invalidFPS(_:)`` unless 1 ≤ fps ≤ 240; ``PreviewError/invalidRange(from:to:longest:)``
    ///   for non-finite times, `to < from` or a range longer than 3600 s; ``PreviewError/timeOutOfRange(_:limit:)``
    ///   for `|from|` or `|to|` above ``PreviewChannel/maximumMagnitude`` (10⁹ s, the largest time a page
    ///   writes); ``PreviewError/tooLarge(count:limit:)`` beyond
    ///   ``maximumLayerFrames``; ``PreviewError/scene(_:)`` with the runner's problems.
    public static func document(scene: Scene, title: String, fps: Double = 60, from: Double? = nil, to: Double? = nil)
        throws(PreviewError) -> PreviewDocument
    {
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw .invalidFPS(fps) }
        let range = defaultRange(of: scene)
        let start = from ?? range.from, end = to ?? range.to
        guard start.isFinite, end.isFinite, start <= end, end - start <= 3600 else { throw .invalidRange(from: start, to: end, longest: 3600) }
        let limit = PreviewChannel.maximumMagnitude
        for time in [start, end] where time.magnitude > limit { throw .timeOutOfRange(time, limit: limit) }
        // About the runner's frame count (from + n/fps ≤ to): (to − from) · fps ≤ 3600 · 240, an exact bound
        // is not needed for a limit.
        let frames = Int(((end - start) * fps).rounded(.down)) + 1
        let layerFrames = frames.multipliedReportingOverflow(by: max(1, scene.layers.count))
        guard !layerFrames.overflow, layerFrames.partialValue <= maximumLayerFrames else {
            throw .tooLarge(count: layerFrames.overflow ? Int.max : layerFrames.partialValue, limit: maximumLayerFrames)
        }
        var framed = scene
        framed.sample = .frames(from: start, to: end, fps: fps)
        framed.probes = []
        var recorder = PreviewRecorder()
        var index: [String: Int] = [:]
        var failure: PreviewError?
        let result: SceneResult
        do throws(SceneErrors) {
            result = try SceneRunner.run(framed) { moment, runtime in
                guard failure == nil else { return }
                switch moment {
                case .setup:
                    for layer in scene.layers {
                        guard let id = try? runtime.layer(named: layer.id) else { continue }
                        index[layer.id] = recorder.addLayer(id: layer.id, parent: layer.parent.flatMap { index[$0] }, runtimeIndex: 0, layer: id)
                    }
                case let .sample(_, time):
                    do throws(PreviewError) { try recorder.record(time: time, runtimes: [runtime]) } catch { failure = error }
                case .operation:
                    break
                }
            }
        } catch {
            throw .scene(error.errors.map(\.description))
        }
        if let failure { throw failure }
        let events = result.events.map { event in
            PreviewEvent(
                time: event.time,
                text: (event.isStart ? "didStart " : "didStop ") + event.layer + "/" + event.key
                    + (event.finished.map { $0 ? " finished" : " not finished" } ?? ""))
        }
        var document = PreviewDocument(title: title, recording: recorder, from: start, to: end, fps: fps, events: events)
        do {
            let diagram = try Self.diagram(of: framed, probes: scene.probes, title: title)
            document.diagram = (Self.inline(diagram.svg()), diagram.layout.timeScale)
        } catch {
            document.diagramNote = "No timing diagram: " + error.lines.joined(separator: "; ")
        }
        return document
    }

    /// The scene's timing diagram over the preview's frames, with the scene's probes as lanes (none
    /// when there are more than a diagram draws).
    static func diagram(of framed: Scene, probes: [Probe]?, title: String) throws(PlotError) -> TimingDiagram {
        var scene = framed
        scene.probes = probes
        do {
            return try TimingDiagram(scene: scene, title: title)
        } catch {
            guard case .tooManyProbes = error else { throw error }
            scene.probes = []
            return try TimingDiagram(scene: scene, title: title)
        }
    }

    /// An SVG document as an element of an HTML page: its XML declaration dropped.
    static func inline(_ svg: String) -> String {
        guard svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: "\n") else { return svg }
        return String(svg[svg.index(after: end)...])
    }
}
