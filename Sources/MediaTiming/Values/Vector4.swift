/// Four real components `x, y, z, w`: the perspective part of a decomposed transform, the last column
/// `(m14, m24, m34, m44)` of its perspective factor (Docs/semantics.md §10.5). No perspective is
/// `(0, 0, 0, 1)`.
///
/// A plain value: any `Double` is accepted; arithmetic is component-wise IEEE 754 arithmetic with no
/// fused operations.
public struct Vector4: Hashable, Sendable {
    /// The first component.
    public var x: Double
    /// The second component.
    public var y: Double
    /// The third component.
    public var z: Double
    /// The fourth component.
    public var w: Double

    /// Creates a vector from its four components.
    @inlinable
    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }
}

extension Vector4: VectorValue {
    /// `(0, 0, 0, 0)`.
    public static let zero = Vector4(x: 0, y: 0, z: 0, w: 0)

    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Vector4, rhs: Vector4) -> Vector4 {
        Vector4(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z, w: lhs.w + rhs.w)
    }

    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Vector4, rhs: Vector4) -> Vector4 {
        Vector4(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z, w: lhs.w - rhs.w)
    }

    /// Every component multiplied by a scalar.
    @inlinable
    public static func * (lhs: Vector4, rhs: Double) -> Vector4 {
        Vector4(x: lhs.x * rhs, y: lhs.y * rhs, z: lhs.z * rhs, w: lhs.w * rhs)
    }

    /// The Euclidean distance over the four components (Docs/semantics.md §11.4).
    @inlinable
    public func distance(to other: Vector4) -> Double {
        Elementary.hypot(
            Elementary.hypot(x - other.x, y - other.y), Elementary.hypot(z - other.z, w - other.w))
    }
}
