/// Spring parameters that have no meaning in `CASpringAnimation` (Docs/semantics.md §12.1).
public enum SpringError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A parameter is NaN or infinite, or (mass, stiffness, perceptual duration) not positive.
    case invalidParameter(SpringParameter, InvalidValue)
    /// The damping is negative; it must be ≥ 0.
    case negativeDamping
    /// A perceptual `bounce` outside `(−1, 1]` (Docs/semantics.md §12.4): −1 would need infinite damping,
    /// above 1 negative damping.
    case bounceOutOfRange
    /// The parameters are finite but the derived quantities (`ω0 = √(k/m)`, the damping ratio, the decay
    /// rate, `ζω0 − v0`) overflow or vanish in `Double`.
    case unrepresentable

    public var description: String {
        switch self {
        case let .invalidParameter(parameter, value):
            return "spring.\(parameter.rawValue): \(value.description)"
        case .negativeDamping:
            return "spring.damping: expected a number ≥ 0"
        case .bounceOutOfRange:
            return "spring.bounce: expected a number > −1 and ≤ 1"
        case .unrepresentable:
            return "spring: the natural frequency or damping ratio is out of Double's range"
        }
    }
}

/// The parameters of ``SpringCurve`` and of the perceptual form of ``SpringParameters``.
public enum SpringParameter: String, Hashable, Sendable, CaseIterable {
    /// `mass`, `stiffness`, `damping` and `initialVelocity` of a spring.
    case mass, stiffness, damping, initialVelocity
    /// `perceptualDuration` and `bounce` of ``SpringParameters/init(perceptualDuration:bounce:initialVelocity:)``.
    case perceptualDuration, bounce
}
