/// The `CAMediaTiming` fields of a layer or an animation, with Core Animation's defaults
/// (Docs/semantics.md §3–§7).
///
/// `Timing` is the user-facing description; it may hold any values. ``ResolvedTiming`` checks it and
/// derives the durations once, and evaluates it at parent times.
///
/// Defaults: an animation's `duration` of 0 means "the default duration" (Docs/semantics.md §4.2); a
/// layer's duration is infinite (``layer``). `speed` and `repeatCount` are `Float`, as in Core Animation
/// (Docs/semantics.md §3.1, §5.2).
public struct Timing: Hashable, Sendable {
    /// The parent time at which the active duration starts (`beginTime`).
    public var beginTime: Double
    /// The simple (one-iteration) duration; ≤ 0 means the default duration (`duration`).
    public var duration: Double
    /// An offset in local time (`timeOffset`).
    public var timeOffset: Double
    /// How long to repeat for, in local time; takes precedence over `repeatCount`; ≤ 0 is ignored
    /// (`repeatDuration`).
    public var repeatDuration: Double
    // The two `Float`s side by side, so that they share eight bytes (stored properties are laid out in
    // declaration order): 42 bytes instead of 50, in every resolved timing and attached animation.
    /// The rate of local time (`speed`).
    public var speed: Float
    /// How many iterations to play, possibly fractional or `.infinity`; ≤ 0 means one (`repeatCount`).
    public var repeatCount: Float
    /// Whether each iteration plays forwards and then backwards (`autoreverses`).
    public var autoreverses: Bool
    /// What shows outside the active duration (`fillMode`).
    public var fillMode: FillMode

    /// Creates a timing; every default is Core Animation's default for an animation.
    @inlinable
    public init(
        beginTime: Double = 0, duration: Double = 0, speed: Float = 1, timeOffset: Double = 0,
        repeatCount: Float = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// A layer's timing defaults: like an animation's, but with an infinite duration (a layer never
    /// ends; Docs/semantics.md §4.1).
    public static let layer = Timing(duration: .infinity)

    /// The time-space part of this timing: `beginTime`, `speed`, `timeOffset`.
    @inlinable
    public var timeSpace: TimeSpace {
        get { TimeSpace(beginTime: beginTime, speed: speed, timeOffset: timeOffset) }
        set {
            beginTime = newValue.beginTime
            speed = newValue.speed
            timeOffset = newValue.timeOffset
        }
    }

    /// Checks every field against the validation policy of Docs/semantics.md §5.3: NaN anywhere is an
    /// error; `+infinity` is accepted for `duration`, `repeatCount` and `repeatDuration` ("forever");
    /// any other infinity is an error.
    public func validate() throws(TimingError) {
        try Self.check(beginTime, .beginTime, allowsPositiveInfinity: false)
        try Self.check(duration, .duration, allowsPositiveInfinity: true)
        try Self.check(Double(speed), .speed, allowsPositiveInfinity: false)
        try Self.check(timeOffset, .timeOffset, allowsPositiveInfinity: false)
        try Self.check(Double(repeatCount), .repeatCount, allowsPositiveInfinity: true)
        try Self.check(repeatDuration, .repeatDuration, allowsPositiveInfinity: true)
    }

    @usableFromInline
    static func check(_ value: Double, _ field: TimingField, allowsPositiveInfinity: Bool) throws(TimingError) {
        guard let invalid = InvalidValue(nonFinite: value) else { return }
        if invalid == .positiveInfinity && allowsPositiveInfinity { return }
        throw .invalidField(field, invalid)
    }
}
