/// The perceptual parameters of `CASpringAnimation` (iOS 17, macOS 14): a duration that sets the pace and a
/// bounce that sets the damping (Docs/semantics.md §12.4).
extension SpringParameters {
    /// `CASpringAnimation(perceptualDuration:bounce:)`: mass 1, stiffness `(2π/d)²`, damping
    /// `4π(1 − b)/d` for `b ≥ 0` and `4π/(d·(1 + b))` for `b < 0`, where `d` is `perceptualDuration` and `b`
    /// is `bounce`; ``allowsOverdamping`` is true, so a negative bounce is overdamped (damping ratio
    /// `1/(1 + b)`). Docs/semantics.md §12.4. Cost: O(1).
    ///
    /// Bounce 0 is critically damped, 1 undamped (it never settles).
    ///
    /// - Throws: ``SpringError/invalidParameter(_:_:)`` for a NaN or infinite `perceptualDuration`,
    ///   `bounce` or `initialVelocity`, or a `perceptualDuration` ≤ 0; ``SpringError/bounceOutOfRange`` for
    ///   `bounce` ≤ −1 or > 1; ``SpringError/unrepresentable`` when the stiffness overflows (a perceptual
    ///   duration below about 5·10⁻¹⁵⁴ s) or underflows to 0, or when ``SpringCurve`` cannot represent
    ///   the spring.
    public init(perceptualDuration: Double, bounce: Double, initialVelocity: Double = 0) throws(SpringError) {
        if let invalid = InvalidValue(nonFinite: perceptualDuration) {
            throw .invalidParameter(.perceptualDuration, invalid)
        }
        guard perceptualDuration > 0 else { throw .invalidParameter(.perceptualDuration, .notPositive) }
        if let invalid = InvalidValue(nonFinite: bounce) { throw .invalidParameter(.bounce, invalid) }
        guard bounce > -1, bounce <= 1 else { throw .bounceOutOfRange }
        let angularFrequency = 2 * Double.pi / perceptualDuration
        let damping = bounce >= 0
            ? 4 * Double.pi * (1 - bounce) / perceptualDuration
            : 4 * Double.pi / (perceptualDuration * (1 + bounce))
        self.init(
            mass: 1, stiffness: angularFrequency * angularFrequency, damping: damping,
            initialVelocity: initialVelocity, allowsOverdamping: true)
        guard stiffness.isFinite, stiffness > 0, damping.isFinite else { throw .unrepresentable }
        _ = try SpringCurve(self)
    }

    /// `CASpringAnimation.perceptualDuration`: the period of the undamped spring, `2π·√(m/k)` seconds, for
    /// any parameters (Docs/semantics.md §12.4). The inverse of ``init(perceptualDuration:bounce:initialVelocity:)``
    /// when the mass is 1.
    public var perceptualDuration: Double { 2 * Double.pi * (mass.squareRoot() / stiffness.squareRoot()) }

    /// `CASpringAnimation.bounce`: `1 − ζ` for a damping ratio `ζ = c/(2√(km)) ≤ 1`, `1/ζ − 1` above, in
    /// `(−1, 1]` (Docs/semantics.md §12.4). `ζ` comes from the stored damping, whether or not
    /// ``allowsOverdamping`` lets the motion use it: damping 40 with mass 1 and stiffness 100 reads −0.5
    /// either way. The inverse of ``init(perceptualDuration:bounce:initialVelocity:)``.
    public var bounce: Double {
        let ratio = SpringCurve.dampingRatio(mass: mass, stiffness: stiffness, damping: damping)
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }
}
