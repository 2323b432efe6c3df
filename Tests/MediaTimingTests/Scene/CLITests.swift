import Foundation
import Testing

import MediaTimingScene

/// The `mediatiming` executable, built beside the test bundle.
func mediatimingExecutable() throws -> URL {
    let bundle = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    var directory = bundle.deletingLastPathComponent()
    // The test binary may sit inside a bundle directory; walk up to the build products folder.
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("mediatiming")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    throw CocoaError(.fileNoSuchFile)
}

func runCLI(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = try mediatimingExecutable()
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
}

let examplesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")

@Suite struct CLITests {
    @Test("the CLI's numbers read back bit-exact, for every example", arguments: [
        "change-disc-group.json", "pause-resume.json", "fill-modes.json", "keyframes.json", "spring.json",
        "replicator-spinner.json", "clock-custom-property.json", "album-notes.json",
    ])
    func roundTrip(_ name: String) throws {
        let path = examplesDirectory.appendingPathComponent(name).path
        let (status, output, errors) = try runCLI(["sample", path])
        #expect(status == 0, "\(errors)")
        let expected = try SceneRunner.run(try SceneDecoder.decode(String(contentsOfFile: path, encoding: .utf8)))
        let document = try JSONParser().parse(output)
        guard case let .array(samples)? = document["samples"] else { Issue.record("no samples"); return }
        #expect(samples.count == expected.samples.count)
        for (sample, reference) in zip(samples, expected.samples) {
            #expect(sample["t"] == .number(reference.time))
            for reading in reference.values {
                let printed = sample["values"]?[reading.name]
                switch reading.value {
                case let .number(v): #expect(printed == .number(v), "\(reading.name) at \(reference.time)")
                case let .numbers(vs): #expect(printed == .array(vs.map(JSONValue.number)), "\(reading.name)")
                case let .text(t): #expect(printed == .string(t))
                case .null: #expect(printed == .null)
                }
            }
        }
        guard case let .array(events)? = document["events"] else { Issue.record("no events"); return }
        #expect(events.map { $0["t"] } == expected.events.map { .number($0.time) })
    }

    @Test("bad input exits with status 2 and a message") func badInput() throws {
        let missing = try runCLI(["validate", "/nonexistent/scene.json"])
        #expect(missing.status == 2 && missing.errors.contains("no such file"))
        let format = try runCLI(["sample", examplesDirectory.appendingPathComponent("spring.json").path, "--format", "xml"])
        #expect(format.status == 2 && format.errors.contains("--format"))
        let ok = try runCLI(["validate", examplesDirectory.appendingPathComponent("spring.json").path])
        #expect(ok.status == 0 && ok.output.hasPrefix("ok:"))
    }
}
