import Testing

import MediaTiming

/// Point values and the scalar fields of points, sizes and rects through the runtime's frame pass and
/// readings, against values computed by hand from Docs/semantics.md §10 (linear interpolation
/// `from + (to − from)·p`, the cumulative sum `i·V(1) + V(p)`, a field written into the running value).
/// Every number below is dyadic, so the expected values are exact: the checks are bit for bit.
@Suite struct PointLaneTests {
    @Test("a basic point animation interpolates both coordinates")
    func basicPoint() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.point(Point(x: 100, y: 100)), for: .position, of: layer, at: 0)
        try runtime.add(
            .basic(.position, from: .point(Point(x: 3, y: 4)), to: .point(Point(x: 13, y: -6)), timing: Timing(duration: 4)),
            forKey: "move", to: layer, at: 0)
        try runtime.advance(to: 1)
        // p = 1/4: (3 + 10/4, 4 − 10/4).
        for value in try runtime.threeReadings(of: .position, layer: layer) { #expect(value == .point(Point(x: 5.5, y: 1.5))) }
        #expect(try runtime.presentationScalar(of: AnimationKeyPath("position.y"), layer: layer) == 1.5)
    }

    @Test("a cumulative point animation adds i·V(1) in later cycles")
    func cumulativePoint() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.add(
            .basic(
                .position, from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 2, y: 1)),
                timing: Timing(duration: 1, repeatCount: 3), cumulative: true),
            forKey: "walk", to: layer, at: 0)
        try runtime.advance(to: 2.25)
        // Iteration 2, p = 1/4: 2·(2, 1) + (0.5, 0.25).
        for value in try runtime.threeReadings(of: .position, layer: layer) { #expect(value == .point(Point(x: 4.5, y: 2.25))) }
    }

    @Test("a field animation writes its field and keeps the others of the running value")
    func fields() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.point(Point(x: 3, y: 4)), for: .position, of: layer, at: 0)
        try runtime.setModelValue(.rect(Rect(x: 1, y: 2, width: 30, height: 40)), for: .bounds, of: layer, at: 0)
        try runtime.add(
            .basic(AnimationKeyPath("position.x"), from: .scalar(0), to: .scalar(8), timing: Timing(duration: 4)),
            forKey: "x", to: layer, at: 0)
        let widths = Animation(
            timing: Timing(duration: 4),
            content: .property(
                PropertyAnimation(
                    keyPath: try AnimationKeyPath("bounds.size.width"),
                    values: .keyframes(KeyframeValues(values: [.scalar(10), .scalar(20), .scalar(0)])))))
        try runtime.add(widths, forKey: "width", to: layer, at: 0)
        try runtime.advance(to: 1)
        // position.x: 0 + 8/4; bounds.size.width: half-way through the first of two segments, 10 + 10/2.
        for value in try runtime.threeReadings(of: .position, layer: layer) { #expect(value == .point(Point(x: 2, y: 4))) }
        for value in try runtime.threeReadings(of: .bounds, layer: layer) { #expect(value == .rect(Rect(x: 1, y: 2, width: 15, height: 40))) }
        #expect(try runtime.presentationScalar(of: AnimationKeyPath("position.x"), layer: layer) == 2)
    }

    @Test("a point animation whose value overflows is an evaluation error, not a value")
    func overflow() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        // to − from is +∞ in x: V(p) is not finite for any p, and the general path reports the overflow.
        try runtime.add(
            .basic(
                .position, from: .point(Point(x: -1.5e308, y: 0)), to: .point(Point(x: 1.5e308, y: 0)),
                timing: Timing(duration: 4)),
            forKey: "far", to: layer, at: 0)
        try runtime.advance(to: 1)
        #expect(throws: RuntimeError.evaluation(layer: "L", key: "far", .value(.overflow(.interpolation)))) {
            try runtime.updatePresentation()
        }
        #expect(throws: RuntimeError.evaluation(layer: "L", key: "far", .value(.overflow(.interpolation)))) {
            try runtime.presentationValue(of: .position, layer: layer)
        }
    }
}
