/// The construction of a ``PreparedTimingFunction``'s ``PreparedTimingFunction/Layout/newtonSteps`` table from the power coefficients of its
/// polynomials `x(s) = ((ax·s + bx)·s + cx)·s` and `y(s)` likewise (x control points in [0, 1]): the
/// parameter guesses, brackets and step tolerances of its intervals, in closed form but for one Newton
/// step per knot; no allocation (the scratch lives on the stack).
struct CurveTableBuilder {
    let ax: Double, bx: Double, cx: Double
    let ay: Double, by: Double, cy: Double

    /// The unit roundoff `2⁻⁵³`.
    static var unit: Double { Double.ulpOfOne / 2 }
    /// Cells of the uniform parameter grid that brackets the knots: `G = 2·N`.
    static var gridCells: Int { 2 * PreparedTimingFunction.newtonIntervals }
    /// The largest accepted step: `|h| ≤ 10⁻²`, so `h² ≤ 10⁻⁴`.
    static var largestSquaredStep: Double { 1e-4 }

    @inline(__always) func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }

    /// Writes the ``PreparedTimingFunction/table`` rows (``PreparedTimingFunction/newtonIntervals`` rows of
    /// ``PreparedTimingFunction/newtonRowStride`` doubles) to `rows`.
    func buildTable(into rows: UnsafeMutablePointer<Double>) {
        let n = PreparedTimingFunction.newtonIntervals, stride = PreparedTimingFunction.newtonRowStride
        let g = Self.gridCells
        let u = Self.unit
        let sx = 1 + ax.magnitude + bx.magnitude + cx.magnitude
        let sy = 1 + ay.magnitude + by.magnitude + cy.magnitude
        // |x̃(s) − x(s)| for s in [0, 1]: Horner's rounding (6u·Sx) and the coefficients' own, over-counted.
        let xError = 256 * u * sx
        let dA = 3 * ax, dB = 2 * bx, eA = 3 * ay, eB = 2 * by
        withUnsafeTemporaryAllocation(of: Double.self, capacity: (g + 1) + 2 * (n + 1)) { scratch in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (n + 3)) { counts in
            let grid = scratch.baseAddress.unsafelyUnwrapped
            let knots = grid + (g + 1), slopes = knots + (n + 1)
            let below = counts.baseAddress.unsafelyUnwrapped, above = below + (n + 3)
            for i in 0..<(2 * (n + 3)) { below[i] = -1 }
            // 1. x at the grid parameters j/G, and per grid point the first knot k/N it certifiably lies
            //    below (x(j/G) ≤ k/N: x̃ + xError ≤ k/N) and the first it does not lie certifiably above
            //    (x̃ − xError < k/N); the last grid point for each (the grid's x increases by more than
            //    10⁻⁶ per cell, far above the rounding, so these indices increase with j).
            for j in 0...g {
                let value = x(Double(j) / Double(g))
                grid[j] = value
                // ⌈(x̃ + xError)·N⌉ and ⌊(x̃ − xError)·N⌋ + 1, clamped to 0…N + 1 (before the conversion, so
                // that it is exact).
                let up = min(max((value + xError) * Double(n), 0), Double(n + 1))
                let down = min(max((value - xError) * Double(n) + 1, 0), Double(n + 1))
                let upInt = Int(up), downInt = Int(down)
                below[upInt &+ (Double(upInt) < up ? 1 : 0)] = j
                above[downInt] = j
            }
            // Running maxima plus one: below[k] = #{j : x̃_j + xError ≤ k/N}, above[k] = #{j : x̃_j − xError < k/N}.
            var lastBelow = -1, lastAbove = -1
            for k in 0...(n + 1) {
                lastBelow = max(lastBelow, below[k])
                lastAbove = max(lastAbove, above[k])
                below[k] = lastBelow &+ 1
                above[k] = lastAbove &+ 1
            }
            // 2. Per knot k/N: the certified grid bracket [(below − 1)/G, above/G] of s(k/N) (x(0) = 0 and
            //    x(1) = 1 exactly), and the knot: inverse linear interpolation in the bracket's first cell,
            //    then one Newton step; the Hermite slope N⁻¹/x'.
            knots[0] = 0
            knots[n] = 1
            let width = 1 / Double(n)
            for k in 1..<n {
                let target = Double(k) / Double(n)
                let cell = below[k] &- 1
                let span = grid[cell + 1] - grid[cell]
                let fraction = span > 0 ? min(max((target - grid[cell]) / span, 0), 1) : 0
                let s = (Double(cell) + fraction) / Double(g)
                let d = (dA * s + dB) * s + cx
                let inverse = d > 0 ? 1 / d : 0
                let next = s - (x(s) - target) * inverse
                let lo = Double(cell) / Double(g), hi = Double(above[k]) / Double(g)
                knots[k] = next > lo ? (next < hi ? next : hi) : lo
                slopes[k] = width * inverse
            }
            let d0 = cx, d1 = dA + dB + cx
            slopes[0] = d0 > 0 ? width / d0 : 0
            slopes[n] = d1 > 0 ? width / d1 : 0
            // The vertices of x' and y' (quadratics), once.
            let xVertex = dA != 0 ? -dB / (2 * dA) : -1
            let yVertex = eA != 0 ? -eB / (2 * eA) : -1
            // 2. Per interval: the guess (monotone cubic Hermite: slopes capped at three secants), the
            //    bracket and the squared step tolerance.
            for k in 0..<n {
                let row = rows + k * stride
                let s0 = knots[k], s1 = knots[k + 1], delta = max(s1 - s0, 0)
                let left = k > 0 ? max(s0 - knots[k - 1], 0) : delta
                let right = k + 1 < n ? max(knots[k + 2] - s1, 0) : delta
                let m0 = min(slopes[k], 3 * min(left, delta))
                let m1 = min(slopes[k + 1], 3 * min(delta, right))
                row[0] = s0
                row[1] = m0
                row[2] = 3 * delta - 2 * m0 - m1
                row[3] = m0 + m1 - 2 * delta
                let lo = k > 0 ? Double(below[k] &- 1) / Double(g) : 0
                let hi = k + 1 < n ? Double(above[k + 1]) / Double(g) : 1
                row[4] = squaredTolerance(
                    lo, hi, xVertex: xVertex, yVertex: yVertex, sx: sx, sy: sy)
                row[5] = lo
                row[6] = hi
            }
        }}
    }

    /// The squared step tolerance `τ²` of a parameter bracket `[lo, hi]` (see ``PreparedTimingFunction``):
    /// the largest `τ² ≤ 10⁻⁴` with `R·(M₂/2·(τ + 2u)² + 512·u·Sx) + η·(hi − lo) + 256·u·Sy ≤`
    /// ``PreparedTimingFunction/newtonCertifiedError``, less a margin for its own rounding; −1 when there is none.
    @inline(__always)
    func squaredTolerance(_ lo: Double, _ hi: Double, xVertex: Double, yVertex: Double, sx: Double, sy: Double)
        -> Double
    {
        let u = Self.unit
        let dA = 3 * ax, dB = 2 * bx, eA = 3 * ay, eB = 2 * by
        // Extremes of x' and |y'| on [lo, hi]: the ends and the vertex inside; the rounding of these
        // evaluations (and of the vertex) is below 64u·Sx and 64u·Sy.
        let xl = (dA * lo + dB) * lo + cx, xh = (dA * hi + dB) * hi + cx
        let xv = (dA * xVertex + dB) * xVertex + cx
        let xInside = xVertex > lo && xVertex < hi
        let xMin = min(min(xl, xh), xInside ? xv : xl) - 64 * u * sx
        let xMax = max(max(xl, xh), xInside ? xv : xl)
        let yl = (eA * lo + eB) * lo + cy, yh = (eA * hi + eB) * hi + cy
        let yv = (eA * yVertex + eB) * yVertex + cy
        let yInside = yVertex > lo && yVertex < hi
        let yMax = max(max(yl.magnitude, yh.magnitude), yInside ? yv.magnitude : 0) + 64 * u * sy
        // |x''| = |6ax·s + 2bx| on [lo − 1/64, hi + 1/64] (linear: its ends), with a margin for rounding.
        let reach = 1.0 / 64
        let curvature = max((2 * dA * (lo - reach) + dB).magnitude, (2 * dA * (hi + reach) + dB).magnitude)
            * (1 + 1e-12) + 64 * u * sx
        // R = yMax/xMin (numerator and denominator kept apart: one division below) or, at a flat point,
        // the checked slope with its shortfall η.
        var slopeNumerator = yMax, slopeDenominator = xMin, shortfall = 0.0
        if !(xMin > 1e-2 * xMax) {
            guard let bound = flatSlopeBound(lo, hi, sx: sx, sy: sy) else { return -1 }
            (slopeNumerator, slopeDenominator, shortfall) = (bound.slope, 1, bound.shortfall)
        }
        // budget/R, with budget = error − 256u·Sy − η·(hi − lo) − R·512u·Sx.
        let scaledBudget = (PreparedTimingFunction.newtonCertifiedError - 256 * u * sy - shortfall * (hi - lo))
            * slopeDenominator - slopeNumerator * 512 * u * sx
        guard scaledBudget > 0 else { return -1 }
        // R·M₂/2·(τ + 2u)² ≤ budget, and (τ + 2u)² ≤ τ² + 5·10⁻¹⁸ for τ ≤ 10⁻²; the factor covers the
        // rounding of the products and the quotient.
        let squared = (2 * scaledBudget / (slopeNumerator * curvature) - 5e-18) * (1 - 1e-9)
        guard squared > 0 else { return -1 }
        return min(squared, Self.largestSquaredStep)  // also where R·M₂ = 0 (the quotient is +∞)
    }

    /// Where `x'` nearly vanishes on `[lo, hi]` (a flat point, where `y'` may vanish too): a bound `R` and a
    /// shortfall `η` with `|y'(s)| ≤ R·x'(s) + η` on the bracket — a slope from nine samples of `|y'/x'|`,
    /// doubled, checked by the minima of the quadratics `R·x' ∓ y'` (their rounding counted in `η`), and
    /// four times larger once if that fails; nil when neither holds with `η·(hi − lo)` below a quarter of
    /// the error budget.
    func flatSlopeBound(_ lo: Double, _ hi: Double, sx: Double, sy: Double) -> (slope: Double, shortfall: Double)? {
        let u = Self.unit
        let xq = (3 * ax, 2 * bx, cx), yq = (3 * ay, 2 * by, cy)
        var sampled = 0.0
        for i in 0...8 {
            let s = lo + (hi - lo) * Double(i) / 8
            let d = (xq.0 * s + xq.1) * s + xq.2
            if d > 0 { sampled = max(sampled, ((yq.0 * s + yq.1) * s + yq.2).magnitude / d) }
        }
        var candidate = 2 * sampled + 1e-300
        for _ in 0..<2 {
            let minus = Self.quadraticMinimum(
                candidate * xq.0 - yq.0, candidate * xq.1 - yq.1, candidate * xq.2 - yq.2, lo, hi)
            let plus = Self.quadraticMinimum(
                candidate * xq.0 + yq.0, candidate * xq.1 + yq.1, candidate * xq.2 + yq.2, lo, hi)
            let shortfall = max(0, -min(minus, plus)) + 64 * u * (candidate * sx * 3 + sy * 3)
            if shortfall * (hi - lo) <= PreparedTimingFunction.newtonCertifiedError / 4 { return (candidate, shortfall) }
            candidate *= 4
        }
        return nil
    }

    /// The minimum of `a·s² + b·s + c` on `[lo, hi]`: its values at the ends and at the vertex when that
    /// lies inside.
    static func quadraticMinimum(_ a: Double, _ b: Double, _ c: Double, _ lo: Double, _ hi: Double) -> Double {
        func q(_ s: Double) -> Double { (a * s + b) * s + c }
        var low = min(q(lo), q(hi))
        if a != 0 {
            let vertex = -b / (2 * a)
            if vertex > lo && vertex < hi { low = min(low, q(vertex)) }
        }
        return low
    }
}
