/// One interval of a curved segment's inverse arc length `u(s)`, as a polynomial of degree 7: the Hermite
/// interpolant of `u` between two knots `(u₀, s₀)` and `(u₁, s₁)` of ``MeasuredPath``'s tables that
/// matches `u` and its first three derivatives with respect to `s` at both ends.
///
/// In the variable `x = (s − s₀)/(s₁ − s₀)` the polynomial is `c₀ + c₁x + … + c₇x⁷`. A piece is only
/// kept where it was verified when the path was measured (see
/// ``QuadraticArcLength/Prepared/appendInverseTable(tolerance:parameters:lengths:pieces:)``); elsewhere
/// (`inverseWidth == 0`, e.g. next to a point of zero speed, where `u(s)` has a square-root singularity)
/// ``MeasuredPath`` solves for `u` with the closed-form arc length and Newton's method instead.
struct InverseArcLengthPiece: Sendable {
    /// The arc length `s₀` at the interval's start.
    var start: Double
    /// `1/(s₁ − s₀)`, or 0 when the interval has no polynomial.
    var inverseWidth: Double
    var c0: Double, c1: Double, c2: Double, c3: Double, c4: Double, c5: Double, c6: Double, c7: Double

    /// No polynomial: the interval is solved for exactly.
    static let none = InverseArcLengthPiece(start: 0, inverseWidth: 0, coefficients: (0, 0, 0, 0, 0, 0, 0, 0))

    init(start: Double, inverseWidth: Double,
         coefficients c: (Double, Double, Double, Double, Double, Double, Double, Double)) {
        self.start = start
        self.inverseWidth = inverseWidth
        (c0, c1, c2, c3, c4, c5, c6, c7) = c
    }

    /// The Hermite interpolant on an interval of arc length `h > 0` starting at `start`, from `u` and its
    /// derivatives `d1`, `d2`, `d3` with respect to arc length at both ends (`u0`…, `u1`…). The
    /// derivatives may be taken with respect to a scaled arc length `s/λ` if `h` is scaled the same way;
    /// `inverseWidth` is set by the caller in real units.
    init(start: Double, inverseWidth: Double, h: Double,
         u0: Double, d10: Double, d20: Double, d30: Double, u1: Double, d11: Double, d21: Double, d31: Double) {
        let p = u1 - u0
        let v0 = d10 * h, v1 = d11 * h
        let a0 = d20 * (h * h), a1 = d21 * (h * h)
        let j0 = d30 * (h * h * h), j1 = d31 * (h * h * h)
        self.init(start: start, inverseWidth: inverseWidth, coefficients: (
            u0, v0, 0.5 * a0, j0 / 6,
            35 * p - 20 * v0 - 15 * v1 - 5 * a0 + 2.5 * a1 - (2.0 / 3.0) * j0 - j1 / 6,
            -84 * p + 45 * v0 + 39 * v1 + 10 * a0 - 7 * a1 + j0 + 0.5 * j1,
            70 * p - 36 * v0 - 34 * v1 - 7.5 * a0 + 6.5 * a1 - (2.0 / 3.0) * j0 - 0.5 * j1,
            -20 * p + 10 * v0 + 10 * v1 + 2 * a0 - 2 * a1 + j0 / 6 + j1 / 6))
    }

    /// Whether the start, width and every coefficient are finite (a piece is only kept if so).
    var isFinite: Bool {
        [start, inverseWidth, c0, c1, c2, c3, c4, c5, c6, c7].allSatisfy(\.isFinite)
    }

    /// Whether the interval has a polynomial.
    @inline(__always)
    var isValid: Bool { inverseWidth > 0 }

    /// The polynomial's parameter at arc length `s` (Horner form; the caller clamps it to the interval).
    @inline(__always)
    func parameter(atDistance s: Double) -> Double {
        let x = (s - start) * inverseWidth
        return c0 + x * (c1 + x * (c2 + x * (c3 + x * (c4 + x * (c5 + x * (c6 + x * c7))))))
    }
}
