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
/// it returns exactly 1 once the decaying exponential underflows, so it never produces NaN. Where
/// `|q|·τ` overflows (an `initialVelocity` near the largest `Double`), that term is computed in
/// logarithms (`q·e^(−ω0τ)·τ = sign(q)·exp(−ω0τ + ln|q| + ln τ)` in the critical motion, `ln|q| + ln τ`
/// or `ln|q| + ln((1 − e^(−2sτ))/(2s))` in the settling envelope), so the displacement and
/// ``settlingDuration`` stay finite whenever their true values are.
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

        let omega0 = stiffness.squareRoot() / mass.squareRoot()
        guard omega0.isFinite, omega0 > 0 else { throw .unrepresentable }
        var zeta = Self.dampingRatio(mass: mass, stiffness: stiffness, damping: damping)
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

    /// Creates the curve of a spring animation's parameters (the same rules as
    /// ``init(mass:stiffness:damping:initialVelocity:allowsOverdamping:)``).
    public init(_ parameters: SpringParameters) throws(SpringError) {
        try self.init(
            mass: parameters.mass, stiffness: parameters.stiffness, damping: parameters.damping,
            initialVelocity: parameters.initialVelocity, allowsOverdamping: parameters.allowsOverdamping)
    }

    /// The parameters the curve was created with; their ``SpringParameters/perceptualDuration`` and
    /// ``SpringParameters/bounce`` read the spring back in perceptual terms.
    public var parameters: SpringParameters {
        SpringParameters(
            mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
            allowsOverdamping: allowsOverdamping)
    }

    /// The damping ratio `ζ = c/(2√(km))` of the stored damping, before any cap (Docs/semantics.md §12.2),
    /// computed as `c/2/√k/√m` so that `k·m` cannot overflow.
    static func dampingRatio(mass: Double, stiffness: Double, damping: Double) -> Double {
        damping / 2 / stiffness.squareRoot() / mass.squareRoot()
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
            let linear = q * time
            guard linear.isFinite else {
                // q·τ overflows (a huge initialVelocity): q·e^(−ω0τ)·τ = sign(q)·exp(−ω0τ + ln|q| + ln τ).
                let logCoupled = slowRate * time + Elementary.log(q.magnitude) + Elementary.log(time)
                let coupled = Elementary.exp(logCoupled)
                return 1 - (slow + (q < 0 ? -coupled : coupled))
            }
            return 1 - slow * (1 + linear)
        case .overdamped:
            let fast = Elementary.exp(fastRate * time)
            let rising = -Elementary.expm1(-2 * frequency * time)  // 1 − e^(−2sτ), exact as s → 0
            // q·e^(r1τ) ≤ |q| is finite, so this product overflows only where x itself does.
            return 1 - ((slow + fast) / 2 + q * slow * (rising / (2 * frequency)))
        }
    }

    /// The threshold `ε = 10⁻³` of ``settlingDuration`` (Docs/semantics.md §12.3, U12).
    public static let settlingThreshold = 1e-3

    /// The time the spring takes to settle, in seconds: ``settlingDuration(epsilon:)`` with
    /// `ε` = ``settlingThreshold`` (Docs/semantics.md §12.3, U12). Informational only: the animation
    /// still ends at its own duration.
    public var settlingDuration: Double { settlingDuration(epsilon: Self.settlingThreshold) }

    /// The time after which the spring stays within `epsilon` of its target by the rule of
    /// Docs/semantics.md §12.3 (U12), in seconds; Core Animation's private `durationForEpsilon:`.
    ///
    /// The rule bounds `|x(τ) − 1|` by an envelope `E(τ)` that adds the magnitudes of the two terms of
    /// `x − 1` (`q = ζω0 − v0`):
    /// * `ζ < 1`: `E = A·e^(−ζω0τ)` with `A = 1 + |q|/ωd`, and the duration is `−ln(ε/A)/(ζω0)`, or 0 if
    ///   that is negative; `+∞` for an undamped spring. Cost: O(1).
    /// * `ζ ≥ 1` (critical, or overdamped with ``allowsOverdamping``):
    ///   `E = e^(−ζω0τ)·(cosh sτ + |q|·sinh(sτ)/s)` (critical: `e^(−ω0τ)·(1 + |q|τ)`), and the duration
    ///   is the first instant of `0, 0.1, 0.2, …` (partial sums of 0.1 in `Double`, as a loop
    ///   `t += 0.1` gives them) after the last time `E ≥ ε`. `E` has at most one maximum and `E(0) = 1`,
    ///   so for `ε ≤ 1` this is the first of those instants where `E < ε`; for `ε > 1` it is 0. `+∞` if
    ///   the instants stop growing first (from `2^50` s on). Cost: the last time is found by doubling
    ///   and bisection on `ln E − ln ε` (at most about 2,400 evaluations of `E`), then at most about 200
    ///   steps reach the instant.
    ///
    /// `E = |x − 1|` when `v0 ≤ ζω0`; otherwise it is an upper bound. In every case `|x(τ) − 1| ≤ ε` for
    /// all `τ` at or after the returned time (for `ε ≤ 1`). The rule jumps at `ζ = 1`: `|q|/ωd` grows
    /// without bound as `ζ → 1⁻` (mass 1, stiffness 100, `v0 = 0`: 0.91 s at `ζ = 0.99`, 1.35 s at
    /// `ζ = 1 − 10⁻⁶`, 2.04 s at `ζ = 1 − 10⁻¹²`, 0.9999999999999999 s at `ζ = 1`). `epsilon` NaN or ≤ 0
    /// gives `+∞`.
    public func settlingDuration(epsilon: Double) -> Double {
        guard epsilon > 0 else { return .infinity }
        let logEpsilon = Elementary.log(epsilon)
        if regime == .underdamped {
            let decay = -slowRate
            guard decay > 0 else { return .infinity }
            // −ln(ε/A)/(ζω0): this order of operations gives Core Animation's figures to the bit.
            let amplitude = 1 + sineCoefficient.magnitude
            let ratio = epsilon / amplitude
            let logRatio = ratio >= .leastNormalMagnitude
                ? Elementary.log(ratio)
                : logEpsilon - Elementary.log(amplitude)  // ε/A underflows
            return max(0, -logRatio / decay)
        }
        guard epsilon <= 1 else { return 0 }
        // F(τ) = ln E(τ) − ln ε: F(0) = −ln ε ≥ 0, negative for large τ, one sign change after which
        // it stays negative.
        let magnitude = q.magnitude
        func excess(_ time: Double) -> Double {
            let logEnvelope: Double
            if regime == .critical {
                let linear = magnitude * time
                logEnvelope = slowRate * time + (linear.isFinite
                    ? Elementary.log1p(linear)
                    : Elementary.log(magnitude) + Elementary.log(time))  // ln(1 + |q|τ) = ln|q| + ln τ to 1 ulp
            } else {
                let s = frequency
                let rising = -Elementary.expm1(-2 * s * time)
                let factor = rising / (2 * s)
                let coupled = magnitude * factor
                logEnvelope = slowRate * time + (coupled.isFinite
                    ? Elementary.log((2 - rising) / 2 + coupled)
                    : Elementary.log(magnitude) + Elementary.log(factor))  // the first term is < 1 beside it
            }
            return logEnvelope - logEpsilon
        }
        var low = 0.0
        var high = 1 / -slowRate
        var doublings = 0
        while excess(high) >= 0 {
            low = high
            high *= 2
            doublings += 1
            guard high.isFinite, doublings < 2200 else { return .infinity }
        }
        for _ in 0..<200 {
            let middle = low + (high - low) / 2
            guard middle > low, middle < high else { break }
            if excess(middle) >= 0 { low = middle } else { high = middle }
        }
        // E ≥ ε at `low`, E < ε at `high`, adjacent doubles: the first instant after `low` is the answer;
        // the loop only guards against the rounding of E between `low` and `high`.
        guard var instant = SettlingSteps.first(after: low) else { return .infinity }
        while excess(instant) >= 0 {
            guard let next = SettlingSteps.next(after: instant) else { return .infinity }
            instant = next
        }
        return instant
    }
}
