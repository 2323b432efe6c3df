// Elementary.swift: deterministic elementary functions on `Double`, in pure Swift.
//
// Determinism
// -----------
// Results of the platform libm differ between machines: glibc picks its code path per CPU
// (FMA or not, AVX2 or not) and the paths disagree in the last bit. The functions here give
// the same bits on every IEEE-754 machine, in debug and in release, because they use only:
//
//  * operations IEEE 754 rounds correctly (+, -, *, /, `squareRoot()`), in round-to-nearest-
//    even, with Double operands (SSE2 on x86-64, never x87 extended precision);
//  * comparisons, bit manipulation through `bitPattern`, conversions between `Double` and
//    integers of at most 53 significant bits (exact both ways), and scaling by powers of two;
//  * literal constants (hex floats): polynomial coefficients, and tables of 2/pi, 2^(i/64),
//    log(c), atan(i/32), sin(j/32) and cos(j/32) computed offline in multiple precision
//    (mpmath, 300 bits or more) and rounded to nearest.
//
// There is no libm call, and no fused multiply-add: `addingProduct` is never used (it would
// call libm's `fma` on a generic x86-64 target), and Swift never contracts `a * b + c` into
// an FMA at any optimisation level. Exact products come from Dekker's algorithm with
// Veltkamp's split (`twoProduct`), exact sums from Knuth's and Dekker's `twoSum`.
// Rounding to an integer uses the 1.5 * 2^52 "shifter": (t + 0x1.8p52) - 0x1.8p52 is t
// rounded to nearest-even for |t| < 2^51, and the compiler cannot fold it (no fast-math).
//
// Accuracy
// --------
// The reductions and polynomial corrections carry their result as a double-double: an
// unevaluated sum hi + lo. The final `hi + lo` is the only rounding that matters. The result
// is therefore within 0.5 ulp plus a very small amount, so it is nearly always the correctly
// rounded value: the design bound is 0.51 ulp, and the largest error measured over 10^6
// random arguments per function and range is 0.501 ulp. Each function's doc comment gives
// its contract.

/// Elementary functions on `Double` that give bit-identical results on every machine.
///
/// Every function takes any `Double`: NaN gives NaN, and infinities, signed zeros and
/// subnormals follow C99 Annex F. No function traps, allocates or loops without a bound.
///
/// Results are nearly always correctly rounded (error below 0.51 ulp), hence within 1 ulp of
/// glibc's. They are the same bits in debug and release builds and on every CPU.
public enum Elementary {

    // MARK: - Trigonometric functions

    /// The sine of `x` (radians).
    ///
    /// - Accuracy: below 0.51 ulp for every finite `x`. If |x| < 1.6e6, the argument is
    ///   reduced with a three-part pi/2 (Cody and Waite). Larger arguments use a Payne and
    ///   Hanek reduction with 1280 bits of 2/pi, so huge arguments get the same accuracy.
    /// - Special values: sin(±0) = ±0; sin(±inf) = NaN; sin(NaN) = NaN.
    public static func sin(_ x: Double) -> Double {
        let ax = x.magnitude
        if ax <= 0x1.921fb54442d18p-1 {          // |x| <= pi/4: no reduction
            if ax < 0x1p-26 { return x }          // sin x = x - x^3/6 rounds to x (±0, subnormals)
            return sinKernel(x, 0)
        }
        if !x.isFinite { return x - x }           // NaN for ±inf and NaN
        let (n, y, dy) = remainderPiOver2(x)
        switch n & 3 {
        case 0: return sinKernel(y, dy)
        case 1: return cosKernel(y, dy)
        case 2: return -sinKernel(y, dy)
        default: return -cosKernel(y, dy)
        }
    }

    /// The cosine of `x` (radians).
    ///
    /// - Accuracy: below 0.51 ulp for every finite `x`. The argument reduction is the same
    ///   as for ``sin(_:)``.
    /// - Special values: cos(±0) = 1; cos(±inf) = NaN; cos(NaN) = NaN.
    public static func cos(_ x: Double) -> Double {
        let ax = x.magnitude
        if ax <= 0x1.921fb54442d18p-1 {
            if ax < 0x1p-27 { return 1 }          // cos x = 1 - x^2/2 rounds to 1
            return cosKernel(x, 0)
        }
        if !x.isFinite { return x - x }
        let (n, y, dy) = remainderPiOver2(x)
        switch n & 3 {
        case 0: return cosKernel(y, dy)
        case 1: return -sinKernel(y, dy)
        case 2: return -cosKernel(y, dy)
        default: return sinKernel(y, dy)
        }
    }

    // MARK: - Exponential and logarithm

    /// The exponential e^x.
    ///
    /// - Accuracy: below 0.51 ulp, subnormal results included (they are rounded once).
    /// - Special values: exp(±0) = 1; exp(+inf) = +inf; exp(-inf) = +0; exp(NaN) = NaN;
    ///   exp(x) = +inf when x > 709.78 and +0 when x < -745.14.
    public static func exp(_ x: Double) -> Double {
        if !(x.magnitude <= 0x1.62e42fefa39efp9) {   // |x| > log(greatestFiniteMagnitude), or NaN
            if x.isNaN { return x + x }
            if x > 0 { return .infinity }
            if x < -746 { return 0 }
            // -746 <= x < -709.78: subnormal or zero results, handled by expCore.
        }
        return expCore(x)
    }

    /// e^x - 1, accurate also when x is near 0.
    ///
    /// - Accuracy: below 0.51 ulp.
    /// - Special values: expm1(±0) = ±0; expm1(+inf) = +inf; expm1(-inf) = -1;
    ///   expm1(NaN) = NaN; +inf when x > 709.78; -1 when x < -38.
    public static func expm1(_ x: Double) -> Double {
        if !(x.magnitude <= 0x1.62e42fefa39efp9) {
            if x.isNaN { return x + x }
            return x > 0 ? .infinity : -1
        }
        if x < -38 { return -1 }                  // e^x < 2^-54: -1 + e^x rounds to -1
        let ax = x.magnitude
        if ax < 0x1p-6 {
            if ax < 0x1p-54 { return x }          // x + x^2/2 rounds to x (±0, subnormals)
            // expm1(x) = x + x^2/2 + x^3 P(x), P the Taylor series of (e^x - 1 - x - x^2/2)/x^3
            // to x^5 (truncation error < 2^-66 |x| on |x| < 1/64); x^2/2 is exact in double-double.
            let (sq, sqLo) = twoProduct(x, x)
            let (s, sLo) = fastTwoSum(x, 0.5 * sq)
            var p = 0x1.a01a01a01a01ap-16                 // 1/8!
            p = 0x1.a01a01a01a01ap-13 + x * p             // 1/7!
            p = 0x1.6c16c16c16c17p-10 + x * p             // 1/6!
            p = 0x1.1111111111111p-7 + x * p              // 1/5!
            p = 0x1.5555555555555p-5 + x * p              // 1/4!
            p = 0x1.5555555555555p-3 + x * p              // 1/3!
            return s + (sLo + (0.5 * sqLo + x * sq * p))
        }
        // e^x = s (1 + rHi + rest), s = 2^q 2^(i/64) rounded (see expReduce); s rHi is formed
        // exactly and 1 subtracted where that is exact, so that only s * rest is rounded early.
        let (q, i, rHi, rest) = expReduce(x)
        let h = expTableHi[i]
        if q >= 53 {
            // expm1(x) 2^-q = h + h rHi + (h rest - 2^-q), summed as in expCore.
            let (a, aLo) = twoProduct(h, rHi)
            let (u, uLo) = fastTwoSum(h, a)
            let v = u + (uLo + (aLo + (h * rest - (q > 1022 ? 0 : pow2(-q)))))
            return q > 1022 ? 2 * scale(v, q - 1) : scale(v, q)   // 2^q may overflow, v 2^q not
        }
        let s = scale(h, q)
        let (a, aLo) = twoProduct(s, rHi)
        if q >= -1 {                               // 1/2 <= s < 2^53: s - 1 is exact
            let (u, uLo) = twoSum(s - 1, a)
            return u + (uLo + (aLo + s * rest))
        }
        let (d, dLo) = fastTwoSum(-1, s)           // s < 1/2
        let (u, uLo) = fastTwoSum(d, a)
        return u + ((uLo + dLo) + (aLo + s * rest))
    }

    /// The natural logarithm.
    ///
    /// - Accuracy: below 0.51 ulp over the whole domain, subnormals included.
    /// - Special values: log(1) = +0; log(±0) = -inf; log(x < 0) = NaN; log(+inf) = +inf;
    ///   log(NaN) = NaN.
    public static func log(_ x: Double) -> Double {
        if x.isNaN { return x + x }
        if !(x > 0) { return x == 0 ? -.infinity : .nan }
        if x == .infinity { return x }
        return logCore(x, tail: 0, exponent: 0)
    }

    /// log(1 + x), accurate also when x is near 0.
    ///
    /// - Accuracy: below 0.51 ulp.
    /// - Special values: log1p(±0) = ±0; log1p(-1) = -inf; log1p(x < -1) = NaN;
    ///   log1p(+inf) = +inf; log1p(NaN) = NaN.
    public static func log1p(_ x: Double) -> Double {
        if x.isNaN { return x + x }
        let ax = x.magnitude
        if ax < 0x1p-5 {
            if ax < 0x1p-54 { return x }          // x - x^2/2 rounds to x (±0, subnormals)
            return log1pSmall(x, tail: 0)
        }
        if !(x > -1) { return x == -1 ? -.infinity : .nan }
        if x == .infinity { return x }
        // 1 + x = u + c exactly, c the rounding error of u (fdlibm's correction term).
        let u = 1 + x
        let c = u >= 2 ? 1 - (u - x) : x - (u - 1)
        return logCore(u, tail: c, exponent: 0)
    }

    // MARK: - Inverse trigonometric and hyperbolic functions

    /// The arc tangent of `x`, in [-pi/2, pi/2].
    ///
    /// - Accuracy: below 0.51 ulp.
    /// - Special values: atan(±0) = ±0; atan(±inf) = ±pi/2 (rounded); atan(NaN) = NaN.
    public static func atan(_ x: Double) -> Double {
        let ax = x.magnitude
        let r: Double
        if ax <= 1 {
            if ax < 0x1p-27 { return x }          // x - x^3/3 rounds to x
            let (h, l) = atanKernel(ax, 0)
            r = h + l
        } else if ax < 0x1p54 {
            // atan(x) = pi/2 - atan(1/x), with 1/x as a double-double.
            let q = 1 / ax
            let (p, pLo) = twoProduct(q, ax)
            let (a, aLo) = atanKernel(q, ((1 - p) - pLo) / ax)
            let (s, sLo) = fastTwoSum(piOver2Hi, -a)
            r = s + ((sLo + piOver2Lo) - aLo)
        } else {
            if ax.isNaN { return x + x }
            r = piOver2Hi                          // pi/2 - 1/x rounds to pi/2
        }
        return x < 0 ? -r : r
    }

    /// The angle of the point (x, y) from the positive x axis, in [-pi, pi].
    ///
    /// - Accuracy: below 0.51 ulp, for every pair of finite arguments (the quotient y/x is
    ///   never rounded: it is carried as a double-double).
    /// - Special values (C99 Annex F): atan2(±0, +0) = ±0; atan2(±0, -0) = ±pi;
    ///   atan2(±0, x < 0) = ±pi; atan2(y, ±0) = ±pi/2 for y ≠ 0; atan2(±y, +inf) = ±0 and
    ///   atan2(±y, -inf) = ±pi for finite y; atan2(±inf, x) = ±pi/2 for finite x;
    ///   atan2(±inf, +inf) = ±pi/4; atan2(±inf, -inf) = ±3pi/4; NaN if either is NaN.
    public static func atan2(y: Double, x: Double) -> Double {
        if x.isNaN || y.isNaN { return x + y }
        let ax = x.magnitude, ay = y.magnitude
        let negativeX = x.sign == .minus
        let angle: Double
        if ay == 0 {
            return negativeX ? (y.sign == .minus ? -piHi : piHi) : y
        } else if ax == 0 || ay.isInfinite {
            angle = ax.isInfinite ? (negativeX ? threePiOver4Hi : piOver4Hi) : piOver2Hi
        } else if ax.isInfinite {
            angle = negativeX ? piHi : 0
        } else {
            let ex = ax.exponent, ey = ay.exponent
            if ey - ex > 60 {
                angle = piOver2Hi                  // pi/2 ∓ |x/y| < 2^-59 rounds to pi/2
            } else if ex - ey > 60 {
                if negativeX {
                    angle = piHi                   // pi - |y/x| rounds to pi
                } else {
                    return y / x                   // atan t = t - t^3/3 rounds like t
                }
            } else {
                // Scale both into [2^-62, 2) (exact), so that no product below underflows.
                let e = max(ex, ey)
                let sx = scale(ax, by: -e), sy = scale(ay, by: -e)
                var (h, l): (Double, Double)
                if sy <= sx {
                    let q = sy / sx
                    let (p, pLo) = twoProduct(q, sx)
                    (h, l) = atanKernel(q, ((sy - p) - pLo) / sx)
                } else {
                    let q = sx / sy
                    let (p, pLo) = twoProduct(q, sy)
                    let (a, aLo) = atanKernel(q, ((sx - p) - pLo) / sy)
                    let (s, sLo) = fastTwoSum(piOver2Hi, -a)
                    (h, l) = (s, (sLo + piOver2Lo) - aLo)
                }
                if negativeX {
                    let (s, sLo) = fastTwoSum(piHi, -h)
                    (h, l) = (s, (sLo + piLo) - l)
                }
                angle = h + l
            }
        }
        return y.sign == .minus ? -angle : angle
    }

    /// The inverse hyperbolic sine, log(x + sqrt(x^2 + 1)).
    ///
    /// - Accuracy: below 0.51 ulp.
    /// - Special values: asinh(±0) = ±0; asinh(±inf) = ±inf; asinh(NaN) = NaN.
    public static func asinh(_ x: Double) -> Double {
        let ax = x.magnitude
        let r: Double
        if ax < 0x1p-5 {
            if ax < 0x1p-26 { return x }          // x - x^3/6 rounds to x
            // Taylor series: x + x^3 * P(x^2), truncation error < 2^-65 |x|.
            let z = x * x
            var p = -0x1.6e8ba2e8ba2e9p-6                 // -63/2816
            p = 0x1.f1c71c71c71c7p-6 + z * p              // 35/1152
            p = -0x1.6db6db6db6db7p-5 + z * p             // -5/112
            p = 0x1.3333333333333p-4 + z * p              // 3/40
            p = -0x1.5555555555555p-3 + z * p             // -1/6
            return x + x * z * p
        } else if ax < 0x1p28 {
            // w = |x| + sqrt(x^2 + 1) as a double-double, then log w.
            let (sq, sqLo) = twoProduct(ax, ax)
            let (s, sLo) = twoSum(1, sq)
            let root = s.squareRoot()
            let (rr, rrLo) = twoProduct(root, root)
            let rootLo = (((s - rr) - rrLo) + (sLo + sqLo)) / (root + root)
            let (w, wLo) = fastTwoSum(root, ax)
            r = logCore(w, tail: wLo + rootLo, exponent: 0)
        } else {
            if !ax.isFinite { return x + x }
            // asinh|x| = log(2|x|) + 1/(4x^2) + O(x^-4) = log(2 (|x| + 1/(4|x|))) + O(x^-4)
            r = logCore(ax, tail: 0.25 / ax, exponent: 1)
        }
        return x < 0 ? -r : r
    }

    // MARK: - Roots

    /// The real cube root.
    ///
    /// - Accuracy: below 0.51 ulp (a final Newton step is computed in double-double).
    /// - Special values: cbrt(±0) = ±0; cbrt(±inf) = ±inf; cbrt(NaN) = NaN; cbrt(-x) = -cbrt(x).
    public static func cbrt(_ x: Double) -> Double {
        if !x.isFinite || x == 0 { return x + x }
        // |x| = m * 2^(3k) with 1 <= m < 8, exactly.
        var bits = x.magnitude.bitPattern
        var e = Int(bits >> 52) - 1023
        if bits >> 52 == 0 {                       // subnormal: normalize first
            bits = (x.magnitude * 0x1p54).bitPattern
            e = Int(bits >> 52) - 1023 - 54
        }
        let k = e >= 0 ? e / 3 : -((2 - e) / 3)
        let m = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | UInt64(1023 + e - 3 * k) << 52)
        // fdlibm's approximation: ~5 bits from the exponent field, ~23 bits after a polynomial
        // in r = t^3/m, rounded to 22 bits so that t*t is exact, then one Newton step for
        // t^3 = m giving ~53 bits.
        let high = UInt32(truncatingIfNeeded: m.bitPattern >> 32)
        var t = Double(bitPattern: UInt64(high / 3 + 0x2A9F_7893) << 32)
        var r = (t * t) * (t / m)
        t = t * ((0x1.e03e60f61e692p0 + r * (-0x1.e28e092f02420p0 + r * 0x1.9f1604a49d6c2p0))
            + ((r * r) * r) * (-0x1.844cbbee751d9p-1 + r * 0x1.2b000d4e4edd7p-3))
        t = Double(bitPattern: (t.bitPattern &+ 0x8000_0000) & 0xFFFF_FFFF_C000_0000)
        let s = t * t
        r = m / s
        r = (r - t) / ((t + t) + r)
        t = t + t * r
        // Final Newton step with an exact residual: t + (m - t^3) / (3 t^2).
        let (a, aLo) = twoProduct(t, t)
        let (b, bLo) = twoProduct(a, t)
        let residual = ((m - b) - bLo) - aLo * t
        t = t + residual / (3 * a)
        let root = t * pow2(k)                   // 1 <= t <= 2, 2^k normal: exact
        return x < 0 ? -root : root
    }

    /// sqrt(x^2 + y^2) without undue overflow or underflow.
    ///
    /// - Accuracy: below 0.51 ulp, subnormal results included (rounded once).
    /// - Special values: hypot(±inf, y) = +inf even if y is NaN; otherwise NaN if either is
    ///   NaN; hypot(x, ±0) = |x|.
    public static func hypot(_ x: Double, _ y: Double) -> Double {
        var a = x.magnitude, b = y.magnitude
        if a.isInfinite || b.isInfinite { return .infinity }
        if a.isNaN || b.isNaN { return x + y }
        if a < b { swap(&a, &b) }
        if b == 0 { return a }
        let ea = a.exponent
        if ea - b.exponent > 32 { return a }       // a + b^2/(2a) rounds to a
        if ea >= -1020 {
            // Scale a into [1, 2): the products below neither overflow nor underflow.
            let (h, l) = hypotKernel(scale(a, by: -ea), scale(b, by: -ea))
            return scale(h + l, by: ea)            // 1 <= h + l < 2.9: overflows only correctly
        }
        // Tiny arguments: compute v = hypot * 2^1022; if v < 1 the result is subnormal, and v
        // must be rounded to a multiple of 2^-52 (one rounding) before scaling back.
        let (h, l) = hypotKernel(a * 0x1p1022, b * 0x1p1022)
        var v = h + l
        if v < 1 {
            let u = 1 + h
            v = (u + (((1 - u) + h) + l)) - 1
        }
        return v * 0x1p-1022
    }
}

// MARK: - Kernels

extension Elementary {

    /// sin(x + y) for |x| <= 0.8 (pi/4 and a little more), |y| <= 2^-52 |x|.
    @inline(__always)
    private static func sinKernel(_ x: Double, _ y: Double) -> Double {
        sinCosKernel(x, y, cosine: false)
    }

    /// cos(x + y) for |x| <= 0.8 (pi/4 and a little more), |y| <= 2^-52 |x|.
    @inline(__always)
    private static func cosKernel(_ x: Double, _ y: Double) -> Double {
        sinCosKernel(x, y, cosine: true)
    }

    /// sin(x + y) or cos(x + y) for |x| <= 0.8, |y| <= 2^-52 |x|.
    ///
    /// |x| = a + t with a = j/32 nearest to |x| and |t| <= 1/64 (t is exact). With sin a and
    /// cos a from a table of double-doubles, and tau = t + y (y with the sign of x),
    ///     sin(a + tau) = sin a + cos a tau + sin a (cos tau - 1) + cos a (sin tau - tau),
    ///     cos(a + tau) = cos a - sin a tau + cos a (cos tau - 1) - sin a (sin tau - tau).
    /// The product (cos a or sin a) * t is exact (twoProduct); every other term is below
    /// 2^-12 of the result, so its rounding hardly matters. sin t - t and cos t - 1 are Taylor
    /// polynomials to t^7 and t^8 (truncation error < 2^-72); y enters only to first order.
    @inline(__always)
    private static func sinCosKernel(_ x: Double, _ y: Double, cosine: Bool) -> Double {
        let ax = x.magnitude
        let tLo = x < 0 ? -y : y
        let j = Int(ax * 32 + 0.5)
        let t = ax - Double(j) * 0x1p-5                          // exact
        let sinHi = sinCosTable[4 * j], sinLo = sinCosTable[4 * j + 1]
        let cosHi = sinCosTable[4 * j + 2], cosLo = sinCosTable[4 * j + 3]
        let z = t * t
        // sin t - t = t^3 (-1/3! + z/5! - z^2/7!)
        let sm = t * z * (-0x1.5555555555555p-3 + z * (0x1.1111111111111p-7 + z * -0x1.a01a01a01a01ap-13))
        // cos(t + tLo) - 1 = z (-1/2! + z/4! - z^2/6! + z^3/8!) - t tLo
        let cm = z * (-0.5 + z * (0x1.5555555555555p-5 + z * (-0x1.6c16c16c16c17p-10
            + z * 0x1.a01a01a01a01ap-16))) - t * tLo
        if cosine {
            let (p, pLo) = twoProduct(sinHi, t)
            let (s, sLo) = fastTwoSum(cosHi, -p)
            return s + ((sLo - pLo) + ((cosLo - sinHi * tLo - sinLo * t) + (cosHi * cm - sinHi * sm)))
        }
        let (p, pLo) = twoProduct(cosHi, t)
        let (s, sLo) = fastTwoSum(sinHi, p)
        let r = s + ((sLo + pLo) + ((sinLo + cosHi * tLo + cosLo * t) + (sinHi * cm + cosHi * sm)))
        return x < 0 ? -r : r
    }

    /// x - n pi/2 = y + dy with |y| <= pi/4 (and a hair), dy the tail of y, for finite
    /// |x| > pi/4. Only n mod 4 matters to the caller.
    private static func remainderPiOver2(_ x: Double) -> (n: Int, y: Double, dy: Double) {
        if x.magnitude >= 0x1.921fbp20 { return payneHanek(x) }
        // Cody and Waite with pi/2 = p1 + p2 + p3 + p3t: p1, p2 and p3 have 33 bits, so n * p_i
        // is exact for |n| < 2^20. The second and third parts are used only when cancellation
        // has eaten more than 16 (and 49) bits of the first remainder (fdlibm's rem_pio2).
        let fn = (x * 0x1.45f306dc9c883p-1 + 0x1.8p52) - 0x1.8p52   // round(x * 2/pi)
        var r = x - fn * 0x1.921fb54400000p0
        var w = fn * 0x1.0b4611a626331p-34
        var y = r - w
        let ex = Int(x.bitPattern >> 52) & 0x7FF
        if ex - (Int(y.bitPattern >> 52) & 0x7FF) > 16 {
            var t = r
            w = fn * 0x1.0b4611a600000p-34
            r = t - w
            w = fn * 0x1.3198a2e037073p-69 - ((t - r) - w)
            y = r - w
            if ex - (Int(y.bitPattern >> 52) & 0x7FF) > 49 {
                t = r
                w = fn * 0x1.3198a2e000000p-69
                r = t - w
                w = fn * 0x1.b839a252049c1p-104 - ((t - r) - w)
                y = r - w
            }
        }
        return (Int(fn), y, (r - y) - w)
    }

    /// Payne and Hanek's reduction for |x| >= 2^20 pi/2 (finite), with integer arithmetic.
    ///
    /// |x| = m 2^e (m a 53-bit integer). The bits of 2/pi of weight 2^-j with j <= e - 2
    /// contribute multiples of 4 to x * 2/pi and are skipped; the next 192 bits W give
    /// x * 2/pi mod 4 = m * W * 2^-190 mod 4 up to 2^-137. The closest approach of a double to
    /// a multiple of pi/2 is about 2^-61, so the reduced argument keeps more than 70
    /// correct bits beyond its leading one; it is returned as a double-double.
    private static func payneHanek(_ x: Double) -> (n: Int, y: Double, dy: Double) {
        let bits = x.magnitude.bitPattern
        let e = Int(bits >> 52) - 1075                            // -32 <= e <= 971
        let m = (bits & 0x000F_FFFF_FFFF_FFFF) | 0x0010_0000_0000_0000
        // Bit j of 2/pi (weight 2^-j, j >= 1) is bit j + 63 of [0, w0, w1, ...] (counting from
        // the most significant bit); the first bit needed is j = e - 1.
        let g = e + 62
        let wi = g >> 6, sh = g & 63
        @inline(__always) func word(_ k: Int) -> UInt64 { k == 0 ? 0 : twoOverPiBits[k - 1] }
        @inline(__always) func window(_ k: Int) -> UInt64 {
            sh == 0 ? word(wi + k) : (word(wi + k) << sh) | (word(wi + k + 1) >> (64 - sh))
        }
        let w0 = window(0), w1 = window(1), w2 = window(2)
        // P = m * (w0 w1 w2), keeping bits 0 ..< 192 (higher bits are multiples of 4).
        let p2 = m.multipliedFullWidth(by: w2)
        let p1 = m.multipliedFullWidth(by: w1)
        let r0 = p2.low
        let (r1, carry) = p1.low.addingReportingOverflow(p2.high)
        let r2 = (m &* w0) &+ p1.high &+ (carry ? 1 : 0)
        // Integer part mod 4 in the top 2 bits of r2; the fraction f in the 190 bits below.
        var n = Int(r2 >> 62)
        var f2 = (r2 << 2) | (r1 >> 62), f1 = (r1 << 2) | (r0 >> 62), f0 = r0 << 2
        let negative = f2 >> 63 != 0                              // f >= 1/2: use f - 1
        if negative {
            n += 1
            f2 = ~f2; f1 = ~f1; f0 = ~f0                          // 192-bit negation
            var c: Bool
            (f0, c) = f0.addingReportingOverflow(1)
            if c { (f1, c) = f1.addingReportingOverflow(1) }
            if c { f2 &+= 1 }
        }
        // Normalize |f| = (f2 f1 f0) 2^-192 and convert its top 106 bits to a double-double.
        var shift = 0
        while f2 == 0 && shift < 128 {                            // at most twice
            f2 = f1; f1 = f0; f0 = 0; shift += 64
        }
        if f2 == 0 { return (n & 3, 0, 0) }                        // unreachable for doubles
        let lz = f2.leadingZeroBitCount
        if lz > 0 {
            f2 = (f2 << lz) | (f1 >> (64 - lz))
            f1 = (f1 << lz) | (f0 >> (64 - lz))
        }
        shift += lz
        let hi = Double(f2 >> 11) * pow2(-53 - shift)
        let lo = Double(((f2 & 0x7FF) << 42) | (f1 >> 22)) * pow2(-106 - shift)
        // y = f * pi/2 in double-double.
        let (p, pLo) = twoProduct(hi, piOver2Hi)
        var (y, dy) = fastTwoSum(p, pLo + (hi * piOver2Lo + lo * piOver2Hi))
        if negative { y = -y; dy = -dy }
        if x < 0 { return ((4 - n) & 3, -y, -dy) }
        return (n & 3, y, dy)
    }

    /// e^x = 2^q * expTableHi[i] * (1 + rHi + rest) for |x| <= 746, |rHi| < 0.0055, |rest| < 2^-16.
    ///
    /// x = k ln2/64 + r with k = round(64 x / ln2), k = 64 q + i, |r| <= ln2/128 (+ rounding).
    /// ln2/64 = L1 + L2 with L1 of 35 bits: k * L1 is exact and so is rHi = x - k * L1, and
    /// r = rHi - k * L2. e^r - 1 - r is its Taylor polynomial to r^7 (truncation error < 2^-75).
    /// rest gathers -k * L2, that polynomial and the table's relative tail.
    @inline(__always)
    private static func expReduce(_ x: Double) -> (q: Int, i: Int, rHi: Double, rest: Double) {
        let kd = (x * 0x1.71547652b82fep6 + 0x1.8p52) - 0x1.8p52
        let k = Int(kd)
        let rHi = x - kd * 0x1.62e42fefc0000p-7
        let rLo = kd * 0x1.c610ca86c3899p-43
        let r = rHi + rLo
        var p = 0x1.a01a01a01a01ap-13                       // 1/7!
        p = 0x1.6c16c16c16c17p-10 + r * p                    // 1/6!
        p = 0x1.1111111111111p-7 + r * p                     // 1/5!
        p = 0x1.5555555555555p-5 + r * p                     // 1/4!
        p = 0x1.5555555555555p-3 + r * p                     // 1/3!
        p = r * r * (0.5 + r * p)                            // e^r - 1 - r
        let i = k & 63
        let tail = expTableTail[i]                           // (1 + tail)(1 + r + p) - 1 - rHi
        return (k >> 6, i, rHi, rLo + (p + tail * (1 + r)))
    }

    /// e^x for -746 <= x <= log(greatestFiniteMagnitude) (other cases are handled by `exp`).
    private static func expCore(_ x: Double) -> Double {
        let (q, i, rHi, rest) = expReduce(x)
        let h = expTableHi[i]
        // e^x 2^-q = h + h rHi + h rest = u + lo, with h rHi exact.
        let (a, aLo) = twoProduct(h, rHi)
        let (u, uLo) = fastTwoSum(h, a)
        let lo = uLo + (aLo + h * rest)
        if q >= -1021 {
            if q > 1022 { return 2 * scale(u + lo, q - 1) }  // 2^q overflows, the result may not
            return scale(u + lo, q)
        }
        // Possibly subnormal result: y = e^x 2^1022. If y < 1, round y to a multiple of 2^-52
        // (by adding 1, as in ARM's optimized-routines) so that scaling it back is exact.
        let su = scale(u, q + 1022), sLo = scale(lo, q + 1022)
        var y = su + sLo
        if y < 1 {
            let w = 1 + su
            y = (w + (((1 - w) + su) + sLo)) - 1
        }
        return y * 0x1p-1022
    }

    /// log(2^extra * (x + tail)) for finite x > 0, |tail| <= 2^-50 x.
    ///
    /// Near 1 (extra = 0, |x - 1| < 1/32) the series of log1p is used. Elsewhere
    /// x = 2^e m with 1 <= m < 2, c = 1 + (2i + 1)/128 is the centre of m's 1/64-wide
    /// interval, and log x = e ln2 + log c + log1p(r) with r = (m - c)/c, |r| < 2^-7,
    /// computed as a double-double (m - c is exact). log1p(r) is its Taylor polynomial to
    /// r^9 (truncation error < 2^-72). The sum is carried in double-double.
    private static func logCore(_ x: Double, tail: Double, exponent extra: Int) -> Double {
        if extra == 0 && (x - 1).magnitude < 0x1p-5 {
            return log1pSmall(x - 1, tail: tail)
        }
        var bits = x.bitPattern
        var tail = tail
        var shift = 0
        if bits >> 52 == 0 {                                     // subnormal
            bits = (x * 0x1p54).bitPattern
            tail *= 0x1p54
            shift = 54
        }
        let ex = Int(bits >> 52) - 1023
        let e = Double(ex - shift + extra)
        let m = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
        let i = Int(truncatingIfNeeded: bits >> 46) & 63
        let c = 1 + Double(2 * i + 1) * 0x1p-7
        let d = m - c                                            // exact
        let r = d / c
        let (p, pLo) = twoProduct(r, c)
        let rLo = (((d - p) - pLo) + scale(tail, by: -ex)) / c
        var poly = 0x1.c71c71c71c71cp-4                           // 1/9
        poly = -0x1.0000000000000p-3 + r * poly                   // -1/8
        poly = 0x1.2492492492492p-3 + r * poly                    // 1/7
        poly = -0x1.5555555555555p-3 + r * poly                   // -1/6
        poly = 0x1.999999999999ap-3 + r * poly                    // 1/5
        poly = -0x1.0000000000000p-2 + r * poly                   // -1/4
        poly = 0x1.5555555555555p-2 + r * poly                    // 1/3
        poly = r * r * (-0.5 + r * poly)                          // log1p(r) - r
        let (s1, t1) = twoSum(e * 0x1.62e42fefa3800p-1, logTableHi[i])  // e * ln2Hi is exact
        let (s2, t2) = twoSum(s1, r)
        let lo = (e * 0x1.ef35793c76730p-45 + logTableLo[i]) + (rLo - rLo * r) + poly
        return s2 + ((t1 + t2) + lo)
    }

    /// log1p(f + tail) for 2^-54 <= |f| < 1/32, |tail| <= 2^-50: f - f^2/2 + f^3 Q(f), the
    /// Taylor series to f^12 (truncation error < 2^-63 |f|), with f^2/2 exact.
    private static func log1pSmall(_ f: Double, tail: Double) -> Double {
        let (sq, sqLo) = twoProduct(f, f)
        let (s, sLo) = fastTwoSum(f, -0.5 * sq)
        var q = -0x1.5555555555555p-4                             // -1/12
        q = 0x1.745d1745d1746p-4 + f * q                          // 1/11
        q = -0x1.999999999999ap-4 + f * q                         // -1/10
        q = 0x1.c71c71c71c71cp-4 + f * q                          // 1/9
        q = -0x1.0000000000000p-3 + f * q                         // -1/8
        q = 0x1.2492492492492p-3 + f * q                          // 1/7
        q = -0x1.5555555555555p-3 + f * q                         // -1/6
        q = 0x1.999999999999ap-3 + f * q                          // 1/5
        q = -0x1.0000000000000p-2 + f * q                         // -1/4
        q = 0x1.5555555555555p-2 + f * q                          // 1/3
        return s + ((sLo - 0.5 * sqLo) + (f * sq * q + (tail - tail * f)))
    }

    /// atan(h + l) as a double-double, for 0 <= h <= 1 and |l| <= 2^-50 h.
    ///
    /// If h < 1/64, the odd Taylor series to degree 9 (truncation error < 2^-63 h).
    /// Otherwise atan(h) = atan(c) + atan(t) with c = i/32 nearest to h and
    /// t = (h - c)/(1 + h c), |t| <= 1/64, computed as a double-double.
    @inline(__always)
    private static func atanKernel(_ h: Double, _ l: Double) -> (hi: Double, lo: Double) {
        @inline(__always) func oddSeries(_ z: Double) -> Double {  // (atan t - t)/t^3, z = t^2
            var p = 0x1.c71c71c71c71cp-4                          // 1/9
            p = -0x1.2492492492492p-3 + z * p                     // -1/7
            p = 0x1.999999999999ap-3 + z * p                      // 1/5
            return -0x1.5555555555555p-2 + z * p                  // -1/3
        }
        if h < 0x1p-6 {
            let z = h * h
            return (h, l + h * z * oddSeries(z))
        }
        let i = Int(h * 32 + 0.5)                                 // 1 ... 32
        let c = Double(i) * 0x1p-5
        let num = h - c                                           // exact
        let (p, pLo) = twoProduct(h, c)
        let (den, d1) = fastTwoSum(1, p)
        let denLo = d1 + pLo + l * c
        let t = num / den
        let (q, qLo) = twoProduct(t, den)
        let tLo = ((((num - q) - qLo) + l) - t * denLo) / den
        let (s, sLo) = fastTwoSum(atanTableHi[i], t)
        return (s, sLo + (tLo + (atanTableLo[i] + t * (t * t) * oddSeries(t * t))))
    }

    /// sqrt(a^2 + b^2) as a double-double, for b <= a with a^2 and b^2 far from overflow and
    /// underflow (2^-500 < b, a < 2^500).
    @inline(__always)
    private static func hypotKernel(_ a: Double, _ b: Double) -> (hi: Double, lo: Double) {
        let (a2, a2Lo) = twoProduct(a, a)
        let (b2, b2Lo) = twoProduct(b, b)
        let (s, s1) = fastTwoSum(a2, b2)
        let sLo = s1 + (a2Lo + b2Lo)
        let r = s.squareRoot()
        let (rr, rrLo) = twoProduct(r, r)
        return (r, (((s - rr) - rrLo) + sLo) / (r + r))
    }
}

// MARK: - Exact arithmetic helpers

extension Elementary {

    /// a + b = hi + lo exactly: `DoubleDouble.sum` (Knuth's TwoSum).
    @inline(__always)
    private static func twoSum(_ a: Double, _ b: Double) -> (hi: Double, lo: Double) {
        let r = DoubleDouble.sum(a, b)
        return (r.hi, r.lo)
    }

    /// a + b = hi + lo exactly, provided |a| >= |b| or a == 0: `DoubleDouble.quickSum`.
    @inline(__always)
    private static func fastTwoSum(_ a: Double, _ b: Double) -> (hi: Double, lo: Double) {
        let r = DoubleDouble.quickSum(a, b)
        return (r.hi, r.lo)
    }

    /// a * b = hi + lo exactly, without FMA: `DoubleDouble.product` (Veltkamp's split, Dekker's
    /// product). Requires |a|, |b| < 2^995 and no underflow of the partial products.
    @inline(__always)
    private static func twoProduct(_ a: Double, _ b: Double) -> (hi: Double, lo: Double) {
        let r = DoubleDouble.product(a, b)
        return (r.hi, r.lo)
    }

    /// 2^n for -1022 <= n <= 1023.
    @inline(__always)
    private static func pow2(_ n: Int) -> Double {
        Double(bitPattern: UInt64(truncatingIfNeeded: n + 1023) << 52)
    }

    /// x * 2^n for -1022 <= n <= 1023, one multiplication (exact unless it underflows).
    @inline(__always)
    private static func scale(_ x: Double, _ n: Int) -> Double { x * pow2(n) }

    /// x * 2^n for -2044 <= n <= 2046, exact when the result is normal or zero.
    @inline(__always)
    private static func scale(_ x: Double, by n: Int) -> Double {
        if n > 1023 { return x * 0x1p1023 * pow2(n - 1023) }
        if n < -1022 { return x * 0x1p-1022 * pow2(n + 1022) }
        return x * pow2(n)
    }

    // MARK: Constants

    private static let piHi = 0x1.921fb54442d18p1, piLo = 0x1.1a62633145c07p-53
    private static let piOver2Hi = 0x1.921fb54442d18p0, piOver2Lo = 0x1.1a62633145c07p-54
    private static let piOver4Hi = 0x1.921fb54442d18p-1
    private static let threePiOver4Hi = 0x1.2d97c7f3321d2p1

    // MARK: Tables (generated with mpmath, each entry rounded to nearest)

    /// 2/π in binary, 64 bits per word, most significant first (1280 bits).
    private static let twoOverPiBits: [UInt64] = [
        0xA2F9836E4E441529, 0xFC2757D1F534DDC0, 0xDB6295993C439041, 0xFE5163ABDEBBC561,
        0xB7246E3A424DD2E0, 0x06492EEA09D1921C, 0xFE1DEB1CB129A73E, 0xE88235F52EBB4484,
        0xE99C7026B45F7E41, 0x3991D639835339F4, 0x9C845F8BBDF9283B, 0x1FF897FFDE05980F,
        0xEF2F118B5A0A6D1F, 0x6D367ECF27CB09B7, 0x4F463F669E5FEA2D, 0x7527BAC7EBE5F17B,
        0x3D0739F78A5292EA, 0x6BFB5FB11F8D5D08, 0x56033046FC7B6BAB, 0xF0CFBC209AF4361D,
    ]
    /// 2^(i/64) rounded to nearest, i = 0..<64.
    private static let expTableHi: [Double] = [
        0x1.0000000000000p+0, 0x1.02c9a3e778061p+0, 0x1.059b0d3158574p+0, 0x1.0874518759bc8p+0,
        0x1.0b5586cf9890fp+0, 0x1.0e3ec32d3d1a2p+0, 0x1.11301d0125b51p+0, 0x1.1429aaea92de0p+0,
        0x1.172b83c7d517bp+0, 0x1.1a35beb6fcb75p+0, 0x1.1d4873168b9aap+0, 0x1.2063b88628cd6p+0,
        0x1.2387a6e756238p+0, 0x1.26b4565e27cddp+0, 0x1.29e9df51fdee1p+0, 0x1.2d285a6e4030bp+0,
        0x1.306fe0a31b715p+0, 0x1.33c08b26416ffp+0, 0x1.371a7373aa9cbp+0, 0x1.3a7db34e59ff7p+0,
        0x1.3dea64c123422p+0, 0x1.4160a21f72e2ap+0, 0x1.44e086061892dp+0, 0x1.486a2b5c13cd0p+0,
        0x1.4bfdad5362a27p+0, 0x1.4f9b2769d2ca7p+0, 0x1.5342b569d4f82p+0, 0x1.56f4736b527dap+0,
        0x1.5ab07dd485429p+0, 0x1.5e76f15ad2148p+0, 0x1.6247eb03a5585p+0, 0x1.6623882552225p+0,
        0x1.6a09e667f3bcdp+0, 0x1.6dfb23c651a2fp+0, 0x1.71f75e8ec5f74p+0, 0x1.75feb564267c9p+0,
        0x1.7a11473eb0187p+0, 0x1.7e2f336cf4e62p+0, 0x1.82589994cce13p+0, 0x1.868d99b4492edp+0,
        0x1.8ace5422aa0dbp+0, 0x1.8f1ae99157736p+0, 0x1.93737b0cdc5e5p+0, 0x1.97d829fde4e50p+0,
        0x1.9c49182a3f090p+0, 0x1.a0c667b5de565p+0, 0x1.a5503b23e255dp+0, 0x1.a9e6b5579fdbfp+0,
        0x1.ae89f995ad3adp+0, 0x1.b33a2b84f15fbp+0, 0x1.b7f76f2fb5e47p+0, 0x1.bcc1e904bc1d2p+0,
        0x1.c199bdd85529cp+0, 0x1.c67f12e57d14bp+0, 0x1.cb720dcef9069p+0, 0x1.d072d4a07897cp+0,
        0x1.d5818dcfba487p+0, 0x1.da9e603db3285p+0, 0x1.dfc97337b9b5fp+0, 0x1.e502ee78b3ff6p+0,
        0x1.ea4afa2a490dap+0, 0x1.efa1bee615a27p+0, 0x1.f50765b6e4540p+0, 0x1.fa7c1819e90d8p+0,
    ]
    /// Relative tails: 2^(i/64) = expTableHi[i]·(1 + expTableTail[i]) to ~2^-107.
    private static let expTableTail: [Double] = [
        0.0, -0x1.160139cd8dc5dp-56, 0x1.cd2523567f613p-55, 0x1.0f74e61e6c861p-57,
        0x1.79aa65d837b6dp-54, 0x1.ebe3d702f9cd1p-60, -0x1.556522a2fbd0ep-54, -0x1.1c923b9d5f416p-54,
        -0x1.01b15eaa59348p-55, 0x1.b898c3f1353bfp-55, 0x1.aecf73e3a2f60p-54, 0x1.a6f4144a6c38dp-55,
        0x1.68efde3a8a894p-54, 0x1.0472b981fe7f2p-55, 0x1.2f7e16d09ab31p-55, 0x1.b3782720c0ab4p-55,
        0x1.34d754db0abb6p-55, 0x1.fdd395dd3f84ap-55, -0x1.24aedcc4b5068p-54, -0x1.1d1e83e9436d2p-56,
        0x1.59f48a72a4c6dp-55, -0x1.8a78f4817895bp-58, 0x1.363ed60c2ac11p-59, 0x1.ecce1daa10379p-57,
        0x1.690cebb7aafb0p-56, -0x1.f94340071a38ep-55, -0x1.8dec6bd0f385fp-56, 0x1.3350518fdd78ep-54,
        0x1.063e1e21c5409p-54, 0x1.432e62b64c035p-54, -0x1.c33c53bef4da8p-55, -0x1.3cedd78565858p-54,
        -0x1.3b3efbf5e2228p-54, -0x1.367efb86da9eep-57, -0x1.81f647e5a3ecfp-56, -0x1.619321e55e68ap-55,
        -0x1.b32dcb94da51dp-56, 0x1.5ebe1abd66c55p-57, -0x1.369b6f13b3734p-54, -0x1.4d450d872576ep-54,
        0x1.db72fc1f0eab4p-55, 0x1.bf68359f35f44p-56, -0x1.da9b88b6c1e29p-58, -0x1.2434322f4f9aap-54,
        0x1.1affc2b91ce27p-56, -0x1.7c50422622263p-55, -0x1.1bbd1d3bcbb15p-54, 0x1.469846e735ab3p-55,
        0x1.c1a7792cb3387p-55, -0x1.5c3d956dcaebap-58, -0x1.8d6f438ad9334p-57, 0x1.4ffd70a5fddcdp-56,
        0x1.36eae30af0cb3p-56, 0x1.4e08fd10959acp-55, 0x1.76b2c6c921968p-57, -0x1.fad5d3ffffa6fp-55,
        0x1.4a385a63d07a7p-56, 0x1.e5a50d5c192acp-55, -0x1.2d52107b43e1fp-55, 0x1.4b604603a88d3p-56,
        -0x1.ff7128fd391f0p-55, 0x1.ec3bc41aa2008p-55, 0x1.a64a931d185eep-55, 0x1.7893b4d91cd9dp-56,
    ]
    /// log(c_i), c_i = 1 + (2i+1)/128, i = 0..<64: leading part.
    private static let logTableHi: [Double] = [
        0x1.fe02a6b106789p-8, 0x1.7b91b07d5b11bp-6, 0x1.39e87b9febd60p-5, 0x1.b42dd711971bfp-5,
        0x1.16536eea37ae1p-4, 0x1.51b073f06183fp-4, 0x1.8c345d6319b21p-4, 0x1.c5e548f5bc743p-4,
        0x1.fec9131dbeabbp-4, 0x1.1b72ad52f67a0p-3, 0x1.371fc201e8f74p-3, 0x1.526e5e3a1b438p-3,
        0x1.6d60fe719d21dp-3, 0x1.87fa06520c911p-3, 0x1.a23bc1fe2b563p-3, 0x1.bc286742d8cd6p-3,
        0x1.d5c216b4fbb91p-3, 0x1.ef0adcbdc5936p-3, 0x1.0402594b4d041p-2, 0x1.1058bf9ae4ad5p-2,
        0x1.1c898c16999fbp-2, 0x1.2895a13de86a3p-2, 0x1.347dd9a987d55p-2, 0x1.404308686a7e4p-2,
        0x1.4be5f957778a1p-2, 0x1.5767717455a6cp-2, 0x1.62c82f2b9c795p-2, 0x1.6e08eaa2ba1e4p-2,
        0x1.792a55fdd47a2p-2, 0x1.842d1da1e8b17p-2, 0x1.8f11e873662c7p-2, 0x1.99d958117e08bp-2,
        0x1.a484090e5bb0ap-2, 0x1.af1293247786bp-2, 0x1.b9858969310fbp-2, 0x1.c3dd7a7cdad4dp-2,
        0x1.ce1af0b85f3ebp-2, 0x1.d83e7258a2f3ep-2, 0x1.e24881a7c6c26p-2, 0x1.ec399d2468cc0p-2,
        0x1.f6123fa7028acp-2, 0x1.ffd2e0857f498p-2, 0x1.04bdf9da926d2p-1, 0x1.0986f4f573521p-1,
        0x1.0e44985d1cc8cp-1, 0x1.12f719593efbcp-1, 0x1.179eabbd899a1p-1, 0x1.1c3b81f713c25p-1,
        0x1.20cdcd192ab6ep-1, 0x1.2555bce98f7cbp-1, 0x1.29d37fec2b08bp-1, 0x1.2e47436e40268p-1,
        0x1.32b1339121d71p-1, 0x1.37117b54747b6p-1, 0x1.3b68449fffc23p-1, 0x1.3fb5b84d16f42p-1,
        0x1.43f9fe2f9ce67p-1, 0x1.48353d1ea88dfp-1, 0x1.4c679afccee3ap-1, 0x1.50913cc01686bp-1,
        0x1.54b2467999498p-1, 0x1.58cadb5cd7989p-1, 0x1.5cdb1dc6c1765p-1, 0x1.60e32f44788d9p-1,
    ]
    /// log(c_i) - logTableHi[i], rounded.
    private static let logTableLo: [Double] = [
        -0x1.e44b7e3711ebfp-67, -0x1.5b602ace3a510p-60, -0x1.5bfa937f551bbp-59, -0x1.eb9759c130499p-60,
        -0x1.79da3e8c22cdap-60, 0x1.a49e39a1a8be4p-58, -0x1.4a697ab3424a9p-61, 0x1.5d617ef8161b1p-60,
        -0x1.5746b9981b36cp-58, 0x1.483023472cd74p-58, 0x1.de6cb62af18a0p-58, -0x1.746ff8a470d3ap-57,
        -0x1.caae268ecd179p-57, -0x1.bf7fdbfa08d9ap-57, 0x1.93711b07a998cp-59, 0x1.4fce744870f55p-58,
        0x1.6e443597e4d40p-57, 0x1.48637950dc20dp-57, -0x1.28ec217a5022dp-57, 0x1.89fa0ab4cb31dp-58,
        -0x1.0e5c62aff1c44p-60, 0x1.7ad24c13f040ep-56, -0x1.4dd4c580919f8p-57, -0x1.0bcfb6082ce6dp-56,
        -0x1.259b35b04813dp-57, 0x1.526adb283660cp-56, 0x1.7b7af915300e5p-57, -0x1.cfb1b39ca3a0fp-56,
        0x1.f057691fe9ed7p-56, 0x1.24ec519784676p-56, 0x1.f85da755a61a3p-56, -0x1.a2b6889dc3e72p-57,
        0x1.5fe535b875a75p-57, 0x1.133844a15dc28p-58, 0x1.663ec53e23bc4p-56, 0x1.cecf052dea69bp-56,
        0x1.edf4af2ab4267p-56, 0x1.41456e8bb2511p-56, 0x1.cbd8f45954a46p-58, 0x1.75cee53f35397p-58,
        0x1.8515b0f2db341p-56, 0x1.565f40d9321afp-56, 0x1.97f304022c9dfp-55, -0x1.1b8095ac02f01p-55,
        -0x1.22a3442d2d384p-58, 0x1.4c048c671f435p-55, -0x1.00e7c6417e0b4p-55, -0x1.0dac1c4c810e9p-55,
        -0x1.b2bf0bc229014p-55, 0x1.e021d6d6881e7p-56, -0x1.bd1949a2d1982p-56, 0x1.0150861a4886bp-55,
        0x1.902ab5b3d916bp-56, -0x1.d117edbdd9103p-56, -0x1.41c484f9e9b26p-55, 0x1.6d3a754172aefp-55,
        0x1.e9c9ee6d83b86p-55, 0x1.cf57a2ecc07f4p-55, -0x1.3a5c4c8b39e41p-55, 0x1.2f2ce96c2d5b1p-55,
        -0x1.5baaf5d2f09f4p-55, 0x1.849792ec98458p-56, -0x1.cc2470e8a3df4p-55, -0x1.ac1bb52fa589bp-56,
    ]
    /// atan(i/32), i = 0...32: leading part.
    private static let atanTableHi: [Double] = [
        0.0, 0x1.ffd55bba97625p-6, 0x1.ff55bb72cfdeap-5, 0x1.7ee182602f10fp-4,
        0x1.fd5ba9aac2f6ep-4, 0x1.3d6eee8c6626cp-3, 0x1.7b97b4bce5b02p-3, 0x1.b90d7529260a2p-3,
        0x1.f5b75f92c80ddp-3, 0x1.18bf5a30bf178p-2, 0x1.362773707ebccp-2, 0x1.530ad9951cd4ap-2,
        0x1.6f61941e4def1p-2, 0x1.8b24d394a1b25p-2, 0x1.a64eec3cc23fdp-2, 0x1.c0db4c94ec9f0p-2,
        0x1.dac670561bb4fp-2, 0x1.f40dd0b541418p-2, 0x1.0657e94db30d0p-1, 0x1.1255d9bfbd2a9p-1,
        0x1.1e00babdefeb4p-1, 0x1.2958e59308e31p-1, 0x1.345f01cce37bbp-1, 0x1.3f13fb89e96f4p-1,
        0x1.4978fa3269ee1p-1, 0x1.538f57b89061fp-1, 0x1.5d58987169b18p-1, 0x1.66d663923e087p-1,
        0x1.700a7c5784634p-1, 0x1.78f6bbd5d315ep-1, 0x1.819d0b7158a4dp-1, 0x1.89ff5ff57f1f8p-1,
        0x1.921fb54442d18p-1,
    ]
    /// atan(i/32) - atanTableHi[i], rounded.
    private static let atanTableLo: [Double] = [
        0.0, -0x1.5ec431444912cp-60, -0x1.c934d86d23f1dp-60, -0x1.cfb654c0c3d98p-58,
        -0x1.cd37686760c17p-59, 0x1.61a3b0ce9281bp-57, 0x1.347b0b4f881cap-58, 0x1.17b10d2e0e5abp-61,
        0x1.8ab6e3cf7afbdp-57, 0x1.30ca4748b1bf9p-57, -0x1.963a544b672d8p-57, -0x1.2566480884082p-57,
        -0x1.c63aae6f6e918p-56, 0x1.b6d0ba3748fa8p-56, -0x1.24dec1b50b7ffp-56, -0x1.cc1ce70934c34p-56,
        0x1.a2b7f222f65e2p-56, -0x1.a3992dc382a23p-57, -0x1.d5b495f6349e6p-56, -0x1.2bdaee1c0ee35p-58,
        -0x1.928df287a668fp-58, -0x1.09e73b0c6c087p-56, 0x1.1021137c71102p-55, 0x1.ecf8b492644f0p-56,
        0x1.2419a87f2a458p-56, -0x1.1bb74abda520cp-55, 0x1.0028e4bc5e7cap-57, -0x1.6ea6febe8bbbap-56,
        -0x1.8c34d25aadef6p-56, 0x1.406a089803740p-55, -0x1.bf76229d3b917p-56, -0x1.55b9a5e177a1bp-55,
        0x1.1a62633145c07p-55,
    ]
    /// sin(j/32) and cos(j/32), j = 0...26, as double-doubles: sinHi, sinLo, cosHi, cosLo for each j.
    private static let sinCosTable: [Double] = [
        0.0, 0.0, 0x1.0000000000000p+0, 0.0,
        0x1.ffeaaaeeee86fp-6, -0x1.cd406fb224ae2p-60, 0x1.ffc00155527d3p-1, -0x1.3b54492d89b5bp-55,
        0x1.ffaaaeeed4edbp-5, -0x1.2d16d32684b69p-59, 0x1.ff0015549f4d3p-1, 0x1.328387b99426fp-55,
        0x1.7f701032550e4p-4, 0x1.afc2d1800501ap-60, 0x1.fdc06bf7e6b9bp-1, 0x1.31902b535f8dbp-55,
        0x1.feaaeee86ee36p-4, -0x1.afcb2bcc6f03bp-59, 0x1.fc015527d5bd3p-1, 0x1.b68f35094efb8p-55,
        0x1.3eb312c5d66cbp-3, 0x1.47d666b66cb91p-57, 0x1.f9c340a7cc428p-1, 0x1.c5b6b063b7462p-55,
        0x1.7dc102fbaf2b5p-3, 0x1.5ab50e23c97c3p-59, 0x1.f706bdf9ece1cp-1, -0x1.698c80c36dcb4p-55,
        0x1.bc6f84edc6199p-3, 0x1.9c1a56a7b0cabp-57, 0x1.f3cc7c3b3d16ep-1, -0x1.21a3ad28a3494p-57,
        0x1.faaeed4f31577p-3, -0x1.15d88508e32b8p-57, 0x1.f01549f7deea1p-1, 0x1.d3c1e99e5cafdp-55,
        0x1.1c37d64c6b876p-2, 0x1.46076fe0dcff4p-56, 0x1.ebe214f76efa8p-1, -0x1.02f9f12ba543ep-55,
        0x1.3ad129769d3d8p-2, 0x1.03d550487839ap-63, 0x1.e733ea0193d40p-1, -0x1.6428b3546ce13p-55,
        0x1.591bc9fa2f597p-2, 0x1.7c74bac3fe0cbp-57, 0x1.e20bf49acd6c1p-1, -0x1.660aec7ef636bp-58,
        0x1.7710255764214p-2, -0x1.6ead7314bb6cep-57, 0x1.dc6b7eb995912p-1, 0x1.4b364776dcd35p-58,
        0x1.94a6be9f546c5p-2, -0x1.69ce13e683f58p-56, 0x1.d653f073e4040p-1, -0x1.76236434bec37p-55,
        0x1.b1d8305321617p-2, -0x1.ae242cb99f519p-56, 0x1.cfc6cfa52ad9fp-1, 0x1.8b5b5508f2a0dp-55,
        0x1.ce9d2e3d4a51fp-2, -0x1.2fc8a12dae298p-57, 0x1.c8c5bf8ce1a84p-1, 0x1.ab3d1a1590123p-56,
        0x1.eaee8744b05f0p-2, -0x1.789b43c9b027dp-58, 0x1.c1528065b7d50p-1, -0x1.892111312e828p-55,
        0x1.0362939c69955p-1, -0x1.2d8cd78397b01p-55, 0x1.b96eeef58840ep-1, 0x1.45a3cc78fade0p-58,
        0x1.110d0c4b69c3bp-1, 0x1.d918998809981p-55, 0x1.b11d04162a4c6p-1, 0x1.1dd561efbc0c2p-56,
        0x1.1e7343236574cp-1, 0x1.22a3fa4f41d5ap-56, 0x1.a85ed4373e02dp-1, 0x1.9be06385ec792p-57,
        0x1.2b91dea88421ep-1, -0x1.fa371db216ab0p-55, 0x1.9f368ed912f85p-1, -0x1.1d200c5791606p-55,
        0x1.386597456282bp-1, -0x1.10fada93b07a8p-56, 0x1.95a67e00cb1fdp-1, -0x1.0befda21f862dp-55,
        0x1.44eb381cf386bp-1, -0x1.3ed6c1e6a5505p-55, 0x1.8bb105a5dc900p-1, 0x1.863e03e9474c1p-55,
        0x1.511f9fd7b351cp-1, -0x1.5c0e861c48831p-55, 0x1.8158a31916d5dp-1, -0x1.de8b90b8228dep-57,
        0x1.5cffc16bf8f0dp-1, 0x1.96cb370eb578ap-55, 0x1.769fec655211fp-1, -0x1.827d5cf8c68c5p-57,
        0x1.6888a4e134b2fp-1, -0x1.6b7d37644d5e6p-55, 0x1.6b898fa9efb5dp-1, 0x1.15ac786ccf4b2p-56,
        0x1.73b7680dea578p-1, -0x1.2248306dc12a2p-56, 0x1.6018526f563dfp-1, 0x1.46ca5e0e432d0p-55,
    ]
}
