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

    /// Writes the compact table's ``compactCells`` rows at `rows`, with scratch on the stack (under the
    /// 1,024 bytes that `withUnsafeTemporaryAllocation` always places there): no allocation. Costs a bounded
    /// amount of work: 31 knots, 33 sets of Hermite data, 32 Hermite rows, 8 first certificates of four
    /// cells each (``certifies(x0:width:cells:s0:s1:budget:)``) and, for each range of four that one
    /// rejects, its cells' own, each step four knots, cells or ranges at a time with the same IEEE
    /// operations in every lane as one at a time, and the second certificate
    /// (``certifiesAtNodes(row:cell:s0:s1:budget:)``, 22 evaluations of the row's error) for each cell
    /// that the first one rejects (both its range's and its own).
    func buildCompact(into rows: UnsafeMutablePointer<Double>) {
        typealias Lanes = SIMD4<Double>
        typealias HermiteData = (Lanes, Lanes, Lanes, Lanes)
        let n = Self.compactCells, width = 1 / Double(n), lanes = Lanes.scalarCount
        // Knots 0 ... n, then 1 up to a whole number of lane groups (the last group of Hermite data starts
        // at knot n); then the knot solver's scratch.
        let padded = n + lanes
        // `rejected` below has a bit per cell, the cells go four at a time (the first certificate's ranges
        // of four cells four at a time), and their budgets (one double each) reuse the knot solver's scratch.
        assert(
            n <= UInt64.bitWidth && n % (lanes * lanes) == 0 && n <= Self.knotScratch,
            "the compact table's cells outgrow its scratch or its ranges")
        withUnsafeTemporaryAllocation(of: Double.self, capacity: padded + Self.knotScratch) { scratch in
            let knots = scratch.baseAddress.unsafelyUnwrapped
            solveKnots(knots, scratch: knots + padded)
            for k in (n + 1)..<padded { knots[k] = 1 }
            // The Hermite data of four knots: y and the Taylor coefficients of y(x) times width^j (not
            // finite where x'(s) = 0).
            let w1 = width, w2 = width * width, w3 = width * width * width
            @inline(__always) func hermiteData(_ first: Int) -> HermiteData {
                let s = Lanes.load(knots + first)
                let (c1, c2, c3) = taylorCoefficients(at: s)
                return (sampleY(lanes: s), c1 * w1, c2 * w2, c3 * w3)
            }
            // Lanes 1, 2, 3 of `low` and lane 0 of `next`: the data of the next four knots.
            func shifted(_ low: Lanes, _ next: Lanes) -> Lanes { Lanes(low[1], low[2], low[3], next[0]) }
            // Every cell's Hermite row and what its certificate may spend once its rounding is paid (in the
            // knot solver's scratch, free again); then the certificates, in a loop of their own; a cell
            // without one gets a parameter row.
            let budgets = knots + padded
            var low = hermiteData(0)
            for k in stride(from: 0, to: n, by: lanes) {
                let next = hermiteData(k + lanes)
                let high = (
                    shifted(low.0, next.0), shifted(low.1, next.1), shifted(low.2, next.2), shifted(low.3, next.3)
                )
                hermiteRows(rows + k * Self.compactStride, low: low, high: high).store(budgets + k)
                low = next
            }
            // The first certificate once per range of four cells (a lane per range, four ranges at a time),
            // for all of its cells at once, within their smallest budget (a cell without one fails its
            // range); then once per cell of each range it rejects.
            var rangesCertified: UInt64 = 0
            let rangeCells = lanes, ranges = n / rangeCells
            for first in stride(from: 0, to: ranges, by: lanes) {
                // The value of `cell` at the first cell of each of the four ranges.
                @inline(__always) func perRange(_ cell: (Int) -> Double) -> Lanes {
                    let k = first * rangeCells
                    return Lanes(cell(k), cell(k + rangeCells), cell(k + 2 * rangeCells), cell(k + 3 * rangeCells))
                }
                let budget = perRange { k in
                    let cells = Lanes.load(budgets + k), valid = cells.replacing(with: -1, where: .!(cells .> 0))
                    return Swift.min(Swift.min(valid[0], valid[1]), Swift.min(valid[2], valid[3]))
                }
                let certified = certifies(
                    x0: perRange { Double($0) * width }, width: width, cells: Double(rangeCells),
                    s0: perRange { knots[$0] }, s1: perRange { knots[$0 + rangeCells] }, budget: budget)
                rangesCertified |= Self.bits(certified) &<< UInt64(first)
            }
            var rejected: UInt64 = 0
            for range in 0..<ranges where rangesCertified & (1 &<< UInt64(range)) == 0 {
                let k = range &* rangeCells  // the range's cells are one group of lanes
                let x0 = Lanes.counting(from: k) * width
                let s0 = Lanes.load(knots + k), s1 = Lanes.load(knots + k + 1)
                let certified = certifies(x0: x0, width: width, cells: 1, s0: s0, s1: s1, budget: Lanes.load(budgets + k))
                rejected |= Self.bits(.!certified) &<< UInt64(k)
            }
            while rejected != 0 {
                let k = rejected.trailingZeroBitCount
                rejected &= rejected &- 1
                let row = rows + k * Self.compactStride, budget = budgets[k], s0 = knots[k], s1 = knots[k + 1]
                if budget > 0, certifiesAtNodes(row: row, cell: k, s0: s0, s1: s1, budget: budget) { continue }
                parameterRow(row, width: width, s0: s0, s1: s1)
            }
        }
    }

    /// The doubles of scratch that ``solveKnots(_:scratch:)`` takes: the grid and the knots' brackets,
    /// ``compactCells`` + 1 each.
    static var knotScratch: Int { 2 * (compactCells + 1) }

    /// Writes the parameters of the knots `k/N` at `knots[0 ... N]` (`N` = ``compactCells``), each with
    /// `|x(s) − k/N| ≤ 10⁻¹²`, non-decreasing; `scratch` holds ``knotScratch`` doubles. Each knot starts
    /// from the secant of x over the parameter grid `j/N` that brackets it and takes up to three Newton
    /// steps in that bracket (each where its residual exceeds 5·10⁻¹³ and `x' ≥ 10⁻³`), all knots side by
    /// side, four at a time, so that their steps overlap; it is kept if its residual is within 5·10⁻¹³
    /// before the third step (which it then does not take) and it is not below the previous knot;
    /// otherwise ``solveKnot(x:guess:lower:upper:)`` goes on from where it stands, above the previous knot.
    /// Cost: 33 evaluations of `x`, 32 secants (a division each), three rounds of 31 Newton steps, and a
    /// scalar solve for each knot that the third round moves or leaves outside the tolerance.
    func solveKnots(_ knots: UnsafeMutablePointer<Double>, scratch: UnsafeMutablePointer<Double>) {
        typealias Lanes = SIMD4<Double>
        let n = Self.compactCells, width = 1 / Double(n), lanes = Lanes.scalarCount
        // Knots 1 ... n − 1 go in groups of four from 1; the last group's lane for knot n is overwritten.
        let grid = scratch, brackets = scratch + (n + 1)
        for j in stride(from: 0, to: n, by: lanes) { sampleX(lanes: Lanes.counting(from: j) * width).store(grid + j) }
        grid[n] = sampleX(Double(n) * width)
        // The bracket `j` of each knot `k`, the last grid point at or below it among 0 ... n − 1: the largest
        // `j` with `grid[j]·N ≤ k`, that is with `⌈grid[j]·N⌉ ≤ k` (N·x is exact). Each grid point is
        // written at its ceiling, a later one over an earlier one, and a running maximum over the ceilings
        // up to `k` gives the bracket (stores, and a maximum in a register: no load waits for a store).
        // Then the secant's guess in the bracket.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: n + 1) { last in
            let last = last.baseAddress.unsafelyUnwrapped
            last.initialize(repeating: 0, count: n + 1)
            for j in 1..<n {
                // x(s) ∈ [0, 1], up to its rounding.
                let scaled = Swift.min(Swift.max(grid[j] * Double(n), 0), Double(n))
                let floor = Int(scaled)
                last[floor &+ (Double(floor) < scaled ? 1 : 0)] = j
            }
            var j = last[0]
            for k in 1...n {
                j = Swift.max(j, last[k])
                let lowerX = grid[j], rise = grid[j + 1] - grid[j], bracket = Double(j)
                let fraction = rise > 0 ? (Double(k) * width - lowerX) / rise : 0.5
                brackets[k] = bracket
                knots[k] = (bracket + clamp(fraction, 0, 1)) * width
            }
        }
        // Three rounds of Newton steps, each over all the knots; the third also tells which knots' residuals
        // are within 5·10⁻¹³ (bit k − 1): those it leaves as they are.
        var solved: UInt64 = 0
        for round in 0..<3 {
            for k in stride(from: 1, to: n, by: lanes) {
                let s = Lanes.load(knots + k), x = Lanes.counting(from: k) * width
                let lower = Lanes.load(brackets + k) * width, upper = lower + width
                let f = sampleX(lanes: s) - x, d = sampleDerivativeX(lanes: s)
                let step = clamp(lanes: s - f / d, lower, upper)
                s.replacing(with: step, where: (Self.magnitude(f) .> 5e-13) .& (d .>= 1e-3)).store(knots + k)
                if round == 2 { solved |= Self.bits(Self.magnitude(f) .<= 5e-13) &<< UInt64(k - 1) }
            }
        }
        knots[0] = 0
        knots[n] = 1
        for k in 1..<n {
            let previous = knots[k - 1]
            if !(solved & (1 &<< UInt64(k - 1)) != 0 && knots[k] >= previous) {
                knots[k] = solveKnot(x: Double(k) * width, guess: clamp(knots[k], previous, 1), lower: previous, upper: 1)
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

    /// The Taylor coefficients `y'`, `y''/2`, `y'''/6` of `y(x)` at `x(s)` for four parameters
    /// (``taylorCoefficients(x:y:)`` of the curve's series at `s`); not finite where `x'(s) = 0`.
    @inline(__always)
    func taylorCoefficients(at s: SIMD4<Double>) -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        Self.taylorCoefficients(
            x: (sampleDerivativeX(lanes: s), 3 * ax * s + bx, SIMD4(repeating: ax)),
            y: (sampleDerivativeY(lanes: s), 3 * ay * s + by, SIMD4(repeating: ay)))
    }

    /// The Taylor coefficients `c1`, `c2`, `c3` of `y(x)` at a parameter, by reverting the series of `x(s)`
    /// there (`a1·δ + a2·δ² + a3·δ³`) in that of `y(s)` (`b1·δ + b2·δ² + b3·δ³`): each `c_k` cancels the
    /// `δ^k` term of `y − c1·x − c2·x² − c3·x³`.
    @inline(__always)
    static func taylorCoefficients(
        x: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>), y: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)
    ) -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        let (a1, a2, a3) = x, (b1, b2, b3) = y
        let inverse = 1 / a1
        let c1 = b1 * inverse
        let c2 = (b2 - c1 * a2) * (inverse * inverse)
        let cubic: SIMD4<Double> = b3 - c1 * a3
        let crossed: SIMD4<Double> = 2 * c2 * a1 * a2
        let c3 = (cubic - crossed) * (inverse * inverse * inverse)
        return (c1, c2, c3)
    }

    /// Writes the Hermite rows of four cells at `rows` (the Hermite data of their lower knots `low`, value
    /// and three scaled Taylor coefficients, and of their upper knots `high`) and returns the error each
    /// certificate may still allow, ``compactError`` minus the row's rounding (NaN when a coefficient is
    /// not finite: no certificate).
    @inline(__always)
    func hermiteRows(
        _ rows: UnsafeMutablePointer<Double>,
        low: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>),
        high: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)
    ) -> SIMD4<Double> {
        let (v0, d1, d2, d3) = low, (v1, e1, e2, e3) = high
        // Y(u) = v0 + d1·u + d2·u² + d3·u³ + a4·u⁴ + … + a7·u⁷ with the same value and first three scaled
        // derivatives at u = 1: a linear system in a4…a7 whose inverse is the integer matrix below.
        let r0 = v1 - (v0 + d1 + d2 + d3), r1 = e1 - (d1 + 2 * d2 + 3 * d3)
        let r2 = e2 - (d2 + 3 * d3), r3 = e3 - d3
        let a4 = 35 * r0 - 15 * r1 + 5 * r2 - r3
        let a5 = -84 * r0 + 39 * r1 - 14 * r2 + 3 * r3
        let a6 = 70 * r0 - 34 * r1 + 13 * r2 - 3 * r3
        let a7 = -20 * r0 + 10 * r1 - 4 * r2 + r3
        let size = Self.magnitude(v0) + Self.magnitude(d1) + Self.magnitude(d2) + Self.magnitude(d3)
            + Self.magnitude(a4) + Self.magnitude(a5) + Self.magnitude(a6) + Self.magnitude(a7)
        let residuals = Self.magnitude(r0) + Self.magnitude(r1) + Self.magnitude(r2) + Self.magnitude(r3)
        // Rounding: the coefficients (sums of at most 200 times the residuals' size, each residual a few
        // roundings of the data) and the evaluation (two roundings per level of Estrin's scheme over
        // coefficients whose magnitudes sum to `size`, u in [0, 1]): 10⁻¹⁴·size + 10⁻¹³·residuals is far
        // above both.
        let rounding = 1e-14 * size + 1e-13 * residuals
        // Each cell's row as two stores of four (the lanes transposed).
        for lane in 0..<SIMD4<Double>.scalarCount {
            let row = rows + lane * Self.compactStride
            SIMD4(v0[lane], d1[lane], d2[lane], d3[lane]).store(row)
            SIMD4(a4[lane], a5[lane], a6[lane], a7[lane]).store(row + 4)
        }
        // A sum of magnitudes is finite exactly when it is below infinity (NaN is not).
        let finite = (size .< .infinity) .& (residuals .< .infinity)
        return (Self.compactError - rounding).replacing(with: .nan, where: .!finite)
    }

    /// Which of four ranges of `cells` adjacent cells of `width` (the first cell of each at `x0`, the
    /// range's parameter knots `s0` and `s1` at its ends) have Hermite interpolants that err by at most
    /// `budget` for every x of every cell: the bound of the type's comment ("Custom curves"), plus the
    /// effect of the knots' own `x(s)` differing from `k/N` by at most 10⁻¹²
    /// (``solveKnot(x:guess:lower:upper:)``), which moves the interpolant by at most `4·10⁻¹²·max|dy/dx|` on
    /// the cell, with the radius `r = 0.6·r0` of the disk; every operation is per lane (the same IEEE
    /// operations as one range at a time), and a NaN anywhere fails its lane.
    ///
    /// One disk around the range's middle parameter serves all of its cells: `r` exceeds half the range's
    /// parameter width, so the root in the disk is the real one on every cell, and the cell's circle of
    /// radius `ρ` minus the distance from `x(sm)` to the cell's middle lies in the disk. The bound grows as
    /// that circle shrinks and as the distance (`reach` of the Taylor polynomial's slope) grows, so it is
    /// taken at the farthest cell of the range, the first or the last, for every cell. With `cells` = 1 it
    /// is the certificate of one cell.
    @inline(__always)
    func certifies(
        x0: SIMD4<Double>, width: Double, cells: Double, s0: SIMD4<Double>, s1: SIMD4<Double>, budget: SIMD4<Double>
    ) -> SIMDMask<SIMD4<Int64>> {
        typealias Cells = SIMD4<Double>
        let magnitude = Self.magnitude
        let sm = 0.5 * (s0 + s1)
        // The curve at the cells' middles.
        let a1 = sampleDerivativeX(lanes: sm), b1 = sampleDerivativeY(lanes: sm), xm = sampleX(lanes: sm)
        let a2 = 3 * ax * sm + bx, a3 = ax
        let b2 = 3 * ay * sm + by, b3 = ay
        // y(x(sm + δ)) − T₃ = Σ_{j=4…9} R_j·δ^j: subtract c1·u, c2·u², c3·u³ from v, with u = a1·δ + a2·δ² + a3·δ³
        // and v = b1·δ + b2·δ² + b3·δ³, where c1, c2, c3 (the Taylor coefficients of y(x) at x(sm)) cancel the
        // δ, δ² and δ³ terms.
        let (c1, c2, c3) = Self.taylorCoefficients(x: (a1, a2, Cells(repeating: a3)), y: (b1, b2, Cells(repeating: b3)))
        var r4 = -c2 * (a2 * a2 + 2 * a1 * a3), r5 = -c2 * 2 * a2 * a3, r6 = -c2 * a3 * a3
        r4 -= c3 * 3 * a1 * a1 * a2
        r5 -= c3 * 3 * a1 * (a2 * a2 + a1 * a3)
        r6 -= c3 * (a2 * a2 * a2 + 6 * a1 * a2 * a3)
        let r7 = -c3 * 3 * a3 * (a2 * a2 + a1 * a3), r8 = -c3 * 3 * a2 * a3 * a3, r9 = -c3 * a3 * a3 * a3
        let m4 = magnitude(r4), m5 = magnitude(r5), m6 = magnitude(r6)
        let m7 = magnitude(r7), m8 = magnitude(r8), m9 = magnitude(r9)
        // The distance from x(sm) to the farthest cell middle of the range (the first's or the last's),
        // widened by the rounding of x(sm).
        let half = 0.5 * width, h2 = half * half, h8 = (h2 * h2) * (h2 * h2)
        let offset = Self.maximum(magnitude(xm - (x0 + half)), magnitude(xm - (x0 + (cells - 0.5) * width))) + 1e-15
        // |T₃'| on the cell: the Taylor polynomial's slope within `reach` of x(sm).
        let reach = offset + half
        let taylorSlope = magnitude(c1) + reach * (2 * magnitude(c2) + 3 * reach * magnitude(c3))
        // r0, where ρ(r) is half of its linear term (a root of |a3|·r² + |a2|·r − a1/2); the radius must be
        // above half the parameter width, so that the real root on the cell is the one in the disk.
        let qa = a3.magnitude, qb = magnitude(a2), qc = 0.5 * a1
        let r0 =
            qa > 0
            ? 2 * qc / (qb + (qb * qb + 4 * qa * qc).squareRoot()) : (qc / qb).replacing(with: 1, where: .!(qb .> 0))
        let minimum = 0.5 * (s1 - s0) * (1 + 1e-9) + 1e-15
        // One radius, 0.6·r0: other radii certify almost no cell that this one rejects and that the second
        // certificate (``certifiesAtNodes(row:cell:s0:s1:budget:)``) does not accept anyway.
        let r = 0.6 * r0
        let rho = r * (a1 - r * (qb + r * qa))
        // The circle of radius `radius` around the cell's middle lies inside the disk |w − x(sm)| < ρ.
        let radius = rho - offset
        let r2 = r * r
        // M ≥ |y − T₃| on the disk (with a relative margin for the rounding of these few dozen operations).
        let m = r2 * r2 * (m4 + r * (m5 + r * (m6 + r * (m7 + r * (m8 + r * m9))))) * (1 + 1e-12)
        let gap = radius - half, q = radius * radius - h2, q4 = (q * q) * (q * q)
        // Interpolation error ≤ M·radius/gap·(h/2)⁸/q⁴; max|dy/dx| ≤ |T₃'| + M/gap (Cauchy).
        let interpolation = m * radius * h8, slope = taylorSlope * gap + m
        // A lane with a1 or budget not positive, or NaN, fails.
        return (a1 .> 0) .& (budget .> 0) .& (r .> minimum) .& (radius .> half)
            .& (interpolation + 4e-12 * slope * q4 .<= budget * gap * q4)
    }

    /// Whether the Hermite row at `row` of cell `k` (x in `[k/N, (k + 1)/N]`, parameter knots `s0`, `s1`)
    /// errs by at most `budget` for every x of the cell: the second certificate, for the cells that
    /// ``certifies(x0:width:cells:s0:s1:budget:)`` rejects (where the circle it needs comes close to a complex
    /// singularity of `s(x)`, its bound is loose). It needs no analyticity:
    ///
    /// - On a parameter interval `[a, b]` that holds the parameter of every x of the cell (checked:
    ///   `x(a) ≤ k/N` and `x(b) ≥ (k + 1)/N` beyond the rounding of `x(s)`, and x is increasing), the
    ///   error is `e(s) = Y(N·x(s) − k) − y(s)`, a polynomial of degree 21 in `s` (Y has degree 7, x and y
    ///   degree 3); the evaluation's `u = N·x − k` is exact, so `|e(s(x))|` is the row's error at x.
    /// - A polynomial of degree ≤ 21 is its own Lagrange interpolant at 22 nodes, so
    ///   `max|e| ≤ Λ·max_i |e(s_i)|` on `[a, b]`, with `Λ` the nodes' Lebesgue constant: at the Chebyshev
    ///   nodes of degree 21, `Λ ≤ (2/π)·ln 22 + 1 ≈ 2.968` (Rivlin). The nodes used are their rounded images
    ///   in `[a, b]`: as `x' ≤ 3`, the interval is at least 1/96 wide, so each node moves by under 10⁻¹³ of
    ///   it, and the nodes stay at least 0.01 of it apart; each Lagrange basis polynomial (at most `Λ` in
    ///   magnitude, slope at most `2·21²·Λ` per interval width by Markov's inequality) then moves by under
    ///   10⁻⁷ in absolute terms, so the Lebesgue constant of the nodes used is below 3.
    /// - The row's error at each node is computed with rounding: `x(s_i)` and `y(s_i)` within
    ///   `10⁻¹⁵·Σ|coefficients|` (Horner, `|s| ≤ 1.01`), which moves `u` by 32 times that and `Y(u)` by
    ///   `max|Y'|` times that (≤ `1.2·Σ j·|c_j|`, as `|u| ≤ 1.03`: `x' ≤ 3`, so widening the knots by
    ///   2⁻¹² of a parameter width of at most 1 moves x by at most `3·2⁻¹²`, and u by at most
    ///   `32·3·2⁻¹² ≈ 0.023`); `Y`'s own evaluation within `2·10⁻¹⁴·Σ|c_j|`. `rounding` below is ten times
    ///   their sum.
    ///
    /// A cell is certified when every node's computed error is within `budget/3 − rounding`. `budget` is
    /// what ``hermiteRows(_:low:high:)`` left after the row's own rounding. Cost: at most 22 evaluations of
    /// the curve and the row, four at a time, from the middle of the cell out (a failing group stops it).
    func certifiesAtNodes(row: UnsafePointer<Double>, cell k: Int, s0: Double, s1: Double, budget: Double) -> Bool {
        typealias Lanes = SIMD4<Double>
        let n = Self.compactCells, scale = Double(n), kk = Double(k)
        // The knots, widened by a 2⁻¹² of the cell's parameter width where the cell has a neighbour: a
        // knot's x(s) is only within 10⁻¹² of k/N. The ends 0 and 1 are exact (x(0) = 0 and
        // x(1) = ax + bx + cx = 1, as for the first certificate: the coefficients of float control points
        // are exact).
        let margin = (s1 - s0) * 0x1p-12
        let a = k == 0 ? 0 : s0 - margin, b = k == n - 1 ? 1 : s1 + margin
        let sumX = ax.magnitude + bx.magnitude + cx.magnitude, sumY = ay.magnitude + by.magnitude + cy.magnitude
        guard s0 < s1, k == 0 || sampleX(a) <= kk / scale - 1e-15 * sumX,
            k == n - 1 || sampleX(b) >= (kk + 1) / scale + 1e-15 * sumX
        else { return false }
        let c0 = row[0], c1 = row[1], c2 = row[2], c3 = row[3], c4 = row[4], c5 = row[5], c6 = row[6], c7 = row[7]
        let lowSize: Double = (c0.magnitude + c1.magnitude) + (c2.magnitude + c3.magnitude)
        let highSize: Double = (c4.magnitude + c5.magnitude) + (c6.magnitude + c7.magnitude)
        let lowSlope: Double = (c1.magnitude + 2 * c2.magnitude) + 3 * c3.magnitude
        let highSlope: Double = (4 * c4.magnitude + 5 * c5.magnitude) + (6 * c6.magnitude + 7 * c7.magnitude)
        let size = lowSize + highSize, slope = lowSlope + highSlope
        let rounding = 10 * ((32e-15 * sumX) * (1.2 * slope) + 2e-14 * size + 1e-15 * sumY)
        let limit = budget / 3 - rounding
        guard limit > 0 else { return false }
        let width = b - a
        // Whether the row's error is within the limit at four nodes `a + width·t` (a NaN fails).
        @inline(__always) func within(_ t: Lanes) -> Bool {
            let s: Lanes = a + width * t
            let u: Lanes = sampleX(lanes: s) * scale - kk
            let y: Lanes = Self.compactRowValue(row, at: u)
            return all(Self.magnitude(y - sampleY(lanes: s)) .<= Lanes(repeating: limit))
        }
        // The Chebyshev nodes of degree 21 on [0, 1], (1 − cos((2i + 1)π/44))/2 for i = 0 … 21, rounded, four
        // at a time from the middle out (where a row's error is largest: it vanishes to fourth order at the
        // knots), the last group repeating the outermost nodes; a group that fails ends the test.
        return within(Lanes(0.3937173552235116, 0.4643304084003838, 0.5356695915996161, 0.6062826447764884))
            && within(Lanes(0.20036116674432652, 0.2603755066399715, 0.32526791020045076, 0.6747320897995491))
            && within(Lanes(0.7396244933600284, 0.7996388332556734, 0.0997293795378198, 0.1464466094067262))
            && within(Lanes(0.8535533905932737, 0.9002706204621802, 0.03152513750011915, 0.061160505216372174))
            && within(Lanes(0.9388394947836278, 0.9684748624998808, 0.0012739426948732424, 0.011426567014420241))
            && within(Lanes(0.9885734329855798, 0.9987260573051268, 0.0012739426948732424, 0.9987260573051268))
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
    @inline(__always)
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

// Four lanes of doubles at any address, and their magnitude and clamp as one IEEE operation per lane.
extension SIMD4 where Scalar == Double {
    /// The four doubles at `address` (any alignment).
    @inline(__always)
    fileprivate static func load(_ address: UnsafePointer<Double>) -> Self {
        UnsafeRawPointer(address).loadUnaligned(as: Self.self)
    }

    /// `first`, `first + 1`, `first + 2`, `first + 3`: the indices of four knots or cells.
    @inline(__always)
    fileprivate static func counting(from first: Int) -> Self {
        Self(repeating: Double(first)) + Self(0, 1, 2, 3)
    }

    /// Writes the four lanes at `address` (any alignment).
    @inline(__always)
    fileprivate func store(_ address: UnsafeMutablePointer<Double>) {
        UnsafeMutableRawPointer(address).storeBytes(of: self, as: Self.self)
    }
}

extension PreparedTimingFunction {
    /// The lanes of `mask` that hold as the low four bits (lane `i` as bit `i`), without a branch per lane.
    @inline(__always)
    static func bits(_ mask: SIMDMask<SIMD4<Int64>>) -> UInt64 {
        let set = unsafeBitCast(mask, to: SIMD4<Int64>.self) & SIMD4(1, 2, 4, 8)
        return UInt64(truncatingIfNeeded: set.wrappedSum())
    }

    /// Each lane's larger of `a` and `b`: `b` where `b > a`, else `a` (a NaN in `a` stays).
    @inline(__always)
    static func maximum(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        a.replacing(with: b, where: b .> a)
    }

    /// Each lane's magnitude (its sign bit cleared, as `Double.magnitude`).
    @inline(__always)
    static func magnitude(_ v: SIMD4<Double>) -> SIMD4<Double> {
        unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt64>.self) & 0x7FFF_FFFF_FFFF_FFFF, to: SIMD4<Double>.self)
    }

    /// ``clamp(_:_:_:)`` in each lane for `lower ≤ upper`: `lower` where `s < lower`, else `upper` where
    /// `s > upper`, else `s` (a NaN stays NaN). Two selects, each of which keeps `s` unless its comparison
    /// holds (one `maxpd` and one `minpd` on x86).
    @inline(__always)
    func clamp(lanes s: SIMD4<Double>, _ lower: SIMD4<Double>, _ upper: SIMD4<Double>) -> SIMD4<Double> {
        let raised = s.replacing(with: lower, where: s .< lower)
        return raised.replacing(with: upper, where: raised .> upper)
    }
}
