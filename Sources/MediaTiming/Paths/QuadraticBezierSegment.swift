/// A quadratic Bézier segment `B(u) = (1−u)²·start + 2u(1−u)·control + u²·end`, `u ∈ [0, 1]`.
///
/// Produced by ``PathElement/quadCurve(to:control:)`` (SVG `Q`; the album notes of the Douyin
/// disc fly along one). Evaluation outside `[0, 1]` extrapolates the polynomial; non-finite
/// inputs give NaN or infinite results, never a trap.
public struct QuadraticBezierSegment: Hashable, Sendable {
    /// The point at `u = 0`.
    public var start: Point
    /// The control point.
    public var control: Point
    /// The point at `u = 1`.
    public var end: Point

    /// Creates the segment from `start` to `end` with control point `control`.
    public init(start: Point, control: Point, end: Point) {
        self.start = start
        self.control = control
        self.end = end
    }

    /// The point at parameter `u` (Bernstein form): exactly `start` at 0 and `end` at 1.
    public func point(at u: Double) -> Point {
        let v = 1 - u
        return (v * v) * start + (2 * u * v) * control + (u * u) * end
    }

    /// The derivative `dB/du = 2[(1−u)(control − start) + u(end − control)]`. It is zero where
    /// the curve momentarily stops: at an end whose control point coincides with it, or inside
    /// a collinear curve whose control point lies outside the chord (the curve doubles back).
    public func tangent(at u: Double) -> Point {
        2 * ((1 - u) * (control - start) + u * (end - control))
    }

    /// The arc length, in closed form (the classical `asinh` formula, rearranged so that every
    /// term is non-negative: no catastrophic cancellation). Exact cases: coincident points give
    /// 0; a collinear control point gives the straight distance, including a control point
    /// outside the chord, where the curve runs out and back (speed 0 inside) and the length is
    /// the sum of the two straight runs. Relative error is a few ulps: worst 7e-16 against a
    /// Float80 quadrature reference over 40 000 random and near-degenerate curves (scratch
    /// runs); the tests require 1e-12. Costs one `asinh`, three square roots, no allocation.
    public var length: Double {
        QuadraticArcLength.length(a: control - start, b: (end - control) - (control - start), upTo: 1)
    }

    /// The arc length from `u = 0` to `u` (clamped to `[0, 1]`; NaN counts as 0), in closed
    /// form with the same accuracy as ``length``.
    public func length(upTo u: Double) -> Double {
        let v = u.isNaN ? 0 : Swift.min(Swift.max(u, 0), 1)
        return QuadraticArcLength.length(a: control - start, b: (end - control) - (control - start), upTo: v)
    }
}
