import Testing

import MediaTiming
import MediaTimingPlot
import MediaTimingScene

/// Absurd but valid scenes: the plotter finishes, draws a well-formed document, writes no NaN or
/// infinity into it, and bounds what it draws.
@Suite struct PlotHostileInputTests {
    func render(_ text: String) throws -> (TimingDiagram, String) {
        let diagram = try TimingDiagram(scene: try SceneDecoder.decode(text), title: "hostile")
        let svg = diagram.svg()
        #expect(parseSVG(svg) != nil, "not well-formed")
        #expect(!svg.lowercased().contains("nan") && !svg.contains("inf\""), "a non-finite number was written")
        return (diagram, svg)
    }

    @Test("a million iterations in one second: the marks are omitted and the row says so")
    func denseIterations() throws {
        let (diagram, svg) = try render("""
            { "format": "mediatiming-scene/1", "layers": [{ "id": "a" }],
              "script": [{ "at": 0, "add": { "layer": "a", "key": "k", "animation": { "type": "basic",
                "keyPath": "opacity", "fromValue": 0, "toValue": 1,
                "timing": { "duration": 0.000001, "repeatCount": 1000000 } } } }],
              "sample": { "from": 0, "to": 2, "fps": 10 } }
            """)
        #expect(diagram.timeline.tracks.count == 1)
        #expect(diagram.timeline.tracks.first?.marksOmitted == true)
        #expect(diagram.timeline.tracks.first?.marks.isEmpty == true)
        #expect(svg.contains("iterations too dense to mark"))
    }

    @Test("huge values and a huge time range draw without non-finite coordinates")
    func hugeNumbers() throws {
        _ = try render("""
            { "format": "mediatiming-scene/1", "layers": [{ "id": "a", "model": { "opacity": 1e300 } }],
              "script": [{ "at": 0, "add": { "layer": "a", "key": "k", "animation": { "type": "basic",
                "keyPath": "opacity", "fromValue": -1e300, "toValue": 1e300,
                "timing": { "duration": "inf", "repeatCount": "inf", "autoreverses": true } } } }],
              "sample": { "times": [-1e300, 0, 1e300] } }
            """)
    }

    @Test("the limits are typed errors")
    func limits() {
        let layers = (0...SceneTimeline.maximumLayerCount).map { SceneLayer(id: "l\($0)") }
        #expect(throws: PlotError.tooManyLayers(count: layers.count, limit: SceneTimeline.maximumLayerCount)) {
            try TimingDiagram(scene: Scene(layers: layers, sample: .times([0])), title: "t")
        }
        let operations = (0...SceneTimeline.maximumOperationCount).map { _ in ScriptOperation(time: 0, action: .foreground) }
        #expect(throws: PlotError.tooManyOperations(count: operations.count, limit: SceneTimeline.maximumOperationCount)) {
            try TimingDiagram(scene: Scene(layers: [SceneLayer(id: "a")], script: operations, sample: .times([0])), title: "t")
        }
    }
}
