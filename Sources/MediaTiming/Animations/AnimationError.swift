/// Why an animation cannot be prepared, with where in it the problem is (e.g. `animations[1].values[2]`).
public struct AnimationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The place inside the animation: a dotted path of its fields, empty for the animation itself.
    public var path: String
    /// What is wrong.
    public var reason: Reason

    /// What is wrong with an animation.
    public enum Reason: Hashable, Sendable {
        /// A timing field is invalid.
        case timing(TimingError)
        /// A value is invalid (NaN, infinite, or of the wrong shape).
        case value(ValueError)
        /// The keyframe fields are invalid.
        case keyframes(KeyframeError)
        /// The spring parameters are invalid.
        case spring(SpringError)
        /// The path is invalid.
        case path(PathError)
        /// A value does not have the kind of the animated key path.
        case valueKind(expected: ValueKind, got: ValueKind)
        /// Groups nested deeper than ``PreparedAnimation/maximumNestingDepth``.
        case nestingTooDeep(limit: Int)
        /// A transition progress outside [0, 1] or not finite.
        case transitionProgress
    }

    /// Creates an error.
    public init(path: String = "", _ reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The same error seen from an enclosing field.
    func inside(_ field: String) -> AnimationError {
        AnimationError(path: path.isEmpty ? field : (path.hasPrefix("[") ? field + path : "\(field).\(path)"), reason)
    }

    public var description: String {
        let what: String
        switch reason {
        case let .timing(error): what = error.description
        case let .value(error): what = error.description
        case let .keyframes(error): what = error.description
        case let .spring(error): what = error.description
        case let .path(error): what = error.description
        case let .valueKind(expected, got): what = "expected a \(expected) value, got a \(got)"
        case let .nestingTooDeep(limit): what = "groups nested deeper than \(limit)"
        case .transitionProgress: what = "transition progress must be finite and in 0...1"
        }
        return path.isEmpty ? what : "\(path): \(what)"
    }
}
