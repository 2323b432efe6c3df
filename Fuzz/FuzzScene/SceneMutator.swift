// The scene target's structure-aware mutator (Fuzz/README.md): libFuzzer calls LLVMFuzzerCustomMutator
// instead of its own mutations. An input that parses as JSON gets 1–3 structural mutations (hostile
// numbers and NaN-like strings, huge repeat and instance counts, tiny fps steps, negative durations,
// groups nested deeper than the limit, duplicated and removed keys, swapped animation types, grown,
// shrunk and transplanted subtrees); anything else, and one mutation in five, goes to libFuzzer's own
// byte mutator (LLVMFuzzerMutate, which also uses Fuzz/scene.dict). Deterministic: the only source of
// randomness is libFuzzer's seed argument (no clock, no Hasher-ordered collections).
import FuzzSupport
import MediaTimingScene
#if canImport(Glibc)
import Glibc
#endif

/// A JSON tree that can also hold what the scene parser rejects: duplicate keys and raw literals such as
/// `NaN`, `1e999` or a 30-digit integer.
indirect enum MutableJSON {
    /// `null`, `true`, `false`, a number token or any other literal, written as is.
    case raw(String)
    case string(String)
    case array([MutableJSON])
    case object([(key: String, value: MutableJSON)])

    init(_ value: JSONValue) {
        switch value {
        case .null: self = .raw("null")
        case let .bool(b): self = .raw(b ? "true" : "false")
        case let .number(x): self = .raw(SceneResultWriter.number(x))
        case let .string(s): self = .string(s)
        case let .array(items): self = .array(items.map(MutableJSON.init))
        case let .object(members): self = .object(members.map { ($0.key, MutableJSON($0.value)) })
        }
    }

    /// Compact JSON text (not valid JSON when a raw literal or a duplicate key says otherwise).
    func write(into out: inout String) {
        switch self {
        case let .raw(text): out += text
        case let .string(s): out += SceneResultWriter.jsonString(s)
        case let .array(items):
            out += "["
            for (k, item) in items.enumerated() {
                if k > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case let .object(members):
            out += "{"
            for (k, member) in members.enumerated() {
                if k > 0 { out += "," }
                out += SceneResultWriter.jsonString(member.key) + ":"
                member.value.write(into: &out)
            }
            out += "}"
        }
    }

    var isNumber: Bool {
        guard case let .raw(text) = self, let first = text.utf8.first else { return false }
        return first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
    }

    var isAnimation: Bool {
        guard case let .object(members) = self else { return false }
        return members.contains { $0.key == "type" } || members.contains { $0.key == "keyPath" }
    }
}

enum SceneMutator {
    /// Hostile number tokens: NaN and infinity spellings (not JSON), overflowing and underflowing
    /// literals, the extremes of Double, Int and UInt64 and their neighbours, negative zero, tiny steps.
    static let hostileNumbers = [
        "NaN", "-NaN", "nan", "Infinity", "-Infinity", "inf", "1e999", "-1e999", "1e308", "-1e308",
        "1.7976931348623157e308", "5e-324", "-5e-324", "2.2250738585072014e-308", "1e-320", "-0", "0", "-1",
        "-1e-9", "1e-300", "1e-15", "1e9", "4294967295", "4294967296", "9007199254740993", "9223372036854775807",
        "9223372036854775808", "-9223372036854775809", "18446744073709551616", "3.4028234663852886e38",
        "123456789012345678901234567890", "0.30000000000000004", "1e6", "1e7", "1e15", "2.5", "-2.5", "1e-7",
    ]
    /// NaN-like and non-finite spellings as strings (the scene format reads `"inf"` in some fields).
    static let hostileStrings = ["nan", "NaN", "inf", "-inf", "Infinity", "-Infinity", "", "0", "1e999", "null"]

    /// Fields with the values that stress them most (Docs/scene-format.md; Docs/hostile-input.md's limits).
    static let fieldValues: [(key: String, values: [String])] = [
        ("repeatCount", ["1e300", "3.4e38", "1e15", "9007199254740993", "\"inf\"", "-1", "0", "1e-300", "NaN"]),
        ("repeatDuration", ["1e300", "\"inf\"", "-5", "1e-300", "5e-324"]),
        ("instanceCount", ["1e9", "4294967297", "10001", "10000", "-1", "2.5", "9223372036854775808", "1e300"]),
        ("instanceDelay", ["-1e308", "1e308", "5e-324", "-0"]),
        ("fps", ["1e300", "1e-300", "5e-324", "10001", "10000", "1e9", "0", "-1", "\"inf\""]),
        ("from", ["-1e308", "1e-300", "-0", "-1e9"]),
        ("to", ["1e308", "1e300", "1e9", "1e6", "-1e300"]),
        ("duration", ["-1", "-0", "1e-320", "5e-324", "1e308", "\"inf\"", "-1e-9"]),
        ("speed", ["0", "-0", "1e308", "-1e308", "5e-324", "-1e-300", "1e-300"]),
        ("beginTime", ["-1e308", "1e308", "1e15", "-1e15", "5e-324"]),
        ("timeOffset", ["-1e308", "1e308", "1e15", "5e-324"]),
        ("at", ["-1", "1e308", "1e15", "-0", "5e-324"]),
        ("transactionDuration", ["-1", "1e308", "5e-324"]),
        ("damping", ["0", "-1", "1e308", "5e-324"]), ("stiffness", ["0", "-1", "1e308", "5e-324"]),
        ("mass", ["0", "-1", "1e308", "5e-324"]), ("initialVelocity", ["1e308", "-1e308", "5e-324"]),
    ]
    static let animationTypes = ["basic", "keyframe", "group", "spring", "transition", "", "Basic"]
    static let keyPaths = [
        "opacity", "position", "position.x", "position.y", "transform", "transform.scale", "transform.rotation",
        "transform.rotation.z", "transform.translation.y", "bounds", "bounds.size", "volume", "time", "",
        "transform.rotation.z.w", "position.z", "custom", "..",
    ]
    static let enumValues = [
        "linear", "discrete", "paced", "cubic", "cubicPaced", "easeIn", "easeOut", "easeInEaseOut", "default",
        "forwards", "backwards", "both", "removed", "bogus",
    ]

    /// Structurally mutates `bytes` when they parse as JSON; nil when they do not (or the result would not
    /// fit in `maxSize`), so the caller falls back to byte mutation.
    static func mutate(_ bytes: [UInt8], maxSize: Int, random: inout SplitMix64) -> [UInt8]? {
        guard let value = try? JSONParser().parse(bytes: bytes) else { return nil }
        let original = MutableJSON(value)
        for _ in 0..<4 {
            var tree = original
            for _ in 0...random.below(3) { mutateOnce(&tree, &random) }
            var text = ""
            tree.write(into: &text)
            let out = Array(text.utf8)
            if out.count <= maxSize && out != bytes { return out }
        }
        return nil
    }

    /// The number of nodes (preorder) in `node`.
    static func count(_ node: MutableJSON, where predicate: (MutableJSON) -> Bool) -> Int {
        var n = predicate(node) ? 1 : 0
        switch node {
        case let .array(items): for item in items { n += count(item, where: predicate) }
        case let .object(members): for member in members { n += count(member.value, where: predicate) }
        default: break
        }
        return n
    }

    /// Applies `change` to the `index`-th node (preorder) satisfying `predicate`. Returns whether it did.
    @discardableResult
    static func apply(
        _ node: inout MutableJSON, index: inout Int, where predicate: (MutableJSON) -> Bool,
        _ change: (inout MutableJSON) -> Void
    ) -> Bool {
        if predicate(node) {
            if index == 0 { change(&node); return true }
            index -= 1
        }
        switch node {
        case var .array(items):
            for k in items.indices where apply(&items[k], index: &index, where: predicate, change) {
                node = .array(items)
                return true
            }
        case var .object(members):
            for k in members.indices where apply(&members[k].value, index: &index, where: predicate, change) {
                node = .object(members)
                return true
            }
        default: break
        }
        return false
    }

    /// Applies `change` to a node chosen uniformly among those satisfying `predicate`; false if none.
    @discardableResult
    static func applyToRandom(
        _ tree: inout MutableJSON, _ random: inout SplitMix64, where predicate: (MutableJSON) -> Bool,
        _ change: (inout MutableJSON) -> Void
    ) -> Bool {
        let n = count(tree, where: predicate)
        guard n > 0 else { return false }
        var index = random.below(n)
        return apply(&tree, index: &index, where: predicate, change)
    }

    /// A random node (preorder), copied.
    static func randomNode(_ tree: MutableJSON, _ random: inout SplitMix64) -> MutableJSON {
        var picked = tree
        var copy = tree
        applyToRandom(&copy, &random, where: { _ in true }) { picked = $0 }
        return picked
    }

    static func isObject(_ node: MutableJSON) -> Bool { if case .object = node { return true }; return false }
    static func isArray(_ node: MutableJSON) -> Bool { if case .array = node { return true }; return false }
    static func hasKey(_ key: String) -> (MutableJSON) -> Bool {
        { node in if case let .object(members) = node { return members.contains { $0.key == key } }; return false }
    }

    static func mutateOnce(_ tree: inout MutableJSON, _ random: inout SplitMix64) {
        switch random.below(12) {
        case 0, 1:  // a number becomes a hostile one, or is scaled, negated or nudged
            let hostile = random.pick(hostileNumbers), scale = random.below(4)
            let string = random.chance(4) ? random.pick(hostileStrings) : nil
            applyToRandom(&tree, &random, where: { $0.isNumber }) { node in
                if let string { node = .string(string); return }
                guard scale > 0, case let .raw(text) = node, let x = Double(text) else { node = .raw(hostile); return }
                let y = scale == 1 ? -x : scale == 2 ? x * 0x1p40 : x.nextUp
                node = .raw(SceneResultWriter.jsonNumber(y))
            }
        case 2, 3:  // a field the limits are about gets its worst values
            let field = random.pick(fieldValues)
            let text = random.pick(field.values)
            let applied = applyToRandom(&tree, &random, where: hasKey(field.key)) { node in
                guard case var .object(members) = node else { return }
                for k in members.indices where members[k].key == field.key { members[k].value = .raw(text) }
                node = .object(members)
            }
            if !applied {  // add the field to an object that has a sibling of its kind
                let value = MutableJSON.raw(text)
                applyToRandom(&tree, &random, where: { hasKey("duration")($0) || hasKey("fps")($0) || hasKey("id")($0) }) { node in
                    if case var .object(members) = node { members.append((field.key, value)); node = .object(members) }
                }
            }
        case 4:  // nest an animation in groups, possibly past the depth limit
            let depth = 1 + random.below(random.chance(2) ? 4 : 24)
            applyToRandom(&tree, &random, where: { $0.isAnimation }) { node in
                for _ in 0..<depth {
                    node = .object([
                        ("type", .string("group")), ("timing", .object([("duration", .raw("1"))])),
                        ("animations", .array([node])),
                    ])
                }
            }
        case 5:  // duplicate a key (the parser must reject it)
            let pickValue = random.below(1 << 30)
            applyToRandom(&tree, &random, where: { if case let .object(m) = $0 { return !m.isEmpty }; return false }) { node in
                guard case var .object(members) = node else { return }
                let member = members[pickValue % members.count]
                members.insert(member, at: (pickValue / 7) % (members.count + 1))
                node = .object(members)
            }
        case 6:  // remove a key
            let pickValue = random.below(1 << 30)
            applyToRandom(&tree, &random, where: { if case let .object(m) = $0 { return !m.isEmpty }; return false }) { node in
                guard case var .object(members) = node else { return }
                members.remove(at: pickValue % members.count)
                node = .object(members)
            }
        case 7:  // swap the animation type, the key path or an enumerated value
            let type = random.pick(animationTypes), keyPath = random.pick(keyPaths), word = random.pick(enumValues)
            let which = random.below(3)
            applyToRandom(&tree, &random, where: isObject) { node in
                guard case var .object(members) = node else { return }
                for k in members.indices {
                    switch (which, members[k].key) {
                    case (0, "type"): members[k].value = .string(type)
                    case (1, "keyPath"), (1, "key"): members[k].value = .string(keyPath)
                    case (2, "fillMode"), (2, "calculationMode"), (2, "timingFunction"): members[k].value = .string(word)
                    default: break
                    }
                }
                node = .object(members)
            }
        case 8:  // grow an array: repeat one of its elements (huge keyframe, layer, script or probe lists)
            let times = random.chance(3) ? 1 + random.below(400) : 1 + random.below(8), pickValue = random.below(1 << 30)
            applyToRandom(&tree, &random, where: { if case let .array(a) = $0 { return !a.isEmpty }; return false }) { node in
                guard case var .array(items) = node else { return }
                let k = pickValue % items.count
                items.insert(contentsOf: repeatElement(items[k], count: times), at: k)
                node = .array(items)
            }
        case 9:  // shrink an array, down to empty
            let pickValue = random.below(1 << 30), empty = random.chance(4)
            applyToRandom(&tree, &random, where: isArray) { node in
                guard case var .array(items) = node, !items.isEmpty else { return }
                if empty { items.removeAll() } else { items.remove(at: pickValue % items.count) }
                node = .array(items)
            }
        case 10:  // transplant a subtree over another node (ids, parents and probes that point elsewhere)
            let donor = randomNode(tree, &random)
            applyToRandom(&tree, &random, where: { _ in true }) { $0 = donor }
        default:  // change a node's JSON type
            let replacement = random.pick([
                MutableJSON.raw("null"), .raw("true"), .array([]), .object([]), .string("x"), .raw("[[[[[[[[]]]]]]]]"),
            ])
            applyToRandom(&tree, &random, where: { _ in true }) { $0 = replacement }
        }
    }
}

// MARK: - libFuzzer entry

/// How often each kind of mutation ran; printed at exit when MT_FUZZ_MUTATOR_STATS is set (so a run can
/// show that libFuzzer calls this mutator). MT_FUZZ_BYTES_ONLY=1 turns the structural mutations off (every
/// call goes to LLVMFuzzerMutate), for comparing coverage with and without them.
nonisolated(unsafe) var mutatorCalls = (structural: 0, bytes: 0)

#if FUZZING
@_silgen_name("LLVMFuzzerMutate")
func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

nonisolated(unsafe) var mutatorStatsRequested: Bool = {
    guard getenv("MT_FUZZ_MUTATOR_STATS") != nil else { return false }
    atexit {
        let line = "FuzzScene mutator: \(mutatorCalls.structural) structural, \(mutatorCalls.bytes) byte mutation(s)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
    return true
}()

nonisolated(unsafe) let bytesOnly = getenv("MT_FUZZ_BYTES_ONLY") != nil

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzSceneMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    guard let data else { return 0 }
    _ = mutatorStatsRequested
    var random = SplitMix64(state: UInt64(seed) &* 0x2545_F491_4F6C_DD1D)
    if !bytesOnly, !random.chance(5), size > 0,
       let out = SceneMutator.mutate(Array(UnsafeBufferPointer(start: data, count: size)), maxSize: maxSize, random: &random) {
        out.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: out.count) }
        mutatorCalls.structural += 1
        return out.count
    }
    mutatorCalls.bytes += 1
    return libFuzzerMutate(data, size, maxSize)
}
#endif
