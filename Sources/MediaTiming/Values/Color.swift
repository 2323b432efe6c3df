/// A color as four real components `red, green, blue, alpha` (`CGColor` in an RGB space): the value
/// of `backgroundColor`.
///
/// The components are kept exactly as given: they are not clamped to [0, 1], not premultiplied and not
/// converted between color spaces, and interpolation is component-wise in that space
/// (Docs/semantics.md §10.1). A `nil` `backgroundColor` reads as transparent black, ``clear``
/// (Docs/semantics.md §10.5). ``AnimationValue/validate()`` rejects non-finite components.
public struct Color: Hashable, Sendable {
    /// The red component.
    public var red: Double
    /// The green component.
    public var green: Double
    /// The blue component.
    public var blue: Double
    /// The alpha (opacity) component.
    public var alpha: Double

    /// Creates a color from its four components.
    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Transparent black, `(0, 0, 0, 0)`: what a `nil` `backgroundColor` animates as.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}

extension Color: VectorValue {
    /// All four components zero (the same value as ``clear``).
    public static let zero = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Color, rhs: Color) -> Color {
        Color(
            red: lhs.red + rhs.red, green: lhs.green + rhs.green, blue: lhs.blue + rhs.blue,
            alpha: lhs.alpha + rhs.alpha)
    }

    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Color, rhs: Color) -> Color {
        Color(
            red: lhs.red - rhs.red, green: lhs.green - rhs.green, blue: lhs.blue - rhs.blue,
            alpha: lhs.alpha - rhs.alpha)
    }

    /// All four components multiplied by a scalar.
    @inlinable
    public static func * (lhs: Color, rhs: Double) -> Color {
        Color(red: lhs.red * rhs, green: lhs.green * rhs, blue: lhs.blue * rhs, alpha: lhs.alpha * rhs)
    }

    /// The Euclidean distance over the four components (Docs/semantics.md §11.4, the MediaTiming choice
    /// for colors), without intermediate overflow.
    @inlinable
    public func distance(to other: Color) -> Double {
        Elementary.hypot(
            Elementary.hypot(red - other.red, green - other.green),
            Elementary.hypot(blue - other.blue, alpha - other.alpha))
    }
}
