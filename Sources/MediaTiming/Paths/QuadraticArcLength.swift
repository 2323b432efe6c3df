/// Closed-form arc length of a quadratic Bézier segment.
///
/// With `a = control − start` and `b = end − 2·control + start`, the derivative is
/// `B'(t) = 2(a + t·b)`, so the length up to `u` is `2∫₀ᵘ |a + t·b| dt = 2u·I(a, u·b)` with
/// `I(a, b) = ∫₀¹ |a + τ·b| dτ`. With `p₀ = a·b`, `p₁ = (a+b)·b = p₀ + |b|²`, `c = |a × b|`,
/// `v₀ = |a|`, `v₁ = |a + b|`, the classical antiderivative gives
///
///     2·I = (p₁v₁ − p₀v₀)/|b|²  +  (c²/|b|³) · (asinh(p₁/c) − asinh(p₀/c)).
///
/// Both differences cancel catastrophically as written when `p₀` and `p₁` have the same sign
/// (the speed is monotone; worst for nearly straight curves). They are rearranged exactly:
/// - `p₁v₁ − p₀v₀ = |b|²v₁ + p₀(p₀ + p₁)/(v₀ + v₁)`, whose terms are `≥ 0` when `p₀p₁ ≥ 0`;
/// - `asinh(y₁) − asinh(y₀) = asinh(y₁√(1+y₀²) − y₀√(1+y₁²))`, whose argument becomes
///   `|b|(p₁v₀ − p₀v₁)/c²` and, when `p₀p₁ ≥ 0`, `|b|(p₀ + p₁)/(p₁v₀ + p₀v₁)` (no cancellation).
///
/// When `p₀ < 0 < p₁` the speed has its minimum inside and the direct forms already add terms
/// of one sign. So the result is a sum of non-negative terms, each accurate to a few ulps.
/// Degenerate cases: `c = 0` (collinear, including a control point outside the chord, where
/// the curve doubles back through a point of zero speed) drops the `asinh` term, which is then
/// exactly 0, and the first term is then exactly the sum of the straight runs; `|b| ≤ 1e-30·|a|`
/// (uniform straight motion, to double precision) uses the trapezoid `(v₀ + v₁)/2`, whose error
/// is below `|b|²/(12|a|)`, a relative `1e-60`. Vectors are first scaled by a power of two
/// (exact) when their components leave `[2⁻¹⁵⁰, 2²⁵⁰]`, so no square or cube overflows or
/// underflows.
enum QuadraticArcLength {
    /// The arc length from 0 to `u ∈ [0, 1]` of the quadratic with derivative `2(a + t·b)`.
    static func length(a: Point, b: Point, upTo u: Double) -> Double {
        if u <= 0 { return 0 }
        let bu = u * b
        return 2 * u * integral(a: a, b: bu)
    }

    /// `I(a, b) = ∫₀¹ |a + τ·b| dτ` for any finite vectors.
    static func integral(a: Point, b: Point) -> Double {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return .nan }
        let m = Swift.max(Swift.max(a.x.magnitude, a.y.magnitude), Swift.max(b.x.magnitude, b.y.magnitude))
        guard m > 0 else { return 0 }
        if m >= 0x1p-150, m <= 0x1p250 {
            return kernel(a: a, b: b)
        }
        // Exact power-of-two scaling into [1, 2), then back.
        let e = m.exponent
        let sa = Point(x: Double(sign: .plus, exponent: -e, significand: a.x),
                       y: Double(sign: .plus, exponent: -e, significand: a.y))
        let sb = Point(x: Double(sign: .plus, exponent: -e, significand: b.x),
                       y: Double(sign: .plus, exponent: -e, significand: b.y))
        return Double(sign: .plus, exponent: e, significand: kernel(a: sa, b: sb))
    }

    /// `I(a, b)` for vectors whose largest component lies in `[2⁻¹⁵⁰, 2²⁵⁰]`.
    static func kernel(a: Point, b: Point) -> Double {
        let v0 = (a.x * a.x + a.y * a.y).squareRoot()
        let e = a + b
        let v1 = (e.x * e.x + e.y * e.y).squareRoot()
        let bb = b.x * b.x + b.y * b.y
        let bl = bb.squareRoot()
        let p0 = a.x * b.x + a.y * b.y
        let c = (a.x * b.y - a.y * b.x).magnitude
        return integral(v0: v0, v1: v1, p0: p0, bb: bb, bl: bl, c: c)
    }

    /// `I` from its scalar ingredients (see the type's documentation for the formula):
    /// `v0 = |a|`, `v1 = |a + b|`, `p0 = a·b`, `bb = |b|²`, `bl = |b|`, `c = |a × b|`.
    /// Requires `bb·bl` to be a normal number unless `bl ≤ 1e-30·v0`.
    static func integral(v0: Double, v1: Double, p0: Double, bb: Double, bl: Double, c: Double) -> Double {
        if bl <= 1e-30 * v0 || bb == 0 {
            return 0.5 * (v0 + v1)
        }
        let p1 = p0 + bb
        let c2 = c * c
        var first: Double
        var second = 0.0
        if (p0 >= 0) == (p1 >= 0) || p0 == 0 || p1 == 0 {
            // The speed is monotone on [0, 1]: every term below is >= 0.
            first = v1 + p0 * (p0 + p1) / (bb * (v0 + v1))
            if c2 > 0 {
                let argument = bl * (p0 + p1) / (p1 * v0 + p0 * v1)
                // A zero denominator (p1 = 0 and v1 = 0: the curve stops at its end) means c = 0 exactly;
                // a c2 > 0 there is rounding noise, and asinh(±∞) would turn it into NaN (found by
                // Fuzz/FuzzPath with subnormal coordinates).
                if argument.isFinite {
                    second = (c2 / (bb * bl)) * Elementary.asinh(argument)
                }
            }
        } else {
            // p0 < 0 < p1: the speed has its minimum inside; both terms are >= 0.
            first = (p1 * v1 - p0 * v0) / bb
            if c2 > 0 {
                let argument = bl * (p1 * v0 - p0 * v1) / c2
                if argument.isFinite {
                    second = (c2 / (bb * bl)) * Elementary.asinh(argument)
                }
            }
        }
        return 0.5 * (first + second)
    }
}

extension QuadraticArcLength {
    /// One quadratic prepared for repeated partial lengths: the vectors scaled by a power of two
    /// into `[1, 2)` and the `u`-independent ingredients of ``QuadraticArcLength/integral(v0:v1:p0:bb:bl:c:)``,
    /// so that a partial length costs one square root and one `asinh`.
    struct Prepared: Sendable {
        let ax: Double, ay: Double, bx: Double, by: Double
        let scale: Double
        let v0: Double, p0: Double, bb: Double, bl: Double, c: Double
        /// The whole length (unscaled).
        let total: Double

        /// Prepares the quadratic with derivative `2(a + t·b)` (finite vectors).
        init(a: Point, b: Point) {
            let m = Swift.max(Swift.max(a.x.magnitude, a.y.magnitude), Swift.max(b.x.magnitude, b.y.magnitude))
            var sa = a, sb = b, scale = 1.0
            if m > 0, m.isFinite {
                let e = m.exponent
                sa = Point(x: Double(sign: .plus, exponent: -e, significand: a.x),
                           y: Double(sign: .plus, exponent: -e, significand: a.y))
                sb = Point(x: Double(sign: .plus, exponent: -e, significand: b.x),
                           y: Double(sign: .plus, exponent: -e, significand: b.y))
                scale = Double(sign: .plus, exponent: e, significand: 1)
            }
            ax = sa.x; ay = sa.y; bx = sb.x; by = sb.y
            self.scale = scale
            v0 = (sa.x * sa.x + sa.y * sa.y).squareRoot()
            p0 = sa.x * sb.x + sa.y * sb.y
            bb = sb.x * sb.x + sb.y * sb.y
            bl = bb.squareRoot()
            c = (sa.x * sb.y - sa.y * sb.x).magnitude
            if m > 0, m.isFinite {
                let ex = sa.x + sb.x, ey = sa.y + sb.y
                let v1 = (ex * ex + ey * ey).squareRoot()
                total = 2 * QuadraticArcLength.integral(v0: v0, v1: v1, p0: p0, bb: bb, bl: bl, c: c) * scale
            } else {
                total = m == 0 ? 0 : .nan
            }
        }

        /// The arc length from 0 to `u` (`u ≤ 0` gives 0, `u ≥ 1` gives ``total``).
        func length(upTo u: Double) -> Double {
            if !(u > 0) { return 0 }
            if u >= 1 { return total }
            let ex = ax + u * bx, ey = ay + u * by
            let v1 = (ex * ex + ey * ey).squareRoot()
            if u < 0x1p-60 {
                // Trapezoid on [0, u]: absolute error below u³|b|², far below any tolerance.
                return u * (v0 + v1) * scale
            }
            let i = QuadraticArcLength.integral(v0: v0, v1: v1, p0: u * p0, bb: (u * u) * bb, bl: u * bl, c: u * c)
            return 2 * u * i * scale
        }

        /// The speed `|B'(u)| = 2|a + u·b|`.
        func speed(_ u: Double) -> Double {
            let ex = ax + u * bx, ey = ay + u * by
            return 2 * (ex * ex + ey * ey).squareRoot() * scale
        }

        /// `|B''| = 2|b|`, constant.
        var secondDerivativeBound: Double { 2 * bl * scale }
    }
}

extension QuadraticArcLength.Prepared {
    /// The deepest bisection of a quarter of `[0, 1]` when building the inverse table (intervals down to
    /// `2⁻¹²` in `u`); next to a point of zero speed the last interval is left to the exact solver.
    static let inverseTableMaximumDepth = 10
    /// The most bisections one quadratic's inverse table makes (a bound on the preparation cost).
    static let inverseTableMaximumSplits = 128

    /// A knot of the inverse table: `u`, the arc length `s(u)` (closed form), and the first three
    /// derivatives of `u` with respect to the scaled arc length `ŝ = s/scale` (not finite where the speed
    /// is 0).
    struct InverseNode {
        var u: Double, s: Double, d1: Double, d2: Double, d3: Double

        var isSmooth: Bool { d1.isFinite && d2.isFinite && d3.isFinite }
    }

    /// The knot at `u`. With `e = a + u·b` (scaled), the speed is `v = dŝ/du = 2|e|`, with
    /// `v' = 2(e·b)/|e|` and `v'' = 2(e×b)²/|e|³`; then `du/dŝ = 1/v`, `d²u/dŝ² = −v'/v³` and
    /// `d³u/dŝ³ = (3v'² − v·v'')/v⁵`.
    func inverseNode(_ u: Double) -> InverseNode {
        let ex = ax + u * bx, ey = ay + u * by
        let r = (ex * ex + ey * ey).squareRoot()
        let v = 2 * r
        let v1 = 2 * (ex * bx + ey * by) / r
        let cross = ex * by - ey * bx
        let v2 = 2 * (cross * cross) / (r * r * r)
        let v3 = v * v * v
        return InverseNode(u: u, s: length(upTo: u), d1: 1 / v, d2: -v1 / v3, d3: (3 * (v1 * v1) - v * v2) / (v3 * v * v))
    }

    /// Appends this quadratic's knots (`u` and `s(u)`, from `u = 0` to `u = 1`) to ``MeasuredPath``'s
    /// tables and, per knot, the ``InverseArcLengthPiece`` of the interval that starts there
    /// (``InverseArcLengthPiece/none`` for the last knot).
    ///
    /// The quarters of `[0, 1]` are bisected until the degree-7 Hermite interpolant of `u(s)` on each
    /// interval is within `tolerance / 8` in arc length at the interval's three inner test points, a
    /// quarter, half and three quarters of the way in `u` (checked against the closed-form `s(u)`; the
    /// error is estimated as `|Δu|·|B'|`, exact to first order). The interpolant's error is
    /// `u⁽⁸⁾(ξ)/8! · x⁴(1−x)⁴ · h⁸` (`x` the position in the interval), largest in the middle, so the
    /// tests bound it on the short intervals this produces; the factor 8 covers the rest. Intervals that
    /// do not pass within ``inverseTableMaximumDepth`` bisections or ``inverseTableMaximumSplits`` (next
    /// to a point of zero speed, where `u(s)` has a square-root singularity) get no polynomial, and
    /// ``MeasuredPath`` solves them exactly. Costs two closed-form lengths per interval visited.
    ///
    /// `pathBudget` is what is left of the path's allowance of intervals (it bounds a long path's memory
    /// and preparation time); each interval made here takes one. With fewer than four left, the segment
    /// gets its quarters only, without polynomials.
    func appendInverseTable(
        tolerance: Double, pathBudget: inout Int, parameters: inout [Double], lengths: inout [Double],
        pieces: inout [InverseArcLengthPiece]
    ) {
        parameters.append(0)
        lengths.append(0)
        let first = parameters.count
        defer { pathBudget -= parameters.count - first }
        guard tolerance > 0, pathBudget >= 4 else {
            for k in 1...4 {
                pieces.append(.none)
                parameters.append(Double(k) * 0.25)
                lengths.append(length(upTo: Double(k) * 0.25))
            }
            pieces.append(.none)
            return
        }
        let quarters = (0...4).map { inverseNode(Double($0) * 0.25) }
        var budget = Swift.min(Self.inverseTableMaximumSplits, pathBudget - 4)
        for k in 0..<4 {
            let a = quarters[k], b = quarters[k + 1]
            refine(a, b, middle: inverseNode(0.5 * (a.u + b.u)), depth: 0, limit: tolerance / 8, budget: &budget,
                   parameters: &parameters, lengths: &lengths, pieces: &pieces)
        }
        pieces.append(.none)
    }

    private func refine(
        _ a: InverseNode, _ b: InverseNode, middle m: InverseNode, depth: Int, limit: Double, budget: inout Int,
        parameters: inout [Double], lengths: inout [Double], pieces: inout [InverseArcLengthPiece]
    ) {
        func emit(_ piece: InverseArcLengthPiece) {
            pieces.append(piece)
            parameters.append(b.u)
            lengths.append(b.s)
        }
        guard b.s > a.s, limit > 0, m.s > a.s, m.s < b.s else { return emit(.none) }
        let q1 = inverseNode(0.5 * (a.u + m.u)), q3 = inverseNode(0.5 * (m.u + b.u))
        if a.isSmooth, b.isSmooth, m.isSmooth, q1.isSmooth, q3.isSmooth {
            // Derivatives in scaled lengths (h scaled alike, so the coefficients are the same); start and
            // width in real units.
            let piece = InverseArcLengthPiece(
                start: a.s, inverseWidth: 1 / (b.s - a.s), h: (b.s - a.s) / scale,
                u0: a.u, d10: a.d1, d20: a.d2, d30: a.d3, u1: b.u, d11: b.d1, d21: b.d2, d31: b.d3)
            func error(_ q: InverseNode) -> Double {
                (piece.parameter(atDistance: q.s) - q.u).magnitude / q.d1 * scale
            }
            let worst = Swift.max(error(m), Swift.max(error(q1), error(q3)))
            if worst <= limit, piece.isFinite, piece.isValid { return emit(piece) }
        }
        guard depth < Self.inverseTableMaximumDepth, budget > 0 else { return emit(.none) }
        budget -= 1
        refine(a, m, middle: q1, depth: depth + 1, limit: limit, budget: &budget,
               parameters: &parameters, lengths: &lengths, pieces: &pieces)
        refine(m, b, middle: q3, depth: depth + 1, limit: limit, budget: &budget,
               parameters: &parameters, lengths: &lengths, pieces: &pieces)
    }
}
