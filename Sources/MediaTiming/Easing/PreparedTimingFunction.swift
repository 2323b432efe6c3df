/// A ``TimingFunction`` prepared for evaluation: `y = TF(x)` with a maximum error of 1e-7 for any
/// control points (Docs/semantics.md §8.4), and no set-up per evaluation.
///
/// The curve is `x(s) = ((ax·s + bx)·s + cx)·s`, `y(s)` likewise, for the Bézier parameter `s ∈ [0, 1]`;
/// with x control points in [0, 1], `x(s)` is non-decreasing, so every x has one solution.
///
/// Evaluation:
/// 1. A table of the parameter at the 65 unit times `k/64`, solved accurately at preparation, with the
///    slope `1/x'(s)` at each, brackets the solution and gives a first guess by cubic Hermite
///    interpolation.
/// 2. One Newton step refines it. The result is accepted when the curve is not flat there
///    (`x'(s) ≥ 10⁻³`) and the step was below 10⁻⁷, which bounds the remaining error in `s` by about
///    10⁻¹⁰; otherwise up to six more steps run under the same test.
/// 3. Otherwise (near a flat point of `x(s)`: a flat end, or the double root of `x'` at control points
///    (1, ·, 0, ·)) a safeguarded Newton–bisection iteration inside the bracket solves the equation with a
///    residual computed in double-double arithmetic, to within an ulp of `s`.
///
/// The input is clamped to [0, 1] (a NaN input counts as 0); `TF(0) = 0` and `TF(1) = 1` exactly, and the
/// output stays inside the control polygon's y range (in [0, 1] when both y control points are).
public struct PreparedTimingFunction: Sendable {
    /// The timing function this evaluator computes.
    public let function: TimingFunction

    @usableFromInline let isLinear: Bool
    /// The y range of the control polygon (`min(0, y1, y2)`, `max(1, y1, y2)`): the curve lies inside it,
    /// so a rounded sample outside it is clamped back (found by Fuzz/FuzzTiming: the default
    /// curve gave 1.0000000000000002 at x = 0.9999999999999896).
    @usableFromInline let yLower: Double, yUpper: Double
    @usableFromInline let ax: Double, bx: Double, cx: Double
    @usableFromInline let ay: Double, by: Double, cy: Double
    /// The x polynomial's coefficients, exactly (`cx` is exact as a double).
    @usableFromInline let axExact: DoubleDouble, bxExact: DoubleDouble
    /// The Bézier parameter at x = k / 64.
    @usableFromInline var parameters: InlineArray<65, Double>
    /// The slope of the parameter against x at x = k / 64, in units of one table interval
    /// (`(1/64) / x'(s)`), capped at three times the smaller adjacent secant so that the cubic Hermite
    /// interpolant between two knots stays monotone and inside their bracket.
    @usableFromInline var slopes: InlineArray<65, Double>

    /// The number of table intervals.
    @usableFromInline static var intervals: Int { 64 }

    /// Prepares `function` for evaluation.
    public init(_ function: TimingFunction) {
        self.function = function
        isLinear = function.isLinear
        yLower = min(0, Double(function.c1y), Double(function.c2y))
        yUpper = max(1, Double(function.c1y), Double(function.c2y))
        let x1 = Double(function.c1x), x2 = Double(function.c2x)
        let y1 = Double(function.c1y), y2 = Double(function.c2y)
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        // Floats times 3 or 6 are exact doubles; their sums are exact as double-doubles.
        bxExact = DoubleDouble.sum(3 * x2, -6 * x1)
        axExact = DoubleDouble.sum(1, 3 * x1) + DoubleDouble(-3 * x2)
        parameters = InlineArray(repeating: 0)
        parameters[Self.intervals] = 1
        slopes = InlineArray(repeating: 0)
        guard !isLinear else {
            for k in 0...Self.intervals {
                parameters[k] = Double(k) / Double(Self.intervals)
                slopes[k] = 1 / Double(Self.intervals)
            }
            return
        }
        for k in 1..<Self.intervals {
            let x = Double(k) / Double(Self.intervals)
            let previous = parameters[k - 1]
            let guess = k >= 2 ? min(2 * previous - parameters[k - 2], 1) : x
            parameters[k] = solveParameterTwoSteps(x: x, guess: guess, lower: previous, upper: 1)
        }
        for k in 0...Self.intervals {
            let left = k > 0 ? parameters[k] - parameters[k - 1] : Double.infinity
            let right = k < Self.intervals ? parameters[k + 1] - parameters[k] : Double.infinity
            let cap = 3 * min(left, right)
            let d = sampleDerivativeX(parameters[k])
            let slope = d > 0 ? (1 / Double(Self.intervals)) / d : Double.infinity
            slopes[k] = slope < cap ? slope : cap
        }
    }

    /// The progress `y = TF(x)` at unit time `x` (clamped to [0, 1]).
    @inlinable @inline(__always)
    public func value(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        if isLinear { return x }
        return min(max(sampleY(parameter(at: x)), yLower), yUpper)
    }

    /// The Bézier parameter `s` with `x(s) = x`, for `x` in (0, 1).
    ///
    /// The first guess is the cubic Hermite interpolant of `s(x)` between the two table knots (slopes
    /// `1/x'(s)` there), accurate to about `h⁴/384·s⁗` with `h = 1/64`; one Newton step from it is
    /// accepted under the same test as two steps from a linear guess (the step below 10⁻⁷ where
    /// `x'(s) ≥ 10⁻³`), so the remaining error in `s` is bounded as before; otherwise the safeguarded solver.
    @inlinable @inline(__always)
    func parameter(at x: Double) -> Double {
        let scaled = x * Double(Self.intervals)
        let k = Int(scaled)  // 0...63: x is in (0, 1), and x·64 is exact
        let t = scaled - Double(k)
        // Through spans: subscripting the inline arrays directly copies them whole (520 bytes) per access.
        let table = parameters.span, slope = slopes.span
        let s0 = table[unchecked: k], s1 = table[unchecked: k + 1]
        let m0 = slope[unchecked: k], m1 = slope[unchecked: k + 1]
        let delta = s1 - s0
        let c2 = 3 * delta - 2 * m0 - m1
        let c3 = m0 + m1 - 2 * delta
        let guess = clamp(s0 + t * (m0 + t * (c2 + t * c3)), s0, s1)
        let f = sampleX(guess) - x
        let d = sampleDerivativeX(guess)
        let result = clamp(guess - f / d, s0, s1)
        if d >= 1e-3 && f.magnitude <= 1e-7 * d { return result }
        return solveNewtonThenSafeguarded(x: x, guess: result, lower: s0, upper: s1)
    }

    /// Up to six more clamped Newton steps (the guess was poor: an interval next to a square-root end of
    /// `s(x)`), accepted under the same test; otherwise the safeguarded solver.
    @usableFromInline @inline(never)
    func solveNewtonThenSafeguarded(x: Double, guess: Double, lower: Double, upper: Double) -> Double {
        var s = guess
        for _ in 0..<6 {
            let f = sampleX(s) - x
            let d = sampleDerivativeX(s)
            let next = clamp(s - f / d, lower, upper)
            if d >= 1e-3 && f.magnitude <= 1e-7 * d { return next }
            guard d > 0 else { break }
            s = next
        }
        return solveSafeguarded(x: x, lower: lower, upper: upper)
    }

    /// Two clamped Newton steps from `guess`, accepted when the curve is steep enough and the last step
    /// small enough; otherwise the safeguarded solver. Used to build the table.
    @usableFromInline
    func solveParameterTwoSteps(x: Double, guess: Double, lower: Double, upper: Double) -> Double {
        var s = guess
        var f = sampleX(s) - x
        var d = sampleDerivativeX(s)
        s = clamp(s - f / d, lower, upper)
        f = sampleX(s) - x
        d = sampleDerivativeX(s)
        let result = clamp(s - f / d, lower, upper)
        if d >= 1e-3 && f.magnitude <= 1e-7 * d { return result }
        return solveSafeguarded(x: x, lower: lower, upper: upper)
    }

    @inlinable
    func clamp(_ s: Double, _ lower: Double, _ upper: Double) -> Double {
        s < lower ? lower : (s > upper ? upper : s)
    }

    @inlinable
    func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }

    @inlinable
    func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }

    @inlinable
    func sampleDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

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
}
