import PropertyBased
import Testing

import MediaTiming

/// Properties of the runtime, with fixed seeds.
@Suite struct RuntimeProperties {
    static let unit = Gen.double(in: 0...1)

    /// A random animation of `opacity` under a random layer clock.
    static func randomSetup(_ rng: inout Xoshiro) throws -> (AnimationRuntime, LayerID, Animation) {
        var runtime = try AnimationRuntime()
        var speed = Float(Gen.double(in: -2...3).draw(&rng))
        if speed.magnitude < 0.1 { speed = 1 }
        let layer = try runtime.addLayer(
            named: "L", timeSpace: TimeSpace(beginTime: Gen.double(in: -3...3).draw(&rng), speed: speed, timeOffset: Gen.double(in: -5...5).draw(&rng)))
        let repeats: [Float] = [0, 1.5, 2, 3]
        var timing = TimingProperties.randomTiming(&rng)
        timing.repeatCount = repeats[Int(unit.draw(&rng) * 4) % 4]
        timing.beginTime = unit.draw(&rng) < 0.3 ? 0 : try runtime.localTime(of: layer) + Gen.double(in: -2...4).draw(&rng)
        let animation = Animation.basic(
            try AnimationKeyPath("opacity"), from: .scalar(0), to: .scalar(1), timing: timing,
            removedOnCompletion: unit.draw(&rng) < 0.5)
        return (runtime, layer, animation)
    }

    @Test("one didStart before one didStop, at the instants where sampling sees the phase change") func eventTimes() throws {
        try seededCheck(count: 400, seed: 51) { rng in
            var (runtime, layer, animation) = try Self.randomSetup(&rng)
            // The animation as the runtime stores it: beginTime 0 means the layer's now (§4.4).
            var stored = animation
            if stored.timing.beginTime == 0 { stored.timing.beginTime = try runtime.localTime(of: layer) }
            let prepared = try PreparedAnimation(stored, defaultDuration: runtime.transactionDuration)
            var events = try runtime.add(animation, forKey: "a", to: layer, at: 0)
            var t = 0.0
            for _ in 0..<30 {
                t += Gen.double(in: 0.01...1.5).draw(&rng)
                events += try runtime.advance(to: t)
            }
            let starts = events.filter { $0.kind == .didStart }
            let stops = events.filter { $0.kind != .didStart }
            #expect(starts.count <= 1 && stops.count <= 1)
            if let stop = stops.first {
                #expect(starts.count == 1 && starts[0].time <= stop.time)
            }
            // Sampling the phase with the layer's clock (an independent evaluation of the same timing).
            var tree = LayerTree()
            let probe = try tree.addLayer(named: "L", timeSpace: try runtime.tree.timeSpace(of: layer))
            func phase(_ time: Double) throws -> TimingPhase {
                prepared.timing.phase(atParentTime: try tree.localTime(of: probe, atMediaTime: time))
            }
            for event in events where event.time > 0 {
                let now = try phase(event.time), before = try phase(event.time.nextDown)
                if event.kind == .didStart {
                    #expect(now != .before && before == .before, "start at \(event.time)")
                } else {
                    #expect(now != before && now != .active, "stop at \(event.time)")
                }
            }
            // No event missed: the phase at the end agrees with the events seen.
            let final = try phase(t)
            #expect((final != .before) == !starts.isEmpty || stops.contains { _ in final == .before })
        }
    }

    @Test("a group never shows a child past the group's end unless the group fills") func groupClipping() throws {
        try seededCheck(count: 300, seed: 52) { rng in
            var runtime = try AnimationRuntime()
            let layer = try runtime.addLayer(named: "L")
            try runtime.setModelValue(.scalar(-1), for: AnimationKeyPath("opacity"), of: layer, at: 0)
            let groupDuration = Gen.double(in: 0.2...3).draw(&rng)
            var child = TimingProperties.randomTiming(&rng, positiveSpeed: true)
            child.beginTime = Gen.double(in: 0...2).draw(&rng)
            child.fillMode = .both
            let fills = Self.unit.draw(&rng) < 0.5
            let group = Animation.group(
                [.basic(try AnimationKeyPath("opacity"), from: .scalar(0), to: .scalar(1), timing: child)],
                timing: Timing(duration: groupDuration, fillMode: fills ? .forwards : .removed),
                removedOnCompletion: !fills)
            try runtime.add(group, forKey: "g", to: layer, at: 0)
            for k in 1...40 {
                let t = groupDuration * 2 * Double(k) / 40
                try runtime.advance(to: t)
                let shown = try scalar(runtime, "opacity", layer)
                if t >= groupDuration && !fills {
                    #expect(shown == -1, "child shown at \(t) after the group's end \(groupDuration)")
                }
                if t >= groupDuration && fills {
                    // Frozen at the group's end: the same as the child sampled at the group's duration.
                    let childTiming = try ResolvedTiming(child, defaultDuration: groupDuration)
                    let s = try childTiming.evaluate(atFrozenParentTime: groupDuration, timingFunction: TimingFunction.linear.prepared())
                    #expect(shown == (s.applies ? s.progress : -1), "at \(t)")
                }
            }
        }
    }
}
