import Testing

import MediaTiming

/// The mutable tree (Docs/semantics.md §18): children lists, removal, insertion and moves, their errors,
/// and local times that follow the new chains.
@Suite struct LayerTreeStructureTests {
    /// Chain C1 of semantics §17 A (L1 → L2 → L3) and L4 under L2 (timeOffset 0.25).
    static func tree() throws -> (LayerTree, l1: LayerID, l2: LayerID, l3: LayerID, l4: LayerID) {
        var tree = LayerTree()
        let l1 = try tree.addLayer(named: "L1")
        let l2 = try tree.addLayer(named: "L2", parent: l1, timeSpace: TimeSpace(beginTime: 10, speed: 2, timeOffset: 1))
        let l3 = try tree.addLayer(named: "L3", parent: l2, timeSpace: TimeSpace(beginTime: 3, speed: 0.5, timeOffset: -2))
        let l4 = try tree.addLayer(named: "L4", parent: l2, timeSpace: TimeSpace(timeOffset: 0.25))
        return (tree, l1, l2, l3, l4)
    }

    /// Every layer's time by the forward pass and one by one, bit for bit.
    static func expectPassMatches(_ tree: LayerTree, at t: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var times: [Double] = []
        tree.localTimes(atMediaTime: t, into: &times)
        for layer in tree.layers {
            let single = try tree.localTime(of: layer, atMediaTime: t)
            #expect(times[layer.index].bitPattern == single.bitPattern, "\(layer) at \(t)", sourceLocation: sourceLocation)
        }
    }

    @Test func childrenAreListedInInsertionOrder() throws {
        var (tree, l1, l2, l3, l4) = try Self.tree()
        #expect(try tree.children(of: l2) == [l3, l4])
        #expect(try tree.children(of: l1) == [l2])
        #expect(try tree.children(of: l4) == [])
        try tree.moveLayer(l3, to: l2)  // to its own parent: last among its siblings
        #expect(try tree.children(of: l2) == [l4, l3])
        try tree.moveLayer(l4, to: l1)
        #expect(try tree.children(of: l1) == [l2, l4])
        #expect(try tree.parent(of: l4) == l1)
        try tree.removeLayer(l2)
        #expect(try tree.children(of: l1) == [l4])
        #expect(try tree.children(of: l2) == [l3])  // the removed subtree stays intact
        #expect(try tree.parent(of: l2) == nil)
        try tree.insertLayer(l2, parent: l4)
        #expect(try tree.children(of: l4) == [l2])
        #expect(try tree.parent(of: l2) == l4)
    }

    @Test func removalTakesTheSubtreeOutAndInsertionBringsItBack() throws {
        var (tree, l1, l2, l3, l4) = try Self.tree()
        #expect(tree.outsideTreeCount == 0)
        try tree.removeLayer(l2)
        #expect(try [l1, l2, l3, l4].map { try tree.isInTree($0) } == [true, false, false, false])
        #expect(tree.outsideTreeCount == 3)
        // A layer inside a removed piece goes back on its own and leaves the piece.
        try tree.insertLayer(l3, parent: l1)
        #expect(try [l1, l2, l3, l4].map { try tree.isInTree($0) } == [true, false, true, false])
        #expect(try tree.children(of: l2) == [l4])
        try tree.insertLayer(l2, parent: nil)
        #expect(try [l1, l2, l3, l4].map { try tree.isInTree($0) } == [true, true, true, true])
        #expect(tree.outsideTreeCount == 0)
        #expect(try tree.parent(of: l2) == nil)
    }

    @Test func structuralErrorsAreTyped() throws {
        var (tree, l1, l2, l3, l4) = try Self.tree()
        #expect(throws: LayerError.cycle(layer: "L1", parent: "L3")) { try tree.moveLayer(l1, to: l3) }
        #expect(throws: LayerError.cycle(layer: "L2", parent: "L2")) { try tree.moveLayer(l2, to: l2) }
        #expect(throws: LayerError.alreadyInTree(layer: "L3")) { try tree.insertLayer(l3, parent: l1) }
        try tree.removeLayer(l2)
        #expect(throws: LayerError.notInTree(layer: "L2")) { try tree.removeLayer(l2) }
        #expect(throws: LayerError.notInTree(layer: "L3")) { try tree.removeLayer(l3) }
        #expect(throws: LayerError.notInTree(layer: "L4")) { try tree.moveLayer(l4, to: l1) }
        #expect(throws: LayerError.notInTree(layer: "L3")) { try tree.addLayer(named: "L5", parent: l3) }
        // Inserting the removed L2 under its own sublayer: a cycle (checked before the parent's state).
        #expect(throws: LayerError.cycle(layer: "L2", parent: "L4")) { try tree.insertLayer(l2, parent: l4) }
        let root = try tree.addLayer(named: "R")
        try tree.removeLayer(root)
        #expect(throws: LayerError.notInTree(layer: "R")) { try tree.insertLayer(l2, parent: root) }
        // Names stay taken by removed layers.
        #expect(throws: LayerError.duplicateName("L2")) { try tree.addLayer(named: "L2") }
        let foreign = try { var other = LayerTree(); for n in 0..<9 { try other.addLayer(named: "\(n)") }; return try other.layer(named: "8") }()
        #expect(throws: LayerError.unknownLayer(foreign)) { try tree.removeLayer(foreign) }
        #expect(throws: LayerError.unknownLayer(foreign)) { try tree.moveLayer(l1, to: foreign) }
        #expect(throws: LayerError.unknownLayer(foreign)) { try tree.isInTree(foreign) }
        #expect(throws: LayerError.unknownLayer(foreign)) { try tree.children(of: foreign) }
        // Refused operations change nothing.
        #expect(try tree.children(of: l1) == [])
        #expect(try tree.children(of: l2) == [l3, l4])
    }

    /// Local times after moves, against the chain computed by hand at t = 20 (every step exact in
    /// binary: the maps are `(t − beginTime)·speed + timeOffset`).
    @Test func localTimesFollowTheNewChain() throws {
        var (tree, l1, l2, l3, l4) = try Self.tree()
        // C1: L1 = 20, L2 = (20 − 10)·2 + 1 = 21, L3 = (21 − 3)·0.5 − 2 = 7, L4 = 21 + 0.25.
        #expect(try [l1, l2, l3, l4].map { try tree.localTime(of: $0, atMediaTime: 20) } == [20, 21, 7, 21.25])
        try tree.moveLayer(l3, to: nil)
        // L3 a root: (20 − 3)·0.5 − 2 = 6.5.
        #expect(try tree.localTime(of: l3, atMediaTime: 20) == 6.5)
        try tree.moveLayer(l2, to: l3)
        // L2 under L3 (a parent added after it): (6.5 − 10)·2 + 1 = −6; L4 = −5.75.
        #expect(try tree.localTime(of: l2, atMediaTime: 20) == -6)
        #expect(try tree.localTime(of: l4, atMediaTime: 20) == -5.75)
        var times: [Double] = []
        tree.localTimes(atMediaTime: 20, into: &times)
        #expect(times == [20, -6, 6.5, -5.75])
        #expect(try tree.convertTime(-5.75, from: l4, to: nil) == 20)
        // L2 removed: the root of a detached piece, its time from the absolute time: 21 and 21.25 again.
        try tree.removeLayer(l2)
        tree.localTimes(atMediaTime: 20, into: &times)
        #expect(times == [20, 21, 6.5, 21.25])
        #expect(try tree.localTime(of: l4, atMediaTime: 20) == 21.25)
        try tree.insertLayer(l2, parent: l1)
        try Self.expectPassMatches(tree, at: 20)
        tree.localTimes(atMediaTime: 20, into: &times)
        #expect(times == [20, 21, 6.5, 21.25])
    }

    /// Random moves, removals and insertions (fixed seed) on 48 layers with varied time spaces and a few
    /// replicators: after each operation the forward pass equals `localTime(of:atMediaTime:)` bit for bit
    /// for every layer (in or out of the tree), and the children lists agree with the parent links.
    @Test func theForwardPassMatchesEveryChainAfterRandomMoves() throws {
        var random = SplitMix64(seed: 0x7EE5_0015)
        var tree = LayerTree()
        let speeds: [Float] = [1, 2, 0.5, 0, -1, 3, 0.25]
        var ids: [LayerID] = []
        for n in 0..<48 {
            let parent: LayerID? = ids.isEmpty || random.unit() < 0.15 ? nil : ids[Int(random.next() % UInt64(ids.count))]
            let space = TimeSpace(
                beginTime: (random.unit() * 10 - 5).rounded() / 4, speed: speeds[Int(random.next() % UInt64(speeds.count))],
                timeOffset: random.unit() * 4 - 2)
            let replicator = random.unit() < 0.1 ? Replicator(instanceCount: 3, instanceDelay: 0.5) : nil
            ids.append(try tree.addLayer(named: "n\(n)", parent: parent, timeSpace: space, replicator: replicator))
        }
        let times = [0.0, 13.625, -7.1, 1e6 + 0.3]
        var applied = 0, misordered = 0
        for _ in 0..<600 {
            let layer = ids[Int(random.next() % UInt64(ids.count))]
            let parent: LayerID? = random.unit() < 0.2 ? nil : ids[Int(random.next() % UInt64(ids.count))]
            do {
                if try !tree.isInTree(layer) {
                    try tree.insertLayer(layer, parent: parent)
                } else if random.unit() < 0.2 {
                    try tree.removeLayer(layer)
                } else {
                    try tree.moveLayer(layer, to: parent)
                }
                applied += 1
            } catch {
                // Refused (a cycle, a parent outside the tree): checked by the structure tests.
            }
            for t in times { try Self.expectPassMatches(tree, at: t) }
            try Self.expectConsistentStructure(tree)
            misordered += try tree.layers.filter { try (tree.parent(of: $0)?.index ?? -1) > $0.index }.count
        }
        #expect(applied > 300)
        #expect(misordered > 600)  // layers under a parent added after them, on average more than one per step
    }

    /// Every layer is listed once among its parent's children; a layer is in the tree iff no layer of its
    /// chain was removed, that is, iff its chain's root is in the tree (a detached piece's root is not).
    static func expectConsistentStructure(_ tree: LayerTree, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var listed = 0
        for layer in tree.layers {
            let children = try tree.children(of: layer)
            listed += children.count
            for child in children { #expect(try tree.parent(of: child) == layer, sourceLocation: sourceLocation) }
        }
        #expect(listed == tree.layers.filter { (try? tree.parent(of: $0)) ?? nil != nil }.count, sourceLocation: sourceLocation)
        var outside = 0
        for layer in tree.layers {
            var root = layer
            while let parent = try tree.parent(of: root) { root = parent }
            let inTree = try tree.isInTree(layer)
            #expect(try tree.isInTree(root) == inTree, sourceLocation: sourceLocation)
            if !inTree { outside += 1 }
        }
        #expect(outside == tree.outsideTreeCount, sourceLocation: sourceLocation)
    }
}
