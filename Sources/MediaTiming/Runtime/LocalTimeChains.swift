/// The chains of time spaces of a runtime's animated layers, copied side by side: the frame pass computes
/// their local times by reading consecutive memory instead of walking each layer's chain up a large tree
/// (benchmark S4: a few animated layers among many static ones, Docs/semantics.md §3.2).
///
/// For each animated layer, in the order of the frame plan's animated list, its steps from its root down
/// to itself: `t − shift` when the step's parent is a replicator (`shift = 0·instanceDelay`, instance 0,
/// Docs/semantics.md §14.1), then the layer's `localTime(fromParent:)`: the operations of
/// ``LayerTree/localTime(of:replica:atMediaTime:)`` for replica 0, in the same order, so the same bits (a
/// non-finite result is stored as it is; reading it reports the overflow).
///
/// The copy is made again, whole, when the tree or the animated list changed since it was made
/// (``invalidate()``, the plan's generation): O(animated layers × depth), the cost of one walk per
/// animated layer; a frame then costs O(animated layers × depth) in sequential reads.
struct LocalTimeChains: Sendable {
    struct Step: Sendable {
        var space: TimeSpace
        /// `0·instanceDelay` of the parent replicator; `hasShift` false: none.
        var shift: Double
        var hasShift: Bool
    }

    private var steps: [Step] = []
    /// Per position in the animated list: its layer and its steps.
    private var layers: [(layer: Int, steps: Range<Int>)] = []
    /// The plan generation the chains were copied at (nil: stale).
    private var generation: Int? = nil

    /// Marks the chains stale (the tree changed).
    mutating func invalidate() { generation = nil }

    /// Copies the chains of `animated` from `tree` unless they are those of the plan `generation`.
    mutating func update(tree: LayerTree, animated: UnsafeMutableBufferPointer<Int>, generation: Int) {
        if self.generation == generation, layers.count == animated.count { return }
        steps.removeAll(keepingCapacity: true)
        layers.removeAll(keepingCapacity: true)
        for layer in animated where layer < tree.count {
            let start = steps.count
            var index = layer
            while index >= 0 {
                let parent = tree.parents[index]
                let replicator = parent >= 0 ? tree.replicators[parent] : nil
                steps.append(Step(space: tree.spaces[index], shift: Double(0) * (replicator?.instanceDelay ?? 0), hasShift: replicator != nil))
                index = parent
            }
            steps[start...].reverse()
            layers.append((layer, start..<steps.count))
        }
        self.generation = generation
    }

    /// Writes each animated layer's local time at `mediaTime` into `times` (indexed by layer).
    func localTimes(atMediaTime mediaTime: Double, into times: inout [Double]) {
        steps.withUnsafeBufferPointer { steps in
            times.withUnsafeMutableBufferPointer { times in
                for (layer, range) in layers where layer < times.count {
                    var t = mediaTime
                    for position in range {
                        if steps[position].hasShift { t -= steps[position].shift }
                        t = steps[position].space.localTime(fromParent: t)
                    }
                    times[layer] = t
                }
            }
        }
    }
}
