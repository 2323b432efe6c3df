import PropertyBased
import Testing

import MediaTiming

func keyPath(_ name: String) throws -> AnimationKeyPath { try AnimationKeyPath(name) }

func scalar(_ runtime: AnimationRuntime, _ name: String, _ layer: LayerID, replica: [Int] = []) throws -> Double {
    guard case let .scalar(v) = try runtime.presentationValue(of: try keyPath(name), layer: layer, replica: replica) else {
        Issue.record("\(name) is not a scalar")
        return .nan
    }
    return v
}

/// Semantics §17 G: the "change disc" group (group d = 0.8; children scale, translation.y, opacity).
@Suite struct ChangeDiscGroupVectors {
    static let height = 640.0

    static func group(fill: FillMode, removedOnCompletion: Bool) throws -> Animation {
        .group(
            [
                .basic(try keyPath("transform.scale"), from: .scalar(1), to: .scalar(0.9), timing: Timing(duration: 0.2, fillMode: .forwards)),
                .basic(try keyPath("transform.translation.y"), from: .scalar(0), to: .scalar(-height), timing: Timing(beginTime: 0.4, duration: 0.4)),
                .basic(try keyPath("opacity"), from: .scalar(1), to: .scalar(0), timing: Timing(duration: 0.8), timingFunction: .easeIn),
            ], timing: Timing(duration: 0.8, fillMode: fill), removedOnCompletion: removedOnCompletion)
    }

    /// A runtime with the disc layer and the group added at media time 0.
    static func runtime(fill: FillMode = .forwards, removedOnCompletion: Bool = false) throws -> (AnimationRuntime, LayerID) {
        var runtime = try AnimationRuntime()
        let disc = try runtime.addLayer(named: "disc")
        try runtime.setModelValue(.scalar(1), for: keyPath("opacity"), of: disc, at: 0)
        try runtime.add(try group(fill: fill, removedOnCompletion: removedOnCompletion), forKey: "change", to: disc, at: 0)
        return (runtime, disc)
    }

    func easeIn(_ x: Double) -> Double {
        let f = TimingFunction.easeIn
        return specBisection(Double(f.c1x), Double(f.c1y), Double(f.c2x), Double(f.c2y), x)
    }

    static let rows: [(Double, Double, Double, Double, Double)] = [
        // g, scale, translation.y / H, opacity (spec), opacity's x
        (0.1, 0.95, 0, 0.974015403, 0.125), (0.3, 0.9, 0, 0.807978051, 0.375),
        (0.5, 0.9, -0.25, 0.540534707, 0.625), (0.79, 0.9, -0.975, 0.021085346, 0.9875),
    ]

    @Test("G1–G4 inside the group", arguments: rows)
    func inside(_ g: Double, _ scale: Double, _ translation: Double, _ opacity: Double, _ x: Double) throws {
        var (runtime, disc) = try Self.runtime()
        try runtime.advance(to: g)
        expectClose(try scalar(runtime, "transform.scale", disc), scale, tolerance: 1e-12)
        expectClose(try scalar(runtime, "transform.translation.y", disc), translation * Self.height, tolerance: 1e-9)
        expectClose(try scalar(runtime, "opacity", disc), opacity, tolerance: 5e-8)  // spec: exact control points
        expectClose(try scalar(runtime, "opacity", disc), 1 - easeIn(x), tolerance: 1e-9)  // Float control points
    }

    @Test("G5: filling group, children at the group's end as a limit from inside (U4)") func g5() throws {
        var (runtime, disc) = try Self.runtime()
        try runtime.advance(to: 0.9)
        expectClose(try scalar(runtime, "transform.scale", disc), 0.9, tolerance: 1e-12)
        expectClose(try scalar(runtime, "transform.translation.y", disc), -Self.height, tolerance: 1e-9)
        expectClose(try scalar(runtime, "opacity", disc), 0, tolerance: 1e-12)
    }

    @Test("G7: default group: removed at 0.8 with didStop(finished)") func g7() throws {
        var (runtime, disc) = try Self.runtime(fill: .removed, removedOnCompletion: true)
        let events = try runtime.advance(to: 0.9)
        #expect(events.map(\.kind) == [.didStop(finished: true)])
        expectClose(events[0].time, 0.8, tolerance: 1e-15)
        #expect(try runtime.animationKeys(of: disc).isEmpty)
        #expect(try scalar(runtime, "transform.scale", disc) == 1)
        #expect(try scalar(runtime, "transform.translation.y", disc) == 0)
        #expect(try scalar(runtime, "opacity", disc) == 1)
    }
}

/// Semantics §17 Q (delegate sequencing) and the events of B5, C5 and N9.
@Suite struct EventVectors {
    func setUp(layerTime: Double = 10) throws -> (AnimationRuntime, LayerID) {
        var runtime = try AnimationRuntime()
        // A layer whose local time at media time 0 is `layerTime` (timeOffset), so "now" reads as in §17 Q.
        let layer = try runtime.addLayer(named: "L", timeSpace: TimeSpace(timeOffset: layerTime))
        return (runtime, layer)
    }

    let fade = Animation.basic(try! AnimationKeyPath("opacity"), from: .scalar(0), to: .scalar(1), timing: Timing(duration: 1))

    @Test("Q1: didStart at the add, didStop(YES) one second later") func q1() throws {
        var (runtime, layer) = try setUp()
        let atAdd = try runtime.add(fade, forKey: "f", to: layer, at: 0)
        #expect(atAdd.map(\.kind) == [.didStart] && atAdd[0].time == 0)
        let later = try runtime.advance(to: 5)
        #expect(later.map(\.kind) == [.didStop(finished: true)])
        // Layer time 11. The event is the first media time at which sampling sees the end: T + 10 rounds
        // to 11 a few ulps before T = 1.
        expectClose(later[0].time, 1, tolerance: 4 * 11.0.ulp)
    }

    @Test("Q2: a future beginTime starts later, not at the add") func q2() throws {
        var (runtime, layer) = try setUp()
        var delayed = fade
        delayed.timing.beginTime = 12
        delayed.timing.fillMode = .backwards
        #expect(try runtime.add(delayed, forKey: "f", to: layer, at: 0).isEmpty)
        let events = try runtime.advance(to: 10)
        #expect(events.map(\.kind) == [.didStart, .didStop(finished: true)])
        expectClose(events[0].time, 2, tolerance: 4 * 12.0.ulp)
        expectClose(events[1].time, 3, tolerance: 4 * 13.0.ulp)
    }

    @Test("Q3: removal before the end is didStop(NO)") func q3() throws {
        var (runtime, layer) = try setUp()
        try runtime.add(fade, forKey: "f", to: layer, at: 0)
        let events = try runtime.removeAnimation(forKey: "f", from: layer, at: 0.5)
        #expect(events == [AnimationEvent(time: 0.5, layer: layer, key: "f", kind: .didStop(finished: false), sequence: 0)])
    }

    @Test("Q4: re-adding under the same key stops the old one, starts the new one") func q4() throws {
        var (runtime, layer) = try setUp()
        try runtime.add(fade, forKey: "f", to: layer, at: 0)
        let events = try runtime.add(fade, forKey: "f", to: layer, at: 0.5)
        #expect(events.map(\.kind) == [.didStop(finished: false), .didStart])
        #expect(events.map(\.sequence) == [0, 1] && events.allSatisfy { $0.time == 0.5 })
    }

    @Test("Q5, C5: removedOnCompletion = NO keeps the animation after didStop(YES)") func q5() throws {
        var (runtime, layer) = try setUp()
        var kept = fade
        kept.removedOnCompletion = false
        kept.timing.fillMode = .forwards
        try runtime.add(kept, forKey: "f", to: layer, at: 0)
        try runtime.add(fade, forKey: "g", to: layer, at: 0)
        let events = try runtime.advance(to: 3)
        #expect(events.map(\.kind) == [.didStop(finished: true), .didStop(finished: true)])
        #expect(try runtime.animationKeys(of: layer) == ["f"])
        #expect(try scalar(runtime, "opacity", layer) == 1)  // filled
    }

    @Test("Q6: children of a group deliver no events; the group does") func q6() throws {
        var (runtime, layer) = try setUp()
        let group = Animation.group([fade, fade], timing: Timing(duration: 2))
        let start = try runtime.add(group, forKey: "g", to: layer, at: 0)
        let end = try runtime.advance(to: 5)
        #expect(start.map(\.key) == ["g"] && end.map(\.key) == ["g"])
        expectClose(end[0].time, 2, tolerance: 4 * 12.0.ulp)
    }

    @Test("Q7: entering the background removes with didStop(NO)") func q7() throws {
        var (runtime, layer) = try setUp()
        try runtime.add(fade, forKey: "f", to: layer, at: 0)
        var kept = fade
        kept.removedOnCompletion = false
        try runtime.add(kept, forKey: "k", to: layer, at: 0)
        let events = try runtime.enterBackground(at: 0.5)
        #expect(events.map(\.key) == ["f"] && events.map(\.kind) == [.didStop(finished: false)])
        #expect(try runtime.animationKeys(of: layer) == ["k"])  // U16: kept
    }

    @Test("B5: a paused layer delays the end: didStop(YES) at 140") func b5() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        let animation = Animation.basic(try keyPath("opacity"), from: .scalar(0), to: .scalar(100), timing: Timing(beginTime: 90, duration: 20))
        try runtime.add(animation, forKey: "a", to: layer, at: 0)
        #expect(try runtime.advance(to: 95).map(\.time) == [90])
        try runtime.pause(layer, at: 100)
        #expect(try runtime.advance(to: 130).isEmpty)
        try runtime.resume(layer, at: 130)
        let events = try runtime.advance(to: 200)
        #expect(events.map(\.kind) == [.didStop(finished: true)] && events[0].time == 140)
    }

    @Test("N9: a spring ends at its own duration even if not settled") func n9() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        let spring = Animation(
            timing: Timing(duration: 2),
            content: .property(PropertyAnimation(
                keyPath: try keyPath("position.y"), values: .spring(BasicValues(from: .scalar(0), to: .scalar(1)), SpringParameters(damping: 5)))))
        try runtime.add(spring, forKey: "s", to: layer, at: 0)
        let events = try runtime.advance(to: 3)
        #expect(events.map(\.kind) == [.didStop(finished: true)] && events[0].time == 2)
        #expect(try runtime.animationKeys(of: layer).isEmpty)
    }
}

/// Semantics §17 P: beginTime handling (§4.4, §4.5).
@Suite struct BeginTimeVectors {
    let animation = Animation.basic(try! AnimationKeyPath("opacity"), from: .scalar(0), to: .scalar(100), timing: Timing(duration: 3))

    @Test("P1: beginTime 0 becomes the layer's local now (U3)") func p1() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L", timeSpace: TimeSpace(timeOffset: 42))
        try runtime.add(animation, forKey: "a", to: layer, at: 0)
        #expect(try runtime.animation(forKey: "a", of: layer)?.timing.timing.beginTime == 42)
    }

    @Test("P2: AVCoreAnimationBeginTimeAtZero is not replaced: already over") func p2() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L", timeSpace: TimeSpace(timeOffset: 42))
        var atZero = animation
        atZero.timing.beginTime = 1e-100  // AVCoreAnimationBeginTimeAtZero
        let events = try runtime.add(atZero, forKey: "a", to: layer, at: 0)
        #expect(events.map(\.kind) == [.didStart, .didStop(finished: true)])
        #expect(try runtime.animationKeys(of: layer).isEmpty)
    }

    @Test("P3: a group child's beginTime 0 stays relative to the group") func p3() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L", timeSpace: TimeSpace(timeOffset: 42))
        try runtime.add(.group([animation], timing: Timing(duration: 3)), forKey: "g", to: layer, at: 0)
        try runtime.advance(to: 1.5)
        expectClose(try scalar(runtime, "opacity", layer), 50)
    }

    @Test("P4: beginTime = now − 1.5 starts half-way and ends 1.5 s after the add") func p4() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.advance(to: 10)
        var past = animation
        past.timing.beginTime = 10 - 1.5
        try runtime.add(past, forKey: "a", to: layer, at: 10)
        try runtime.updatePresentation()
        expectClose(try scalar(runtime, "opacity", layer), 50)
        #expect(try runtime.advance(to: 20).map(\.time) == [11.5])
    }

    @Test("P5: R1's slider: paused in the same transaction, scrubbed by timeOffset") func p5() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        var slider = animation
        slider.timing.duration = 1
        try runtime.add(slider, forKey: "a", to: layer, at: 0)
        try runtime.setTimeSpace(TimeSpace(speed: 0, timeOffset: 0.3), of: layer, at: 0)
        expectClose(try scalar(runtime, "opacity", layer), 30)
    }
}

/// Semantics §17 F and O through the runtime.
@Suite struct RuntimeValueVectors {
    @Test("F1: a cumulative rotation reports its unwrapped angle") func f1() throws {
        var runtime = try AnimationRuntime()
        let disc = try runtime.addLayer(named: "disc")
        let spin = Animation.basic(
            try keyPath("transform.rotation.z"), from: .scalar(0), to: .scalar(2 * .pi),
            timing: Timing(duration: 30, repeatCount: .infinity), cumulative: true)
        try runtime.add(spin, forKey: "spin", to: disc, at: 0)
        try runtime.advance(to: 95)
        expectClose(try scalar(runtime, "transform.rotation.z", disc), 19.896753473)
        // The matrix turns by the same angle modulo 2π: m11 = cos(19π/3) = cos(π/3).
        guard case let .transform(m) = try runtime.presentationValue(of: try keyPath("transform"), layer: disc) else {
            Issue.record("not a transform")
            return
        }
        expectClose(m.m11, 0.5, tolerance: 1e-12)
    }

    @Test("O1–O6: replicator instances through the runtime", arguments: ReplicatorVectors.rows)
    func o(_ time: Double, _ instance: Int, _ opacity: Double) throws {
        var runtime = try AnimationRuntime()
        let spinner = try runtime.addLayer(named: "spinner", replicator: Replicator(instanceCount: 12, instanceDelay: 1.0 / 12))
        let dot = try runtime.addLayer(named: "dot", parent: spinner)
        try runtime.setModelValue(.scalar(0), for: keyPath("opacity"), of: dot, at: 0)
        let fade = Animation.basic(try keyPath("opacity"), from: .scalar(1), to: .scalar(0), timing: Timing(duration: 1, repeatCount: .infinity))
        try runtime.add(fade, forKey: "fade", to: dot, at: 0)
        try runtime.advance(to: time)
        expectClose(try scalar(runtime, "opacity", dot, replica: [instance]), opacity, tolerance: 1e-6)
    }

    @Test("implicit action: from the presentation value to the new model value, default curve") func implicit() throws {
        var runtime = try AnimationRuntime(transactionDuration: 0.5)
        let clock = try runtime.addLayer(named: "clock")
        try runtime.setModelValue(.scalar(0), for: keyPath("time"), of: clock, at: 0)
        let events = try runtime.setModelValue(.scalar(60), for: keyPath("time"), of: clock, at: 1, implicit: true)
        #expect(events.map(\.kind) == [.didStart] && events[0].key == "time")
        try runtime.advance(to: 1.25)
        let f = TimingFunction.default
        let p = specBisection(Double(f.c1x), Double(f.c1y), Double(f.c2x), Double(f.c2y), 0.5)
        expectClose(try scalar(runtime, "time", clock), 60 * p, tolerance: 1e-9)
        try runtime.advance(to: 2)
        #expect(try scalar(runtime, "time", clock) == 60)
    }

    @Test("additive animations compose in add order on top of the running value (§10.2)") func additive() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.point(Point(x: 100, y: 100)), for: keyPath("position"), of: layer, at: 0)
        let move = Animation.basic(try keyPath("position"), from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 200, y: 0)), timing: Timing(duration: 1))
        let shake = Animation.basic(
            try keyPath("position.x"), from: .scalar(0), to: .scalar(10), timing: Timing(duration: 1), additive: true)
        try runtime.add(move, forKey: "move", to: layer, at: 0)
        try runtime.add(shake, forKey: "shake", to: layer, at: 0)
        try runtime.advance(to: 0.5)
        #expect(try runtime.presentationValue(of: try keyPath("position"), layer: layer) == .point(Point(x: 105, y: 0)))
    }

    @Test("basic from/to/by with the model correction (§10.1)") func fromToBy() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.scalar(40), for: keyPath("cornerRadius"), of: layer, at: 0)
        let cases: [(BasicValues, Double)] = [
            (BasicValues(from: .scalar(0), to: .scalar(10)), 5), (BasicValues(from: .scalar(0), by: .scalar(10)), 5),
            (BasicValues(to: .scalar(10), by: .scalar(4)), 8), (BasicValues(from: .scalar(0)), 20),
            (BasicValues(to: .scalar(0)), 20), (BasicValues(by: .scalar(10)), 45), (BasicValues(), 40),
        ]
        for (index, (values, expected)) in cases.enumerated() {
            let animation = Animation(
                timing: Timing(duration: 2), content: .property(PropertyAnimation(keyPath: try keyPath("cornerRadius"), values: .basic(values))))
            try runtime.add(animation, forKey: "r", to: layer, at: Double(index) * 10)
            try runtime.advance(to: Double(index) * 10 + 1)
            expectClose(try scalar(runtime, "cornerRadius", layer), expected, tolerance: 1e-12, "case \(index)")
        }
    }
}

@Suite struct TransitionTests {
    @Test("a transition animates transition.progress from start to end progress") func progress() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        let fade = Animation(timing: Timing(duration: 2), content: .transition(TransitionAnimation(type: "fade", startProgress: 0.2, endProgress: 0.6)))
        try runtime.add(fade, forKey: "transition", to: layer, at: 0)
        try runtime.advance(to: 1)
        expectClose(try scalar(runtime, "transition.progress", layer), 0.4, tolerance: 1e-15)
        #expect(throws: RuntimeError.self) {
            try runtime.add(Animation(content: .transition(TransitionAnimation(startProgress: 1.5))), forKey: "t", to: layer, at: 1)
        }
    }
}
