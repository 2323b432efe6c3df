import MediaTiming
import MediaTimingPreview
import Testing

/// `PreviewRecorder`'s contract on bad use: a failed frame leaves the recording unchanged, a late layer
/// repeats its first values in the earlier frames, a parent that is not an earlier layer makes a root, and
/// unknown series read empty.
@Suite struct PreviewRecorderTests {
    /// The channel of `opacity` (after position 2, bounds 4, anchorPoint 2, transform 16), written with 4
    /// decimals: an opacity v is the integer v·10⁴.
    static let opacityChannel = 24

    @Test("a frame that fails changes nothing; a late layer and a stray parent") func badUse() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "a")
        try runtime.setModelValue(.scalar(0.25), for: .opacity, of: layer, at: 0)
        var recorder = PreviewRecorder()
        recorder.addLayer(id: "a", parent: nil, runtimeIndex: 0, layer: layer)
        // Runtime 0 is missing: the frame fails and nothing is recorded.
        #expect(throws: PreviewError.self) { try recorder.record(time: 0, runtimes: []) }
        #expect(recorder.times.isEmpty)
        #expect(recorder.series(layer: 0, channel: Self.opacityChannel).isEmpty)
        try recorder.record(time: 0, runtimes: [runtime])
        // A fixed layer added after the first frame, under a parent index that names no earlier layer.
        let late = recorder.addFixedLayer(id: "late", parent: 7, values: [(.opacity, .scalar(0.5))])
        #expect(recorder.layers[late].parent == nil)
        try recorder.record(time: 1, runtimes: [runtime])
        #expect(recorder.times == [0, 1])
        #expect(recorder.series(layer: 0, channel: Self.opacityChannel) == [2500, 2500])
        #expect(recorder.series(layer: late, channel: Self.opacityChannel) == [5000, 5000])
        #expect(recorder.series(layer: 99, channel: 0).isEmpty && recorder.series(layer: 0, channel: 31).isEmpty)
    }
}
