// The curve's polynomials and the parameter solvers shared by both tables and the evaluation's slow path.
extension PreparedTimingFunction {
    /// Up to seven clamped Newton steps from `guess`, accepted when the curve is not flat there
    /// (`x'(s) ≥ 10⁻³`) and the step was below 10⁻⁷; otherwise the safeguarded solver.
    @usableFromInline @inline(never)
    func solveNewtonThenSafeguarded(x: Double, guess: Double, lower: Double, upper: Double) -> Double {
        var s = guess
        for _ in 0..<7 {
            let f = sampleX(s) - x
            let d = sampleDerivativeX(s)
            let next = clamp(s - f / d, lower, upper)
            if d >= 1e-3 && f.magnitude <= 1e-7 * d { return next }
            guard d > 0 else { break }
            s = next
        }
        return solveSafeguarded(x: x, lower: lower, upper: upper)
    }
    /// `y` clamped to the control polygon's y range (a NaN stays NaN: both comparisons are false).
    @inlinable @inline(__always)
    func clampToRange(_ y: Double) -> Double { y < yLower ? yLower : (y > yUpper ? yUpper : y) }

    @inlinable
    func clamp(_ s: Double, _ lower: Double, _ upper: Double) -> Double {
        s < lower ? lower : (s > upper ? upper : s)
    }

    @inlinable
    func sampleX(_ s: Double) -> Double { sampleX(lanes: s) }

    @inlinable
    func sampleY(_ s: Double) -> Double { sampleY(lanes: s) }

    @inlinable
    func sampleDerivativeX(_ s: Double) -> Double { sampleDerivativeX(lanes: s) }

    func sampleDerivativeY(_ s: Double) -> Double { sampleDerivativeY(lanes: s) }

    /// The curve's polynomials at one parameter or several side by side (``SampleLanes``): the same
    /// IEEE operations, in the same order, in every lane.
    @inlinable @inline(__always)
    func sampleX<Lanes: SampleLanes>(lanes s: Lanes) -> Lanes { ((ax * s + bx) * s + cx) * s }

    @inlinable @inline(__always)
    func sampleY<Lanes: SampleLanes>(lanes s: Lanes) -> Lanes { ((ay * s + by) * s + cy) * s }

    @inlinable @inline(__always)
    func sampleDerivativeX<Lanes: SampleLanes>(lanes s: Lanes) -> Lanes { ((3 * ax) * s + 2 * bx) * s + cx }

    @inline(__always)
    func sampleDerivativeY<Lanes: SampleLanes>(lanes s: Lanes) -> Lanes { ((3 * ay) * s + 2 * by) * s + cy }

    /// `x(s) − x` rounded once from a double-double evaluation: its sign is right wherever it matters.
    @usableFromInline
    func exactResidual(_ s: Double, _ x: Double) -> Double {
        var p = axExact * s + bxExact
        p = p * s + DoubleDouble(cx)
        p = p * s + DoubleDouble(-x)
        return p.value
    }

    /// Newton–bisection (Numerical Recipes' `rtsafe`) on a bracket of the root, with the residual in
    /// double-double arithmetic: converges to within an ulp of the parameter for any curve.
    @usableFromInline
    func solveSafeguarded(x: Double, lower: Double, upper: Double) -> Double {
        var lo = lower, hi = upper
        // The table is exact to an ulp or so; widen the bracket if it does not hold the root.
        if exactResidual(lo, x) > 0 { lo = 0 }
        if exactResidual(hi, x) < 0 { hi = 1 }
        var s = lo + (hi - lo) * 0.5
        var step = hi - lo, previousStep = step
        var f = exactResidual(s, x)
        var d = sampleDerivativeX(s)
        for _ in 0..<200 {
            if f == 0 { return s }
            if f < 0 { lo = s } else { hi = s }
            let newtonLeavesBracket = ((s - hi) * d - f) * ((s - lo) * d - f) >= 0
            if newtonLeavesBracket || !(2 * f.magnitude <= (previousStep * d).magnitude) {
                previousStep = step
                step = (hi - lo) * 0.5
                s = lo + step
            } else {
                previousStep = step
                step = f / d
                s -= step
            }
            if !(hi - lo > 2 * hi.ulp) || step.magnitude <= s.ulp { break }
            f = exactResidual(s, x)
            d = sampleDerivativeX(s)
        }
        return s
    }

    /// The minimum and the maximum magnitude of `a·s² + b·s + c` on `[lo, hi]`.
    static func quadraticExtremes(_ a: Double, _ b: Double, _ c: Double, _ lo: Double, _ hi: Double)
        -> (min: Double, maxMagnitude: Double)
    {
        func q(_ s: Double) -> Double { (a * s + b) * s + c }
        var low = min(q(lo), q(hi)), high = max(q(lo).magnitude, q(hi).magnitude)
        if a != 0 {
            let vertex = -b / (2 * a)
            if vertex > lo && vertex < hi {
                low = min(low, q(vertex))
                high = max(high, q(vertex).magnitude)
            }
        }
        return (low, high)
    }

    /// The largest `|dy/dx| = |y'(s)|/x'(s)` on the parameter bracket `[s0, s1]` (widened by 10⁻¹⁵), by the
    /// exact extremes of the quadratics `x'` and `y'`, with 1% margins for their rounding; infinity where
    /// `x'` vanishes there.
    func slopeBound(_ s0: Double, _ s1: Double) -> Double {
        let lo = min(s0, s1) - 1e-15, hi = max(s0, s1) + 1e-15
        let dx = Self.quadraticExtremes(3 * ax, 2 * bx, cx, lo, hi)
        let dy = Self.quadraticExtremes(3 * ay, 2 * by, cy, lo, hi)
        let slopeMin = dx.min * 0.99
        guard slopeMin > 0 else { return .infinity }
        return max(dy.maxMagnitude * 1.01, 1e-300) / slopeMin
    }

    /// The rounding of an evaluation of `y(s)` (a few roundings relative to the size of y's coefficients, so
    /// scaled for curves with large y control points).
    var valueRounding: Double { max(1e-14, 5e-16 * (ay.magnitude + by.magnitude + cy.magnitude)) }

    /// The rounding of a computed residual `x(s) − x` (Horner terms below 10 in magnitude, 4 roundings).
    static var residualRounding: Double { 1e-14 }

    /// The residual tolerance `τ` of the parameter bracket `[s0, s1]`: `|x(s) − x| ≤ τ` certifies `y(s)` to
    /// `error` for any `s` in the bracket, by the mean value theorem (``slopeBound(_:_:)``); −1 where `x'`
    /// vanishes or nearly.
    func residualTolerance(_ s0: Double, _ s1: Double, error: Double) -> Double {
        let tolerance = (error - valueRounding) / slopeBound(s0, s1) - Self.residualRounding
        return tolerance > 0 ? tolerance : -1
    }
}

/// One parameter (`Double`) or several side by side (`SIMD4<Double>`), for the curve's samplers: the
/// operations they use, each an IEEE operation per lane.
@usableFromInline
protocol SampleLanes {
    static func * (lhs: Double, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Self) -> Self
    static func + (lhs: Self, rhs: Double) -> Self
    /// `lhs + rhs` (named, not an operator requirement: one more `+` overload makes the type checker give
    /// up on the certificates' long expressions).
    static func sum(_ lhs: Self, _ rhs: Self) -> Self
}

extension Double: SampleLanes {
    @inlinable @inline(__always)
    static func sum(_ lhs: Double, _ rhs: Double) -> Double { lhs + rhs }
}

extension SIMD4: SampleLanes where Scalar == Double {
    @inlinable @inline(__always)
    static func sum(_ lhs: Self, _ rhs: Self) -> Self { lhs + rhs }
}
