import ArgumentParser
import DiscPlayer
import Foundation
import MediaTiming
import MediaTimingPreview

/// `mediatiming demo`: the QQ Music disc player and the Douyin album on a built-in script.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Play the QQ Music disc player and the Douyin album on a built-in script and print the timeline.")

    @Option(help: "Frames per second of the sampled disc timeline (0.5 to 60).")
    var fps: Double = 1

    @Option(help: "Last media time of the disc player's run, in seconds (0 to 60); inputs after it are dropped.")
    var until: Double = DemoCommand.defaultUntil

    @Option(help: "Write a self-contained HTML page that plays the run (both players) to this file instead of printing the timeline.")
    var preview: String?

    @Option(help: "Frames per second of the --preview page (1 to 240).")
    var previewFps: Double = 60

    /// Play, spin, pause, resume, next, previous, background (while playing) and foreground.
    static let script: [TimedInput] = [
        TimedInput(.playPause, at: 0), TimedInput(.playPause, at: 7.5), TimedInput(.playPause, at: 10),
        TimedInput(.next, at: 15), TimedInput(.next, at: 15.2), TimedInput(.previous, at: 20),
        TimedInput(.background, at: 24), TimedInput(.foreground, at: 30),
    ]
    static let defaultUntil = 34.0

    func validate() throws {
        guard fps.isFinite, fps >= 0.5, fps <= 60 else { throw SceneFile.failure(["--fps must be between 0.5 and 60"]) }
        guard until.isFinite, until >= 0, until <= 60 else { throw SceneFile.failure(["--until must be between 0 and 60"]) }
    }

    func run() throws {
        if let preview {
            let document: PreviewDocument
            do {
                document = try PlayerPreview.demo(script: Self.script.filter { $0.time <= until }, until: until, fps: previewFps, title: "mediatiming demo")
            } catch {
                throw SceneFile.failure(error.lines)
            }
            return try PreviewCommand.write(document.html(), to: preview)
        }
        let disc: (player: DiscPlayer, frames: [DiscFrame])
        do {
            disc = try DiscPlayer.simulate(playlist: DiscPlayer.samplePlaylist, script: Self.script.filter { $0.time <= until }, until: until, fps: fps)
        } catch {
            throw SceneFile.failure(["\(error)"])
        }
        print("""
            MediaTiming demo: the QQ Music disc player, a deterministic state machine
              rotation 0 → 2π per 30 s (cumulative, forever), paused and resumed with QA1673;
              change disc: group of 0.8 s (scale 1 → 0.9, move up from 0.4 s, fade out easeIn), buttons off;
              script: play 0, pause 7.5, resume 10, next 15 (a second next at 15.2 is ignored),
                      previous 20, background 24 (while playing), foreground 30

            Events (media time, what happened, state after, front disc angle in radians):
            """)
        DiscTimeline.traceLines(disc.player.trace).forEach { print($0) }
        print("\nFrames at \(fps) fps:")
        DiscTimeline.frameLines(disc.frames).forEach { print($0) }

        print("""

            The Douyin album: cover 2π per 3 s; three notes, each a group of rate/4 s (rate 3)
            along M45,100 Q-35,110 5,0, starting 0, 1 and 2 s after start(rate:)

                 t (s)  cover angle  note1 (x, y)  opacity  note2 (x, y)  opacity  note3 (x, y)  opacity
            """)
        do throws(AlbumError) {
            var album = try DouyinAlbum()
            try album.start(rate: 3, at: 0)
            for step in 0...12 {
                let t = Double(step) * 0.25
                try album.advance(to: t)
                var line = "  \(DiscTimeline.fixed(t, 2).leftPadded(8))  \(DiscTimeline.fixed(try album.coverAngle(), 4).leftPadded(11))"
                for n in 0..<3 {
                    let note = try album.note(n)
                    line += "  \(("(" + DiscTimeline.fixed(note.position.x, 1) + ", " + DiscTimeline.fixed(note.position.y, 1) + ")").leftPadded(12))  \(DiscTimeline.fixed(note.opacity, 3).leftPadded(7))"
                }
                print(line)
            }
            try album.reset(at: 3.25)
            print("  reset at 3.25 s: \(album.attachedAnimationCount) animations attached, note layers removed from the tree")
        } catch {
            throw SceneFile.failure(["\(error)"])
        }
    }
}
