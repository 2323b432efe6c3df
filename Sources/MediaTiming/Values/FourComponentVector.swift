/// A value of four real components `x, y, z, w` with component-wise vector-space arithmetic: the
/// perspective part (``Vector4``) and the rotation quaternion (``Quaternion``) of a decomposed transform
/// (Docs/semantics.md §10.5).
///
/// The operations are component-wise IEEE 754 arithmetic with no fused operations; the length and the
/// distance avoid intermediate overflow and underflow. Each costs a fixed handful of operations.
public protocol FourComponentVector: VectorValue {
    /// The first component.
    var x: Double { get }
    /// The second component.
    var y: Double { get }
    /// The third component.
    var z: Double { get }
    /// The fourth component.
    var w: Double { get }
    /// Creates a value from its four components.
    init(x: Double, y: Double, z: Double, w: Double)
}

extension FourComponentVector {
    /// `(0, 0, 0, 0)`, the additive identity.
    @inlinable
    public static var zero: Self { Self(x: 0, y: 0, z: 0, w: 0) }

    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z, w: lhs.w + rhs.w)
    }

    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self {
        Self(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z, w: lhs.w - rhs.w)
    }

    /// Every component multiplied by a scalar.
    @inlinable
    public static func * (lhs: Self, rhs: Double) -> Self {
        Self(x: lhs.x * rhs, y: lhs.y * rhs, z: lhs.z * rhs, w: lhs.w * rhs)
    }

    /// The Euclidean norm over the four components, without intermediate overflow or underflow:
    /// `hypot(hypot(x, y), hypot(z, w))`.
    @inlinable
    public var length: Double {
        Elementary.hypot(Elementary.hypot(x, y), Elementary.hypot(z, w))
    }

    /// The Euclidean distance over the four components, `(self − other).length` (Docs/semantics.md §11.4).
    @inlinable
    public func distance(to other: Self) -> Double {
        (self - other).length
    }

    /// Whether all four components are finite.
    @inlinable
    public var isFinite: Bool {
        x.isFinite && y.isFinite && z.isFinite && w.isFinite
    }
}
