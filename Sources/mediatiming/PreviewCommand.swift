import ArgumentParser
import Foundation
import MediaTimingPreview
import MediaTimingScene

/// `mediatiming preview SCENE.json --out FILE.html`: a self-contained page that plays a scene.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write a self-contained HTML page that plays a mediatiming-scene/1 document.",
        discussion: """
            Every layer is drawn at each frame from its presentation values as the library computes them \
            (position, bounds, anchorPoint, transform, opacity, backgroundColor, cornerRadius, borderWidth), \
            nested like the layer tree; below the stage, the scene's timing diagram with a cursor and the \
            events as they fire. Controls: play/pause, scrub, speed 10/25/100 %, step a frame, loop, labels. \
            The page needs no network. The same scene and options give the same bytes. Bad input prints \
            one line per problem to standard error and exits with status 2.
            """)

    @Argument(help: "The scene file (JSON), or - for standard input.")
    var scene: String

    @Option(help: "The HTML file to write (required).")
    var out: String?

    @Option(help: "Frames per second (1 to 240).")
    var fps: Double = 60

    @Option(help: "First frame's time in seconds (default: the scene's first sample time).")
    var from: Double?

    @Option(help: "Last time in seconds (default: the scene's last sample time).")
    var to: Double?

    @Option(help: "The page's title (default: the scene file's name).")
    var title: String?

    func run() throws {
        guard let out, !out.isEmpty else { throw SceneFile.failure(["--out is required, for example --out scene.html"]) }
        let decoded = try SceneFile.load(scene)
        let document: PreviewDocument
        do {
            document = try ScenePreview.document(
                scene: decoded, title: title ?? (scene == "-" ? "scene" : (scene as NSString).lastPathComponent), fps: fps, from: from, to: to)
        } catch {
            throw SceneFile.failure(error.lines)
        }
        try PreviewCommand.write(document.html(), to: out)
    }

    /// Writes `text` to `path` atomically, or exits with status 2 naming the file.
    static func write(_ text: String, to path: String) throws(ExitCode) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw SceneFile.failure(["\(path): is a directory"])
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw SceneFile.failure(["\(path): cannot be written (\(error.localizedDescription))"])
        }
    }
}
