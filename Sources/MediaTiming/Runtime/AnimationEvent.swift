/// A delegate callback as a value: `animationDidStart:` or `animationDidStop:finished:`, stamped with
/// the exact media time of the crossing that caused it (Docs/semantics.md §13).
public struct AnimationEvent: Hashable, Sendable, CustomStringConvertible {
    /// The media time of the crossing (not rounded to a frame).
    public var time: Double
    /// The layer the animation is attached to.
    public var layer: LayerID
    /// The animation's key.
    public var key: String
    /// What happened.
    public var kind: Kind
    /// The order in which the animation was added, for ordering events at equal times.
    public var sequence: Int

    /// What happened to an animation.
    public enum Kind: Hashable, Sendable {
        /// The animation began its active duration.
        case didStart
        /// The animation completed its active duration (`finished == true`) or was removed before
        /// (`finished == false`).
        case didStop(finished: Bool)
    }

    /// Creates an event.
    public init(time: Double, layer: LayerID, key: String, kind: Kind, sequence: Int) {
        self.time = time
        self.layer = layer
        self.key = key
        self.kind = kind
        self.sequence = sequence
    }

    public var description: String {
        switch kind {
        case .didStart: return "\(time) \(layer) \(key) didStart"
        case let .didStop(finished): return "\(time) \(layer) \(key) didStop(finished: \(finished))"
        }
    }

    /// Events ordered by time, then by the order their animations were added; a start before a stop.
    static func ordered(_ a: AnimationEvent, _ b: AnimationEvent) -> Bool {
        if a.time != b.time { return a.time < b.time }
        if a.sequence != b.sequence { return a.sequence < b.sequence }
        return a.kind == .didStart && b.kind != .didStart
    }
}
