import PropertyBased
import Testing

import MediaTiming

/// Cubic and cubicPaced keyframes (Docs/semantics.md §11.5): Kochanek–Bartels with duplicated end points
/// and Kochanek–Bartels time scaling.
@Suite struct KeyframeCubic {
    @Test("all T, C, B zero is Catmull–Rom (uniform key times, duplicated ends)") func catmullRomCase() throws {
        try seededCheck(count: 200, seed: 71) { rng in
            let n = Int.random(in: 2...9, using: &rng)
            let values = (0..<n).map { _ in Double.random(in: -100...100, using: &rng) }
            let track = try KeyframeTrack(values: values, calculationMode: .cubic)
            for k in 0...256 {
                let p = Double(k) / 256
                expectClose(track.value(at: p), catmullRom(values, at: p), tolerance: 1e-9, "\(values) at \(p)")
            }
        }
    }

    @Test("explicit zero T, C, B equal absent ones") func explicitZeros() throws {
        let values: [Double] = [0, 4, -2, 7, 7, 1]
        let a = try KeyframeTrack(values: values, calculationMode: .cubic)
        let b = try KeyframeTrack(
            values: values, calculationMode: .cubic, tensionValues: [0, 0, 0, 0, 0, 0],
            continuityValues: [0], biasValues: [])
        for k in 0...100 { #expect(a.value(at: Double(k) / 100) == b.value(at: Double(k) / 100)) }
    }

    @Test("the spline passes through every key value at its key time") func interpolates() throws {
        try seededCheck(count: 300, seed: 72) { rng in
            let n = Int.random(in: 2...8, using: &rng)
            let values = (0..<n).map { _ in Double.random(in: -50...50, using: &rng) }
            func parameters() -> [Double] { (0..<n).map { _ in Double.random(in: -1...1, using: &rng) } }
            let mode: CalculationMode = Bool.random(using: &rng) ? .cubic : .cubicPaced
            let track = try KeyframeTrack(
                values: values, keyTimes: randomKeyTimes(n, &rng), calculationMode: mode,
                tensionValues: parameters(), continuityValues: parameters(), biasValues: parameters())
            for (i, k) in track.keyTimes.enumerated() {
                let value = track.value(at: k)
                // Key times may coincide in cubicPaced (equal values): the later keyframe wins, same value.
                #expect(value == values[i] || (i + 1 < n && track.keyTimes[i + 1] == k), "\(values) at \(k)")
            }
            #expect(track.value(at: 1) == values[n - 1])
        }
    }

    @Test("tension 1 flattens every tangent: Hermite smoothstep between keys") func fullTension() throws {
        let values: [Double] = [0, 10, 5, 20]
        let track = try KeyframeTrack(values: values, calculationMode: .cubic, tensionValues: [1, 1, 1, 1])
        for k in 0...90 {
            let p = Double(k) / 90
            let scaled = p * 3
            let i = min(Int(scaled), 2)
            let u = scaled - Double(i)
            let expected = values[i] + (values[i + 1] - values[i]) * (3 * u * u - 2 * u * u * u)
            expectClose(track.value(at: p), expected, tolerance: 1e-12, "at \(p)")
        }
    }

    @Test("non-uniform key times: velocity in time is continuous at interior keys when C = 0")
    func timeScaledTangents() throws {
        try seededCheck(count: 100, seed: 73) { rng in
            let n = Int.random(in: 3...7, using: &rng)
            let values = (0..<n).map { _ in Double.random(in: -10...10, using: &rng) }
            let keyTimes = randomKeyTimes(n, &rng)
            let track = try KeyframeTrack(
                values: values, keyTimes: keyTimes, calculationMode: .cubic,
                tensionValues: (0..<n).map { _ in Double.random(in: -1...1, using: &rng) },
                biasValues: (0..<n).map { _ in Double.random(in: -1...1, using: &rng) })
            let h = 1e-5
            for j in 1..<(n - 1) {
                let k = keyTimes[j]
                let f = { (p: Double) in track.value(at: p) }
                // Second-order one-sided differences.
                let right = (-3 * f(k) + 4 * f(k + h) - f(k + 2 * h)) / (2 * h)
                let left = (3 * f(k) - 4 * f(k - h) + f(k - 2 * h)) / (2 * h)
                let scale = max(1, right.magnitude)
                expectClose(left / scale, right / scale, tolerance: 1e-4, "\(keyTimes) at key \(j)")
            }
        }
    }

    @Test("continuity ≠ 0 breaks the tangent; bias weights the incoming chord") func continuityAndBias() throws {
        // Three keys, uniform times. At the middle key: D⁺ = ((1+B)(1+C)/2)·(P1−P0) + ((1−B)(1−C)/2)·(P2−P1).
        let values: [Double] = [0, 10, 10]
        let biased = try KeyframeTrack(values: values, calculationMode: .cubic, biasValues: [0, 1, 0])
        // B = 1: outgoing tangent at P1 = (P1 − P0) = 10, so segment 1 rises above 10 just after the key.
        #expect(biased.value(at: 0.6) > 10)
        let unbiased = try KeyframeTrack(values: values, calculationMode: .cubic, biasValues: [0, -1, 0])
        // B = −1: the tangent at P1 is (P2 − P1) = 0, segment 1 is flat at 10.
        expectClose(unbiased.value(at: 0.75), 10, tolerance: 1e-12)
        let kinked = try KeyframeTrack(values: values, calculationMode: .cubic, continuityValues: [0, -1, 0])
        // C = −1: D⁺ = D⁻ = (1/1)·... each side uses only its own chord: flat on the right.
        expectClose(kinked.value(at: 0.75), 10, tolerance: 1e-12)
    }

    @Test("cubicPaced uses the paced key times") func cubicPaced() throws {
        let values: [Double] = [310, 60, 120, 60, 310]
        let paced = try KeyframeTrack(values: values, calculationMode: .paced)
        let cubicPaced = try KeyframeTrack(
            values: values, keyTimes: [0, 0.25, 0.5, 0.75, 1], timingFunctions: [.easeIn, .easeIn, .easeIn, .easeIn],
            calculationMode: .cubicPaced)
        #expect(cubicPaced.keyTimes == paced.keyTimes)
        #expect(!cubicPaced.schedule.usesTimingFunctions)
        for (i, k) in paced.keyTimes.enumerated() { #expect(cubicPaced.value(at: k) == values[i]) }
    }

    @Test("segment timing functions apply in cubic mode") func cubicTimingFunctions() throws {
        let values: [Double] = [0, 10, 30]
        let plain = try KeyframeTrack(values: values, calculationMode: .cubic)
        let eased = try KeyframeTrack(values: values, timingFunctions: [.easeIn, .linear], calculationMode: .cubic)
        let u = TimingFunction.easeIn.prepared().value(at: 0.5)
        expectClose(eased.value(at: 0.25), plain.value(at: u / 2), tolerance: 1e-12)
        expectClose(eased.value(at: 0.75), plain.value(at: 0.75), tolerance: 1e-12)
    }

    @Test("outside [0, 1] the spline continues along its end tangent") func extrapolation() throws {
        let values: [Double] = [0, 10, 30]
        let track = try KeyframeTrack(values: values, calculationMode: .cubic)
        // Duplicated end: the tangent at P2 for segment 1 is (P2 − P1)/2 = 10 per segment (½ of time) = 20/unit p.
        expectClose(track.value(at: 1.25), 30 + 10 * 0.5, tolerance: 1e-12)
        // The tangent at P0 is (P1 − P0)/2 = 5 per segment = 10 per unit p.
        expectClose(track.value(at: -0.1), -1, tolerance: 1e-12)
        // Continuous in value at both ends.
        expectClose(track.value(at: 1 + 1e-12), 30, tolerance: 1e-9)
        expectClose(track.value(at: -1e-12), 0, tolerance: 1e-9)
    }
}
