/// The value of one layer property while the composition of Docs/semantics.md §15 runs: the model
/// value, then each applying animation written over it through its ``AnimationKeyPath``.
///
/// It is an ``AnimationValue``, except that a transform can also be held as ``TransformComponents``,
/// so that a value written through a component key path (`transform.rotation.z = 19π/3`) reads back
/// exactly (Docs/semantics.md §10.5). A component write turns a ``value(_:)`` transform into
/// ``transformComponents(_:)``; a write of the whole `transform` (or an additive concatenation) turns it
/// back into a matrix. Two property values that describe the same matrix in different forms are not
/// `==`; compare ``animationValue()`` for that.
public enum PropertyValue: Hashable, Sendable {
    /// A value held as is (for a transform: the matrix).
    case value(AnimationValue)
    /// A transform held as components.
    case transformComponents(TransformComponents)

    /// The kind of the property value (`.transform` for both transform forms).
    public var kind: ValueKind {
        switch self {
        case let .value(value): return value.kind
        case .transformComponents: return .transform
        }
    }

    /// The value as an ``AnimationValue``, recomposing the matrix of a ``transformComponents(_:)``
    /// value. Throws ``ValueError/overflow(_:)`` if the recomposed matrix is not finite (components
    /// beyond the range of `Double` when multiplied out).
    public func animationValue() throws(ValueError) -> AnimationValue {
        switch self {
        case let .value(value):
            return value
        case let .transformComponents(components):
            let matrix = components.matrix
            guard matrix.isFinite else { throw .overflow(.recomposition) }
            return .transform(matrix)
        }
    }

    /// The transform components of a transform value, decomposing a matrix if need be; throws
    /// ``ValueError/notDecomposable`` for a matrix that cannot be decomposed and
    /// ``ValueError/kindMismatch(expected:got:)`` for any other kind.
    public func transformComponents() throws(ValueError) -> TransformComponents {
        switch self {
        case let .transformComponents(components):
            return components
        case let .value(.transform(matrix)):
            return try TransformComponents(decomposing: matrix)
        case let .value(value):
            throw .kindMismatch(expected: .transform, got: value.kind)
        }
    }
}
