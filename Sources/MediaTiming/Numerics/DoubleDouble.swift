/// An unevaluated sum `hi + lo` of two doubles with `|lo| ≤ ulp(hi)/2`: about 106 bits of precision,
/// from IEEE-exact operations only (no fused multiply-add, so results are the same on every machine).
///
/// Used where a residual must be computed more precisely than a double allows, e.g. the timing-function
/// solver near a point where the curve is flat (Docs/semantics.md §8.4).
@usableFromInline
struct DoubleDouble: Sendable {
    @usableFromInline var hi: Double
    @usableFromInline var lo: Double

    @inlinable init(_ hi: Double, _ lo: Double = 0) {
        self.hi = hi
        self.lo = lo
    }

    /// The exact sum of two doubles (Knuth's TwoSum).
    @inlinable static func sum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bb = s - a
        let e = (a - (s - bb)) + (b - bb)
        return DoubleDouble(s, e)
    }

    /// `a + b` when `|a| ≥ |b|` or `a == 0` (Dekker's FastTwoSum).
    @inlinable static func quickSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(s, b - (s - a))
    }

    /// Veltkamp's split of a double into two halves of 26 bits.
    @inlinable static func split(_ a: Double) -> (Double, Double) {
        let c = 134_217_729.0 * a  // 2^27 + 1
        let high = c - (c - a)
        return (high, a - high)
    }

    /// The exact product of two doubles (Dekker's TwoProduct); valid for |a|, |b| < 2^996.
    @inlinable static func product(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        let (ah, al) = split(a)
        let (bh, bl) = split(b)
        let e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
        return DoubleDouble(p, e)
    }

    @inlinable static func + (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        let s = sum(x.hi, y.hi)
        let t = sum(x.lo, y.lo)
        var r = quickSum(s.hi, s.lo + t.hi)
        r = quickSum(r.hi, r.lo + t.lo)
        return r
    }

    @inlinable static func * (x: DoubleDouble, y: Double) -> DoubleDouble {
        let p = product(x.hi, y)
        return quickSum(p.hi, p.lo + x.lo * y)
    }

    @inlinable var value: Double { hi + lo }
}
