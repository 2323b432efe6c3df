import Testing

import MediaTiming

/// A frame pass starts from the model's values, whatever an earlier frame wrote (Docs/semantics.md §15):
/// the value an animation reads (an additive one adds to the value so far) is the model's once the
/// animations that wrote over it in an earlier frame no longer apply. Every number is dyadic, so the
/// expected values, computed by hand, are exact.
@Suite struct FrameRestoreTests {
    @Test("an additive animation adds to the model's value, not to an earlier frame's")
    func additiveAfterAnEarlierFrame() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.scalar(0.75), for: .opacity, of: layer, at: 0)
        // 0 → 1 over the first 2 s, attached afterwards but showing nothing (fill mode removed).
        try runtime.add(
            .basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 2), removedOnCompletion: false),
            forKey: "fade", to: layer, at: 0)
        // Adds 0 → 0.25 over 8 s from 2 s (nothing before).
        try runtime.add(
            .basic(.opacity, from: .scalar(0), to: .scalar(0.25), timing: Timing(beginTime: 2, duration: 8), additive: true),
            forKey: "add", to: layer, at: 0)
        try runtime.advance(to: 1)
        try runtime.updatePresentation()
        // Only the fade applies: p = 1/2.
        #expect(try runtime.presentationScalar(of: .opacity, layer: layer) == 0.5)
        try runtime.advance(to: 4)
        try runtime.updatePresentation()
        // Only the additive animation applies, 2 s into 8: the model's 0.75 + 0.25/4.
        #expect(try runtime.presentationScalar(of: .opacity, layer: layer) == 0.8125)
        #expect(try runtime.presentation(of: layer).value(of: .opacity) == .scalar(0.8125))
    }

    @Test("a default the layers' models share stays each layer's own when frames and model changes write")
    func sharedDefaultsStayPerLayer() throws {
        // Layers animated on a property never set in their models: each model holds Core Animation's
        // default (opacity 1), however the frames write their presentations and whatever another layer's
        // model becomes. Linear 0 → 1/2 over 1 s: 1/4 at half way (dyadic, exact).
        var runtime = try AnimationRuntime()
        let a = try runtime.addLayer(named: "A"), b = try runtime.addLayer(named: "B")
        let fade = Animation.basic(.opacity, from: .scalar(0), to: .scalar(0.5), timing: Timing(duration: 1))
        try runtime.add(fade, forKey: "fade", to: a, at: 0)
        try runtime.add(fade, forKey: "fade", to: b, at: 0)
        try runtime.advance(to: 0.5)
        try runtime.updatePresentation()
        #expect(try runtime.presentationScalar(of: .opacity, layer: a) == 0.25)
        #expect(try runtime.presentationScalar(of: .opacity, layer: b) == 0.25)
        // Both removed at their end: the presentations show the models.
        try runtime.advance(to: 2)
        try runtime.updatePresentation()
        #expect(try runtime.presentationScalar(of: .opacity, layer: a) == 1)
        #expect(try runtime.presentationScalar(of: .opacity, layer: b) == 1)
        // A animates again; its frame writes its presentation, B's stays its model's.
        try runtime.add(fade, forKey: "fade", to: a, at: 2)
        try runtime.advance(to: 2.5)
        try runtime.updatePresentation()
        #expect(try runtime.presentationScalar(of: .opacity, layer: a) == 0.25)
        #expect(try runtime.presentationScalar(of: .opacity, layer: b) == 1)
        #expect(try runtime.modelValue(of: .opacity, layer: b) == .scalar(1))
        // A's model changes; B's and a new layer's models keep the default.
        try runtime.setModelValue(.scalar(0.375), for: .opacity, of: a, at: 2.5)
        let c = try runtime.addLayer(named: "C")
        try runtime.add(fade, forKey: "fade", to: c, at: 2.5)
        #expect(try runtime.modelValue(of: .opacity, layer: a) == .scalar(0.375))
        #expect(try runtime.modelValue(of: .opacity, layer: b) == .scalar(1))
        #expect(try runtime.modelValue(of: .opacity, layer: c) == .scalar(1))
        try runtime.advance(to: 4)
        try runtime.updatePresentation()
        #expect(try runtime.presentationScalar(of: .opacity, layer: a) == 0.375)
        #expect(try runtime.presentationScalar(of: .opacity, layer: b) == 1)
        #expect(try runtime.presentationScalar(of: .opacity, layer: c) == 1)
    }

    @Test("a field write over a slot that an earlier frame wrote keeps the model's other fields")
    func fieldAfterAnEarlierFrame() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.point(Point(x: 10, y: 20)), for: .position, of: layer, at: 0)
        // position.x over 8 s; a whole position over the first 2 s that stays attached but shows nothing
        // afterwards (not removed on completion, fill mode removed).
        try runtime.add(
            .basic(AnimationKeyPath("position.x"), from: .scalar(0), to: .scalar(8), timing: Timing(duration: 8)),
            forKey: "x", to: layer, at: 0)
        var whole = Animation.basic(
            .position, from: .point(Point(x: 100, y: 200)), to: .point(Point(x: 300, y: 400)), timing: Timing(duration: 2))
        whole.removedOnCompletion = false
        try runtime.add(whole, forKey: "whole", to: layer, at: 0)
        try runtime.advance(to: 1)
        try runtime.updatePresentation()
        // p = 1/2: the whole animation, applied last, writes (200, 300).
        #expect(try runtime.presentationValue(of: .position, layer: layer) == .point(Point(x: 200, y: 300)))
        try runtime.advance(to: 3)
        try runtime.updatePresentation()
        // Only position.x applies: 0 + 8·3/8 over the model's (10, 20), not over the last frame's (200, 300).
        #expect(try runtime.presentationValue(of: .position, layer: layer) == .point(Point(x: 3, y: 20)))
        #expect(try runtime.presentation(of: layer).value(of: .position) == .point(Point(x: 3, y: 20)))
    }

    @Test("a transform that an earlier frame wrote as components shows the model's matrix again")
    func matrixAfterAnEarlierFrame() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        // One group of 8 s (no event until its end): transform.rotation.z over its first 2 s, showing
        // nothing afterwards, and opacity over the whole group. The model's transform is the identity, so
        // the rotation writes its components in place of the matrix.
        try runtime.add(
            .group(
                [
                    .basic(.transformRotationZ, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 2)),
                    .basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 8)),
                ], timing: Timing(duration: 8)),
            forKey: "group", to: layer, at: 0)
        try runtime.advance(to: 1)
        try runtime.updatePresentation()
        #expect(try runtime.presentationScalar(of: .transformRotationZ, layer: layer) == 0.5)
        try runtime.advance(to: 4)
        try runtime.updatePresentation()
        // Only the opacity applies (4/8): the transform is the model's matrix, every number of it.
        #expect(try runtime.presentationScalar(of: .opacity, layer: layer) == 0.5)
        #expect(try runtime.presentationValue(of: .transform, layer: layer) == .transform(.identity))
        #expect(try runtime.presentation(of: layer).value(of: .transform) == .transform(.identity))
    }

    /// 0 → 1 opacity over 2 s, and a move of position over 2 s, for the replacement tests.
    static let fade = Animation.basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 2))
    static let move = Animation.basic(
        .position, from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 4, y: 8)), timing: Timing(duration: 2))

    /// A layer whose model holds opacity 0.75 and position (10, 20), fading under key "a" from 0 s, after
    /// its frame at 1 s (half the fade).
    static func fadingLayer() throws -> (runtime: AnimationRuntime, layer: LayerID) {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.scalar(0.75), for: .opacity, of: layer, at: 0)
        try runtime.setModelValue(.point(Point(x: 10, y: 20)), for: .position, of: layer, at: 0)
        try runtime.add(fade, forKey: "a", to: layer, at: 0)
        try runtime.advance(to: 1)
        try runtime.updatePresentation()
        #expect(try runtime.presentationScalar(of: .opacity, layer: layer) == 0.5)
        return (runtime, layer)
    }

    @Test("an animation replaced over an unchanged model leaves the model where the old one wrote")
    func replacedOverAnUnchangedModel() throws {
        var (runtime, layer) = try Self.fadingLayer()
        // The same key on another property of the model: the fade stops, the move starts at 1 s.
        try runtime.add(Self.move, forKey: "a", to: layer, at: 1)
        try runtime.advance(to: 1.5)
        try runtime.updatePresentation()
        // A quarter of the move; the opacity the fade wrote is the model's again.
        #expect(try runtime.presentationValue(of: .position, layer: layer) == .point(Point(x: 1, y: 2)))
        #expect(try runtime.presentationScalar(of: .opacity, layer: layer) == 0.75)
        #expect(try runtime.presentation(of: layer).value(of: .opacity) == .scalar(0.75))
        // And back: the fade from 2 s, a quarter of it at 2.5 s; the position is the model's.
        try runtime.add(Self.fade, forKey: "a", to: layer, at: 2)
        try runtime.advance(to: 2.5)
        try runtime.updatePresentation()
        #expect(try runtime.presentationScalar(of: .opacity, layer: layer) == 0.25)
        #expect(try runtime.presentationValue(of: .position, layer: layer) == .point(Point(x: 10, y: 20)))
    }

    @Test("an animation replaced in the same frame as a model change restores the new model")
    func replacedWithAModelChange() throws {
        var (runtime, layer) = try Self.fadingLayer()
        // A new model opacity (the same properties), then the fade replaced by the move.
        try runtime.setModelValue(.scalar(0.375), for: .opacity, of: layer, at: 1)
        try runtime.add(Self.move, forKey: "a", to: layer, at: 1)
        try runtime.advance(to: 1.5)
        try runtime.updatePresentation()
        #expect(try runtime.presentationScalar(of: .opacity, layer: layer) == 0.375)
        #expect(try runtime.presentationValue(of: .position, layer: layer) == .point(Point(x: 1, y: 2)))
    }
}
