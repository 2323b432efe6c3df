import DiscPlayer
import PropertyBased
import MediaTiming
import Testing

/// Property tests of the disc player over random scripts at random times (fixed seeds).
@Suite struct DiscPlayerPropertyTests {
    static let playlist = DiscPlayer.samplePlaylist
    static func turn(_ playing: Double) -> Double { 2 * Double.pi * playing / 30 }

    /// A random script: inputs at increasing times, often inside a change (gaps under 0.8 s), sometimes
    /// at the same time; and sample times between them.
    static func randomScript(_ rng: inout Xoshiro) -> (script: [TimedInput], samples: [Double], until: Double) {
        var script: [TimedInput] = [], samples: [Double] = []
        var t = 0.0
        for _ in 0..<Int.random(in: 0...14, using: &rng) {
            let gapKind = Int.random(in: 0..<10, using: &rng)
            let gap = gapKind == 0 ? 0 : (gapKind < 4 ? Double.random(in: 0...0.9, using: &rng) : Double.random(in: 0...8, using: &rng))
            for _ in 0..<Int.random(in: 0...3, using: &rng) { samples.append(t + Double.random(in: 0...gap, using: &rng)) }
            t += gap
            let weights: [DiscInput] = [.playPause, .playPause, .playPause, .next, .next, .previous, .background, .foreground, .foreground]
            script.append(TimedInput(weights[Int.random(in: 0..<weights.count, using: &rng)], at: t))
        }
        let until = t + Double.random(in: 0...3, using: &rng)
        for _ in 0..<4 { samples.append(Double.random(in: 0...until, using: &rng)) }
        samples.append(until)
        return (script, samples.sorted(), until)
    }

    /// Runs a script, handling inputs and sampling at the sample times (a sample at an input's time comes
    /// after the input); calls `check` at every sample.
    static func run(
        _ script: [TimedInput], samples: [Double], _ check: (inout DiscPlayer, Double) throws -> Void
    ) throws -> DiscPlayer {
        var player = try DiscPlayer(playlist: playlist)
        var next = 0
        for sample in samples {
            while next < script.count, script[next].time <= sample {
                try player.handle(script[next].input, at: script[next].time)
                next += 1
            }
            try player.advance(to: sample)
            try check(&player, sample)
        }
        return player
    }

    @Test func invariantsHoldOverRandomScripts() throws {
        try seededCheck(count: 400, seed: 0xD15C) { rng in
            let (script, samples, _) = Self.randomScript(&rng)
            // An independent model of the front disc's playing time, driven by the trace's entries.
            var played = 0.0, running = false, started = false, userPlaying = false, inBackground = false
            var lastModelTime = 0.0, consumed = 0
            var previous: (time: Double, angle: Double, swaps: Int)? = nil
            var swaps = 0
            _ = try Self.run(script, samples: samples) { player, t in
                let state = player.state
                for entry in player.trace[consumed...] {
                    if running { played += entry.time - lastModelTime }
                    lastModelTime = entry.time
                    switch entry.event {
                    case .input(.playPause):
                        if started { userPlaying.toggle() } else { started = true; userPlaying = true }
                        running = userPlaying && !inBackground
                    case .input(.background): inBackground = true; running = false
                    case .input(.foreground): inBackground = false; running = started && userPlaying
                    case .swapped: played = 0; started = true; userPlaying = true; running = !inBackground; swaps += 1
                    default: break
                    }
                }
                consumed = player.trace.count
                if running { played += t - lastModelTime }
                lastModelTime = t
                let angle = try player.frontAngle()
                expectClose(angle, Self.turn(played), tolerance: 1e-9, "front angle at \(t) for \(script)")

                // Buttons enabled iff no change in flight.
                #expect(state.buttonsEnabled == !state.isChanging)
                if !state.isChanging {
                    // The glyph matches the play state; exactly one disc visible.
                    #expect(state.glyph == (state.isPlaying ? .pause : .play))
                    #expect(try player.opacity(ofDisc: state.front) == 1)
                    #expect(try player.opacity(ofDisc: 1 - state.front) == 0)
                    // The index follows the accepted taps.
                    let nexts = player.trace.filter { $0.event == .input(.next) }.count
                    let previouses = player.trace.filter { $0.event == .input(.previous) }.count
                    #expect(state.index == ((nexts - previouses) % 3 + 3) % 3)
                }
                // The front angle is continuous (never decreasing, at most 2π/30 per second) except at a swap.
                if let previous, previous.swaps == swaps {
                    #expect(angle >= previous.angle - 1e-9)
                    #expect(angle - previous.angle <= Self.turn(t - previous.time) + 1e-9)
                }
                previous = (t, angle, swaps)
                // Bounded animations: cross-fade, change group, fade-in, one rotation.
                #expect(player.attachedAnimationCount <= 4)
            }
        }
    }

    @Test func theSameScriptGivesABitIdenticalTrace() throws {
        try seededCheck(count: 60, seed: 0xD15D) { rng in
            let (script, samples, until) = Self.randomScript(&rng)
            func fingerprint() throws -> (trace: [TraceEntry], hash: UInt64) {
                var angles: [Double] = []
                var player = try Self.run(script, samples: samples) { player, _ in angles.append(try player.frontAngle()) }
                try player.advance(to: until)
                var hash = FNV1a()
                for entry in player.trace {
                    hash.combine(entry.time)
                    hash.combine(entry.frontAngle)
                    hash.combine(UInt64(entry.state.index))
                }
                for angle in angles { hash.combine(angle) }
                return (player.trace, hash.value)
            }
            let a = try fingerprint(), b = try fingerprint()
            #expect(a.trace == b.trace)
            #expect(a.hash == b.hash)
        }
    }

    @Test func simulateSamplesEveryFrame() throws {
        let run = try DiscPlayer.simulate(
            playlist: Self.playlist, script: [TimedInput(.playPause, at: 0), TimedInput(.next, at: 1)], until: 2, fps: 10)
        #expect(run.frames.count == 21)
        #expect(run.frames[5].state.glyph == .pause)
        #expect(run.frames[10].state.isChanging && !run.frames[10].state.buttonsEnabled)
        #expect(run.frames[19].state.front == 1)
        expectClose(run.frames[5].angles[0], Self.turn(0.5))
    }
}
