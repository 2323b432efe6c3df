import Testing

import MediaTiming

/// `AnimationRuntime.presentationScalar(of:layer:)` (the per-frame reading of benchmark P6) against
/// values computed by hand from Docs/semantics.md §10 (linear interpolation, keyframes, the cumulative
/// sum), before and after `updatePresentation()` (computed on demand, then read in place).
@Suite struct PresentationScalarTests {
    /// A layer with `transform.rotation.z` 0 → 2 over 4 s, opacity keyframes [0, 1, 0] over 4 s, and a
    /// model position (a point), at t = 1.
    func runtime() throws -> (AnimationRuntime, LayerID) {
        var (runtime, layer) = try Self.unadvancedScene()
        try runtime.advance(to: 1)
        return (runtime, layer)
    }

    /// ``runtime()``'s layer and animations at t = 0 (also the start of `PresentationSlotTests.scene()`).
    static func unadvancedScene() throws -> (AnimationRuntime, LayerID) {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.point(Point(x: 3, y: 4)), for: .position, of: layer, at: 0)
        try runtime.add(
            .basic(.transformRotationZ, from: .scalar(0), to: .scalar(2), timing: Timing(duration: 4)), forKey: "turn",
            to: layer, at: 0)
        let fade = Animation(
            timing: Timing(duration: 4),
            content: .property(
                PropertyAnimation(keyPath: .opacity, values: .keyframes(KeyframeValues(values: [.scalar(0), .scalar(1), .scalar(0)])))))
        try runtime.add(fade, forKey: "fade", to: layer, at: 0)
        return (runtime, layer)
    }

    @Test("scalar readings equal the hand-computed values, computed or read in place")
    func readings() throws {
        var (runtime, layer) = try runtime()
        for updated in [false, true] {
            if updated { try runtime.updatePresentation() }
            #expect(runtime.hasPresentation == updated)
            // Progress 1/4: 0 + (2 − 0)·0.25; the keyframes' first segment half-way: 0 + (1 − 0)·0.5.
            #expect(try runtime.presentationScalar(of: .transformRotationZ, layer: layer) == 0.5)
            #expect(try runtime.presentationScalar(of: .opacity, layer: layer) == 0.5)
            // transform.scale was never written: the identity's 1.
            #expect(try runtime.presentationScalar(of: .transformScale, layer: layer) == 1)
            // Not a scalar key path.
            #expect(try runtime.presentationScalar(of: .position, layer: layer) == nil)
            #expect(try runtime.presentationValue(of: .position, layer: layer) == .point(Point(x: 3, y: 4)))
        }
    }

    @Test("an unknown layer throws, as presentationValue does")
    func unknownLayer() throws {
        var (runtime, _) = try runtime()
        try runtime.updatePresentation()
        // The third layer of another runtime: this one has a single layer.
        var other = try AnimationRuntime()
        for name in ["a", "b"] { try other.addLayer(named: name) }
        let foreign = try other.addLayer(named: "c")
        #expect(throws: RuntimeError.self) { try runtime.presentationScalar(of: .opacity, layer: foreign) }
        #expect(throws: RuntimeError.self) { try runtime.presentationValue(of: .opacity, layer: foreign) }
    }

    @Test("a cumulative scalar animation adds i·V(1) in later cycles")
    func cumulative() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.add(
            .basic(.transformRotationZ, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 1, repeatCount: 3), cumulative: true),
            forKey: "turn", to: layer, at: 0)
        try runtime.advance(to: 2.25)
        try runtime.updatePresentation()
        // Iteration 2, progress 0.25: 2·1 + 0.25 (§10.3, U7).
        #expect(try runtime.presentationScalar(of: .transformRotationZ, layer: layer) == 2.25)
    }

    @Test("a component animation over a model transform that cannot be decomposed is an evaluation error")
    func notDecomposable() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.transform(.scale(x: 0, y: 0, z: 0)), for: .transform, of: layer, at: 0)
        try runtime.add(
            .basic(.transformRotationZ, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 1)), forKey: "turn",
            to: layer, at: 0)
        try runtime.advance(to: 0.5)
        #expect(throws: RuntimeError.evaluation(layer: "L", key: "turn", .value(.notDecomposable))) {
            try runtime.updatePresentation()
        }
    }
}
