/// The timing state of an object at one parent time: the result of evaluating a ``ResolvedTiming``
/// (Docs/semantics.md §6–§7).
///
/// The sample fields always describe the sample the object would show in its phase: the active sample,
/// the window-start sample before the begin time, the terminal sample after the end (one-sided limits,
/// Docs/semantics.md §7.2–§7.3). ``applies`` says whether that sample is shown, given the fill mode and
/// `removedOnCompletion`.
public struct TimingEvaluation: Hashable, Sendable {
    /// Where the parent time falls relative to the active duration.
    public var phase: TimingPhase
    /// Whether the object contributes to the presentation at this time.
    public var applies: Bool
    /// The iteration index `i` (completed cycles; saturating at `Int`'s range).
    public var iteration: Int
    /// The active local time `t` (after the timeOffset wrap-around of Model W).
    public var activeTime: Double
    /// The basic local time `τ`, inside one iteration (`0 ≤ τ ≤ d`), mirrored on autoreversed halves.
    public var basicTime: Double
    /// The unit time `x = τ / d` before the timing function.
    public var unitTime: Double
    /// The progress `p = TF(x)` after the timing function (equal to ``unitTime`` when linear).
    public var progress: Double

    /// Creates an evaluation from its fields.
    @inlinable
    public init(
        phase: TimingPhase, applies: Bool, iteration: Int, activeTime: Double, basicTime: Double,
        unitTime: Double, progress: Double
    ) {
        self.phase = phase
        self.applies = applies
        self.iteration = iteration
        self.activeTime = activeTime
        self.basicTime = basicTime
        self.unitTime = unitTime
        self.progress = progress
    }
}
