import FuzzSupport
import MediaTiming
import RuntimeReference
import Testing

/// AnimationRuntime against the brute-force reference runtime (Tests/RuntimeReference): random operation
/// sequences with fixed seeds (layers added, removed, inserted back and moved among them), and the
/// reference's own rules on hand-worked cases.
@Suite struct ReferenceRuntimeTests {
    /// Runs `cases` random sequences of `steps` operations on up to `layers` layers from `seed`; on a
    /// difference, records it with a shrunk reproduction.
    static func differentialRuns(
        seed: UInt64, cases: Int, steps: Int, layers: Int, startTime: Double = 0, transactionDuration: Double = 0.25
    ) -> (steps: Int, events: Int, refused: Int) {
        var totalSteps = 0, totalEvents = 0, totalRefused = 0
        for index in 0..<cases {
            var generator = OperationGenerator(source: FuzzSupport.SplitMix64(state: seed &+ UInt64(index) &* 0x9E37_79B9), maximumLayerCount: layers)
            var run = DifferentialRun(startTime: startTime, transactionDuration: transactionDuration)
            for _ in 0..<steps {
                guard let step = generator.nextStep(for: run.reference) else { break }
                let differences = run.perform(step)
                guard differences.isEmpty else {
                    let shrunk = run.shrink(run.log)
                    Issue.record(
                        """
                        case \(index) of seed \(seed): step \(run.log.count - 1) differs:
                        \(differences.prefix(10).joined(separator: "\n"))
                        shrunk to \(shrunk.count) steps:
                        \(shrunk.map(\.description).joined(separator: "\n"))
                        differences: \((run.firstDifference(in: shrunk)?.differences ?? []).prefix(10).joined(separator: "\n"))
                        """)
                    break
                }
            }
            totalSteps += run.log.count
            totalEvents += run.eventCount
            totalRefused += run.refusedCount
        }
        print("seed \(seed): \(totalSteps) steps, \(totalEvents) events, \(totalRefused) refused")
        return (totalSteps, totalEvents, totalRefused)
    }

    @Test("random operations on a few layers: events and readings bit-identical to the reference")
    func fewLayers() {
        let totals = Self.differentialRuns(seed: 1501, cases: 50, steps: 60, layers: 3)
        // Mostly behaviour, not refused operations (the generator makes valid ones).
        #expect(totals.steps == 50 * 60 && totals.events > 500 && totals.refused < totals.steps / 20)
    }

    @Test("long random runs on up to 24 layers in random chains: bit-identical to the reference")
    func manyLayers() {
        // Far from 0 (media times round at 2⁻⁴⁰ there) and with another transaction duration.
        let totals = Self.differentialRuns(seed: 1502, cases: 4, steps: 250, layers: 24, startTime: 4096.3, transactionDuration: 0.4)
        #expect(totals.steps == 4 * 250 && totals.events > 300 && totals.refused < totals.steps / 20)
    }

    @Test("one run long enough for the frame plan to compact its tables: bit-identical to the reference")
    func compactingRun() {
        // Thousands of operations on three layers: the runtime's own passes rebuild the changed layers
        // until their dead records and values outnumber the live ones by 4,096 and the plan compacts its
        // tables in place (Docs/performance.md, S1–S6); this run gets there (a compaction made to trap
        // stops it), and every reading and event after it is compared like the ones before.
        let totals = Self.differentialRuns(seed: 1503, cases: 1, steps: 4000, layers: 3)
        #expect(totals.steps == 4000 && totals.refused < totals.steps / 20)
    }

    // MARK: The reference's own rules, on cases worked by hand from Docs/semantics.md

    static let fade = Animation.basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 1))

    @Test("§13.2's example: an animation ending at layer time 11 under timeOffset 10 stops at 0.9999999999999991")
    func eventTimeIsTheFirstDoubleSeeingThePhase() throws {
        var reference = ReferenceRuntime()
        let layer = try reference.addLayer(named: "L", parent: nil, timeSpace: TimeSpace(timeOffset: 10))
        // beginTime 0 becomes the layer's now, 10 (§4.4): the window is [10, 11) in layer time.
        let added = try reference.add(Self.fade, forKey: "a", to: layer, at: 0)
        #expect(added.map(\.kind) == [.didStart] && added[0].time == 0)
        let events = try reference.advance(to: 2)
        #expect(events.map(\.time) == [0.9999999999999991] && events.map(\.kind) == [.didStop(finished: true)])
        #expect(reference.animationKeys(of: layer).isEmpty)
    }

    @Test("U14: under a reversed layer an animation begun at the add leaves through its start at once")
    func negativeRateExit() throws {
        var reference = ReferenceRuntime()
        let layer = try reference.addLayer(named: "L", parent: nil, timeSpace: TimeSpace(speed: -1))
        let kept = Animation.basic(
            .opacity, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 1, fillMode: .backwards), removedOnCompletion: false)
        _ = try reference.add(kept, forKey: "a", to: layer, at: 0)
        // Local time −T: below the begin (0) from the first positive double on.
        let events = try reference.advance(to: 1)
        #expect(events.map(\.time) == [Double.leastNonzeroMagnitude] && events.map(\.kind) == [.didStop(finished: true)])
        // Kept (removedOnCompletion NO) and filling backwards: the window-start sample, fromValue (§7.3).
        #expect(try reference.presentationValue(of: .opacity, layer: layer) == .scalar(0))
    }

    @Test("presentation: the model with the animation applied at the layer's local time")
    func presentation() throws {
        var reference = ReferenceRuntime()
        let layer = try reference.addLayer(named: "L", parent: nil, timeSpace: TimeSpace(speed: 2))
        _ = try reference.setModelValue(.scalar(0.5), for: .cornerRadius, of: layer, at: 0, implicit: false)
        var fade = Self.fade
        fade.timing.duration = 2
        _ = try reference.add(fade, forKey: "a", to: layer, at: 0)
        _ = try reference.advance(to: 0.25)
        // Local time 0.5 of a 2 s linear fade: 0.25; the model's corner radius untouched.
        #expect(try reference.presentationValue(of: .opacity, layer: layer) == .scalar(0.25))
        #expect(try reference.presentationValue(of: .cornerRadius, layer: layer) == .scalar(0.5))
        #expect(try reference.timingState(ofAnimation: "a", layer: layer)?.progress == 0.25)
    }

    @Test("events of one call: by time, then add order; background removes removedOnCompletion only")
    func backgroundOrder() throws {
        var reference = ReferenceRuntime()
        let a = try reference.addLayer(named: "A", parent: nil, timeSpace: .identity)
        let b = try reference.addLayer(named: "B", parent: nil, timeSpace: .identity)
        var kept = Self.fade
        kept.removedOnCompletion = false
        _ = try reference.add(Self.fade, forKey: "first", to: b, at: 0)
        _ = try reference.add(kept, forKey: "kept", to: a, at: 0)
        _ = try reference.add(Self.fade, forKey: "second", to: a, at: 0)
        let events = try reference.enterBackground(at: 0.5)
        #expect(events.map(\.key) == ["first", "second"] && events.allSatisfy { $0.kind == .didStop(finished: false) })
        #expect(reference.animationKeys(of: a) == ["kept"] && reference.animationKeys(of: b).isEmpty)
    }

    // MARK: The reference's tree operations, worked by hand from Docs/semantics.md §18

    @Test("§18.1: removing a subtree removes its removedOnCompletion animations in add order; the kept one is frozen outside")
    func removalOfASubtree() throws {
        var reference = ReferenceRuntime()
        let a = try reference.addLayer(named: "A", parent: nil, timeSpace: .identity)
        let c = try reference.addLayer(named: "C", parent: a, timeSpace: .identity)
        let other = try reference.addLayer(named: "O", parent: nil, timeSpace: .identity)
        var kept = Self.fade
        kept.removedOnCompletion = false
        _ = try reference.add(Self.fade, forKey: "x", to: c, at: 0)
        _ = try reference.add(Self.fade, forKey: "y", to: a, at: 0)
        _ = try reference.add(kept, forKey: "kept", to: c, at: 0)
        _ = try reference.add(Self.fade, forKey: "z", to: c, at: 0)
        _ = try reference.add(Self.fade, forKey: "w", to: other, at: 0)
        let events = try reference.removeLayer(a, at: 0.5)
        // x, y, z in the order they were added (not layer order), all at the removal, not finished.
        #expect(events.map(\.key) == ["x", "y", "z"])
        #expect(events.allSatisfy { $0.time == 0.5 && $0.kind == .didStop(finished: false) })
        #expect(reference.animationKeys(of: c) == ["kept"] && reference.animationKeys(of: a).isEmpty)
        #expect(try !reference.isInTree(a) && !reference.isInTree(c) && reference.isInTree(other))
        // §18.4: no readings, no adds, no events outside the tree; "w" (window [0, 1)) stops at 1.
        #expect(throws: RuntimeError.layer(.notInTree(layer: "C"))) { try reference.presentation(of: c) }
        #expect(throws: RuntimeError.layer(.notInTree(layer: "C"))) { try reference.localTime(of: c, at: 0.5) }
        #expect(throws: RuntimeError.layer(.notInTree(layer: "C"))) { try reference.add(Self.fade, forKey: "v", to: c, at: 0.5) }
        let later = try reference.advance(to: 3)
        #expect(later.map(\.key) == ["w"] && later.map(\.time) == [1])
        #expect(try reference.removeAnimation(forKey: "kept", from: c, at: 3).isEmpty)
    }

    @Test("§18.2: a re-inserted layer's local time follows its new chain; its kept animation settles at once")
    func insertionUnderAFasterParent() throws {
        var reference = ReferenceRuntime()
        let fast = try reference.addLayer(named: "P", parent: nil, timeSpace: TimeSpace(speed: 2))
        let layer = try reference.addLayer(named: "L", parent: nil, timeSpace: .identity)
        // Window [5, 6) in L's time (an explicit beginTime), kept after it ends.
        let late = Animation.basic(
            .opacity, from: .scalar(0), to: .scalar(1), timing: Timing(beginTime: 5, duration: 1), removedOnCompletion: false)
        _ = try reference.add(late, forKey: "late", to: layer, at: 0)
        #expect(try reference.removeLayer(layer, at: 1).isEmpty)
        // Outside the tree until 2.75: nothing fires though L's own chain would pass 5.
        #expect(try reference.advance(to: 2.75).isEmpty)
        // Under P at 2.75, L's time is 2 · 2.75 = 5.5: the window has begun.
        let inserted = try reference.insertLayer(layer, parent: fast, at: 2.75)
        #expect(inserted.map(\.kind) == [.didStart] && inserted.map(\.time) == [2.75])
        #expect(try reference.localTime(of: layer, at: 2.75) == 5.5)
        #expect(try reference.presentationValue(of: .opacity, layer: layer) == .scalar(0.5))
        // L's time reaches 6 at media time 3 (exact: 2 · 3).
        let stopped = try reference.advance(to: 4)
        #expect(stopped.map(\.kind) == [.didStop(finished: true)] && stopped.map(\.time) == [3])
    }

    @Test("§18.3: a move settles under the new chain; a cycle, inserting a layer of the tree, moving one outside it are refused")
    func moveAndRefusals() throws {
        var reference = ReferenceRuntime()
        let root = try reference.addLayer(named: "R", parent: nil, timeSpace: TimeSpace(timeOffset: 10))
        let child = try reference.addLayer(named: "C", parent: root, timeSpace: .identity)
        let loose = try reference.addLayer(named: "X", parent: nil, timeSpace: .identity)
        _ = try reference.add(Self.fade, forKey: "a", to: loose, at: 0)  // window [0, 1) in X's time, begun at the add
        // Under R, X's time is 10.5 at 0.5: over, so it stops at the move.
        let moved = try reference.moveLayer(loose, to: root, at: 0.5)
        #expect(moved.map(\.kind) == [.didStop(finished: true)] && moved.map(\.time) == [0.5])
        #expect(throws: RuntimeError.layer(.cycle(layer: "R", parent: "C"))) { try reference.moveLayer(root, to: child, at: 0.5) }
        #expect(throws: RuntimeError.layer(.alreadyInTree(layer: "C"))) { try reference.insertLayer(child, parent: nil, at: 0.5) }
        _ = try reference.removeLayer(child, at: 0.5)
        #expect(throws: RuntimeError.layer(.notInTree(layer: "C"))) { try reference.moveLayer(child, to: nil, at: 0.5) }
        #expect(throws: RuntimeError.layer(.notInTree(layer: "C"))) { try reference.moveLayer(loose, to: child, at: 0.5) }
        #expect(try reference.isInTree(loose) && reference.parents[loose.index] == root.index)
    }
}
