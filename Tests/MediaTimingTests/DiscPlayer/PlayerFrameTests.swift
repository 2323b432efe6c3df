import DiscPlayer
import PropertyBased
import MediaTiming
import Testing

/// What the C API's frames use (Docs/disc-player.md, "The C API"): the runtime's no-event check, the
/// change progress, the presentation computed once per frame, and draining the trace and the events.
@Suite struct PlayerFrameTests {
    /// `hasEvents(upTo:)` is true exactly when `advance(to:)` (on a copy) returns events, and
    /// `nextEventTime(upTo:)` is the earliest of their times, over random scripts and probe times inside
    /// and around changes and cross-fades.
    @Test func hasEventsAgreesWithAdvance() throws {
        try seededCheck(count: 150, seed: 61) { rng in
            let (script, samples, _) = DiscPlayerPropertyTests.randomScript(&rng)
            _ = try DiscPlayerPropertyTests.run(script, samples: samples) { player, t in
                for step in [0.0, 0.05, 0.4, 0.8, 0.8000000000000002, 1.0, 31.0] {
                    var runtime = player.runtime
                    var copy = runtime
                    let predicted = try runtime.hasEvents(upTo: t + step)
                    let first = try runtime.nextEventTime(upTo: t + step)
                    let events = try copy.advance(to: t + step)
                    #expect(predicted == !events.isEmpty, "at \(t) + \(step): \(events)")
                    #expect(first == events.map(\.time).min(), "at \(t) + \(step): \(events)")
                }
            }
        }
    }

    @Test func hasEventsRefusesWhatAdvanceRefuses() throws {
        var runtime = try AnimationRuntime(startTime: 5)
        #expect(throws: RuntimeError.self) { try runtime.hasEvents(upTo: .nan) }
        #expect(throws: RuntimeError.self) { try runtime.hasEvents(upTo: 4) }
        #expect(try runtime.hasEvents(upTo: 5) == false)
        #expect(throws: RuntimeError.self) { try runtime.nextEventTime(upTo: .infinity) }
        #expect(throws: RuntimeError.self) { try runtime.nextEventTime(upTo: 4) }
        #expect(try runtime.nextEventTime(upTo: 5) == nil)
    }

    /// The change group is linear over 0.8 s (as in the QQ Music disc player): its progress is the elapsed fraction.
    @Test func changeProgressIsTheElapsedFractionOfTheChange() throws {
        var player = try DiscPlayer(playlist: DiscPlayer.samplePlaylist)
        #expect(try player.changeProgress() == nil)
        try player.handle(.next, at: 2)
        for (t, expected) in [(2.0, 0.0), (2.2, 0.25), (2.4, 0.5), (2.6, 0.75), (2.79, 0.9875)] {
            try player.advance(to: t)
            expectClose(try #require(try player.changeProgress()), expected, tolerance: 1e-12, "at \(t)")
        }
        try player.advance(to: 2.9)  // swapped at 2.8
        #expect(try player.changeProgress() == nil)
        #expect(player.state.front == 1)
    }

    /// The readings are the same, bit for bit, whether the presentation was computed once for the frame
    /// or per reading.
    @Test func readingsAreTheSameWithThePresentationComputedOnce() throws {
        let script = [TimedInput(.playPause, at: 0.5), TimedInput(.next, at: 3), TimedInput(.background, at: 3.5),
                      TimedInput(.foreground, at: 5)]
        var perReading = try DiscPlayer(playlist: DiscPlayer.samplePlaylist)
        var once = perReading
        var album = try DouyinAlbum(), albumOnce = try DouyinAlbum()
        try album.start(rate: 3, at: 0)
        try albumOnce.start(rate: 3, at: 0)
        var next = 0
        for step in 0...420 {
            let t = Double(step) / 60
            while next < script.count, script[next].time <= t {
                try perReading.handle(script[next].input, at: script[next].time)
                try once.handle(script[next].input, at: script[next].time)
                next += 1
            }
            try perReading.advance(to: t)
            try once.advance(to: t)
            try once.updatePresentation()
            for disc in 0..<2 {
                #expect(try perReading.angle(ofDisc: disc).bitPattern == once.angle(ofDisc: disc).bitPattern)
                #expect(try perReading.opacity(ofDisc: disc).bitPattern == once.opacity(ofDisc: disc).bitPattern)
                #expect(try perReading.translation(ofDisc: disc) == once.translation(ofDisc: disc))
            }
            try album.advance(to: t)
            try albumOnce.advance(to: t)
            try albumOnce.updatePresentation()
            #expect(try album.coverAngle().bitPattern == albumOnce.coverAngle().bitPattern)
            for n in 0..<3 {
                let a = try album.note(n), b = try albumOnce.note(n)
                #expect(a.position == b.position && a.opacity.bitPattern == b.opacity.bitPattern)
            }
        }
        #expect(perReading.trace == once.trace)
    }

    @Test func aNoteOutsideZeroToTwoIsATypedError() throws {
        let album = try DouyinAlbum()
        for n in [-1, 3, Int.max, Int.min] {
            #expect(throws: AlbumError.noSuchNote(n)) { try album.note(n) }
        }
    }

    /// Draining keeps what comes next: the entries after a `removeTrace()` are those a player that kept
    /// its trace appends after the same point.
    @Test func removingTheTraceKeepsWhatFollows() throws {
        var kept = try DiscPlayer(playlist: DiscPlayer.samplePlaylist)
        try kept.handle(.playPause, at: 0)
        try kept.handle(.next, at: 1)
        var drained = kept
        let before = kept.trace.count
        drained.removeTrace()
        #expect(drained.trace.isEmpty)
        try kept.advance(to: 3)
        try drained.advance(to: 3)
        try kept.handle(.background, at: 4)
        try drained.handle(.background, at: 4)
        #expect(Array(kept.trace.dropFirst(before)) == drained.trace)
        #expect(drained.trace.contains { if case .swapped = $0.event { true } else { false } })

        var album = try DouyinAlbum()
        try album.start(rate: 3, at: 0)
        album.removeEvents()
        #expect(album.events.isEmpty)
        try album.advance(to: 1.5)
        #expect(album.events.map(\.kind) == [.didStart])  // note 2 begins at 1 s
    }
}
