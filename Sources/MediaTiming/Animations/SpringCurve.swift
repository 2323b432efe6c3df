/// The progress curve of `CASpringAnimation`: the normalised displacement of a damped spring from 0
/// (`fromValue`) to 1 (`toValue`) as a function of basic local time in seconds (Docs/semantics.md §12).
///
/// The curve replaces the timing function, `p = x(τ)`; `τ` is **not** divided by the duration, and the
/// animation ends at its own duration whether or not the spring has settled (Docs/semantics.md §12.3).
/// `x` solves `m·x'' + c·x' + k·(x − 1) = 0` with `x(0) = 0`, `x'(0) = v0`; with `ω0 = √(k/m)`,
/// `ζ = c/(2√(km))`, `a = ζω0` and `q = a − v0` (Docs/semantics.md §12.2):
/// ```
/// ζ < 1:  x = 1 − e^(−aτ)·(cos ωdτ + (q/ωd)·sin ωdτ),          ωd = ω0·√(1 − ζ²)
/// ζ = 1:  x = 1 − e^(−ω0τ)·(1 + qτ)
/// ζ > 1:  x = 1 − ½(e^(r1τ) + e^(r2τ)) − q·e^(r1τ)·(1 − e^(−2sτ))/(2s),
///         s = ω0·√(ζ² − 1),  r1 = −ω0/(ζ + √(ζ² − 1)) = −a + s,  r2 = −a − s
/// ```
/// The overdamped line is the header's `1 − A·e^(r1τ) − (1 − A)·e^(r2τ)` rearranged so that nothing
/// cancels as `ζ → 1⁺` (`A` and `1 − A` grow without bound there): `1 − e^(−2sτ)` is computed with
/// `expm1`, so the curve tends continuously to the critical one. Without ``allowsOverdamping`` the damping
/// ratio is capped, `ζ := min(ζ, 1)`, and the spring is critically damped (Docs/semantics.md §12.2).
///
/// **MediaTiming:** `initialVelocity` is in fractions of the distance per second (Docs/semantics.md
/// §12.2). ``displacement(at:)`` is 0 for `τ ≤ 0` or NaN (the spring has not started) and 1 for `τ = +∞`;
/// it returns exactly 1 once the decaying exponential underflows, so it never produces NaN.
public struct SpringCurve: Hashable, Sendable {
    /// The mass `m` (> 0, default 1).
    public let mass: Double
    /// The stiffness `k` (> 0, default 100).
    public let stiffness: Double
    /// The damping coefficient `c` (≥ 0, default 10).
    public let damping: Double
    /// The initial velocity `v0` in fractions of the distance per second; positive towards the target.
    public let initialVelocity: Double
    /// Whether a damping ratio above 1 is used as given (otherwise it is treated as 1).
    public let allowsOverdamping: Bool
    /// The undamped angular frequency `ω0 = √(k/m)`, in radians per second.
    public let naturalFrequency: Double
    /// The damping ratio in use, `ζ = c/(2√(km))`, capped at 1 without ``allowsOverdamping``.
    public let dampingRatio: Double

    @usableFromInline enum Regime: Hashable, Sendable { case underdamped, critical, overdamped }

    @usableFromInline let regime: Regime
    /// `q = ζω0 − v0`.
    @usableFromInline let q: Double
    /// Underdamped: `ωd`; overdamped: `s`; critical: 0.
    @usableFromInline let frequency: Double
    /// Underdamped: `q/ωd`; otherwise 0.
    @usableFromInline let sineCoefficient: Double
    /// The slow rate: `−a` (underdamped), `−ω0` (critical), `r1` (overdamped); always negative or −0.
    @usableFromInline let slowRate: Double
    /// Overdamped: `r2`; otherwise equal to `slowRate`.
    @usableFromInline let fastRate: Double

    /// Creates a spring curve; the defaults are `CASpringAnimation`'s.
    ///
    /// - Throws: ``SpringError/invalidParameter(_:_:)`` for a NaN or infinite parameter, or a mass or
    ///   stiffness ≤ 0; ``SpringError/negativeDamping``; ``SpringError/unrepresentable`` when `ω0`, `ζω0`,
    ///   `ζω0 − v0` or the decay rates overflow or vanish (only for parameters hundreds of orders of
    ///   magnitude apart).
    public init(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
        allowsOverdamping: Bool = false
    ) throws(SpringError) {
        let fields: [(SpringParameter, Double)] = [
            (.mass, mass), (.stiffness, stiffness), (.damping, damping), (.initialVelocity, initialVelocity),
        ]
        for (parameter, value) in fields {
            if let invalid = InvalidValue(nonFinite: value) { throw .invalidParameter(parameter, invalid) }
        }
        guard mass > 0 else { throw .invalidParameter(.mass, .notPositive) }
        guard stiffness > 0 else { throw .invalidParameter(.stiffness, .notPositive) }
        guard damping >= 0 else { throw .negativeDamping }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping

        let rootK = stiffness.squareRoot(), rootM = mass.squareRoot()
        let omega0 = rootK / rootM
        guard omega0.isFinite, omega0 > 0 else { throw .unrepresentable }
        var zeta = damping / 2 / rootK / rootM
        if !allowsOverdamping { zeta = min(zeta, 1) }
        guard zeta.isFinite else { throw .unrepresentable }
        naturalFrequency = omega0
        dampingRatio = zeta

        let decay = zeta * omega0
        let q = decay - initialVelocity
        guard decay.isFinite, q.isFinite else { throw .unrepresentable }
        self.q = q
        if zeta < 1 {
            let omegaD = omega0 * ((1 - zeta) * (1 + zeta)).squareRoot()
            let coefficient = q / omegaD
            guard omegaD > 0, coefficient.isFinite else { throw .unrepresentable }
            regime = .underdamped
            frequency = omegaD
            sineCoefficient = coefficient
            slowRate = -decay
            fastRate = -decay
        } else if zeta == 1 {
            regime = .critical
            frequency = 0
            sineCoefficient = 0
            slowRate = -omega0
            fastRate = -omega0
        } else {
            let root = (zeta - 1).squareRoot() * (zeta + 1).squareRoot()
            let s = omega0 * root
            let r1 = -omega0 / (zeta + root)
            let r2 = -(decay + s)
            guard s.isFinite, s > 0, r1 < 0, r2.isFinite else { throw .unrepresentable }
            regime = .overdamped
            frequency = s
            sineCoefficient = 0
            slowRate = r1
            fastRate = r2
        }
    }

    /// The normalised displacement `x(τ)` at basic local time `time` in seconds (Docs/semantics.md §12.2):
    /// 0 at the start, 1 at rest, above 1 while overshooting. 0 for `τ ≤ 0` or NaN, 1 for `τ = +∞`.
    @inlinable
    public func displacement(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        guard time < .infinity else { return 1 }
        let slow = Elementary.exp(slowRate * time)
        if slow == 0 { return 1 }
        switch regime {
        case .underdamped:
            let phase = frequency * time
            // Only an undamped spring (ζ = 0) reaches an overflowing phase at a finite time.
            guard phase.isFinite else { return 1 }
            return 1 - slow * (Elementary.cos(phase) + sineCoefficient * Elementary.sin(phase))
        case .critical:
            return 1 - slow * (1 + q * time)
        case .overdamped:
            let fast = Elementary.exp(fastRate * time)
            let rising = -Elementary.expm1(-2 * frequency * time)  // 1 − e^(−2sτ), exact as s → 0
            return 1 - ((slow + fast) / 2 + q * slow * (rising / (2 * frequency)))
        }
    }

    /// The settling threshold `ε = 8.31·10⁻⁴` of the fitted rule (U12, Docs/semantics.md §12.3).
    public static let settlingThreshold = 8.31e-4

    /// The time the spring takes to settle, in seconds: the fitted rule of Docs/semantics.md §12.3 (U12),
    /// informational only (Core Animation's algorithm is undocumented; tests accept ±0.1 s).
    ///
    /// * `ζ < 1`: `ln(A/ε)/(ζω0)` with `A = √(1 + (q/ωd)²)`, the amplitude of the envelope
    ///   `A·e^(−ζω0τ)` of `|x − 1|`, and `ε` = ``settlingThreshold``. `+∞` for an undamped spring.
    /// * `ζ ≥ 1` (**MediaTiming:** the same idea, made exact): the last time the envelope
    ///   `E(τ) = ½(e^(r1τ) + e^(r2τ)) + |q|·e^(r1τ)·(1 − e^(−2sτ))/(2s)` (critical: `e^(−ω0τ)·(1 + |q|τ)`)
    ///   exceeds `ε`. `E` bounds `|x − 1|` and equals it when `v0 ≤ ζω0`; it has at most one maximum, so
    ///   `E > ε` exactly on `[0, T)`, and `T` is found by doubling and bisection on `ln E − ln ε`.
    ///
    /// The fitted amplitude `A` grows like `1/ωd` as `ζ → 1⁻`, so the rule drops at `ζ = 1`: by about 8 %
    /// from `ζ = 0.999`, by a factor of about 2.2 from `ζ = 1 − 10⁻¹²` (default spring). This belongs to
    /// the fitted rule, which is calibrated on two Apple figures only.
    public var settlingDuration: Double {
        let logEpsilon = Elementary.log(Self.settlingThreshold)
        if regime == .underdamped {
            let decay = -slowRate
            guard decay > 0 else { return .infinity }
            let k = sineCoefficient.magnitude
            let logAmplitude = k <= 0x1p500
                ? 0.5 * Elementary.log(1 + k * k)
                : Elementary.log(k) + 0.5 * Elementary.log(1 + (1 / k) * (1 / k))
            return (logAmplitude - logEpsilon) / decay
        }
        // F(τ) = ln E(τ) − ln ε: positive at 0, negative for large τ, one sign change.
        let magnitude = q.magnitude
        func excess(_ time: Double) -> Double {
            let logEnvelope: Double
            if regime == .critical {
                logEnvelope = slowRate * time + Elementary.log(1 + magnitude * time)
            } else {
                let s = frequency
                let rising = -Elementary.expm1(-2 * s * time)
                let h = (2 - rising) / 2 + magnitude * (rising / (2 * s))
                logEnvelope = slowRate * time + Elementary.log(h)
            }
            return logEnvelope - logEpsilon
        }
        var low = 0.0
        var high = 1 / -slowRate
        var doublings = 0
        while excess(high) > 0 {
            low = high
            high *= 2
            doublings += 1
            guard high.isFinite, doublings < 2200 else { return .infinity }
        }
        for _ in 0..<200 {
            let middle = low + (high - low) / 2
            guard middle > low, middle < high else { break }
            if excess(middle) > 0 { low = middle } else { high = middle }
        }
        return high
    }
}
