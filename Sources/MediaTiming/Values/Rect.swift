/// A rectangle (`CGRect`): an origin and a size, in double precision. It is the value of `bounds` and
/// `contentsRect`.
///
/// The rectangle is kept as given: a negative width or height is not standardized, because Core
/// Animation interpolates the four fields as they are (Docs/semantics.md §10.1). Its vector components,
/// in order, are `x, y, width, height`, the order of the scene format's `[x, y, w, h]`. Like ``Point``,
/// `Rect` accepts any `Double`; ``AnimationValue/validate()`` rejects non-finite values.
public struct Rect: Hashable, Sendable {
    /// The origin.
    public var origin: Point
    /// The size.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its four components.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The origin's x coordinate.
    @inlinable
    public var x: Double {
        get { origin.x }
        set { origin.x = newValue }
    }

    /// The origin's y coordinate.
    @inlinable
    public var y: Double {
        get { origin.y }
        set { origin.y = newValue }
    }

    /// The width.
    @inlinable
    public var width: Double {
        get { size.width }
        set { size.width = newValue }
    }

    /// The height.
    @inlinable
    public var height: Double {
        get { size.height }
        set { size.height = newValue }
    }
}

extension Rect: VectorValue {
    /// The zero rectangle: origin `(0, 0)`, size `(0, 0)` (CALayer's default `bounds`).
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Rect, rhs: Rect) -> Rect {
        Rect(origin: lhs.origin + rhs.origin, size: lhs.size + rhs.size)
    }

    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Rect, rhs: Rect) -> Rect {
        Rect(origin: lhs.origin - rhs.origin, size: lhs.size - rhs.size)
    }

    /// All four components multiplied by a scalar.
    @inlinable
    public static func * (lhs: Rect, rhs: Double) -> Rect {
        Rect(origin: lhs.origin * rhs, size: lhs.size * rhs)
    }

    /// The Euclidean distance over the four components `x, y, width, height` (Docs/semantics.md §11.4),
    /// without intermediate overflow.
    @inlinable
    public func distance(to other: Rect) -> Double {
        Elementary.hypot(
            Elementary.hypot(x - other.x, y - other.y),
            Elementary.hypot(width - other.width, height - other.height))
    }
}
