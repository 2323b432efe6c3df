import PropertyBased
import Testing

import MediaTiming

/// Properties of keyframe tracks over random inputs with fixed seeds (Docs/semantics.md §11).
@Suite struct KeyframeProperties {
    /// A timing function with control points in [0, 1] and `c1y ≤ c2y`: non-decreasing.
    static func monotoneFunction(_ rng: inout Xoshiro) throws -> TimingFunction {
        let a = Float.random(in: 0...1, using: &rng), b = Float.random(in: 0...1, using: &rng)
        return try TimingFunction(
            controlPoints: Float.random(in: 0...1, using: &rng), min(a, b), Float.random(in: 0...1, using: &rng),
            max(a, b))
    }

    @Test("the segment of a progress is the last one whose key time is at most the clamped progress")
    func segmentIndex() throws {
        try seededCheck(count: 300, seed: 0x5E6) { rng in
            let n = Int.random(in: 1...40, using: &rng)
            let mode = [CalculationMode.linear, .discrete, .cubic][Int.random(in: 0..<3, using: &rng)]
            // Evenly spaced (the default), random with repeats, or clustered near one time.
            var keyTimes: [Double]? = nil
            switch Int.random(in: 0..<3, using: &rng) {
            case 1: keyTimes = randomKeyTimes(max(2, mode == .discrete ? n + 1 : n), &rng, allowRepeats: true)
            case 2:
                let centre = Double.random(in: 0...1, using: &rng)
                let inner = (0..<max(0, mode == .discrete ? n - 1 : n - 2)).map { _ in
                    min(1, max(0, centre + Double.random(in: -1e-6...1e-6, using: &rng)))
                }.sorted()
                keyTimes = n >= 2 || mode == .discrete ? [0] + inner + [1] : nil
            default: break
            }
            let schedule = try KeyframeSchedule(calculationMode: mode, keyframeCount: n, keyTimes: keyTimes)
            let times = schedule.keyTimes
            let count = times.count - 1
            for _ in 0..<50 {
                let p = [Double.random(in: -0.1...1.1, using: &rng), Double(Int.random(in: 0...count, using: &rng)) / Double(max(count, 1)),
                    times[Int.random(in: 0...count, using: &rng)], .nan, .infinity, -.infinity][Int.random(in: 0..<6, using: &rng)]
                // The reference: a linear scan over the segments (NaN and −∞ count as 0, +∞ as 1, then clamped).
                let q = p.isNaN || p == -.infinity ? 0 : (p == .infinity ? 1 : min(max(p, 0), 1))
                var expected = 0
                for index in 0..<max(count, 1) where times[index] <= q { expected = index }
                #expect(schedule.segment(at: p).index == expected, "\(times) at \(p)")
            }
        }
    }

    @Test("a segment's progress is (p − kᵢ)/(kᵢ₊₁ − kᵢ), bit for bit, for evenly spaced key times of any count and near them")
    func segmentProgress() throws {
        try seededCheck(count: 400, seed: 0x5E7) { rng in
            // Powers of two (whose key times i/N give exact quotients by N) and other counts: the default key
            // times, the same given, or given with a −0 first key time or one inner key time an ulp away.
            let count = Bool.random(using: &rng) ? 1 << Int.random(in: 0...12, using: &rng) : Int.random(in: 1...70, using: &rng)
            let discrete = Bool.random(using: &rng)
            let keyframes = discrete ? count : count + 1
            let spaced = (0...count).map { Double($0) / Double(count) }
            var given: [Double]? = nil
            switch Int.random(in: 0..<4, using: &rng) {
            case 1: given = spaced
            case 2: given = [-0.0] + spaced.dropFirst()
            case 3 where count >= 2:
                var nudged = spaced
                let i = Int.random(in: 1..<count, using: &rng)
                nudged[i] = Bool.random(using: &rng) ? nudged[i].nextUp : nudged[i].nextDown
                given = nudged
            default: break
            }
            let schedule = try KeyframeSchedule(
                calculationMode: discrete ? .discrete : .linear, keyframeCount: keyframes, keyTimes: given)
            // The key times in use, bit for bit: the given ones (all valid here), else the default i/N.
            let times = schedule.keyTimes
            #expect(times.map(\.bitPattern) == (given ?? spaced).map(\.bitPattern))
            for _ in 0..<50 {
                let near = times[Int.random(in: 0...count, using: &rng)]
                let p = [
                    Double.random(in: -0.1...1.1, using: &rng), near, near.nextUp, near.nextDown,
                    near + near.ulp * Double(Int.random(in: -3...3, using: &rng)), -0.0,
                    Double.random(in: -1...1, using: &rng) * 0x1p1020, -.greatestFiniteMagnitude, .greatestFiniteMagnitude,
                ][Int.random(in: 0..<9, using: &rng)]
                // The reference: the last segment whose key time is at most the clamped progress, by a scan, and
                // its progress by the division of Docs/semantics.md §11.2; an infinite one is the largest finite.
                let q = min(max(p, 0), 1)
                var index = 0
                for i in 0..<count where times[i] <= q { index = i }
                var expected = (p - times[index]) / (times[index + 1] - times[index])
                if expected.isInfinite { expected = expected < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude }
                let segment = schedule.segment(at: p)
                #expect(segment.index == index, "\(count) segments at \(p)")
                #expect(segment.progress.bitPattern == expected.bitPattern, "\(count) segments at \(p)")
            }
        }
    }

    @Test("linear keyframes with monotone values and monotone segment functions are monotone in p")
    func monotone() throws {
        try seededCheck(count: 300, seed: 81) { rng in
            let n = Int.random(in: 2...10, using: &rng)
            var values = (0..<n).map { _ in Double.random(in: -100...100, using: &rng) }
            values.sort()
            if Bool.random(using: &rng) { values.reverse() }
            let increasing = values[0] <= values[n - 1]
            let keyTimes: [Double]? = Bool.random(using: &rng) ? randomKeyTimes(n, &rng, allowRepeats: true) : nil
            let functions: [TimingFunction]? =
                Bool.random(using: &rng) ? try (0..<(n - 1)).map { _ in try Self.monotoneFunction(&rng) } : nil
            let track = try KeyframeTrack(values: values, keyTimes: keyTimes, timingFunctions: functions)
            var previous = track.value(at: 0)
            #expect(previous == values[0] || keyTimes?[1] == 0)
            for k in 1...500 {
                let value = track.value(at: Double(k) / 500)
                // One rounding of `from + (to − from)·u` may end a segment an ulp past `to`: allow 1e-12.
                #expect(
                    increasing ? value >= previous - 1e-12 : value <= previous + 1e-12,
                    "\(values) \(String(describing: keyTimes))")
                previous = value
            }
            #expect(previous == values[n - 1])
        }
    }

    @Test("paced scalar tracks move at constant speed: |Δv| = L·Δp inside each segment")
    func constantSpeed() throws {
        try seededCheck(count: 300, seed: 82) { rng in
            let n = Int.random(in: 2...9, using: &rng)
            let values = (0..<n).map { _ in Double.random(in: -100...100, using: &rng).rounded() }
            let track = try KeyframeTrack(values: values, calculationMode: .paced)
            let lengths = (0..<(n - 1)).map { (values[$0 + 1] - values[$0]).magnitude }
            let total = lengths.reduce(0, +)
            // Key times, independently: cumulative |Δ| over L.
            var cumulative = 0.0
            for i in 0..<n {
                expectClose(track.keyTimes[i], total > 0 ? cumulative / total : Double(i) / Double(n - 1), tolerance: 1e-12)
                if i < n - 1 { cumulative += lengths[i] }
            }
            guard total > 0 else { return }
            for _ in 0..<20 {
                let i = Int.random(in: 0..<(n - 1), using: &rng)
                let start = track.keyTimes[i], end = track.keyTimes[i + 1]
                guard end > start else { continue }
                let p1 = Double.random(in: start...end, using: &rng), p2 = Double.random(in: start...end, using: &rng)
                let moved = (track.value(at: p2) - track.value(at: p1)).magnitude
                expectClose(moved, total * (p2 - p1).magnitude, tolerance: 1e-9 * total, "\(values) seg \(i)")
            }
            // The distance travelled from 0 to p is L·p.
            for _ in 0..<20 {
                let p = Double.random(in: 0...1, using: &rng)
                var travelled = 0.0, last = track.value(at: 0)
                for k in track.keyTimes where k < p {
                    let v = track.value(at: k)
                    travelled += (v - last).magnitude
                    last = v
                }
                travelled += (track.value(at: p) - last).magnitude
                expectClose(travelled, total * p, tolerance: 1e-9 * total, "\(values) at \(p)")
            }
        }
    }

    /// Key times that break one rule of Docs/semantics.md §11.1 for `mode` with `n` values.
    static func invalidKeyTimes(_ mode: CalculationMode, _ n: Int, _ rng: inout Xoshiro) -> [Double] {
        let count = mode == .discrete ? n + 1 : n
        var times = randomKeyTimes(count, &rng)
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: times.append(1)  // one too many
        case 1: times.removeLast()  // one too few (for discrete: as many as values, U8)
        case 2: times[0] = Double.random(in: 0.01...0.5, using: &rng)  // does not start at 0
        case 3: times[count - 1] = Double.random(in: 0.5...0.99, using: &rng)  // does not end at 1
        case 4:  // decreasing somewhere
            if count > 2 { times[1] = 1.5 } else { times = [0, -0.5, 1] }
        case 5: times[Int.random(in: 0..<count, using: &rng)] = .nan
        case 6: times[Int.random(in: 0..<count, using: &rng)] = .infinity
        default: times = times.map { $0 * 2 - 0.5 }  // out of [0, 1]
        }
        return times
    }

    @Test("invalid keyTimes behave exactly like absent keyTimes") func invalidLikeAbsent() throws {
        try seededCheck(count: 400, seed: 83) { rng in
            let modes: [CalculationMode] = [.linear, .discrete, .cubic]
            let mode = modes[Int.random(in: 0..<3, using: &rng)]
            let n = Int.random(in: 2...8, using: &rng)
            let values = (0..<n).map { _ in Double.random(in: -50...50, using: &rng) }
            let functions: [TimingFunction]? =
                Bool.random(using: &rng) ? try (0..<(n - 1)).map { _ in try Self.monotoneFunction(&rng) } : nil
            let keyTimes = Self.invalidKeyTimes(mode, n, &rng)
            let absent = try KeyframeTrack(values: values, timingFunctions: functions, calculationMode: mode)
            let invalid = try KeyframeTrack(
                values: values, keyTimes: keyTimes, timingFunctions: functions, calculationMode: mode)
            #expect(!invalid.schedule.usesGivenKeyTimes, "\(mode) \(keyTimes)")
            #expect(invalid.keyTimes == absent.keyTimes)
            for _ in 0..<50 {
                let p = Double.random(in: -0.2...1.2, using: &rng)
                #expect(invalid.value(at: p).bitPattern == absent.value(at: p).bitPattern)
            }
        }
    }

    @Test("no NaN for any finite progress, in any mode") func noNaN() throws {
        try seededCheck(count: 200, seed: 84) { rng in
            let mode = CalculationMode.allCases[Int.random(in: 0..<5, using: &rng)]
            let n = Int.random(in: 1...8, using: &rng)
            let values = (0..<n).map { _ in Planar(Double.random(in: -1e6...1e6, using: &rng), Double.random(in: -1...1, using: &rng)) }
            let keyTimes = Bool.random(using: &rng) ? randomKeyTimes(mode == .discrete ? n + 1 : max(n, 2), &rng, allowRepeats: true) : nil
            let track = try KeyframeTrack(
                values: values, keyTimes: keyTimes, calculationMode: mode,
                tensionValues: (0..<n).map { _ in Double.random(in: -3...3, using: &rng) })
            for p in [-1e300, -2, -0.5, 0, 0.5, 1, 1.5, 1e300, .leastNonzeroMagnitude, .nan, .infinity, -.infinity] {
                let v = track.value(at: p)
                #expect(!v.x.isNaN && !v.y.isNaN, "\(mode) \(values) at \(p)")
            }
        }
    }
}
