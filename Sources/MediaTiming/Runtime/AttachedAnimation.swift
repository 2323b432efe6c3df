/// An animation attached to a layer under a key, with its delegate state (Docs/semantics.md §4.3, §13.2).
struct AttachedAnimation: Sendable {
    let key: String
    let prepared: PreparedAnimation
    /// The order of the add among all adds of the runtime.
    let sequence: Int
    /// Whether didStart was delivered.
    var started = false
    /// Whether didStop was delivered (an animation kept after its end stays attached, filling).
    var stopped = false
    /// The stamp of the animation's live entry in the runtime's `CrossingQueue` (-1: none): a new stamp
    /// makes the entries pushed before stale.
    var stamp = -1

    var removedOnCompletion: Bool { prepared.removedOnCompletion }
}
