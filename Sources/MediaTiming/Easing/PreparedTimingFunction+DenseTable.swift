// The dense table of a shared curve (PreparedTimingFunction's comment, "Shared curves"): 512 intervals of
// certified cubics, sub-tables where a cubic cannot be certified.
extension PreparedTimingFunction {
    /// The dense table (see ``table``).
    func denseTable() -> [Double] {
        let n = Self.intervals
        var knots = [Double](repeating: 0, count: n + 1)
        knots[n] = 1
        for k in 1..<n {
            let x = Double(k) / Double(n)
            let previous = knots[k - 1]
            let guess = k >= 2 ? min(2 * previous - knots[k - 2], 1) : x
            knots[k] = solveParameterTwoSteps(x: x, guess: guess, lower: previous, upper: 1)
        }
        let slopes = cappedSlopes(knots, width: 1 / Double(n))
        var rows = [Double](repeating: 0, count: Self.subTableOffsets + n)
        rows[Self.parameterRows + n * Self.rowStride] = 1
        for k in 0..<n {
            let x0 = Double(k) / Double(n), width = 1 / Double(n)
            let (row, tolerance) = interpolants(x0: x0, width: width, s0: knots[k], s1: knots[k + 1], m0: slopes[k], m1: slopes[k + 1])
            for j in 0..<4 {
                rows[k * Self.rowStride + j] = row[j]
                rows[Self.parameterRows + k * Self.rowStride + j] = row[4 + j]
            }
            rows[Self.tolerances + k] = tolerance
            rows[Self.subTableOffsets + k] = row[3].isNaN ? Double(rows.count) : -1
            if row[3].isNaN { appendSubTable(&rows, k: k, knots: knots) }
        }
        return rows
    }

    /// The interpolants of x in `[x0, x0 + width]` (parameter knots `s0`, `s1`, slopes `m0`, `m1` in units
    /// of the interval): `Y`'s coefficients (the last NaN when not certified), then `P`'s, and the residual
    /// tolerance of ``certificate(x0:width:upper:p:y:)``.
    func interpolants(x0: Double, width: Double, s0: Double, s1: Double, m0: Double, m1: Double)
        -> (row: [Double], tolerance: Double)
    {
        let delta = s1 - s0
        let p: [Double] = [s0, m0, 3 * delta - 2 * m0 - m1, m0 + m1 - 2 * delta]
        // Y(t): Hermite of y(x) with the end slopes of y(P(t)).
        let ya = sampleY(s0), yb = sampleY(s1)
        let ma = sampleDerivativeY(s0) * m0, mb = sampleDerivativeY(s1) * m1
        let dy = yb - ya
        let yc: [Double] = [ya, ma, 3 * dy - 2 * ma - mb, ma + mb - 2 * dy]
        let (certified, tolerance) = certificate(x0: x0, width: width, upper: s1, p: p, y: yc)
        return ([yc[0], yc[1], yc[2], certified ? yc[3] : .nan] + p, tolerance)
    }

    /// The parameter slopes `width/x'(s)` at `knots`, each capped at three times the smaller adjacent
    /// secant (so the Hermite interpolant is monotone and stays inside its bracket).
    func cappedSlopes(_ knots: [Double], width: Double) -> [Double] {
        let last = knots.count - 1
        return (0...last).map { k in
            let left = k > 0 ? knots[k] - knots[k - 1] : Double.infinity
            let right = k < last ? knots[k + 1] - knots[k] : Double.infinity
            let cap = 3 * min(left, right)
            let d = sampleDerivativeX(knots[k])
            let slope = d > 0 ? width / d : Double.infinity
            return slope < cap ? slope : cap
        }
    }

    /// Appends interval `k`'s sub-table (see ``table``): ``subdivisions`` sub-rows over its sub-intervals.
    func appendSubTable(_ rows: inout [Double], k: Int, knots: [Double]) {
        let count = Self.subdivisions, fine = Self.intervals * count
        var sub = [Double](repeating: 0, count: count + 1)
        sub[0] = knots[k]
        sub[count] = knots[k + 1]
        for j in 1..<count {
            let x = Double(k * count + j) / Double(fine)
            sub[j] = solveParameterTwoSteps(x: x, guess: sub[j - 1], lower: sub[j - 1], upper: knots[k + 1])
        }
        let width = 1 / Double(fine)
        let slopes = cappedSlopes(sub, width: width)
        for j in 0..<count {
            let (row, tolerance) = interpolants(
                x0: Double(k * count + j) / Double(fine), width: width, s0: sub[j], s1: sub[j + 1], m0: slopes[j],
                m1: slopes[j + 1])
            rows += row
            rows += [sub[j + 1], tolerance]
        }
    }

    /// The certificate of the interval of x `[x0, x0 + width]` (parameter bracket `[p[0], upper]`) with
    /// parameter interpolant `p` and value interpolant `y` (power
    /// coefficients in `t`): whether `|y(t) − TF(x)| ≤` ``certifiedError`` on the whole interval, and the
    /// residual tolerance `τ` such that `|x(s) − x| ≤ τ` certifies `y(s)` to the same bound for any `s` in
    /// the bracket (negative where `x'` vanishes or nearly).
    func certificate(x0 x: Double, width: Double, upper s1: Double, p: [Double], y: [Double])
        -> (certified: Bool, tolerance: Double)
    {
        let s0 = p[0]
        // The knots are exact to an ulp or so: the bracket is widened for the true root.
        let lipschitz = slopeBound(s0, s1)  // |dy/dx| on the bracket
        guard lipschitz.isFinite else { return (false, -1) }
        let residualRounding = Self.residualRounding, valueRounding = self.valueRounding
        let tolerance = residualTolerance(s0, s1, error: Self.certifiedError)
        // q(t) = P(t) − s0; x(P) = x(s0) + x'(s0)·q + (3ax·s0 + bx)·q² + ax·q³ (exact Taylor expansion).
        // Fixed-size storage (no allocation); polynomial products term by term, `c[i + j] += a[i]·b[j]`.
        var q = InlineArray<4, Double>(repeating: 0)
        for j in 1..<4 { q[j] = p[j] }
        var q2 = InlineArray<7, Double>(repeating: 0), q3 = InlineArray<10, Double>(repeating: 0)
        for i in 0..<4 { for j in 0..<4 { q2[i + j] += q[i] * q[j] } }
        for i in 0..<7 { for j in 0..<4 { q3[i + j] += q2[i] * q[j] } }
        var residual = InlineArray<10, Double>(repeating: 0)
        residual[0] = exactResidual(s0, x)
        residual[1] -= width
        let d1 = sampleDerivativeX(s0), h = 3 * ax * s0 + bx
        var gap = InlineArray<10, Double>(repeating: 0)
        gap[0] = -sampleY(s0)
        let e1 = sampleDerivativeY(s0), g = 3 * ay * s0 + by
        for j in 0..<10 {
            let linear = j < 4 ? q[j] : 0, square = j < 7 ? q2[j] : 0, cube = q3[j]
            residual[j] += d1 * linear + h * square + ax * cube
            gap[j] += (j < 4 ? y[j] : 0) - (e1 * linear + g * square + ay * cube)
        }
        let residualBound = Self.bernsteinBound9(residual) * (1 + 1e-9) + 1e-18
        let gapBound = Self.bernsteinBound9(gap) * (1 + 1e-9) + 1e-18
        let error = gapBound + lipschitz * (residualBound + residualRounding) + valueRounding
        let certified = error <= Self.certifiedError && y.allSatisfy { $0.isFinite }
        return (certified, tolerance)
    }

    /// `C(i,j)/C(n,j)` at `i·(n + 1) + j` for `j ≤ i ≤ n` (0 above the diagonal), each binomial a product
    /// of ratios.
    static func bernsteinWeights(_ n: Int) -> [Double] {
        func binomial(_ n: Int, _ k: Int) -> Double {
            var r = 1.0
            if k > 0 { for i in 1...k { r = r * Double(n - k + i) / Double(i) } }
            return r
        }
        var weights = [Double](repeating: 0, count: (n + 1) * (n + 1))
        for i in 0...n { for j in 0...i { weights[i * (n + 1) + j] = binomial(i, j) / binomial(n, j) } }
        return weights
    }

    /// A bound of `|p(t)|` on [0, 1] for a polynomial of degree 9 (power coefficients in): the largest
    /// magnitude of its Bernstein coefficients `b_i = Σ_{j≤i} C(i,j)/C(9,j)·p_j` (the polynomial is a convex
    /// combination of them), with the weights of ``bernsteinWeights9``.
    static func bernsteinBound9(_ p: InlineArray<10, Double>) -> Double {
        let weights = bernsteinWeights9
        var bound = 0.0
        for i in 0...9 {
            var b = 0.0
            for j in 0...i { b += weights[i * 10 + j] * p[j] }
            bound = max(bound, b.magnitude)
        }
        return bound
    }

    /// ``bernsteinWeights(_:)`` for degree 9, the degree of every certificate's polynomials (computed once).
    static let bernsteinWeights9 = bernsteinWeights(9)

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
}
