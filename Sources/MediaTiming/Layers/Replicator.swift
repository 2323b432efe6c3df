/// The replicator part of a `CAReplicatorLayer`: its sublayers are drawn `instanceCount` times, instance
/// `k` running `k · instanceDelay` behind instance 0 (Docs/semantics.md §14.1).
public struct Replicator: Hashable, Sendable {
    /// How many copies of the sublayers are drawn (instance 0 is the sublayers themselves).
    public var instanceCount: Int
    /// The delay of each instance behind the previous one, in the replicator's local time.
    public var instanceDelay: Double

    /// Creates a replicator description.
    public init(instanceCount: Int = 1, instanceDelay: Double = 0) {
        self.instanceCount = instanceCount
        self.instanceDelay = instanceDelay
    }
}
