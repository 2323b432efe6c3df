/// Removing, inserting and moving layers at a media time (Docs/semantics.md §18).
///
/// A layer outside the tree (it, or an ancestor, was removed) keeps its model values and the animations
/// it kept, but has no presentation and no events: its readings (``presentation(of:replica:)``,
/// ``presentationValue(of:layer:replica:)``, the slot readings, ``timingState(ofAnimation:layer:replica:)``,
/// ``localTime(of:replica:)``) throw ``LayerError/notInTree(layer:)``, adding an animation to it is refused,
/// and removing one of its animations delivers no didStop (Docs/semantics.md §18.4).
extension AnimationRuntime {
    /// Removes `layer` with its subtree from the tree at `time` (`removeFromSuperlayer`,
    /// Docs/semantics.md §18.1): advances to `time` (returning the events on the way), then removes the
    /// animations with `removedOnCompletion` of every layer of the subtree, each with didStop (not
    /// finished, unless it had stopped), in the order they were added; the others stay attached, frozen
    /// until the layer is back in the tree.
    ///
    /// Costs the advance, plus O(subtree + its animations).
    ///
    /// - Throws: ``RuntimeError/layer(_:)`` with ``LayerError/unknownLayer(_:)`` or
    ///   ``LayerError/notInTree(layer:)`` (checked before anything changes); the advance's errors.
    @discardableResult
    public mutating func removeLayer(_ layer: LayerID, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        try requireInTree(layer)
        var events = try advance(to: time)
        var node = layer.index
        while node >= 0 {
            let id = LayerID(index: node)
            var index = 0
            while index < attached[node].count {
                if attached[node][index].removedOnCompletion {
                    detach(layer: id, at: index, time: time, into: &events)
                } else {
                    // Kept: it waits, frozen, outside the tree, and its queued crossing is void.
                    attached[node][index].stamp = -1
                    index += 1
                }
            }
            node = tree.next(inSubtreeOf: layer.index, after: node)
        }
        do { try tree.removeLayer(layer) } catch { throw .layer(error) }
        structureChanged(layer)
        if events.count > 1 { events.sort(by: AnimationEvent.ordered) }
        return events
    }

    /// Inserts a layer that is outside the tree, with its subtree, as the last child of `parent` (a root
    /// when nil) at `time` (Docs/semantics.md §18.2): advances to `time`, changes the tree, then delivers
    /// the events of the subtree's animations at `time` under their new chain (didStart when a window has
    /// begun, didStop(finished) when it is over or was left through its start).
    ///
    /// Costs the advance, plus O(depth of `parent`) and O(subtree + its animations).
    ///
    /// - Throws: ``RuntimeError/layer(_:)`` with the errors of ``LayerTree/insertLayer(_:parent:)``
    ///   (checked before anything changes); the advance's errors.
    @discardableResult
    public mutating func insertLayer(_ layer: LayerID, parent: LayerID?, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        do throws(LayerError) {
            guard try !tree.isInTree(layer) else { throw .alreadyInTree(layer: tree.names[layer.index]) }
            _ = try tree.validParent(parent, for: layer.index)
        } catch {
            throw .layer(error)
        }
        return try changeSubtree(of: layer, at: time, restructures: true) { tree throws(LayerError) in
            try tree.insertLayer(layer, parent: parent)
        }
    }

    /// Moves a layer of the tree, with its subtree, to the end of `parent`'s children (a root when nil)
    /// at `time` (Docs/semantics.md §18.3): advances to `time`, changes the tree, then delivers the events
    /// of the subtree's animations at `time` under their new chain, as ``insertLayer(_:parent:at:)``.
    ///
    /// Costs the advance, plus O(depth of `parent`) and O(subtree + its animations).
    ///
    /// - Throws: ``RuntimeError/layer(_:)`` with the errors of ``LayerTree/moveLayer(_:to:)`` (checked
    ///   before anything changes); the advance's errors.
    @discardableResult
    public mutating func moveLayer(_ layer: LayerID, to parent: LayerID?, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        try requireInTree(layer)
        do { _ = try tree.validParent(parent, for: layer.index) } catch { throw .layer(error) }
        return try changeSubtree(of: layer, at: time, restructures: true) { tree throws(LayerError) in
            try tree.moveLayer(layer, to: parent)
        }
    }

    /// Whether a layer is in the tree (``LayerTree/isInTree(_:)``). O(1).
    // Inlined into callers in other modules: a call passes a copy of the runtime.
    @inlinable
    public func isInTree(_ layer: LayerID) throws(RuntimeError) -> Bool {
        do { return try tree.isInTree(layer) } catch { throw .layer(error) }
    }

    // MARK: Internals

    /// Refuses a layer outside the tree (or not of this runtime).
    func requireInTree(_ layer: LayerID) throws(RuntimeError) {
        do { try tree.check(layer) } catch { throw .layer(error) }
        guard !tree.outside[layer.index] else { throw .layer(.notInTree(layer: tree.names[layer.index])) }
    }

    /// The name of a layer of the tree, for the readings: ``LayerError/notInTree(layer:)`` when it is
    /// outside the tree (Docs/semantics.md §18.4).
    func nameInTree(_ layer: LayerID) throws(RuntimeError) -> String {
        try requireInTree(layer)
        return tree.names[layer.index]
    }

    /// An operation that changes when `layer`'s subtree runs (a clock, or where the subtree hangs): advances
    /// to `time`, applies `change` to the tree, forgets the presentation (with `restructures`, also
    /// recompiles the subtree's frame plan, ``structureChanged(_:)``), then settles the subtree at `time`.
    /// Returns the events of both, in time then add order. O(subtree) plus the events.
    mutating func changeSubtree(
        of layer: LayerID, at time: Double, restructures: Bool = false,
        _ change: (inout LayerTree) throws(LayerError) -> Void
    ) throws(RuntimeError) -> [AnimationEvent] {
        var events = try advance(to: time)
        do { try change(&tree) } catch { throw .layer(error) }
        if restructures { structureChanged(layer) } else { presentationTime = nil }
        events += try settle(subtreeOf: layer, at: time)
        return events.sorted(by: AnimationEvent.ordered)
    }

    /// After a change of the tree's structure at `layer`: the frame plan recompiles its subtree (which it
    /// leaves out while outside the tree), and the presentation is no longer current. O(subtree).
    mutating func structureChanged(_ layer: LayerID) {
        tree.forEachLayer(inSubtreeOf: layer) { plan.invalidate($0) }
        presentationTime = nil
    }

    /// Makes the slot readings of the layers outside the tree read by key path (which throws
    /// ``LayerError/notInTree(layer:)``). O(slots).
    mutating func forgetReadingsOutsideTree() {
        for id in readouts.indices where readouts[id].layer < tree.count && tree.outside[readouts[id].layer] {
            readouts[id].state = .unknown
        }
    }
}
