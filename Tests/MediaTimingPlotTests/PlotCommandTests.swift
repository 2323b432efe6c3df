import Foundation
import Testing

/// The `mediatiming` executable, built beside the test bundle.
func mediatiming() throws -> URL {
    var directory = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        .deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("mediatiming")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    throw CocoaError(.fileNoSuchFile)
}

func plot(_ arguments: [String]) throws -> (status: Int32, errors: String) {
    let process = Process()
    process.executableURL = try mediatiming()
    process.arguments = ["plot"] + arguments
    let err = Pipe()
    process.standardError = err
    process.standardOutput = Pipe()
    try process.run()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: errors, as: UTF8.self))
}

@Suite struct PlotCommandTests {
    let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/fill-modes.json").path

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("plot-\(getpid())-\(name)").path
    }

    @Test("plot writes a well-formed SVG with a lane per probe, the same bytes each run")
    func writes() throws {
        let a = temporary("a.svg"), b = temporary("b.svg")
        defer { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) }
        #expect(try plot([example, "--out", a]).status == 0)
        #expect(try plot([example, "--out", b]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: a))
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: b))))
        let parsed = parseSVG(String(decoding: bytes, as: UTF8.self))
        // fill-modes.json has five probes.
        #expect(parsed?.filter { $0.name == "g" && $0.classes.contains("lane") }.count == 5)
    }

    @Test("bad input: status 2 and a message naming the problem", arguments: [
        (["/nonexistent/scene.json", "--out", "/tmp/x.svg"], "/nonexistent/scene.json: no such file"),
        (["EXAMPLE"], "--out is required"),
        (["EXAMPLE", "--out", "/nonexistent-directory/x.svg"], "--out /nonexistent-directory/x.svg: cannot be written"),
        (["EXAMPLE", "--out", "/tmp"], "--out /tmp: is a directory"),
        (["BROKEN", "--out", "/tmp/broken.svg"], "format"),
    ])
    func badInput(_ arguments: [String], _ message: String) throws {
        let broken = temporary("broken-\(UUID().uuidString).json")
        try Data(#"{"format": "mediatiming-scene/2", "layers": []}"#.utf8).write(to: URL(fileURLWithPath: broken))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let resolved = arguments.map { $0 == "EXAMPLE" ? example : $0 == "BROKEN" ? broken : $0 }
        let (status, errors) = try plot(resolved)
        #expect(status == 2)
        #expect(errors.contains(message), "\(errors)")
    }
}
