/// A ``TimingFunction`` prepared for evaluation: `y = TF(x)` with a maximum error of 1e-7 for any
/// control points (Docs/semantics.md §8.4).
///
/// The curve is `x(s) = ((ax·s + bx)·s + cx)·s`, `y(s)` likewise, for the Bézier parameter `s ∈ [0, 1]`;
/// with x control points in [0, 1], `x(s)` is increasing, so every x has one solution `s*`. Two layouts
/// of its table:
///
/// **Custom curves** (Newton steps): [0, 1] is split into 32 intervals of x. Per interval `k`
/// the table holds a guess `P(t)` of the parameter (the monotone cubic Hermite interpolant of `s(x)`
/// between parameter knots solved by one Newton step each, in `t = 32·x − k`), a parameter bracket
/// `[lo, hi]` that provably holds `s*` for every x of the interval (grid parameters `j/64` where the
/// double evaluation of `x`, widened by its rounding bound, is on the right side of the interval's ends),
/// and a squared step tolerance `τ²`. An evaluation takes `s₀ = P(t)`, one Newton step
/// `h = (x(s₀) − x)/x'(s₀)`, `s₁ = s₀ − h`, `y = y(s₁)` clamped to the control polygon's y range, accepted
/// when `h² ≤ τ²` and `lo ≤ s₁ ≤ hi`; otherwise further clamped Newton steps under the same test, and
/// failing that (`τ² < 0`, or no convergence) a safeguarded Newton–bisection with a double-double
/// residual, to within an ulp or so of `s*`. Why an accepted step errs by at most 9·10⁻⁸ (exact arithmetic
/// on the Float control points; rounding in 4.):
/// 1. Taylor at `s₀`: `x(s₁) − x = r − x'(s₀)·h + x''(ξ)/2·h² = x''(ξ)/2·h²` (`r = x(s₀) − x`), so
///    `|x(s₁) − x| ≤ M₂/2·h²`, `M₂` the larger end of `|x''|` (linear in s) on `[lo − 1/64, hi + 1/64]`,
///    which holds `ξ` as `s₁` is in the bracket and `|h| ≤ 10⁻²`.
/// 2. On the bracket, `|y'(σ)| ≤ R·x'(σ) + η`: `R = max|y'| / min x'` from the exact extremes of the
///    quadratics (`η = 0`), or, where `x'` nearly vanishes (a flat point, where `y'` may vanish too), a
///    sampled slope checked by the minima of the quadratics `R·x' ∓ y'`, whose shortfall is `η`. As `s₁`
///    and `s*` are both in the bracket, integrating from `s*` to `s₁`:
///    `|y(s₁) − y(s*)| ≤ R·|x(s₁) − x| + η·(hi − lo)`.
/// 3. So `|y(s₁) − TF(x)| ≤ R·M₂/2·h² + η·(hi − lo)`, and the clamp to the y range (which holds the
///    curve) only brings `y` closer.
/// 4. Rounding: the computed residual, derivative, step and `s₁` add at most `512·u·Sx` to `|x(s₁) − x|`
///    and `2u` to `|h|`, the computed `y(s₁)` errs by at most `256·u·Sy` (`u = 2⁻⁵³`,
///    `Sx = 1 + |ax| + |bx| + |cx|`, `Sy` likewise; the factors over-count the Horner and Estrin bounds
///    and the coefficients' own rounding).
///
/// `τ²` is the largest value (at most 10⁻⁴) with `R·(M₂/2·(τ + 2u)² + 512·u·Sx) + η·(hi − lo) + 256·u·Sy`
/// below 9·10⁻⁸, and −1 (never accepted) where no positive step qualifies, e.g. where `x'` vanishes but
/// `y'` does not (an infinite slope). The test is a proof for each evaluation that does not depend on how
/// good the guess is. Preparation: `x` at 65 grid parameters, 31 knots by one Newton step each, 32 rows in
/// closed form; one allocation (the table, ``customTableBytes`` bytes, shared by copies).
///
/// **Named curves** (certified cubics, built once and shared by ``TimingFunction/prepared()``):
/// 512 intervals of x, per interval the cubic Hermite interpolant `P(t)` of `s(x)` (slopes `1/x'(s)`,
/// capped so that it is monotone and stays inside the bracket) and `Y(t)` of `y(x)`.
/// 1. **Certified intervals.** Preparation bounds the error of `Y` a priori: `x(P(t)) − x` and
///    `Y(t) − y(P(t))` are polynomials of degree 9 in `t`, whose maxima on [0, 1] are bounded by their
///    Bernstein coefficients; by the mean value theorem `|y(P(t)) − y(s(x))| ≤ max|y'| / min x' · |x(P(t)) − x|`
///    (the extremes of the quadratics `x'` and `y'` over the interval computed exactly). Where the sum is
///    below 9·10⁻¹¹, an evaluation is `Y(t)`: one cubic, no solve, no division, no branch on the data.
/// 2. **Sub-intervals.** An interval that is not certified (a steep middle, or next to a flat point of
///    `x(s)`, e.g. x → 1 for easeIn, where `s(x)` has a square-root end) is split into 8 sub-intervals with
///    their own interpolants and certificates; on a certified one an evaluation is that `Y(u)`.
/// 3. **Other sub-intervals** (the few next to a flat point): `s = P(u)`, then the residual `x(s) − x` is
///    compared with a tolerance certified the same way (error in `y` below 9·10⁻¹¹); failing that, up to
///    seven clamped Newton steps, accepted when `x'(s) ≥ 10⁻³` and the step was below 10⁻⁷ (remaining
///    error in `s` about 10⁻¹⁰), and failing that the safeguarded solver.
/// This table takes 41 KB (plus 640 bytes per split interval) and about half a millisecond to build.
///
/// The input is clamped to [0, 1] (a NaN input counts as 0); `TF(0) = 0` and `TF(1) = 1` exactly, and the
/// output stays inside the control polygon's y range (in [0, 1] when both y control points are).
/// ``values(at:into:)`` evaluates many inputs with exactly the same operations as ``value(at:)``.
public struct PreparedTimingFunction: Sendable {
    /// The two table layouts (see ``PreparedTimingFunction``).
    @usableFromInline enum Layout: Sendable {
        /// Custom curves: 32 rows of a parameter guess, a bracket and a step tolerance; one certified
        /// Newton step per evaluation.
        case newtonSteps
        /// The named curves: 512 certified cubics of `y(x)` with sub-tables.
        case certifiedCubics
    }

    /// The timing function this evaluator computes.
    public let function: TimingFunction

    @usableFromInline let isLinear: Bool
    /// The layout of ``table``.
    @usableFromInline let layout: Layout
    /// The y range of the control polygon (`min(0, y1, y2)`, `max(1, y1, y2)`): the curve lies inside it,
    /// so a rounded sample outside it is clamped back (found by Fuzz/FuzzTiming: the default
    /// curve gave 1.0000000000000002 at x = 0.9999999999999896).
    @usableFromInline let yLower: Double, yUpper: Double
    @usableFromInline let ax: Double, bx: Double, cx: Double
    @usableFromInline let ay: Double, by: Double, cy: Double
    /// The x polynomial's coefficients, exactly (`cx` is exact as a double).
    @usableFromInline let axExact: DoubleDouble, bxExact: DoubleDouble
    /// Empty for a linear curve. ``Layout/newtonSteps``: ``newtonIntervals`` rows of ``newtonRowStride``
    /// doubles, row `k` for x in `[k/N, (k+1)/N]`: `P(t)`'s four power coefficients in `t = N·x − k`, `τ²`,
    /// `lo`, `hi`.
    /// ``Layout/certifiedCubics``: ``intervals`` rows of `Y(t)`'s ``rowStride`` coefficients (the last one
    /// NaN when the interval is not certified), then (at ``parameterRows``) ``intervals`` + 1 rows of
    /// `P(t)`'s (the first, `P(0)`, is the knot `s(k/N)`; the last row holds the knot `s(1) = 1` at the
    /// place of `P(0)`), then (at ``tolerances``) ``intervals`` residual tolerances, then ``intervals``
    /// sub-table offsets, then the sub-tables. Row `k < intervals` describes x in `[k/N, (k+1)/N]`; the `Y`
    /// rows come first and alone, so that the certified evaluations touch half as many cache lines. A
    /// tolerance is negative where nothing can be certified. An interval that is not certified is split
    /// into ``subdivisions`` equal sub-intervals of x: its offset is the index of its sub-table (−1 for a
    /// certified interval), ``subdivisions`` sub-rows of ``subRowStride`` doubles, each the same
    /// interpolants built and certified on the sub-interval in `u = S·t − j` (`Y(u)`, NaN last where not
    /// certified, then `P(u)`), then the sub-interval's upper parameter knot and its residual tolerance.
    @usableFromInline private(set) var table: [Double]

    /// The number of ``Layout/certifiedCubics`` intervals `N`.
    @usableFromInline static var intervals: Int { 512 }
    /// Doubles per ``Layout/certifiedCubics`` row: the four coefficients of `Y(t)` or of `P(t)`.
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
    /// The error bound in `y` of the ``Layout/certifiedCubics`` certificates, all rounding included.
    static var certifiedError: Double { 9e-11 }

    /// Prepares `function` for evaluation (Docs/semantics.md §8.4): a named curve as certified cubics
    /// (about half a millisecond; ``TimingFunction/prepared()`` shares one per named curve), any other
    /// curve as Newton steps (about a microsecond, one allocation of ``customTableBytes`` bytes); see the
    /// type's documentation.
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
        let isNamed = Self.isNamed(function)
        layout = isNamed ? .certifiedCubics : .newtonSteps
        table = []
        guard !isLinear else { return }  // value(at:) returns x without the table
        if isNamed {
            table = buildCertifiedTable()
            return
        }
        let count = Self.newtonIntervals * Self.newtonRowStride
        let builder = CurveTableBuilder(ax: ax, bx: bx, cx: cx, ay: ay, by: by, cy: cy)
        table = [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
            builder.buildTable(into: buffer.baseAddress.unsafelyUnwrapped)
            initialized = count
        }
    }

    /// The named curves with a table: ``TimingFunction/easeIn``, ``TimingFunction/easeOut``,
    /// ``TimingFunction/easeInEaseOut``, ``TimingFunction/default``.
    static let namedFunctions: [TimingFunction] = [.easeIn, .easeOut, .easeInEaseOut, .default]

    /// Whether `function` is one of ``namedFunctions`` (by its control points; no allocation).
    static func isNamed(_ function: TimingFunction) -> Bool {
        let x1 = function.c1x, y1 = function.c1y, x2 = function.c2x, y2 = function.c2y
        guard x1 == 0.42 || x1 == 0 || x1 == 0.25 else { return false }
        return namedFunctions.contains { $0.c1x == x1 && $0.c1y == y1 && $0.c2x == x2 && $0.c2y == y2 }
    }

    /// The named curves, prepared once on first use.
    static let named: [PreparedTimingFunction] = namedFunctions.map { PreparedTimingFunction($0) }

    /// The shared prepared curve of `function` when it is one of the named curves, else `nil`.
    static func shared(_ function: TimingFunction) -> PreparedTimingFunction? {
        guard isNamed(function) else { return nil }
        return named.first { $0.function == function }
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
            switch layout {
            case .certifiedCubics:
                for i in 0..<count {
                    let x = input[i]
                    output[i] = x > 0 ? (x < 1 ? interiorValue(x, rows: base) : 1) : 0
                }
            case .newtonSteps:
                // Two inputs per iteration: their steps' chains of dependent operations overlap. An input
                // outside (0, 1) is stepped at ½ and replaced by its clamp; NaNs (steps the certificate
                // does not accept) are evaluated afterwards.
                var i = 0
                while i &+ 1 < count {
                    let x0 = input[i], x1 = input[i &+ 1]
                    let inside0 = x0 > 0 && x0 < 1, inside1 = x1 > 0 && x1 < 1
                    let y0 = newtonCertifiedValue(inside0 ? x0 : 0.5, rows: base)
                    let y1 = newtonCertifiedValue(inside1 ? x1 : 0.5, rows: base)
                    output[i] = inside0 ? y0 : (x0 >= 1 ? 1 : 0)
                    output[i &+ 1] = inside1 ? y1 : (x1 >= 1 ? 1 : 0)
                    i &+= 2
                }
                if i < count { output[i] = value(at: input[i], rows: base) }
                for j in 0..<count where output[j].isNaN {
                    output[j] = newtonUncertifiedValue(input[j], rows: base)
                }
            }
        }
    }

    /// `TF(x)` for `x` in (0, 1) of a non-linear curve: ``certifiedInteriorValue(_:rows:)``, otherwise
    /// ``uncertifiedInteriorValue(_:rows:)``.
    @inlinable @inline(__always)
    func interiorValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        let y = certifiedInteriorValue(x, rows: rows)
        guard !y.isNaN else { return uncertifiedInteriorValue(x, rows: rows) }
        return y
    }

    /// The certified part of ``interiorValue(_:rows:)``, for `x` in (0, 1) of a non-linear curve with its
    /// table's `rows`: exactly the value ``interiorValue(_:rows:)`` returns when the table certifies it
    /// directly (a certified cubic, or an accepted Newton step), and NaN (never a number) when it does
    /// not; no branch on the data besides the layout. Batch loops evaluate a list with it, then the NaN
    /// entries with ``subIntervalValue(_:rows:)`` and ``uncertifiedInteriorValue(_:rows:)``.
    @inlinable @inline(__always)
    func certifiedInteriorValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        switch layout {
        case .certifiedCubics: return tableCertifiedValue(x, rows: rows)
        case .newtonSteps: return newtonCertifiedValue(x, rows: rows)
        }
    }

    /// For an `x` in (0, 1) where ``certifiedInteriorValue(_:rows:)`` is NaN: in the
    /// ``Layout/certifiedCubics`` layout the certified cubic of its sub-interval, exactly the value
    /// ``uncertifiedInteriorValue(_:rows:)`` returns, or NaN where there is none; NaN in the
    /// ``Layout/newtonSteps`` layout. Inlined, so that a batch evaluates the common case of its retries in
    /// its own loop and calls ``uncertifiedInteriorValue(_:rows:)`` for the NaNs only.
    @inlinable @inline(__always)
    func subIntervalValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        switch layout {
        case .certifiedCubics: return tableSubIntervalValue(x, rows: rows)
        case .newtonSteps: return .nan
        }
    }

    /// The value ``interiorValue(_:rows:)`` returns for an `x` in (0, 1) where
    /// ``certifiedInteriorValue(_:rows:)`` is NaN.
    @usableFromInline @inline(never)
    func uncertifiedInteriorValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        switch layout {
        case .certifiedCubics: return tableUncertifiedValue(x, rows: rows)
        case .newtonSteps: return newtonUncertifiedValue(x, rows: rows)
        }
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
}
