import Testing

import MediaTiming

/// The frame plan appends a rebuilt layer's records and model values and leaves the old ones dead; once
/// the dead ones outnumber the live ones by 4,096 it compacts its tables in place (Docs/performance.md,
/// S3). A long churn (thousands of replaced animations on a few layers, a frame after each) crosses that
/// point several times; every frame, every layer's presentation must be the one its current animation
/// gives, computed here by hand. Every number is dyadic, so the expected values are exact.
@Suite struct PlanCompactionTests {
    /// Layer `l`'s animation added at `t` (a frame index `f`, `t = f/64`): opacity from `a` to `a + 1/2`
    /// over 4 s (linear), and for every third layer a group of it and `position.x` from 0 to 8 over the
    /// same 4 s, so that the layers' record and value counts differ.
    static func animation(layer l: Int, frame f: Int) throws -> Animation {
        let a = Double((f + l) % 8) / 8
        let fade = Animation.basic(.opacity, from: .scalar(a), to: .scalar(a + 0.5), timing: Timing(duration: 4))
        guard l % 3 == 0 else { return fade }
        let slide = Animation.basic(try AnimationKeyPath("position.x"), from: .scalar(0), to: .scalar(8), timing: Timing(duration: 4))
        return .group([fade, slide], timing: Timing(duration: 4))
    }

    @Test("thousands of replaced animations: every frame shows each layer's current animation")
    func churnAcrossCompactions() throws {
        var runtime = try AnimationRuntime()
        let count = 8
        var layers: [LayerID] = []
        for l in 0..<count {
            let layer = try runtime.addLayer(named: "L\(l)")
            // Models of different sizes: a position on every other layer, and a corner radius on some.
            if l % 2 == 0 { try runtime.setModelValue(.point(Point(x: 16, y: 32)), for: .position, of: layer, at: 0) }
            if l % 4 == 1 { try runtime.setModelValue(.scalar(2), for: .cornerRadius, of: layer, at: 0) }
            layers.append(layer)
        }
        let positionX = try AnimationKeyPath("position.x")
        // A layer whose one animation, added once the churn has filled the tables a little, outlives the
        // run: its records sit among dead ones and move at every compaction, while the churn's appends
        // reach their old place.
        let steady = try runtime.addLayer(named: "S")
        var added = [Int](repeating: 0, count: count)  // the frame each layer's animation was added at
        for l in 0..<count { try runtime.add(try Self.animation(layer: l, frame: 0), forKey: "a", to: layers[l], at: 0) }
        // About 6,000 replacements: each rebuilds its layer (1 to 3 records, 1 to 3 model values dead).
        for f in 1...6000 {
            let t = Double(f) / 64
            let l = (f * 5) % count
            try runtime.add(try Self.animation(layer: l, frame: f), forKey: "a", to: layers[l], at: t)
            added[l] = f
            // A layer left without animations now and then (its records go; its model shows).
            let idle = (f / 7) % count
            if f % 7 == 0, idle != l {
                try runtime.removeAnimation(forKey: "a", from: layers[idle], at: t)
                added[idle] = -1
            }
            if f == 50 {
                try runtime.add(
                    .basic(.opacity, from: .scalar(0), to: .scalar(0.5), timing: Timing(duration: 512)), forKey: "s",
                    to: steady, at: t)
            }
            try runtime.advance(to: t)
            try runtime.updatePresentation()
            let steadyOpacity = try runtime.presentationScalar(of: .opacity, layer: steady)
            #expect(steadyOpacity == (f < 50 ? 1 : 0.5 * (Double(f - 50) / 64 / 512)), "frame \(f), layer S")
            for k in 0..<count {
                let opacity = try runtime.presentationScalar(of: .opacity, layer: layers[k])
                let x = try runtime.presentationScalar(of: positionX, layer: layers[k])
                let modelX: Double = k % 2 == 0 ? 16 : 0
                guard added[k] >= 0 else {
                    #expect(opacity == 1, "frame \(f), layer \(k)")
                    #expect(x == modelX, "frame \(f), layer \(k)")
                    continue
                }
                // Progress (t − t_added)/4, under 1: an animation is replaced within 8 frames… or removed.
                let p = Double(f - added[k]) / 64 / 4
                let a = Double((added[k] + k) % 8) / 8
                #expect(opacity == a + 0.5 * p, "frame \(f), layer \(k)")
                #expect(x == (k % 3 == 0 ? 8 * p : modelX), "frame \(f), layer \(k)")
            }
        }
    }
}
