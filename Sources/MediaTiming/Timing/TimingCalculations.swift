/// The steps of Core Animation's timing model, one pure function per step, named after it
/// (Docs/semantics.md §5–§7). ``ResolvedTiming`` composes them; they are public so that users and tests
/// can check each step on its own.
///
/// All functions are total: they never trap and, given finite inputs, never return NaN.
///
/// ``activeLocalTime(rawTime:activeDuration:approach:)``, ``applies(phase:fillMode:removedOnCompletion:)``
/// and the exact remainder's helpers are always inlined into their callers (``ResolvedTiming``'s
/// evaluation, the floored remainder, the batch kernels): a record's timing is one serial chain of a
/// frame, and a call per step lengthens it (Docs/performance.md, P6).
public enum TimingCalculations {
    /// Which side a one-sided limit is taken from (Docs/semantics.md §6.4, §7.2, §7.3).
    public enum Approach: Hashable, Sendable {
        /// The value at the point itself.
        case exact
        /// The limit from below: a point on a boundary belongs to the interval that ends there.
        case fromBelow
        /// The limit from above: a point on a boundary belongs to the interval that starts there
        /// (numerically the same as ``exact``).
        case fromAbove
    }

    /// The simple duration `d`: `duration` if positive, otherwise the default duration
    /// (Docs/semantics.md §4.2, §9.3).
    @inlinable
    public static func simpleDuration(duration: Double, defaultDuration: Double) -> Double {
        duration > 0 ? duration : defaultDuration
    }

    /// The cycle duration `c`: `2d` when autoreversing, `d` otherwise (Docs/semantics.md §5.1).
    @inlinable
    public static func cycleDuration(simpleDuration: Double, autoreverses: Bool) -> Double {
        autoreverses ? 2 * simpleDuration : simpleDuration
    }

    /// The active duration `AD` (Docs/semantics.md §5.1): `repeatDuration` if positive (it wins over
    /// `repeatCount`, U6), else `c · repeatCount` if positive (fractional and infinite counts allowed;
    /// `repeatCount ≥ Float.greatestFiniteMagnitude` is infinite), else one cycle. Negative counts and
    /// durations count as 0. The result is never 0: an underflowing product gives the smallest positive
    /// `Double` (§5.3).
    @inlinable
    public static func activeDuration(cycleDuration: Double, repeatCount: Float, repeatDuration: Double) -> Double {
        let active: Double
        if repeatDuration > 0 {
            active = repeatDuration
        } else if repeatCount >= .greatestFiniteMagnitude {
            active = .infinity
        } else if repeatCount > 0 {
            active = cycleDuration * Double(repeatCount)
        } else {
            active = cycleDuration
        }
        return active > 0 ? active : .leastNonzeroMagnitude
    }

    /// The phase at elapsed parent time `e = tp − beginTime` (Docs/semantics.md §6.1, §6.4): `before`
    /// when `e < 0`; `after` when the speed is not 0, the active duration is finite and
    /// `e·|speed| ≥ activeDuration` (half-open window); `active` otherwise.
    @inlinable
    public static func phase(elapsed: Double, rate: Double, activeDuration: Double) -> TimingPhase {
        if elapsed < 0 { return .before }
        if rate != 0 && activeDuration.isFinite && elapsed * rate.magnitude >= activeDuration { return .after }
        return .active
    }

    /// The active local time `t`: `rawTime` (`e·speed + timeOffset`) wrapped into the active duration by
    /// a floored remainder (Model W, Docs/semantics.md §6.1). With `.fromBelow`, a raw time on a multiple
    /// of the active duration maps to the end of the window (`activeDuration`) rather than 0. An infinite
    /// active duration does not wrap.
    @inlinable @inline(__always)
    public static func activeLocalTime(rawTime: Double, activeDuration: Double, approach: Approach) -> Double {
        guard activeDuration.isFinite else { return rawTime }
        return floorRemainder(rawTime, activeDuration, approach: approach)
    }

    /// The iteration index `i` and the time inside that cycle `w`, with `t = i·c + w` and `0 ≤ w < c`
    /// (`0 < w ≤ c` for `.fromBelow`), Docs/semantics.md §7.1–§7.2. An infinite cycle is one iteration
    /// (index 0, `w = t`). Indices beyond `Int`'s range saturate.
    @inlinable
    public static func iteration(activeTime: Double, cycleDuration: Double, approach: Approach) -> (index: Int, cycleTime: Double) {
        iteration(activeTime: activeTime, cycleDuration: cycleDuration, inverseCycleDuration: nil, approach: approach)
    }

    /// ``iteration(activeTime:cycleDuration:approach:)`` with `1/cycleDuration` given when the caller holds
    /// it (``ResolvedTiming``), so that the exact remainder divides nothing; nil: computed when needed.
    @inlinable
    static func iteration(
        activeTime: Double, cycleDuration: Double, inverseCycleDuration: Double?, approach: Approach
    ) -> (index: Int, cycleTime: Double) {
        guard cycleDuration.isFinite else { return (0, activeTime) }
        let (r, quotient) = floorRemainderParts(activeTime, cycleDuration, inverse: inverseCycleDuration, approach: approach)
        var w = r
        // A limit from below that lands within rounding noise above a cycle boundary is on the boundary:
        // the active duration `c·repeatCount` is rounded once, so with a whole repeat count it can exceed
        // the exact multiple of `c` by half an ulp (0.1·3 = 0.30000000000000004), and the terminal sample
        // must still be the end of the last iteration (Docs/semantics.md §7.2).
        if approach == .fromBelow, w != cycleDuration, w <= 2 * activeTime.magnitude.ulp { w = cycleDuration }
        // Inside the first cycle (`w == t`) the index is `round(0/c) = 0`: no division (benchmark P6).
        if w == activeTime { return (0, w) }
        // The exact remainder w = t − k·c with its whole quotient 1 ≤ k < 2^20: `t − w` rounds k·c to
        // k·c·(1 + δ₁), and the quotient by c to k·(1 + δ₁)(1 + δ₂), |δᵢ| ≤ 2⁻⁵³, within k·2⁻⁵¹ < ½ of k,
        // so `round((t − w)/c)` is k: no division.
        if w == r, let quotient, quotient >= 1 { return (quotient, w) }
        return (roundedInt((activeTime - w) / cycleDuration), w)
    }

    /// The iteration index and the time inside the cycle at the end of an active duration set by the
    /// repeat count (`AD = c·repeatCount`, approached from inside): counted in cycles, so the rounding of
    /// `AD` cannot move the end across a cycle boundary. A whole count ends at the end of its last cycle
    /// (`w = c`), a fractional one part-way (`w = (rc − i)·c`), Docs/semantics.md §7.2.
    @inlinable
    public static func iterationAtEnd(repeatCount: Float, cycleDuration: Double) -> (index: Int, cycleTime: Double) {
        let cycles = repeatCount > 0 ? Double(repeatCount) : 1
        let last = cycles.rounded(.up) - 1
        // Beyond 2^53 cycles `last` rounds to `cycles`; the end is then the end of a cycle.
        let fraction = cycles - last
        return (saturatingInt(last), fraction > 0 ? fraction * cycleDuration : cycleDuration)
    }

    /// The basic local time `τ` from the time inside a cycle: mirrored in time on the way back when
    /// autoreversing, `τ = 2d − w` for `w > d` (Docs/semantics.md §7.1).
    @inlinable
    public static func basicLocalTime(cycleTime: Double, simpleDuration: Double, autoreverses: Bool) -> Double {
        // d − (w − d) is 2d − w with one rounding (w − d is exact for d ≤ w ≤ 2d), without overflowing
        // when 2d would.
        autoreverses && cycleTime > simpleDuration ? simpleDuration - (cycleTime - simpleDuration) : cycleTime
    }

    /// The unit time `x = τ / d` in [0, 1] (0 for an infinite simple duration).
    @inlinable
    public static func unitTime(basicTime: Double, simpleDuration: Double) -> Double {
        let x = basicTime / simpleDuration
        return x > 0 ? (x < 1 ? x : 1) : 0
    }

    /// The raw local time and the side of the limit at which a phase is sampled
    /// (Docs/semantics.md §6.1, §7.2, §7.3):
    /// - active: `e·speed + timeOffset`; exactly for speed ≥ 0, as the limit from below for speed < 0 (time
    ///   runs backwards, so the window in local time is (0, AD] and a cycle boundary belongs to the earlier
    ///   iteration, the one being entered: Docs/semantics.md §6.4);
    /// - before (the window-start sample): `timeOffset`, approached as `e → 0⁺` moves it, from above for
    ///   speed > 0, from below for speed < 0;
    /// - after (the terminal sample): `±activeDuration + timeOffset`, from below for speed > 0, from
    ///   above for speed < 0.
    @inlinable
    public static func sampledRawTime(
        phase: TimingPhase, elapsed: Double, rate: Double, timeOffset: Double, activeDuration: Double
    ) -> (rawTime: Double, approach: Approach) {
        switch phase {
        case .active:
            return (elapsed * rate + timeOffset, rate < 0 ? .fromBelow : .exact)
        case .before:
            return (timeOffset, rate < 0 ? .fromBelow : .fromAbove)
        case .after:
            return rate > 0 ? (activeDuration + timeOffset, .fromBelow) : (timeOffset - activeDuration, .fromAbove)
        }
    }

    /// Whether an object in `phase` contributes to the presentation (Docs/semantics.md §7.3–§7.4): always
    /// while active; before it only if it fills backwards; after it only if it fills forwards and is not
    /// removed on completion.
    @inlinable @inline(__always)
    public static func applies(phase: TimingPhase, fillMode: FillMode, removedOnCompletion: Bool) -> Bool {
        switch phase {
        case .active: return true
        case .before: return fillMode.fillsBackwards
        case .after: return fillMode.fillsForwards && !removedOnCompletion
        }
    }

    /// `value` modulo `modulus` (finite, > 0) into [0, modulus), or (0, modulus] for `.fromBelow`.
    /// Exact: the remainder of two doubles is representable, so any exact method gives `fmod`'s bits.
    /// Without `fmod` where it can (benchmark P6): a value in `[0, modulus)` is its own remainder,
    /// `modulus` gives 0, a value up to 2^20 cycles away far enough from a cycle boundary gives
    /// ``exactRemainder(_:_:inverse:)``; elsewhere ``referenceFloorRemainder(_:_:approach:)``.
    @inlinable
    static func floorRemainder(_ value: Double, _ modulus: Double, approach: Approach) -> Double {
        floorRemainderParts(value, modulus, inverse: nil, approach: approach).remainder
    }

    /// ``floorRemainder(_:_:approach:)``, with the whole quotient `k` when the remainder is exactly
    /// `value − k·modulus` with `k` found on the way (0 in the first cycle, 1 on the modulus, that of
    /// ``exactRemainder(_:_:inverse:)``); nil otherwise (``referenceFloorRemainder(_:_:approach:)``, or a
    /// 0 that `.fromBelow` turned into the modulus). `inverse` is `1/modulus` when the caller holds it.
    @inlinable
    static func floorRemainderParts(
        _ value: Double, _ modulus: Double, inverse: Double?, approach: Approach
    ) -> (remainder: Double, quotient: Int?) {
        let r: Double, quotient: Int
        if value >= 0 && value < modulus {
            (r, quotient) = (value, 0)
        } else if value == modulus {
            (r, quotient) = (0, 1)
        } else if let exact = exactRemainder(value, modulus, inverse: inverse ?? 1 / modulus) {
            (r, quotient) = exact
        } else {
            return (referenceFloorRemainder(value, modulus, approach: approach), nil)
        }
        return approach == .fromBelow && r == 0 ? (modulus, nil) : (r, quotient)
    }

    /// ``floorRemainder(_:_:approach:)`` by `fmod` (`truncatingRemainder`): the definition the fast path
    /// must match bit for bit, and its fallback.
    @inlinable
    static func referenceFloorRemainder(_ value: Double, _ modulus: Double, approach: Approach) -> Double {
        var r = value.truncatingRemainder(dividingBy: modulus)
        if r < 0 {
            r += modulus
            // A remainder smaller than half an ulp of the modulus rounds up to it; the true value lies just
            // below the modulus.
            if r >= modulus { r = modulus.nextDown }
        }
        if approach == .fromBelow && r == 0 { r = modulus }
        return r
    }

    /// The remainder of `value` by `modulus` as `fmod` computes it, when it can be had exactly without
    /// `fmod`, with its whole quotient; nil otherwise: ``remainderParts(_:_:inverse:)`` on one lane
    /// (`inverse` is `1/modulus` rounded), when it is exact with a whole quotient in [1, 2^20) (the callers
    /// handle `value < modulus` first). Any exact method gives `fmod`'s bits.
    @inlinable @inline(__always)
    static func exactRemainder(_ value: Double, _ modulus: Double, inverse: Double) -> (remainder: Double, quotient: Int)? {
        let (remainder, whole, exact) = remainderParts(
            SIMD2(repeating: value), SIMD2(repeating: modulus), inverse: SIMD2(repeating: inverse))
        return exact[0] && whole[0] >= 1 ? (remainder[0], Int(whole[0])) : nil
    }

    /// Per lane: the floored remainder of `value ≥ 0` by `modulus > 0` (possibly infinite), the whole
    /// quotient, and whether both are exact, without a branch on the data; `inverse` is `1/modulus` rounded
    /// once (or that times a power of two, exactly), so `q = value·inverse` is the quotient within a
    /// relative 2.3·10⁻¹⁶ where `10⁻²⁸⁰ < modulus < 10²⁹⁰` (elsewhere the result is never exact):
    /// - `value < modulus` (compared exactly): the remainder is `value`, the quotient 0;
    /// - when `q` is in [1, 2^20) and its fractional part is farther than 10⁻⁹ from an integer, its integer
    ///   part `k` is the exact floor (`q` errs by less than 2.5·10⁻¹⁰); then
    ///   `value − k·modulus` is exact with `k·modulus = hi + lo` as Dekker's exact product (`k < 2^20` and
    ///   the 26-bit halves of `modulus` multiply exactly, for `10⁻²⁸⁰ < modulus < 10²⁹⁰`) and `value − hi`
    ///   exact by Sterbenz's lemma (`value/2 ≤ hi ≤ 2·value`). An exact remainder has the bits of `fmod`'s,
    ///   and `((value − remainder)/modulus).rounded()` is `k` (`value − remainder` is `k·modulus` rounded
    ///   once, so that quotient is within 2.3·10⁻¹⁶·k of `k`); a `value ≥ modulus` whose `q` rounds below 1
    ///   gets `k = 0` and a fractional part within 10⁻⁹ of 1: not exact;
    /// - otherwise `exact` is false (the other values are then meaningless, but computing them never traps).
    ///
    /// The integer part of `q` in [0, 2^20) is `r − (r > q ? 1 : 0)` with `r = (q + 2^52) − 2^52`, the
    /// nearest integer (no conversion instruction: SSE2 has none from two doubles to two 64-bit integers).
    @inlinable @inline(__always)
    static func remainderParts(
        _ value: SIMD2<Double>, _ modulus: SIMD2<Double>, inverse: SIMD2<Double>
    ) -> (remainder: SIMD2<Double>, quotient: SIMD2<Double>, exact: SIMDMask<SIMD2<Int64>>) {
        let limit = 1_048_576.0  // 2^20
        let quotient = value * inverse
        let small = value .< modulus
        // Meaningful for q in [0, 2^52) only: elsewhere the lane is not exact.
        let nearest = (quotient + 0x1p52) - 0x1p52
        let whole = nearest.replacing(with: nearest - 1, where: nearest .> quotient).replacing(with: 0, where: small)
        let fraction = quotient - whole
        let hi = whole * modulus
        let scaled = 134_217_729.0 * modulus  // DoubleDouble.split: 2^27 + 1
        let mh = scaled - (scaled - modulus)
        let ml = modulus - mh
        let lo = (whole * mh - hi) + whole * ml
        let remainder = ((value - hi) - lo).replacing(with: value, where: small)
        let exact = small .| ((quotient .< limit) .& (fraction .> 1e-9) .& (fraction .< 1 - 1e-9) .& (modulus .< 1e290)
            .& (modulus .> 1e-280))
        return (remainder, whole, exact)
    }


    /// `saturatingInt(x.rounded())` (to nearest, ties away from zero) for a non-NaN `x`, without a libm
    /// call below 2^52 (beyond, `x` is integral).
    @inlinable
    static func roundedInt(_ x: Double) -> Int {
        guard x.magnitude < 4_503_599_627_370_496 else { return saturatingInt(x) }  // 2^52
        let whole = Double(Int(x))
        let fraction = x - whole  // exact
        return Int(fraction >= 0.5 ? whole + 1 : (fraction <= -0.5 ? whole - 1 : whole))
    }

    @inlinable
    static func saturatingInt(_ value: Double) -> Int {
        if value >= 9.2e18 { return .max }
        if value <= -9.2e18 { return .min }
        return Int(value)
    }
}
