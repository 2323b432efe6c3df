/// A ``TimingFunction`` prepared for evaluation: `y = TF(x)` with a maximum error of 1e-7 for any
/// control points (Docs/semantics.md §8.4), and no set-up per evaluation.
///
/// The curve is `x(s) = ((ax·s + bx)·s + cx)·s`, `y(s)` likewise, for the Bézier parameter `s ∈ [0, 1]`;
/// with x control points in [0, 1], `x(s)` is non-decreasing, so every x has one solution. Preparation
/// splits [0, 1] into cells of x, solves the parameter at their ends (the knots) and stores per cell
/// either a polynomial of `y(x)` whose error is certified a priori, or a first guess of the parameter.
/// Evaluation finds the cell by one multiplication; in a certified cell it is one polynomial: no solve, no
/// division, no branch on the data.
///
/// **Custom curves** (any curve but the four named ones) get a compact table: 32 cells, 2,048 bytes,
/// prepared in a bounded amount of work (at most 32 cells × 22 node evaluations beyond a fixed part) with no
/// allocation besides the table (scratch on the stack; harness rows `P1/prepare_random/mt` and
/// `P9/custom_life_120/mt`, Docs/performance.md).
/// 1. `Y(u)`, `u = 32·x − k ∈ [0, 1)`, is the degree-7 Hermite interpolant of `y(x)` with the value and
///    the first three derivatives at both knots (the Taylor coefficients of the inverse function, in closed
///    form from `x'`, `x''`, `y'`, `y''` at the knot), evaluated by Estrin's scheme.
/// 2. **The certificate** is a proof, in closed form per cell. Around the cell's middle parameter `s_m`,
///    Rouché's theorem shows that for `|w − x(s_m)| < ρ(r) = x'(s_m)·r − |x''(s_m)/2|·r² − |x'''/6|·r³`
///    the equation `x(s) = w` has exactly one root with `|s − s_m| < r`; with `r` above half the cell's
///    parameter width, that root is the real one on the cell, so `y(w) = y(s(w))` is analytic in that disk.
///    There, `y` minus its cubic Taylor polynomial `T₃` at `x(s_m)` is a polynomial of degree 9 in
///    `s − s_m` whose coefficients `R_j` follow from those of `x(s)` and `y(s)`, so `|y − T₃| ≤ M = Σ|R_j|·r^j`.
///    Hermite interpolation reproduces `T₃`, and its remainder as a contour integral over a circle of radius
///    `ρ_c` around the cell's middle (inside the disk) gives
///    `|y(x) − Y(u)| ≤ M·ρ_c/(ρ_c − h/2)·(h/2)⁸/(ρ_c² − h²/4)⁴` on the cell (`h` = 1/32). With the rounding of
///    the knots (their `x(s)` within 10⁻¹² of `k/32`, which moves `Y` by at most `4·10⁻¹²·max|dy/dx|`, and
///    `max|dy/dx| ≤ max|T₃'| + M/(ρ_c − h/2)` by Cauchy's estimate), of the coefficients and of the
///    evaluation added, a cell is certified when the total is at most 5·10⁻⁸ (with `r` = 0.6 times the root
///    of `ρ(r) = x'(s_m)·r/2`). It is tried first once per range of four cells, with `s_m` the range's
///    middle parameter and `r` above half the range's parameter width: every cell's circle of radius `ρ`
///    minus its middle's distance to `x(s_m)` lies in the disk, and the bound, taken at the farthest cell,
///    holds for all four; the cells of a range it rejects are tried one by one.
///    Where the circle must pass close to a complex singularity of `s(x)`, that bound is loose; a **second
///    certificate** then needs no analyticity: on a parameter interval that holds the cell, the row's error
///    `e(s) = Y(32·x(s) − k) − y(s)` is a polynomial of degree 21 in `s`, so `max|e| ≤ Λ·max_i|e(s_i)|` at
///    22 Chebyshev nodes `s_i` (Lebesgue constant `Λ < 3`); the nodes' rounding added, a cell is
///    certified when that is at most 5·10⁻⁸ (`certifiesAtNodes`).
/// 3. **Other cells** (next to a point where `x'(s)` vanishes, e.g. x → 1 for a curve like easeIn, or where
///    the curve turns too sharply for the bound) keep `P(u)`, the cubic Hermite interpolant of the
///    parameter (slopes `1/x'(s)`, capped so that it is monotone and stays inside the cell's bracket). An
///    evaluation takes `s = P(u)`, then up to four clamped Newton steps, each result accepted as soon as
///    the residual `x(s) − x` is within a tolerance that certifies `y(s)` to 5·10⁻⁸ by the mean value
///    theorem (`|Δy| ≤ max|y'|/min x' · |Δx|` on the bracket, both extremes exact); failing that, the
///    solvers below.
///
/// **Shared curves** (the named ones, prepared once on first use and shared by every user) get a dense
/// table: 512 intervals of certified cubics (Docs/performance.md, P1/P2), about 41 KB.
/// 1. Per interval, `P(t)` is the cubic Hermite interpolant of `s(x)` and `Y(t)` that of `y(x)`, both in
///    `t = 512·x − k`. `x(P(t)) − x` and `Y(t) − y(P(t))` are polynomials of degree 9 in `t`, bounded by
///    their Bernstein coefficients; with the mean value theorem as above, an interval is certified when
///    the sum is below 9·10⁻¹¹.
/// 2. An interval that is not certified is split into 8 sub-intervals with their own interpolants and
///    certificates; in the others, `s = P(u)` and the residual test as above (to 9·10⁻¹¹).
///
/// **The solvers** (cells and sub-intervals without a certificate, residual too large): up to seven
/// clamped Newton steps, accepted when `x'(s) ≥ 10⁻³` and the step was below 10⁻⁷ (remaining error in `s`
/// about 10⁻¹⁰), and failing that a safeguarded Newton–bisection iteration with a double-double residual,
/// to within an ulp of `s`.
///
/// The input is clamped to [0, 1] (a NaN input counts as 0); `TF(0) = 0` and `TF(1) = 1` exactly, and the
/// output stays inside the control polygon's y range (in [0, 1] when both y control points are).
/// ``values(at:into:)`` evaluates many inputs with exactly the same operations as ``value(at:)``. The
/// table lives in one heap buffer shared by copies, so copying a prepared curve costs a reference count.
public struct PreparedTimingFunction: Sendable {
    // The fields every evaluation reads come first, so that they share a cache line (evaluations that
    // switch between many curves, P1/custom_256): stored properties are laid out in declaration order.
    @usableFromInline let isLinear: Bool
    /// Whether ``table`` is the compact table of a custom curve (otherwise the dense table of a named curve).
    @usableFromInline let isCompact: Bool
    /// The compact table (``isCompact``): ``compactCells`` rows of ``compactStride`` doubles, row `k` for x
    /// in `[k/32, (k+1)/32)`. A certified row holds the power coefficients of `Y(u)`, all finite; another
    /// holds `[s0, p1, p2, p3, s1, τ, 0, NaN]`: the parameter guess `P(u) = s0 + u·(p1 + u·(p2 + u·p3))`,
    /// the cell's upper parameter knot `s1`, the residual tolerance `τ` (negative where nothing can be
    /// certified) and a NaN in the last place, so that evaluating the row as `Y(u)` gives NaN.
    ///
    /// The dense table: ``intervals`` rows of `Y(t)`'s ``rowStride`` coefficients (the last one NaN when the interval is
    /// not certified), then (at ``parameterRows``) ``intervals`` + 1 rows of `P(t)`'s (the first, `P(0)`,
    /// is the knot `s(k/N)`; the last row holds the knot `s(1) = 1` at the place of `P(0)`), then (at
    /// ``tolerances``) ``intervals`` residual tolerances, then ``intervals`` sub-table offsets, then the
    /// sub-tables. Row `k < intervals` describes x in `[k/N, (k+1)/N]`; the `Y` rows come first and
    /// alone, so that the certified evaluations touch half as many cache lines. A tolerance is negative
    /// where nothing can be certified.
    /// An interval that is not certified is split into ``subdivisions`` equal sub-intervals of x: its
    /// offset is the index of its sub-table (−1 for a certified interval), ``subdivisions`` sub-rows of
    /// ``subRowStride`` doubles, each the same interpolants built and certified on the sub-interval in
    /// `u = S·t − j` (`Y(u)`, NaN last where not certified, then `P(u)`), then the sub-interval's upper
    /// parameter knot and its residual tolerance.
    @usableFromInline private(set) var table: [Double]
    /// The y range of the control polygon (`min(0, y1, y2)`, `max(1, y1, y2)`): the curve lies inside it,
    /// so a rounded sample outside it is clamped back (found by Fuzz/FuzzTiming: the default
    /// curve gave 1.0000000000000002 at x = 0.9999999999999896).
    @usableFromInline let yLower: Double, yUpper: Double
    /// The timing function this evaluator computes.
    public let function: TimingFunction
    @usableFromInline let ax: Double, bx: Double, cx: Double
    @usableFromInline let ay: Double, by: Double, cy: Double
    /// The x polynomial's coefficients, exactly (`cx` is exact as a double).
    @usableFromInline let axExact: DoubleDouble, bxExact: DoubleDouble

    /// The number of table intervals `N`.
    @usableFromInline static var intervals: Int { 512 }
    /// Doubles per table row: the four coefficients of `Y(t)` or of `P(t)`.
    @usableFromInline static var rowStride: Int { 4 }
    /// The index in ``table`` of the first row of `P(t)`.
    @usableFromInline static var parameterRows: Int { intervals * rowStride }
    /// The index in ``table`` of the first residual tolerance.
    @usableFromInline static var tolerances: Int { parameterRows + (intervals + 1) * rowStride }
    /// The number of sub-intervals `S` of an interval that is not certified (a power of two, so that
    /// `S·t` and its fractional part are exact).
    @usableFromInline static var subdivisions: Int { 8 }
    /// Doubles per sub-table row: `Y(u)`, `P(u)`, the upper parameter knot, the residual tolerance.
    @usableFromInline static var subRowStride: Int { 10 }
    /// The index in ``table`` of the first sub-table offset.
    @usableFromInline static var subTableOffsets: Int { tolerances + intervals }
    /// The error bound in `y` of both certificates, all rounding included.
    static var certifiedError: Double { 9e-11 }

    /// Prepares `function` for evaluation (Docs/semantics.md §8.4): the compact table of a custom curve
    /// in a bounded amount of work whatever the control points, with one allocation (the 2 KB table); the
    /// dense table of a named curve (about a millisecond; ``TimingFunction/prepared()`` shares those).
    public init(_ function: TimingFunction) {
        self.function = function
        isCompact = !Self.namedFunctions.contains(function)
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
        table = []
        guard !isLinear else { return }  // value(at:) returns x without the table
        let builder = self
        if isCompact {
            let count = Self.compactCells * Self.compactStride
            table = [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
                builder.buildCompact(into: buffer.baseAddress.unsafelyUnwrapped)
                initialized = count
            }
        } else {
            table = builder.denseTable()
        }
    }

    /// The named curves other than linear, whose prepared curves are shared.
    static let namedFunctions: [TimingFunction] = [.easeIn, .easeOut, .easeInEaseOut, .default]

    /// The named curves (``TimingFunction/easeIn``, ``TimingFunction/easeOut``,
    /// ``TimingFunction/easeInEaseOut``, ``TimingFunction/default``), prepared once on first use.
    static let named: [PreparedTimingFunction] =
        namedFunctions.map { PreparedTimingFunction($0) }

    /// The shared prepared curve of `function` when it is one of the named curves, else `nil`.
    static func shared(_ function: TimingFunction) -> PreparedTimingFunction? {
        named.first { $0.function == function }
    }

    /// The progress `y = TF(x)` at unit time `x` (clamped to [0, 1]).
    @inlinable @inline(__always)
    public func value(at x: Double) -> Double {
        table.withUnsafeBufferPointer { rows in value(at: x, rows: rows.baseAddress) }
    }

    /// ``value(at:)`` with the rows of ``table`` given (nil only for a linear curve, whose table is empty):
    /// for a caller that holds them, so that nothing is retained per evaluation.
    @inlinable @inline(__always)
    func value(at x: Double, rows: UnsafePointer<Double>?) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        guard !isLinear, let rows else { return x }
        return interiorValue(x, rows: rows)
    }

    /// ``value(at:)`` of the prepared curve at `curve`, read in place: for a caller that keeps a curve at
    /// a fixed address (the C API's handle), so that an evaluation neither copies the curve (about 150
    /// bytes) nor retains its table.
    @inlinable @inline(__always)
    public static func value(at x: Double, of curve: UnsafePointer<PreparedTimingFunction>) -> Double {
        value(at: x, of: curve, rows: curve.pointee.table.withUnsafeBufferPointer { $0.baseAddress })
    }

    /// ``value(at:of:)`` with the rows of the curve's table given (nil only for a linear curve): for a
    /// caller that keeps them beside the curve.
    @inlinable @inline(__always)
    static func value(at x: Double, of curve: UnsafePointer<PreparedTimingFunction>, rows: UnsafePointer<Double>?) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        guard !curve.pointee.isLinear, let rows else { return x }
        let y = curve.pointee.certifiedInteriorValue(x, rows: rows)
        guard y.isNaN else { return y }
        let z = curve.pointee.subIntervalValue(x, rows: rows)
        guard z.isNaN else { return z }
        return uncertifiedInteriorValue(x, of: curve, rows: rows)
    }

    /// ``uncertifiedInteriorValue(_:rows:)`` of the curve at `curve`.
    /// Its body is inlined here, so that it reads the fields it needs through `curve` instead of a copy of
    /// the curve (which a call of the method on `curve.pointee` makes).
    @usableFromInline @inline(never)
    static func uncertifiedInteriorValue(_ x: Double, of curve: UnsafePointer<PreparedTimingFunction>, rows: UnsafePointer<Double>) -> Double {
        curve.pointee.solvedInteriorValue(x, rows: rows)
    }

    /// Evaluates `results[i] = value(at: xs[i])` for `i < min(xs.count, results.count)`, bit for bit the
    /// same as one ``value(at:)`` call per input, in one loop without per-item set-up.
    @inlinable
    public func values(at xs: UnsafeBufferPointer<Double>, into results: UnsafeMutableBufferPointer<Double>) {
        let count = min(xs.count, results.count)
        guard count > 0, let input = xs.baseAddress, let output = results.baseAddress else { return }
        if isLinear {
            for i in 0..<count {
                let x = input[i]
                output[i] = x > 0 ? (x < 1 ? x : 1) : 0
            }
            return
        }
        table.withUnsafeBufferPointer { rows in
            let base = rows.baseAddress.unsafelyUnwrapped
            for i in 0..<count {
                let x = input[i]
                output[i] = x > 0 ? (x < 1 ? interiorValue(x, rows: base) : 1) : 0
            }
        }
    }

    /// `TF(x)` for `x` in (0, 1) of a non-linear curve: `Y` of a certified cell or interval
    /// (``certifiedInteriorValue(_:rows:)``), else of a certified sub-interval (``subIntervalValue(_:rows:)``),
    /// else ``uncertifiedInteriorValue(_:rows:)``.
    @inlinable @inline(__always)
    func interiorValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        let y = certifiedInteriorValue(x, rows: rows)
        guard y.isNaN else { return y }
        let z = subIntervalValue(x, rows: rows)
        guard z.isNaN else { return z }
        return uncertifiedInteriorValue(x, rows: rows)
    }

    /// The certified part of ``interiorValue(_:rows:)``, for `x` in (0, 1) of a non-linear curve with its
    /// table's `rows`: exactly the value ``interiorValue(_:rows:)`` returns when `x` lies in a certified
    /// cell, and NaN (never a number) when it does not; no branch on the data besides the table's kind and
    /// the clamp to the control polygon's y range. Batch loops evaluate a list with it, then the NaN entries
    /// with ``uncertifiedInteriorValue(_:rows:)``.
    @inlinable @inline(__always)
    func certifiedInteriorValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        isCompact ? compactCertifiedValue(x, rows: rows) : denseCertifiedValue(x, rows: rows)
    }

    /// ``certifiedInteriorValue(_:rows:)`` of a compact table (``isCompact``): `Y(u)` of the cell
    /// (``compactRowValue(_:at:)``), clamped; NaN in a parameter row (its last entry is NaN, and a NaN
    /// stays NaN through the clamp).
    @inlinable @inline(__always)
    func compactCertifiedValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        let scaled = x * Double(Self.compactCells)
        let k = Int(scaled)  // 0..<32: x is in (0, 1), and x·32 is exact
        let u = scaled - Double(k)
        return clampToRange(Self.compactRowValue(rows + k &* Self.compactStride, at: u))
    }

    /// The polynomial `Y(u) = c₀ + c₁·u + … + c₇·u⁷` of the compact row `r` at `u` (one value or several
    /// side by side), by Estrin's scheme: three levels of products instead of seven. The evaluation and
    /// the second certificate (`certifiesAtNodes`) compute the row with these operations.
    @inlinable @inline(__always)
    static func compactRowValue<Lanes: SampleLanes>(_ r: UnsafePointer<Double>, at u: Lanes) -> Lanes {
        let u2 = u * u, u4 = u2 * u2
        let low = Lanes.sum(r[1] * u + r[0], u2 * (r[3] * u + r[2]))
        let high = Lanes.sum(r[5] * u + r[4], u2 * (r[7] * u + r[6]))
        return Lanes.sum(low, u4 * high)
    }

    /// ``certifiedInteriorValue(_:rows:)`` of a dense table: `Y(t)` of the interval, clamped; NaN in an
    /// interval that is not certified (its last coefficient is NaN).
    @inlinable @inline(__always)
    func denseCertifiedValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        let scaled = x * Double(Self.intervals)
        let k = Int(scaled)  // 0..<512: x is in (0, 1), and x·512 is exact
        let t = scaled - Double(k)
        let row = rows + k &* Self.rowStride
        let y = row[0] + t * (row[1] + t * (row[2] + t * row[3]))
        return clampToRange(y)
    }

    /// Where an `x` in (0, 1) lies: its interval `k` and position `t` in it, and, when the interval has a
    /// sub-table, its sub-row (`Y(u)`, then `P(u)`, the upper knot and the tolerance) and position `u` in it.
    @inlinable @inline(__always)
    func subInterval(_ x: Double, rows: UnsafePointer<Double>) -> (k: Int, t: Double, row: UnsafePointer<Double>?, u: Double) {
        let scaled = x * Double(Self.intervals)
        let k = Int(scaled)
        let t = scaled - Double(k)
        let offset = rows[Self.subTableOffsets &+ k]
        guard offset >= 0 else { return (k, t, nil, 0) }
        let fine = t * Double(Self.subdivisions)  // exact: a power of two
        let j = Int(fine)  // 0..<subdivisions
        return (k, t, rows + (Int(offset) &+ j &* Self.subRowStride), fine - Double(j))
    }

    /// `Y(u)` of a sub-row at `u`, clamped; NaN for an uncertified sub-row (its last coefficient is NaN, and
    /// a NaN stays NaN through the clamp).
    @inlinable @inline(__always)
    func subRowValue(_ row: UnsafePointer<Double>, _ u: Double) -> Double {
        let y = row[0] + u * (row[1] + u * (row[2] + u * row[3]))
        return clampToRange(y)
    }

    /// For an `x` in (0, 1) whose interval of a dense table is not certified (where
    /// ``certifiedInteriorValue(_:rows:)`` is NaN): `Y(u)` of its sub-interval, exactly the value ``uncertifiedInteriorValue(_:rows:)`` returns,
    /// when the interval has a sub-table and the sub-interval is certified; NaN otherwise. Inlined into
    /// every evaluation (a single one, ``interiorValue(_:rows:)`` and ``value(at:of:)``, or a batch's
    /// retries in their own loop), so that only the evaluations that need a solver call
    /// ``uncertifiedInteriorValue(_:rows:)`` out of line (for easeIn and easeOut, whose last or first 70
    /// of 512 intervals have sub-tables, under 1 % of x; P2).
    @inlinable @inline(__always)
    func subIntervalValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        guard !isCompact else { return .nan }
        let place = subInterval(x, rows: rows)
        guard let row = place.row else { return .nan }
        return subRowValue(row, place.u)
    }

    /// The value ``interiorValue(_:rows:)`` returns for an `x` in (0, 1) whose interval is not certified
    /// (where ``certifiedInteriorValue(_:rows:)`` is NaN): `Y(u)` of its sub-interval when that is certified
    /// (``subIntervalValue(_:rows:)``, see ``table``), else ``uncertifiedValue(_:_:p:upper:tolerance:)`` on
    /// the sub-interval (or on the interval, without a sub-table); in a compact table,
    /// ``compactParameterValue(_:_:row:)`` with the cell's parameter row.
    @usableFromInline @inline(never)
    func uncertifiedInteriorValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        solvedInteriorValue(x, rows: rows)
    }

    /// The body of ``uncertifiedInteriorValue(_:rows:)``, inlined into its two out-of-line entry points.
    @inline(__always)
    func solvedInteriorValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        if isCompact {
            let scaled = x * Double(Self.compactCells)
            let k = Int(scaled)
            let row = rows + k &* Self.compactStride
            return compactParameterValue(x, scaled - Double(k), row: row)
        }
        let place = subInterval(x, rows: rows)
        guard let row = place.row else {
            let p = rows + (Self.parameterRows &+ place.k &* Self.rowStride)
            return uncertifiedValue(x, place.t, p: p, upper: p[Self.rowStride], tolerance: rows[Self.tolerances &+ place.k])
        }
        let y = subRowValue(row, place.u)
        guard y.isNaN else { return y }
        return uncertifiedValue(x, place.u, p: row + 4, upper: row[8], tolerance: row[9])
    }

    /// `TF(x)` on an interval without an a-priori certificate (`p` points to `P`'s four coefficients,
    /// `P(0)` the lower parameter knot, `upper` the upper one; `t` the position in the interval):
    /// `s = P(t)` when its residual is within the certified tolerance, otherwise the iterative solvers
    /// from it.
    @inline(__always)
    func uncertifiedValue(_ x: Double, _ t: Double, p: UnsafePointer<Double>, upper s1: Double, tolerance: Double) -> Double {
        let s0 = p[0]
        let s = clamp(s0 + t * (p[1] + t * (p[2] + t * p[3])), s0, s1)
        let f = sampleX(s) - x
        let parameter = f.magnitude <= tolerance ? s : solveNewtonThenSafeguarded(x: x, guess: s, lower: s0, upper: s1)
        let y = sampleY(parameter)
        return clampToRange(y)
    }
}
