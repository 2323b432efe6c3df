import Foundation
import MediaTiming
import MediaTimingPreview
import MediaTimingScene
import Testing

@Suite struct ScenePreviewTests {
    /// A layer moving linearly from (0, 0) to (100, 50) over 1 s, one fading with easeIn from 0.25 s for
    /// 0.5 s, a child turning about z with a perspective parent transform.
    static let scene = """
        {"format": "mediatiming-scene/1",
         "layers": [
          {"id": "mover", "model": {"bounds": [0, 0, 40, 20], "backgroundColor": [1, 0, 0, 1]}},
          {"id": "fader", "model": {"bounds": [0, 0, 10, 10], "position": [200, 100], "cornerRadius": 5}},
          {"id": "turner", "parent": "fader", "model": {"bounds": [0, 0, 8, 8], "position": [5, 5],
            "transform": [1,0,0,0, 0,1,0,0, 0,0,1,-0.002, 0,0,0,1]}}
         ],
         "script": [
          {"at": 0, "add": {"layer": "mover", "key": "move", "animation": {"type": "basic", "keyPath": "position",
            "fromValue": [0, 0], "toValue": [100, 50], "timing": {"duration": 1}}}},
          {"at": 0.25, "add": {"layer": "fader", "key": "fade", "animation": {"type": "basic", "keyPath": "opacity",
            "fromValue": 1, "toValue": 0, "timing": {"duration": 0.5}, "timingFunction": "easeIn"}}},
          {"at": 0, "add": {"layer": "turner", "key": "turn", "animation": {"type": "basic", "keyPath": "transform.rotation.z",
            "fromValue": 0, "toValue": 3, "timing": {"duration": 1}}}}
         ],
         "sample": {"from": 0, "to": 1, "fps": 60},
         "probes": ["mover.position", "fader.opacity"]}
        """

    func page(_ text: String = Self.scene, fps: Double = 60, from: Double? = nil, to: Double? = nil) throws -> String {
        try ScenePreview.document(scene: try SceneDecoder.decode(text), title: "test <scene>", fps: fps, from: from, to: to).html()
    }

    @Test("the page is one self-contained HTML document: inline style, data and script, the diagram inline, nothing fetched")
    func structure() throws {
        let html = try page()
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html"))
        #expect(html.hasSuffix("</html>\n"))
        for fetch in ["src=", "href=", "<link", "@import", "url(", "https:", "fetch(", "XMLHttpRequest"] {
            #expect(!html.contains(fetch), "\(fetch)")
        }
        // The only "http:" is the SVG namespace name (an identifier, never fetched).
        #expect(html.components(separatedBy: "http:").count - 1 == html.components(separatedBy: "xmlns=\"http://www.w3.org/2000/svg\"").count - 1)
        #expect(html.components(separatedBy: "<script").count - 1 == 2)
        #expect(html.components(separatedBy: "<svg").count - 1 == 1)
        #expect(!html.contains("<?xml"))
        #expect(html.contains("<title>test &lt;scene&gt; — mediatiming preview</title>"))
        // Every control of the issue.
        for id in ["id=\"play\"", "id=\"scrub\"", "data-speed=\"0.1\"", "data-speed=\"0.25\"", "data-speed=\"1\"", "id=\"back\"", "id=\"fwd\"", "id=\"loop\"", "id=\"labels\"", "id=\"cursor\""] {
            #expect(html.contains(id), "\(id)")
        }
        let data = try PageData(html: html)
        #expect(data.frames == 61)
        #expect(data.layers.map(\.id) == ["mover", "fader", "turner"])
        #expect(data.layers.map(\.parent) == [-1, -1, 1])
        #expect(data.object["title"] as? String == "test <scene>")
    }

    @Test("the same scene gives the same bytes")
    func determinism() throws {
        let a = try page(), b = try page()
        #expect(a == b)
        #expect(Array(a.utf8) == Array(b.utf8))
    }

    @Test("a linear move: each frame's position is the spec's lerp at n/60 within half a unit of its 2 decimals")
    func linearMove() throws {
        let data = try PageData(html: try page())
        let x = try #require(data.series("mover", "position.x")), y = try #require(data.series("mover", "position.y"))
        for n in 0...60 {
            let t = Double(n) / 60
            // Linear timing over 1 s (Docs/semantics.md §10.1): (0, 0) + t · (100, 50) while active; at t = 1
            // the animation has ended and the model (CA's default position, (0, 0)) shows (no fill).
            let expected = n == 60 ? (0.0, 0.0) : (100 * t, 50 * t)
            // Quantized to 0.01 (half a unit: 0.005) plus the double rounding of the lerp and of the
            // test's own product (a few ulps of 100): 0.005 + 1e-12.
            #expect(abs(x[n] - expected.0) <= 0.005 + 1e-12, "x at frame \(n)")
            #expect(abs(y[n] - expected.1) <= 0.005 + 1e-12, "y at frame \(n)")
            #expect(abs(data.times[n] - t) <= 5e-7 + 1e-15)
        }
        // Model values never set are CA's defaults: bounds as set, anchor (0.5, 0.5), opacity 1, identity.
        #expect(data.series("mover", "anchorPoint.x") == Array(repeating: 0.5, count: 61))
        #expect(data.series("mover", "opacity") == Array(repeating: 1, count: 61))
        #expect(data.series("mover", "transform.m11") == Array(repeating: 1, count: 61))
        #expect(data.series("mover", "transform.m41") == Array(repeating: 0, count: 61))
        #expect(data.series("mover", "bounds.width") == Array(repeating: 40, count: 61))
        #expect(data.series("mover", "backgroundColor.r") == Array(repeating: 1, count: 61))
        #expect(data.series("fader", "backgroundColor.a") == Array(repeating: 0, count: 61))
        #expect(data.series("fader", "cornerRadius") == Array(repeating: 5, count: 61))
    }

    @Test("every frame equals the runtime's presentation values read through the scene's probes at the frame times")
    func equalsProbes() throws {
        var scene = try SceneDecoder.decode(Self.scene)
        let data = try PageData(html: try page())
        scene.sample = .times((0...60).map { Double($0) / 60 })
        scene.probes = try ["mover.position", "fader.opacity", "turner.transform", "turner.transform.rotation.z"].map { name in
            let parts = name.split(separator: ".", maxSplits: 1)
            return Probe(layer: String(parts[0]), quantity: .presentation(try AnimationKeyPath(String(parts[1]))), name: name)
        }
        let result = try SceneRunner.run(scene)
        let px = try #require(data.series("mover", "position.x")), opacity = try #require(data.series("fader", "opacity"))
        let names = PreviewChannel.names
        for (n, sample) in result.samples.enumerated() {
            guard case let .numbers(position) = sample.values[0].value, case let .number(o) = sample.values[1].value,
                case let .numbers(m) = sample.values[2].value, case let .number(angle) = sample.values[3].value
            else { Issue.record("probe kinds"); return }
            // Half a unit of the channel's decimals (PreviewChannel.decimals) plus one ulp of the value.
            #expect(abs(px[n] - position[0]) <= 0.005 + 1e-12)
            #expect(abs(opacity[n] - o) <= 0.00005 + 1e-15)
            for k in 0..<16 {
                let channel = names.firstIndex(of: "transform.m\(k / 4 + 1)\(k % 4 + 1)")!
                let half = 0.5 * pow(10, -Double(data.decimals[channel]))
                #expect(abs(data.layers[2].channels[channel][n] - m[k]) <= half + 1e-15, "m\(k / 4 + 1)\(k % 4 + 1) at frame \(n)")
            }
            // The rotation (linear 0 → 3 rad) in the matrix, computed independently: m11 = cos, m12 = sin
            // (CA's row-vector convention), the perspective entry kept.
            if n < 60 {
                #expect(abs(angle - 3 * Double(n) / 60) <= 1e-12)
                #expect(abs(data.layers[2].channels[8][n] - cos(angle)) <= 0.000005 + 1e-12)
                #expect(abs(data.layers[2].channels[9][n] - sin(angle)) <= 0.000005 + 1e-12)
                #expect(data.layers[2].channels[19][n] == -0.002)
            }
        }
    }

    @Test("events are listed from the first frame at or after their time")
    func events() throws {
        let html = try page()
        // fade: added at 0.25 (didStart at 0.25 = frame 15), 0.5 s long: didStop at 0.75 = frame 45.
        #expect(html.contains("<li data-frame=\"15\" hidden><b>0.2500 s</b> didStart fader/fade</li>"))
        #expect(html.contains("<li data-frame=\"45\" hidden><b>0.7500 s</b> didStop fader/fade finished</li>"))
        #expect(html.contains("<li data-frame=\"0\" hidden><b>0.0000 s</b> didStart mover/move</li>"))
    }

    @Test("--from/--to choose the frames; bad options are typed errors")
    func range() throws {
        let data = try PageData(html: try page(fps: 10, from: 0.5, to: 1))
        #expect(data.frames == 6)
        #expect(abs(data.times[0] - 0.5) < 1e-9)
        let scene = try SceneDecoder.decode(Self.scene)
        #expect(throws: PreviewError.invalidFPS(0)) { try ScenePreview.document(scene: scene, title: "", fps: 0) }
        #expect(throws: PreviewError.self) { try ScenePreview.document(scene: scene, title: "", fps: .nan) }  // NaN ≠ NaN: the case is not compared
        #expect(throws: PreviewError.invalidRange(from: 2, to: 1, longest: 3600)) { try ScenePreview.document(scene: scene, title: "", from: 2, to: 1) }
        #expect(throws: PreviewError.invalidRange(from: 0, to: .infinity, longest: 3600)) { try ScenePreview.document(scene: scene, title: "", from: 0, to: .infinity) }
        // Times a page would write clamped to ±10⁹ s (all frames reading 10⁹): refused, naming the time.
        #expect(throws: PreviewError.timeOutOfRange(2e9, limit: 1e9)) { try ScenePreview.document(scene: scene, title: "", from: 2e9, to: 2_000_000_010) }
        #expect(throws: PreviewError.timeOutOfRange(-1_000_000_000.5, limit: 1e9)) {
            try ScenePreview.document(scene: scene, title: "", from: -1_000_000_000.5, to: -999_999_999)
        }
        #expect(throws: PreviewError.timeOutOfRange(1_000_000_000.5, limit: 1e9)) {
            try ScenePreview.document(scene: scene, title: "", from: 999_999_999, to: 1_000_000_000.5)
        }
        #expect(throws: PreviewError.tooLarge(count: 3 * 360_001, limit: ScenePreview.maximumLayerFrames)) {
            try ScenePreview.document(scene: scene, title: "", fps: 100, from: 0, to: 3600)
        }
    }

    @Test("hostile values: markup in ids is escaped, absurd geometry is clamped, the page is still made")
    func hostile() throws {
        let text = """
            {"format": "mediatiming-scene/1",
             "layers": [{"id": "<b>&x", "model": {"bounds": [0, 0, 1e300, -5], "position": [-1e200, 3]}}],
             "script": [{"at": 0, "add": {"layer": "<b>&x", "key": "k<", "animation": {"type": "basic", "keyPath": "opacity",
               "fromValue": 0, "toValue": 1, "timing": {"duration": 0.5}}}}],
             "sample": {"from": 0, "to": 1, "fps": 10}}
            """
        let html = try page(text)
        #expect(!html.contains("<b>&x"))  // (the event list itself uses <b> for times)
        #expect(html.contains("didStart &lt;b&gt;&amp;x/k&lt;"))
        let data = try PageData(html: html)
        #expect(data.layers[0].id == "<b>&x")
        // ±PreviewChannel.maximumMagnitude (1e9): the page never sees an unbounded number.
        #expect(data.series("<b>&x", "bounds.width") == Array(repeating: 1e9, count: data.frames))
        #expect(data.series("<b>&x", "position.x") == Array(repeating: -1e9, count: data.frames))
        #expect(data.series("<b>&x", "bounds.height") == Array(repeating: -5, count: data.frames))
    }

    @Test("encoding: a constant once, differences with runs of three or more written d*k")
    func encoding() {
        #expect(PreviewChannel.encode([250, 250, 250], decimals: 2) == "2.5")
        #expect(PreviewChannel.encode([-1, -1], decimals: 4) == "-0.0001")
        #expect(PreviewChannel.encode([0, 1, 2, 3, 4, 10, 10], decimals: 2) == "\"0,1*4,6,0\"")
        #expect(PreviewChannel.encode([5, 3, 3, 3, 3], decimals: 0) == "\"5,-2,0*3\"")
        #expect(PreviewChannel.quantize(1.005, decimals: 2) == 100)  // 1.005 is 1.00499999999999989… in binary
        #expect(PreviewChannel.quantize(-0.125, decimals: 2) == -13)  // half away from zero
        #expect(PreviewChannel.quantize(.infinity, decimals: 2) == 100_000_000_000)
        #expect(PreviewChannel.quantize(.nan, decimals: 2) == 0)
        #expect(PreviewChannel.names.count == PreviewChannel.count && PreviewChannel.decimals.count == PreviewChannel.count)
    }
}
