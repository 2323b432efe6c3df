import PropertyBased
import Testing

import MediaTiming

/// Evaluates `timing` at parent time `tp` (linear unless `curve` is given).
private func sample(
    _ timing: Timing, at tp: Double, defaultDuration: Double = 0.25, curve: TimingFunction? = nil,
    removedOnCompletion: Bool = false
) throws -> TimingEvaluation {
    let resolved = try ResolvedTiming(timing, defaultDuration: defaultDuration)
    if let curve {
        return try resolved.evaluate(
            atParentTime: tp, timingFunction: curve.prepared(), removedOnCompletion: removedOnCompletion)
    }
    return try resolved.evaluate(atParentTime: tp, removedOnCompletion: removedOnCompletion)
}

/// Semantics §17 C: fill modes, d = 2, begin = 10, removedOnCompletion = NO.
@Suite struct FillModeVectors {
    static let rows: [(FillMode, [Double])] = [
        (.removed, [42, 0, 50, 42, 42]),  // C1
        (.forwards, [42, 0, 50, 100, 100]),  // C2
        (.backwards, [0, 0, 50, 42, 42]),  // C3
        (.both, [0, 0, 50, 100, 100]),  // C4
    ]

    @Test("C1–C4", arguments: rows)
    func fillModes(_ fillMode: FillMode, _ expected: [Double]) throws {
        let timing = Timing(beginTime: 10, duration: 2, fillMode: fillMode)
        for (tp, value) in zip([9.0, 10, 11, 12, 13], expected) {
            expectClose(vectorValue(try sample(timing, at: tp)), value, "\(fillMode) at \(tp)")
        }
    }

    @Test("C5: forwards with removedOnCompletion = YES shows the model after the end") func c5() throws {
        let timing = Timing(beginTime: 10, duration: 2, fillMode: .forwards)
        let atEnd = try sample(timing, at: 12, removedOnCompletion: true)
        #expect(atEnd.phase == .after)
        #expect(vectorValue(atEnd) == 42)
        #expect(vectorValue(try sample(timing, at: 13, removedOnCompletion: true)) == 42)
    }

    @Test("C6: backwards with the default removedOnCompletion shows fromValue until begin") func c6() throws {
        let timing = Timing(beginTime: 11, duration: 2, fillMode: .backwards)  // added at 10, begin = now + 1
        expectClose(vectorValue(try sample(timing, at: 10, removedOnCompletion: true)), 0)
        expectClose(vectorValue(try sample(timing, at: 10.9, removedOnCompletion: true)), 0)
        expectClose(vectorValue(try sample(timing, at: 12, removedOnCompletion: true)), 50)
        #expect(vectorValue(try sample(timing, at: 13, removedOnCompletion: true)) == 42)
    }

    @Test("C7: forwards with repeatCount 2 ends on x = 1, not 0") func c7() throws {
        let end = try sample(Timing(beginTime: 10, duration: 2, repeatCount: 2, fillMode: .forwards), at: 14)
        #expect(end.phase == .after)
        #expect(end.iteration == 1)
        expectClose(vectorValue(end), 100)
    }
}

/// Semantics §17 D: fractional repeatCount, d = 2, rc = 1.5 ⇒ AD = 3.
@Suite struct FractionalRepeatVectors {
    let timing = Timing(duration: 2, repeatCount: 1.5)

    @Test("D1–D3: iteration, basic time and value inside the window", arguments: [
        (0.5, 0, 0.5, 25.0), (2.5, 1, 0.5, 25), (2.9, 1, 0.9, 45),
    ])
    func inside(_ e: Double, _ iteration: Int, _ tau: Double, _ value: Double) throws {
        let s = try sample(timing, at: e)
        #expect(s.iteration == iteration)
        expectClose(s.basicTime, tau)
        expectClose(vectorValue(s), value)
    }

    @Test("D4: the terminal sample with fill forwards is half-way through iteration 1") func d4() throws {
        var filled = timing
        filled.fillMode = .forwards
        let s = try sample(filled, at: 3)
        #expect(s.phase == .after && s.iteration == 1)
        expectClose(s.basicTime, 1)
        expectClose(vectorValue(s), 50)
    }

    @Test("D5: fill removed shows the model after the end") func d5() throws {
        #expect(vectorValue(try sample(timing, at: 3.5)) == 42)
    }

    @Test("D6: repeatCount is a Float: 1.1 gives AD = 2.200000047683716") func d6() throws {
        let resolved = try ResolvedTiming(Timing(duration: 2, repeatCount: 1.1))
        #expect(resolved.activeDuration == 2.200000047683716)
    }
}

/// Semantics §17 E: autoreverses.
@Suite struct AutoreverseVectors {
    @Test("E1–E3: d = 1, autoreverses ⇒ AD = 2", arguments: [(0.25, 0.25, 25.0), (1.25, 0.75, 75), (1.75, 0.25, 25)])
    func mirror(_ e: Double, _ tau: Double, _ value: Double) throws {
        let s = try sample(Timing(duration: 1, autoreverses: true), at: e)
        expectClose(s.basicTime, tau)
        expectClose(vectorValue(s), value)
    }

    @Test("E4: the terminal sample of whole autoreversed cycles is fromValue") func e4() throws {
        let s = try sample(Timing(duration: 1, autoreverses: true, fillMode: .forwards), at: 2)
        #expect(s.phase == .after)
        expectClose(s.basicTime, 0)
        expectClose(vectorValue(s), 0)
    }

    @Test("E5, E6: easeIn is applied after mirroring (mirror in time)", arguments: [(0.25, 9.346465), (1.25, 62.186187)])
    func eased(_ e: Double, _ value: Double) throws {
        let s = try sample(Timing(duration: 1, autoreverses: true), at: e, curve: .easeIn)
        expectClose(vectorValue(s), value, tolerance: 1e-6)
    }

    @Test("E7–E9: d = 0.5, rc = 2.5, autoreverses (R1) ⇒ AD = 2.5", arguments: [
        (1.7, 1, 0.3, 60.0), (2.4, 2, 0.4, 80), (2.5, 2, 0.5, 100),
    ])
    func fractionalCycles(_ e: Double, _ iteration: Int, _ tau: Double, _ value: Double) throws {
        let s = try sample(Timing(duration: 0.5, repeatCount: 2.5, autoreverses: true, fillMode: .forwards), at: e)
        #expect(s.iteration == iteration)
        expectClose(s.basicTime, tau)
        expectClose(vectorValue(s), value)
    }
}

/// Semantics §17 F: transform.rotation.z 0 → 2π, d = 30, rc = HUGE_VALF. The value rule
/// `i·V(1) + V(p)` (cumulative, §10.3) is applied here to the core's iteration and progress.
@Suite struct CumulativeRotationVectors {
    let timing = Timing(duration: 30, repeatCount: .infinity)

    func rotation(_ e: Double, cumulative: Bool, from: Double = 0, to: Double = 2 * .pi) throws -> Double {
        let s = try sample(timing, at: e)
        let value = from + (to - from) * s.progress
        return cumulative ? Double(s.iteration) * to + value : value
    }

    @Test("F1: i = 3, τ = 5: 19π/3") func f1() throws {
        let s = try sample(timing, at: 95)
        #expect(s.iteration == 3)
        expectClose(s.basicTime, 5)
        expectClose(try rotation(95, cumulative: true), 19.896753473)
    }

    @Test("F2: not cumulative: π/3") func f2() throws { expectClose(try rotation(95, cumulative: false), 1.047197551) }

    @Test("F3, F4: continuous across the repeat boundary") func f3f4() throws {
        let atBoundary = try sample(timing, at: 30)
        #expect(atBoundary.iteration == 1 && atBoundary.basicTime == 0)
        expectClose(try rotation(30, cumulative: true), 6.283185307)
        expectClose(try rotation(29.999, cumulative: true), 6.282975868)
    }

    @Test("F5: from 1 to 2, literal cumulative form (U7)") func f5() throws {
        expectClose(try rotation(95, cumulative: true, from: 1, to: 2), 7.166667, tolerance: 1e-6)
    }
}

/// Semantics §17 J: timeOffset wrap-around (Model W), d = 3, o = 1.
@Suite struct TimeOffsetVectors {
    @Test("J1–J4: the offset wraps modulo the active duration", arguments: [
        (0.0, 1.0, 33.333333), (1.5, 2.5, 83.333333), (2.0, 0, 0), (2.5, 0.5, 16.666667),
    ])
    func wrap(_ e: Double, _ t: Double, _ value: Double) throws {
        let s = try sample(Timing(duration: 3, timeOffset: 1), at: e)
        #expect(s.phase == .active)
        expectClose(s.activeTime, t)
        expectClose(vectorValue(s), value, tolerance: 1e-6)
    }

    @Test("J5: after the window with fill removed: the model") func j5() throws {
        #expect(vectorValue(try sample(Timing(duration: 3, timeOffset: 1), at: 3)) == 42)
    }

    @Test("J6: the terminal sample is the offset frame", arguments: [3.0, 10])
    func j6(_ e: Double) throws {
        let s = try sample(Timing(duration: 3, timeOffset: 1, fillMode: .forwards), at: e)
        expectClose(s.activeTime, 1)
        expectClose(vectorValue(s), 33.333333, tolerance: 1e-6)
    }

    @Test("J7: speed 0 with offset 0.4 shows 40 forever and never completes") func j7() throws {
        let resolved = try ResolvedTiming(Timing(duration: 1, speed: 0, timeOffset: 0.4))
        #expect(resolved.endTime == nil)
        for e in [0.0, 1, 1e6] {
            let s = try resolved.evaluate(atParentTime: e)
            #expect(s.phase == .active)
            expectClose(vectorValue(s), 40)
        }
    }
}

/// Semantics §17 K3–K8: negative and Float speeds.
@Suite struct SpeedVectors {
    @Test("K3, K4: speed −1 plays from the end (Model W)", arguments: [(0.25, 75.0), (0.9, 10)])
    func reverse(_ e: Double, _ value: Double) throws {
        expectClose(vectorValue(try sample(Timing(duration: 1, speed: -1), at: e)), value)
    }

    @Test("K5: speed −1, fill forwards: the terminal sample is the start") func k5() throws {
        let s = try sample(Timing(duration: 1, speed: -1, fillMode: .forwards), at: 2)
        #expect(s.phase == .after)
        expectClose(s.basicTime, 0)
        expectClose(vectorValue(s), 0)
    }

    @Test("K6: the reverse idiom, speed −1 with offset 1") func k6() throws {
        expectClose(vectorValue(try sample(Timing(duration: 1, speed: -1, timeOffset: 1), at: 0.25)), 75)
    }

    @Test("K7: speed Float(0.1), d = 10 ends at e = 99.99999851") func k7() throws {
        let resolved = try ResolvedTiming(Timing(duration: 10, speed: 0.1))
        expectClose(try #require(resolved.endTime), 99.99999851, tolerance: 1e-8)
        #expect(resolved.phase(atParentTime: 99.9999985) == .active)
        #expect(resolved.phase(atParentTime: 99.99999852) == .after)
    }

    @Test("K8: under a layer of speed −1 an animation begun at 0 is before its window (R9)") func k8() throws {
        let layer = TimeSpace(speed: -1)
        let s = try sample(Timing(duration: 1), at: layer.localTime(fromParent: 0.5))
        #expect(s.phase == .before)
        #expect(!s.applies)
    }
}

/// Semantics §17 L (defaults) and M (repeatDuration).
@Suite struct DefaultAndRepeatDurationVectors {
    @Test("L1: duration 0 takes 0.25 s") func l1() throws {
        expectClose(vectorValue(try sample(Timing(), at: 0.125)), 50)
    }

    @Test("L2: duration 0 inside a transaction of 0.5 s") func l2() throws {
        expectClose(vectorValue(try sample(Timing(), at: 0.125, defaultDuration: 0.5)), 25)
    }

    @Test("L3: a group child with duration 0 takes the group's 0.8 s (U5)") func l3() throws {
        expectClose(vectorValue(try sample(Timing(), at: 0.4, defaultDuration: 0.8)), 50)
    }

    @Test("L4: repeatCount 0 and repeatDuration 0 play one iteration") func l4() throws {
        #expect(try ResolvedTiming(Timing(duration: 1.25)).activeDuration == 1.25)
    }

    @Test("M1: d = 1.5, rd = 2, e = 1.75") func m1() throws {
        let s = try sample(Timing(duration: 1.5, repeatDuration: 2), at: 1.75)
        #expect(s.iteration == 1)
        expectClose(s.basicTime, 0.25)
        expectClose(vectorValue(s), 16.666667, tolerance: 1e-6)
    }

    @Test("M2: the terminal sample ends on the partial iteration") func m2() throws {
        let s = try sample(Timing(duration: 1.5, repeatDuration: 2, fillMode: .forwards), at: 2)
        expectClose(s.basicTime, 0.5)
        expectClose(vectorValue(s), 33.333333, tolerance: 1e-6)
    }

    @Test("M3: repeatDuration wins over repeatCount (U6)") func m3() throws {
        #expect(try ResolvedTiming(Timing(duration: 1, repeatCount: 3, repeatDuration: 2)).activeDuration == 2)
    }

    @Test("§5.1: autoreverses doubles the cycle; repeatDuration is not doubled") func cycles() throws {
        #expect(try ResolvedTiming(Timing(duration: 1, repeatCount: 2.5, autoreverses: true)).activeDuration == 5)
        #expect(try ResolvedTiming(Timing(duration: 1, repeatDuration: 3, autoreverses: true)).activeDuration == 3)
        #expect(try ResolvedTiming(Timing(duration: 1, repeatCount: .greatestFiniteMagnitude)).activeDuration == .infinity)
        #expect(try ResolvedTiming(Timing(duration: 1, repeatCount: -2)).activeDuration == 1)
    }
}

/// Docs/semantics.md §6.4: with a negative speed the window in local time is (0, AD], entered at its end.
@Suite struct NegativeSpeedBoundaries {
    @Test("speed −1: the first instant shows the end value, like the instants after it") func firstInstant() throws {
        let timing = try ResolvedTiming(Timing(duration: 1, speed: -1, fillMode: .backwards))
        let before = try timing.evaluate(atParentTime: -0.5)
        let start = try timing.evaluate(atParentTime: 0)
        let next = try timing.evaluate(atParentTime: 1e-9)
        #expect(before.unitTime == 1 && start.unitTime == 1)
        expectClose(next.unitTime, 1 - 1e-9, tolerance: 1e-15)
    }

    @Test("speed −1 with repeats: a cycle boundary belongs to the earlier iteration") func boundary() throws {
        // d = 1, rc = 3: t runs down from 3; at e = 1, t = 2 = 2·c is the end of iteration 1 (x = 1).
        let timing = try ResolvedTiming(Timing(duration: 1, speed: -1, repeatCount: 3))
        let s = try timing.evaluate(atParentTime: 1)
        #expect(s.iteration == 1 && s.unitTime == 1)
        let later = try timing.evaluate(atParentTime: 1.25)
        #expect(later.iteration == 1)
        expectClose(later.unitTime, 0.75)
    }
}

/// The README's and the DocC landing page's examples, with values computed independently.
@Suite struct DocumentationExamples {
    @Test("README: R1's figure at t = 1.95 is on the way back of iteration 1") func readme() throws {
        let timing = try ResolvedTiming(
            Timing(beginTime: 0.25, duration: 0.5, repeatCount: 2.5, autoreverses: true, fillMode: .both))
        let curve = TimingFunction.easeInEaseOut.prepared()
        let s = try timing.evaluate(atParentTime: 1.95, timingFunction: curve, removedOnCompletion: false)
        #expect(s.phase == .active && s.iteration == 1)
        expectClose(s.basicTime, 0.3)
        let f = TimingFunction.easeInEaseOut
        expectClose(s.progress, specBisection(Double(f.c1x), Double(f.c1y), Double(f.c2x), Double(f.c2y), 0.6))
        expectClose(s.progress, 0.668, tolerance: 5e-4)
    }

    @Test("DocC landing page: half-way through a 2-second animation begun at 1") func landing() throws {
        let timing = try ResolvedTiming(Timing(beginTime: 1, duration: 2, fillMode: .forwards))
        let s = try timing.evaluate(
            atParentTime: 2, timingFunction: TimingFunction.easeInEaseOut.prepared(), removedOnCompletion: false)
        #expect(s.phase == .active && s.unitTime == 0.5)
        expectClose(s.progress, 0.5, tolerance: 2e-8)
    }
}

/// Docs/semantics.md §7.2: the terminal sample of a whole number of iterations is the end of the last one,
/// even when the active duration `c·repeatCount` rounds above the exact multiple of `c`.
@Suite struct TerminalSampleRounding {
    @Test("d = 0.1, repeatCount 3: the terminal sample is x = 1 in iteration 2") func reported() throws {
        let s = try ResolvedTiming(Timing(duration: 0.1, repeatCount: 3, fillMode: .forwards)).evaluate(atParentTime: 10, removedOnCompletion: false)
        #expect(try ResolvedTiming(Timing(duration: 0.1, repeatCount: 3)).activeDuration == 0.30000000000000004)
        #expect(s.phase == .after && s.iteration == 2 && s.unitTime == 1)
    }

    @Test("any duration, any whole repeat count: the terminal sample ends the last iteration") func property() throws {
        try seededCheck(count: 3000, seed: 61) { rng in
            let d = Gen.double(in: 0.001...50).draw(&rng)
            let count = 1 + Int(Gen.double(in: 0..<40).draw(&rng))
            let autoreverses = Gen.double(in: 0...1).draw(&rng) < 0.3
            let timing = try ResolvedTiming(Timing(duration: d, repeatCount: Float(count), autoreverses: autoreverses, fillMode: .forwards))
            let s = try timing.evaluate(atParentTime: timing.activeDuration * 2 + 1, removedOnCompletion: false)
            #expect(s.iteration == count - 1, "d = \(d), count \(count)")
            #expect(s.unitTime == (autoreverses ? 0 : 1), "d = \(d), count \(count)")
        }
    }
}

@Suite struct HugeRepeatCounts {
    @Test("a huge finite repeat count ends at the end of a cycle, never NaN") func huge() throws {
        let timing = try ResolvedTiming(Timing(duration: 1, repeatCount: 1e30, fillMode: .forwards))
        let s = try timing.evaluate(atParentTime: 1e31, removedOnCompletion: false)
        #expect(s.phase == .after && s.unitTime == 1 && s.iteration == .max)
    }
}
