/// An instant inside an animation's active phase where a new iteration starts, or where an autoreversing
/// iteration turns and plays backwards.
public struct IterationMark: Hashable, Sendable {
    /// What starts at the mark.
    public enum Kind: Hashable, Sendable {
        /// Iteration `index` starts (index ≥ 1, or 0 when a time offset wraps the active duration).
        case iteration(index: Int)
        /// The second half of an autoreversing iteration starts (time runs backwards from here).
        case reverse
    }

    /// The media time of the mark: the first representable time that the timing evaluates in the new
    /// iteration or half.
    public var time: Double
    /// What starts there.
    public var kind: Kind

    /// Creates a mark.
    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
