import Testing

import MediaTiming

/// Removing, inserting and moving layers in a runtime (Docs/semantics.md §18): the events of a removal,
/// no events or presentation outside the tree, kept animations continuing under the new chain.
@Suite struct RuntimeLayerTreeTests {
    /// An event as `time key kind`, for comparisons.
    static func text(_ events: [AnimationEvent]) -> [String] {
        events.map { event in
            switch event.kind {
            case .didStart: return "\(event.time) \(event.key) start"
            case let .didStop(finished): return "\(event.time) \(event.key) stop \(finished)"
            }
        }
    }

    /// P (root) with C under it. At t = 0: P gets `a1` (opacity, 4 s, removed on completion), C gets
    /// `c1` (4 s), P gets `kept` (opacity 0 → 1 over 2 s, not removed on completion) and C gets `late`
    /// (beginning at local time 5). The animations whose window has begun start at the add.
    static func scene() throws -> (AnimationRuntime, p: LayerID, c: LayerID) {
        var runtime = try AnimationRuntime()
        let p = try runtime.addLayer(named: "P")
        let c = try runtime.addLayer(named: "C", parent: p)
        try runtime.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 4)), forKey: "a1", to: p, at: 0)
        try runtime.add(.basic(.position, from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 4, y: 0)), timing: Timing(duration: 4)),
                        forKey: "c1", to: c, at: 0)
        try runtime.add(
            .basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 2), removedOnCompletion: false),
            forKey: "kept", to: p, at: 0)
        try runtime.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(beginTime: 5, duration: 1)),
                        forKey: "late", to: c, at: 0)
        return (runtime, p, c)
    }

    @Test func removalStopsTheRemovableAnimationsOfTheSubtreeInAddOrder() throws {
        var (runtime, p, c) = try Self.scene()
        let events = try runtime.removeLayer(p, at: 1)
        // Not finished, at the removal, by add order (a1, c1, late), `kept` stays.
        #expect(Self.text(events) == ["1.0 a1 stop false", "1.0 c1 stop false", "1.0 late stop false"])
        #expect(events.map(\.layer) == [p, c, c])
        #expect(try runtime.animationKeys(of: p) == ["kept"])
        #expect(try runtime.animationKeys(of: c) == [])
        #expect(try runtime.isInTree(p) == false && runtime.isInTree(c) == false)
        #expect(runtime.currentTime == 1)
    }

    @Test func aLayerOutsideTheTreeHasNoEventsAndNoPresentation() throws {
        var (runtime, p, c) = try Self.scene()
        let slot = try runtime.presentationSlot(of: .opacity, layer: p)
        try runtime.removeLayer(p, at: 1)
        try runtime.updatePresentation()  // the frame plan, built with P outside
        // `kept` ends at 2 in P's time: outside the tree, nothing fires.
        #expect(try runtime.hasEvents(upTo: 10) == false)
        #expect(try runtime.advance(to: 10).isEmpty)
        try runtime.updatePresentation()
        try runtime.updatePresentationReadings()
        let notInTree = RuntimeError.layer(.notInTree(layer: "P"))
        #expect(throws: notInTree) { try runtime.presentation(of: p) }
        #expect(throws: notInTree) { try runtime.presentationValue(of: .opacity, layer: p) }
        #expect(throws: notInTree) { try runtime.presentationScalar(of: .opacity, layer: p) }
        #expect(throws: notInTree) { try runtime.presentationScalar(at: slot) }
        #expect(throws: notInTree) { try runtime.timingState(ofAnimation: "kept", layer: p) }
        #expect(throws: notInTree) { try runtime.localTime(of: p) }
        #expect(throws: RuntimeError.layer(.notInTree(layer: "C"))) { try runtime.presentation(of: c) }
        #expect(throws: notInTree) {
            try runtime.add(.basic(.opacity, to: .scalar(1)), forKey: "new", to: p, at: 10)
        }
        // The model stays; the background removes nothing more (no removable animation is left).
        #expect(try runtime.modelValue(of: .opacity, layer: p) == .scalar(1))
        #expect(try runtime.enterBackground(at: 11).isEmpty)
        #expect(try runtime.animationKeys(of: p) == ["kept"])
        // Removing an animation outside the tree delivers nothing.
        #expect(try runtime.removeAnimation(forKey: "kept", from: p, at: 12).isEmpty)
        #expect(try runtime.animationKeys(of: p) == [])
    }

    /// `kept` (begin 0, 2 s, opacity 0 → 1) on P, removed at t = 1 at local time 1, inserted at t = 10 under
    /// Q whose local time is `t − 9.5`: P's local time is 0.5 (opacity 0.25, exact), the animation runs on
    /// and ends when P's time reaches 2, at t = 11.5.
    @Test func aKeptAnimationContinuesUnderTheNewChain() throws {
        var (runtime, p, _) = try Self.scene()
        let q = try runtime.addLayer(named: "Q", timeSpace: TimeSpace(timeOffset: -9.5))
        try runtime.removeLayer(p, at: 1)
        let slot = try runtime.presentationSlot(of: .opacity, layer: p)
        #expect(try runtime.insertLayer(p, parent: q, at: 10).isEmpty)  // begun and not over: nothing new
        #expect(try runtime.localTime(of: p) == 0.5)
        #expect(try runtime.presentationValue(of: .opacity, layer: p) == .scalar(0.25))
        try runtime.updatePresentation()
        #expect(try runtime.presentationScalar(at: slot) == 0.25)
        #expect(try runtime.presentationScalar(of: .opacity, layer: p) == 0.25)
        #expect(try runtime.timingState(ofAnimation: "kept", layer: p)?.phase == .active)
        #expect(try runtime.hasEvents(upTo: 12) == true)
        #expect(Self.text(try runtime.advance(to: 12)) == ["11.5 kept stop true"])
        #expect(try runtime.animationKeys(of: p) == ["kept"])  // not removed on completion
    }

    /// Moving a layer whose animation's window lies ahead under a parent 200 s ahead: the window has begun
    /// and ended under the new chain, so didStart and didStop(finished) fire at the move.
    @Test func aMoveSettlesTheSubtreeAtItsInstant() throws {
        var runtime = try AnimationRuntime()
        let m = try runtime.addLayer(named: "M")
        let leaf = try runtime.addLayer(named: "leaf", parent: m)
        let ahead = try runtime.addLayer(named: "ahead", timeSpace: TimeSpace(timeOffset: 200))
        try runtime.add(.basic(.opacity, to: .scalar(0), timing: Timing(beginTime: 100, duration: 2)), forKey: "k", to: leaf, at: 0)
        let events = try runtime.moveLayer(m, to: ahead, at: 1)
        #expect(Self.text(events) == ["1.0 k start", "1.0 k stop true"])
        #expect(events.allSatisfy { $0.layer == leaf })
        #expect(try runtime.animationKeys(of: leaf) == [])
        #expect(try runtime.localTime(of: leaf) == 201)
        // Back to a root: local time 1 again.
        #expect(try runtime.moveLayer(m, to: nil, at: 1).isEmpty)
        #expect(try runtime.localTime(of: leaf) == 1)
    }

    /// A kept animation that ended while its layer was outside the tree: didStop(finished) at the insertion.
    @Test func anInsertionDeliversTheCrossingsOfTheNewChain() throws {
        var (runtime, p, _) = try Self.scene()
        try runtime.removeLayer(p, at: 1)
        let events = try runtime.insertLayer(p, parent: nil, at: 10)
        #expect(Self.text(events) == ["10.0 kept stop true"])
    }

    @Test func refusedOperationsChangeNothing() throws {
        var (runtime, p, c) = try Self.scene()
        #expect(throws: RuntimeError.layer(.alreadyInTree(layer: "P"))) { try runtime.insertLayer(p, parent: nil, at: 5) }
        #expect(throws: RuntimeError.layer(.cycle(layer: "P", parent: "C"))) { try runtime.moveLayer(p, to: c, at: 5) }
        #expect(runtime.currentTime == 0)  // checked before the advance
        try runtime.removeLayer(c, at: 1)
        #expect(throws: RuntimeError.layer(.notInTree(layer: "C"))) { try runtime.removeLayer(c, at: 2) }
        #expect(throws: RuntimeError.layer(.notInTree(layer: "C"))) { try runtime.moveLayer(c, to: p, at: 2) }
        #expect(throws: RuntimeError.layer(.notInTree(layer: "C"))) { try runtime.moveLayer(p, to: c, at: 2) }
        #expect(throws: RuntimeError.layer(.notInTree(layer: "C"))) { try runtime.addLayer(named: "D", parent: c) }
        #expect(throws: RuntimeError.layer(.duplicateName("C"))) { try runtime.addLayer(named: "C") }
        #expect(throws: RuntimeError.timeWentBackwards(current: 1, requested: 0.5)) { try runtime.insertLayer(c, parent: p, at: 0.5) }
        #expect(runtime.currentTime == 1)
        #expect(try runtime.isInTree(c) == false)
    }
}
