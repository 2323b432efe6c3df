/// The tree's structure: removing, inserting and moving layers with their subtrees, and reading the
/// children lists (Docs/semantics.md §18).
extension LayerTree {
    /// Removes `layer` with its subtree from the tree (`removeFromSuperlayer`, Docs/semantics.md §18.1).
    /// The subtree stays intact outside the tree: `layer` becomes the root of a detached piece (its
    /// ``parent(of:)`` is nil; its local time and its sublayers' follow the detached chain, from the
    /// absolute media time at `layer`). The layers keep their names, time spaces and handles; a removed
    /// layer goes back with ``insertLayer(_:parent:)``.
    ///
    /// Costs O(1) plus O(subtree) (every layer of the subtree is marked outside the tree).
    ///
    /// - Throws: ``LayerError/unknownLayer(_:)``; ``LayerError/notInTree(layer:)`` when `layer` is
    ///   already outside the tree (it, or an ancestor, was removed).
    public mutating func removeLayer(_ layer: LayerID) throws(LayerError) {
        try check(layer)
        let index = layer.index
        guard !outside[index] else { throw .notInTree(layer: names[index]) }
        setParent(of: index, to: -1)
        setOutside(true, subtreeOf: index)
    }

    /// Inserts a layer that is outside the tree, with its subtree, as the last child of `parent`, or as a
    /// root when `parent` is nil (`addSublayer:` of a removed layer, Docs/semantics.md §18.2). The layer is
    /// the root of a removed piece, or a layer inside one (it then leaves that piece, as `addSublayer:`
    /// takes a layer from its superlayer). Its local time follows its new chain from then on.
    ///
    /// Costs O(depth of `parent`) (the cycle check) plus O(subtree).
    ///
    /// - Throws: ``LayerError/unknownLayer(_:)`` for a foreign handle; ``LayerError/alreadyInTree(layer:)``
    ///   when `layer` is in the tree (move it with ``moveLayer(_:to:)``); ``LayerError/notInTree(layer:)``
    ///   when `parent` is outside the tree; ``LayerError/cycle(layer:parent:)`` when `parent` is `layer` or
    ///   in its subtree.
    public mutating func insertLayer(_ layer: LayerID, parent: LayerID?) throws(LayerError) {
        try check(layer)
        let index = layer.index
        guard outside[index] else { throw .alreadyInTree(layer: names[index]) }
        let parentIndex = try validParent(parent, for: index)
        setParent(of: index, to: parentIndex)
        setOutside(false, subtreeOf: index)
    }

    /// Moves a layer of the tree, with its subtree, to the end of `parent`'s children, or makes it a root
    /// when `parent` is nil (`addSublayer:` of a layer that has a superlayer, Docs/semantics.md §18.3).
    /// Moving a layer to its own parent puts it last among its siblings. Its local time follows its new
    /// chain from then on.
    ///
    /// Costs O(depth of `parent`) (the cycle check) plus the runs that continue from `layer` (at most its
    /// subtree); the layers of the subtree are not visited otherwise.
    ///
    /// - Throws: ``LayerError/unknownLayer(_:)`` for a foreign handle; ``LayerError/notInTree(layer:)``
    ///   when `layer` or `parent` is outside the tree; ``LayerError/cycle(layer:parent:)`` when `parent`
    ///   is `layer` or in its subtree.
    public mutating func moveLayer(_ layer: LayerID, to parent: LayerID?) throws(LayerError) {
        try check(layer)
        let index = layer.index
        guard !outside[index] else { throw .notInTree(layer: names[index]) }
        let parentIndex = try validParent(parent, for: index)
        setParent(of: index, to: parentIndex)
    }

    /// Whether a layer is in the tree: neither it nor an ancestor was removed (Docs/semantics.md §18).
    /// Costs O(1).
    @inlinable
    public func isInTree(_ layer: LayerID) throws(LayerError) -> Bool {
        try check(layer)
        return !outside[layer.index]
    }

    /// The number of layers outside the tree. O(1).
    public var outsideTreeCount: Int { outsideCount }

    /// The sublayers of a layer, in the order they were inserted (a moved or re-inserted layer is last).
    /// Costs O(children).
    public func children(of layer: LayerID) throws(LayerError) -> [LayerID] {
        try check(layer)
        var result: [LayerID] = []
        var child = firstChildren[layer.index]
        while child >= 0 {
            result.append(LayerID(index: child))
            child = nextSiblings[child]
        }
        return result
    }

    /// Calls `body` with the index of every layer of `layer`'s subtree, in pre-order: `layer` first, each
    /// layer before its sublayers, siblings in insertion order. Costs O(subtree); allocates nothing.
    /// An index outside the tree's storage visits nothing.
    func forEachLayer(inSubtreeOf layer: LayerID, _ body: (Int) -> Void) {
        guard layer.index >= 0, layer.index < count else { return }
        var node = layer.index
        while node >= 0 {
            body(node)
            node = next(inSubtreeOf: layer.index, after: node)
        }
    }

    /// The layer after `node` in the pre-order of `root`'s subtree, or -1 after the last. O(1) to descend,
    /// O(depth below `root`) to climb back.
    func next(inSubtreeOf root: Int, after node: Int) -> Int {
        let child = firstChildren[node]
        if child >= 0 { return child }
        var n = node
        while n != root {
            let sibling = nextSiblings[n]
            if sibling >= 0 { return sibling }
            n = parents[n]
        }
        return -1
    }

    // MARK: Internals

    /// The index of a new parent for `index` (-1 for none), checked: in this tree, in the tree, and not in
    /// `index`'s subtree. O(depth of the parent).
    func validParent(_ parent: LayerID?, for index: Int) throws(LayerError) -> Int {
        guard let parent else { return -1 }
        try check(parent)
        var ancestor = parent.index
        while ancestor >= 0 {
            if ancestor == index { throw .cycle(layer: names[index], parent: names[parent.index]) }
            ancestor = parents[ancestor]
        }
        guard !outside[parent.index] else { throw .notInTree(layer: names[parent.index]) }
        return parent.index
    }

    /// Unlinks `index` from its parent's children (if any), links it last under `parent` (if ≥ 0), and
    /// re-derives the misordered count and the runs. O(1) plus the runs continuing from `index`.
    mutating func setParent(of index: Int, to parent: Int) {
        let old = parents[index]
        if old >= 0 { unlink(index, from: old) }
        if old > index { misorderedCount -= 1 }
        parents[index] = parent
        if parent > index { misorderedCount += 1 }
        if parent >= 0 { link(index, under: parent) }
        updateRuns(from: index)
    }

    /// Appends `index` to `parent`'s children. O(1).
    mutating func link(_ index: Int, under parent: Int) {
        let last = lastChildren[parent]
        previousSiblings[index] = last
        nextSiblings[index] = -1
        if last >= 0 { nextSiblings[last] = index } else { firstChildren[parent] = index }
        lastChildren[parent] = index
    }

    /// Removes `index` from `parent`'s children. O(1).
    mutating func unlink(_ index: Int, from parent: Int) {
        let previous = previousSiblings[index], next = nextSiblings[index]
        if previous >= 0 { nextSiblings[previous] = next } else { firstChildren[parent] = next }
        if next >= 0 { previousSiblings[next] = previous } else { lastChildren[parent] = previous }
        previousSiblings[index] = -1
        nextSiblings[index] = -1
    }

    /// Re-derives `runStarts` after `index`'s parent changed: its own run start, then the layers that
    /// continue its run (each the child of the one before, all in its subtree). O(1) plus that run.
    mutating func updateRuns(from index: Int) {
        let parent = parents[index]
        runStarts[index] = parent >= 0 && parent == index - 1 && replicators[parent] == nil ? runStarts[parent] : index
        var next = index + 1
        while next < count, parents[next] == next - 1, replicators[next - 1] == nil {
            runStarts[next] = runStarts[next - 1]
            next += 1
        }
    }

    /// Marks every layer of `index`'s subtree inside or outside the tree. O(subtree).
    mutating func setOutside(_ value: Bool, subtreeOf index: Int) {
        var node = index
        while node >= 0 {
            if outside[node] != value {
                outside[node] = value
                outsideCount += value ? 1 : -1
            }
            node = next(inSubtreeOf: index, after: node)
        }
    }
}
