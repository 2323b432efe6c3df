import DiscPlayer
import Foundation
import MediaTiming
import MediaTimingPreview
import Testing

@Suite struct PlayerPreviewTests {
    static let script = [
        TimedInput(.playPause, at: 0), TimedInput(.playPause, at: 2), TimedInput(.playPause, at: 3), TimedInput(.next, at: 4),
        TimedInput(.background, at: 5.5), TimedInput(.foreground, at: 6.25),
    ]

    @Test("the disc page draws the player's presentation: angles, opacities and the leaving disc's move as simulate reports them")
    func discMatchesSimulate() throws {
        let html = try PlayerPreview.disc(script: Self.script, until: 7, fps: 20, title: "disc").html()
        let data = try PageData(html: html)
        let run = try DiscPlayer.simulate(playlist: DiscPlayer.samplePlaylist, script: Self.script, until: 7, fps: 20)
        #expect(data.frames == run.frames.count && data.frames == 141)
        for (n, frame) in run.frames.enumerated() {
            #expect(abs(data.times[n] - frame.time) <= 5e-7)
            for disc in 0..<2 {
                // The artwork turns about z: m11 = cos, m12 = sin of the angle (CA's row-vector matrices);
                // 5 decimals: half a unit 5e-6, plus the cosine's rounding (1e-12).
                let m11 = try #require(data.series("disc\(disc).artwork", "transform.m11"))
                let m12 = try #require(data.series("disc\(disc).artwork", "transform.m12"))
                #expect(abs(m11[n] - cos(frame.angles[disc])) <= 5e-6 + 1e-12, "t \(frame.time) disc \(disc)")
                #expect(abs(m12[n] - sin(frame.angles[disc])) <= 5e-6 + 1e-12, "t \(frame.time) disc \(disc)")
                let opacity = try #require(data.series("disc\(disc)", "opacity"))
                #expect(abs(opacity[n] - frame.opacities[disc]) <= 5e-5 + 1e-15)
                // The change group's translation is the transform's m42 (2 decimals).
                let m42 = try #require(data.series("disc\(disc)", "transform.m42"))
                #expect(abs(m42[n] - frame.offsets[disc]) <= 0.005 + 1e-9)
            }
        }
        // The leaving disc did move up by the screen's height (812) and fade out during the change.
        #expect(try #require(data.series("disc0", "transform.m42")).min() == -812)
    }

    @Test("the players' layers have the apps' geometry (QQ Music: disc frame (20, 140, 335, 335), artwork inset 8; Douyin: album 100 × 100, notes 10 × 10)")
    func geometry() throws {
        let data = try PageData(html: try PlayerPreview.demo(script: [], until: 1, fps: 10, title: "demo").html())
        func constant(_ id: String, _ channel: String) throws -> Double {
            let series = try #require(data.series(id, channel), "\(id) \(channel)")
            #expect(Set(series).count == 1, "\(id) \(channel)")
            return series[0]
        }
        // Screen 375 × 812; the disc view's frame (20, 140, 375 − 40, 375 − 40): centre (187.5, 307.5).
        #expect(try constant("background", "bounds.width") == 375 && constant("background", "bounds.height") == 812)
        #expect(try constant("disc0", "position.x") == 187.5 && constant("disc0", "position.y") == 307.5)
        #expect(try constant("disc1", "bounds.width") == 335 && constant("disc1", "cornerRadius") == 167.5)
        // The artwork: (8, 8, 335 − 16, 335 − 16) in the disc view: centre (167.5, 167.5).
        #expect(try constant("disc0.artwork", "position.x") == 167.5 && constant("disc0.artwork", "bounds.width") == 319)
        #expect(try constant("albumView", "bounds.width") == 100 && constant("album", "position.x") == 50)
        #expect(try constant("note1", "bounds.width") == 10)
        // The notes are the view's sublayers beside the cover (they do not turn with it).
        let ids = data.layers.map(\.id)
        let view = try #require(ids.firstIndex(of: "albumView"))
        for note in ["note1", "note2", "note3", "album"] {
            #expect(data.layers[try #require(ids.firstIndex(of: note))].parent == view)
        }
    }

    @Test("the demo's notes fly along the album's curve: the page's positions are the album's, frame by frame")
    func notesFollowTheAlbum() throws {
        let data = try PageData(html: try PlayerPreview.demo(script: [], until: 3, fps: 30, title: "demo").html())
        var album = try DouyinAlbum()
        try album.start(rate: 3, at: 0)
        let x = try #require(data.series("note1", "position.x")), y = try #require(data.series("note1", "position.y"))
        let opacity = try #require(data.series("note2", "opacity"))
        for n in 0..<data.frames {
            try album.advance(to: Double(n) / 30)
            let note1 = try album.note(0), note2 = try album.note(1)
            #expect(abs(x[n] - note1.position.x) <= 0.005 + 1e-12 && abs(y[n] - note1.position.y) <= 0.005 + 1e-12, "frame \(n)")
            #expect(abs(opacity[n] - note2.opacity) <= 5e-5 + 1e-15, "frame \(n)")
        }
    }

    @Test("the same run gives the same bytes; bad options are typed errors")
    func determinismAndErrors() throws {
        let a = try PlayerPreview.demo(script: Self.script, until: 5, title: "demo").html()
        #expect(a == (try PlayerPreview.demo(script: Self.script, until: 5, title: "demo").html()))
        #expect(throws: PreviewError.invalidFPS(0.5)) { try PlayerPreview.disc(script: [], until: 1, fps: 0.5, title: "") }
        #expect(throws: PreviewError.invalidRange(from: 0, to: -1, longest: 600)) { try PlayerPreview.disc(script: [], until: -1, title: "") }
        #expect(throws: PreviewError.self) { try PlayerPreview.disc(script: [TimedInput(.next, at: .nan)], until: 1, title: "") }
    }
}
