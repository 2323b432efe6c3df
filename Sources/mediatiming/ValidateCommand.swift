import ArgumentParser
import MediaTimingScene

/// `mediatiming validate SCENE.json`: decodes a scene and reports every problem.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a mediatiming-scene/1 document and list every problem with its JSON path.",
        discussion: """
            On success prints "ok: N layers, M operations, K samples". Otherwise prints one line per \
            problem to standard error ("layers[2].timing.speed: expected a finite number, got \\"fast\\"") \
            and exits with status 2.
            """)

    @Argument(help: "The scene file (JSON), or - for standard input.")
    var scene: String

    func run() throws {
        let decoded = try SceneFile.load(scene)
        print("ok: \(decoded.layers.count) layers, \(decoded.script.count) operations, \(decoded.sample.count) samples")
    }
}
