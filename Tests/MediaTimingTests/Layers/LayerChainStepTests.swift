import Testing

import MediaTiming

/// `LayerTree.localTime(of:atMediaTime:)` walks a layer's chain by runs of consecutive layers (a chain
/// added parent-then-child is one pass over consecutive time spaces). Its results must be bit for bit
/// the step-by-step definition of Docs/semantics.md §3.2 (`tₖ = (tₖ₋₁ − bₖ)·sₖ + oₖ` from the root down,
/// `t − k·instanceDelay` under a replicator, §14.1), computed here from the tree's public accessors only,
/// on seeded random trees (runs, branches, replicators, deep chains) after random sequences of
/// `setTimeSpace`, pause and resume.
@Suite struct LayerChainStepTests {
    /// The definition, step by step, from the public accessors: instance 0 under every replicator.
    static func stepByStep(_ tree: LayerTree, _ layer: LayerID, _ mediaTime: Double) throws -> Double {
        var chain: [LayerID] = [layer]
        while let parent = try tree.parent(of: chain[chain.count - 1]) { chain.append(parent) }
        var t = mediaTime
        for (position, id) in chain.reversed().enumerated() {
            if position > 0, let replicator = try tree.replicator(of: chain.reversed()[position - 1]) {
                t -= 0 * replicator.instanceDelay
            }
            let space = try tree.timeSpace(of: id)
            t = (t - space.beginTime) * Double(space.speed) + space.timeOffset
        }
        return t
    }

    static func randomSpace(_ g: inout SplitMix64) -> TimeSpace {
        let speeds: [Float] = [1, 2, 0.5, 1.01, 0.1, -1, 3.7, 1e-3]
        return TimeSpace(beginTime: g.uniform(-20, 20), speed: speeds[g.below(speeds.count)], timeOffset: g.uniform(-5, 5))
    }

    @Test("run-wise local times equal the step-by-step definition after random mutations", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomTrees(seed: UInt64) throws {
        var g = SplitMix64(seed: seed)
        var tree = LayerTree()
        var ids: [LayerID] = []
        for index in 0..<(150 + g.below(150)) {
            // Mostly the child of the last layer (long runs), sometimes a branch or a new root.
            let roll = g.below(10)
            let parent: LayerID? = ids.isEmpty || roll == 0 ? nil : (roll < 7 ? ids[ids.count - 1] : ids[g.below(ids.count)])
            let replicator = g.below(12) == 0 ? Replicator(instanceCount: 3, instanceDelay: g.below(2) == 0 ? 0.25 : -0.5) : nil
            ids.append(try tree.addLayer(named: "l\(index)", parent: parent, timeSpace: Self.randomSpace(&g), replicator: replicator))
        }
        var now = 0.0
        for _ in 0..<60 {
            now += g.uniform(0, 3)
            let id = ids[g.below(ids.count)]
            switch g.below(4) {
            case 0: try tree.setTimeSpace(Self.randomSpace(&g), of: id)
            case 1: try tree.pause(id, atMediaTime: now)
            case 2: try tree.resume(id, atMediaTime: now, speed: g.below(2) == 0 ? 1 : 2.5)
            default: break
            }
            for _ in 0..<20 {
                let layer = ids[g.below(ids.count)]
                let t = g.below(5) == 0 ? -0.0 : now + g.uniform(-10, 10)
                let expected = try Self.stepByStep(tree, layer, t)
                guard expected.isFinite else { continue }
                let actual = try tree.localTime(of: layer, atMediaTime: t)
                #expect(actual.bitPattern == expected.bitPattern, "layer \(layer) at \(t): \(actual) vs \(expected)")
            }
        }
    }

    @Test("the batch conversion of many media times equals the step-by-step definition, bit for bit", arguments: [7, 8, 9] as [UInt64])
    func batchLocalTimes(seed: UInt64) throws {
        var g = SplitMix64(seed: seed)
        var tree = LayerTree()
        var ids: [LayerID] = []
        for index in 0..<120 {
            let roll = g.below(10)
            let parent: LayerID? = ids.isEmpty || roll == 0 ? nil : (roll < 7 ? ids[ids.count - 1] : ids[g.below(ids.count)])
            let replicator = g.below(12) == 0 ? Replicator(instanceCount: 3, instanceDelay: 0.25) : nil
            ids.append(try tree.addLayer(named: "l\(index)", parent: parent, timeSpace: Self.randomSpace(&g), replicator: replicator))
        }
        try tree.pause(ids[g.below(ids.count)], atMediaTime: 3)
        for _ in 0..<40 {
            let layer = ids[g.below(ids.count)]
            let media = (0..<(1 + g.below(300))).map { _ in g.below(9) == 0 ? -0.0 : g.uniform(-50, 50) }
            let expected = try media.map { try Self.stepByStep(tree, layer, $0) }
            guard expected.allSatisfy(\.isFinite) else { continue }
            var times = media
            try times.withUnsafeMutableBufferPointer { try tree.localTimes(of: layer, converting: $0) }
            #expect(times.map(\.bitPattern) == expected.map(\.bitPattern), "layer \(layer)")
        }
    }

    @Test("the batch conversion rejects a non-finite media time before changing anything, and reports overflow")
    func batchLocalTimesErrors() throws {
        var tree = LayerTree()
        let root = try tree.addLayer(named: "root", timeSpace: TimeSpace(speed: 2))
        var times = [1.0, .nan, 3.0]
        #expect(throws: LayerError.self) {
            try times.withUnsafeMutableBufferPointer { try tree.localTimes(of: root, converting: $0) }
        }
        #expect(times[0] == 1 && times[2] == 3)
        // (1e308 − 0)·2 overflows to +∞: reported, and the finite entry is still converted ((4 − 0)·2 = 8).
        var huge = [4.0, 1e308]
        #expect(throws: LayerError.localTimeOverflow(layer: "root")) {
            try huge.withUnsafeMutableBufferPointer { try tree.localTimes(of: root, converting: $0) }
        }
        #expect(huge[0] == 8 && huge[1] == .infinity)
        var empty: [Double] = []
        try empty.withUnsafeMutableBufferPointer { try tree.localTimes(of: root, converting: $0) }
        #expect(empty.isEmpty)
    }

    @Test("a chain deeper than the stack and a chain of many runs give the definition's bits")
    func deepChains() throws {
        var g = SplitMix64(seed: 99)
        var tree = LayerTree()
        var last: LayerID? = nil
        for index in 0..<300 {  // one run of 300 layers
            last = try tree.addLayer(named: "a\(index)", parent: last, timeSpace: Self.randomSpace(&g))
        }
        // 100 runs: each layer's parent is two indices back (a sibling chain interleaved).
        var left: LayerID? = nil, right: LayerID? = nil
        for index in 0..<100 {
            left = try tree.addLayer(named: "b\(index)", parent: left, timeSpace: Self.randomSpace(&g))
            right = try tree.addLayer(named: "c\(index)", parent: right, timeSpace: Self.randomSpace(&g))
        }
        for layer in [last!, left!, right!] {
            for t in [0.0, 1.5, -3.25, 1e3] {
                let expected = try Self.stepByStep(tree, layer, t)
                if expected.isFinite {
                    #expect(try tree.localTime(of: layer, atMediaTime: t).bitPattern == expected.bitPattern)
                }
            }
        }
    }
}
