/// Three real components `x, y, z`: the translation, scale, skew and Euler-angle parts of a
/// decomposed transform (Docs/semantics.md §10.5).
///
/// A plain value: any `Double` is accepted; arithmetic is component-wise IEEE 754 arithmetic with no
/// fused operations.
public struct Vector3: Hashable, Sendable {
    /// The first component.
    public var x: Double
    /// The second component.
    public var y: Double
    /// The third component.
    public var z: Double

    /// Creates a vector from its three components.
    @inlinable
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The dot product `x·x' + y·y' + z·z'`, summed left to right.
    @inlinable
    public func dot(_ other: Vector3) -> Double {
        x * other.x + y * other.y + z * other.z
    }

    /// The cross product `self × other`.
    @inlinable
    public func cross(_ other: Vector3) -> Vector3 {
        Vector3(
            x: y * other.z - z * other.y,
            y: z * other.x - x * other.z,
            z: x * other.y - y * other.x)
    }

    /// The Euclidean length, without intermediate overflow or underflow.
    @inlinable
    public var length: Double {
        Elementary.hypot(Elementary.hypot(x, y), z)
    }
}

extension Vector3: VectorValue {
    /// `(0, 0, 0)`.
    public static let zero = Vector3(x: 0, y: 0, z: 0)

    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z)
    }

    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z)
    }

    /// Every component multiplied by a scalar.
    @inlinable
    public static func * (lhs: Vector3, rhs: Double) -> Vector3 {
        Vector3(x: lhs.x * rhs, y: lhs.y * rhs, z: lhs.z * rhs)
    }

    /// The Euclidean distance over the three components (Docs/semantics.md §11.4).
    @inlinable
    public func distance(to other: Vector3) -> Double {
        (self - other).length
    }
}
