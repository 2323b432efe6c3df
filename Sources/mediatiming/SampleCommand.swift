import ArgumentParser
import Foundation
import MediaTimingScene

/// `mediatiming sample SCENE.json [--format json|csv]`: evaluates a scene and prints its result document.
struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Evaluate a mediatiming-scene/1 document and print its result (mediatiming-result/1).",
        discussion: """
            JSON output is the result document: one sample per line, numbers in the shortest form that reads \
            back to the same Double. CSV output has a header "t,<probes>" and one row per sample; a probe \
            with several components (point, size, rect, color, transform) takes one column per component, \
            "name[0]", "name[1]", ...; events are only in the JSON output. A scene that cannot be evaluated \
            prints one line per problem to standard error and exits with status 2.
            """)

    enum Format: String, CaseIterable {
        case json, csv
    }

    @Argument(help: "The scene file (JSON), or - for standard input.")
    var scene: String

    /// Read as text and checked in `run()`, so that a bad value exits with status 2 like every other bad
    /// input (ArgumentParser's own validation exits with 64).
    @Option(help: "Output format: json or csv.")
    var format: String = "json"

    func run() throws {
        guard let format = Format(rawValue: format) else {
            throw SceneFile.failure(["--format: expected json or csv, got \"\(self.format)\""])
        }
        let decoded = try SceneFile.load(scene)
        let result: SceneResult
        do {
            result = try SceneRunner.run(decoded)
        } catch {
            throw SceneFile.failure(error.errors.map(\.description))
        }
        let text = format == .json ? SceneResultWriter.json(result) : SceneResultWriter.csv(result)
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
