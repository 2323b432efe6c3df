import PropertyBased
import Testing

import MediaTiming
import MediaTimingScene

/// Hostile input never traps: random bytes, mutated documents, wrong types at every place, deep
/// nesting and extreme numbers all end in errors (or, by chance, a valid scene).
@Suite struct SceneHostileInputTests {
    /// Decodes, returning the errors (empty when the document decoded).
    func errors(_ bytes: [UInt8]) -> [SceneError] {
        do {
            _ = try SceneDecoder.decode(bytes: bytes)
            return []
        } catch {
            #expect(!error.errors.isEmpty)
            return error.errors
        }
    }

    func errors(_ value: JSONValue) -> [SceneError] {
        do {
            _ = try SceneDecoder.decode(value)
            return []
        } catch {
            #expect(!error.errors.isEmpty)
            return error.errors
        }
    }

    /// A document that uses most of the format.
    static let rich = #"""
        {"format": "mediatiming-scene/1", "transactionDuration": 0.5,
         "layers": [{"id": "root", "timing": {"beginTime": 1, "speed": 2, "timeOffset": 3, "fillMode": "both"},
                     "model": {"opacity": 1, "position": [1, 2], "bounds": [0, 0, 4, 4], "backgroundColor": [1, 0, 0, 1],
                               "transform": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1], "time": 3},
                     "replicator": {"instanceCount": 3, "instanceDelay": 0.5}},
                    {"id": "dot", "parent": "root"}],
         "script": [
           {"at": 0, "add": {"layer": "dot", "key": "a", "animation": {"type": "basic", "keyPath": "position",
              "fromValue": [0, 0], "toValue": [1, 1], "timing": {"duration": 1, "repeatCount": "inf", "autoreverses": true},
              "timingFunction": [0.1, 0.2, 0.3, 0.4], "removedOnCompletion": false, "additive": true, "cumulative": false}}},
           {"at": 0, "add": {"layer": "dot", "key": "k", "animation": {"type": "keyframe", "keyPath": "opacity",
              "values": [0, 1, 0], "keyTimes": [0, 0.5, 1], "timingFunctions": ["easeIn", "linear"],
              "calculationMode": "cubic", "tensionValues": [0], "continuityValues": [0], "biasValues": [0]}}},
           {"at": 0, "add": {"layer": "dot", "key": "s", "animation": {"type": "spring", "keyPath": "position.y",
              "byValue": 10, "mass": 1, "stiffness": 100, "damping": 10, "initialVelocity": 0, "allowsOverdamping": false}}},
           {"at": 0, "add": {"layer": "root", "key": "g", "animation": {"type": "group", "timing": {"duration": 2},
              "animations": [{"type": "transition", "transitionType": "push", "subtype": "fromLeft",
                              "startProgress": 0, "endProgress": 1}]}}},
           {"at": 1, "remove": {"layer": "dot", "key": "a"}}, {"at": 2, "pause": "root"}, {"at": 3, "resume": "root"},
           {"at": 4, "setTiming": {"layer": "root", "beginTime": 1, "speed": 1, "timeOffset": 0}},
           {"at": 5, "setModel": {"layer": "dot", "values": {"opacity": 0.5}, "implicit": true}},
           {"at": 6, "background": true}, {"at": 7, "foreground": true}],
         "sample": {"from": 0, "to": 2, "fps": 30},
         "probes": ["dot.opacity", "dot[2].position", "root@time", "dot/a@phase", "dot[1]/k@progress"]}
        """#

    @Test("the rich document decodes") func richDecodes() throws {
        let scene = try SceneDecoder.decode(Self.rich)
        #expect(scene.script.count == 11 && scene.probes?.count == 5 && scene.sample.count == 61)
    }

    @Test("random bytes give errors", arguments: [1, 2, 3] as [UInt64])
    func randomBytes(_ seed: UInt64) {
        seededCheck(count: 1000, seed: seed) { rng in
            let length = Int.random(in: 0...300, using: &rng)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            #expect(!errors(bytes).isEmpty)
        }
    }

    @Test("random JSON-alphabet text gives errors or a scene") func randomJSONText() {
        let alphabet = Array(#"{}[]:,"0123456789.eE+-tfnul abcxyz\"#.utf8) + [0x0A]
        seededCheck(count: 3000, seed: 17) { rng in
            let length = Int.random(in: 0...200, using: &rng)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &rng)! }
            _ = errors(bytes)
        }
    }

    @Test("byte mutations of a valid document never trap") func mutations() {
        let original = Array(Self.rich.utf8)
        let interesting = Array(#"{}[]:,"0-9.e\"#.utf8) + [0x00, 0xFF, 0xC3]
        seededCheck(count: 3000, seed: 23) { rng in
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let position = Int.random(in: 0..<bytes.count, using: &rng)
                let byte = Bool.random(using: &rng) ? interesting.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: if bytes.count > 1 { bytes.remove(at: position) }
                }
            }
            _ = errors(bytes)
        }
    }

    /// Every place in a JSON tree: object member names and array indices from the root.
    enum Step: Hashable { case member(String), index(Int) }

    static func places(_ value: JSONValue, prefix: [Step] = []) -> [[Step]] {
        var result = [prefix]
        switch value {
        case let .array(elements):
            for (index, element) in elements.enumerated() {
                result += places(element, prefix: prefix + [.index(index)])
            }
        case let .object(members):
            for member in members { result += places(member.value, prefix: prefix + [.member(member.key)]) }
        default: break
        }
        return result
    }

    static func replacing(_ value: JSONValue, at place: ArraySlice<Step>, with replacement: JSONValue) -> JSONValue {
        guard let step = place.first else { return replacement }
        switch (value, step) {
        case (var .array(elements), let .index(index)):
            elements[index] = replacing(elements[index], at: place.dropFirst(), with: replacement)
            return .array(elements)
        case (let .object(members), let .member(key)):
            return .object(members.map { $0.key == key ? ($0.key, replacing($0.value, at: place.dropFirst(), with: replacement)) : $0 })
        default:
            return value
        }
    }

    static let replacements: [JSONValue] = [
        .null, .bool(true), .bool(false), .number(0), .number(-1), .number(0.5), .number(1e308), .number(-1e308),
        .number(.infinity), .number(-.infinity), .number(.leastNonzeroMagnitude), .number(4_294_967_297), .string(""), .string("inf"),
        .string("x.y@z/w[1]"), .array([]), .array([.number(1), .number(2)]), .array(Array(repeating: .number(1), count: 16)),
        .object([]), .object([("type", .string("group"))]),
    ]

    @Test("wrong types and extreme values at every place never trap") func wrongTypesEverywhere() throws {
        let document = try JSONParser().parse(Self.rich)
        let places = Self.places(document)
        #expect(places.count > 150)
        var failures = 0
        for place in places {
            for replacement in Self.replacements {
                let mutated = Self.replacing(document, at: place[...], with: replacement)
                if !errors(mutated).isEmpty { failures += 1 }
            }
        }
        #expect(failures > places.count * Self.replacements.count / 2)
    }

    @Test("removing any member never traps") func removals() throws {
        let document = try JSONParser().parse(Self.rich)
        for place in Self.places(document) {
            guard case let .member(key)? = place.last else { continue }
            let parentPlace = place.dropLast()
            var parent = document
            for step in parentPlace {
                switch (parent, step) {
                case let (.array(elements), .index(index)): parent = elements[index]
                case let (.object(_), .member(name)): parent = parent[name] ?? .null
                default: break
                }
            }
            guard case let .object(members) = parent else { continue }
            let removed = JSONValue.object(members.filter { $0.key != key })
            _ = errors(Self.replacing(document, at: parentPlace[...], with: removed))
        }
    }

    @Test("deep nesting is an error, never a crash") func deepNesting() {
        for depth in [10, 40, 60, 63, 64, 65, 100, 10_000] {
            let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let lines = errors(Array(sceneText(layers: #"[{"id": "d", "model": {"opacity": \#(nested)}}]"#).utf8))
            #expect(!lines.isEmpty, "\(depth)")
        }
        let deepObject = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        #expect(errors(Array(deepObject.utf8)).map(\.description) == ["line 1, column 321: nesting deeper than 64"])
    }

    @Test("extreme numbers in every numeric field") func extremeNumbers() throws {
        let document = try JSONParser().parse(Self.rich)
        for place in Self.places(document) {
            var value = document
            for step in place {
                switch (value, step) {
                case let (.array(elements), .index(index)): value = elements[index]
                case let (.object(_), .member(name)): value = value[name] ?? .null
                default: break
                }
            }
            guard case .number = value else { continue }
            for number in ["1e308", "-1e308", "1e400", "-1e400", "5e-324", "-0", "1e39", "123456789012345678901234567890"] {
                let text = String(decoding: Array(SceneResultWriterTestSupport.replaceNumber(in: document, at: place, with: number).utf8), as: UTF8.self)
                _ = errors(Array(text.utf8))
            }
        }
    }
}

enum SceneResultWriterTestSupport {
    /// The document printed back as JSON text with the number at `place` written as `number`.
    static func replaceNumber(in document: JSONValue, at place: [SceneHostileInputTests.Step], with number: String) -> String {
        print(document, place: place[...], number: number)
    }

    static func print(_ value: JSONValue, place: ArraySlice<SceneHostileInputTests.Step>?, number: String) -> String {
        if let place, place.isEmpty { return number }
        switch value {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return SceneResultWriter.jsonNumber(n)
        case let .string(s): return SceneResultWriter.jsonString(s)
        case let .array(elements):
            return "[" + elements.enumerated().map { index, element in
                let next: ArraySlice<SceneHostileInputTests.Step>? = place?.first == .index(index) ? place?.dropFirst() : nil
                return print(element, place: next, number: number)
            }.joined(separator: ",") + "]"
        case let .object(members):
            return "{" + members.map { member in
                let next: ArraySlice<SceneHostileInputTests.Step>? = place?.first == .member(member.key) ? place?.dropFirst() : nil
                return SceneResultWriter.jsonString(member.key) + ":" + print(member.value, place: next, number: number)
            }.joined(separator: ",") + "}"
        }
    }
}
