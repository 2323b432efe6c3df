import Testing

import MediaTiming
import MediaTimingScene

/// Runs a scene document and returns its result.
func runScene(_ json: String) throws -> SceneResult {
    try SceneRunner.run(try SceneDecoder.decode(json))
}

extension SceneResult {
    /// The number a probe reported at the sample at `time`.
    func number(_ probe: String, at time: Double) -> Double? {
        guard let sample = samples.first(where: { $0.time == time }),
            let reading = sample.values.first(where: { $0.name == probe }), case let .number(v) = reading.value
        else { return nil }
        return v
    }

    func text(_ probe: String, at time: Double) -> String? {
        guard let sample = samples.first(where: { $0.time == time }),
            let reading = sample.values.first(where: { $0.name == probe }), case let .text(v) = reading.value
        else { return nil }
        return v
    }
}

/// Semantics §17 vectors run through the scene loader and the runner (the same vectors run through the
/// Swift API in the Timing, Layers and Runtime tests).
@Suite struct SceneVectors {
    @Test("B1–B6: pause and resume through a script") func pauseResume() throws {
        let result = try runScene(#"""
            { "format": "mediatiming-scene/1",
              "layers": [ { "id": "S" }, { "id": "L", "parent": "S", "model": { "opacity": 42 } } ],
              "script": [
                { "at": 0, "add": { "layer": "L", "key": "a", "animation":
                    { "type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 100,
                      "timing": { "beginTime": 90, "duration": 20 } } } },
                { "at": 100, "pause": "L" }, { "at": 130, "resume": "L" },
                { "at": 135, "pause": "L" }, { "at": 200, "resume": "L" } ],
              "sample": { "times": [100, 130, 131, 136, 200, 201, 206] },
              "probes": [ "L.opacity", "L@time", "L/a@phase" ] }
            """#)
        let expected: [(Double, Double?, Double)] = [
            (100, 50, 100), (130, 50, 100), (131, 55, 101), (136, 75, 105), (200, 75, 105), (201, 80, 106), (206, nil, 111),
        ]
        for (t, value, local) in expected {
            if let value { expectClose(try #require(result.number("L.opacity", at: t)), value, tolerance: 1e-9, "at \(t)") }
            expectClose(try #require(result.number("L@time", at: t)), local, tolerance: 1e-9, "at \(t)")
        }
        // The animation ends at layer time 110: T = 205 after the two pauses (30 + 65 s).
        #expect(result.text("L/a@phase", at: 206) == "absent")
        #expect(result.number("L.opacity", at: 206) == 42)
        let stop = try #require(result.events.last)
        #expect(stop.isStart == false && stop.finished == true)
        expectClose(stop.time, 205, tolerance: 1e-12)
    }

    @Test("G1–G5, G7: the change-disc group") func changeDisc() throws {
        func scene(fill: String, removed: Bool) -> String {
            #"""
            { "format": "mediatiming-scene/1",
              "layers": [ { "id": "disc", "model": { "opacity": 1 } } ],
              "script": [ { "at": 0, "add": { "layer": "disc", "key": "change", "animation":
                { "type": "group", "timing": { "duration": 0.8, "fillMode": "\#(fill)" }, "removedOnCompletion": \#(removed),
                  "animations": [
                    { "type": "basic", "keyPath": "transform.scale", "fromValue": 1, "toValue": 0.9,
                      "timing": { "duration": 0.2, "fillMode": "forwards" } },
                    { "type": "basic", "keyPath": "transform.translation.y", "fromValue": 0, "toValue": -640,
                      "timing": { "beginTime": 0.4, "duration": 0.4 } },
                    { "type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0,
                      "timing": { "duration": 0.8 }, "timingFunction": "easeIn" } ] } } } ],
              "sample": { "times": [0.1, 0.3, 0.5, 0.79, 0.9] },
              "probes": [ "disc.transform.scale", "disc.transform.translation.y", "disc.opacity" ] }
            """#
        }
        let filled = try runScene(scene(fill: "forwards", removed: false))
        let rows: [(Double, Double, Double, Double)] = [
            (0.1, 0.95, 0, 0.974015403), (0.3, 0.9, 0, 0.807978051), (0.5, 0.9, -160, 0.540534707),
            (0.79, 0.9, -624, 0.021085346), (0.9, 0.9, -640, 0),
        ]
        for (g, scale, translation, opacity) in rows {
            expectClose(try #require(filled.number("disc.transform.scale", at: g)), scale, tolerance: 1e-12)
            expectClose(try #require(filled.number("disc.transform.translation.y", at: g)), translation, tolerance: 1e-9)
            expectClose(try #require(filled.number("disc.opacity", at: g)), opacity, tolerance: 5e-8)
        }
        let removed = try runScene(scene(fill: "removed", removed: true))
        #expect(removed.number("disc.transform.scale", at: 0.9) == 1)
        #expect(removed.number("disc.opacity", at: 0.9) == 1)
        #expect(removed.events.map(\.isStart) == [true, false] && removed.events[1].finished == true)
        expectClose(removed.events[1].time, 0.8, tolerance: 1e-15)
    }

    @Test("H1–H9: keyframes through the scene format") func keyframes() throws {
        func value(_ animation: String, at p: Double) throws -> Double {
            let result = try runScene(#"""
                { "format": "mediatiming-scene/1", "layers": [ { "id": "L" } ],
                  "script": [ { "at": 0, "add": { "layer": "L", "key": "k", "animation":
                    { "type": "keyframe", "keyPath": "position.y", "timing": { "duration": 1, "fillMode": "forwards" },
                      "removedOnCompletion": false, \#(animation) } } } ],
                  "sample": { "times": [\#(p)] }, "probes": [ "L.position.y" ] }
                """#)
            return try #require(result.number("L.position.y", at: p))
        }
        expectClose(try value(#""values": [0, 10, 30]"#, at: 0.25), 5)  // H1
        expectClose(try value(#""values": [0, 10, 30]"#, at: 0.75), 20)
        expectClose(try value(#""values": [0, 10, 30], "keyTimes": [0, 0.2, 1]"#, at: 0.1), 5)  // H2
        expectClose(try value(#""values": [0, 10, 30], "keyTimes": [0, 0.2, 1]"#, at: 0.6), 20)
        expectClose(try value(#""values": [0, 10, 30], "timingFunctions": ["easeIn", "linear"]"#, at: 0.25), 3.153568, tolerance: 1e-6)  // H3
        expectClose(try value(#""values": [0, 10, 30], "timingFunction": "easeInEaseOut""#, at: 0.25), 2.583239, tolerance: 1e-6)  // H4
        for (p, v) in [(0.30, 0.0), (0.34, 1), (0.70, 2), (1.0, 2)] {  // H5 with A, B, C = 0, 1, 2
            expectClose(try value(#""values": [0, 1, 2], "calculationMode": "discrete""#, at: p), v)
        }
        for (p, v) in [(0.1, 310.0), (0.25, 60), (0.6, 120), (0.8, 60), (1.0, 60)] {  // H6
            expectClose(try value(#""values": [310, 60, 120, 60], "keyTimes": [0, 0.25, 0.5, 0.75, 1], "calculationMode": "discrete""#, at: p), v)
        }
        for (p, v) in [(0.4, 1.0), (0.75, 2)] {  // H7 (U8: keyTimes ignored)
            expectClose(try value(#""values": [0, 1, 2], "keyTimes": [0, 0.5, 1], "calculationMode": "discrete""#, at: p), v)
        }
        expectClose(try value(#""values": [0, 10, 30], "calculationMode": "paced""#, at: 0.25), 7.5)  // H8
        expectClose(try value(#""values": [0, 10, 30], "calculationMode": "paced""#, at: 0.5), 15)
        for (p, v) in [(0.25, 155.0), (0.5, 120), (0.75, 155)] {  // H9
            expectClose(try value(#""values": [310, 60, 120, 60, 310], "calculationMode": "paced""#, at: p), v, tolerance: 1e-9)
        }
    }

    @Test("N1–N5, N9: a spring from 0 to 640") func spring() throws {
        let result = try runScene(#"""
            { "format": "mediatiming-scene/1", "layers": [ { "id": "L" } ],
              "script": [ { "at": 0, "add": { "layer": "L", "key": "s", "animation":
                { "type": "spring", "keyPath": "position.x", "fromValue": 0, "toValue": 640,
                  "mass": 1, "stiffness": 100, "damping": 10, "timing": { "duration": 2 } } } } ],
              "sample": { "times": [0.1, 0.2, 0.3, 0.5, 1.0, 2.5] }, "probes": [ "L.position.x" ] }
            """#)
        for (t, x) in [(0.1, 0.340299847), (0.2, 0.849425635), (0.3, 1.124354767), (0.5, 1.074590567), (1.0, 1.002170117)] {
            expectClose(try #require(result.number("L.position.x", at: t)), 640 * x, tolerance: 1e-6)
        }
        #expect(result.number("L.position.x", at: 2.5) == 0)  // removed at τ = 2 (N9)
        #expect(result.events.last?.finished == true && result.events.last?.time == 2)
    }

    @Test("O1–O6: the replicator spinner, probed per instance") func replicator() throws {
        let result = try runScene(#"""
            { "format": "mediatiming-scene/1",
              "layers": [ { "id": "spinner", "replicator": { "instanceCount": 12, "instanceDelay": 0.08333333333333333 } },
                          { "id": "dot", "parent": "spinner", "model": { "opacity": 0 } } ],
              "script": [ { "at": 0, "add": { "layer": "dot", "key": "fade", "animation":
                { "type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0,
                  "timing": { "duration": 1, "repeatCount": "inf" } } } } ],
              "sample": { "times": [0.1, 0.5] },
              "probes": [ "dot[0].opacity", "dot[1].opacity", "dot[2].opacity", "dot[3].opacity", "dot[6].opacity", "dot[7].opacity" ] }
            """#)
        for (probe, t, v) in [("dot[0].opacity", 0.1, 0.9), ("dot[1].opacity", 0.1, 0.983333), ("dot[2].opacity", 0.1, 0),
                              ("dot[3].opacity", 0.5, 0.75), ("dot[6].opacity", 0.5, 1.0), ("dot[7].opacity", 0.5, 0)] {
            expectClose(try #require(result.number(probe, at: t)), v, tolerance: 1e-6, "\(probe) at \(t)")
        }
    }

    @Test("P1, P4, Q1–Q5, Q7: begin times and events through a script") func events() throws {
        let result = try runScene(#"""
            { "format": "mediatiming-scene/1",
              "layers": [ { "id": "L", "timing": { "timeOffset": 10 } } ],
              "script": [
                { "at": 0, "add": { "layer": "L", "key": "q1", "animation": { "type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "timing": { "duration": 1 } } } },
                { "at": 0, "add": { "layer": "L", "key": "q2", "animation": { "type": "basic", "keyPath": "cornerRadius", "fromValue": 0, "toValue": 1, "timing": { "beginTime": 12, "duration": 1, "fillMode": "backwards" } } } },
                { "at": 0, "add": { "layer": "L", "key": "q3", "animation": { "type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 1, "timing": { "duration": 1 } } } },
                { "at": 0.5, "remove": { "layer": "L", "key": "q3" } },
                { "at": 0, "add": { "layer": "L", "key": "q5", "animation": { "removedOnCompletion": false, "type": "basic", "keyPath": "position.y", "fromValue": 0, "toValue": 1, "timing": { "duration": 1, "fillMode": "forwards" } } } },
                { "at": 2.5, "add": { "layer": "L", "key": "q7", "animation": { "type": "basic", "keyPath": "bounds.size.width", "fromValue": 0, "toValue": 1, "timing": { "duration": 5 } } } },
                { "at": 3.5, "background": true } ],
              "sample": { "times": [0, 1.5, 4] },
              "probes": [ "L/q1@phase", "L/q2@phase", "L/q5@phase", "L/q5@iteration", "L@time" ] }
            """#)
        let summary = result.events.map { "\($0.key) \($0.isStart ? "start" : "stop \($0.finished == true)")" }
        #expect(summary == [
            "q1 start", "q3 start", "q5 start", "q3 stop false", "q1 stop true", "q5 stop true",
            "q2 start", "q7 start", "q2 stop true", "q7 stop false",
        ])
        #expect(result.events.map(\.time).enumerated().allSatisfy { index, t in index == 0 || t >= result.events[index - 1].time })
        #expect(result.text("L/q2@phase", at: 0) == "before")
        #expect(result.text("L/q5@phase", at: 4) == "after")  // Q5: kept
        #expect(result.text("L/q1@phase", at: 1.5) == "absent")
        #expect(result.number("L@time", at: 0) == 10)  // P1: the layer's now
    }
}

/// More of semantics §17 through the scene loader: B7–B11, F, K, P2–P5, Q6.
@Suite struct MoreSceneVectors {
    /// One animation of `position.x` (model 42) on layer `L`, sampled at `times`.
    func single(_ animation: String, layerTiming: String = "{}", times: [Double], extra: String = "") throws -> SceneResult {
        try runScene(#"""
            { "format": "mediatiming-scene/1",
              "layers": [ { "id": "L", "timing": \#(layerTiming), "model": { "position.x": 42 } } ],
              "script": [ { "at": 0, "add": { "layer": "L", "key": "a", "animation": \#(animation) } } \#(extra) ],
              "sample": { "times": \#(times) }, "probes": [ "L.position.x", "L/a@phase", "L/a@iteration", "L/a@time" ] }
            """#)
    }

    @Test("B7–B11: pause and resume under a superlayer of speed 2") func fastSuperlayer() throws {
        let result = try runScene(#"""
            { "format": "mediatiming-scene/1",
              "layers": [ { "id": "S", "timing": { "speed": 2 } }, { "id": "L", "parent": "S" } ],
              "script": [
                { "at": 0, "add": { "layer": "L", "key": "a", "animation":
                    { "type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "timing": { "beginTime": 180, "duration": 40 } } } },
                { "at": 100, "pause": "L" }, { "at": 130, "resume": "L" } ],
              "sample": { "times": [100, 130, 131, 141] }, "probes": [ "S@time", "L@time", "L.opacity" ] }
            """#)
        #expect(result.number("L@time", at: 100) == 200)
        expectClose(try #require(result.number("L.opacity", at: 100)), 0.5)
        #expect(result.number("S@time", at: 130) == 260 && result.number("L@time", at: 130) == 200)
        #expect(result.number("L@time", at: 131) == 202)
        expectClose(try #require(result.number("L.opacity", at: 131)), 0.55)
        #expect(result.events.last?.isStart == false)
        expectClose(try #require(result.events.last?.time), 140, tolerance: 1e-12)
    }

    @Test("F1–F5: a cumulative rotation repeating forever") func cumulative() throws {
        let result = try runScene(#"""
            { "format": "mediatiming-scene/1", "layers": [ { "id": "a" }, { "id": "b" }, { "id": "c" } ],
              "script": [
                { "at": 0, "add": { "layer": "a", "key": "spin", "animation": { "type": "basic", "keyPath": "transform.rotation.z",
                  "fromValue": 0, "toValue": 6.283185307179586, "cumulative": true, "timing": { "duration": 30, "repeatCount": "inf" } } } },
                { "at": 0, "add": { "layer": "b", "key": "spin", "animation": { "type": "basic", "keyPath": "transform.rotation.z",
                  "fromValue": 0, "toValue": 6.283185307179586, "timing": { "duration": 30, "repeatCount": "inf" } } } },
                { "at": 0, "add": { "layer": "c", "key": "spin", "animation": { "type": "basic", "keyPath": "transform.rotation.z",
                  "fromValue": 1, "toValue": 2, "cumulative": true, "timing": { "duration": 30, "repeatCount": "inf" } } } } ],
              "sample": { "times": [29.999, 30, 95] },
              "probes": [ "a.transform.rotation.z", "b.transform.rotation.z", "c.transform.rotation.z", "a/spin@iteration" ] }
            """#)
        expectClose(try #require(result.number("a.transform.rotation.z", at: 95)), 19.896753473)  // F1
        expectClose(try #require(result.number("b.transform.rotation.z", at: 95)), 1.047197551)  // F2
        expectClose(try #require(result.number("a.transform.rotation.z", at: 30)), 6.283185307)  // F3
        expectClose(try #require(result.number("a.transform.rotation.z", at: 29.999)), 6.282975868)  // F4
        expectClose(try #require(result.number("c.transform.rotation.z", at: 95)), 7.166667, tolerance: 1e-6)  // F5
        #expect(result.number("a/spin@iteration", at: 95) == 3)
    }

    @Test("K1, K2: speeds multiply through groups and layers") func hierarchy() throws {
        // A linear 0 → 10 over 10 s shows its own local time.
        let k1 = try single(#"""
            { "type": "group", "timing": { "speed": 2, "duration": 100 }, "animations": [
              { "type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 10, "timing": { "speed": 1.5, "duration": 10 } } ] }
            """#, times: [0.5])
        expectClose(try #require(k1.number("L.position.x", at: 0.5)), 1.5)
        let k2 = try single(
            #"{ "type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 10, "timing": { "speed": 3, "duration": 10 } }"#,
            layerTiming: #"{ "speed": 0.5 }"#, times: [1])
        expectClose(try #require(k2.number("L.position.x", at: 1)), 1.5)
    }

    @Test("K3–K7: negative and Float speeds") func speeds() throws {
        let basic = #""type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "removedOnCompletion": false"#
        let reverse = try single(#"{ \#(basic), "timing": { "duration": 1, "speed": -1, "fillMode": "forwards" } }"#, times: [0.25, 0.9, 2])
        expectClose(try #require(reverse.number("L.position.x", at: 0.25)), 75)  // K3
        expectClose(try #require(reverse.number("L.position.x", at: 0.9)), 10)  // K4
        expectClose(try #require(reverse.number("L.position.x", at: 2)), 0)  // K5
        let idiom = try single(#"{ \#(basic), "timing": { "duration": 1, "speed": -1, "timeOffset": 1 } }"#, times: [0.25])
        expectClose(try #require(idiom.number("L.position.x", at: 0.25)), 75)  // K6
        let slow = try single(#"{ \#(basic), "timing": { "duration": 10, "speed": 0.1 } }"#, times: [99.9999985, 99.99999852])
        #expect(slow.text("L/a@phase", at: 99.9999985) == "active" && slow.text("L/a@phase", at: 99.99999852) == "after")  // K7
        expectClose(try #require(slow.events.last?.time), 99.99999851, tolerance: 1e-8)
    }

    @Test("K8: under a layer of speed −1 an animation begun at the add shows nothing (R9, U14)") func reversedLayer() throws {
        let result = try single(
            #"{ "type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "timing": { "duration": 1 } }"#,
            layerTiming: #"{ "speed": -1 }"#, times: [0.5])
        #expect(result.number("L.position.x", at: 0.5) == 42)
        #expect(result.events.map(\.isStart) == [true, false] && result.events[1].finished == true)
        #expect(result.events[1].time < 1e-300)  // left through its start at once: the first double after 0
    }

    @Test("P2–P5: begin times") func beginTimes() throws {
        let basic = #""type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100"#
        let atZero = try single(#"{ \#(basic), "timing": { "beginTime": 1e-100, "duration": 3 } }"#, layerTiming: #"{ "timeOffset": 42 }"#, times: [0])
        #expect(atZero.number("L.position.x", at: 0) == 42 && atZero.text("L/a@phase", at: 0) == "absent")  // P2
        let group = try single(#"{ "type": "group", "timing": { "duration": 3 }, "animations": [ { \#(basic), "timing": { "duration": 3 } } ] }"#,
                               layerTiming: #"{ "timeOffset": 42 }"#, times: [1.5])
        expectClose(try #require(group.number("L.position.x", at: 1.5)), 50)  // P3
        let past = try single(#"{ \#(basic), "timing": { "beginTime": -1.5, "duration": 3 } }"#, times: [0, 2])
        expectClose(try #require(past.number("L.position.x", at: 0)), 50)  // P4
        expectClose(try #require(past.events.last?.time), 1.5, tolerance: 2 * 3.0.ulp)
        let slider = try single(#"{ \#(basic), "timing": { "duration": 1 } }"#, times: [0],
                                extra: #", { "at": 0, "setTiming": { "layer": "L", "speed": 0, "timeOffset": 0.3 } }"#)
        expectClose(try #require(slider.number("L.position.x", at: 0)), 30)  // P5
    }

    @Test("Q6: a group's children deliver no events") func groupEvents() throws {
        let result = try single(#"""
            { "type": "group", "timing": { "duration": 2 }, "animations": [
              { "type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 1, "timing": { "duration": 1 } } ] }
            """#, times: [3])
        #expect(result.events.map(\.key) == ["a", "a"] && result.events.map(\.time) == [0, 2])
    }
}
