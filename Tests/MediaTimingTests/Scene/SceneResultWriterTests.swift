import Testing

import MediaTiming
import MediaTimingScene

/// The `mediatiming-result/1` writer: exact bytes, numbers that read back bit for bit, CSV shape.
@Suite struct SceneResultWriterTests {
    static let result = SceneResult(
        samples: [
            SceneSample(time: 0, values: [
                SceneProbeReading(name: "disc.opacity", value: .number(1)),
                SceneProbeReading(name: "disc.position", value: .numbers([160, 240.5])),
                SceneProbeReading(name: "disc/change@phase", value: .text("before")),
                SceneProbeReading(name: "disc/change@progress", value: .null),
            ]),
            SceneSample(time: 0.1, values: [
                SceneProbeReading(name: "disc.opacity", value: .number(0.974015403)),
                SceneProbeReading(name: "disc.position", value: .numbers([-0.0, 1e-7])),
                SceneProbeReading(name: "disc/change@phase", value: .text("active")),
                SceneProbeReading(name: "disc/change@progress", value: .number(.infinity)),
            ]),
        ],
        events: [
            SceneEvent(time: 0, layer: "disc", key: "change", isStart: true, finished: nil),
            SceneEvent(time: 0.8, layer: "disc", key: "change", isStart: false, finished: true),
            SceneEvent(time: 0.9, layer: "disc", key: "q\"uote\n", isStart: false, finished: false),
        ])

    @Test("JSON: the exact document") func json() {
        #expect(SceneResultWriter.json(Self.result) == #"""
            {
              "format": "mediatiming-result/1",
              "samples": [
                {"t": 0, "values": {"disc.opacity": 1, "disc.position": [160, 240.5], "disc/change@phase": "before", "disc/change@progress": null}},
                {"t": 0.1, "values": {"disc.opacity": 0.974015403, "disc.position": [-0, 1e-07], "disc/change@phase": "active", "disc/change@progress": "inf"}}
              ],
              "events": [
                {"t": 0, "layer": "disc", "key": "change", "event": "didStart"},
                {"t": 0.8, "layer": "disc", "key": "change", "event": "didStop", "finished": true},
                {"t": 0.9, "layer": "disc", "key": "q\"uote\n", "event": "didStop", "finished": false}
              ]
            }

            """#)
        #expect(SceneResultWriter.json(SceneResult(samples: [], events: [])) == """
            {
              "format": "mediatiming-result/1",
              "samples": [],
              "events": []
            }

            """)
    }

    @Test("JSON: escaped names, non-ASCII text, probe names that change between samples") func jsonEscapes() {
        let result = SceneResult(
            samples: [
                SceneSample(time: 1, values: [
                    SceneProbeReading(name: "a\u{01}b", value: .text("é\\")),
                    SceneProbeReading(name: "x", value: .numbers([])),
                ]),
                SceneSample(time: 2, values: [
                    SceneProbeReading(name: "y\"", value: .text("plain")),
                    SceneProbeReading(name: "x", value: .numbers([1.5])),
                    SceneProbeReading(name: "z\t", value: .null),
                ]),
            ],
            events: [SceneEvent(time: 3, layer: "l\\", key: "ü", isStart: true, finished: nil)])
        #expect(SceneResultWriter.json(result) == #"""
            {
              "format": "mediatiming-result/1",
              "samples": [
                {"t": 1, "values": {"a\u0001b": "é\\", "x": []}},
                {"t": 2, "values": {"y\"": "plain", "x": [1.5], "z\t": null}}
              ],
              "events": [
                {"t": 3, "layer": "l\\", "key": "ü", "event": "didStart"}
              ]
            }

            """#)
    }

    @Test("numbers: shortest round-trip form, integral values without .0, non-finite as strings") func numbers() {
        let cases: [(Double, String)] = [
            (2, "2"), (-2, "-2"), (0, "0"), (-0.0, "-0"), (0.1, "0.1"), (1.0 / 3, "0.3333333333333333"),
            (1e16, "1e+16"), (1e-7, "1e-07"), (.leastNonzeroMagnitude, "5e-324"), (.greatestFiniteMagnitude, "1.7976931348623157e+308"),
            (9_007_199_254_740_992, "9007199254740992"), (0.30000000000000004, "0.30000000000000004"),
        ]
        for (x, text) in cases { #expect(SceneResultWriter.number(x) == text) }
        #expect(SceneResultWriter.jsonNumber(.infinity) == #""inf""#)
        #expect(SceneResultWriter.jsonNumber(-.infinity) == #""-inf""#)
        #expect(SceneResultWriter.jsonNumber(.nan) == #""nan""#)
        #expect(SceneResultWriter.jsonString("a\u{01}\t\\é") == #""a\u0001\t\\é""#)
    }

    @Test("JSON reads back to the same numbers, bit for bit", arguments: [5, 6] as [UInt64])
    func roundTrip(_ seed: UInt64) throws {
        var samples: [SceneSample] = []
        var expected: [Double] = []
        seededCheck(count: 2000, seed: seed) { rng in
            // Random bit patterns cover subnormals, huge and tiny magnitudes and both zeros.
            var x = Double(bitPattern: UInt64.random(in: .min ... .max, using: &rng))
            if !x.isFinite { x = Double.random(in: -1e6...1e6, using: &rng) }
            let y = Double(Int64.random(in: -1 << 53 ... 1 << 53, using: &rng)) / [1, 2, 10, 1000, 3].randomElement(using: &rng)!
            expected += [x, y]
            samples.append(SceneSample(time: y, values: [
                SceneProbeReading(name: "a", value: .number(x)), SceneProbeReading(name: "b", value: .numbers([y, x])),
            ]))
        }
        let text = SceneResultWriter.json(SceneResult(samples: samples, events: []))
        let document = try JSONParser().parse(text)
        guard case let .array(parsed)? = document["samples"] else { Issue.record("no samples"); return }
        #expect(parsed.count == samples.count)
        for (index, sample) in parsed.enumerated() {
            guard case let .number(t)? = sample["t"], case let .number(a)? = sample["values"]?["a"],
                case let .array(b)? = sample["values"]?["b"], case let .number(b0) = b[0], case let .number(b1) = b[1]
            else {
                Issue.record("sample \(index) malformed")
                continue
            }
            let x = expected[2 * index], y = expected[2 * index + 1]
            #expect(t.bitPattern == y.bitPattern && a.bitPattern == x.bitPattern)
            #expect(b0.bitPattern == y.bitPattern && b1.bitPattern == x.bitPattern)
        }
        #expect(document["format"] == .string("mediatiming-result/1"))
    }

    @Test("events parse back with their fields") func eventsParse() throws {
        let document = try JSONParser().parse(SceneResultWriter.json(Self.result))
        guard case let .array(events)? = document["events"] else { Issue.record("no events"); return }
        #expect(events.count == 3)
        #expect(events[1] == .object([
            ("t", .number(0.8)), ("layer", .string("disc")), ("key", .string("change")), ("event", .string("didStop")),
            ("finished", .bool(true)),
        ]))
        #expect(events[2]["key"] == .string("q\"uote\n"))
        #expect(events[0]["finished"] == nil)
    }

    @Test("CSV: one column per component, empty cells for null, one row per sample") func csv() {
        #expect(SceneResultWriter.csv(Self.result) == """
            t,disc.opacity,disc.position[0],disc.position[1],disc/change@phase,disc/change@progress
            0,1,160,240.5,before,
            0.1,0.974015403,-0,1e-07,active,inf

            """)
        #expect(SceneResultWriter.csv(SceneResult(samples: [], events: [])) == "t\n")
    }

    @Test("CSV: quoting, a probe null in some rows, a transform") func csvShape() {
        let matrix = Transform3D.identity.rowMajor
        let result = SceneResult(
            samples: [
                SceneSample(time: 1, values: [
                    SceneProbeReading(name: "a,b", value: .text("x\"y")),
                    SceneProbeReading(name: "d.transform", value: .null),
                ]),
                SceneSample(time: 2, values: [
                    SceneProbeReading(name: "a,b", value: .text(" pad")),
                    SceneProbeReading(name: "d.transform", value: .numbers(matrix)),
                ]),
            ], events: [])
        let lines = SceneResultWriter.csv(result).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines[0] == "t,\"a,b\"," + (0..<16).map { "d.transform[\($0)]" }.joined(separator: ","))
        #expect(lines[1] == "1,\"x\"\"y\"" + String(repeating: ",", count: 16))
        #expect(lines[2] == "2,\" pad\"," + matrix.map { SceneResultWriter.number($0) }.joined(separator: ","))
        for line in lines.dropLast() { #expect(line.filter { $0 == "," }.count >= 17) }
    }

    @Test("output is deterministic") func deterministic() {
        #expect(SceneResultWriter.json(Self.result) == SceneResultWriter.json(Self.result))
        #expect(SceneResultWriter.csv(Self.result) == SceneResultWriter.csv(Self.result))
    }
}
