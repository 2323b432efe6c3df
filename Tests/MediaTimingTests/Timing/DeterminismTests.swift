import Testing

import MediaTiming

/// Bit-exact determinism: a fixed grid of 10,000 evaluations, hashed over the bit patterns of every field,
/// must equal the committed hash in debug and in release builds (CI runs both). A change of the hash
/// means a change of results somewhere: review it, then update the constant deliberately.
@Suite struct Determinism {
    // 0xe123_b82c_84e7_6f90 -> 0xfa6b_e1a6_66d0_6e4f when the uncertified intervals got their sub-tables (Docs/performance.md, P1/P2).
    // 0xfa6b_e1a6_66d0_6e4f -> 0x7ea1_1b7d_e6d8_4a7e when custom curves got compact tables (Docs/semantics.md §8.4): the
    // grid's five custom curves move within their 5e-8 certificate; the named curves keep their bits.
    // 0x7ea1_1b7d_e6d8_4a7e -> 0xac6f_f1e1_8cc3_2a06 when the compact tables' knots were solved side by side (their last bits
    // move within the 10⁻¹² residual the certificates allow; the named curves keep their bits).
    // 0xac6f_f1e1_8cc3_2a06 -> 0xba6d_33fb_2db9_3c92 when the compact tables got their second certificate (the Hermite
    // rows' error at Chebyshev nodes): x in the newly certified cells of the custom curves take the row's value instead of
    // the solver's, within the 5e-8 certificate; the named curves keep their bits.
    static let committedHash: UInt64 = 0xba6d_33fb_2db9_3c92

    static func grid() throws -> [(Timing, TimingFunction)] {
        let curves: [TimingFunction] = [
            .linear, .easeIn, .easeOut, .easeInEaseOut, .default,
            try TimingFunction(controlPoints: 0.9, 0, 0.1, 1), try TimingFunction(controlPoints: 1, 0, 0, 1),
            try TimingFunction(controlPoints: 0.3, -0.6, 0.7, 1.6), try TimingFunction(controlPoints: 0, 0, 1.0 / 3, 1),
            try TimingFunction(controlPoints: 0.5, 0, 5.0 / 6, 1),
        ]
        let timings: [Timing] = [
            Timing(beginTime: 1, duration: 2, fillMode: .both),
            Timing(duration: 0.5, repeatCount: 2.5, autoreverses: true, fillMode: .forwards),
            Timing(duration: 3, timeOffset: 1, fillMode: .forwards),
            Timing(duration: 1, speed: -1, repeatCount: 3, fillMode: .both),
            Timing(duration: 1.5, repeatDuration: 2, fillMode: .forwards),
            Timing(beginTime: -2, duration: 30, repeatCount: .infinity),
            Timing(duration: 10, speed: 0.1, repeatCount: 1.1, fillMode: .backwards),
            Timing(duration: 0.7, speed: 2.5, timeOffset: -0.3, repeatCount: 4, autoreverses: true, fillMode: .both),
            Timing(duration: 1, speed: 0, timeOffset: 0.4),
            Timing(beginTime: 0.25, duration: 0, speed: -0.75, timeOffset: 2, repeatCount: 7.25, fillMode: .both),
        ]
        return timings.flatMap { t in curves.map { (t, $0) } }
    }

    static func gridHash() throws -> UInt64 {
        var hash = FNV1a()
        for (timing, function) in try grid() {
            let resolved = try ResolvedTiming(timing, defaultDuration: 0.25)
            let curve = function.prepared()
            for k in 0..<100 {
                let tp = -3 + 0.1234567 * Double(k)
                let s = try resolved.evaluate(atParentTime: tp, timingFunction: curve, removedOnCompletion: k % 2 == 0)
                hash.combine(UInt64(TimingPhase.allCases.firstIndex(of: s.phase)!) << 1 | (s.applies ? 1 : 0))
                hash.combine(UInt64(bitPattern: Int64(s.iteration)))
                hash.combine(s.activeTime)
                hash.combine(s.basicTime)
                hash.combine(s.unitTime)
                hash.combine(s.progress)
            }
        }
        return hash.value
    }

    @Test("10,000 evaluations hash to the committed value") func golden() throws {
        #expect(try Self.grid().count * 100 == 10_000)
        let hash = try Self.gridHash()
        #expect(hash == Self.committedHash, "grid hash 0x\(String(hash, radix: 16))")
    }
}
