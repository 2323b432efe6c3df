import MediaTiming

/// An interval of media time during which an attached animation stays in one phase
/// (Docs/semantics.md §6.1), and whether it contributes there (its fill, §7.3–§7.4).
public struct PhaseBand: Hashable, Sendable {
    /// The animation's phase during the band.
    public var phase: TimingPhase
    /// The media time at which the band starts.
    public var from: Double
    /// The media time at which it ends (the last sample time when the band is still open).
    public var to: Double
    /// Whether the animation is shown during the band:
    /// `TimingCalculations/applies(phase:fillMode:removedOnCompletion:)`.
    public var isShown: Bool

    /// Creates a band.
    public init(phase: TimingPhase, from: Double, to: Double, isShown: Bool) {
        self.phase = phase
        self.from = from
        self.to = to
        self.isShown = isShown
    }
}
