/// The ``PreparedTimingFunction/Layout/newtonSteps`` layout of custom curves: a fixed table of 32 rows
/// built in well under a microsecond, and per evaluation a guess, one Newton step and its certificate (see
/// ``PreparedTimingFunction``).
extension PreparedTimingFunction {
    /// The number of intervals `N` of the ``Layout/newtonSteps`` table (a power of two, so that `N·x` and
    /// its fractional part are exact).
    @usableFromInline static var newtonIntervals: Int { 32 }
    /// Doubles per ``Layout/newtonSteps`` row: `P(t)`'s four coefficients, `τ²`, `lo`, `hi`.
    @usableFromInline static var newtonRowStride: Int { 7 }
    /// The error bound in `y` of the Newton step's certificate, all rounding included.
    static var newtonCertifiedError: Double { 9e-8 }
    /// The size in bytes of a custom curve's table (the array's elements; the named curves' shared
    /// tables are larger, see ``PreparedTimingFunction``).
    public static var customTableBytes: Int { newtonIntervals * newtonRowStride * MemoryLayout<Double>.size }

    /// ``certifiedInteriorValue(_:rows:)`` in the ``Layout/newtonSteps`` layout: the guess, one Newton step,
    /// `y` of its parameter when the certificate accepts the step, NaN otherwise; no branch on the data.
    @inlinable @inline(__always)
    func newtonCertifiedValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        let scaled = x * Double(Self.newtonIntervals)
        let k = Int(scaled)  // 0..<N: x is in (0, 1), and x·N is exact
        let t = scaled - Double(k)
        let row = rows + k &* Self.newtonRowStride
        return newtonStep(x, guess(t, row), row)
    }

    /// The guess `P(t)` of the parameter at position `t` in the interval of `row` (Estrin's scheme).
    @inlinable @inline(__always)
    func guess(_ t: Double, _ row: UnsafePointer<Double>) -> Double {
        (row[0] + t * row[1]) + (t * t) * (row[2] + t * row[3])
    }

    /// One Newton step for `x` from `s0` on the interval of `row`: `y` of the step's parameter `s₁`,
    /// clamped to the y range, when the certificate accepts it (`h² ≤ τ²` and `lo ≤ s₁ ≤ hi`), NaN
    /// otherwise (also for a step that is not a number). The acceptance selects the bits by an integer
    /// mask: a branch on it would be mispredicted wherever the steps are rejected now and then.
    @inlinable @inline(__always)
    func newtonStep(_ x: Double, _ s0: Double, _ row: UnsafePointer<Double>) -> Double {
        // Estrin's scheme (two independent halves per polynomial): a shorter chain of dependent operations.
        let square = s0 * s0
        let r = (ax * s0 + bx) * square + (cx * s0 - x)
        let d = (3 * ax) * square + ((2 * bx) * s0 + cx)
        let h = r / d
        let s = s0 - h
        let y = (ay * s + by) * (s * s) + cy * s
        let clamped = y < yLower ? yLower : (y > yUpper ? yUpper : y)
        let accepted = (h * h <= row[4] ? 1 : 0) & (s >= row[5] ? 1 : 0) & (s <= row[6] ? 1 : 0)
        let keep = UInt64(bitPattern: Int64(0 &- accepted))
        return Double(bitPattern: (clamped.bitPattern & keep) | (Double.nan.bitPattern & ~keep))
    }

    /// ``uncertifiedInteriorValue(_:rows:)`` in the ``Layout/newtonSteps`` layout: up to seven more
    /// clamped Newton steps, the first one the certificate accepts taken; otherwise
    /// ``solveSafeguarded(x:lower:upper:)`` on the interval's bracket.
    @usableFromInline
    func newtonUncertifiedValue(_ x: Double, rows: UnsafePointer<Double>) -> Double {
        let scaled = x * Double(Self.newtonIntervals)
        let k = Int(scaled)
        let t = scaled - Double(k)
        let row = rows + k &* Self.newtonRowStride
        let lo = row[5], hi = row[6]
        var s = guess(t, row)
        if row[4] > 0 {
            for _ in 0..<8 {
                let y = newtonStep(x, s, row)
                if !y.isNaN { return y }
                let d = sampleDerivativeX(s)
                guard d > 0 else { break }
                let next = s - (sampleX(s) - x) / d
                s = next > lo ? (next < hi ? next : hi) : lo
            }
        }
        let parameter = solveSafeguarded(x: x, lower: lo, upper: hi)
        let y = sampleY(parameter)
        return y < yLower ? yLower : (y > yUpper ? yUpper : y)
    }
}
