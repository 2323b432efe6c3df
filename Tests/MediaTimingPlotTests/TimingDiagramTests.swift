import Foundation
import Testing

import MediaTiming
import MediaTimingPlot
import MediaTimingScene

/// Coordinates are written with two decimals: a written coordinate is within half a hundredth of the
/// exact one (plus rounding noise).
let coordinateTolerance = 0.0051

/// A scene whose phase bands and iteration starts follow from the spec's formulas by hand
/// (Docs/semantics.md §3, §5.1, §6.1):
/// - `plain` (identity time space): `bounce` with beginTime 1, duration 0.5, repeatCount 3, speed 2 → the
///   active duration AD = 0.5·3 = 1.5 s of local time, begin at 1 s, end at 1 + AD/2 = 1.75 s, iterations
///   starting every d/2 = 0.25 s: 1.25 and 1.5 s; fill both, kept after its end.
/// - `fast` (layer speed 2, so media time T maps to local time 2T): `move` with beginTime 1, duration 1,
///   removed on completion → active in local [1, 2), media [0.5, 1).
let bandScene = """
    {
      "format": "mediatiming-scene/1",
      "layers": [
        { "id": "plain", "model": { "opacity": 1 } },
        { "id": "fast", "timing": { "speed": 2 }, "model": { "position": [0, 0] } }
      ],
      "script": [
        { "at": 0, "add": { "layer": "plain", "key": "bounce", "animation": { "type": "basic", "keyPath": "opacity",
            "fromValue": 0, "toValue": 1, "removedOnCompletion": false,
            "timing": { "beginTime": 1, "duration": 0.5, "repeatCount": 3, "speed": 2, "fillMode": "both" } } } },
        { "at": 0, "add": { "layer": "fast", "key": "move", "animation": { "type": "basic", "keyPath": "position",
            "fromValue": [0, 0], "toValue": [100, 50], "timing": { "beginTime": 1, "duration": 1 } } } },
        { "at": 2.2, "pause": "plain" },
        { "at": 2.6, "resume": "plain" }
      ],
      "sample": { "from": 0, "to": 3, "fps": 20 },
      "probes": ["plain.opacity", "fast.position", "plain/bounce@phase"]
    }
    """

func decode(_ text: String) throws -> Scene { try SceneDecoder.decode(text) }

func elements(of diagram: TimingDiagram) throws -> [SVGElement] {
    let parsed = parseSVG(diagram.svg())
    #expect(parsed != nil, "the SVG is not well-formed XML")
    return parsed ?? []
}

@Suite struct TimingDiagramTests {
    @Test("the SVG parses as XML, with an svg root of the layout's size")
    func parses() throws {
        let diagram = try TimingDiagram(scene: try decode(bandScene), title: "bands & <iterations>")
        let all = try elements(of: diagram)
        #expect(all.first?.name == "svg")
        #expect(all.first?.number("height") == diagram.layout.height)
        #expect(all.contains { $0.name == "text" && $0.classes.contains("title") })
    }

    @Test("one lane per probe, in probe order, named after the probe")
    func lanePerProbe() throws {
        let scene = try decode(bandScene)
        let all = try elements(of: try TimingDiagram(scene: scene, title: "t"))
        let lanes = all.filter { $0.name == "g" && $0.classes.contains("lane") }
        #expect(lanes.map { $0.attributes["data-probe"] ?? "" } == ["plain.opacity", "fast.position", "plain/bounce@phase"])
    }

    @Test("event markers sit at the time scale applied to the runtime's event times")
    func markers() throws {
        let scene = try decode(bandScene)
        let diagram = try TimingDiagram(scene: scene, title: "t")
        let events = try SceneRunner.run(scene).events
        // The spec's times (see bandScene): fast/move 0.5 → 1 (finished), plain/bounce 1 → 1.75.
        #expect(events.map(\.time) == [0.5, 1, 1, 1.75])
        let markers = try elements(of: diagram).filter { $0.name == "line" && $0.classes.first == "event" }
        #expect(markers.count == events.count)
        for event in events {
            let kind = event.isStart ? "didStart" : "didStop"
            let marker = markers.first {
                $0.classes.contains(kind) && $0.attributes["data-layer"] == event.layer && $0.attributes["data-key"] == event.key
            }
            guard let marker, let x1 = marker.number("x1"), let x2 = marker.number("x2") else {
                Issue.record("no \(kind) marker for \(event.layer)/\(event.key)")
                continue
            }
            #expect(marker.number("data-time") == event.time)
            let expected = diagram.layout.timeScale(event.time)
            #expect(abs(x1 - expected) <= coordinateTolerance && x1 == x2, "\(kind) \(event.key): \(x1) vs \(expected)")
        }
    }

    @Test("band edges are the scale applied to begin and end times computed from the spec")
    func bandEdges() throws {
        let diagram = try TimingDiagram(scene: try decode(bandScene), title: "t")
        let scale = diagram.layout.timeScale
        // The scale itself: the first sample (0 s) at the left edge, the last (3 s) at the right edge.
        #expect(scale(0) == PlotLayout.plotLeft && scale(3) == PlotLayout.plotRight)
        let bands = try elements(of: diagram).filter { $0.name == "rect" && $0.classes.first == "band" }
        func band(_ layer: String, _ phase: String) -> (x1: Double, x2: Double, shown: Bool)? {
            guard let e = bands.first(where: { $0.group("data-layer") == layer && $0.classes.contains(phase) }),
                let x = e.number("x"), let w = e.number("width")
            else { return nil }
            return (x, x + w, e.classes.contains("shown"))
        }
        let expected: [(layer: String, phase: String, from: Double, to: Double, shown: Bool)] = [
            ("plain", "before", 0, 1, true), ("plain", "active", 1, 1.75, true), ("plain", "after", 1.75, 3, true),
            ("fast", "before", 0, 0.5, false), ("fast", "active", 0.5, 1, true),
        ]
        for e in expected {
            guard let b = band(e.layer, e.phase) else {
                Issue.record("no \(e.phase) band for \(e.layer)")
                continue
            }
            #expect(abs(b.x1 - scale(e.from)) <= 2 * coordinateTolerance, "\(e.layer) \(e.phase) from")
            #expect(abs(b.x2 - scale(e.to)) <= 2 * coordinateTolerance, "\(e.layer) \(e.phase) to")
            #expect(b.shown == e.shown, "\(e.layer) \(e.phase) fill")
        }
        // Removed on completion: no after band for `fast`.
        #expect(band("fast", "after") == nil)
        // Iteration starts of `plain/bounce` at 1.25 s and 1.5 s (every d/speed = 0.25 s after the begin).
        let ticks = try elements(of: diagram).filter { $0.name == "line" && $0.classes == ["iteration"] }
        #expect(ticks.count == 2)
        for (tick, time) in zip(ticks, [1.25, 1.5]) {
            #expect(abs((tick.number("x1") ?? .nan) - scale(time)) <= coordinateTolerance)
        }
        #expect(ticks.map { $0.attributes["data-index"] ?? "" } == ["1", "2"])
    }

    @Test("pause intervals come from the script's pause and resume")
    func pauses() throws {
        let diagram = try TimingDiagram(scene: try decode(bandScene), title: "t")
        #expect(diagram.timeline.pauses == [PauseInterval(layer: "plain", from: 2.2, to: 2.6)])
        let rects = try elements(of: diagram).filter { $0.name == "rect" && $0.classes == ["pause"] }
        #expect(rects.count == 1)
        if let rect = rects.first, let x = rect.number("x"), let w = rect.number("width") {
            let scale = diagram.layout.timeScale
            #expect(abs(x - scale(2.2)) <= coordinateTolerance && abs(x + w - scale(2.6)) <= 2 * coordinateTolerance)
        }
    }

    @Test("polyline points map back to the sampled times and values, one line per component")
    func polylines() throws {
        let scene = try decode(bandScene)
        let diagram = try TimingDiagram(scene: scene, title: "t")
        let result = try SceneRunner.run(scene)
        let all = try elements(of: diagram)
        for (index, lane) in diagram.layout.lanes.enumerated() {
            let lines = all.filter { $0.name == "polyline" && $0.group("data-probe") == lane.name }
            let components: Int
            switch result.samples[0].values[index].value {
            case let .numbers(vs): components = vs.count
            default: components = 1
            }
            #expect(Set(lines.compactMap { $0.attributes["data-component"] }).count == components, "\(lane.name)")
            for component in 0..<components {
                let points = lines.filter { $0.attributes["data-component"] == "\(component)" }.flatMap(polylinePoints)
                // Categorical (step) lines add a corner before each change; numbers have one point per sample.
                let stepped: Bool
                if case .categorical = lane.kind { stepped = true } else { stepped = false }
                var cursor = 0
                for sample in result.samples {
                    let expected: Double
                    switch sample.values[index].value {
                    case let .number(v): expected = v
                    case let .numbers(vs): expected = vs[component]
                    case let .text(phase):
                        guard let level = ProbeLane.phaseOrder.firstIndex(of: phase) else {
                            Issue.record("unexpected phase \(phase)")
                            continue
                        }
                        expected = Double(level)
                    case .null: continue
                    }
                    let x = diagram.layout.timeScale(sample.time)
                    while stepped, cursor < points.count, abs(points[cursor].x - x) <= coordinateTolerance,
                        abs(lane.valueScale.value(at: points[cursor].y) - expected) > 1e-6 + valueTolerance(lane)
                    {
                        cursor += 1
                    }
                    guard cursor < points.count else {
                        Issue.record("\(lane.name)[\(component)]: no point for t = \(sample.time)")
                        break
                    }
                    #expect(abs(points[cursor].x - x) <= coordinateTolerance, "\(lane.name) t = \(sample.time)")
                    let value = lane.valueScale.value(at: points[cursor].y)
                    #expect(abs(value - expected) <= valueTolerance(lane), "\(lane.name) t = \(sample.time): \(value) vs \(expected)")
                    cursor += 1
                }
                #expect(cursor == points.count, "\(lane.name)[\(component)]: extra points")
            }
        }
    }

    /// The value a written coordinate's rounding can move: half a hundredth of a pixel in value units.
    func valueTolerance(_ lane: ProbeLane) -> Double {
        let scale = lane.valueScale
        return coordinateTolerance * abs((scale.domainUpper - scale.domainLower) / (scale.rangeUpper - scale.rangeLower))
    }

    @Test("the same scene gives the same bytes, for every example")
    func deterministic() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 8)
        for name in names {
            let text = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
            let first = try TimingDiagram(scene: try decode(text), title: name).svg()
            let second = try TimingDiagram(scene: try decode(text), title: name).svg()
            #expect(first == second, "\(name)")
            #expect(parseSVG(first) != nil, "\(name) is not well-formed")
        }
    }

    @Test("bad scenes give typed errors, never a trap")
    func errors() throws {
        let missingLayer = Scene(
            layers: [SceneLayer(id: "a")], script: [ScriptOperation(time: 0, action: .pause(layer: "ghost"))],
            sample: .times([0, 1]))
        #expect {
            try TimingDiagram(scene: missingLayer, title: "t")
        } throws: { error in
            guard case let .scene(lines)? = error as? PlotError else { return false }
            return lines.contains { $0.hasPrefix("script[0]") && $0.contains("ghost") }
        }
        #expect(throws: PlotError.noSamples) {
            try TimingDiagram(scene: Scene(layers: [SceneLayer(id: "a")], sample: .times([])), title: "t")
        }
        #expect(throws: PlotError.tooManySamples(count: 100_001, limit: SceneTimeline.maximumSampleCount)) {
            try TimingDiagram(scene: Scene(layers: [SceneLayer(id: "a")], sample: .frames(from: 0, to: 1000, fps: 100)), title: "t")
        }
    }

    @Test("fixed decimals without locale: rounding, signs, clamping")
    func fixedDecimal() {
        #expect(FixedDecimal.format(1.005, decimals: 2) == "1.00")  // 1.005 is 1.00499999999999989… as a Double
        #expect(FixedDecimal.format(-2.5, decimals: 0) == "-3")  // half away from zero
        #expect(FixedDecimal.format(-0.001, decimals: 2) == "0.00")
        #expect(FixedDecimal.format(1234.5678, decimals: 3) == "1234.568")
        #expect(FixedDecimal.format(0.05, decimals: 1) == "0.1")  // 0.05 · 10 is 0.5 after one rounding
        #expect(FixedDecimal.format(-1234.5, decimals: 2) == "-1234.50")
        #expect(FixedDecimal.format(.nan, decimals: 2) == "0.00")
        #expect(FixedDecimal.format(.infinity, decimals: 0) == "1000000000000000")
    }
}

@Suite struct LinearScaleTests {
    @Test("ticks: steps of 1, 2 or 5 times a power of ten, bounds on a multiple included")
    func ticks() {
        let scale = LinearScale(domain: 0...1.2, rangeLower: 0, rangeUpper: 100)
        let (values, decimals) = scale.ticks(count: 10)
        // 1.2 / 10 = 0.12 → step 0.2 → 0, 0.2, …, 1.2 (seven ticks, one decimal).
        #expect(values.count == 7 && decimals == 1)
        #expect(values.map { FixedDecimal.format($0, decimals: decimals) } == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0", "1.2"])
        let wide = LinearScale(domain: 95...210, rangeLower: 0, rangeUpper: 1).ticks(count: 10)
        // 115 / 10 = 11.5 → step 20 → 100, 120, …, 200.
        #expect(wide.values == [100, 120, 140, 160, 180, 200] && wide.decimals == 0)
        #expect(scale(0.6) == 50 && scale.value(at: 25) == 0.3)
    }
}
