/// Where a parent time falls relative to an object's active duration (Docs/semantics.md §6.1).
public enum TimingPhase: String, Hashable, Sendable, CaseIterable {
    /// Before the begin time: `e < 0`.
    case before
    /// Inside the half-open window `0 ≤ e·|speed| < activeDuration` (forever once `e ≥ 0` when
    /// `speed == 0` or the active duration is infinite).
    case active
    /// At or past the end of the window: `e·|speed| ≥ activeDuration`.
    case after
}
