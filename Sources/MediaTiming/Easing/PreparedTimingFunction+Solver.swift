extension PreparedTimingFunction {
    /// `x(s) − x` rounded once from a double-double evaluation of the exact polynomial: its sign is right
    /// wherever it matters.
    @usableFromInline
    func exactResidual(_ s: Double, _ x: Double) -> Double {
        var p = axExact * s + bxExact
        p = p * s + DoubleDouble(cx)
        p = p * s + DoubleDouble(-x)
        return p.value
    }

    /// Newton–bisection (Numerical Recipes' `rtsafe`) on a bracket of the root, with the residual in
    /// double-double arithmetic: converges to within an ulp of the parameter for any curve (at most 200
    /// steps; each one halves the bracket or takes a Newton step inside it).
    @usableFromInline
    func solveSafeguarded(x: Double, lower: Double, upper: Double) -> Double {
        var lo = lower, hi = upper
        // The bracket holds the root; widen it if rounding ever says otherwise.
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
}
