/// A Core Animation animation as a value: `CABasicAnimation`, `CAKeyframeAnimation`,
/// `CASpringAnimation`, `CAAnimationGroup` or `CATransition` (Docs/semantics.md §9–§12).
///
/// An animation is a description; adding it to a runtime copies it (Docs/semantics.md §4.3) and
/// prepares it (``PreparedAnimation``) once, so that evaluating it per frame does no set-up.
public struct Animation: Sendable {
    /// The `CAMediaTiming` fields.
    public var timing: Timing
    /// The animation's timing function (`nil` is linear; Docs/semantics.md §8.1). Springs ignore it.
    public var timingFunction: TimingFunction?
    /// Whether the animation is removed once its active duration has passed (Docs/semantics.md §7.4);
    /// ignored for the children of a group (§9.4).
    public var removedOnCompletion: Bool
    /// What the animation animates.
    public var content: Content

    /// What an animation animates.
    public enum Content: Sendable {
        /// A property animation: basic, keyframe or spring.
        case property(PropertyAnimation)
        /// A group of animations running in the group's time space, clipped to it (Docs/semantics.md §9).
        case group([Animation])
        /// A transition: its progress over the layer's `transition.progress`.
        case transition(TransitionAnimation)
    }

    /// Creates an animation.
    public init(
        timing: Timing = Timing(), timingFunction: TimingFunction? = nil, removedOnCompletion: Bool = true,
        content: Content
    ) {
        self.timing = timing
        self.timingFunction = timingFunction
        self.removedOnCompletion = removedOnCompletion
        self.content = content
    }

    /// A basic animation of `keyPath` (`CABasicAnimation`).
    public static func basic(
        _ keyPath: AnimationKeyPath, from: AnimationValue? = nil, to: AnimationValue? = nil,
        by: AnimationValue? = nil, timing: Timing = Timing(), timingFunction: TimingFunction? = nil,
        removedOnCompletion: Bool = true, additive: Bool = false, cumulative: Bool = false
    ) -> Animation {
        Animation(
            timing: timing, timingFunction: timingFunction, removedOnCompletion: removedOnCompletion,
            content: .property(
                PropertyAnimation(
                    keyPath: keyPath, isAdditive: additive, isCumulative: cumulative,
                    values: .basic(BasicValues(from: from, to: to, by: by)))))
    }

    /// A group of animations (`CAAnimationGroup`).
    public static func group(
        _ animations: [Animation], timing: Timing = Timing(), timingFunction: TimingFunction? = nil,
        removedOnCompletion: Bool = true
    ) -> Animation {
        Animation(
            timing: timing, timingFunction: timingFunction, removedOnCompletion: removedOnCompletion,
            content: .group(animations))
    }
}

/// The key path and values of a property animation (`CAPropertyAnimation`).
public struct PropertyAnimation: Sendable {
    /// The animated key path.
    public var keyPath: AnimationKeyPath
    /// Whether the value is added to the running presentation value instead of replacing it
    /// (Docs/semantics.md §10.2).
    public var isAdditive: Bool
    /// Whether each iteration builds on the end of the previous one: `i·V(1) + V(p)`
    /// (Docs/semantics.md §10.3).
    public var isCumulative: Bool
    /// The values.
    public var values: Values

    /// The values of a property animation by kind.
    public enum Values: Sendable {
        /// `fromValue`, `toValue`, `byValue` (Docs/semantics.md §10.1).
        case basic(BasicValues)
        /// Keyframes (Docs/semantics.md §11).
        case keyframes(KeyframeValues)
        /// A spring between basic values (Docs/semantics.md §12).
        case spring(BasicValues, SpringParameters)
    }

    /// Creates a property animation.
    public init(keyPath: AnimationKeyPath, isAdditive: Bool = false, isCumulative: Bool = false, values: Values) {
        self.keyPath = keyPath
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.values = values
    }
}

/// `fromValue`, `toValue` and `byValue`: any two, one or none (Docs/semantics.md §10.1).
public struct BasicValues: Sendable, Hashable {
    /// `fromValue`: the start, or nil (then the start comes from `to − by` or the model value, §10.1).
    public var from: AnimationValue?
    /// `toValue`: the end, or nil (then `from + by`, or the model value, §10.1).
    public var to: AnimationValue?
    /// `byValue`: the change from the start, or nil (Docs/semantics.md §10.1).
    public var by: AnimationValue?

    /// Creates the values.
    public init(from: AnimationValue? = nil, to: AnimationValue? = nil, by: AnimationValue? = nil) {
        self.from = from
        self.to = to
        self.by = by
    }
}

/// The keyframe fields of a `CAKeyframeAnimation` (Docs/semantics.md §11).
public struct KeyframeValues: Sendable {
    /// The keyframe values (`values`); ignored when ``path`` is set.
    public var values: [AnimationValue]
    /// `keyTimes` in [0, 1], or nil for the defaults; invalid ones are ignored (Docs/semantics.md §11.1).
    public var keyTimes: [Double]?
    /// Per-segment timing functions (`timingFunctions`, n − 1 for n values; other counts are ignored,
    /// Docs/semantics.md §11.2).
    public var timingFunctions: [TimingFunction]?
    /// How the values are spread over time (`calculationMode`, Docs/semantics.md §11).
    public var calculationMode: CalculationMode
    /// Kochanek–Bartels tension per keyframe for the cubic modes; absent values are 0 (§11.5).
    public var tensionValues: [Double]?
    /// Kochanek–Bartels continuity per keyframe for the cubic modes; absent values are 0 (§11.5).
    public var continuityValues: [Double]?
    /// Kochanek–Bartels bias per keyframe for the cubic modes; absent values are 0 (§11.5).
    public var biasValues: [Double]?
    /// A path to move along; it overrides `values` (Docs/semantics.md §11.6). The key path must take
    /// points (`position`).
    public var path: Path?
    /// How the layer turns along the path (Docs/semantics.md §11.7); meaningful only with a path.
    public var rotationMode: RotationMode?

    /// Creates keyframe values.
    public init(
        values: [AnimationValue] = [], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
        calculationMode: CalculationMode = .linear, tensionValues: [Double]? = nil,
        continuityValues: [Double]? = nil, biasValues: [Double]? = nil, path: Path? = nil,
        rotationMode: RotationMode? = nil
    ) {
        self.path = path
        self.rotationMode = rotationMode
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.tensionValues = tensionValues
        self.continuityValues = continuityValues
        self.biasValues = biasValues
    }
}

/// The physical parameters of a `CASpringAnimation` (Docs/semantics.md §12.1).
public struct SpringParameters: Sendable, Hashable {
    /// The mass, > 0 (default 1).
    public var mass: Double
    /// The spring constant, > 0 (default 100).
    public var stiffness: Double
    /// The damping coefficient, ≥ 0 (default 10).
    public var damping: Double
    /// The initial velocity in fractions of the distance per second, positive towards the target (default 0,
    /// Docs/semantics.md §12.2).
    public var initialVelocity: Double
    /// Whether a damping ratio above 1 is kept; when false it is treated as critically damped (§12.2).
    public var allowsOverdamping: Bool

    /// Creates spring parameters; the defaults are Core Animation's.
    public init(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
        allowsOverdamping: Bool = false
    ) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }
}

/// A `CATransition`: no pixels, only its progress, which animates the layer's `transition.progress`
/// from `startProgress` to `endProgress` over the transition's duration.
public struct TransitionAnimation: Sendable, Hashable {
    /// The transition type (`fade`, `push`, `moveIn`, `reveal`).
    public var type: String
    /// The direction, if any (`fromLeft`, …).
    public var subtype: String?
    /// The progress at the start, in [0, 1].
    public var startProgress: Double
    /// The progress at the end, in [0, 1].
    public var endProgress: Double

    /// Creates a transition.
    public init(type: String = "fade", subtype: String? = nil, startProgress: Double = 0, endProgress: Double = 1) {
        self.type = type
        self.subtype = subtype
        self.startProgress = startProgress
        self.endProgress = endProgress
    }

    /// The key path a transition animates.
    public static let progressKeyPath = "transition.progress"
}
