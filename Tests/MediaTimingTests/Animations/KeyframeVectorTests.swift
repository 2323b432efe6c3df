import Testing

import MediaTiming

/// Semantics §17 H: keyframe animations; `p` is the progress after the animation's timing function.
/// Letters in the discrete vectors are the scalars A = 0, B = 1, C = 2.
@Suite struct KeyframeVectors {
    static let h1Values: [Double] = [0, 10, 30]

    @Test("H1: linear, no keyTimes ⇒ k = [0, .5, 1]") func h1() throws {
        let track = try KeyframeTrack(values: Self.h1Values)
        #expect(track.keyTimes == [0, 0.5, 1])
        expectClose(track.value(at: 0.25), 5)
        expectClose(track.value(at: 0.75), 20)
    }

    @Test("H2: linear, keyTimes [0, 0.2, 1]") func h2() throws {
        let track = try KeyframeTrack(values: Self.h1Values, keyTimes: [0, 0.2, 1])
        #expect(track.schedule.usesGivenKeyTimes)
        expectClose(track.value(at: 0.1), 5)
        expectClose(track.value(at: 0.6), 20)
    }

    @Test("H3: H1 with timingFunctions [easeIn, linear]") func h3() throws {
        let track = try KeyframeTrack(values: Self.h1Values, timingFunctions: [.easeIn, .linear])
        #expect(track.schedule.usesTimingFunctions)
        // 10·easeIn(0.5), from exact control points; ours are Floats (semantics §17 I): 1e-6.
        expectClose(track.value(at: 0.25), 3.153568, tolerance: 1e-6)
        expectClose(track.value(at: 0.25), 10 * TimingFunction.easeIn.prepared().value(at: 0.5), tolerance: 1e-12)
        expectClose(track.value(at: 0.75), 20)
    }

    @Test("H4: H1 under the animation timing function easeInEaseOut at x = 0.25") func h4() throws {
        let track = try KeyframeTrack(values: Self.h1Values)
        let p = TimingFunction.easeInEaseOut.prepared().value(at: 0.25)
        expectClose(p, 0.129161931, tolerance: 1e-6)
        #expect(track.schedule.segment(at: p).index == 0)
        expectClose(track.schedule.segment(at: p).progress, 0.258323862, tolerance: 1e-6)
        expectClose(track.value(at: p), 2.583239, tolerance: 1e-6)
    }

    @Test("H5: discrete [A, B, C], no keyTimes ⇒ k = [0, ⅓, ⅔, 1]") func h5() throws {
        let track = try KeyframeTrack(values: [0.0, 1, 2], calculationMode: .discrete)
        #expect(track.keyTimes == [0, 1.0 / 3, 2.0 / 3, 1])
        for (p, expected) in zip([0.30, 0.34, 0.70, 1.0], [0.0, 1, 2, 2]) {
            #expect(track.value(at: p) == expected, "at \(p)")
        }
    }

    @Test("H6: Apple's discrete example holds the last value to the end") func h6() throws {
        let track = try KeyframeTrack(
            values: [310.0, 60, 120, 60], keyTimes: [0, 0.25, 0.5, 0.75, 1], calculationMode: .discrete)
        #expect(track.schedule.usesGivenKeyTimes)
        for (p, expected) in zip([0.1, 0.25, 0.6, 0.8, 1.0], [310.0, 60, 120, 60, 60]) {
            #expect(track.value(at: p) == expected, "at \(p)")
        }
    }

    @Test("H7: discrete with as many keyTimes as values ignores them (U8)") func h7() throws {
        let track = try KeyframeTrack(values: [0.0, 1, 2], keyTimes: [0, 0.5, 1], calculationMode: .discrete)
        #expect(!track.schedule.usesGivenKeyTimes)
        #expect(track.keyTimes == [0, 1.0 / 3, 2.0 / 3, 1])
        #expect(track.value(at: 0.4) == 1)  // B (SMIL alternative: A)
        #expect(track.value(at: 0.75) == 2)  // C (SMIL alternative: B)
    }

    @Test("H8: paced [0, 10, 30] ⇒ k = [0, ⅓, 1]") func h8() throws {
        let track = try KeyframeTrack(values: Self.h1Values, calculationMode: .paced)
        expectClose(track.keyTimes[1], 1.0 / 3)
        expectClose(track.value(at: 0.25), 7.5)
        expectClose(track.value(at: 0.5), 15)
    }

    @Test("H9: Apple's paced example, k = [0, 0.403226, 0.5, 0.596774, 1]") func h9() throws {
        let track = try KeyframeTrack(values: [310.0, 60, 120, 60, 310], calculationMode: .paced)
        for (k, expected) in zip(track.keyTimes, [0, 0.403226, 0.5, 0.596774, 1]) {
            expectClose(k, expected, tolerance: 1e-6)
        }
        for (k, exact) in zip(track.keyTimes, [0, 250.0 / 620, 310.0 / 620, 370.0 / 620, 1]) {
            expectClose(k, exact, tolerance: 1e-15)
        }
        for (p, expected) in zip([0.25, 0.5, 0.75], [155.0, 120, 155]) {
            expectClose(track.value(at: p), expected, "at \(p)")
        }
    }

    @Test("paced ignores keyTimes and segment timing functions, not the caller's timing function (U9)")
    func pacedIgnores() throws {
        let plain = try KeyframeTrack(values: [310.0, 60, 120, 60, 310], calculationMode: .paced)
        let decorated = try KeyframeTrack(
            values: [310.0, 60, 120, 60, 310], keyTimes: [0, 0.1, 0.2, 0.3, 1],
            timingFunctions: [.easeIn, .easeOut, .easeIn, .easeOut], calculationMode: .paced)
        #expect(!decorated.schedule.usesGivenKeyTimes && !decorated.schedule.usesTimingFunctions)
        #expect(decorated.keyTimes == plain.keyTimes)
        for k in 0...64 {
            let p = Double(k) / 64
            #expect(decorated.value(at: p) == plain.value(at: p))
        }
        // The animation-level function is applied by the caller before the lookup.
        let p = TimingFunction.easeIn.prepared().value(at: 0.5)
        expectClose(plain.value(at: p), 310 - 250 * (p / (250.0 / 620)), tolerance: 1e-9)
    }
}
