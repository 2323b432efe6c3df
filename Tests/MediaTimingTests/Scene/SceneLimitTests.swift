import Testing

import MediaTiming
import MediaTimingScene

/// The limits that keep evaluation bounded: each is an error naming the limit, and the limit itself
/// is accepted.
@Suite struct SceneLimitTests {
    func list(_ count: Int, _ element: (Int) -> String) -> String {
        "[" + (0..<count).map(element).joined(separator: ",") + "]"
    }

    @Test("layers ≤ 10,000") func layers() throws {
        let ok = try SceneDecoder.decode(sceneText(layers: list(10_000) { #"{"id":"l\#($0)"}"# }))
        #expect(ok.layers.count == 10_000)
        #expect(errorLines(sceneText(layers: list(10_001) { #"{"id":"l\#($0)"}"# })) == [
            "layers: 10001 layers exceed the limit of 10000"
        ])
    }

    @Test("script operations ≤ 100,000") func operations() throws {
        let ok = try SceneDecoder.decode(sceneText(script: list(100_000) { #"{"at":\#($0),"pause":"disc"}"# }))
        #expect(ok.script.count == 100_000)
        #expect(errorLines(sceneText(script: list(100_001) { _ in #"{"at":0,"pause":"disc"}"# })) == [
            "script: 100001 operations exceed the limit of 100000"
        ])
    }

    /// `depth` groups nested in one another, the innermost holding a basic animation.
    func nestedGroups(_ depth: Int) -> String {
        var animation = #"{"type":"basic","keyPath":"opacity"}"#
        for _ in 0..<depth { animation = #"{"type":"group","animations":[\#(animation)]}"# }
        return animation
    }

    @Test("group nesting ≤ 16") func groupDepth() throws {
        _ = try SceneDecoder.decode(animationScene(nestedGroups(16)))
        let path = "script[0].add.animation" + String(repeating: ".animations[0]", count: 16)
        #expect(errorLines(animationScene(nestedGroups(17))) == [
            "\(path): groups nested more than 16 deep exceed the limit"
        ])
    }

    @Test("keyframes per animation ≤ 100,000") func keyframes() throws {
        _ = try SceneDecoder.decode(
            animationScene(#"{"type":"keyframe","keyPath":"opacity","values":\#(list(100_000) { "\($0 % 2)" })}"#))
        #expect(
            errorLines(animationScene(#"{"type":"keyframe","keyPath":"opacity","values":\#(list(100_001) { _ in "0" })}"#))
                == ["script[0].add.animation.values: 100001 keyframes exceed the limit of 100000"])
        #expect(
            errorLines(animationScene(#"{"type":"keyframe","keyPath":"opacity","values":[0],"keyTimes":\#(list(100_001) { _ in "0" })}"#))
                == ["script[0].add.animation.keyTimes: 100001 numbers exceed the limit of 100000"])
    }

    @Test("probes ≤ 10,000") func probes() throws {
        let ok = try SceneDecoder.decode(sceneText(probes: list(10_000) { #""disc/k\#($0)@phase""# }))
        #expect(ok.probes?.count == 10_000)
        #expect(errorLines(sceneText(probes: list(10_001) { #""disc/k\#($0)@phase""# })) == [
            "probes: 10001 probes exceed the limit of 10000"
        ])
    }

    @Test("samples ≤ 1,000,000, as frames or times") func samples() throws {
        let frames = try SceneDecoder.decode(sceneText(sample: #"{"from": 0, "to": 999.999, "fps": 1000}"#))
        #expect(frames.sample.count == 1_000_000)
        #expect(errorLines(sceneText(sample: #"{"from": 0, "to": 1000, "fps": 1000}"#)) == [
            "sample: the frames from 0 to 1000 at 1000 fps exceed the limit of 1000000 samples"
        ])
        #expect(errorLines(sceneText(sample: #"{"from": -1e308, "to": 1e308, "fps": 1}"#)) == [
            "sample: the frames from -1e+308 to 1e+308 at 1 fps exceed the limit of 1000000 samples"
        ])
        #expect(try SceneDecoder.decode(sceneText(sample: #"{"from": 0, "to": 1e300, "fps": 1e-300}"#)).sample.count == 2)
        let times = try SceneDecoder.decode(sceneText(sample: #"{"times": \#(list(1_000_000) { _ in "0" })}"#))
        #expect(times.sample.count == 1_000_000)
        #expect(errorLines(sceneText(sample: #"{"times": \#(list(1_000_001) { _ in "0" })}"#)) == [
            "sample.times: 1000001 samples exceed the limit of 1000000"
        ])
    }

    @Test("readings (samples × explicit probes) ≤ 20,000,000") func readings() throws {
        let probes = list(10_000) { #""disc/k\#($0)@phase""# }
        _ = try SceneDecoder.decode(sceneText(sample: #"{"from": 0, "to": 1999, "fps": 1}"#, probes: probes))
        #expect(errorLines(sceneText(sample: #"{"from": 0, "to": 2000, "fps": 1}"#, probes: probes)) == [
            "probes: 10000 probes × 2001 samples exceed the limit of 20000000 readings"
        ])
    }

    @Test("replicator instanceCount ≤ 10,000") func instances() throws {
        _ = try SceneDecoder.decode(sceneText(layers: #"[{"id": "r", "replicator": {"instanceCount": 10000}}]"#))
        #expect(errorLines(sceneText(layers: #"[{"id": "r", "replicator": {"instanceCount": 1e300}}]"#)) == [
            "layers[0].replicator.instanceCount: expected a whole number in 0...10000, got 1e+300"
        ])
    }
}
