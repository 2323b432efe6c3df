import Testing

import MediaTiming

/// Basic animations with a missing end through the runtime's frame pass and readings: the missing end is
/// the layer's model value, read afresh at every frame (Docs/semantics.md §10.1, R5), so a model change
/// during the animation moves it; and size-valued key paths, written as their two fields. The expected
/// values are computed by hand from §10.1 (`from + (to − from)·p`, `to = from + by`) and §10.3
/// (`i·V(1) + V(p)`); every number is dyadic, so the checks are bit for bit. The errors are those of
/// Docs/semantics.md §10 (a transform without a decomposition, an end point that overflows).
@Suite struct ModelEndPointTests {
    @Test("toValue only: from the model value, which a model change moves")
    func toValueOnly() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.scalar(0.25), for: .opacity, of: layer, at: 0)
        try runtime.add(.basic(.opacity, to: .scalar(1), timing: Timing(duration: 1)), forKey: "fade", to: layer, at: 0)
        try runtime.advance(to: 0.5)
        // 0.25 + 0.75·0.5.
        for value in try runtime.threeReadings(of: .opacity, layer: layer) { #expect(value == .scalar(0.625)) }
        try runtime.setModelValue(.scalar(0.5), for: .opacity, of: layer, at: 0.5)
        try runtime.advance(to: 0.75)
        // 0.5 + 0.5·0.75.
        for value in try runtime.threeReadings(of: .opacity, layer: layer) { #expect(value == .scalar(0.875)) }
    }

    @Test("fromValue only on a whole point: to the model's point")
    func fromValueOnlyPoint() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.point(Point(x: 100, y: 40)), for: .position, of: layer, at: 0)
        try runtime.add(
            .basic(.position, from: .point(Point(x: 0, y: 0)), timing: Timing(duration: 4)), forKey: "move", to: layer, at: 0)
        try runtime.advance(to: 1)
        // p = 1/4: (0 + 100/4, 0 + 40/4).
        for value in try runtime.threeReadings(of: .position, layer: layer) { #expect(value == .point(Point(x: 25, y: 10))) }
        #expect(try runtime.presentationScalar(of: AnimationKeyPath("position.x"), layer: layer) == 25)
    }

    @Test("byValue only on a field and on a transform component, cumulative")
    func byValueOnly() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.point(Point(x: 3, y: 4)), for: .position, of: layer, at: 0)
        try runtime.add(
            .basic(AnimationKeyPath("position.x"), by: .scalar(8), timing: Timing(duration: 1, repeatCount: 3), cumulative: true),
            forKey: "x", to: layer, at: 0)
        try runtime.add(
            .basic(.transformRotationZ, by: .scalar(0.5), timing: Timing(duration: 2)), forKey: "turn", to: layer, at: 0)
        try runtime.advance(to: 1.25)
        // position.x: from 3 to 11, iteration 1, p = 1/4: 11·1 + (3 + 8/4); y keeps the model's 4.
        for value in try runtime.threeReadings(of: .position, layer: layer) { #expect(value == .point(Point(x: 16, y: 4))) }
        // rotation: from the identity's 0 to 0.5, p = 5/8.
        for value in try runtime.threeReadings(of: .transformRotationZ, layer: layer) { #expect(value == .scalar(0.3125)) }
    }

    @Test("sizes: transform.translation with both ends, and bounds.size toValue only")
    func sizes() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.rect(Rect(x: 1, y: 2, width: 30, height: 40)), for: .bounds, of: layer, at: 0)
        try runtime.add(
            .basic(.transformTranslation, from: .size(Size(width: 2, height: 4)), to: .size(Size(width: 10, height: -4)),
                timing: Timing(duration: 4)),
            forKey: "move", to: layer, at: 0)
        try runtime.add(
            .basic(try AnimationKeyPath("bounds.size"), to: .size(Size(width: 10, height: 20)), timing: Timing(duration: 4)),
            forKey: "resize", to: layer, at: 0)
        try runtime.advance(to: 1)
        // p = 1/4: (2 + 8/4, 4 − 8/4); bounds.size from the model's (30, 40) to (10, 20), its origin kept.
        for value in try runtime.threeReadings(of: .transformTranslation, layer: layer) {
            #expect(value == .size(Size(width: 4, height: 2)))
        }
        #expect(try runtime.presentationScalar(of: AnimationKeyPath("transform.translation.y"), layer: layer) == 2)
        for value in try runtime.threeReadings(of: .bounds, layer: layer) {
            #expect(value == .rect(Rect(x: 1, y: 2, width: 25, height: 35)))
        }
    }

    @Test("translation: over a model matrix, toValue only; cumulative with both ends")
    func translations() throws {
        var runtime = try AnimationRuntime()
        let moved = try runtime.addLayer(named: "M"), walking = try runtime.addLayer(named: "W")
        try runtime.setModelValue(.transform(.translation(x: 5, y: 7, z: 0)), for: .transform, of: moved, at: 0)
        try runtime.add(
            .basic(.transformTranslation, to: .size(Size(width: 9, height: 3)), timing: Timing(duration: 4)),
            forKey: "move", to: moved, at: 0)
        try runtime.add(
            .basic(
                .transformTranslation, from: .size(Size(width: 0, height: 0)), to: .size(Size(width: 2, height: 1)),
                timing: Timing(duration: 1, repeatCount: 3), cumulative: true),
            forKey: "walk", to: walking, at: 0)
        try runtime.advance(to: 2.25)
        // p = 9/16 from the model's (5, 7) to (9, 3): (5 + 4·9/16, 7 − 4·9/16).
        for value in try runtime.threeReadings(of: .transformTranslation, layer: moved) {
            #expect(value == .size(Size(width: 7.25, height: 4.75)))
        }
        // Iteration 2, p = 1/4: 2·(2, 1) + (0.5, 0.25).
        for value in try runtime.threeReadings(of: .transformTranslation, layer: walking) {
            #expect(value == .size(Size(width: 4.5, height: 2.25)))
        }
        #expect(try runtime.presentationScalar(of: AnimationKeyPath("transform.translation.x"), layer: walking) == 4.5)
    }

    @Test("bounds.size byValue only: from the model's size by the given amount")
    func sizeByValue() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.rect(Rect(x: 1, y: 2, width: 30, height: 40)), for: .bounds, of: layer, at: 0)
        try runtime.add(
            .basic(try AnimationKeyPath("bounds.size"), by: .size(Size(width: 8, height: -8)), timing: Timing(duration: 4)),
            forKey: "grow", to: layer, at: 0)
        try runtime.advance(to: 1)
        // From (30, 40) to (38, 32), p = 1/4.
        for value in try runtime.threeReadings(of: .bounds, layer: layer) {
            #expect(value == .rect(Rect(x: 1, y: 2, width: 32, height: 38)))
        }
    }

    @Test("a model whose value cannot be read fails the reading, as the general path does")
    func unreadableModel() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        // A transform without a decomposition: transform.rotation.z cannot be read from it.
        try runtime.setModelValue(.transform(.scale(x: 0, y: 0, z: 0)), for: .transform, of: layer, at: 0)
        try runtime.add(.basic(.transformRotationZ, to: .scalar(1), timing: Timing(duration: 1)), forKey: "turn", to: layer, at: 0)
        try runtime.advance(to: 0.5)
        let expected = RuntimeError.evaluation(layer: "L", key: "turn", .value(.notDecomposable))
        #expect(throws: expected) { try runtime.presentationValue(of: .transformRotationZ, layer: layer) }
        #expect(throws: expected) { try runtime.updatePresentation() }
    }

    @Test("a translation over a singular matrix that an earlier animation wrote fails, with both ends too")
    func translationOverSingularMatrix() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        let flatten = Animation.basic(
            .transform, from: .transform(.scale(x: 0, y: 0, z: 0)), to: .transform(.scale(x: 0, y: 0, z: 0)),
            timing: Timing(duration: 4))
        try runtime.add(flatten, forKey: "flatten", to: layer, at: 0)
        try runtime.add(
            .basic(.transformTranslation, from: .size(Size(width: 0, height: 0)), to: .size(Size(width: 4, height: 4)),
                timing: Timing(duration: 4)),
            forKey: "move", to: layer, at: 0)
        try runtime.advance(to: 1)
        let expected = RuntimeError.evaluation(layer: "L", key: "move", .value(.notDecomposable))
        #expect(throws: expected) { try runtime.presentationValue(of: .transformTranslation, layer: layer) }
        #expect(throws: expected) { try runtime.updatePresentation() }
    }

    @Test("an end point that overflows fails every frame, as the general path does")
    func overflowingEnd() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.point(Point(x: 1e308, y: 0)), for: .position, of: layer, at: 0)
        // to = model + by = 2e308: not a double.
        try runtime.add(
            .basic(AnimationKeyPath("position.x"), by: .scalar(1e308), timing: Timing(duration: 1)), forKey: "x", to: layer, at: 0)
        try runtime.advance(to: 0.5)
        let expected = RuntimeError.evaluation(layer: "L", key: "x", .value(.overflow(.addition)))
        #expect(throws: expected) { try runtime.presentationValue(of: .position, layer: layer) }
        #expect(throws: expected) { try runtime.updatePresentation() }
    }

    @Test("a reading right after another layer's model changes: this layer's compiled records, the other's new model")
    func readingWhileAnotherLayerChanged() throws {
        var runtime = try AnimationRuntime()
        let a = try runtime.addLayer(named: "A"), b = try runtime.addLayer(named: "B")
        try runtime.setModelValue(.scalar(0.25), for: .opacity, of: a, at: 0)
        for layer in [a, b] {
            try runtime.add(.basic(.opacity, to: .scalar(1), timing: Timing(duration: 4)), forKey: "fade", to: layer, at: 0)
        }
        try runtime.advance(to: 1)
        try runtime.updatePresentation()
        try runtime.advance(to: 2)
        try runtime.setModelValue(.scalar(0.5), for: .opacity, of: b, at: 2)
        // p = 1/2: A from its model's 0.25 to 1; B from its new model value 0.5 to 1.
        #expect(try runtime.presentationValue(of: .opacity, layer: a) == .scalar(0.625))
        #expect(try runtime.presentationValue(of: .opacity, layer: b) == .scalar(0.75))
        try runtime.updatePresentation()
        #expect(try runtime.presentationValue(of: .opacity, layer: b) == .scalar(0.75))
    }
}
