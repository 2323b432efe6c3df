import MediaTiming

/// The tree's structure in the reference (Docs/semantics.md §18), from its own parent links and removed
/// tops, walked from scratch at every question: a layer is in the tree when neither it nor an ancestor was
/// removed; its local time is its chain's time spaces applied from its root down.
///
/// `tree` (a ``LayerTree``) follows every change too, only because it holds the time spaces and QA1673's
/// pause and resume (§14.2) read a layer's local time through it; it never decides anything here, and a
/// change it refuses after the reference accepted it is a ``ReferenceError``.
extension ReferenceRuntime {
    // MARK: Questions

    /// Whether a layer is in the tree: neither it nor an ancestor was removed (§18).
    public func isInTree(_ layer: LayerID) throws -> Bool {
        _ = try name(of: layer)
        return inTree(layer.index)
    }

    /// ``isInTree(_:)`` of a known layer index, walking up to its root.
    func inTree(_ index: Int) -> Bool {
        var node: Int? = index
        while let n = node {
            if removedTops[n] { return false }
            node = parents[n]
        }
        return true
    }

    /// Whether `ancestor` is `index` or above it (walking up through the reference's links, across the
    /// top of a removed piece).
    func isAncestor(_ ancestor: Int, of index: Int) -> Bool {
        var node: Int? = index
        while let n = node {
            if n == ancestor { return true }
            node = parents[n]
        }
        return false
    }

    /// The indices of every layer of `index`'s subtree (it included), in index order.
    func subtree(of index: Int) -> [Int] {
        parents.indices.filter { isAncestor(index, of: $0) }
    }

    /// Throws ``LayerError/unknownLayer(_:)`` for a foreign layer, ``LayerError/notInTree(layer:)`` for a
    /// layer outside the tree (§18.4).
    func requireInTree(_ layer: LayerID) throws {
        let name = try name(of: layer)
        guard inTree(layer.index) else { throw RuntimeError.layer(.notInTree(layer: name)) }
    }

    /// The local time of `layer` at media time `time` through its chain as it stands (in the tree or in a
    /// removed piece): each time space from the root down, `(tp − beginTime) · speed + timeOffset` (§3.1,
    /// §3.2).
    func chainTime(of layer: LayerID, at time: Double) throws -> Double {
        if let invalid = InvalidValue(nonFinite: time) { throw RuntimeError.layer(.invalidTime(invalid)) }
        let name = try name(of: layer)
        func local(_ index: Int) throws -> Double {
            let parentTime = try parents[index].map(local) ?? time
            do throws(LayerError) { return try tree.timeSpace(of: layers[index]).localTime(fromParent: parentTime) } catch {
                throw RuntimeError.layer(error)
            }
        }
        let t = try local(layer.index)
        guard t.isFinite else { throw RuntimeError.layer(.localTimeOverflow(layer: name)) }
        return t
    }

    /// The new parent's index, checked (§18.3): known, not `layer` nor in its subtree (a cycle), in the
    /// tree.
    func validParent(_ parent: LayerID?, for layer: LayerID) throws -> Int? {
        guard let parent else { return nil }
        let parentName = try name(of: parent)
        if isAncestor(layer.index, of: parent.index) {
            throw RuntimeError.layer(.cycle(layer: try name(of: layer), parent: parentName))
        }
        guard inTree(parent.index) else { throw RuntimeError.layer(.notInTree(layer: parentName)) }
        return parent.index
    }

    /// Applies a structure change the reference accepted to `tree` as well (for its time spaces).
    mutating func follow(_ change: (inout LayerTree) throws(LayerError) -> Void) throws {
        do throws(LayerError) { try change(&tree) } catch {
            throw ReferenceError.inconsistent("LayerTree refused a change the reference accepted: \(error)")
        }
    }

    // MARK: Operations

    /// `removeFromSuperlayer` of a layer of the tree at `time` (§18.1): after the advance, every animation
    /// with `removedOnCompletion` of every layer of its subtree is removed (didStop, not finished, unless
    /// it had stopped; in add order); the others stay, frozen outside the tree (§18.4).
    public mutating func removeLayer(_ layer: LayerID, at time: Double) throws -> [AnimationEvent] {
        try requireInTree(layer)
        return try operation(at: time) { runtime in
            var events: [AnimationEvent] = []
            for index in runtime.subtree(of: layer.index) {
                var position = 0
                while position < runtime.animations[index].count {
                    if runtime.animations[index][position].removedOnCompletion {
                        events += runtime.detach(layer: runtime.layers[index], at: position, time: time)
                    } else {
                        position += 1
                    }
                }
            }
            runtime.parents[layer.index] = nil
            runtime.removedTops[layer.index] = true
            try runtime.follow { tree throws(LayerError) in try tree.removeLayer(layer) }
            return events
        }
    }

    /// `addSublayer:` of a layer outside the tree at `time` (§18.2): it goes last under `parent` (a root
    /// when nil) with its subtree; the settle after the change delivers what the new chain shows at `time`.
    public mutating func insertLayer(_ layer: LayerID, parent: LayerID?, at time: Double) throws -> [AnimationEvent] {
        let name = try name(of: layer)
        guard !inTree(layer.index) else { throw RuntimeError.layer(.alreadyInTree(layer: name)) }
        let parentIndex = try validParent(parent, for: layer)
        return try operation(at: time) { runtime in
            runtime.parents[layer.index] = parentIndex
            runtime.removedTops[layer.index] = false
            try runtime.follow { tree throws(LayerError) in try tree.insertLayer(layer, parent: parent) }
            return []
        }
    }

    /// `addSublayer:` of a layer of the tree at `time` (§18.3): it moves last under `parent` (a root when
    /// nil) with its subtree; the settle after the change delivers what the new chain shows at `time`.
    public mutating func moveLayer(_ layer: LayerID, to parent: LayerID?, at time: Double) throws -> [AnimationEvent] {
        try requireInTree(layer)
        let parentIndex = try validParent(parent, for: layer)
        return try operation(at: time) { runtime in
            runtime.parents[layer.index] = parentIndex
            try runtime.follow { tree throws(LayerError) in try tree.moveLayer(layer, to: parent) }
            return []
        }
    }
}
