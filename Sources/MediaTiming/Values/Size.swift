/// A width and a height (`CGSize`), in double precision: the value of `bounds.size` and of
/// `transform.translation` (Docs/semantics.md §10.5).
///
/// Like ``Point``, `Size` is a plain value that accepts any `Double`, including negative, NaN and
/// infinite components; ``AnimationValue/validate()`` rejects non-finite values with a typed error.
/// Arithmetic is component-wise IEEE 754 arithmetic with no fused operations.
public struct Size: Hashable, Sendable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size from its two components.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

extension Size: VectorValue {
    /// The zero size, `(0, 0)`.
    public static let zero = Size(width: 0, height: 0)

    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width + rhs.width, height: lhs.height + rhs.height)
    }

    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width - rhs.width, height: lhs.height - rhs.height)
    }

    /// Both components multiplied by a scalar.
    @inlinable
    public static func * (lhs: Size, rhs: Double) -> Size {
        Size(width: lhs.width * rhs, height: lhs.height * rhs)
    }

    /// The Euclidean distance over the two components (Docs/semantics.md §11.4), without intermediate
    /// overflow.
    @inlinable
    public func distance(to other: Size) -> Double {
        Elementary.hypot(width - other.width, height - other.height)
    }
}
