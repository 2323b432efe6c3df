/// What an animation shows outside its active duration (`CAMediaTimingFillMode`,
/// Docs/semantics.md §7.3).
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    /// Nothing outside the active duration (Core Animation's default).
    case removed
    /// The terminal sample after the active duration (Docs/semantics.md §7.2).
    case forwards
    /// The window-start sample before the active duration.
    case backwards
    /// Both `backwards` and `forwards`.
    case both

    /// Whether the object shows its window-start sample before its active duration.
    @inlinable
    public var fillsBackwards: Bool { self == .backwards || self == .both }

    /// Whether the object shows its terminal sample after its active duration.
    @inlinable
    public var fillsForwards: Bool { self == .forwards || self == .both }
}
