import Testing

import MediaTiming

/// Basic animations with a missing end through the runtime's frame pass and readings: the missing end is
/// the layer's model value, read afresh at every frame (Docs/semantics.md §10.1, R5), so a model change
/// during the animation moves it; and size-valued key paths, written as their two fields. The expected values are computed by hand from §10.1 (`from + (to −
/// from)·p`, `to = from + by`) and §10.3 (`i·V(1) + V(p)`); every number is dyadic, so the checks are bit
/// for bit.
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

    @Test("a model whose value cannot be read fails the reading, as the general path does")
    func unreadableModel() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        // A transform without a decomposition: transform.rotation.z cannot be read from it.
        try runtime.setModelValue(.transform(.scale(x: 0, y: 0, z: 0)), for: .transform, of: layer, at: 0)
        try runtime.add(.basic(.transformRotationZ, to: .scalar(1), timing: Timing(duration: 1)), forKey: "turn", to: layer, at: 0)
        try runtime.advance(to: 0.5)
        #expect(throws: RuntimeError.self) { try runtime.presentationValue(of: .transformRotationZ, layer: layer) }
        #expect(throws: RuntimeError.self) { try runtime.updatePresentation() }
    }
}
