import DiscPlayer
import MediaTiming
import Testing

/// Scripted scenarios of the QQ Music disc player with exact expected traces. Angles are
/// computed independently: 2π · (playing time) / 30.
@Suite struct DiscPlayerScenarioTests {
    static let playlist = DiscPlayer.samplePlaylist
    static func turn(_ playing: Double) -> Double { 2 * Double.pi * playing / 30 }

    static func player(_ script: [TimedInput], until: Double) throws -> DiscPlayer {
        var player = try DiscPlayer(playlist: playlist)
        try player.run(script, until: until)
        return player
    }

    /// The change group's didStop for a tap at 5 s: the first media time at which the runtime sees the
    /// group's phase `after`, i.e. the first double t with t − 5 ≥ 0.8. In doubles 5.8 − 5 is
    /// 0.7999999999999998 < 0.8, so the crossing is one ulp later: 5.8.nextUp (5.800000000000001).
    static let stopAtFivePointEight = 5.8.nextUp

    /// The trace as "time event" lines.
    static func lines(_ player: DiscPlayer) -> [String] { player.trace.map(\.description) }

    @Test func playThenNextAtFiveStopsTheChangeAtFivePointEight() throws {
        let player = try Self.player([TimedInput(.playPause, at: 0), TimedInput(.next, at: 5)], until: 6)
        #expect(
            Self.lines(player) == [
                "0.0 input playPause",
                "0.0 disc0.artwork.rotation didStart",
                "5.0 input next",
                "5.0 background.crossFade didStart",
                "5.0 disc0.change didStart",
                "5.0 disc1.fadeIn didStart",
                "\(Self.stopAtFivePointEight) disc0.change didStop(finished: true)",
                "\(Self.stopAtFivePointEight) disc1.fadeIn didStop(finished: true)",
                "\(Self.stopAtFivePointEight) disc0.artwork.rotation didStop(finished: false)",
                "\(Self.stopAtFivePointEight) swapped: front disc 1",
                "\(Self.stopAtFivePointEight) disc1.artwork.rotation didStart",
                "6.0 background.crossFade didStop(finished: true)",
            ])
        let stop = try #require(player.trace.first { $0.eventDescription == "disc0.change didStop(finished: true)" })
        #expect(stop.time == Self.stopAtFivePointEight)
        expectClose(stop.time, 5.8, tolerance: 1e-15)
        // At the tap: buttons off, glyph play, index moved; at the swap: buttons on, glyph pause, disc 1.
        let tap = player.trace[2].state
        #expect(tap.buttonsEnabled == false && tap.glyph == .play && tap.index == 1 && tap.front == 0 && tap.isChanging)
        expectClose(player.trace[2].frontAngle, Self.turn(5))
        let swap = player.trace[9]
        #expect(swap.state.buttonsEnabled && swap.state.glyph == .pause && swap.state.front == 1 && swap.state.isPlaying)
        #expect(swap.frontAngle == 0)
        #expect(player.state.title == "稻香 — 周杰伦")
        expectClose(try player.frontAngle(), Self.turn(0.2))
        #expect(try player.opacity(ofDisc: 0) == 0 && player.opacity(ofDisc: 1) == 1)
        #expect(try player.angle(ofDisc: 0) == 0)
    }

    @Test func theChangeGroupIsTheSeedsDuringItsFlight() throws {
        var player = try DiscPlayer(playlist: Self.playlist, screenHeight: 800)
        try player.handle(.next, at: 1)
        try player.advance(to: 1.1)  // scale 1 → 0.9 over 0.2 s (linear), no move yet
        #expect(try player.translation(ofDisc: 0).height == 0)
        try player.advance(to: 1.6)  // the move began at 0.4 s: half of its 0.4 s
        expectClose(try player.translation(ofDisc: 0).height, -400)
        // The fade in of the back disc is linear: 0.6 / 0.8.
        expectClose(try player.opacity(ofDisc: 1), 0.75)
        try player.advance(to: 1.79)
        #expect(player.state.isChanging && !player.state.buttonsEnabled)
        try player.advance(to: 1.8)
        #expect(!player.state.isChanging && player.state.buttonsEnabled && player.state.front == 1)
        #expect(try player.translation(ofDisc: 0).height == 0)  // old front's animations removed
    }

    @Test func pauseAndResumeKeepTheAngleContinuous() throws {
        var player = try DiscPlayer(playlist: Self.playlist)
        try player.handle(.playPause, at: 0)
        try player.handle(.playPause, at: 7.5)
        #expect(player.state.glyph == .play && !player.state.isPlaying)
        expectClose(try player.frontAngle(), Self.turn(7.5))
        try player.advance(to: 9)
        expectClose(try player.frontAngle(), Self.turn(7.5))
        try player.handle(.playPause, at: 10)
        #expect(player.state.glyph == .pause && player.state.isPlaying)
        expectClose(try player.frontAngle(), Self.turn(7.5))
        try player.advance(to: 40)  // past a full turn: cumulative, not wrapped
        expectClose(try player.frontAngle(), Self.turn(37.5), tolerance: 1e-9)
        #expect(Self.lines(player) == ["0.0 input playPause", "0.0 disc0.artwork.rotation didStart", "7.5 input playPause", "10.0 input playPause"])
    }

    @Test func aSecondTapBeforeTheChangeEndsIsIgnored() throws {
        let player = try Self.player(
            [TimedInput(.next, at: 5), TimedInput(.next, at: 5), TimedInput(.previous, at: 5.5), TimedInput(.playPause, at: 5.7)],
            until: 7)
        let ignored = player.trace.filter { if case .ignored = $0.event { true } else { false } }
        #expect(ignored.map(\.description) == [
            "5.0 ignored next (buttons disabled)", "5.5 ignored previous (buttons disabled)",
            "5.7 ignored playPause (buttons disabled)",
        ])
        #expect(player.state.index == 1)
        #expect(player.trace.filter { $0.eventDescription == "disc0.change didStart" }.count == 1)
        #expect(player.state.isPlaying && player.state.glyph == .pause)  // the new disc turns
    }

    @Test func previousWrapsAroundThePlaylist() throws {
        let player = try Self.player([TimedInput(.previous, at: 0), TimedInput(.previous, at: 1)], until: 2)
        #expect(player.state.index == 1)
        #expect(player.trace[0].state.index == 2)
        #expect(player.state.front == 0)
    }

    @Test func aPlayingDiscTurnsOnFromItsAngleAfterTheBackground() throws {
        var player = try DiscPlayer(playlist: Self.playlist)
        try player.handle(.playPause, at: 0)
        try player.handle(.background, at: 6)
        #expect(player.trace.last?.description == "6.0 disc0.artwork.rotation didStop(finished: false)")
        expectClose(try player.frontAngle(), Self.turn(6))
        try player.advance(to: 15)
        expectClose(try player.frontAngle(), Self.turn(6))
        try player.handle(.playPause, at: 16)  // no taps in the background
        #expect(player.trace.last?.description == "16.0 ignored playPause (in the background)")
        try player.handle(.foreground, at: 20)
        expectClose(try player.frontAngle(), Self.turn(6))
        #expect(player.trace.last?.description == "20.0 disc0.artwork.rotation didStart")
        try player.advance(to: 23)
        expectClose(try player.frontAngle(), Self.turn(9))
        #expect(player.state.isPlaying && player.state.glyph == .pause)
    }

    @Test func aPausedDiscStaysAtItsAngleAfterTheBackground() throws {
        let player = try Self.player(
            [TimedInput(.playPause, at: 0), TimedInput(.playPause, at: 3), TimedInput(.background, at: 4), TimedInput(.foreground, at: 10)],
            until: 12)
        expectClose(try player.frontAngle(), Self.turn(3))
        #expect(!player.state.isPlaying && player.state.glyph == .play)
        var resumed = player
        try resumed.handle(.playPause, at: 13)
        try resumed.advance(to: 15)
        expectClose(try resumed.frontAngle(), Self.turn(5))
    }

    @Test func aChangeInFlightCompletesAcrossTheBackground() throws {
        let player = try Self.player(
            [TimedInput(.playPause, at: 0), TimedInput(.next, at: 5), TimedInput(.background, at: 5.3), TimedInput(.foreground, at: 9)],
            until: 12)
        #expect(
            Self.lines(player) == [
                "0.0 input playPause",
                "0.0 disc0.artwork.rotation didStart",
                "5.0 input next",
                "5.0 background.crossFade didStart",
                "5.0 disc0.change didStart",
                "5.0 disc1.fadeIn didStart",
                "5.3 input background",
                // At one instant, in the order the animations were added (Docs/semantics.md §13.2): the
                // rotation at 0, then the change's cross-fade and fade-in at 5.
                "5.3 disc0.artwork.rotation didStop(finished: false)",
                "5.3 background.crossFade didStop(finished: false)",
                "5.3 disc1.fadeIn didStop(finished: false)",
                "\(Self.stopAtFivePointEight) disc0.change didStop(finished: true)",
                "\(Self.stopAtFivePointEight) swapped: front disc 1",
                "9.0 input foreground",
                "9.0 disc1.artwork.rotation didStart",
            ])
        #expect(player.state.front == 1 && player.state.buttonsEnabled && player.state.isPlaying)
        // The new disc's playing time starts at the foreground: 3 s by 12 s.
        expectClose(try player.frontAngle(), Self.turn(3))
        #expect(try player.opacity(ofDisc: 0) == 0 && player.opacity(ofDisc: 1) == 1)
    }

    @Test func invalidInputsAreTypedErrors() throws {
        #expect(throws: DiscPlayerError.emptyPlaylist) { try DiscPlayer(playlist: []) }
        #expect(throws: DiscPlayerError.startIndexOutOfRange(3, count: 3)) { try DiscPlayer(playlist: Self.playlist, startIndex: 3) }
        #expect(throws: DiscPlayerError.invalidScreenHeight(0)) { try DiscPlayer(playlist: Self.playlist, screenHeight: 0) }
        var player = try DiscPlayer(playlist: Self.playlist)
        try player.advance(to: 2)
        #expect(throws: DiscPlayerError.invalidTime(requested: 1, current: 2)) { try player.handle(.next, at: 1) }
        #expect(throws: DiscPlayerError.self) { try player.advance(to: .nan) }
    }

    @Test func scriptsParseAndBadScriptsAreReported() throws {
        #expect(
            try DiscPlayer.parseScript("play@0, next@5,prev@7.5,bg@9,fg@12,pause@13") == [
                TimedInput(.playPause, at: 0), TimedInput(.next, at: 5), TimedInput(.previous, at: 7.5),
                TimedInput(.background, at: 9), TimedInput(.foreground, at: 12), TimedInput(.playPause, at: 13),
            ])
        #expect(throws: DiscScriptError.empty) { try DiscPlayer.parseScript("") }
        #expect(throws: DiscScriptError.malformedItem("next")) { try DiscPlayer.parseScript("next") }
        #expect(throws: DiscScriptError.unknownInput("jump")) { try DiscPlayer.parseScript("jump@1") }
        #expect(throws: DiscScriptError.invalidTime("-1")) { try DiscPlayer.parseScript("next@-1") }
        #expect(throws: DiscScriptError.invalidTime("inf")) { try DiscPlayer.parseScript("next@inf") }
    }
}

/// Regressions found by the property tests.
@Suite struct DiscPlayerRegressionTests {
    static func turn(_ playing: Double) -> Double { 2 * Double.pi * playing / 30 }

    /// QA1673's resume can read one ulp below the paused time; a rotation re-added at the foreground
    /// at that time must not fall before its begin and stop (it did: didStop(finished: true) at 23.5).
    @Test func aResumeAfterTheForegroundNeverStepsTheClockBack() throws {
        var player = try DiscPlayer(playlist: DiscPlayer.samplePlaylist)
        try player.run(
            [
                TimedInput(.playPause, at: 2.3607998410028816), TimedInput(.background, at: 4.743292687616333),
                TimedInput(.foreground, at: 23.49774529570033), TimedInput(.playPause, at: 29.3178397271382),
            ], until: 34)
        #expect(!player.trace.contains { $0.eventDescription.contains("didStop(finished: true)") })
        let played = (4.743292687616333 - 2.3607998410028816) + (29.3178397271382 - 23.49774529570033)
        expectClose(try player.frontAngle(), Self.turn(played), tolerance: 1e-9)
    }

    @Test func playAndPauseAtTheSameInstantThenTheBackground() throws {
        var player = try DiscPlayer(playlist: DiscPlayer.samplePlaylist)
        try player.run(
            [
                TimedInput(.playPause, at: 1.1), TimedInput(.playPause, at: 1.1), TimedInput(.background, at: 1.1),
                TimedInput(.foreground, at: 7.3), TimedInput(.playPause, at: 9.7),
            ], until: 12.7)
        #expect(!player.trace.contains { $0.eventDescription.contains("didStop(finished: true)") })
        expectClose(try player.frontAngle(), Self.turn(3), tolerance: 1e-9)
    }
}
