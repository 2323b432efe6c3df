/// A JSON document as a value, with object members in document order (Docs/scene-format.md).
///
/// Parsed by ``JSONParser``: numbers become `Double` by correctly rounded conversion, so the same text
/// gives the same bits everywhere.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, correctly rounded to `Double`.
    case number(Double)
    /// A string, escapes resolved.
    case string(String)
    /// An array, in document order.
    case array([JSONValue])
    /// Members in document order (keys are unique: the parser rejects duplicates).
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a.bitPattern == b.bitPattern
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case let .bool(b): hasher.combine(b)
        case let .number(n): hasher.combine(n.bitPattern)
        case let .string(s): hasher.combine(s)
        case let .array(a): hasher.combine(a)
        case let .object(members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short description of the value's kind and content, for error messages.
    public var brief: String {
        switch self {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return SceneResultWriter.number(n)
        case let .string(s): return s.count > 40 ? "\"\(s.prefix(40))…\"" : "\"\(s)\""
        case let .array(a): return "an array of \(a.count)"
        case .object: return "an object"
        }
    }
}
