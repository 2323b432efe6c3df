// The compact table of a custom curve (PreparedTimingFunction's comment, "Custom curves"): 32 cells of x,
// each a certified polynomial of degree 7 or a first guess of the parameter.
extension PreparedTimingFunction {
    /// The number of cells `N` of the compact table (a power of two, so that `N·x` and its fractional part
    /// are exact).
    @usableFromInline static var compactCells: Int { 32 }
    /// Doubles per compact row: the eight coefficients of `Y(u)`, or a parameter row.
    @usableFromInline static var compactStride: Int { 8 }
    /// The error bound in `y` of the compact table's certificates, all rounding included.
    static var compactError: Double { 5e-8 }

    /// Writes the compact table's ``compactCells`` rows at `rows` (scratch on the stack: no allocation).
    /// Costs a fixed amount of work: 31 knots, 33 sets of Hermite data, 32 certificates (four cells at a
    /// time, ``certifies(x0:width:s0:s1:budget:)``).
    func buildCompact(into rows: UnsafeMutablePointer<Double>) {
        let n = Self.compactCells, width = 1 / Double(n)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 6 * (n + 1)) { scratch in
            let knots = scratch.baseAddress.unsafelyUnwrapped, data = knots + (n + 1), budgets = data + 4 * (n + 1)
            solveKnots(knots, scratch: data)
            // The Hermite data at each knot: y and the Taylor coefficients of y(x) times width^j (not finite
            // where x'(s) = 0).
            for k in 0...n {
                let s = knots[k]
                let (c1, c2, c3) = taylorCoefficients(at: s)
                data[4 * k] = sampleY(s)
                data[4 * k + 1] = c1 * width
                data[4 * k + 2] = c2 * (width * width)
                data[4 * k + 3] = c3 * (width * width * width)
            }
            // Every cell's Hermite row, and what its certificate may spend once its rounding is paid.
            for k in 0..<n {
                budgets[k] = hermiteRow(rows + k * Self.compactStride, data: data + 4 * k)
            }
            // The certificates, four cells at a time; a cell without one gets a parameter row.
            typealias Cells = SIMD4<Double>
            for first in stride(from: 0, to: n, by: Cells.scalarCount) {
                var x0 = Cells(), s0 = Cells(), s1 = Cells(), budget = Cells()
                for lane in 0..<Cells.scalarCount {
                    let k = first + lane
                    (x0[lane], s0[lane], s1[lane], budget[lane]) = (Double(k) * width, knots[k], knots[k + 1], budgets[k])
                }
                let certified = certifies(x0: x0, width: width, s0: s0, s1: s1, budget: budget)
                for lane in 0..<Cells.scalarCount where !certified[lane] {
                    let k = first + lane
                    parameterRow(rows + k * Self.compactStride, width: width, s0: knots[k], s1: knots[k + 1])
                }
            }
        }
    }

    /// Writes the parameters of the knots `k/N` at `knots[0 ... N]` (`N` = ``compactCells``), each with
    /// `|x(s) − k/N| ≤ 10⁻¹²`, non-decreasing; `scratch` holds `N + 1` doubles. The knots are solved side by
    /// side, so that their Newton steps overlap: each starts from the secant of x over the parameter
    /// grid `j/N` that brackets it, takes three Newton steps in that bracket, and is kept if its residual
    /// is within 5·10⁻¹³ and it is not below the previous knot; otherwise
    /// ``solveKnot(x:guess:lower:upper:)`` solves it above the previous knot.
    func solveKnots(_ knots: UnsafeMutablePointer<Double>, scratch: UnsafeMutablePointer<Double>) {
        let n = Self.compactCells, width = 1 / Double(n)
        let grid = scratch, lowers = scratch + (n + 1)
        for j in 0...n { grid[j] = sampleX(Double(j) * width) }
        // The bracket of each knot in the grid (x is non-decreasing), and the secant's guess there.
        var j = 0
        for k in 1..<n {
            let x = Double(k) * width
            while j < n - 1, grid[j + 1] <= x { j += 1 }
            let rise = grid[j + 1] - grid[j]
            let fraction = rise > 0 ? (x - grid[j]) / rise : 0.5
            lowers[k] = Double(j) * width
            knots[k] = (Double(j) + clamp(fraction, 0, 1)) * width
        }
        for _ in 0..<3 {
            for k in 1..<n {
                let x = Double(k) * width, s = knots[k]
                let f = sampleX(s) - x, d = sampleDerivativeX(s)
                if f.magnitude > 5e-13, d >= 1e-3 { knots[k] = clamp(s - f / d, lowers[k], lowers[k] + width) }
            }
        }
        knots[0] = 0
        knots[n] = 1
        for k in 1..<n {
            let x = Double(k) * width, previous = knots[k - 1]
            if !((sampleX(knots[k]) - x).magnitude <= 5e-13 && knots[k] >= previous) {
                knots[k] = solveKnot(x: x, guess: clamp(knots[k], previous, 1), lower: previous, upper: 1)
            }
        }
    }

    /// The parameter `s` with `x(s) = x` in `[lower, upper]`: Newton steps from `guess` until the residual
    /// `|x(s) − x|` is at most 5·10⁻¹³ where `x'(s) ≥ 10⁻³`, otherwise the safeguarded solver (to within
    /// an ulp). Either way the knot's own `x(s)` is within 10⁻¹² of `x`.
    func solveKnot(x: Double, guess: Double, lower: Double, upper: Double) -> Double {
        var s = guess
        for _ in 0..<6 {
            let f = sampleX(s) - x
            if f.magnitude <= 5e-13 { return s }
            let d = sampleDerivativeX(s)
            guard d >= 1e-3 else { break }
            s = clamp(s - f / d, lower, upper)
        }
        return solveSafeguarded(x: x, lower: lower, upper: upper)
    }

    /// The Taylor coefficients `y'`, `y''/2`, `y'''/6` of `y(x)` at `x(s)`, by reverting the series of
    /// `x(s)` (`a1·δ + a2·δ² + a3·δ³`) in that of `y(s)` (`b1·δ + b2·δ² + b3·δ³`); not finite where
    /// `x'(s) = 0`.
    func taylorCoefficients(at s: Double) -> (Double, Double, Double) {
        let a1 = sampleDerivativeX(s), a2 = 3 * ax * s + bx, a3 = ax
        let b1 = sampleDerivativeY(s), b2 = 3 * ay * s + by, b3 = ay
        let inverse = 1 / a1
        let c1 = b1 * inverse
        let c2 = (b2 - c1 * a2) * (inverse * inverse)
        let c3 = (b3 - c1 * a3 - 2 * c2 * a1 * a2) * (inverse * inverse * inverse)
        return (c1, c2, c3)
    }

    /// Writes the Hermite row of a cell (the Hermite data of its knots at `data[0 ..< 8]`) and returns the
    /// error its certificate may still allow, ``compactError`` minus the row's rounding (NaN when a
    /// coefficient is not finite: no certificate).
    @inline(__always)
    func hermiteRow(_ row: UnsafeMutablePointer<Double>, data: UnsafePointer<Double>) -> Double {
        let v0 = data[0], d1 = data[1], d2 = data[2], d3 = data[3]
        let v1 = data[4], e1 = data[5], e2 = data[6], e3 = data[7]
        // Y(u) = v0 + d1·u + d2·u² + d3·u³ + a4·u⁴ + … + a7·u⁷ with the same value and first three scaled
        // derivatives at u = 1: a linear system in a4…a7 whose inverse is the integer matrix below.
        let r0 = v1 - (v0 + d1 + d2 + d3), r1 = e1 - (d1 + 2 * d2 + 3 * d3)
        let r2 = e2 - (d2 + 3 * d3), r3 = e3 - d3
        let a4 = 35 * r0 - 15 * r1 + 5 * r2 - r3
        let a5 = -84 * r0 + 39 * r1 - 14 * r2 + 3 * r3
        let a6 = 70 * r0 - 34 * r1 + 13 * r2 - 3 * r3
        let a7 = -20 * r0 + 10 * r1 - 4 * r2 + r3
        let size = v0.magnitude + d1.magnitude + d2.magnitude + d3.magnitude + a4.magnitude + a5.magnitude
            + a6.magnitude + a7.magnitude
        let residuals = r0.magnitude + r1.magnitude + r2.magnitude + r3.magnitude
        // Rounding: the coefficients (sums of at most 200 times the residuals' size, each residual a few
        // roundings of the data) and the evaluation (two roundings per level of Estrin's scheme over
        // coefficients whose magnitudes sum to `size`, u in [0, 1]): 10⁻¹⁴·size + 10⁻¹³·residuals is far
        // above both.
        let rounding = 1e-14 * size + 1e-13 * residuals
        row[0] = v0
        row[1] = d1
        row[2] = d2
        row[3] = d3
        row[4] = a4
        row[5] = a5
        row[6] = a6
        row[7] = a7
        return size.isFinite && residuals.isFinite ? Self.compactError - rounding : .nan
    }

    /// Which of four cells `[x0, x0 + width]` (parameter knots `s0`, `s1`) have a Hermite interpolant that
    /// errs by at most `budget` for every x of the cell: the bound of the type's comment ("Custom curves"),
    /// plus the effect of the knots' own `x(s)` differing from `k/N` by at most 10⁻¹²
    /// (``solveKnot(x:guess:lower:upper:)``), which moves the interpolant by at most `4·10⁻¹²·max|dy/dx|` on
    /// the cell. A lane is certified when one of three radii proves it (tried in turn until every lane is
    /// certified or cannot be); every operation is per lane (the same IEEE operations as one cell at a
    /// time), and a NaN anywhere fails its lane.
    @inline(__always)
    func certifies(
        x0: SIMD4<Double>, width: Double, s0: SIMD4<Double>, s1: SIMD4<Double>, budget: SIMD4<Double>
    ) -> SIMDMask<SIMD4<Int64>> {
        typealias Cells = SIMD4<Double>
        func magnitude(_ v: Cells) -> Cells { v.replacing(with: -v, where: v .< 0) }
        let sm = 0.5 * (s0 + s1)
        // The curve at the cells' middles.
        let a1 = sampleDerivativeX(lanes: sm), b1 = sampleDerivativeY(lanes: sm), xm = sampleX(lanes: sm)
        let a2 = 3 * ax * sm + bx, a3 = ax
        let b2 = 3 * ay * sm + by, b3 = ay
        // y(x(sm + δ)) − T₃ = Σ_{j=4…9} R_j·δ^j: subtract c1·u, c2·u², c3·u³ from v, with u = a1·δ + a2·δ² + a3·δ³
        // and v = b1·δ + b2·δ² + b3·δ³, each c_k cancelling the δ^k term.
        let inverse = 1 / a1
        let c1 = b1 * inverse
        var r3 = b3 - c1 * a3
        let c2 = (b2 - c1 * a2) * (inverse * inverse)
        r3 -= c2 * 2 * a1 * a2
        var r4 = -c2 * (a2 * a2 + 2 * a1 * a3), r5 = -c2 * 2 * a2 * a3, r6 = -c2 * a3 * a3
        let c3 = r3 * (inverse * inverse * inverse)
        r4 -= c3 * 3 * a1 * a1 * a2
        r5 -= c3 * 3 * a1 * (a2 * a2 + a1 * a3)
        r6 -= c3 * (a2 * a2 * a2 + 6 * a1 * a2 * a3)
        let r7 = -c3 * 3 * a3 * (a2 * a2 + a1 * a3), r8 = -c3 * 3 * a2 * a3 * a3, r9 = -c3 * a3 * a3 * a3
        let m4 = magnitude(r4), m5 = magnitude(r5), m6 = magnitude(r6)
        let m7 = magnitude(r7), m8 = magnitude(r8), m9 = magnitude(r9)
        // The distance from x(sm) to the cell's middle, widened by the rounding of x(sm).
        let half = 0.5 * width, h2 = half * half, h8 = (h2 * h2) * (h2 * h2)
        let offset = magnitude(xm - (x0 + half)) + 1e-15
        // |T₃'| on the cell: the Taylor polynomial's slope within `reach` of x(sm).
        let reach = offset + half
        let taylorSlope = magnitude(c1) + reach * (2 * magnitude(c2) + 3 * reach * magnitude(c3))
        // Radii around r0, where ρ(r) is half of its linear term (a root of |a3|·r² + |a2|·r − a1/2); each
        // above half the parameter width, so that the real root on the cell is the one in the disk.
        let qa = a3.magnitude, qb = magnitude(a2), qc = 0.5 * a1
        let r0 =
            qa > 0
            ? 2 * qc / (qb + (qb * qb + 4 * qa * qc).squareRoot()) : (qc / qb).replacing(with: 1, where: .!(qb .> 0))
        let minimum = 0.5 * (s1 - s0) * (1 + 1e-9) + 1e-15
        var certified = SIMDMask<SIMD4<Int64>>(repeating: false)
        // Lanes that no radius can certify (a1 or budget not positive, or NaN) are decided at once; the
        // radii stop when every lane is decided (the first one usually decides them all).
        let possible = (a1 .> 0) .& (budget .> 0)
        let factors: InlineArray<3, Double> = [0.6, 0.3, 1.2]
        for j in factors.indices where any(possible .& .!certified) {
            let r = factors[j] * r0
            let rho = r * (a1 - r * (qb + r * qa))
            // The circle of radius `radius` around the cell's middle lies inside the disk |w − x(sm)| < ρ.
            let radius = rho - offset
            let r2 = r * r
            // M ≥ |y − T₃| on the disk (with a relative margin for the rounding of these few dozen operations).
            let m = r2 * r2 * (m4 + r * (m5 + r * (m6 + r * (m7 + r * (m8 + r * m9))))) * (1 + 1e-12)
            let gap = radius - half, q = radius * radius - h2, q4 = (q * q) * (q * q)
            // Interpolation error ≤ M·radius/gap·(h/2)⁸/q⁴; max|dy/dx| ≤ |T₃'| + M/gap (Cauchy).
            let interpolation = m * radius * h8, slope = taylorSlope * gap + m
            certified .|= (r .> minimum) .& (radius .> half) .& (interpolation + 4e-12 * slope * q4 .<= budget * gap * q4)
        }
        return certified .& possible
    }

    /// Writes the parameter row of the cell of `width` with parameter knots `s0`, `s1` (see ``table``):
    /// `P(u)` is the cubic Hermite interpolant of `s(x)` with the slopes `width/x'(s)` at both knots, each
    /// capped at three times the cell's secant, so that it is monotone and stays inside the bracket (a flat
    /// point's infinite slope is capped too).
    func parameterRow(_ row: UnsafeMutablePointer<Double>, width: Double, s0: Double, s1: Double) {
        let delta = s1 - s0, cap = 3 * delta
        func slope(_ s: Double) -> Double {
            let d = sampleDerivativeX(s)
            let m = d > 0 ? width / d : Double.infinity
            return m < cap ? m : cap
        }
        let m0 = slope(s0), m1 = slope(s1)
        row[0] = s0
        row[1] = m0
        row[2] = 3 * delta - 2 * m0 - m1
        row[3] = m0 + m1 - 2 * delta
        row[4] = s1
        row[5] = residualTolerance(s0, s1, error: Self.compactError)
        row[6] = 0
        row[7] = .nan
    }

    /// `TF(x)` in a cell of the compact table without a certificate, at `u` in the cell with its parameter
    /// `row` (see ``table``): `s = P(u)`, then up to four Newton steps clamped to the cell's bracket, accepted
    /// as soon as the residual `|x(s) − x|` is within the row's tolerance (which certifies `y(s)` to
    /// ``compactError``); otherwise the solvers from there.
    @usableFromInline
    func compactParameterValue(_ x: Double, _ u: Double, row p: UnsafePointer<Double>) -> Double {
        let lower = p[0], upper = p[4], tolerance = p[5]
        var s = clamp(p[0] + u * (p[1] + u * (p[2] + u * p[3])), lower, upper)
        var accepted = false
        for _ in 0..<4 {
            let f = sampleX(s) - x
            if f.magnitude <= tolerance {
                accepted = true
                break
            }
            let d = sampleDerivativeX(s)
            guard d > 0 else { break }
            s = clamp(s - f / d, lower, upper)
        }
        if !accepted { s = solveNewtonThenSafeguarded(x: x, guess: s, lower: lower, upper: upper) }
        return clampToRange(sampleY(s))
    }
}
