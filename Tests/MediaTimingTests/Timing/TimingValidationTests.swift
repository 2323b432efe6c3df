import Testing

import MediaTiming

/// The validation policy of Docs/semantics.md §5.3: typed errors that name the field, never a NaN result.
@Suite struct TimingValidation {
    static let nanCases: [(TimingField, Timing)] = [
        (.beginTime, Timing(beginTime: .nan)), (.duration, Timing(duration: .nan)),
        (.speed, Timing(speed: .nan)), (.timeOffset, Timing(timeOffset: .nan)),
        (.repeatCount, Timing(repeatCount: .nan)), (.repeatDuration, Timing(repeatDuration: .nan)),
    ]

    @Test("NaN in any field is rejected, naming the field", arguments: nanCases)
    func nan(_ field: TimingField, _ timing: Timing) {
        #expect(throws: TimingError.invalidField(field, .notANumber)) { try ResolvedTiming(timing) }
    }

    static let infiniteCases: [(TimingField, InvalidValue, Timing)] = [
        (.beginTime, .positiveInfinity, Timing(beginTime: .infinity)),
        (.beginTime, .negativeInfinity, Timing(beginTime: -.infinity)),
        (.speed, .positiveInfinity, Timing(speed: .infinity)),
        (.speed, .negativeInfinity, Timing(speed: -.infinity)),
        (.timeOffset, .positiveInfinity, Timing(timeOffset: .infinity)),
        (.duration, .negativeInfinity, Timing(duration: -.infinity)),
        (.repeatCount, .negativeInfinity, Timing(repeatCount: -.infinity)),
        (.repeatDuration, .negativeInfinity, Timing(repeatDuration: -.infinity)),
    ]

    @Test("infinities without a meaning are rejected", arguments: infiniteCases)
    func infinities(_ field: TimingField, _ kind: InvalidValue, _ timing: Timing) {
        #expect(throws: TimingError.invalidField(field, kind)) { try ResolvedTiming(timing) }
    }

    @Test("+infinity means forever for duration, repeatCount and repeatDuration") func forever() throws {
        #expect(try ResolvedTiming(Timing(duration: .infinity)).activeDuration == .infinity)
        #expect(try ResolvedTiming(Timing(duration: 1, repeatCount: .infinity)).activeDuration == .infinity)
        #expect(try ResolvedTiming(Timing(duration: 1, repeatDuration: .infinity)).activeDuration == .infinity)
        // An infinite simple duration is one iteration that never leaves x = 0.
        let s = try ResolvedTiming(Timing(duration: .infinity)).evaluate(atParentTime: 1e9)
        #expect(s.phase == .active && s.iteration == 0 && s.unitTime == 0 && s.activeTime == 1e9)
    }

    @Test("the default duration must be positive") func defaultDuration() {
        #expect(throws: TimingError.invalidField(.defaultDuration, .notPositive)) {
            try ResolvedTiming(Timing(), defaultDuration: 0)
        }
        #expect(throws: TimingError.invalidField(.defaultDuration, .notANumber)) {
            try ResolvedTiming(Timing(), defaultDuration: .nan)
        }
    }

    @Test("evaluating at a non-finite time is a typed error", arguments: [
        (Double.nan, InvalidValue.notANumber), (.infinity, .positiveInfinity), (-.infinity, .negativeInfinity),
    ])
    func nonFiniteTime(_ time: Double, _ kind: InvalidValue) throws {
        let timing = try ResolvedTiming(Timing(duration: 1))
        #expect(throws: TimingError.invalidTime(kind)) { try timing.evaluate(atParentTime: time) }
    }

    @Test("a local time beyond Double's range is a typed error") func overflow() throws {
        let timing = try ResolvedTiming(Timing(speed: .greatestFiniteMagnitude, repeatCount: .infinity))
        #expect(throws: TimingError.localTimeOverflow) { try timing.evaluate(atParentTime: 1e300) }
    }

    @Test("an underflowing active duration is never empty (§5.3)") func underflow() throws {
        let timing = try ResolvedTiming(Timing(duration: 1e-300, repeatCount: 1e-30))
        #expect(timing.activeDuration == .leastNonzeroMagnitude)
        let after = try timing.evaluate(atParentTime: 1)
        #expect(after.phase == .after && after.unitTime.isFinite)
    }

    @Test("errors describe themselves with the field name") func descriptions() {
        #expect(TimingError.invalidField(.speed, .notANumber).description == "timing.speed: expected a number, got NaN")
        #expect(TimingError.invalidTime(.positiveInfinity).description == "time: expected a finite number, got +infinity")
    }
}
