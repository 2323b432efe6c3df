import MediaTiming

/// An animation attached to a layer of the ``ReferenceRuntime``: the animation as prepared at its add, its
/// key, the order of its add, and its delegate state (Docs/semantics.md §4.3, §13.2).
public struct ReferenceAnimation: Sendable {
    /// The key it was added under.
    public let key: String
    /// The animation with the add's substitutions (beginTime 0 → the layer's now, duration ≤ 0 → the
    /// transaction duration).
    public let prepared: PreparedAnimation
    /// The order of its add among every add of the runtime (implicit actions included).
    public let sequence: Int
    /// Whether didStart was delivered.
    public var started = false
    /// Whether didStop was delivered (an animation kept after its end stays attached, filling).
    public var stopped = false

    /// Whether it leaves its layer once complete (Docs/semantics.md §7.4).
    public var removedOnCompletion: Bool { prepared.animation.removedOnCompletion }
}
