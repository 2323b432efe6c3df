/// A value that Core Animation interpolates as a vector of real components: scalars, points, sizes,
/// rects, colors, and decomposed transforms (Docs/semantics.md §10–§11).
///
/// The vector-space operations serve every interpolation rule: linear interpolation
/// `V(p) = V0 + p·(V1 − V0)` (§10.1), the cumulative sum `i·V(1) + V(p)` (§10.3), the
/// Kochanek–Bartels tangents of cubic keyframes (§11.5), and the Euclidean distance that paces keyframes
/// (§11.4). Operations are component-wise IEEE arithmetic with no fused operations, so they give the
/// same bits on every machine.
public protocol VectorValue: Hashable, Sendable {
    /// The additive identity.
    static var zero: Self { get }
    /// Component-wise sum.
    static func + (lhs: Self, rhs: Self) -> Self
    /// Component-wise difference.
    static func - (lhs: Self, rhs: Self) -> Self
    /// Every component multiplied by `rhs`.
    static func * (lhs: Self, rhs: Double) -> Self
    /// The Euclidean distance between two values over their components (Docs/semantics.md §11.4).
    func distance(to other: Self) -> Double
    /// The value at `progress` between `from` and `to` (Docs/semantics.md §10.1). The default is the
    /// linear interpolation below; a type whose interpolation is not component-wise (a decomposed
    /// transform slerps its rotation, §10.5) provides its own, and generic code gets that one.
    static func interpolate(from: Self, to: Self, progress: Double) -> Self
}

extension VectorValue {
    /// Linear interpolation `from + (to − from)·progress` (Docs/semantics.md §10.1); `progress` may lie
    /// outside [0, 1] (overshooting timing functions and springs extrapolate).
    @inlinable
    public static func interpolate(from: Self, to: Self, progress: Double) -> Self {
        from + (to - from) * progress
    }
}

extension Double: VectorValue {
    /// The distance `|self − other|`.
    @inlinable
    public func distance(to other: Double) -> Double { (self - other).magnitude }
}
