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
            return try Self.components(of: matrix)
        case let .value(value):
            throw .kindMismatch(expected: .transform, got: value.kind)
        }
    }

    /// The components of a matrix (``TransformComponents``' `init(decomposing:)`). The default transform is
    /// the common case (a layer whose transform only component animations write is reset to it every
    /// frame): its decomposition, bit for bit the identity matrix's, is computed once (benchmark P6).
    static func components(of matrix: Transform3D) throws(ValueError) -> TransformComponents {
        if let identity = identityComponents, matrix.isBitwiseIdentity { return identity }
        return try TransformComponents(decomposing: matrix)
    }

    /// Writes the finite number `value` as the whole scalar (`component` nil), as the scalar transform
    /// `component` (of components, or of a decomposable matrix) or as the scalar field `component` of a
    /// point, size or rect, in place, by the writes of ``AnimationKeyPath/setting(_:in:)``, and returns
    /// true; returns false, changing nothing, otherwise (`LayerValues.setScalar(_:for:hint:hintHoldsKind:)`).
    @inline(__always)
    mutating func setScalar(_ value: Double, component: KeyPathComponent?) -> Bool {
        switch self {
        case .value(.scalar):
            guard component == nil else { return false }
            self = .value(.scalar(value))
            return true
        case .transformComponents(var components):
            guard let component else { return false }
            AnimationKeyPath.write(component, scalar: value, into: &components)
            self = .transformComponents(components)
            return true
        case .value(.transform(let matrix)):
            guard var components = try? Self.components(of: matrix), let component else { return false }
            AnimationKeyPath.write(component, scalar: value, into: &components)
            self = .transformComponents(components)
            return true
        case .value(var whole):
            guard let component, component.valueKind == .scalar, component.baseKind == whole.kind else { return false }
            AnimationKeyPath.write(component, .scalar(value), into: &whole)
            self = .value(whole)
            return true
        }
    }

    /// The decomposition of ``Transform3D/identity`` (nil only if it could not be decomposed, which it can).
    static let identityComponents = try? TransformComponents(decomposing: .identity)
}

extension Transform3D {
    /// Whether every entry has the bits of ``identity``'s (so −0 entries do not count: their
    /// decomposition may differ in the sign of a zero).
    var isBitwiseIdentity: Bool {
        let one = (1.0).bitPattern
        return m11.bitPattern == one && m22.bitPattern == one && m33.bitPattern == one && m44.bitPattern == one
            && m12.bitPattern == 0 && m13.bitPattern == 0 && m14.bitPattern == 0
            && m21.bitPattern == 0 && m23.bitPattern == 0 && m24.bitPattern == 0
            && m31.bitPattern == 0 && m32.bitPattern == 0 && m34.bitPattern == 0
            && m41.bitPattern == 0 && m42.bitPattern == 0 && m43.bitPattern == 0
    }
}
