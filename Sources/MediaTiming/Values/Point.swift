/// A point (or a 2-D vector) in a layer's coordinate space, in double precision.
///
/// `Point` is a plain value: arithmetic is component-wise IEEE 754 double arithmetic with no
/// fused operations, so results are identical on every machine. It accepts any `Double`,
/// including NaN and infinities; APIs that need finite coordinates (for example a path) check
/// them and report a typed error.
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// Creates a point from its two coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    /// Component-wise sum.
    public static func + (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    /// Component-wise difference.
    public static func - (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    /// Component-wise negation.
    public static prefix func - (operand: Point) -> Point {
        Point(x: -operand.x, y: -operand.y)
    }

    /// Both components multiplied by a scalar.
    public static func * (lhs: Point, rhs: Double) -> Point {
        Point(x: lhs.x * rhs, y: lhs.y * rhs)
    }

    /// Both components multiplied by a scalar.
    public static func * (lhs: Double, rhs: Point) -> Point {
        Point(x: lhs * rhs.x, y: lhs * rhs.y)
    }

    /// The dot product `x·other.x + y·other.y` (two products and one sum, no fused operation).
    public func dot(_ other: Point) -> Double {
        x * other.x + y * other.y
    }

    /// The Euclidean length `√(x² + y²)` of the vector, computed without intermediate overflow
    /// or underflow (`Elementary.hypot`), so it is finite and accurate for every finite point.
    public var length: Double {
        Elementary.hypot(x, y)
    }
}
