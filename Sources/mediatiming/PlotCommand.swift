import ArgumentParser
import Foundation
import MediaTimingPlot
import MediaTimingScene

/// `mediatiming plot SCENE.json --out FILE.svg`: draws a scene's timing diagram.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a mediatiming-scene/1 document's timing diagram as SVG.",
        discussion: """
            The diagram has a row per animation (phase bands before/active/after, fills shown or not, \
            iteration starts, autoreverse turns, didStart/didStop at the runtime's exact event times), a row \
            per paused layer, a lane per probe (the sampled values over media time, one line per component) \
            and a time axis in seconds. The same scene and title give the same bytes. A scene that cannot be \
            evaluated or plotted, or an output that cannot be written, prints one line per problem to \
            standard error and exits with status 2.
            """)

    @Argument(help: "The scene file (JSON), or - for standard input.")
    var scene: String

    @Option(help: "The SVG file to write (required).")
    var out: String?

    @Option(help: "The diagram's title (default: the scene file's name).")
    var title: String?

    func run() throws {
        guard let out, !out.isEmpty else { throw SceneFile.failure(["--out is required, for example --out scene.svg"]) }
        let decoded = try SceneFile.load(scene)
        let diagram: TimingDiagram
        do {
            diagram = try TimingDiagram(scene: decoded, title: title ?? (scene == "-" ? "scene" : (scene as NSString).lastPathComponent))
        } catch {
            throw SceneFile.failure(error.lines)
        }
        let bytes = Data(diagram.svg().utf8)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory), isDirectory.boolValue {
            throw SceneFile.failure(["--out \(out): is a directory"])
        }
        do {
            try bytes.write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch {
            throw SceneFile.failure(["--out \(out): cannot be written (\(error.localizedDescription))"])
        }
    }
}
