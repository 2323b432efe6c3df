import DiscPlayer
import MediaTimingScene
import MediaTiming
import Testing

/// The Douyin album: the cover, the notes, start(rate:) and reset.
@Suite struct DouyinAlbumTests {
    /// The quadratic curve M45,100 Q-35,110 5,0 at Bézier parameter u, computed independently.
    static func curve(_ u: Double) -> Point {
        let a = (1 - u) * (1 - u), b = 2 * u * (1 - u), c = u * u
        return Point(x: a * 45 + b * -35 + c * 5, y: a * 100 + b * 110 + c * 0)
    }

    @Test func invalidRatesAreTypedErrors() throws {
        var album = try DouyinAlbum()
        for rate in [0.0, -0.0, .nan, .infinity, -.infinity] {
            #expect(throws: AlbumError.self) { try album.start(rate: rate, at: 0) }
        }
        #expect(throws: AlbumError.invalidRate(0)) { try album.start(rate: 0, at: 0) }
        #expect(album.attachedAnimationCount == 0)
    }

    @Test func aNegativeRateUsesItsMagnitude() throws {
        var album = try DouyinAlbum()
        try album.start(rate: -3, at: 2)
        #expect(album.rate == 3)
        for (n, note) in album.noteLayers.enumerated() {
            let group = try #require(try album.runtime.animation(forKey: DouyinAlbum.notesKey, of: note))
            #expect(group.animation.timing.duration == 0.75)
            #expect(group.animation.timing.beginTime == 2 + DouyinAlbum.delays[n])
            #expect(group.animation.timing.repeatCount == .infinity)
            #expect(group.animation.removedOnCompletion == false)
        }
    }

    @Test func theCoverAndTheNotesFollowTheSeed() throws {
        var album = try DouyinAlbum()
        try album.start(rate: 3, at: 1)
        #expect(album.attachedAnimationCount == 4)
        try album.advance(to: 1.375)  // note 1 half way (linear group, u = 0.5); notes 2 and 3 not begun
        let note1 = try album.note(0)
        expectClose(note1.position.x, Self.curve(0.5).x)
        expectClose(note1.position.y, Self.curve(0.5).y)
        expectClose(note1.opacity, 0.7)
        #expect(try album.note(1).opacity == 0 && album.note(2).opacity == 0)  // model opacity 0
        expectClose(try album.coverAngle(), 2 * Double.pi * 0.375 / 3)
        try album.advance(to: 3.25)  // note 3 begun 0.25 s ago: u = 1/3, opacity 0.2 + 0.5/3
        let note3 = try album.note(2)
        expectClose(note3.position.x, Self.curve(1.0 / 3).x)
        expectClose(note3.position.y, Self.curve(1.0 / 3).y)
        expectClose(note3.opacity, 0.2 + 0.5 / 3)
        try album.advance(to: 10)  // forever, cumulative
        expectClose(try album.coverAngle(), 2 * Double.pi * 9 / 3, tolerance: 1e-9)
        #expect(album.events.filter { $0.kind != .didStart }.isEmpty)
    }

    @Test func resetRemovesEveryAnimationAndHidesTheNotes() throws {
        var album = try DouyinAlbum()
        try album.start(rate: 2, at: 0)
        try album.advance(to: 2.6)
        try album.reset(at: 2.6)
        #expect(album.attachedAnimationCount == 0)
        #expect(album.rate == nil)
        for n in 0..<3 { #expect(try album.note(n).opacity == 0) }
        #expect(try album.coverAngle() == 0)
        // Four didStops (not finished) at the reset, after the didStarts.
        let stops = album.events.filter { $0.kind == .didStop(finished: false) }
        #expect(stops.count == 4 && stops.allSatisfy { $0.time == 2.6 })
        // A second start replaces nothing left over: still four animations.
        try album.start(rate: 2, at: 3)
        #expect(album.attachedAnimationCount == 4)
    }

    /// The reset removes the note layers from the tree, as the original app's `resetView` does; the next
    /// start inserts them again under the view's layer (Docs/semantics.md §18).
    @Test func resetRemovesTheNoteLayersAndStartPutsThemBack() throws {
        var album = try DouyinAlbum()
        #expect(try album.noteLayers.allSatisfy { try album.runtime.isInTree($0) })
        try album.start(rate: 2, at: 0)
        try album.advance(to: 2.6)
        let before = album.events.count
        try album.reset(at: 2.6)
        try album.reset(at: 2.7)  // twice: nothing more to remove
        #expect(album.events.count == before + 4)
        #expect(try album.noteLayers.allSatisfy { try !album.runtime.isInTree($0) })
        #expect(try album.runtime.isInTree(album.albumLayer))
        #expect(try album.runtime.tree.children(of: album.viewLayer) == [album.albumLayer])
        #expect(throws: RuntimeError.layer(.notInTree(layer: "note1"))) { try album.runtime.presentation(of: album.noteLayers[0]) }
        // Not shown: the model values, opacity 0 at the curve's start (read through the slots too).
        try album.updatePresentation()
        for n in 0..<3 {
            let note = try album.note(n)
            #expect(note.opacity == 0 && note.position == DouyinAlbum.beginPoint)
        }
        try album.start(rate: 2, at: 3)
        #expect(try album.runtime.tree.children(of: album.viewLayer) == [album.albumLayer] + album.noteLayers)
        try album.advance(to: 3.25)  // note 1 half way (duration 0.5): u = 0.5, opacity 0.7
        try album.updatePresentation()
        expectClose(try album.note(0).opacity, 0.7)
        expectClose(try album.note(0).position.x, Self.curve(0.5).x)
    }
}

/// The album module and the album scene (Examples/album-notes.json, the Douyin album as a scene) agree.
@Suite struct DouyinAlbumSceneTests {
    @Test func theModuleMatchesTheExampleScene() throws {
        let bytes = try #require(SceneExamplesTests.read(SceneExamplesTests.folder + "/album-notes.json"))
        let result = try SceneRunner.run(try SceneDecoder.decode(bytes: bytes))
        #expect(result.samples.count == 25)
        var album = try DouyinAlbum()
        try album.start(rate: 3, at: 0)
        for sample in result.samples {
            try album.advance(to: sample.time)
            let values = Dictionary(uniqueKeysWithValues: sample.values.map { ($0.name, $0.value) })
            #expect(values["album.transform.rotation.z"] == .number(try album.coverAngle()), "t = \(sample.time)")
            let note1 = try album.note(0), note2 = try album.note(1)
            #expect(values["note1.position"] == .numbers([note1.position.x, note1.position.y]), "t = \(sample.time)")
            #expect(values["note1.opacity"] == .number(note1.opacity), "t = \(sample.time)")
            #expect(values["note2.opacity"] == .number(note2.opacity), "t = \(sample.time)")
        }
    }
}
