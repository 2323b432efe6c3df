import PropertyBased
import Testing

import MediaTiming

/// `AnimationRuntime.updatePresentationReadings()`, the per-frame update of the registered slots only
/// (benchmark P6): its readings against values computed by hand (Docs/semantics.md §10), what it makes
/// current and what it leaves alone, its errors, and, for seeded random scenes, every reading compared bit
/// for bit with the general path and with `updatePresentation()` (which copies the slots out of the
/// layers' tables).
@Suite struct PresentationReadingsTests {
    @Test("readings equal the hand-computed values; the tables are not made current")
    func readings() throws {
        var (runtime, layer) = try PresentationScalarTests.unadvancedScene()
        try runtime.add(
            .basic(
                .transformTranslation, from: .size(Size(width: 0, height: 0)), to: .size(Size(width: 8, height: -4)),
                timing: Timing(duration: 4)),
            forKey: "move", to: layer, at: 0)
        try runtime.advance(to: 1)
        let turn = try runtime.presentationSlot(of: .transformRotationZ, layer: layer)
        let opacity = try runtime.presentationSlot(of: .opacity, layer: layer)
        let scale = try runtime.presentationSlot(of: .transformScale, layer: layer)
        let position = try runtime.presentationSlot(of: .position, layer: layer)
        let move = try runtime.presentationSlot(of: .transformTranslation, layer: layer)
        #expect(!runtime.hasPresentationReadings)
        try runtime.updatePresentationReadings()
        #expect(runtime.hasPresentationReadings)
        #expect(!runtime.hasPresentation)
        // Progress 1/4: 0 + (2 − 0)·0.25; the keyframes' first segment half-way: 0 + (1 − 0)·0.5; the
        // translation a quarter of the way: (8·0.25, −4·0.25); the scale never written: the identity's 1.
        #expect(try runtime.presentationScalar(at: turn) == 0.5)
        #expect(try runtime.presentationScalar(at: opacity) == 0.5)
        #expect(try runtime.presentationScalar(at: scale) == 1)
        #expect(try runtime.presentationPoint(at: position) == Point(x: 3, y: 4))
        #expect(try runtime.presentationSize(at: move) == Size(width: 2, height: -1))
        #expect(try runtime.presentationValue(at: move) == .size(Size(width: 2, height: -1)))
        #expect(try runtime.presentationScalar(at: position) == nil)
        // Readings by key path compute what they need: the same values.
        #expect(try runtime.presentationScalar(of: .transformRotationZ, layer: layer) == 0.5)
        #expect(try runtime.presentationValue(of: .transformTranslation, layer: layer) == .size(Size(width: 2, height: -1)))
        // Advancing makes the readings stale; a second update at the same time changes nothing.
        try runtime.advance(to: 3)
        #expect(!runtime.hasPresentationReadings)
        try runtime.updatePresentationReadings()
        try runtime.updatePresentationReadings()
        // Progress 3/4: 1.5; the keyframes' second segment half-way: 1 + (0 − 1)·0.5.
        #expect(try runtime.presentationScalar(at: turn) == 1.5)
        #expect(try runtime.presentationScalar(at: opacity) == 0.5)
        #expect(try runtime.presentationSize(at: move) == Size(width: 6, height: -3))
    }

    @Test("a slot registered after an update, and changes of the animations, rebuild the readings")
    func rebuilds() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.scalar(0.25), for: .opacity, of: layer, at: 0)
        try runtime.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 4)), forKey: "fade", to: layer, at: 0)
        try runtime.advance(to: 1)
        let opacity = try runtime.presentationSlot(of: .opacity, layer: layer)
        try runtime.updatePresentationReadings()
        #expect(try runtime.presentationScalar(at: opacity) == 0.25)
        // Registered now: covered by the next update at a new time.
        let turn = try runtime.presentationSlot(of: .transformRotationZ, layer: layer)
        try runtime.add(
            .basic(.transformRotationZ, from: .scalar(0), to: .scalar(4), timing: Timing(beginTime: 1, duration: 2)),
            forKey: "turn", to: layer, at: 1)
        try runtime.advance(to: 2)
        try runtime.updatePresentationReadings()
        #expect(try runtime.presentationScalar(at: opacity) == 0.5)
        #expect(try runtime.presentationScalar(at: turn) == 2)
        // Removed: the model's values again (opacity 0.25, the identity's rotation 0).
        try runtime.removeAllAnimations(from: layer, at: 2)
        try runtime.updatePresentationReadings()
        #expect(try runtime.presentationScalar(at: opacity) == 0.25)
        #expect(try runtime.presentationScalar(at: turn) == 0)
    }

    @Test("an animation that writes no read property is not evaluated; one that does reports its error")
    func errors() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        // A transform that cannot be decomposed: a rotation component animation over it fails.
        try runtime.setModelValue(.transform(.scale(x: 0, y: 0, z: 0)), for: .transform, of: layer, at: 0)
        try runtime.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 1)), forKey: "fade", to: layer, at: 0)
        try runtime.add(
            .basic(.transformRotationZ, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 1)), forKey: "turn", to: layer, at: 0)
        try runtime.advance(to: 0.5)
        let opacity = try runtime.presentationSlot(of: .opacity, layer: layer)
        try runtime.updatePresentationReadings()
        #expect(try runtime.presentationScalar(at: opacity) == 0.5)
        var full = runtime
        #expect(throws: RuntimeError.evaluation(layer: "L", key: "turn", .value(.notDecomposable))) {
            try full.updatePresentation()
        }
        // Reading the rotation too: the animation is evaluated, and its error reported.
        _ = try runtime.presentationSlot(of: .transformRotationZ, layer: layer)
        try runtime.advance(to: 0.75)
        #expect(throws: RuntimeError.evaluation(layer: "L", key: "turn", .value(.notDecomposable))) {
            try runtime.updatePresentationReadings()
        }
        #expect(!runtime.hasPresentationReadings)
        // The slot reading then falls back to the key path's, which fails the same way.
        #expect(throws: RuntimeError.evaluation(layer: "L", key: "turn", .value(.notDecomposable))) {
            try runtime.presentationScalar(at: opacity)
        }
    }

    // MARK: Random scenes

    /// `PresentationSlotTests.animation(_:depth:)`, plus paths that turn the layer (they also write
    /// `transform.rotation.z`), whole-transform animations and additive rotations.
    static func animation(_ rng: inout Xoshiro) -> Animation {
        let timing = PresentationSlotTests.timing(&rng)
        switch Int.random(in: 0..<10, using: &rng) {
        case 0:
            var path = Path()
            try? path.move(to: Point(x: 0, y: 0))
            try? path.addQuadCurve(to: Point(x: 10, y: 5), control: Point(x: 5, y: 20))
            return Animation(
                timing: timing,
                content: .property(
                    PropertyAnimation(
                        keyPath: .position,
                        values: .keyframes(KeyframeValues(path: path, rotationMode: [.auto, .autoReverse][Int.random(in: 0..<2, using: &rng)])))))
        case 1:
            return .basic(.transform, from: .transform(.identity), to: .transform(.scale(x: 2, y: 3, z: 1)), timing: timing)
        case 2:
            return .basic(.transformRotationZ, from: .scalar(0), to: .scalar(1), timing: timing, additive: true)
        default:
            return PresentationSlotTests.animation(&rng)
        }
    }

    @Test("every reading equals updatePresentation's and the general path's, bit for bit (seeded random scenes)")
    func randomScenes() throws {
        try seededCheck(count: 80, seed: 0x7E4D) { rng in
            var (runtime, layers) = try PresentationSlotTests.randomLayers(&rng)
            // Every key path the animations write is read on some layers, a random part of them on others (an
            // animation that writes nothing read is then not evaluated).
            let readsAll = Bool.random(using: &rng)
            var slots: [(PresentationSlot, AnimationKeyPath)] = []
            for layer in layers {
                if Bool.random(using: &rng) {
                    try runtime.setModelValue(.scalar(Double.random(in: 0...1, using: &rng)), for: .opacity, of: layer, at: 0)
                }
                for keyPath in PresentationSlotTests.keyPaths where readsAll || Bool.random(using: &rng) {
                    slots.append((try runtime.presentationSlot(of: keyPath, layer: layer), keyPath))
                }
            }
            var time = 0.0
            var nextKey = 0
            for _ in 0..<12 {
                try PresentationSlotTests.randomStep(&runtime, layers: layers, time: &time, nextKey: &nextKey, &rng) {
                    Self.animation(&$0)
                }
                // The references: a copy that never updates (every reading applies the animations), and a copy
                // that runs the full pass.
                let reference = runtime
                var full = runtime
                let fullResult = Result { () throws(RuntimeError) in try full.updatePresentation() }
                do throws(RuntimeError) {
                    try runtime.updatePresentationReadings()
                } catch {
                    // A reading fails only where the full pass fails (with this error when every written
                    // property is read: then the same animations are evaluated).
                    #expect(!runtime.hasPresentationReadings)
                    guard case let .failure(fullError) = fullResult else {
                        Issue.record("the readings failed with \(error), the full pass did not")
                        continue
                    }
                    if readsAll { #expect(error == fullError) }
                    continue
                }
                #expect(runtime.hasPresentationReadings)
                guard case .success = fullResult else {
                    // Only an animation that writes nothing read can fail the full pass and not the readings.
                    #expect(!readsAll)
                    continue
                }
                for (slot, keyPath) in slots {
                    let want = try reference.presentationValue(of: keyPath, layer: slot.layer)
                    let tables = try full.presentationValue(at: slot)
                    let got = try runtime.presentationValue(at: slot)
                    #expect(
                        PresentationSlotTests.bits(got) == PresentationSlotTests.bits(want),
                        "\(keyPath) of \(slot.layer) at \(time): \(got) vs \(want)")
                    #expect(PresentationSlotTests.bits(got) == PresentationSlotTests.bits(tables))
                    if case let .scalar(x) = want { #expect(try runtime.presentationScalar(at: slot)?.bitPattern == x.bitPattern) }
                    if case let .point(p) = want { #expect(try runtime.presentationPoint(at: slot) == p) }
                    if case let .size(s) = want { #expect(try runtime.presentationSize(at: slot) == s) }
                }
            }
        }
    }
}
