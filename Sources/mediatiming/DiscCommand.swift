import ArgumentParser
import DiscPlayer
import Foundation
import MediaTiming
import MediaTimingPreview

/// `mediatiming disc`: runs a script of timed inputs on the QQ Music disc player.
struct DiscCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disc",
        abstract: "Run the QQ Music disc player on a script of timed inputs and print its timeline.",
        discussion: """
            Events: play|pause|tap (the play/pause button), next, previous|prev, background|bg,
            foreground|fg, each as name@seconds, comma-separated: --events "play@0,next@5,bg@9,fg@12".
            Bad input prints a message to standard error and exits with status 2.
            """)

    @Option(help: "The inputs, as name@time items separated by commas (required).")
    var events: String?

    @Option(help: "Last media time to run to, in seconds (0 to 3600; required).")
    var until: Double?

    @Option(help: "Frames per second of the sampled timeline (1 to 240).")
    var fps: Double = 10

    @Option(help: "Write a self-contained HTML page that plays the run to this file instead of printing the timeline.")
    var preview: String?

    @Option(help: "Frames per second of the --preview page (1 to 240).")
    var previewFps: Double = 60

    @Option(help: "Output format: text or json.")
    var format: String = "text"

    func run() throws {
        guard let events else { throw SceneFile.failure(["--events is required, for example --events \"play@0,next@5\""]) }
        guard let until else { throw SceneFile.failure(["--until is required, for example --until 10"]) }
        guard until.isFinite, until >= 0, until <= 3600 else { throw SceneFile.failure(["--until must be between 0 and 3600"]) }
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw SceneFile.failure(["--fps must be between 1 and 240"]) }
        guard format == "text" || format == "json" else {
            throw SceneFile.failure(["--format must be text or json, not \"\(format)\""])
        }
        let script: [TimedInput]
        do { script = try DiscPlayer.parseScript(events) } catch { throw SceneFile.failure(["--events: \(error)"]) }
        if let late = script.first(where: { $0.time > until }) {
            throw SceneFile.failure(["--events: \(late.input.rawValue)@\(late.time) is after --until \(until)"])
        }
        if let preview {
            let document: PreviewDocument
            do {
                document = try PlayerPreview.disc(script: script, until: until, fps: previewFps, title: "mediatiming disc --events \(events)")
            } catch {
                throw SceneFile.failure(error.lines)
            }
            return try PreviewCommand.write(document.html(), to: preview)
        }
        let run: (player: DiscPlayer, frames: [DiscFrame])
        do {
            run = try DiscPlayer.simulate(playlist: DiscPlayer.samplePlaylist, script: script, until: until, fps: fps)
        } catch {
            throw SceneFile.failure(["\(error)"])
        }
        if format == "json" {
            print(DiscTimeline.json(trace: run.player.trace, frames: run.frames))
            return
        }
        print("QQ Music disc player: \(script.count) input(s) until \(until) s")
        print("\nEvents (media time, what happened, state after, front disc angle in radians):")
        DiscTimeline.traceLines(run.player.trace).forEach { print($0) }
        print("\nFrames at \(fps) fps:")
        DiscTimeline.frameLines(run.frames).forEach { print($0) }
    }
}
