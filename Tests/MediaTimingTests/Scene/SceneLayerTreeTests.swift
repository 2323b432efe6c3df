import Testing

import MediaTiming
import MediaTimingScene

/// The scene operations `addLayer`, `removeLayer` and `moveLayer` (Docs/scene-format.md, Operations;
/// Docs/semantics.md §18): decoding, errors, and the values and events of Examples/layer-tree.json.
@Suite struct SceneLayerTreeTests {
    @Test func theOperationsDecode() throws {
        let scene = try SceneDecoder.decode(
            sceneText(
                script: #"""
                    [{"at": 1, "addLayer": {"id": "b", "parent": "disc", "timing": {"speed": 2}, "model": {"opacity": 0.5}}},
                     {"at": 2, "removeLayer": "b"},
                     {"at": 3, "moveLayer": {"layer": "b", "parent": null}},
                     {"at": 4, "moveLayer": {"layer": "disc", "parent": "b"}}]
                    """#,
                probes: #"["b.opacity", "b@time"]"#))
        #expect(scene.layers.count == 1)
        guard case let .addLayer(layer) = scene.script[0].action else { Issue.record("not addLayer"); return }
        #expect(layer.id == "b" && layer.parent == "disc" && layer.timeSpace == TimeSpace(speed: 2))
        #expect(layer.model.map(\.keyPath) == [.opacity] && layer.model.map(\.value) == [.scalar(0.5)])
        guard case .removeLayer("b") = scene.script[1].action else { Issue.record("not removeLayer"); return }
        guard case .moveLayer("b", nil) = scene.script[2].action else { Issue.record("not moveLayer"); return }
        guard case .moveLayer("disc", "b") = scene.script[3].action else { Issue.record("not moveLayer"); return }
    }

    @Test func errorsNameTheOperation() throws {
        // A reference to an added layer before its add (in time), an unknown parent, a duplicate id,
        // a missing parent field, an unknown field.
        let lines = errorLines(
            sceneText(
                script: #"""
                    [{"at": 2, "addLayer": {"id": "b"}},
                     {"at": 1, "removeLayer": "b"},
                     {"at": 3, "addLayer": {"id": "c", "parent": "nope"}},
                     {"at": 3, "addLayer": {"id": "disc"}},
                     {"at": 3, "moveLayer": {"layer": "b"}},
                     {"at": 3, "moveLayer": {"layer": "b", "parent": null, "index": 0}}]
                    """#))
        #expect(lines == [
            #"script[1].removeLayer: layer "b" is added at 2, after this operation"#,
            #"script[2].addLayer.parent: no layer "nope""#,
            #"script[3].addLayer.id: duplicate layer id "disc""#,
            #"script[4].moveLayer: missing field "parent""#,
            #"script[5].moveLayer.index: unknown field"#,
        ])
        // A reference in document order before the add (same time) names no layer yet.
        #expect(errorLines(sceneText(script: #"[{"at": 0, "removeLayer": "b"}, {"at": 0, "addLayer": {"id": "b"}}]"#))
            == [#"script[0].removeLayer: no layer "b""#])
    }

    @Test func runtimeErrorsNameTheOperation() throws {
        let scene = try SceneDecoder.decode(
            sceneText(script: #"[{"at": 1, "removeLayer": "disc"}, {"at": 2, "removeLayer": "disc"}]"#, sample: #"{"times": [3]}"#))
        #expect(throws: SceneErrors.self) { try SceneRunner.run(scene) }
        do {
            _ = try SceneRunner.run(scene)
        } catch {
            #expect(error.errors.map(\.description) == [#"script[1]: layer "disc" is not in the layer tree"#])
        }
    }

    /// Examples/layer-tree.json, computed by hand. `card` (under `stage`, identity) has `spin`
    /// (rotation 0 → 4 over 4 s) and `fade` (opacity 1 → 0 over 4 s, kept). `badge` is added under it at 1
    /// (opacity 0.5); `card` is removed at 2 (`spin` stops, not finished; `fade` is kept), inserted under
    /// `slow` (speed 0.5) at 3, where its time is 3·0.5 = 1.5, and `badge` becomes a root at 5. `fade`
    /// ends when `card`'s time reaches 4: media time 8. Every step is exact in binary.
    @Test func theExampleScene() throws {
        let bytes = try #require(SceneExamplesTests.read(SceneExamplesTests.folder + "/layer-tree.json"))
        let result = try SceneRunner.run(try SceneDecoder.decode(bytes: bytes))
        let null = ProbeValue.null
        func n(_ x: Double) -> ProbeValue { .number(x) }
        func phase(_ p: String) -> ProbeValue { .text(p) }
        // card@time, card.opacity, card.transform.rotation.z, card/fade@phase, badge@time, badge.opacity
        let expected: [(Double, [ProbeValue])] = [
            (0.5, [n(0.5), n(0.875), n(0.5), phase("active"), null, null]),
            (1.5, [n(1.5), n(0.625), n(1.5), phase("active"), n(1.5), n(0.5)]),
            (2, [null, null, null, null, null, null]),
            (2.5, [null, null, null, null, null, null]),
            (3, [n(1.5), n(0.625), n(0), phase("active"), n(1.5), n(0.5)]),
            (5, [n(2.5), n(0.375), n(0), phase("active"), n(5), n(0.5)]),
            (9, [n(4.5), n(1), n(0), phase("after"), n(9), n(0.5)]),
        ]
        #expect(result.samples.map(\.time) == expected.map(\.0))
        for (sample, (time, values)) in zip(result.samples, expected) {
            #expect(sample.values.map(\.value) == values, "t = \(time)")
        }
        #expect(result.events == [
            SceneEvent(time: 0, layer: "card", key: "spin", isStart: true, finished: nil),
            SceneEvent(time: 0, layer: "card", key: "fade", isStart: true, finished: nil),
            SceneEvent(time: 2, layer: "card", key: "spin", isStart: false, finished: false),
            SceneEvent(time: 8, layer: "card", key: "fade", isStart: false, finished: true),
        ])
    }

    /// Without probes, an added layer's model and animations are probed, after the declared layers.
    @Test func defaultProbesIncludeAddedLayers() throws {
        let scene = try SceneDecoder.decode(
            sceneText(
                layers: #"[{"id": "disc", "model": {"opacity": 0.25}}]"#,
                script: #"[{"at": 1, "addLayer": {"id": "b", "model": {"position": [1, 2]}}}]"#, sample: #"{"times": [0, 1]}"#))
        let result = try SceneRunner.run(scene)
        #expect(result.samples.map { $0.values.map(\.name) } == [["disc.opacity", "b.position"], ["disc.opacity", "b.position"]])
        #expect(result.samples.map { $0.values.map(\.value) } == [[.number(0.25), .null], [.number(0.25), .numbers([1, 2])]])
    }
}
