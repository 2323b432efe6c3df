#if canImport(Glibc)
import Glibc
#endif
import Testing

import MediaTiming

/// Semantics §17 N: CASpringAnimation with m = 1, k = 100, c = 10 (ζ = 0.5, ω0 = 10), v0 = 0.
@Suite struct SpringVectors {
    @Test("N1–N5: x(τ) of the default spring") func displacement() throws {
        let spring = try SpringCurve()
        #expect(spring.naturalFrequency == 10 && spring.dampingRatio == 0.5)
        let rows: [(Double, Double)] = [
            (0.1, 0.340299847),  // N1
            (0.2, 0.849425635),  // N2
            (0.3, 1.124354767),  // N3 (overshoot)
            (0.5, 1.074590567),  // N4
            (1.0, 1.002170117),  // N5
        ]
        for (tau, x) in rows { expectClose(spring.displacement(at: tau), x, tolerance: 1e-9, "τ = \(tau)") }
        // N3 from 0 to 640.
        expectClose(Double.interpolate(from: 0, to: 640, progress: spring.displacement(at: 0.3)), 719.587051, tolerance: 1e-6)
    }

    @Test("N9: with damping 5 the spring has not settled at τ = 2") func n9() throws {
        let spring = try SpringCurve(damping: 5)
        #expect((spring.displacement(at: 2) - 1).magnitude > SpringCurve.settlingThreshold)
        #expect(spring.settlingDuration > 2)
    }
}

/// The closed forms of Docs/semantics.md §12.2 against an independent numerical integration, and the
/// numerical edge cases.
@Suite struct SpringCurveChecks {
    /// `m·x'' + c·x' + k·(x − 1) = 0`, `x(0) = 0`, `x'(0) = v0`, by classical RK4 with step `h`, sampled at
    /// multiples of `every` steps.
    static func integrate(
        mass m: Double, stiffness k: Double, damping c: Double, velocity v0: Double, until end: Double, step h: Double
    ) -> [(Double, Double)] {
        func acceleration(_ x: Double, _ v: Double) -> Double { (-c * v - k * (x - 1)) / m }
        var x = 0.0, v = v0
        var samples: [(Double, Double)] = [(0, 0)]
        let steps = Int((end / h).rounded())
        for n in 1...steps {
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            if n % 100 == 0 { samples.append((Double(n) * h, x)) }
        }
        return samples
    }

    static let dampedCases: [(Double, Double, Double, Double)] = [
        // (mass, stiffness, damping, v0)
        (1, 100, 20, 0), (1, 100, 20, 5), (1, 100, 20, -8), (2, 50, 20, 0),  // critical
        (1, 100, 30, 0), (1, 100, 50, 4), (1, 100, 200, -10), (0.5, 300, 80, 20),  // overdamped
        (1, 100, 20.000001, 0), (1, 100, 20.000001, 3),  // just above critical
        (1, 100, 5, 2), (1, 100, 19.999999, 0),  // underdamped, incl. just below critical
    ]

    @Test("critical and overdamped (and underdamped) closed forms match RK4 to 1e-7", arguments: dampedCases)
    func againstIntegration(_ mass: Double, _ stiffness: Double, _ damping: Double, _ velocity: Double) throws {
        let spring = try SpringCurve(
            mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity, allowsOverdamping: true)
        for (tau, x) in Self.integrate(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity, until: 2, step: 1e-4) {
            expectClose(spring.displacement(at: tau), x, tolerance: 1e-7, "c = \(damping), v0 = \(velocity), τ = \(tau)")
        }
    }

    @Test("the stable overdamped form equals the header's A-form where that one is accurate") func aForm() throws {
        for (damping, v0) in [(30.0, 0.0), (60, 7), (200, -3)] {
            let spring = try SpringCurve(damping: damping, initialVelocity: v0, allowsOverdamping: true)
            let omega0 = 10.0, zeta = damping / 20
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - root), r2 = -omega0 * (zeta + root)
            let a = (r2 + v0) / (r2 - r1)
            for k in 0...100 {
                let tau = Double(k) / 50
                let expected = 1 - a * exp(r1 * tau) - (1 - a) * exp(r2 * tau)
                expectClose(spring.displacement(at: tau), expected, tolerance: 1e-12, "c = \(damping) at \(tau)")
            }
        }
    }

    @Test("continuous through ζ = 1 from both sides") func nearCritical() throws {
        let critical = try SpringCurve(damping: 20, initialVelocity: 3)
        #expect(critical.dampingRatio == 1)
        for delta in [1e-6, 1e-9, 1e-12, 1e-15] {
            let above = try SpringCurve(damping: 20 * (1 + delta), initialVelocity: 3, allowsOverdamping: true)
            let below = try SpringCurve(damping: 20 * (1 - delta), initialVelocity: 3)
            #expect(above.dampingRatio > 1 && below.dampingRatio < 1)
            for k in 1...200 {
                let tau = Double(k) / 100
                let x = critical.displacement(at: tau)
                expectClose(above.displacement(at: tau), x, tolerance: 10 * delta + 1e-14, "ζ = 1 + \(delta) at \(tau)")
                expectClose(below.displacement(at: tau), x, tolerance: 10 * delta + 1e-14, "ζ = 1 − \(delta) at \(tau)")
            }
        }
    }

    @Test("without allowsOverdamping, ζ > 1 is critically damped") func capped() throws {
        let capped = try SpringCurve(damping: 50, initialVelocity: 2)
        let critical = try SpringCurve(damping: 20, initialVelocity: 2)
        #expect(capped.dampingRatio == 1)
        for k in 0...100 {
            #expect(capped.displacement(at: Double(k) / 40) == critical.displacement(at: Double(k) / 40))
        }
        #expect(try SpringCurve(damping: 50, allowsOverdamping: true).dampingRatio == 2.5)
    }

    @Test("large, negative and non-finite times never produce NaN or infinities") func extremes() throws {
        let springs = [
            try SpringCurve(), try SpringCurve(damping: 20, initialVelocity: -50),
            try SpringCurve(damping: 1e6, allowsOverdamping: true), try SpringCurve(damping: 0),
            try SpringCurve(mass: 1e-6, stiffness: 1e6, damping: 1e-9, initialVelocity: 1e3),
        ]
        for spring in springs {
            for tau in [1e3, 1e10, 1e100, 1e300, .greatestFiniteMagnitude, .infinity] {
                let x = spring.displacement(at: tau)
                #expect(x.isFinite, "\(spring) at \(tau)")
                if spring.damping > 0 && tau >= 1e10 && tau < .infinity { expectClose(x, 1, tolerance: 1e-9, "\(spring) at \(tau)") }
            }
            #expect(spring.displacement(at: .infinity) == 1)
            for tau in [0, -0.0, -1, -1e300, -.infinity, .nan] { #expect(spring.displacement(at: tau) == 0) }
        }
    }

    @Test("an undamped spring oscillates forever: bounded, and never settles") func undamped() throws {
        let spring = try SpringCurve(damping: 0)
        #expect(spring.settlingDuration == .infinity)
        for tau in [0.1, 1, 10, 1e6] {
            let x = spring.displacement(at: tau)
            expectClose(x, 1 - cos(10 * tau), tolerance: 1e-9 * max(1, tau), "τ = \(tau)")
        }
    }

    @Test("invalid parameters are typed errors") func validation() {
        #expect(throws: SpringError.invalidParameter(.mass, .notPositive)) { try SpringCurve(mass: 0) }
        #expect(throws: SpringError.invalidParameter(.mass, .notANumber)) { try SpringCurve(mass: .nan) }
        #expect(throws: SpringError.invalidParameter(.stiffness, .notPositive)) { try SpringCurve(stiffness: -1) }
        #expect(throws: SpringError.invalidParameter(.stiffness, .positiveInfinity)) {
            try SpringCurve(stiffness: .infinity)
        }
        #expect(throws: SpringError.invalidParameter(.damping, .positiveInfinity)) {
            try SpringCurve(damping: .infinity)
        }
        #expect(throws: SpringError.negativeDamping) { try SpringCurve(damping: -0.5) }
        #expect(throws: SpringError.invalidParameter(.initialVelocity, .negativeInfinity)) {
            try SpringCurve(initialVelocity: -.infinity)
        }
        // ω0 = √(k/m) overflows; ζ overflows when it is not capped.
        #expect(throws: SpringError.unrepresentable) { try SpringCurve(mass: Double.leastNonzeroMagnitude, stiffness: 1e308) }
        #expect(throws: SpringError.unrepresentable) {
            try SpringCurve(mass: 1e308, stiffness: Double.leastNonzeroMagnitude, damping: 1e308, allowsOverdamping: true)
        }
        #expect(throws: Never.self) { try SpringCurve(mass: 1e308, stiffness: Double.leastNonzeroMagnitude, damping: 1e308) }
        #expect(throws: Never.self) { try SpringCurve(damping: 0) }
        #expect(throws: Never.self) { try SpringCurve(damping: 1e300) }  // ζ capped at 1
    }
}
