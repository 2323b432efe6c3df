import Testing

import MediaTiming

/// A few animated layers among more static ones: the frame pass computes only the animated layers' local
/// times, through their chains of time spaces (Docs/semantics.md §3.2), and a change of the animated layers
/// changes which chains it walks. Expected values by hand from §3.2 (`(t − beginTime)·speed + timeOffset`
/// per level) and §10.1; every number is dyadic, so the checks are bit for bit.
@Suite struct AnimatedChainTests {
    @Test("local times and values follow the chains as the animated layers change")
    func chainsFollowTheAnimatedLayers() throws {
        var runtime = try AnimationRuntime()
        // R: (m − 1)·2; A: R + 0.5; B: (A − 0.5)·0.5 = m − 1; C and D under B read B's time.
        let r = try runtime.addLayer(named: "R", timeSpace: TimeSpace(beginTime: 1, speed: 2))
        let a = try runtime.addLayer(named: "A", parent: r, timeSpace: TimeSpace(timeOffset: 0.5))
        let b = try runtime.addLayer(named: "B", parent: a, timeSpace: TimeSpace(beginTime: 0.5, speed: 0.5))
        let c = try runtime.addLayer(named: "C", parent: b), d = try runtime.addLayer(named: "D", parent: b)
        for n in 0..<6 { _ = try runtime.addLayer(named: "static\(n)") }
        try runtime.advance(to: 1.5)
        try runtime.add(
            .basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(beginTime: 0.25, duration: 8)),
            forKey: "fade", to: c, at: 1.5)
        try runtime.advance(to: 3)
        try runtime.updatePresentation()
        // C's local time 2: p = (2 − 0.25)/8.
        #expect(try runtime.localTime(of: c) == 2)
        #expect(try runtime.presentationValue(of: .opacity, layer: c) == .scalar(0.21875))
        // The animated layer moves from C to D (B, A and R stay on its chain).
        try runtime.removeAnimation(forKey: "fade", from: c, at: 3)
        try runtime.add(
            .basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(beginTime: 0.5, duration: 4)),
            forKey: "fade", to: d, at: 3)
        try runtime.advance(to: 5)
        try runtime.updatePresentation()
        // D's local time 4: p = (4 − 0.5)/4; C shows its model.
        #expect(try runtime.localTime(of: d) == 4)
        #expect(try runtime.presentationValue(of: .opacity, layer: d) == .scalar(0.875))
        #expect(try runtime.presentationValue(of: .opacity, layer: c) == .scalar(1))
        // Both animated, then the chain of one of them changes its clock.
        try runtime.add(
            .basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(beginTime: 0, duration: 16)),
            forKey: "fade", to: c, at: 5)
        try runtime.setTimeSpace(TimeSpace(beginTime: 8, speed: 2, timeOffset: 8.5), of: a, at: 5)
        try runtime.advance(to: 6)
        try runtime.updatePresentation()
        // A's new clock reads 8.5 at media 5, as the old one did. R at 6: 10; A: (10 − 8)·2 + 8.5 = 12.5;
        // B: (12.5 − 0.5)·0.5 = 6. C's animation began at C's local time at its add (4): p = 2/16. D's
        // window ended at D's local time 4.5 and it is removed on completion: D shows its model's 1.
        #expect(try runtime.localTime(of: c) == 6)
        #expect(try runtime.localTime(of: d) == 6)
        #expect(try runtime.presentationValue(of: .opacity, layer: c) == .scalar(0.125))
        #expect(try runtime.presentationValue(of: .opacity, layer: d) == .scalar(1))
    }
}
