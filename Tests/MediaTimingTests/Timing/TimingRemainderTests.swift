import Testing

import MediaTiming

/// The floored remainders of the timing steps (`TimingCalculations.activeLocalTime`, `.iteration`) are
/// computed without `fmod` where an exact method exists (benchmark P6): they must keep `fmod`'s bits.
/// The reference here is the definition, written out with `truncatingRemainder` (`fmod`) and `rounded()`.
@Suite struct TimingRemainderTests {
    /// The floored remainder by the definition (Docs/semantics.md §6.1): `fmod`, moved into [0, m), or
    /// (0, m] from below.
    static func reference(_ value: Double, _ modulus: Double, fromBelow: Bool) -> Double {
        var r = value.truncatingRemainder(dividingBy: modulus)
        if r < 0 {
            r += modulus
            if r >= modulus { r = modulus.nextDown }
        }
        return fromBelow && r == 0 ? modulus : r
    }

    /// Values around the interesting places for modulus `m`: inside the first cycle, on and next to cycle
    /// boundaries (where the fast path must step aside), far away (quotients beyond 2^20), negative.
    static func values(_ m: Double, _ rng: inout SplitMix64) -> [Double] {
        let k = Double(1 + rng.below(2_000_000))
        let boundary = k * m
        return [
            rng.uniform(0, m), m, m.nextDown, m.nextUp, boundary, boundary.nextUp, boundary.nextDown,
            boundary + rng.uniform(0, m), rng.uniform(0, 64) * m, -rng.uniform(0, 64) * m, -boundary,
            m * 0x1p30 + rng.uniform(0, m), (k + 1e-10) * m, (k - 1e-10) * m, (k + 0.5) * m, 0, -0.0,
        ]
    }

    static func moduli(_ rng: inout SplitMix64) -> [Double] {
        [rng.binades(-30, 30), rng.uniform(0.01, 10), 1.0 / 60, 0.25, 2.5, 1e-290, 1e295, .leastNonzeroMagnitude]
    }

    @Test func activeLocalTimeKeepsTheBitsOfFmod() {
        var rng = SplitMix64(seed: 0x6_0F3A)
        for _ in 0..<400 {
            for m in Self.moduli(&rng) {
                for v in Self.values(m, &rng) where v.isFinite {
                    for approach in [TimingCalculations.Approach.exact, .fromBelow, .fromAbove] {
                        let got = TimingCalculations.activeLocalTime(rawTime: v, activeDuration: m, approach: approach)
                        let want = Self.reference(v, m, fromBelow: approach == .fromBelow)
                        #expect(got.bitPattern == want.bitPattern, "\(v) mod \(m) \(approach): \(got) != \(want)")
                    }
                }
            }
        }
    }

    @Test func iterationKeepsTheBitsOfFmodAndRound() {
        var rng = SplitMix64(seed: 0x6_0F3B)
        for _ in 0..<400 {
            for c in Self.moduli(&rng) {
                for t in Self.values(c, &rng) where t.isFinite && t >= 0 {
                    for approach in [TimingCalculations.Approach.exact, .fromBelow] {
                        let got = TimingCalculations.iteration(activeTime: t, cycleDuration: c, approach: approach)
                        var w = Self.reference(t, c, fromBelow: approach == .fromBelow)
                        if approach == .fromBelow, w != c, w <= 2 * t.magnitude.ulp { w = c }
                        let q = ((t - w) / c).rounded()
                        let index = q >= 9.2e18 ? Int.max : (q <= -9.2e18 ? Int.min : Int(q))
                        #expect(got.cycleTime.bitPattern == w.bitPattern, "\(t) in cycles of \(c): \(got.cycleTime) != \(w)")
                        #expect(got.index == index, "\(t) in cycles of \(c): index \(got.index) != \(index)")
                    }
                }
            }
        }
    }

    /// Hand-computed cases: 2.5 s into cycles of 1 s is the third cycle at 0.5 s; 3 s from below is the end
    /// of the third; 7.5 s in a window of 2 s wraps to 1.5 s; −0.5 s wraps to 1.5 s.
    @Test func handComputedRemainders() {
        #expect(TimingCalculations.iteration(activeTime: 2.5, cycleDuration: 1, approach: .exact) == (2, 0.5))
        #expect(TimingCalculations.iteration(activeTime: 3, cycleDuration: 1, approach: .fromBelow) == (2, 1))
        #expect(TimingCalculations.activeLocalTime(rawTime: 7.5, activeDuration: 2, approach: .exact) == 1.5)
        #expect(TimingCalculations.activeLocalTime(rawTime: -0.5, activeDuration: 2, approach: .exact) == 1.5)
        #expect(TimingCalculations.activeLocalTime(rawTime: 4, activeDuration: 2, approach: .fromBelow) == 2)
    }
}
