import Testing

import MediaTiming

/// Construction rules and edge cases of keyframe tracks (Docs/semantics.md §11): typed errors for input
/// without a meaning, Core Animation's fallbacks for input it ignores, and no NaN or trap on any progress.
@Suite struct KeyframeValidation {
    @Test("no values, too many values") func counts() {
        #expect(throws: KeyframeError.noKeyframes) { try KeyframeTrack<Double>(values: []) }
        let limit = KeyframeSchedule.maximumKeyframeCount
        #expect(throws: KeyframeError.tooManyKeyframes(count: limit + 1, limit: limit)) {
            try KeyframeTrack(values: [Double](repeating: 1, count: limit + 1))
        }
        #expect(throws: KeyframeError.noKeyframes) {
            try KeyframeSchedule(calculationMode: .linear, keyframeCount: 0)
        }
    }

    @Test("non-finite values and spline parameters are rejected with their index") func nonFinite() {
        #expect(throws: KeyframeError.nonFiniteValue(index: 1)) { try KeyframeTrack(values: [0, .nan, 1]) }
        #expect(throws: KeyframeError.nonFiniteValue(index: 2)) {
            try KeyframeTrack(values: [0, 1, -.infinity], calculationMode: .discrete)
        }
        #expect(throws: KeyframeError.nonFiniteValue(index: 0)) {
            try KeyframeTrack(values: [Planar(.infinity, 0), Planar(0, 0)])
        }
        #expect(throws: KeyframeError.nonFiniteSplineParameter(.biasValues, index: 1)) {
            try KeyframeTrack(values: [0.0, 1, 2], calculationMode: .cubic, biasValues: [0, .nan])
        }
        #expect(throws: KeyframeError.nonFiniteSplineParameter(.tensionValues, index: 0)) {
            try KeyframeTrack(values: [0.0, 1], tensionValues: [.infinity])
        }
        // Entries beyond the keyframes are never read.
        #expect(throws: Never.self) {
            try KeyframeTrack(values: [0.0, 1], calculationMode: .cubic, continuityValues: [0, 0, .nan])
        }
    }

    @Test("values too far apart to interpolate are rejected; discrete does not interpolate") func overflow() throws {
        #expect(throws: KeyframeError.valueOverflow(segment: 1)) {
            try KeyframeTrack(values: [0, -1e308, 1e308])
        }
        let held = try KeyframeTrack(values: [-1e308, 1e308], calculationMode: .discrete)
        #expect(held.value(at: 0.75) == 1e308)
        // Tangents overflow although chords do not: (1−T)(1−B)(1−C)/2 = 4 at T = −1, B = C = −1.
        #expect(throws: KeyframeError.valueOverflow(segment: 0)) {
            try KeyframeTrack(
                values: [0, 1e308], calculationMode: .cubic, tensionValues: [-1, -1],
                continuityValues: [-1, -1], biasValues: [-1, -1])
        }
    }

    @Test("paced lengths that overflow are rescaled") func pacedOverflow() throws {
        let scalar = try KeyframeTrack(values: [-1.5e308, 0, 1.5e308], calculationMode: .paced)
        #expect(scalar.keyTimes == [0, 0.5, 1])
        expectClose(scalar.value(at: 0.25) / 1e308, -0.75, tolerance: 1e-12)
        // The naive distance √(dx² + dy²) overflows from 1e155; only the ratios matter.
        let planar = try KeyframeTrack(
            values: [Planar(0, 0), Planar(1e200, 0), Planar(1e200, 2e200)], calculationMode: .paced)
        expectClose(planar.keyTimes[1], 1.0 / 3, tolerance: 1e-15)
    }

    @Test("schedules for path tracks: segment lengths must fit the paced modes") func scheduleLengths() throws {
        #expect(throws: KeyframeError.invalidSegmentLength(index: 0)) {
            try KeyframeSchedule(calculationMode: .paced, keyframeCount: 3)
        }
        #expect(throws: KeyframeError.invalidSegmentLength(index: 1)) {
            try KeyframeSchedule(calculationMode: .paced, keyframeCount: 3, segmentLengths: [1, -1])
        }
        #expect(throws: KeyframeError.invalidSegmentLength(index: 0)) {
            try KeyframeSchedule(calculationMode: .cubicPaced, keyframeCount: 3, segmentLengths: [.nan, 1])
        }
        // H11's element lengths: 100 then 300.
        let path = try KeyframeSchedule(calculationMode: .paced, keyframeCount: 3, segmentLengths: [100, 300])
        #expect(path.keyTimes == [0, 0.25, 1])
        #expect(path.segment(at: 0.1) == KeyframeSegment(index: 0, progress: 0.4))
        #expect(path.segment(at: 0.25) == KeyframeSegment(index: 1, progress: 0))
        let zero = try KeyframeSchedule(calculationMode: .paced, keyframeCount: 3, segmentLengths: [0, 0])
        #expect(zero.keyTimes == [0, 0.5, 1])
        // Linear ignores lengths.
        let linear = try KeyframeSchedule(calculationMode: .linear, keyframeCount: 3, segmentLengths: [1, .nan])
        #expect(linear.keyTimes == [0, 0.5, 1])
    }

    @Test("invalid keyTimes fall back to the defaults", arguments: [
        [0, 0.5], [0, 0.2, 0.5, 1], [0.1, 0.5, 1], [0, 0.5, 0.9], [0, 0.6, 0.4, 1],
        [0, 0.7, 0.3], [0, .nan, 1], [0, .infinity, 1], [0, -0.5, 1], [0, 1.5, 1], [-0.0, 2, 1], [],
    ] as [[Double]])
    func invalidKeyTimes(_ keyTimes: [Double]) throws {
        let values: [Double] = [0, 10, 30]
        let reference = try KeyframeTrack(values: values)
        let track = try KeyframeTrack(values: values, keyTimes: keyTimes)
        #expect(!track.schedule.usesGivenKeyTimes)
        #expect(track.keyTimes == reference.keyTimes)
    }

    @Test("-0 counts as 0 and repeated key times are valid") func boundaryKeyTimes() throws {
        let track = try KeyframeTrack(values: [0.0, 10, 20, 30], keyTimes: [-0.0, 0.5, 0.5, 1])
        #expect(track.schedule.usesGivenKeyTimes)
        // A zero-length segment jumps: at its key time the later value holds.
        expectClose(track.value(at: 0.5 - 1e-12), 10, tolerance: 1e-9)
        #expect(track.value(at: 0.5) == 20)
        let end = try KeyframeTrack(values: [0.0, 10, 20], keyTimes: [0, 1, 1])
        expectClose(end.value(at: 1 - 1e-12), 10, tolerance: 1e-9)
        #expect(end.value(at: 1) == 20)
        #expect(end.value(at: 1.5) == 20)  // a zero-length last segment holds when extrapolated
        let start = try KeyframeTrack(values: [0.0, 10, 20], keyTimes: [0, 0, 1])
        #expect(start.value(at: 0) == 10)
        expectClose(start.value(at: -0.5), 5, tolerance: 1e-12)  // extrapolates the segment in use at 0
    }

    @Test("timing functions of the wrong count, or in discrete mode, are ignored") func timingFunctionCount() throws {
        let values: [Double] = [0, 10, 30]
        for functions in [[TimingFunction.easeIn], [.easeIn, .easeIn, .easeIn], []] {
            let track = try KeyframeTrack(values: values, timingFunctions: functions)
            #expect(!track.schedule.usesTimingFunctions)
            #expect(track.value(at: 0.25) == 5)
        }
        let discrete = try KeyframeTrack(values: values, timingFunctions: [.easeIn, .easeIn], calculationMode: .discrete)
        #expect(!discrete.schedule.usesTimingFunctions)
    }

    @Test("a single value is constant in every mode", arguments: CalculationMode.allCases)
    func single(_ mode: CalculationMode) throws {
        let track = try KeyframeTrack(values: [7.0], keyTimes: [0], timingFunctions: [], calculationMode: mode)
        for p in [-1, 0, 0.3, 1, 2, .nan, .infinity, -.infinity] { #expect(track.value(at: p) == 7) }
        #expect(track.keyTimes == (mode == .discrete ? [0, 1] : [0]))
    }

    @Test("progress outside [0, 1] extrapolates the end segments; NaN and infinities are pinned")
    func outOfRange() throws {
        let linear = try KeyframeTrack(values: [0.0, 10, 30])
        expectClose(linear.value(at: 1.25), 40)
        expectClose(linear.value(at: -0.25), -5)
        #expect(linear.value(at: .nan) == 0)
        #expect(linear.value(at: .infinity) == 30)
        #expect(linear.value(at: -.infinity) == 0)
        let discrete = try KeyframeTrack(values: [0.0, 1, 2], calculationMode: .discrete)
        #expect(discrete.value(at: -3) == 0 && discrete.value(at: 3) == 2)
        // An overshooting segment function continues the segment's line.
        let overshoot = try TimingFunction(controlPoints: 0.3, 1.6, 0.6, 1.4)
        let shaped = try KeyframeTrack(values: [0.0, 10, 30], timingFunctions: [overshoot, .linear])
        let u = overshoot.prepared().value(at: 0.5)
        #expect(u > 1)
        expectClose(shaped.value(at: 0.25), 10 * u, tolerance: 1e-12)
        // A subnormal first segment does not turn extrapolation into NaN.
        let tiny = try KeyframeTrack(values: [0.0, 0, 1], keyTimes: [0, Double.leastNonzeroMagnitude, 1])
        #expect(tiny.value(at: -1) == 0)
        let tinyRising = try KeyframeTrack(values: [0.0, 1, 1], keyTimes: [0, Double.leastNonzeroMagnitude, 1])
        #expect(tinyRising.value(at: -1) == -.greatestFiniteMagnitude)
    }

    @Test("the segment lookup: last segment closed at 1, key times start their segment") func lookup() throws {
        let schedule = try KeyframeSchedule(calculationMode: .linear, keyframeCount: 5, keyTimes: [0, 0.25, 0.5, 0.75, 1])
        #expect(schedule.segmentCount == 4)
        #expect(schedule.segment(at: 0) == KeyframeSegment(index: 0, progress: 0))
        #expect(schedule.segment(at: 0.25) == KeyframeSegment(index: 1, progress: 0))
        #expect(schedule.segment(at: 0.625) == KeyframeSegment(index: 2, progress: 0.5))
        #expect(schedule.segment(at: 1) == KeyframeSegment(index: 3, progress: 1))
        let discrete = try KeyframeSchedule(calculationMode: .discrete, keyframeCount: 4)
        #expect(discrete.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        #expect(discrete.segment(at: 1).index == 3)
    }
}
