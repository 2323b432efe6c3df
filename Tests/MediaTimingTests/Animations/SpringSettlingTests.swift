#if canImport(Glibc)
import Glibc
#endif
import PropertyBased
import Testing

import MediaTiming

/// The instants the settling search visits for ζ ≥ 1 (Docs/semantics.md §12.3), made the way the rule
/// states them: a loop `t += 0.1` from 0, up to the first instant at or past `end`.
func tenthInstants(through end: Double) -> [Double] {
    var t = 0.0
    var instants = [t]
    while t < end {
        t += 0.1
        instants.append(t)
    }
    return instants
}

/// The last two instants of the same loop `t += 0.1` started at `start` (an instant of it), up to the
/// first instant at or past `end`, without keeping the others.
func tenthInstantsEnd(through end: Double, from start: Double = 0) -> (previous: Double, last: Double) {
    var t = start, previous = start
    while t < end {
        previous = t
        t += 0.1
    }
    return (previous, t)
}

/// The settling envelope of Docs/semantics.md §12.3 for ζ ≥ 1, `E(τ) = e^(−ζω0τ)(cosh sτ + |q|·sinh(sτ)/s)`
/// (critical: `e^(−ω0τ)(1 + |q|τ)`), computed independently with libm from the parameters (the damping
/// ratio capped at 1 without overdamping). Accurate to a few ulps for ζ = 1 or ζ ≥ 1.05.
func referenceEnvelope(_ spring: SpringCurve, at time: Double) -> Double {
    let omega0 = (spring.stiffness / spring.mass).squareRoot()
    var zeta = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
    if !spring.allowsOverdamping { zeta = min(zeta, 1) }
    let q = (zeta * omega0 - spring.initialVelocity).magnitude
    if zeta == 1 { return exp(-omega0 * time) * (1 + q * time) }
    let s = omega0 * (zeta * zeta - 1).squareRoot()
    let slow = exp((-zeta * omega0 + s) * time), fast = exp((-zeta * omega0 - s) * time)
    return (slow + fast) / 2 + q * (slow - fast) / (2 * s)
}

/// `settlingDuration` against the published figures (Docs/semantics-decisions.md U12). Sources are the IDs
/// of Docs/semantics.md §1.
@Suite struct SpringSettlingFigures {
    @Test("N6, N7: Apple's two figures (S6): damping 5 about 2.85 s, damping 15 just over 1 s") func apple() throws {
        // S6 gives "about 2.85 seconds": ±0.02 s, the tolerance (the rule gives 2.8550).
        expectClose(try SpringCurve(damping: 5).settlingDuration, 2.85, tolerance: 0.02)
        // S6 gives "just over 1 second": above 1, by less than 0.05 (the rule gives 1.0221).
        let fifteen = try SpringCurve(damping: 15).settlingDuration
        #expect(fifteen > 1 && fifteen < 1.05, "\(fifteen)")
    }

    @Test("the figures read on QuartzCore (R15), bit for bit") func quartzCore() throws {
        // R15's full-precision literals. In exact arithmetic the rule −ln(ε/A)/(ζω0), A = 1 + |q|/ωd, is
        // within 3e-16 of each (mpmath, 30 digits). Evaluated in that order with correctly rounded
        // operations it gives each literal exactly, whichever of the usual forms computes ωd and ζω0
        // (checked in IEEE double beside libm); Elementary.log is correctly rounded on these arguments
        // and bit-identical on every machine, so equality is the tolerance.
        let rows: [(String, SpringCurve, Double)] = [
            ("default spring (k 100, c 10)", try SpringCurve(), 1.4727003346780927),
            ("k 100, c 1", try SpringCurve(damping: 1), 13.91321015404625),
            ("perceptualDuration 1, bounce 0.5", try SpringCurve(SpringParameters(perceptualDuration: 1, bounce: 0.5)),
             2.3438753795710707),
        ]
        for (name, spring, figure) in rows {
            #expect(spring.settlingDuration == figure, "\(name)")
        }
    }

    @Test("critically damped: 1 s (R15), the tenth step of 0.1 s; damping 100 without overdamping too") func critical() throws {
        // R15 states 1 within 1e-12. The rule returns an instant of the 0.1 s steps, and the ten-step
        // partial sum is 0.9999999999999999: any other instant would be 0.1 s away, so equality is exact.
        let tenth = tenthInstants(through: 0.95).last
        #expect(tenth == 0.9999999999999999)
        for damping in [20.0, 100] {
            let spring = try SpringCurve(damping: damping)
            #expect(spring.dampingRatio == 1)
            #expect(spring.settlingDuration == tenth, "damping \(damping)")
            expectClose(spring.settlingDuration, 1, tolerance: 1e-12)
        }
        #expect(try SpringCurve(damping: 100, allowsOverdamping: true).settlingDuration > 1)
    }

    @Test("durationForEpsilon: read on QuartzCore for a critical spring of period 1 s (R16)") func durationForEpsilon() throws {
        // R16: dampingRatio 1, response 1 (mass 1, stiffness 4π², damping 4π) and five thresholds. The
        // figures are partial sums of 0.1 (1.0999999999999999 is eleven steps): equality is the tolerance.
        let stiffness = 4 * Double.pi * Double.pi
        let spring = try SpringCurve(stiffness: stiffness, damping: 2 * stiffness.squareRoot())
        #expect(spring.dampingRatio == 1)
        let figures: [(Double, Double)] = [
            (0.01, 1.0999999999999999), (0.02, 0.9999999999999999), (0.03, 0.8999999999999999),
            (0.04, 0.7999999999999999), (0.05, 0.7999999999999999),
        ]
        for (epsilon, figure) in figures {
            #expect(spring.settlingDuration(epsilon: epsilon) == figure, "ε = \(epsilon)")
        }
    }

    @Test("perceptualDuration 1, bounce −0.5 (ζ = 2): R15's 2.6 ± 0.2 s cannot hold for ε = 10⁻³") func overdamped() throws {
        let spring = try SpringCurve(SpringParameters(perceptualDuration: 1, bounce: -0.5))
        #expect(spring.allowsOverdamping && spring.dampingRatio == 2)
        // The arithmetic: |x − 1| = 1.0774·e^(−1.6836τ) − 0.0774·e^(−23.45τ) for v0 = 0. At 2.8 s (the top
        // of R15's range) the motion is still 9.7ε from rest, and it first comes within ε at 4.147 s; the
        // underdamped figures fix ε = 10⁻³ to 16 digits, so no rule that waits for the motion gives 2.6.
        #expect((spring.displacement(at: 2.8) - 1).magnitude > 9 * SpringCurve.settlingThreshold)
        #expect((spring.displacement(at: 4.1) - 1).magnitude > SpringCurve.settlingThreshold)
        #expect((spring.displacement(at: 4.2) - 1).magnitude < SpringCurve.settlingThreshold)
        // The rule's value: the 42nd step of 0.1 s.
        #expect(spring.settlingDuration == tenthInstants(through: 4.15).last)
    }
}

/// The rule of Docs/semantics.md §12.3 as properties: where settlingDuration says the spring has settled,
/// the motion stays within ε (fixed seeds).
@Suite struct SpringSettlingProperties {
    static let epsilon = SpringCurve.settlingThreshold
    static let u = 0x1p-53

    /// The bound on the computed `|x(τ) − 1|` at or after settlingDuration. `x − 1 = −y` and the library
    /// computes E and y from the same rounded constants (`ζω0`, `q/ωd`, `r1`, `r2`, `s`), so only the
    /// roundings of one evaluation count (u = 2⁻⁵³; in these ranges `|rate·τ| ≤ 25`, ln E ≤ 12):
    /// * settlingDuration leaves E at most ε(1 + 40u): below critical `−ln(ε/A)/(ζω0)` is 4 roundings on a
    ///   logarithm ≤ 13 (≤ 30u absolute in `ζω0·τ`); at or above critical the sign test on `ln E − ln ε`
    ///   carries the product `rate·τ` (≤ 13u), two logarithms within 0.51 ulp (≤ 8u) and two
    ///   subtractions (≤ 10u). E decreases after it.
    /// * y differs from the E of the same constants by at most 60u relative: the exponent `rate·τ` ≤ 25
    ///   (13u absolute), exp, cos, sin and expm1 within 0.51 ulp, and ≤ 6 products and sums. Below
    ///   critical `|cos φ + (q/ωd)·sin φ| ≤ 1 + |q/ωd|` for any rounded phase φ, so the phase's error
    ///   (up to 1200 rad here) does not count.
    /// * `x = 1 ⊖ y` rounds by at most 2⁻⁵³ = u absolute (x is within 2⁻⁹ of 1; above 1 its ulp is 2u),
    ///   and `x − 1` is exact (Sterbenz).
    /// So `|x − 1| ≤ ε(1 + 100u) + u`; the bound doubles the relative count.
    static let settledBound = epsilon * (1 + 200 * u) + u

    /// The band around ε in which `referenceEnvelope` and the library may disagree on the side of E.
    /// The reference computes `r1 = −ζω0 + s` with `s = ω0·√(ζ² − 1)`, which cancels: for ζ in
    /// [1.05, 3], `ζω0/|r1| ≤ 17.5` and `s/|r1| ≤ 16.5`, and ζω0 (≤ 6 roundings) and s (≤ 50u through
    /// `ζ² − 1`, amplified at most 11 times at ζ = 1.05) make r1 good to about 230u relative, so
    /// `r1·τ ≤ 14` at ε to about 3200u absolute; the library's r1 = `−ω0/(ζ + √(ζ² − 1))` is good to about
    /// 10u, and the q and cosh/sinh terms add < 300u. The two E differ by less than 4000u = 4.4e-13
    /// relative; the band is 1e-11, twenty times that, for the coarseness of this count.
    static let undecided = 1e-11

    /// A spring with mass in [0.1, 10], stiffness in [1, 1000] (log-uniform), the damping ratio `ratio`
    /// and an initial velocity in [−20, 20].
    static func spring(ratio: Double, allowsOverdamping: Bool, _ rng: inout Xoshiro) throws -> SpringCurve {
        let mass = exp(Gen.double(in: log(0.1)...log(10)).draw(&rng))
        let stiffness = exp(Gen.double(in: 0...log(1000)).draw(&rng))
        let velocity = Gen.double(in: -20...20).draw(&rng)
        return try SpringCurve(
            mass: mass, stiffness: stiffness, damping: 2 * ratio * (stiffness * mass).squareRoot(),
            initialVelocity: velocity, allowsOverdamping: allowsOverdamping)
    }

    @Test("ζ < 1: the envelope (1 + |q|/ωd)·e^(−ζω0τ) is ε at settlingDuration, and |x − 1| ≤ ε after it")
    func underdamped() throws {
        try seededCheck(count: 300, seed: 0x5E77_1E) { rng in
            let spring = try Self.spring(ratio: Gen.double(in: 0.02...0.98).draw(&rng), allowsOverdamping: false, &rng)
            let settle = spring.settlingDuration
            let zeta = spring.dampingRatio, omega0 = spring.naturalFrequency
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let amplitude = 1 + (zeta * omega0 - spring.initialVelocity).magnitude / omegaD
            // exp of ζω0·T ≤ 40 with T to a few ulps: relative error below 1e-13; 1e-10 leaves room.
            expectClose(amplitude * exp(-zeta * omega0 * settle) / Self.epsilon, 1, tolerance: 1e-10, "\(spring)")
            for _ in 0..<40 {
                let tau = settle + Gen.double(in: 0...(10 / (zeta * omega0))).draw(&rng)
                #expect((spring.displacement(at: tau) - 1).magnitude <= Self.settledBound, "\(spring) at \(tau)")
            }
        }
    }

    @Test("ζ ≥ 1: settlingDuration is the first 0.1 s step where the envelope is below ε, and |x − 1| ≤ ε after it")
    func criticalAndOverdamped() throws {
        try seededCheck(count: 300, seed: 0x5E77_1F) { rng in
            // Half critical (ζ ≥ 1.01 capped at 1), half overdamped (ζ ≥ 1.05, where the reference is exact).
            let capped = Gen.bool.draw(&rng)
            let ratio = Gen.double(in: (capped ? 1.01 : 1.05)...3).draw(&rng)
            let spring = try Self.spring(ratio: ratio, allowsOverdamping: !capped, &rng)
            #expect((spring.dampingRatio == 1) == capped)
            let settle = spring.settlingDuration
            let instants = tenthInstants(through: settle)
            #expect(instants.last == settle, "\(spring): \(settle) is not a step of 0.1 s")
            guard instants.last == settle, instants.count >= 2 else { return }
            let before = instants[instants.count - 2]
            // E is computed twice independently; where it is within `undecided` of ε the two may disagree
            // on which side it lies, so those cases are not judged.
            let after = referenceEnvelope(spring, at: settle) / Self.epsilon
            let previous = referenceEnvelope(spring, at: before) / Self.epsilon
            if (after - 1).magnitude > Self.undecided { #expect(after < 1, "\(spring) at \(settle)") }
            if (previous - 1).magnitude > Self.undecided { #expect(previous >= 1, "\(spring) at \(before)") }
            // E = |x − 1| when v0 ≤ ζω0: the motion itself was not within ε one step earlier. The reference
            // E is ≥ ε(1 + 1e-11) there, the library's E within 4000u of it, its y within 60u of its E and
            // 1 ⊖ y within u = ε·1000u: |x − 1| ≥ ε(1 + 1e-11 − 5100u) − u > ε, so no tolerance is needed.
            let zeta = spring.dampingRatio, omega0 = spring.naturalFrequency
            if spring.initialVelocity <= zeta * omega0, (previous - 1).magnitude > Self.undecided {
                #expect((spring.displacement(at: before) - 1).magnitude >= Self.epsilon, "\(spring)")
            }
            let slow = omega0 / (zeta + (zeta * zeta - 1).squareRoot())  // −r1, the slow decay rate
            for _ in 0..<40 {
                let tau = settle + Gen.double(in: 0...(10 / slow)).draw(&rng)
                #expect((spring.displacement(at: tau) - 1).magnitude <= Self.settledBound, "\(spring) at \(tau)")
            }
        }
    }

    @Test("edges: thresholds, undamped and very slow springs, bounded cost") func edges() throws {
        let underdamped = try SpringCurve(), critical = try SpringCurve(damping: 20)
        for spring in [underdamped, critical] {
            for epsilon in [0.0, -1, .nan, -Double.infinity] {
                #expect(spring.settlingDuration(epsilon: epsilon) == .infinity, "ε = \(epsilon)")
            }
            #expect(spring.settlingDuration(epsilon: .infinity) == 0)
        }
        // ε > 1: the search stops at its first instant, 0; below critical the formula is clamped at 0.
        #expect(critical.settlingDuration(epsilon: 1.5) == 0)
        #expect(underdamped.settlingDuration(epsilon: 2) == 0)  // 1 + |q|/ωd = 1.577 < 2
        // ε = 1: E(0) = 1 is not below 1; the first step, 0.1, is.
        #expect(critical.settlingDuration(epsilon: 1) == 0.1)
        #expect(try SpringCurve(damping: 0).settlingDuration == .infinity)
        // A slow critical spring: ω0 = 10⁻⁵, settling near 10⁶ s; the answer is the instant the plain loop
        // reaches (10⁷ additions), the first where the envelope is below ε.
        let slow = try SpringCurve(stiffness: 1e-10, damping: 2e-5)
        let settle = slow.settlingDuration
        let loop = tenthInstantsEnd(through: settle)
        #expect(settle == loop.last)
        #expect(settle > 9e5 && settle < 1e6 && referenceEnvelope(slow, at: settle) < SpringCurve.settlingThreshold)
        #expect(referenceEnvelope(slow, at: loop.previous) >= SpringCurve.settlingThreshold)
        // Slower still, the steps stop growing at 2^50 s before the spring settles: +∞.
        #expect(try SpringCurve(stiffness: 1e-40, damping: 2e-20).settlingDuration == .infinity)
        #expect(try SpringCurve(mass: 1e300, stiffness: 1e-300, damping: 0, allowsOverdamping: true).settlingDuration == .infinity)
    }

    @Test("the jump-ahead of the 0.1 s steps lands where the plain loop does, just past each 2^e up to 2^30")
    func stepsAcrossBinades() throws {
        // For each e in 0...30, a critical spring (v0 = 0: E = e^(−x)(1 + x), x = ω0τ, which is ε at
        // x* = 9.2334) that settles just past 2^e, so its instant is reached by crossing into the binade
        // [2^e, 2^(e+1)). Up to 2^20 one plain loop from 0 runs through all of them (10⁷ additions); above,
        // the plain loop restarts from the instant the search gives for a larger ε, about 1 s before 2^e,
        // and must step onto the same instant (the jump ahead in SettlingSteps is taken to different
        // lengths for the two thresholds, and the binade's end is crossed by plain steps).
        let crossing = 9.233_413_476_451_586  // e^(−x)(1 + x) = 10⁻³ (mpmath, 30 digits)
        var running = 0.0
        for e in 0...30 {
            let boundary = Double(sign: .plus, exponent: e, significand: 1)
            let omega0 = crossing / (boundary + 0.25)
            let stiffness = omega0 * omega0
            let spring = try SpringCurve(stiffness: stiffness, damping: 2 * stiffness.squareRoot() * (1 + 1e-9))
            #expect(spring.dampingRatio == 1)
            let settle = spring.settlingDuration
            #expect(settle >= boundary && settle < boundary + 1, "2^\(e): \(settle)")
            if e <= 20 {
                running = tenthInstantsEnd(through: settle, from: running).last
                #expect(running == settle, "2^\(e): the loop from 0 gives \(running), the search \(settle)")
            }
            let earlier = spring.settlingDuration(epsilon: referenceEnvelope(spring, at: boundary - 1))
            #expect(earlier < boundary && earlier > boundary - 1.2, "2^\(e): \(earlier)")
            let restarted = tenthInstantsEnd(through: settle, from: earlier).last
            #expect(restarted == settle, "2^\(e): the loop from \(earlier) gives \(restarted), the search \(settle)")
        }
    }
}
