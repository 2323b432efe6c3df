import Testing

import MediaTimingScene

@Suite struct JSONParserTests {
    let parser = JSONParser()

    @Test("documents parse with members in order") func documents() throws {
        let value = try parser.parse(#"{"b": [1, -2.5e3, true, false, null], "a": {"x": "y"}}"#)
        guard case let .object(members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a"])
        #expect(value["b"] == .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]))
        #expect(value["a"]?["x"] == .string("y"))
    }

    @Test("numbers are correctly rounded", arguments: [
        ("0.1", 0.1), ("2.2250738585072014e-308", 2.2250738585072014e-308), ("9007199254740993", 9007199254740992),
        ("0.10000000149011612", 0.10000000149011612), ("-0", -0.0), ("1e400", Double.infinity),
    ])
    func numbers(_ text: String, _ expected: Double) throws {
        guard case let .number(value) = try parser.parse(text) else { Issue.record("not a number"); return }
        #expect(value.bitPattern == expected.bitPattern)
    }

    @Test("escapes and surrogate pairs") func strings() throws {
        #expect(try parser.parse(#""a\"b\\c\/d\n\u00e9\ud83d\ude00""#) == .string("a\"b\\c/d\né😀"))
    }

    @Test("malformed documents name the line and column", arguments: [
        ("{\"a\": 1,}", 1, 9), ("[1 2]", 1, 4), ("{\"a\" 1}", 1, 6), ("\n  tru", 2, 3), ("01", 1, 2),
        ("[1.]", 1, 4), ("\"abc", 1, 5), ("{\"a\": 1, \"a\": 2}", 1, 10), ("\"\\ud800\"", 1, 8), ("", 1, 1),
    ])
    func malformed(_ text: String, _ line: Int, _ column: Int) {
        do {
            _ = try parser.parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
        }
    }

    @Test("limits: depth, size and value count") func limits() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONParser.Error.self) { try parser.parse(deep) }
        let shallow = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try parser.parse(shallow) }
        var small = JSONParser()
        small.maximumValues = 3
        #expect(throws: JSONParser.Error.self) { try small.parse("[1, 2, 3]") }
        small.maximumBytes = 4
        #expect(throws: JSONParser.Error.self) { try small.parse("[1, 2]") }
    }
}
