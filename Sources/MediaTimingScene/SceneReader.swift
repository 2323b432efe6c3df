import MediaTiming

/// Reads typed values out of a ``JSONValue`` tree, recording every problem with its JSON path instead of
/// stopping at the first, so that one run reports all of a document's errors.
struct SceneReader {
    private(set) var errors: [SceneError] = []

    mutating func fail(_ path: String, _ message: String) {
        errors.append(SceneError(path: path, message: message))
    }

    static func member(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    static func element(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }

    /// The members of an object, or `nil` (with an error) for anything else.
    mutating func object(_ value: JSONValue, at path: String, allowed: Set<String>? = nil) -> [(key: String, value: JSONValue)]? {
        guard case let .object(members) = value else {
            fail(path, "expected an object, got \(value.brief)")
            return nil
        }
        if let allowed {
            for member in members where !allowed.contains(member.key) {
                fail(Self.member(path, member.key), "unknown field")
            }
        }
        return members
    }

    /// The elements of an array, or `nil` (with an error). `noun` names the elements in the limit's
    /// message: `layers: 10001 layers exceed the limit of 10000`.
    mutating func array(
        _ value: JSONValue, at path: String, maximumCount: Int, noun: String = "elements"
    ) -> [JSONValue]? {
        guard case let .array(elements) = value else {
            fail(path, "expected an array, got \(value.brief)")
            return nil
        }
        guard elements.count <= maximumCount else {
            fail(path, "\(elements.count) \(noun) exceed the limit of \(maximumCount)")
            return nil
        }
        return elements
    }

    /// Removes and returns the problems recorded so far.
    mutating func takeErrors() -> [SceneError] {
        defer { errors = [] }
        return errors
    }

    /// Appends problems recorded elsewhere.
    mutating func append(_ more: [SceneError]) {
        errors.append(contentsOf: more)
    }

    /// A number; `"inf"` is read as +infinity where `allowsInfinity`.
    mutating func number(_ value: JSONValue, at path: String, allowsInfinity: Bool = false) -> Double? {
        switch value {
        case let .number(n) where n.isFinite:
            return n
        case .string("inf") where allowsInfinity:
            return .infinity
        case let .number(n) where n == .infinity && allowsInfinity:
            return n
        default:
            fail(path, allowsInfinity ? "expected a number or \"inf\", got \(value.brief)" : "expected a finite number, got \(value.brief)")
            return nil
        }
    }

    /// A `Float` field (speed, repeatCount): decoded as `Double`, then rounded to `Float` as Core
    /// Animation stores it; a finite value beyond `Float`'s range is an error.
    mutating func float(_ value: JSONValue, at path: String, allowsInfinity: Bool = false) -> Float? {
        guard let number = number(value, at: path, allowsInfinity: allowsInfinity) else { return nil }
        let rounded = Float(number)
        if number.isFinite && !rounded.isFinite {
            fail(path, "\(SceneResultWriter.number(number)) is outside the range of Float")
            return nil
        }
        return rounded
    }

    mutating func string(_ value: JSONValue, at path: String) -> String? {
        guard case let .string(s) = value else {
            fail(path, "expected a string, got \(value.brief)")
            return nil
        }
        return s
    }

    mutating func bool(_ value: JSONValue, at path: String) -> Bool? {
        guard case let .bool(b) = value else {
            fail(path, "expected true or false, got \(value.brief)")
            return nil
        }
        return b
    }

    /// An integer in `range`.
    mutating func integer(_ value: JSONValue, at path: String, in range: ClosedRange<Int>) -> Int? {
        guard case let .number(n) = value, n.isFinite, n == n.rounded(), n >= Double(range.lowerBound),
            n <= Double(range.upperBound)
        else {
            fail(path, "expected a whole number in \(range.lowerBound)...\(range.upperBound), got \(value.brief)")
            return nil
        }
        return Int(n)
    }

    /// One of a fixed set of names.
    mutating func choice<T: RawRepresentable<String> & CaseIterable>(_ value: JSONValue, at path: String, as: T.Type) -> T? {
        guard case let .string(s) = value, let choice = T(rawValue: s) else {
            let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            fail(path, "expected one of \(names), got \(value.brief)")
            return nil
        }
        return choice
    }

    // MARK: Timing

    static let timingFields: Set<String> = [
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
    ]

    /// A TIMING object (Docs/scene-format.md): every field optional, Core Animation's defaults.
    mutating func timing(_ value: JSONValue, at path: String, defaults: Timing = Timing()) -> Timing {
        var timing = defaults
        guard let members = object(value, at: path, allowed: Self.timingFields) else { return timing }
        for (key, field) in members {
            let fieldPath = Self.member(path, key)
            switch key {
            case "beginTime": if let v = number(field, at: fieldPath) { timing.beginTime = v }
            case "duration": if let v = number(field, at: fieldPath, allowsInfinity: true) { timing.duration = v }
            case "speed": if let v = float(field, at: fieldPath) { timing.speed = v }
            case "timeOffset": if let v = number(field, at: fieldPath) { timing.timeOffset = v }
            case "repeatCount": if let v = float(field, at: fieldPath, allowsInfinity: true) { timing.repeatCount = v }
            case "repeatDuration":
                if let v = number(field, at: fieldPath, allowsInfinity: true) { timing.repeatDuration = v }
            case "autoreverses": if let v = bool(field, at: fieldPath) { timing.autoreverses = v }
            case "fillMode": if let v = choice(field, at: fieldPath, as: FillMode.self) { timing.fillMode = v }
            default: break
            }
        }
        return timing
    }

    /// A `timingFunction`: a name or four control-point numbers.
    mutating func timingFunction(_ value: JSONValue, at path: String) -> TimingFunction? {
        switch value {
        case .string:
            return choice(value, at: path, as: TimingFunction.Name.self).map(TimingFunction.init(name:))
        case let .array(points) where points.count == 4:
            var coordinates: [Float] = []
            for (index, point) in points.enumerated() {
                guard let c = float(point, at: Self.element(path, index)) else { return nil }
                coordinates.append(c)
            }
            do {
                return try TimingFunction(controlPoints: coordinates[0], coordinates[1], coordinates[2], coordinates[3])
            } catch {
                fail(path, "\(error)")
                return nil
            }
        default:
            fail(path, "expected a timing function name or 4 control-point numbers, got \(value.brief)")
            return nil
        }
    }
}
