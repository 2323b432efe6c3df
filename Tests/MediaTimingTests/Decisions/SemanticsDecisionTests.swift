import Testing

import MediaTiming
import MediaTimingScene

/// Choices of Docs/semantics-decisions.md that no test vector of the reference spec pins. Each expected
/// number is worked out by hand from the rule as Docs/semantics.md states it; the comment gives what
/// the rejected candidate would show instead.
@Suite struct SemanticsDecisionTests {
    static let rotationZ = AnimationKeyPath.transformRotationZ

    /// The presentation value of `transform.rotation.z` of `layer` after advancing `runtime` to `time`.
    static func scalar(_ runtime: inout AnimationRuntime, _ layer: LayerID, at time: Double) throws -> Double {
        try runtime.advance(to: time)
        return try runtime.presentationValue(of: rotationZ, layer: layer).component(0)
    }

    @Test("U2: with repeats and an offset, the offset wraps modulo the active duration, not the cycle")
    func wrapModulus() throws {
        // d = 1, rc = 2 ⇒ AD = 2; o = 1.5. At e = 1: t_raw = 2.5, 2.5 mod AD = 0.5 ⇒ iteration 0, τ = 0.5.
        // Wrapping by the cycle with an unbounded index would give iteration 2 (cumulative value 2.5).
        let timing = try ResolvedTiming(Timing(duration: 1, timeOffset: 1.5, repeatCount: 2))
        let atOne = try timing.evaluate(atParentTime: 1)
        #expect(atOne.phase == .active && atOne.iteration == 0)
        expectClose(atOne.basicTime, 0.5, tolerance: 1e-15)
        // At e = 0.25: t_raw = 1.75 < AD ⇒ iteration 1, τ = 0.75 (both candidates agree here).
        let early = try timing.evaluate(atParentTime: 0.25)
        #expect(early.iteration == 1)
        expectClose(early.basicTime, 0.75, tolerance: 1e-15)

        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        let spin = Animation.basic(
            Self.rotationZ, from: .scalar(0), to: .scalar(1),
            timing: Timing(duration: 1, timeOffset: 1.5, repeatCount: 2), cumulative: true)
        try runtime.add(spin, forKey: "spin", to: layer, at: 0)
        expectClose(try Self.scalar(&runtime, layer, at: 0.25), 1.75, tolerance: 1e-12)  // 1·V(1) + 0.75
        expectClose(try Self.scalar(&runtime, layer, at: 1), 0.5, tolerance: 1e-12)  // 0·V(1) + 0.5
    }

    @Test("§10.3: cumulative with autoreverse counts whole forward-and-back cycles")
    func cumulativeAutoreverse() throws {
        // d = 1, autoreverses ⇒ c = 2; rc = 2 ⇒ AD = 4. V = 0 → 1, cumulative.
        // e = 1.5: i = 0, w = 1.5 > d ⇒ τ = 0.5 ⇒ 0·1 + 0.5 = 0.5.
        // e = 2.5: i = 1, w = 0.5 ⇒ τ = 0.5 ⇒ 1·1 + 0.5 = 1.5 (counting half cycles would give 2.5).
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        let spin = Animation.basic(
            Self.rotationZ, from: .scalar(0), to: .scalar(1),
            timing: Timing(duration: 1, repeatCount: 2, autoreverses: true), cumulative: true)
        try runtime.add(spin, forKey: "spin", to: layer, at: 0)
        expectClose(try Self.scalar(&runtime, layer, at: 1.5), 0.5, tolerance: 1e-12)
        expectClose(try Self.scalar(&runtime, layer, at: 2.5), 1.5, tolerance: 1e-12)
    }

    @Test("U11: inside a curved path element, linear mode follows the Bézier parameter")
    func bezierParameter() throws {
        // One quadratic (0,0) (80,0) (100,100); linear mode, progress 0.5 ⇒ u = 0.5:
        // B(0.5) = ¼·(0,0) + ½·(80,0) + ¼·(100,100) = (65, 25).
        let track = try PathKeyframeTrack(
            path: try MeasuredPath(try Path(svgPathData: "M0,0 Q80,0 100,100")), calculationMode: .linear)
        let mid = track.sample(at: 0.5).point
        expectClose(mid.x, 65, tolerance: 1e-12)
        expectClose(mid.y, 25, tolerance: 1e-12)
        // Arc-length parameterisation would put the point at half the length instead.
        let measured = try MeasuredPath(try Path(svgPathData: "M0,0 Q80,0 100,100"))
        let byLength = measured.position(atDistance: measured.length / 2).point
        #expect(abs(byLength.x - 65) > 1e-3 || abs(byLength.y - 25) > 1e-3)
    }

    @Test("§11.6: a closepath is a keyframe segment of its own in linear mode")
    func closePathKeyframe() throws {
        // Three elements L, L, Z ⇒ key times 0, ⅓, ⅔, 1. At p = 5/6, half-way along the closing line
        // from (100,100) back to (0,0): (50, 50). Without a keyframe for Z the point would lie on the
        // second line.
        let track = try PathKeyframeTrack(
            path: try MeasuredPath(try Path(svgPathData: "M0,0 L100,0 L100,100 Z")), calculationMode: .linear)
        #expect(track.schedule.keyTimes.count == 4)
        let point = track.sample(at: 5.0 / 6).point
        expectClose(point.x, 50, tolerance: 1e-9)
        expectClose(point.y, 50, tolerance: 1e-9)
    }

    @Test("§13.2: an animation removed before its begin time stops unfinished and never starts")
    func removedBeforeStart() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        let later = Animation.basic(Self.rotationZ, from: .scalar(0), to: .scalar(1), timing: Timing(beginTime: 5, duration: 1))
        let atAdd = try runtime.add(later, forKey: "later", to: layer, at: 0)
        #expect(atAdd.isEmpty)
        let removal = try runtime.removeAnimation(forKey: "later", from: layer, at: 1)
        #expect(removal == [AnimationEvent(time: 1, layer: layer, key: "later", kind: .didStop(finished: false), sequence: 0)])
        #expect(try runtime.advance(to: 10).isEmpty)
    }

    @Test("U13: a frame is sampled at its own time (the target timestamp), not one frame earlier")
    func frameInstant() throws {
        // Linear 0 → 100 over 1 s from t = 0, frames at n/10: frame n shows 10·n. Sampling at the
        // previous frame's instant (the commit) would show 10·(n − 1).
        let scene = try SceneDecoder.decode(#"""
            {"format": "mediatiming-scene/1", "layers": [{"id": "L"}],
             "script": [{"at": 0, "add": {"layer": "L", "key": "a", "animation":
                {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100,
                 "timing": {"duration": 1}}}}],
             "sample": {"from": 0.1, "to": 0.9, "fps": 10}, "probes": ["L.position.x"]}
            """#)
        let result = try SceneRunner.run(scene)
        #expect(result.samples.count == 9)
        for (n, sample) in zip(1..., result.samples) {
            guard case let .number(x) = sample.values[0].value else {
                Issue.record("frame \(n): not a number")
                continue
            }
            expectClose(sample.time, Double(n) / 10, tolerance: 1e-15)
            expectClose(x, Double(n) * 10, tolerance: 1e-9)
        }
    }
}
