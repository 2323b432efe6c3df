import Testing

import MediaTiming

/// Springs whose `|q|·τ` overflows a `Double` (an initial velocity near the largest finite value): the
/// settling duration and the displacement stay finite (Docs/semantics.md §12.2, §12.3). Expected values
/// are the formulas evaluated with mpmath (40 digits or more).
@Suite struct SpringHugeVelocity {
    @Test("critical, ω0 = 10, |q| = 1e308: E = e^(−10τ)(1 + |q|τ) falls below ε at 72.0381 s") func criticalSettling() throws {
        let spring = try SpringCurve(stiffness: 100, damping: 20, initialVelocity: -1e308)
        #expect(spring.dampingRatio == 1)
        // mpmath: e^(−10τ)(1 + 1e308·τ) = 10⁻³ at τ = 72.038115928798790621…, far (> 0.03 s) from any
        // instant of the 0.1 s steps, which the search's rounding (about 1e-13 in ln E, 1e-14 s) cannot
        // cross: the answer is the first instant after it, exactly.
        let expected = tenthInstantsEnd(through: 72.038115928798790).last
        #expect(expected > 72.05 && expected < 72.15)
        #expect(spring.settlingDuration == expected)
    }

    @Test("overdamped, ω0 = 0.1, ζ = 2, |q| = 1e308: E falls below ε at 26764.93 s") func overdampedSettling() throws {
        let spring = try SpringCurve(stiffness: 0.01, damping: 0.4, initialVelocity: -1e308, allowsOverdamping: true)
        #expect(spring.dampingRatio == 2)
        // |q|·sinh(sτ)/s overflows once sτ passes about 0.5 (s = 0.1√3). mpmath, from the exact values of
        // the Double parameters: e^(−ζω0τ)(cosh sτ + |q|·sinh(sτ)/s) = 10⁻³ at τ = 26764.928424764626…; the
        // search's rounding (about 1e-13 in ln E, whose slope is −0.027/s: 4e-12 s) cannot cross an
        // instant of the 0.1 s steps, the nearest of which is more than 0.02 s away.
        let expected = tenthInstantsEnd(through: 26764.928424764626).last
        #expect(expected > 26764.95 && expected < 26765.05)
        #expect(spring.settlingDuration == expected)
    }

    @Test("critical, stiffness 1e-6, damping 2e-3, v0 = −1e305 at τ = 10⁴: x = −4.5399929762484859e304") func displacement() throws {
        let spring = try SpringCurve(stiffness: 1e-6, damping: 2e-3, initialVelocity: -1e305)
        #expect(spring.dampingRatio == 1)
        // mpmath, from the exact values of the Double parameters (ζ = 1 + 4.3e-17, capped at 1):
        // x(10⁴) = 1 − e^(−ω0·10⁴)(1 + q·10⁴) = −4.5399929762484859059e304.
        // Tolerance: the library forms q·e^(−ω0τ)·τ as exp(−ω0τ + ln|q| + ln τ); ln|q| = 702.3 is within
        // 0.51 ulp (5.8e-14), the two sums round by at most 0.5 ulp of 702 each (1.2e-13), −ω0τ = −10 and
        // ln τ by less than 2e-15: the exponent is within 1.8e-13, so the result within 1.9e-13 relative
        // (exp 0.51 ulp); ω0 and q as rounded Doubles add < 1e-15, e^(−10) beside 4.5e304 nothing. 2e-13.
        let x = spring.displacement(at: 1e4)
        #expect(x.isFinite)
        expectClose(x / -4.5399929762484859059e304, 1, tolerance: 2e-13, "\(x)")
        // Over the whole motion: finite, and 1 once e^(−ω0τ) underflows.
        for tau in [1.0, 1e2, 1e3, 1e5, 1e6, 1e7] { #expect(spring.displacement(at: tau).isFinite, "τ = \(tau)") }
        #expect(spring.settlingDuration.isFinite)
    }
}
