import Foundation
import Testing

/// Runs the `mediatiming` executable built beside the test bundle with `arguments`.
func runMediatiming(_ arguments: [String]) throws -> (status: Int32, errors: String) {
    var directory = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).deletingLastPathComponent()
    var executable: URL?
    for _ in 0..<4 where executable == nil {
        let candidate = directory.appendingPathComponent("mediatiming")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { executable = candidate }
        directory = directory.deletingLastPathComponent()
    }
    guard let executable else { throw CocoaError(.fileNoSuchFile) }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let err = Pipe()
    process.standardError = err
    process.standardOutput = Pipe()
    try process.run()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: errors, as: UTF8.self))
}

@Suite struct PreviewCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let scene = Self.root.appendingPathComponent("Tests/preview/scene.json").path

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(getpid())-\(name)").path
    }

    @Test("preview, demo --preview and disc --preview write pages, the same bytes each run")
    func writes() throws {
        let a = temporary("a.html"), b = temporary("b.html"), demo = temporary("demo.html"), disc = temporary("disc.html")
        defer { for path in [a, b, demo, disc] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(try runMediatiming(["preview", scene, "--out", a, "--fps", "30"]).status == 0)
        #expect(try runMediatiming(["preview", scene, "--out", b, "--fps", "30"]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: a))
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: b))))
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("<!DOCTYPE html>"))
        #expect(try runMediatiming(["demo", "--until", "2", "--preview", demo]).status == 0)
        #expect(try runMediatiming(["disc", "--events", "play@0,next@1", "--until", "2", "--preview", disc]).status == 0)
        for page in [demo, disc] {
            let text = try String(contentsOfFile: page, encoding: .utf8)
            #expect(text.contains("\"id\":\"disc0.artwork\""))
            #expect(text.contains("\"id\":\"note1\"") == (page == demo))
        }
    }

    @Test("bad input: status 2 and a message naming the problem", arguments: [
        (["preview", "SCENE"], "--out is required"),
        (["preview", "SCENE", "--out", "/tmp/x.html", "--fps", "0"], "frame rate: expected 1 to 240 frames per second, got 0.0"),
        (["preview", "SCENE", "--out", "/tmp/x.html", "--from", "3", "--to", "1"], "time range: expected finite times from ≤ to, at most 3600.0 s apart, got 3.0 … 1.0"),
        (["preview", "SCENE", "--out", "/tmp/x.html", "--from", "2e9", "--to", "2000000010"],
         "time range: expected times from −1000000000.0 to 1000000000.0 s (the largest a page writes), got 2000000000.0"),
        (["preview", "/nonexistent/scene.json", "--out", "/tmp/x.html"], "/nonexistent/scene.json: no such file"),
        (["preview", "SCENE", "--out", "/tmp"], "/tmp: is a directory"),
        (["preview", "SCENE", "--out", "/nonexistent-directory/x.html"], "cannot be written"),
        (["demo", "--preview", "/tmp/x.html", "--preview-fps", "1000"], "frame rate: expected 1 to 240 frames per second, got 1000.0"),
        (["disc", "--events", "play@0", "--until", "2", "--preview", "/nonexistent-directory/x.html"], "cannot be written"),
    ])
    func badInput(_ arguments: [String], _ message: String) throws {
        let result = try runMediatiming(arguments.map { $0 == "SCENE" ? scene : $0 })
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
    }
}
