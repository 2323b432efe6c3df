/// A checked ``Timing`` with its derived durations, ready to evaluate at any parent time
/// (Docs/semantics.md §5–§7).
///
/// Resolution validates the fields (Docs/semantics.md §5.3), replaces a non-positive duration with the
/// default duration, and computes the cycle and active durations once. Evaluation is then a pure function
/// of the parent time: it reads no clock and allocates nothing.
public struct ResolvedTiming: Hashable, Sendable {
    /// The timing as given.
    public let timing: Timing
    /// The simple duration `d` (positive, possibly infinite).
    public let simpleDuration: Double
    /// The cycle duration `c` (`2d` when autoreversing).
    public let cycleDuration: Double
    /// The active duration `AD` (positive, possibly infinite).
    public let activeDuration: Double
    /// `1/cycleDuration`, rounded once (the cycle remainder's quotient, without a division per evaluation).
    @usableFromInline let inverseCycleDuration: Double

    /// Checks `timing` and derives its durations.
    ///
    /// - Parameters:
    ///   - timing: the fields to check.
    ///   - defaultDuration: the duration used when `timing.duration ≤ 0`: the transaction duration,
    ///     0.25 s by default (Docs/semantics.md §4.2), or a group's duration for its children (§9.3). It
    ///     must be positive; `+infinity` is allowed.
    /// - Throws: ``TimingError/invalidField(_:_:)`` naming the first invalid field.
    public init(_ timing: Timing, defaultDuration: Double = 0.25) throws(TimingError) {
        try timing.validate()
        if let invalid = InvalidValue(nonFinite: defaultDuration), invalid != .positiveInfinity {
            throw .invalidField(.defaultDuration, invalid)
        }
        guard defaultDuration > 0 else { throw .invalidField(.defaultDuration, .notPositive) }
        self.init(
            validated: timing,
            simpleDuration: TimingCalculations.simpleDuration(duration: timing.duration, defaultDuration: defaultDuration))
    }

    /// The resolution of a timing that ``Timing/validate()`` accepted, with its simple duration `d` (the
    /// duration, or the default duration where it is not positive): the derived durations only.
    init(validated timing: Timing, simpleDuration d: Double) {
        self.timing = timing
        simpleDuration = d
        cycleDuration = TimingCalculations.cycleDuration(simpleDuration: d, autoreverses: timing.autoreverses)
        inverseCycleDuration = 1 / cycleDuration
        activeDuration = TimingCalculations.activeDuration(
            cycleDuration: cycleDuration, repeatCount: timing.repeatCount, repeatDuration: timing.repeatDuration)
    }

    /// The phase at parent time `parentTime` (Docs/semantics.md §6.1).
    @inlinable
    public func phase(atParentTime parentTime: Double) -> TimingPhase {
        TimingCalculations.phase(
            elapsed: parentTime - timing.beginTime, rate: timing.timeSpace.rate, activeDuration: activeDuration)
    }

    /// The parent time at which the active duration ends (`beginTime + AD / |speed|`), or `nil` when the
    /// object never completes (speed 0 or an infinite active duration, Docs/semantics.md §7.4).
    @inlinable
    public var endTime: Double? {
        let rate = timing.timeSpace.rate
        guard rate != 0, activeDuration.isFinite else { return nil }
        return timing.beginTime + activeDuration / rate.magnitude
    }

    /// Evaluates the timing at parent time `parentTime` with a linear timing function.
    ///
    /// - Parameters:
    ///   - parentTime: the time in the parent's time space (the layer's local time for an animation).
    ///   - removedOnCompletion: whether the object stops contributing once its active duration has
    ///     passed (Docs/semantics.md §7.4); only affects ``TimingEvaluation/applies``.
    /// - Throws: ``TimingError/invalidTime(_:)`` for a non-finite time,
    ///   ``TimingError/localTimeOverflow`` when the local time leaves `Double`'s range.
    @inlinable @inline(__always)
    public func evaluate(atParentTime parentTime: Double, removedOnCompletion: Bool = true) throws(TimingError) -> TimingEvaluation {
        try evaluateUntimed(parentTime, removedOnCompletion: removedOnCompletion)
    }

    /// Evaluates the timing at parent time `parentTime`, applying `timingFunction` to the unit time
    /// (Docs/semantics.md §8).
    ///
    /// - Parameters:
    ///   - parentTime: the time in the parent's time space (the layer's local time for an animation).
    ///   - timingFunction: the prepared timing function giving ``TimingEvaluation/progress``.
    ///   - removedOnCompletion: whether the object stops contributing once its active duration has
    ///     passed (Docs/semantics.md §7.4); only affects ``TimingEvaluation/applies``.
    /// - Throws: ``TimingError/invalidTime(_:)`` for a non-finite time,
    ///   ``TimingError/localTimeOverflow`` when the local time leaves `Double`'s range.
    @inlinable
    public func evaluate(
        atParentTime parentTime: Double, timingFunction: borrowing PreparedTimingFunction,
        removedOnCompletion: Bool = true
    ) throws(TimingError) -> TimingEvaluation {
        var result = try evaluateUntimed(parentTime, removedOnCompletion: removedOnCompletion)
        result.progress = timingFunction.value(at: result.unitTime)
        return result
    }

    /// Evaluates the timing as a child of a frozen parent: a parent group in its after phase passes its
    /// terminal time as a limit from inside (Docs/semantics.md §9.5, U4). A child whose window ends exactly
    /// at that time (`e·|s| == AD`) shows its terminal sample as the last instant of its active phase,
    /// whatever its fill mode; past its end it follows the normal rules.
    ///
    /// - Parameters:
    ///   - parentTime: the time the frozen parent passes (the group's terminal local time).
    ///   - timingFunction: the prepared timing function giving ``TimingEvaluation/progress``.
    ///   - removedOnCompletion: whether the object stops contributing once its active duration has
    ///     passed; group children ignore it (Docs/semantics.md §9.4), so groups pass `false`.
    /// - Throws: ``TimingError/invalidTime(_:)`` for a non-finite time,
    ///   ``TimingError/localTimeOverflow`` when the local time leaves `Double`'s range.
    @inlinable
    public func evaluate(
        atFrozenParentTime parentTime: Double, timingFunction: borrowing PreparedTimingFunction,
        removedOnCompletion: Bool = false
    ) throws(TimingError) -> TimingEvaluation {
        var result = try evaluateUntimed(atFrozenParentTime: parentTime, removedOnCompletion: removedOnCompletion)
        result.progress = timingFunction.value(at: result.unitTime)
        return result
    }

    /// ``evaluate(atFrozenParentTime:timingFunction:removedOnCompletion:)`` without the timing function:
    /// `progress == unitTime`.
    @inlinable
    func evaluateUntimed(atFrozenParentTime parentTime: Double, removedOnCompletion: Bool) throws(TimingError) -> TimingEvaluation {
        var result = try evaluateUntimed(parentTime, removedOnCompletion: removedOnCompletion)
        let elapsed = parentTime - timing.beginTime
        if result.phase == .after && elapsed * timing.timeSpace.rate.magnitude == activeDuration {
            result.phase = .active
            result.applies = true
        }
        return result
    }

    /// Stages 1 and 2 (Docs/semantics.md §6–§7) without the timing function: `progress == unitTime`.
    /// Inlined (with ``evaluate(atParentTime:removedOnCompletion:)``) so that its callers keep the result
    /// in registers (`PreparedAnimation.evaluateTiming`, which the frame plan's walk calls, applies the
    /// curve to it): a result returned through memory is read back by loads wider than the stores that
    /// wrote it, which store forwarding cannot serve.
    @inlinable @inline(__always)
    func evaluateUntimed(_ parentTime: Double, removedOnCompletion: Bool) throws(TimingError) -> TimingEvaluation {
        if !parentTime.isFinite, let invalid = InvalidValue(nonFinite: parentTime) { throw .invalidTime(invalid) }
        let rate = timing.timeSpace.rate
        let elapsed = parentTime - timing.beginTime
        let phase = TimingCalculations.phase(elapsed: elapsed, rate: rate, activeDuration: activeDuration)
        let (rawTime, approach) = TimingCalculations.sampledRawTime(
            phase: phase, elapsed: elapsed, rate: rate, timeOffset: timing.timeOffset, activeDuration: activeDuration)
        guard rawTime.isFinite else { throw .localTimeOverflow }
        let activeTime = TimingCalculations.activeLocalTime(
            rawTime: rawTime, activeDuration: activeDuration, approach: approach)
        let (iteration, cycleTime) =
            approach == .fromBelow && activeTime == activeDuration && timing.repeatDuration <= 0
            ? TimingCalculations.iterationAtEnd(repeatCount: timing.repeatCount, cycleDuration: cycleDuration)
            : TimingCalculations.iteration(
                activeTime: activeTime, cycleDuration: cycleDuration, inverseCycleDuration: inverseCycleDuration,
                approach: approach)
        let basicTime = TimingCalculations.basicLocalTime(
            cycleTime: cycleTime, simpleDuration: simpleDuration, autoreverses: timing.autoreverses)
        let unitTime = TimingCalculations.unitTime(basicTime: basicTime, simpleDuration: simpleDuration)
        return TimingEvaluation(
            phase: phase,
            applies: TimingCalculations.applies(
                phase: phase, fillMode: timing.fillMode, removedOnCompletion: removedOnCompletion),
            iteration: iteration, activeTime: activeTime, basicTime: basicTime, unitTime: unitTime,
            progress: unitTime)
    }
}
