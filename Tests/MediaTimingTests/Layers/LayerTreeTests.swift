import PropertyBased
import Testing

import MediaTiming

/// Semantics §17 A on a layer tree, and the tree's contract.
@Suite struct LayerTreeBasics {
    /// Chain C1 of semantics §17 A.
    static func chainC1() throws -> (LayerTree, [LayerID]) {
        var tree = LayerTree()
        let l1 = try tree.addLayer(named: "L1")
        let l2 = try tree.addLayer(named: "L2", parent: l1, timeSpace: TimeSpace(beginTime: 10, speed: 2, timeOffset: 1))
        let l3 = try tree.addLayer(named: "L3", parent: l2, timeSpace: TimeSpace(beginTime: 3, speed: 0.5, timeOffset: -2))
        return (tree, [l1, l2, l3])
    }

    @Test("A1, A2: local times of chain C1") func a1a2() throws {
        let (tree, ids) = try Self.chainC1()
        #expect(try ids.map { try tree.localTime(of: $0, atMediaTime: 20) } == [20, 21, 7])
        #expect(try ids.map { try tree.localTime(of: $0, atMediaTime: 25) } == [25, 31, 12])
        var times: [Double] = []
        tree.localTimes(atMediaTime: 25, into: &times)
        #expect(times == [25, 31, 12])
    }

    @Test("A3: convertTime between layers and absolute time") func a3() throws {
        let (tree, ids) = try Self.chainC1()
        expectClose(try tree.convertTime(7, from: ids[2], to: nil), 20)
        expectClose(try tree.convertTime(20, from: nil, to: ids[2]), 7)
        // From L3's 7 (absolute 20) to L2: 21.
        expectClose(try tree.convertTime(7, from: ids[2], to: ids[1]), 21)
    }

    @Test("A6: pausing L2 by hand pins L3") func a6() throws {
        var (tree, ids) = try Self.chainC1()
        try tree.setTimeSpace(TimeSpace(beginTime: 10, speed: 0, timeOffset: 5), of: ids[1])
        #expect(try tree.localTime(of: ids[2], atMediaTime: 20) == -1)
        #expect(try tree.localTime(of: ids[2], atMediaTime: 50) == -1)
    }

    @Test("bad input: names, handles, timings, times") func badInput() throws {
        var (tree, ids) = try Self.chainC1()
        #expect(throws: LayerError.duplicateName("L2")) { try tree.addLayer(named: "L2") }
        #expect(throws: LayerError.unknownName("nope")) { try tree.layer(named: "nope") }
        var other = LayerTree()
        for k in 0..<5 { try other.addLayer(named: "o\(k)") }
        let alien = try other.layer(named: "o4")  // index 4: this tree has 3 layers
        #expect(throws: LayerError.unknownLayer(alien)) { try tree.addLayer(named: "x", parent: alien) }
        #expect(throws: LayerError.unknownLayer(alien)) { try tree.pause(alien, atMediaTime: 0) }
        #expect(throws: LayerError.invalidTiming(layer: "y", .invalidField(.speed, .notANumber))) {
            try tree.addLayer(named: "y", timeSpace: TimeSpace(speed: .nan))
        }
        #expect(throws: LayerError.invalidTime(.notANumber)) { try tree.localTime(of: ids[0], atMediaTime: .nan) }
        #expect(throws: LayerError.invalidInstanceCount(layer: "r", -1)) {
            try tree.addLayer(named: "r", replicator: Replicator(instanceCount: -1))
        }
        #expect(throws: LayerError.invalidInstanceDelay(layer: "r", .positiveInfinity)) {
            try tree.addLayer(named: "r", replicator: Replicator(instanceCount: 2, instanceDelay: .infinity))
        }
    }
}

/// Semantics §17 B: pause and resume with QA1673's recipe.
@Suite struct PauseResumeVectors {
    /// The animation of group B: begin 90 (layer time), d = 20, values 0 → 100.
    let animation = try! ResolvedTiming(Timing(beginTime: 90, duration: 20))

    func value(_ tree: LayerTree, _ layer: LayerID, _ t: Double) throws -> Double {
        vectorValue(try animation.evaluate(atParentTime: try tree.localTime(of: layer, atMediaTime: t)))
    }

    @Test("B1–B6: superlayer at the default rate") func defaultRate() throws {
        var tree = LayerTree()
        let superlayer = try tree.addLayer(named: "S")
        let layer = try tree.addLayer(named: "L", parent: superlayer)
        try tree.pause(layer, atMediaTime: 100)  // B1
        #expect(try tree.timeSpace(of: layer) == TimeSpace(beginTime: 0, speed: 0, timeOffset: 100))
        expectClose(try value(tree, layer, 100), 50)
        #expect(try tree.localTime(of: layer, atMediaTime: 130) == 100)  // B2
        expectClose(try value(tree, layer, 130), 50)
        try tree.resume(layer, atMediaTime: 130)  // B3
        #expect(try tree.timeSpace(of: layer) == TimeSpace(beginTime: 30, speed: 1, timeOffset: 0))
        #expect(try tree.localTime(of: layer, atMediaTime: 130) == 100)
        #expect(try tree.localTime(of: layer, atMediaTime: 131) == 101)  // B4
        expectClose(try value(tree, layer, 131), 55)
        // B5: the animation ends at layer time 110, reached at T = 140.
        #expect(animation.endTime == 110)
        #expect(try tree.convertTime(110, from: layer, to: nil) == 140)
        try tree.pause(layer, atMediaTime: 135)  // B6
        #expect(try tree.timeSpace(of: layer).timeOffset == 105)
        try tree.resume(layer, atMediaTime: 200)
        #expect(try tree.timeSpace(of: layer).beginTime == 95)
        #expect(try tree.localTime(of: layer, atMediaTime: 200) == 105)
    }

    @Test("B7–B11: superlayer at speed 2") func doubleRate() throws {
        var tree = LayerTree()
        let superlayer = try tree.addLayer(named: "S", timeSpace: TimeSpace(speed: 2))
        let layer = try tree.addLayer(named: "L", parent: superlayer)
        let animation = try ResolvedTiming(Timing(beginTime: 180, duration: 40))
        try tree.pause(layer, atMediaTime: 100)  // B7
        #expect(try tree.timeSpace(of: layer) == TimeSpace(beginTime: 0, speed: 0, timeOffset: 200))
        expectClose(try animation.evaluate(atParentTime: try tree.localTime(of: layer, atMediaTime: 100)).progress, 0.5)
        #expect(try tree.localTime(of: superlayer, atMediaTime: 130) == 260)  // B8
        #expect(try tree.localTime(of: layer, atMediaTime: 130) == 200)
        try tree.resume(layer, atMediaTime: 130)  // B9
        #expect(try tree.timeSpace(of: layer).beginTime == 60)
        #expect(try tree.localTime(of: layer, atMediaTime: 130) == 200)
        #expect(try tree.localTime(of: layer, atMediaTime: 131) == 202)  // B10
        expectClose(try animation.evaluate(atParentTime: 202).progress, 0.55)
        #expect(try tree.convertTime(220, from: layer, to: superlayer) == 280)  // B11
        #expect(try tree.convertTime(220, from: layer, to: nil) == 140)
    }

    @Test("resume at another speed keeps local time continuous") func resumeAtSpeed() throws {
        var tree = LayerTree()
        let layer = try tree.addLayer(named: "L", timeSpace: TimeSpace(speed: 3))
        try tree.pause(layer, atMediaTime: 10)
        #expect(try tree.speedBeforePause(of: layer) == 3)
        try tree.resume(layer, atMediaTime: 50, speed: nil)
        #expect(try tree.timeSpace(of: layer).speed == 3)
        expectClose(try tree.localTime(of: layer, atMediaTime: 50), 30)
        expectClose(try tree.localTime(of: layer, atMediaTime: 51), 33)
    }
}

/// Semantics §17 O: a replicator of 12 instances, instanceDelay 1/12, opacity 1 → 0 over 1 s forever.
@Suite struct ReplicatorVectors {
    static let rows: [(Double, Int, Double)] = [
        (0.1, 0, 0.9), (0.1, 1, 0.983333), (0.1, 2, 0), (0.5, 3, 0.75), (0.5, 6, 1.0), (0.5, 7, 0),
    ]

    @Test("O1–O6", arguments: rows)
    func instances(_ time: Double, _ instance: Int, _ opacity: Double) throws {
        var tree = LayerTree()
        let replicator = try tree.addLayer(
            named: "spinner", replicator: Replicator(instanceCount: 12, instanceDelay: 1.0 / 12))
        let dot = try tree.addLayer(named: "dot", parent: replicator)
        let fade = try ResolvedTiming(Timing(beginTime: 0, duration: 1, repeatCount: .infinity))  // added at 0
        let s = try fade.evaluate(atParentTime: try tree.localTime(of: dot, replica: [instance], atMediaTime: time))
        let shown = s.applies ? 1 - s.progress : 0  // model opacity 0
        expectClose(shown, opacity, tolerance: 1e-6)
    }

    @Test("replica paths are checked") func replicaPaths() throws {
        var tree = LayerTree()
        let replicator = try tree.addLayer(named: "r", replicator: Replicator(instanceCount: 3, instanceDelay: 0.5))
        let dot = try tree.addLayer(named: "d", parent: replicator)
        #expect(try tree.localTime(of: dot, replica: [2], atMediaTime: 2) == 1)
        #expect(throws: LayerError.invalidReplica(layer: "d", [3])) { try tree.localTime(of: dot, replica: [3], atMediaTime: 2) }
        #expect(throws: LayerError.invalidReplica(layer: "d", [0, 0])) { try tree.localTime(of: dot, replica: [0, 0], atMediaTime: 2) }
        #expect(try tree.replicatorAncestors(of: dot) == [replicator])
    }
}

/// Pause/resume continuity through random speed chains, with fixed seeds.
@Suite struct PauseResumeProperties {
    @Test("pausing and resuming any layer of any chain is continuous") func continuity() throws {
        try seededCheck(count: 500, seed: 41) { rng in
            var tree = LayerTree()
            var ids: [LayerID] = []
            let depth = 1 + Int(Gen.double(in: 0..<5).draw(&rng))
            for level in 0..<depth {
                var speed = Float(Gen.double(in: -3...3).draw(&rng))
                if speed.magnitude < 0.2 { speed = 0.2 }
                let space = TimeSpace(
                    beginTime: Gen.double(in: -10...10).draw(&rng), speed: speed,
                    timeOffset: Gen.double(in: -10...10).draw(&rng))
                ids.append(try tree.addLayer(named: "L\(level)", parent: ids.last, timeSpace: space))
            }
            let target = ids[Int(Gen.double(in: 0..<Double(depth)).draw(&rng))]
            let leaf = ids[depth - 1]
            let pauseAt = Gen.double(in: 0...50).draw(&rng)
            let resumeAt = pauseAt + Gen.double(in: 0...50).draw(&rng)
            let resumeSpeed: Float? = Gen.double(in: 0...1).draw(&rng) < 0.5 ? 1 : nil
            let before = try tree.localTime(of: leaf, atMediaTime: pauseAt)
            let scale = 1e-9 * (1 + before.magnitude + pauseAt + resumeAt)
            try tree.pause(target, atMediaTime: pauseAt)
            expectClose(try tree.localTime(of: leaf, atMediaTime: pauseAt), before, tolerance: scale)
            expectClose(try tree.localTime(of: leaf, atMediaTime: resumeAt), before, tolerance: scale)
            try tree.resume(target, atMediaTime: resumeAt, speed: resumeSpeed)
            expectClose(try tree.localTime(of: leaf, atMediaTime: resumeAt), before, tolerance: scale)
            // After the resume the leaf advances at the product of the chain's speeds again.
            let rate = try ids.reduce(1.0) { $0 * Double(try tree.timeSpace(of: $1).speed) }
            let later = try tree.localTime(of: leaf, atMediaTime: resumeAt + 1)
            expectClose(later - before, rate, tolerance: scale * 10)
        }
    }
}

/// The code in the DocC articles "Layers and time" and "Pause and resume", with their stated results.
@Suite struct LayerArticleExamples {
    @Test("Layers and time") func layersAndTime() throws {
        var tree = LayerTree()
        let root = try tree.addLayer(named: "root")
        let disc = try tree.addLayer(named: "disc", parent: root, timeSpace: TimeSpace(speed: 2))
        let now = try tree.localTime(of: disc, atMediaTime: 10)
        let back = try tree.convertTime(now, from: disc, to: nil)
        #expect(now == 20 && back == 10)
    }

    @Test("Pause and resume") func pauseAndResume() throws {
        var tree = LayerTree()
        let disc = try tree.addLayer(named: "disc")
        try tree.pause(disc, atMediaTime: 100)
        try tree.resume(disc, atMediaTime: 130)
        #expect(try tree.timeSpace(of: disc).beginTime == 30)
        #expect(try tree.localTime(of: disc, atMediaTime: 131) == 101)
    }
}
