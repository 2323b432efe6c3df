import PropertyBased
import Testing

import MediaTiming

/// Properties of the timing model (Docs/semantics.md §5–§7), over random timings with fixed seeds.
@Suite struct TimingProperties {
    static let unit = Gen.double(in: 0...1)

    /// A random animation timing: duration, fractional/integer/infinite repeats or a repeat duration,
    /// autoreverses, fill mode, a speed of either sign (never 0 unless `allowZeroSpeed`), an offset.
    static func randomTiming(_ rng: inout Xoshiro, positiveSpeed: Bool = false, offset: Bool = true) -> Timing {
        let repeats: [Float] = [0, 1, 1.5, 2, 2.5, 3, 0.3, .infinity]
        var timing = Timing(
            beginTime: Gen.double(in: -5...5).draw(&rng),
            duration: Gen.double(in: 0.05...4).draw(&rng),
            speed: Float(Gen.double(in: 0.1...3).draw(&rng)),
            timeOffset: offset ? Gen.double(in: -3...3).draw(&rng) : 0,
            repeatCount: repeats[Int(unit.draw(&rng) * Double(repeats.count)) % repeats.count],
            autoreverses: unit.draw(&rng) < 0.5,
            fillMode: FillMode.allCases[Int(unit.draw(&rng) * 4) % 4])
        if unit.draw(&rng) < 0.2 { timing.repeatDuration = Gen.double(in: 0.1...6).draw(&rng) }
        if !positiveSpeed && unit.draw(&rng) < 0.4 { timing.speed = -timing.speed }
        return timing
    }

    static func randomMonotoneCurve(_ rng: inout Xoshiro) throws -> PreparedTimingFunction {
        try TimingFunction(
            controlPoints: Float(unit.draw(&rng)), Float(unit.draw(&rng)), Float(unit.draw(&rng)),
            Float(unit.draw(&rng))
        ).prepared()
    }

    @Test("progress stays in [0, 1] and is monotone within a forward iteration") func monotoneProgress() throws {
        try seededCheck(count: 400, seed: 31) { rng in
            let timing = try ResolvedTiming(Self.randomTiming(&rng, positiveSpeed: true, offset: false))
            let curve = try Self.randomMonotoneCurve(&rng)
            let span = timing.activeDuration.isFinite ? timing.activeDuration / Double(timing.timing.speed) : 20
            var previous: TimingEvaluation?
            for k in 0...400 {
                let tp = timing.timing.beginTime - 1 + (span + 2) * Double(k) / 400
                let s = try timing.evaluate(atParentTime: tp, timingFunction: curve, removedOnCompletion: false)
                #expect(s.progress >= 0 && s.progress <= 1 && s.unitTime >= 0 && s.unitTime <= 1)
                let forward = !timing.timing.autoreverses || s.basicTime == s.activeTime - Double(s.iteration) * timing.cycleDuration
                if let p = previous, p.phase == .active, s.phase == .active, p.iteration == s.iteration, forward {
                    #expect(s.progress >= p.progress - 1e-12, "\(timing.timing) at \(tp)")
                }
                previous = forward ? s : nil
            }
        }
    }

    @Test("the phase is after exactly when e·|s| ≥ AD") func afterPhase() throws {
        try seededCheck(count: 1000, seed: 32) { rng in
            let timing = try ResolvedTiming(Self.randomTiming(&rng))
            let end = timing.endTime
            for _ in 0..<20 {
                let tp = Gen.double(in: -10...40).draw(&rng)
                let e = tp - timing.timing.beginTime
                let expectedAfter = e >= 0 && e * Double(timing.timing.speed).magnitude >= timing.activeDuration
                let phase = try timing.evaluate(atParentTime: tp).phase
                #expect((phase == .after) == expectedAfter, "\(timing.timing) at \(tp)")
                #expect((phase == .before) == (e < 0))
                if let end, tp >= end + 1e-9 { #expect(phase == .after) }
            }
        }
    }

    @Test("autoreverse symmetry: w and 2d − w in a cycle show the same progress") func autoreverseSymmetry() throws {
        try seededCheck(count: 500, seed: 33) { rng in
            var t = Self.randomTiming(&rng, positiveSpeed: true, offset: false)
            t.autoreverses = true
            t.repeatDuration = 0
            t.repeatCount = .infinity
            t.speed = 1
            let timing = try ResolvedTiming(t)
            let curve = try Self.randomMonotoneCurve(&rng)
            let d = timing.simpleDuration
            let cycle = Double(Int(Self.unit.draw(&rng) * 5)) * 2 * d
            let w = Self.unit.draw(&rng) * d
            let out = try timing.evaluate(atParentTime: t.beginTime + cycle + w, timingFunction: curve)
            let back = try timing.evaluate(atParentTime: t.beginTime + cycle + (2 * d - w), timingFunction: curve)
            expectClose(out.basicTime, back.basicTime, tolerance: 1e-12 * (1 + cycle))
            expectClose(out.progress, back.progress, tolerance: 1e-9)
        }
    }

    @Test("fill values are the one-sided limits from inside the window") func fillLimits() throws {
        try seededCheck(count: 1000, seed: 34) { rng in
            var t = Self.randomTiming(&rng)
            t.fillMode = .both
            let timing = try ResolvedTiming(t)
            let rate = Double(t.speed).magnitude
            let delta = 1e-7
            // The linear progress moves at most |s|·δ/d between the limit point and a point δ inside.
            let slope = rate * delta / timing.simpleDuration * 1.000001 + 1e-12
            let before = try timing.evaluate(atParentTime: t.beginTime - 1, removedOnCompletion: false)
            let start = try timing.evaluate(atParentTime: t.beginTime + delta, removedOnCompletion: false)
            #expect(before.applies && start.applies)
            #expect((before.unitTime - start.unitTime).magnitude <= slope, "\(t): before \(before) start \(start)")
            if let end = timing.endTime {
                let after = try timing.evaluate(atParentTime: end + 1, removedOnCompletion: false)
                let last = try timing.evaluate(atParentTime: end - delta, removedOnCompletion: false)
                #expect(after.phase == .after && after.applies && last.phase == .active)
                #expect((after.unitTime - last.unitTime).magnitude <= slope, "\(t): after \(after) last \(last)")
            }
        }
    }

    @Test("repeated evaluation is bit-identical") func repeatable() throws {
        try seededCheck(count: 300, seed: 35) { rng in
            let t = Self.randomTiming(&rng)
            let function = try TimingFunction(
                controlPoints: Float(Self.unit.draw(&rng)), Float(Gen.double(in: -1...2).draw(&rng)),
                Float(Self.unit.draw(&rng)), Float(Gen.double(in: -1...2).draw(&rng)))
            let tp = Gen.double(in: -10...40).draw(&rng)
            let first = try ResolvedTiming(t).evaluate(atParentTime: tp, timingFunction: function.prepared())
            let curve = function.prepared()
            let timing = try ResolvedTiming(t)
            for _ in 0..<3 {
                let again = try timing.evaluate(atParentTime: tp, timingFunction: curve)
                #expect(again.progress.bitPattern == first.progress.bitPattern)
                #expect(again.activeTime.bitPattern == first.activeTime.bitPattern)
                #expect(again == first)
            }
        }
    }
}
