/// A property value, a key path, or an operation on values that has no meaning (Docs/semantics.md §5.3,
/// §10.5). Every failure of the value layer is one of these; nothing traps.
public enum ValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A value of one kind was given where another kind is required, e.g. a point for `opacity`, or
    /// interpolating a color with a rect.
    case kindMismatch(expected: ValueKind, got: ValueKind)
    /// A component of a value is NaN or infinite; the kind and the component's index (in the scene
    /// format's order) are named.
    case nonFiniteComponent(ValueKind, index: Int, InvalidValue)
    /// An argument of an operation (a progress, a scale factor) is NaN or infinite.
    case nonFiniteArgument(ValueArgument, InvalidValue)
    /// A list of numbers has the wrong length for its kind.
    case wrongComponentCount(ValueKind, expected: Int, got: Int)
    /// A transform cannot be decomposed (its upper 3×3 part is singular or `m44 = 0`), so its
    /// components (`transform.rotation.z`, …) cannot be read or written.
    case notDecomposable
    /// A transform must be inverted (a `byValue` subtraction, a negative cumulative iteration) but is
    /// singular.
    case notInvertible
    /// The operation is not defined for this kind, e.g. ``AnimationValue/scaled(by:)`` on a transform.
    case unsupportedOperation(ValueOperation, ValueKind)
    /// An operation on finite values produced a non-finite result (a sum or a product beyond the range
    /// of `Double`).
    case overflow(ValueOperation)
    /// A key path string is empty or has an empty segment (`""`, `"position."`, `"a..b"`).
    case malformedKeyPath(String)
    /// A key path starts with a known layer property but names no component of it
    /// (`"position.z"`, `"transform.rotation.w"`).
    case unknownKeyPathComponent(String)

    public var description: String {
        switch self {
        case let .kindMismatch(expected, got):
            return "expected a \(expected) value, got a \(got) value"
        case let .nonFiniteComponent(kind, index, value):
            return "\(kind).\(kind.componentName(index)): \(value.description)"
        case let .nonFiniteArgument(argument, value):
            return "\(argument.rawValue): \(value.description)"
        case let .wrongComponentCount(kind, expected, got):
            return "a \(kind) value has \(expected) number\(expected == 1 ? "" : "s"), got \(got)"
        case .notDecomposable:
            return "the transform cannot be decomposed (its 3x3 part is singular or m44 is 0)"
        case .notInvertible:
            return "the transform is not invertible"
        case let .unsupportedOperation(operation, kind):
            return "\(operation.rawValue) is not defined for \(kind) values"
        case let .overflow(operation):
            return "\(operation.rawValue) overflows the range of Double"
        case let .malformedKeyPath(path):
            return "malformed key path \"\(path)\""
        case let .unknownKeyPathComponent(path):
            return "unknown key path \"\(path)\""
        }
    }
}

/// The arguments of value operations that ``ValueError/nonFiniteArgument(_:_:)`` can name.
public enum ValueArgument: String, Hashable, Sendable, CaseIterable {
    /// The progress of an interpolation.
    case progress
    /// The factor of ``AnimationValue/scaled(by:)``.
    case factor
}

/// The value operations that ``ValueError`` can name.
public enum ValueOperation: String, Hashable, Sendable, CaseIterable {
    /// ``AnimationValue/interpolate(from:to:progress:)``.
    case interpolation
    /// ``AnimationValue/adding(_:)`` (additive composition).
    case addition
    /// ``AnimationValue/subtracting(_:)``.
    case subtraction
    /// ``AnimationValue/scaled(by:)``.
    case scaling
    /// ``AnimationValue/accumulated(_:iteration:)`` (cumulative animations).
    case accumulation
    /// ``AnimationValue/distance(to:)``.
    case distance
    /// Recomposing a transform from ``TransformComponents``.
    case recomposition
}
