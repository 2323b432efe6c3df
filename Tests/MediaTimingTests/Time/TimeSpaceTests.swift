import PropertyBased
import Testing

import MediaTiming

/// Semantics §17 A (layer time chains) and K1–K2 (speeds through a hierarchy), on time spaces.
@Suite struct TimeSpaceVectors {
    let chainC1 = [
        TimeSpace(beginTime: 0, speed: 1, timeOffset: 0),
        TimeSpace(beginTime: 10, speed: 2, timeOffset: 1),
        TimeSpace(beginTime: 3, speed: 0.5, timeOffset: -2),
    ]
    let chainC2 = [
        TimeSpace(beginTime: 100, speed: 1, timeOffset: 0),
        TimeSpace(beginTime: 0, speed: 3, timeOffset: 0),
        TimeSpace(beginTime: 0, speed: 0.5, timeOffset: 4),
    ]

    /// Local times of every level of `chain` at absolute time `t`.
    func levels(_ chain: [TimeSpace], _ t: Double) -> [Double] {
        (1...chain.count).map { TimeSpace.localTime(through: chain.prefix($0), fromParent: t) }
    }

    @Test("A1, A2: chain C1 at T = 20 and 25") func a1a2() {
        #expect(levels(chainC1, 20) == [20, 21, 7])
        #expect(levels(chainC1, 25) == [25, 31, 12])
    }

    @Test("A3: convertTime(7, from L3 of C1, to nil) = 20") func a3() {
        expectClose(TimeSpace.parentTime(through: chainC1, fromLocal: 7), 20)
    }

    @Test("A4, A5: chain C2 at T = 110; effective rate 1.5") func a4a5() {
        #expect(levels(chainC2, 110) == [10, 30, 19])
        expectClose(AffineTimeMap(composing: chainC2).scale, 1.5)
        expectClose(AffineTimeMap(composing: chainC2).apply(110), 19)
    }

    @Test("A6: C1 with L2 paused at offset 5 pins L3 at −1") func a6() {
        var chain = chainC1
        chain[1].speed = 0
        chain[1].timeOffset = 5
        #expect(TimeSpace.localTime(through: chain, fromParent: 20) == -1)
        #expect(TimeSpace.localTime(through: chain, fromParent: 50) == -1)
    }

    @Test("A7: an animation begun 1.5 local seconds after L3's now is half-way 2 s later") func a7() throws {
        let now = TimeSpace.localTime(through: chainC2, fromParent: 110)
        #expect(now == 19)
        let timing = try ResolvedTiming(Timing(beginTime: now + 1.5, duration: 3))
        let tp = TimeSpace.localTime(through: chainC2, fromParent: 112)
        #expect(tp == 22)
        let sample = try timing.evaluate(atParentTime: tp)
        expectClose(sample.progress, 0.5)
        expectClose(vectorValue(sample), 50)
    }

    @Test("A8: beginTime = absolute now + 1 on L3 of C1 starts at T = 34") func a8() throws {
        let timing = try ResolvedTiming(Timing(beginTime: 21, duration: 1))
        expectClose(TimeSpace.parentTime(through: chainC1, fromLocal: 21), 34)
        #expect(timing.phase(atParentTime: TimeSpace.localTime(through: chainC1, fromParent: 33.999)) == .before)
        #expect(timing.phase(atParentTime: TimeSpace.localTime(through: chainC1, fromParent: 34)) == .active)
    }

    @Test("A9: a layer with beginTime 5 reads parent time minus 5 (R8)") func a9() {
        expectClose(TimeSpace(beginTime: 5).localTime(fromParent: 7206.884), 7201.884)
    }

    @Test("K1: speed 1.5 in a group of speed 2: 0.5 s real is 1.5 s local") func k1() {
        let chain = [TimeSpace(), TimeSpace(speed: 2), TimeSpace(speed: 1.5)]
        expectClose(TimeSpace.localTime(through: chain, fromParent: 0.5), 1.5)
    }

    @Test("K2: speed 3 on a layer of speed 0.5: 1 s real is 1.5 s local") func k2() {
        let chain = [TimeSpace(speed: 0.5), TimeSpace(speed: 3)]
        expectClose(TimeSpace.localTime(through: chain, fromParent: 1), 1.5)
    }

    @Test("§3.3: the inverse through speed 0 is the begin time") func inverseThroughPause() {
        #expect(TimeSpace(beginTime: 7, speed: 0, timeOffset: 3).parentTime(fromLocal: 100) == 7)
    }

    @Test("§3.1: speed is a Float: 0.1 runs at 0.10000000149011612") func floatSpeed() {
        #expect(TimeSpace(speed: 0.1).localTime(fromParent: 1) == 0.10000000149011612)
    }
}

/// Properties of time spaces, with fixed seeds.
@Suite struct TimeSpaceProperties {
    static let beginGen = Gen.double(in: -100...100)
    static let offsetGen = Gen.double(in: -100...100)
    static let speedGen = Gen.double(in: -4...4)
    static let timeGen = Gen.double(in: -1000...1000)

    static func randomChain(_ rng: inout Xoshiro, avoidingZeroSpeed: Bool) -> [TimeSpace] {
        let depth = Int(Gen.double(in: 1..<9).draw(&rng))
        return (0..<depth).map { _ in
            var speed = Float(speedGen.draw(&rng))
            if avoidingZeroSpeed && speed.magnitude < 0.25 { speed = speed < 0 ? -0.25 : 0.25 }
            return TimeSpace(beginTime: beginGen.draw(&rng), speed: speed, timeOffset: offsetGen.draw(&rng))
        }
    }

    @Test("composing a chain equals converting step by step") func compositionMatchesSteps() {
        seededCheck(count: 2000, seed: 11) { rng in
            let chain = Self.randomChain(&rng, avoidingZeroSpeed: false)
            let t = Self.timeGen.draw(&rng)
            var stepwise = t
            // The size of the quantities the two computations round: a bound for the difference.
            var magnitude = t.magnitude
            for space in chain {
                magnitude = (magnitude + space.beginTime.magnitude) * space.rate.magnitude + space.timeOffset.magnitude
                stepwise = space.localTime(fromParent: stepwise)
            }
            let composed = AffineTimeMap(composing: chain).apply(t)
            #expect((composed - stepwise).magnitude <= 1e-12 * (magnitude + 1), "\(chain) at \(t)")
        }
    }

    @Test("the inverse after the forward map is the identity for speed ≠ 0") func inverseIsIdentity() {
        seededCheck(count: 2000, seed: 12) { rng in
            let chain = Self.randomChain(&rng, avoidingZeroSpeed: true)
            let t = Self.timeGen.draw(&rng)
            let local = TimeSpace.localTime(through: chain, fromParent: t)
            let back = TimeSpace.parentTime(through: chain, fromLocal: local)
            // Relative to the quantities rounded along the way, each expressed in root time units.
            var magnitude = 0.0, parent = t, rootScale = 1.0
            for space in chain {
                let child = space.localTime(fromParent: parent)
                magnitude += (parent.magnitude + space.beginTime.magnitude
                    + (child.magnitude + space.timeOffset.magnitude) / space.rate.magnitude) / rootScale
                rootScale *= space.rate.magnitude
                parent = child
            }
            #expect((back - t).magnitude <= 1e-12 * max(1, magnitude), "\(chain) at \(t)")
        }
    }
}
