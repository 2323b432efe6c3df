import Foundation
import Testing

import DiscPlayer
import MediaTiming

/// Bit-exact determinism of the disc player: the run that `mediatiming demo` prints (the QQ Music
/// disc player on the demo's script, until 34 s, frames at 1 fps), computed in-process through the
/// DiscPlayer module's API and hashed over the bit patterns of every number (times, angles, opacities,
/// translations), the event kinds and descriptions, and the states. The same hash must come out in
/// debug, in release, and with glibc's CPU-dependent code paths disabled (CI runs all three; the name
/// matches CI's "Determinism|Elementary" filter). A change of the hash is a change of results: review it,
/// then update the constant deliberately.
@Suite struct DeterminismDiscDemo {
    static let committedHash: UInt64 = 0x9beb_c73c_94d6_1739

    /// The demo's script and run (Sources/mediatiming/DemoCommand.swift; the README's main command):
    /// play 0, pause 7.5, resume 10, next 15, a second next 15.2, previous 20, background 24, foreground 30.
    /// `demoMatchesTheCLI` checks that this is what the CLI prints.
    static let script: [TimedInput] = [
        TimedInput(.playPause, at: 0), TimedInput(.playPause, at: 7.5), TimedInput(.playPause, at: 10),
        TimedInput(.next, at: 15), TimedInput(.next, at: 15.2), TimedInput(.previous, at: 20),
        TimedInput(.background, at: 24), TimedInput(.foreground, at: 30),
    ]
    static let until = 34.0, fps = 1.0

    static func run() throws -> (player: DiscPlayer, frames: [DiscFrame]) {
        try DiscPlayer.simulate(playlist: DiscPlayer.samplePlaylist, script: script, until: until, fps: fps)
    }

    static func combine(_ state: DiscPlayerState, into hash: inout FNV1a) {
        hash.combine(UInt64(bitPattern: Int64(state.index)))
        hash.combine(UInt64(bitPattern: Int64(state.front)))
        let flags: [Bool] = [state.isPlaying, state.buttonsEnabled, state.glyph == .pause, state.isChanging, state.isInBackground]
        hash.combine(flags.enumerated().reduce(UInt64(0)) { $0 | ($1.element ? 1 << UInt64($1.offset) : 0) })
    }

    static func demoHash() throws -> UInt64 {
        let (player, frames) = try run()
        var hash = FNV1a()
        hash.combine(UInt64(player.trace.count))
        for entry in player.trace {
            hash.combine(entry.time)
            let kind: UInt64
            switch entry.event {
            case let .input(input): kind = 0x10 | UInt64(DiscInput.allCases.firstIndex(of: input)!)
            case let .ignored(input, _): kind = 0x20 | UInt64(DiscInput.allCases.firstIndex(of: input)!)
            case .animation(_, _, .didStart): kind = 0x30
            case let .animation(_, _, .didStop(finished)): kind = 0x40 | (finished ? 1 : 0)
            case let .swapped(front): kind = 0x50 | UInt64(front & 1)
            }
            hash.combine(kind)
            for byte in entry.eventDescription.utf8 { hash.combine(UInt64(byte)) }
            combine(entry.state, into: &hash)
            hash.combine(entry.frontAngle)
        }
        hash.combine(UInt64(frames.count))
        for frame in frames {
            hash.combine(frame.time)
            for value in frame.angles + frame.opacities + frame.offsets { hash.combine(value) }
            combine(frame.state, into: &hash)
        }
        return hash.value
    }

    @Test("the disc demo's trace and frames hash to the committed value") func golden() throws {
        let hash = try Self.demoHash()
        #expect(hash == Self.committedHash, "disc demo hash 0x\(String(hash, radix: 16))")
    }

    /// The hashed run is the demo's: `mediatiming demo` prints one line per trace entry, starting with the
    /// time to 3 decimals and the event's description, and one line per frame at 1 fps.
    @Test("the hashed run is the one `mediatiming demo` prints") func demoMatchesTheCLI() throws {
        let (status, output, errors) = try runCLI(["demo"])
        #expect(status == 0, "\(errors)")
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let events = lines.firstIndex(where: { $0.hasPrefix("Events (") }),
              let framesHeader = lines.firstIndex(where: { $0.hasPrefix("Frames at") }) else {
            Issue.record("no event or frame section in the demo's output")
            return
        }
        let eventLines = lines[(events + 1)..<framesHeader].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let (player, frames) = try Self.run()
        #expect(eventLines.count == player.trace.count)
        for (line, entry) in zip(eventLines, player.trace) {
            let expectedPrefix = String(format: "%.3f s  ", entry.time) + entry.eventDescription
            #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix(expectedPrefix), "\(line) vs \(expectedPrefix)")
        }
        let frameLines = lines[(framesHeader + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(frameLines.count == frames.count)
        #expect(frames.count == 35, "frames at 0, 1, …, 34 s")
    }
}
