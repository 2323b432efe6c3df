/// Arc length of a cubic Bézier segment by 8-point Gauss–Legendre quadrature of the speed
/// `|B'(u)|` on panels chosen with a proven error bound, and the table of cumulative lengths
/// it leaves behind.
///
/// The derivative is kept as `B'(u) = scale · (d0 + u·(d1 + u·d2))`, with `scale` the power of
/// two that brings the largest coefficient component into `[1, 2)`, so that no square, product
/// or discriminant below can overflow or underflow harmfully.
///
/// Why and how the panels are chosen. The speed is `f(u) = √Q(u)`, `Q = |B'|²` a quartic whose
/// complex zeros are the zeros `z₁, z₂` of the complex quadratic `B'ₓ(u) + i·B'ᵧ(u)` and
/// their conjugates. `f` is analytic wherever `Q ≠ 0`, so on a panel `[lo, hi]` whose Bernstein
/// ellipse `E_ρ` (foci `lo`, `hi`, semi-axes summing to `ρ·(hi−lo)/2`) holds no zero, the
/// 8-point rule errs by at most `(64/15)·M·ρ⁻¹⁶/(ρ²−1) · (hi−lo)/2` with `M = max_{E_ρ} |f|`
/// (Trefethen, "Is Gauss quadrature better than Clenshaw–Curtis?", SIAM Review 50 (2008),
/// Theorem 4.5). `M` is bounded from the Taylor expansion of `B'` at the panel centre. Panels
/// are halved until that bound is at most `relativeTolerance · P · width` (`P` the
/// control-polygon length, an upper bound of the arc length), so the whole length, and the
/// length up to any `u` (the rule on `[knot, u]` lies in the same, nested, ellipse), is within
/// `relativeTolerance · P` of the true value, plus rounding (a few ulps per panel).
///
/// Zeros within `1e-9` of the real axis are a cusp or a near-cusp (speed 0 or almost 0): their
/// real part, if inside `(0, 1)`, becomes a panel boundary (the speed has a kink there, and is
/// smooth on each side), and they are left out of the ellipse test. The error this neglects is
/// of order `|B''|·δ²·ln(1/δ)` for `δ ≤ 1e-9`, below `1e-16 · P`. Panels are never narrower
/// than `2⁻⁵⁰`.
struct CubicArcLength {
    /// The error bound density, relative to the control-polygon length.
    static let relativeTolerance = 1e-14
    /// Panels are not halved below this width.
    static let minimumWidth = 0x1p-50
    /// Zeros of `Q` closer than this to the real axis are treated as kinks (cusps).
    static let cuspThreshold = 1e-9

    let d0x: Double, d0y: Double, d1x: Double, d1y: Double, d2x: Double, d2y: Double
    /// The power of two the scaled coefficients are multiplied by.
    let scale: Double
    /// The scaled control-polygon length.
    let polygon: Double

    init(_ s: CubicBezierSegment) {
        let a = s.control1 - s.start
        let b = s.control2 - s.control1
        let c = s.end - s.control2
        // B'(u) = 3[(1−u)²a + 2u(1−u)b + u²c] = 3a + 6u(b − a) + 3u²(a − 2b + c)
        var p0 = 3 * a
        var p1 = 6 * (b - a)
        var p2 = 3 * ((a - b) + (c - b))
        var la = a, lb = b, lc = c
        let m = Swift.max(
            Swift.max(Swift.max(p0.x.magnitude, p0.y.magnitude), Swift.max(p1.x.magnitude, p1.y.magnitude)),
            Swift.max(p2.x.magnitude, p2.y.magnitude))
        var scale = 1.0
        if m > 0, m.isFinite {
            let e = m.exponent
            func down(_ p: Point) -> Point {
                Point(x: Double(sign: .plus, exponent: -e, significand: p.x),
                      y: Double(sign: .plus, exponent: -e, significand: p.y))
            }
            p0 = down(p0); p1 = down(p1); p2 = down(p2)
            la = down(la); lb = down(lb); lc = down(lc)
            scale = Double(sign: .plus, exponent: e, significand: 1)
        }
        d0x = p0.x; d0y = p0.y
        d1x = p1.x; d1y = p1.y
        d2x = p2.x; d2y = p2.y
        self.scale = scale
        polygon = Self.norm(la.x, la.y) + Self.norm(lb.x, lb.y) + Self.norm(lc.x, lc.y)
    }

    private static func norm(_ x: Double, _ y: Double) -> Double {
        (x * x + y * y).squareRoot()
    }

    /// The scaled speed `|B'(u)| / scale`.
    func speed(_ u: Double) -> Double {
        let x = d0x + u * (d1x + u * d2x)
        let y = d0y + u * (d1y + u * d2y)
        return (x * x + y * y).squareRoot()
    }

    /// An upper bound of `|B''(u)|` over `[0, 1]` (unscaled): `B''` is linear in `u`, so its
    /// norm is largest at an end.
    var secondDerivativeBound: Double {
        let e0 = Self.norm(d1x, d1y)
        let e1 = Self.norm(d1x + 2 * d2x, d1y + 2 * d2y)
        return Swift.max(e0, e1) * scale
    }

    /// The 8-point Gauss–Legendre rule for `∫ speed` over `[lo, hi]` (scaled).
    func gauss(_ lo: Double, _ hi: Double) -> Double {
        let h = 0.5 * (hi - lo)
        let m = 0.5 * (hi + lo)
        var sum = 0.10122853629037626 * (speed(m - h * 0.9602898564975363) + speed(m + h * 0.9602898564975363))
        sum += 0.22238103445337448 * (speed(m - h * 0.7966664774136267) + speed(m + h * 0.7966664774136267))
        sum += 0.31370664587788727 * (speed(m - h * 0.525532409916329) + speed(m + h * 0.525532409916329))
        sum += 0.362683783378362 * (speed(m - h * 0.1834346424956498) + speed(m + h * 0.1834346424956498))
        return sum * h
    }

    /// The zeros of the complex quadratic `z(u) = B'ₓ(u) + i·B'ᵧ(u)` (scaled), as
    /// `(re, im)` pairs; `count` is 0, 1 or 2 (0 when `z` is constant).
    func complexZeros() -> (count: Int, z1: (Double, Double), z2: (Double, Double)) {
        // z(u) = A u² + B u + C with A = d2, B = d1, C = d0 as complex numbers.
        let ar = d2x, ai = d2y, br = d1x, bi = d1y, cr = d0x, ci = d0y
        if ar == 0, ai == 0 {
            guard br != 0 || bi != 0 else { return (0, (0, 0), (0, 0)) }
            let r = Self.divide(-cr, -ci, br, bi)
            return r.0.isFinite && r.1.isFinite ? (1, r, (0, 0)) : (0, (0, 0), (0, 0))
        }
        // Discriminant D = B² − 4AC.
        let dr = (br * br - bi * bi) - 4 * (ar * cr - ai * ci)
        let di = 2 * br * bi - 4 * (ar * ci + ai * cr)
        var (sr, si) = Self.squareRoot(dr, di)
        // Choose the sign that avoids cancellation in B + √D.
        if br * sr + bi * si < 0 { sr = -sr; si = -si }
        let qr = -0.5 * (br + sr), qi = -0.5 * (bi + si)
        let z1 = Self.divide(qr, qi, ar, ai)
        let z2: (Double, Double) = (qr != 0 || qi != 0) ? Self.divide(cr, ci, qr, qi) : z1
        // A zero that overflows (a nearly linear B') is at infinity: it constrains nothing.
        let ok1 = z1.0.isFinite && z1.1.isFinite, ok2 = z2.0.isFinite && z2.1.isFinite
        switch (ok1, ok2) {
        case (true, true): return (2, z1, z2)
        case (true, false): return (1, z1, (0, 0))
        case (false, true): return (1, z2, (0, 0))
        case (false, false): return (0, (0, 0), (0, 0))
        }
    }

    private static func divide(_ ar: Double, _ ai: Double, _ br: Double, _ bi: Double) -> (Double, Double) {
        let d = br * br + bi * bi
        return ((ar * br + ai * bi) / d, (ai * br - ar * bi) / d)
    }

    private static func squareRoot(_ x: Double, _ y: Double) -> (Double, Double) {
        let r = norm(x, y)
        if r == 0 { return (0, 0) }
        if x >= 0 {
            let re = (0.5 * (r + x)).squareRoot()
            return (re, y / (2 * re))
        } else {
            let im = (y < 0 ? -1.0 : 1.0) * (0.5 * (r - x)).squareRoot()
            return (y / (2 * im), im)
        }
    }

    /// The Bernstein-ellipse parameter of the point `(re, im)` with respect to `[lo, hi]`: the
    /// `ρ` of the ellipse with foci `lo`, `hi` through it.
    private static func ellipseParameter(_ re: Double, _ im: Double, _ lo: Double, _ hi: Double) -> Double {
        let h = 0.5 * (hi - lo), c = 0.5 * (hi + lo)
        let x = (re - c) / h, y = im / h
        let a = 0.5 * (norm(x - 1, y) + norm(x + 1, y))
        return a + Swift.max(a * a - 1, 0).squareRoot()
    }

    /// A proven bound of the 8-point rule's error on `[lo, hi]` (scaled units), given the zeros
    /// that are not cusps; `.infinity` when none of the candidate ellipses works.
    private func errorBound(_ lo: Double, _ hi: Double, zeros: (count: Int, z1: (Double, Double), z2: (Double, Double))) -> Double {
        let h = 0.5 * (hi - lo), c = 0.5 * (hi + lo)
        var rhoMax = Double.infinity
        if zeros.count >= 1 { rhoMax = Swift.min(rhoMax, Self.ellipseParameter(zeros.z1.0, zeros.z1.1, lo, hi)) }
        if zeros.count >= 2 { rhoMax = Swift.min(rhoMax, Self.ellipseParameter(zeros.z2.0, zeros.z2.1, lo, hi)) }
        // Taylor coefficients of B' at the centre: B'(c + w) = t0 + t1 w + d2 w².
        let t0x = d0x + c * (d1x + c * d2x), t0y = d0y + c * (d1y + c * d2y)
        let t1x = d1x + 2 * c * d2x, t1y = d1y + 2 * c * d2y
        var best = Double.infinity
        for candidate in [4.0, 8.0, 16.0] {
            let rho = Swift.min(candidate, rhoMax)
            guard rho > 1.5 else { continue }
            let radius = 0.5 * (rho + 1 / rho) * h  // |w| on the ellipse is at most the semi-major axis
            let bx = t0x.magnitude + t1x.magnitude * radius + d2x.magnitude * radius * radius
            let by = t0y.magnitude + t1y.magnitude * radius + d2y.magnitude * radius * radius
            let m = Self.norm(bx, by)
            var p = 1 / rho
            p *= p; p *= p; p *= p; p *= p  // ρ⁻¹⁶
            best = Swift.min(best, (64.0 / 15.0) * m * p / (rho * rho - 1) * h)
        }
        return best
    }

    /// Appends the knots of the table: `parameters` gets `0` and then the increasing panel
    /// boundaries up to exactly `1`; `lengths` gets the (unscaled) arc length from 0 to each.
    func appendTable(parameters: inout [Double], lengths: inout [Double]) {
        parameters.append(0)
        lengths.append(0)
        guard polygon > 0, polygon.isFinite else {
            // A point (length 0), or non-finite coordinates (NaN, never a trap).
            parameters.append(1)
            lengths.append(polygon == 0 ? 0 : .nan)
            return
        }
        let all = complexZeros()
        // Split the zeros into cusps (kinks on the real axis) and the rest.
        var zeros: (count: Int, z1: (Double, Double), z2: (Double, Double)) = (0, (0, 0), (0, 0))
        var kinks: [Double] = []
        for k in 0..<all.count {
            let z = k == 0 ? all.z1 : all.z2
            if z.1.magnitude <= Self.cuspThreshold {
                if z.0 > 0, z.0 < 1 { kinks.append(z.0) }
            } else if zeros.count == 0 {
                zeros = (1, z, (0, 0))
            } else {
                zeros = (2, zeros.z1, z)
            }
        }
        kinks.sort()
        let density = Self.relativeTolerance * polygon
        var sum = 0.0
        var lo = 0.0
        for hi in kinks + [1.0] where hi > lo {
            refine(lo, hi, zeros, density, &sum, &parameters, &lengths)
            lo = hi
        }
        parameters[parameters.count - 1] = 1
    }

    private func refine(_ lo: Double, _ hi: Double, _ zeros: (count: Int, z1: (Double, Double), z2: (Double, Double)),
                        _ density: Double, _ sum: inout Double,
                        _ parameters: inout [Double], _ lengths: inout [Double]) {
        if hi - lo <= Self.minimumWidth || errorBound(lo, hi, zeros: zeros) <= density * (hi - lo) {
            sum += gauss(lo, hi)
            parameters.append(hi)
            lengths.append(sum * scale)
        } else {
            let mid = 0.5 * (lo + hi)
            refine(lo, mid, zeros, density, &sum, &parameters, &lengths)
            refine(mid, hi, zeros, density, &sum, &parameters, &lengths)
        }
    }

    /// The arc length from 0 to `u ∈ [0, 1]`, given this curve's table (as built by
    /// ``appendTable(parameters:lengths:)``).
    func length(upTo u: Double, parameters: ArraySlice<Double>, lengths: ArraySlice<Double>) -> Double {
        // The last knot at or below u (binary search; parameters[first] == 0 <= u).
        var lo = parameters.startIndex
        var hi = parameters.endIndex - 1
        if u >= parameters[hi] { return lengths[hi] }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if parameters[mid] <= u { lo = mid } else { hi = mid }
        }
        return lengths[lo] + gauss(parameters[lo], u) * scale
    }
}
