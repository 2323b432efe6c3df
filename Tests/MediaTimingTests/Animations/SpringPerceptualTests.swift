#if canImport(Glibc)
import Glibc
#endif
import PropertyBased
import Testing

import MediaTiming

/// `CASpringAnimation(perceptualDuration:bounce:)`, `perceptualDuration`, `bounce` and `allowsOverdamping`
/// (Docs/semantics.md §12.2, §12.4). Expected values are the formulas of §12.4 worked by hand.
@Suite struct SpringPerceptual {
    @Test("the initializer: mass 1, stiffness (2π/d)², damping 4π(1 − b)/d or 4π/(d(1 + b)), overdamping on") func initializer() throws {
        // d = 1, b = 0.5: k = 4π² = 39.47841760435743, c = 2π, ζ = 0.5 (R15 states the same numbers).
        // Tolerances, u = 2⁻⁵³, π̂ = Double.pi with |π̂ − π| < 1.3e-16 (relative 4e-17 = 0.37u); the
        // literals are the values of 4π², 2π, 16π², 16π rounded to nearest (mpmath, 50 digits).
        // k = (2π̂/d)²: 2π̂/1 and 2π̂/0.5 are exact (powers of two), the square is one rounding, so
        // |k − 4π²| ≤ 4π²·0.74u + ½ulp ≤ 6.8e-15 (d = 1) and |k − 16π²| ≤ 2.7e-14 (d = 0.5); with the
        // literal's own ½ulp the two doubles differ by less than 2 ulps, hence by at most 1 ulp.
        // c = 4π̂(1 − b)/d with b = 0.5, d = 1 and c = 4π̂/(d(1 + b)) with d(1 + b) = 0.25 are 4π̂ scaled by
        // powers of two, exact; so are 2π and 16π rounded, so the damping is equal to its literal.
        let u = 0x1p-53
        let half = try SpringParameters(perceptualDuration: 1, bounce: 0.5)
        #expect(half.mass == 1 && half.initialVelocity == 0 && half.allowsOverdamping)
        expectClose(half.stiffness, 39.47841760435743, tolerance: 39.47841760435743.ulp)
        #expect(half.damping == 6.283185307179586)
        // d = 0.5, b = −0.5: k = 16π² = 157.91367041742973, c = 4π/(0.5·0.5) = 16π = 50.26548245743669, ζ = 2.
        let over = try SpringParameters(perceptualDuration: 0.5, bounce: -0.5, initialVelocity: 3)
        expectClose(over.stiffness, 157.91367041742973, tolerance: 157.91367041742973.ulp)
        #expect(over.damping == 50.26548245743669)
        #expect(over.initialVelocity == 3)
        // ζ = c/2/√k/√m: c/2 = 8π̂ and /√1 are exact; k = 16π̂²(1 + δ₁), √k = 4π̂(1 + δ₁/2)(1 + δ₂), and the
        // quotient 2(1 + δ₃)/((1 + δ₁/2)(1 + δ₂)), |δᵢ| ≤ u: within 2·2.5u = 5u of 2 (to first order).
        expectClose(try SpringCurve(over).dampingRatio, 2, tolerance: 5 * u)
        // b = 0: critically damped, c = 4π/d; b = 1: undamped, never settles. With d = 2, c/2 = π̂ exactly
        // and √k = π̂(1 + δ₁/2)(1 + δ₂): ζ = (1 + δ₃)/((1 + δ₁/2)(1 + δ₂)) is within 2.5u of 1; 3u bounds it.
        expectClose(try SpringCurve(SpringParameters(perceptualDuration: 2, bounce: 0)).dampingRatio, 1, tolerance: 3 * u)
        let undamped = try SpringParameters(perceptualDuration: 1, bounce: 1)
        let undampedSettling = try SpringCurve(undamped).settlingDuration
        #expect(undamped.damping == 0 && undampedSettling == .infinity)
    }

    @Test("read back from any spring: the default spring is 2π/10 s with bounce 0.5 (R15)") func readBack() throws {
        let standard = SpringParameters()
        // 2π·√(1/100) = 0.6283185307179586; ζ = 10/(2·10) = 0.5, so bounce 1 − 0.5.
        expectClose(standard.perceptualDuration, 0.6283185307179586, tolerance: 1e-16)
        #expect(standard.bounce == 0.5)
        // Mass 4, stiffness 100: 2π·√(4/100) = 0.4π; damping 60: ζ = 60/(2·20) = 1.5, bounce 1/1.5 − 1 = −1/3.
        let heavy = SpringParameters(mass: 4, stiffness: 100, damping: 60)
        expectClose(heavy.perceptualDuration, 1.2566370614359172, tolerance: 1e-15)
        expectClose(heavy.bounce, -1.0 / 3, tolerance: 1e-16)
        #expect(SpringParameters(damping: 20).bounce == 0 && SpringParameters(damping: 0).bounce == 1)
        // The curve reads back what it was given.
        #expect(try SpringCurve(heavy).parameters == heavy)
    }

    @Test("allowsOverdamping: above critical the motion is critical without it; bounce reads the stored damping") func overdamping() throws {
        // Damping 40 (ζ = 2) with mass 1, stiffness 100: bounce −0.5 either way (R15); the motion and the
        // settling duration are those of damping 20 unless overdamping is allowed.
        let capped = try SpringCurve(damping: 40), free = try SpringCurve(damping: 40, allowsOverdamping: true)
        let critical = try SpringCurve(damping: 20)
        #expect(capped.parameters.bounce == -0.5 && free.parameters.bounce == -0.5)
        #expect(capped.dampingRatio == 1 && free.dampingRatio == 2)
        #expect(capped.settlingDuration == critical.settlingDuration)
        #expect(free.settlingDuration > capped.settlingDuration)
        for k in 1...40 {
            let tau = Double(k) / 40
            #expect(capped.displacement(at: tau) == critical.displacement(at: tau))
            #expect(free.displacement(at: tau) < capped.displacement(at: tau))  // overdamped is slower
        }
        // Below critical it changes nothing.
        let under = try SpringCurve(damping: 15), underAllowed = try SpringCurve(damping: 15, allowsOverdamping: true)
        #expect(underAllowed.settlingDuration == under.settlingDuration)
        for k in 1...40 { #expect(underAllowed.displacement(at: Double(k) / 40) == under.displacement(at: Double(k) / 40)) }
    }

    @Test("round trip (d, b) → (k, c) → (d, b), seeded") func roundTrip() throws {
        // Tolerance, u = 2⁻⁵³: k = (2π/d)² carries 3u, so 2π·√(1/k) comes back within 5.5u relative. ζ from
        // c = 4π(1 − b)/d (or 4π/(d(1 + b))) and √k carries at most 6u relative, 7u with the reciprocal,
        // so the bounce, 1 − ζ or 1/ζ − 1 with ζ ≤ 1 or 1/ζ < 1, comes back within 7.5u absolute.
        // 9u = 1.0e-15 covers both.
        let u = 0x1p-53
        try seededCheck(count: 2000, seed: 0xB0_0CE) { rng in
            let duration = exp(Gen.double(in: log(0.01)...log(100)).draw(&rng))
            let bounce = Gen.double(in: -0.999...1).draw(&rng)
            let parameters = try SpringParameters(perceptualDuration: duration, bounce: bounce)
            expectClose(parameters.perceptualDuration / duration, 1, tolerance: 9 * u, "d = \(duration)")
            expectClose(parameters.bounce, bounce, tolerance: 9 * u, "d = \(duration), b = \(bounce)")
        }
        // The ends of the range.
        for bounce in [1.0, 0, -0.5, -0.999999] {
            expectClose(try SpringParameters(perceptualDuration: 0.3, bounce: bounce).bounce, bounce, tolerance: 9 * u)
        }
    }

    @Test("invalid perceptual values are typed errors") func validation() {
        for duration in [0.0, -1] {
            #expect(throws: SpringError.invalidParameter(.perceptualDuration, .notPositive)) {
                try SpringParameters(perceptualDuration: duration, bounce: 0)
            }
        }
        #expect(throws: SpringError.invalidParameter(.perceptualDuration, .notANumber)) {
            try SpringParameters(perceptualDuration: .nan, bounce: 0)
        }
        #expect(throws: SpringError.invalidParameter(.perceptualDuration, .positiveInfinity)) {
            try SpringParameters(perceptualDuration: .infinity, bounce: 0)
        }
        #expect(throws: SpringError.invalidParameter(.bounce, .notANumber)) {
            try SpringParameters(perceptualDuration: 1, bounce: .nan)
        }
        #expect(throws: SpringError.invalidParameter(.bounce, .negativeInfinity)) {
            try SpringParameters(perceptualDuration: 1, bounce: -.infinity)
        }
        for bounce in [-1, -2, 1.0000000000000002, 3] {
            #expect(throws: SpringError.bounceOutOfRange) { try SpringParameters(perceptualDuration: 1, bounce: bounce) }
        }
        #expect(throws: SpringError.invalidParameter(.initialVelocity, .notANumber)) {
            try SpringParameters(perceptualDuration: 1, bounce: 0, initialVelocity: .nan)
        }
        // (2π/d)² overflows below about 5·10⁻¹⁵⁴ s and underflows to 0 above about 3·10¹⁶² s.
        #expect(throws: SpringError.unrepresentable) { try SpringParameters(perceptualDuration: 1e-160, bounce: 0) }
        #expect(throws: SpringError.unrepresentable) { try SpringParameters(perceptualDuration: 1e300, bounce: 0) }
        #expect(throws: Never.self) { try SpringParameters(perceptualDuration: 1e-150, bounce: 0.5) }
        #expect(throws: Never.self) { try SpringParameters(perceptualDuration: 1e150, bounce: -0.5) }
    }
}
