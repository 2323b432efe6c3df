/// A ``TimingFunction`` prepared for evaluation: `y = TF(x)` with a maximum error of 1e-7 for any
/// control points (Docs/semantics.md §8.4), and no set-up per evaluation.
///
/// The curve is `x(s) = ((ax·s + bx)·s + cx)·s`, `y(s)` likewise, for the Bézier parameter `s ∈ [0, 1]`;
/// with x control points in [0, 1], `x(s)` is non-decreasing, so every x has one solution.
///
/// Evaluation (Docs/performance.md, P1/P2) splits [0, 1] into 512 intervals of x. Preparation solves the
/// parameter at the 513 knots `k/512` accurately and builds, per interval, the cubic Hermite interpolant
/// `P(t)` of `s(x)` (slopes `1/x'(s)`, capped so that it is monotone and stays inside the bracket) and the
/// cubic Hermite interpolant `Y(t)` of `y(x)`, both in power form in `t = 512·x − k ∈ [0, 1)`.
/// 1. **Certified intervals.** Preparation bounds the error of `Y` a priori: `x(P(t)) − x` and
///    `Y(t) − y(P(t))` are polynomials of degree 9 in `t`, whose maxima on [0, 1] are bounded by their
///    Bernstein coefficients; by the mean value theorem `|y(P(t)) − y(s(x))| ≤ max|y'| / min x' · |x(P(t)) − x|`
///    (the extremes of the quadratics `x'` and `y'` over the interval computed exactly). Where the sum is
///    below 9·10⁻¹¹, an evaluation is `Y(t)`: one cubic, no solve, no division, no branch on the data.
/// 2. **Sub-intervals.** An interval that is not certified (a steep middle, or next to a flat point of
///    `x(s)`, e.g. x → 1 for easeIn, where `s(x)` has a square-root end) is split into 8 sub-intervals with
///    their own interpolants and certificates; on a certified one an evaluation is that `Y(u)`.
/// 3. **Other sub-intervals** (the few next to a flat point): `s = P(u)`, then the residual `x(s) − x` is
///    compared with a tolerance certified the
///    same way (error in `y` below 9·10⁻¹¹); failing that, up to seven clamped Newton steps, accepted
///    when `x'(s) ≥ 10⁻³` and the step was below 10⁻⁷ (remaining error in `s` about 10⁻¹⁰), and failing
///    that a safeguarded Newton–bisection iteration with a double-double residual, to within an ulp of `s`.
///
/// The input is clamped to [0, 1] (a NaN input counts as 0); `TF(0) = 0` and `TF(1) = 1` exactly, and the
/// output stays inside the control polygon's y range (in [0, 1] when both y control points are).
/// ``values(at:into:)`` evaluates many inputs with exactly the same operations as ``value(at:)``.
///
/// The tables live in one heap buffer (41 KB, plus 640 bytes per split interval) shared by copies, so
/// copying a prepared curve costs a reference count, not the tables; preparation takes about a
/// millisecond for a steep curve (harness row `P1/prepare_steep/mt`; the named curves are prepared once).
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
    /// ``intervals`` rows of `Y(t)`'s ``rowStride`` coefficients (the last one NaN when the interval is
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

    /// Prepares `function` for evaluation (Docs/semantics.md §8.4).
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
        table = []
        guard !isLinear else { return }  // value(at:) returns x without the table
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
        table = rows
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

    /// The named curves (``TimingFunction/easeIn``, ``TimingFunction/easeOut``,
    /// ``TimingFunction/easeInEaseOut``, ``TimingFunction/default``), prepared once on first use.
    static let named: [PreparedTimingFunction] =
        [TimingFunction.easeIn, .easeOut, .easeInEaseOut, .default].map { PreparedTimingFunction($0) }

    /// The shared prepared curve of `function` when it is one of the named curves, else `nil`.
    static func shared(_ function: TimingFunction) -> PreparedTimingFunction? {
        named.first { $0.function == function }
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
        // The knots are exact to an ulp or so: widen the bracket for the true root.
        let lo = min(s0, s1) - 1e-15, hi = max(s0, s1) + 1e-15
        let dx = Self.quadraticExtremes(3 * ax, 2 * bx, cx, lo, hi)
        let dy = Self.quadraticExtremes(3 * ay, 2 * by, cy, lo, hi)
        // 1% margins for the rounding of these bounds.
        let slopeMin = dx.min * 0.99, valueSlopeMax = max(dy.maxMagnitude * 1.01, 1e-300)
        guard slopeMin > 0 else { return (false, -1) }
        let lipschitz = valueSlopeMax / slopeMin  // |dy/dx| on the bracket
        // Rounding at evaluation: the computed residual (Horner terms below 10 in magnitude, 4 roundings)
        // and the computed y (a few roundings relative to the size of y's coefficients, so scaled for
        // curves with large y control points), and the knot value y(s0) rounded once.
        let residualRounding = 1e-14
        let valueRounding = max(1e-14, 5e-16 * (ay.magnitude + by.magnitude + cy.magnitude))
        let tolerance = (Self.certifiedError - valueRounding) / lipschitz - residualRounding
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
        return (certified, tolerance > 0 ? tolerance : -1)
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

    /// `TF(x)` for `x` in (0, 1) of a non-linear curve: `Y(t)` on a certified interval, otherwise
    /// ``uncertifiedInteriorValue(_:rows:)``.
    @inlinable @inline(__always)
    func interiorValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        let y = certifiedInteriorValue(x, rows: rows)
        guard !y.isNaN else { return uncertifiedInteriorValue(x, rows: rows) }
        return y
    }

    /// The certified part of ``interiorValue(_:rows:)``, for `x` in (0, 1) of a non-linear curve with its
    /// table's `rows`: exactly the value ``interiorValue(_:rows:)`` returns when `x` lies in a certified
    /// interval, and NaN (never a number) when it does not; no branch on the data besides the clamp to the
    /// control polygon's y range. Batch loops evaluate a list with it, then the NaN entries with
    /// ``uncertifiedInteriorValue(_:rows:)``.
    @inlinable @inline(__always)
    func certifiedInteriorValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        let scaled = x * Double(Self.intervals)
        let k = Int(scaled)  // 0..<512: x is in (0, 1), and x·512 is exact
        let t = scaled - Double(k)
        let row = rows + k &* Self.rowStride
        // An uncertified row's last coefficient is NaN, so y is NaN there and stays NaN through the clamp.
        let y = row[0] + t * (row[1] + t * (row[2] + t * row[3]))
        return y < yLower ? yLower : (y > yUpper ? yUpper : y)
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
        return y < yLower ? yLower : (y > yUpper ? yUpper : y)
    }

    /// For an `x` in (0, 1) whose interval is not certified (where ``certifiedInteriorValue(_:rows:)`` is
    /// NaN): `Y(u)` of its sub-interval, exactly the value ``uncertifiedInteriorValue(_:rows:)`` returns,
    /// when the interval has a sub-table and the sub-interval is certified; NaN otherwise. Inlined, so that
    /// a batch evaluates the common case of its retries in its own loop and calls
    /// ``uncertifiedInteriorValue(_:rows:)`` for the NaNs only.
    @inlinable @inline(__always)
    func subIntervalValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        let place = subInterval(x, rows: rows)
        guard let row = place.row else { return .nan }
        return subRowValue(row, place.u)
    }

    /// The value ``interiorValue(_:rows:)`` returns for an `x` in (0, 1) whose interval is not certified
    /// (where ``certifiedInteriorValue(_:rows:)`` is NaN): `Y(u)` of its sub-interval when that is certified
    /// (``subIntervalValue(_:rows:)``, see ``table``), else ``uncertifiedValue(_:_:p:upper:tolerance:)`` on
    /// the sub-interval (or on the interval, without a sub-table).
    @usableFromInline @inline(never)
    func uncertifiedInteriorValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
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
    @usableFromInline
    func uncertifiedValue(_ x: Double, _ t: Double, p: UnsafePointer<Double>, upper s1: Double, tolerance: Double) -> Double {
        let s0 = p[0]
        let s = clamp(s0 + t * (p[1] + t * (p[2] + t * p[3])), s0, s1)
        let f = sampleX(s) - x
        let parameter = f.magnitude <= tolerance ? s : solveNewtonThenSafeguarded(x: x, guess: s, lower: s0, upper: s1)
        let y = sampleY(parameter)
        return y < yLower ? yLower : (y > yUpper ? yUpper : y)
    }

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

    func sampleDerivativeY(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

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
