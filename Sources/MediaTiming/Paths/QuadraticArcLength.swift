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
