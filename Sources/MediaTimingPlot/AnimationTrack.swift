import MediaTiming
import MediaTimingScene

/// One attachment of an animation to a layer under a key, from the script operation that added it to its
/// removal (or the last sample): its resolved timing as the runtime holds it (with the runtime's
/// substitutions: `beginTime` 0 made the layer's local time at the add, a duration ≤ 0 the transaction
/// duration), its delegate events, its phase bands and its iteration marks.
///
/// A track follows the animation added under the key: a group's children, which run in the group's time,
/// have no rows of their own. For a layer inside replicators, phases and marks are those of the layer's
/// own time (instance 0); the probes show the other instances.
public struct AnimationTrack: Sendable {
    /// The layer's id.
    public var layer: String
    /// The animation's key.
    public var key: String
    /// A short description of the animation: its type and key path (`basic position.x`, `group`).
    public var summary: String
    /// The timing as attached (`PreparedAnimation/timing`).
    public var timing: ResolvedTiming
    /// The animation's `removedOnCompletion`.
    public var removedOnCompletion: Bool
    /// The media time of the operation that attached it.
    public var attachTime: Double
    /// The media time at which it was removed, or `nil` when still attached at the last sample.
    public var detachTime: Double?
    /// Its didStart event, as the runtime reported it.
    public var didStart: SceneEvent?
    /// Its didStop event, as the runtime reported it.
    public var didStop: SceneEvent?
    /// The phase bands from the attachment to the removal (or the last sample), in time order.
    public var bands: [PhaseBand]
    /// Where iterations start and autoreversing iterations turn, in time order.
    public var marks: [IterationMark]
    /// Whether the marks were too many to keep (more than ``SceneTimeline/maximumMarksPerTrack``).
    public var marksOmitted: Bool

    /// The animation's label: `layer/key`.
    public var label: String { "\(layer)/\(key)" }

    /// Creates a track.
    public init(
        layer: String, key: String, summary: String, timing: ResolvedTiming, removedOnCompletion: Bool,
        attachTime: Double, detachTime: Double? = nil, didStart: SceneEvent? = nil, didStop: SceneEvent? = nil,
        bands: [PhaseBand] = [], marks: [IterationMark] = [], marksOmitted: Bool = false
    ) {
        self.layer = layer
        self.key = key
        self.summary = summary
        self.timing = timing
        self.removedOnCompletion = removedOnCompletion
        self.attachTime = attachTime
        self.detachTime = detachTime
        self.didStart = didStart
        self.didStop = didStop
        self.bands = bands
        self.marks = marks
        self.marksOmitted = marksOmitted
    }
}
