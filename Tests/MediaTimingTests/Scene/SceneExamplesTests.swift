import Testing

import MediaTiming
import MediaTimingScene

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every scene in the repository's Examples/ folder decodes without errors.
@Suite struct SceneExamplesTests {
    /// Examples/ at the repository top, found from this file's path.
    static let folder: String = {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        while let last = components.last, last != "Tests" { components.removeLast() }
        components.removeLast()
        return components.joined(separator: "/") + "/Examples"
    }()

    static func listJSONFiles() -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name.hasSuffix(".json") { names.append(name) }
        }
        return names.sorted()
    }

    static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    @Test("the examples are there") func present() {
        let files = Self.listJSONFiles()
        #expect(files.count >= 7, "\(Self.folder): \(files)")
        for name in [
            "change-disc-group.json", "pause-resume.json", "fill-modes.json", "keyframes.json", "spring.json",
            "replicator-spinner.json", "clock-custom-property.json", "layer-tree.json",
        ] {
            #expect(files.contains(name), "\(name)")
        }
    }

    @Test("every example decodes without errors", arguments: listJSONFiles())
    func decodes(_ name: String) throws {
        let bytes = try #require(Self.read(Self.folder + "/" + name))
        do {
            let scene = try SceneDecoder.decode(bytes: bytes)
            #expect(scene.sample.count > 0)
            #expect(scene.probes?.isEmpty == false, "examples name their probes")
        } catch {
            Issue.record("\(name):\n\(error)")
        }
    }

    /// The example's result, from ``SceneRunner``.
    static func run(_ name: String) throws -> SceneResult {
        let bytes = try #require(read(folder + "/" + name))
        return try SceneRunner.run(try SceneDecoder.decode(bytes: bytes))
    }

    /// The reading of `probe` at sample time `t`.
    static func reading(_ result: SceneResult, _ probe: String, at t: Double) -> ProbeValue? {
        result.samples.first { $0.time == t }?.values.first { $0.name == probe }?.value
    }

    static func number(_ result: SceneResult, _ probe: String, at t: Double) -> Double {
        guard case let .number(x)? = reading(result, probe, at: t) else { return .nan }
        return x
    }

    @Test("every example evaluates, and its JSON result parses back", arguments: listJSONFiles())
    func evaluates(_ name: String) throws {
        let result = try Self.run(name)
        let document = try JSONParser().parse(SceneResultWriter.json(result))
        guard case let .array(samples)? = document["samples"] else { Issue.record("no samples"); return }
        #expect(samples.count == result.samples.count)
    }

    @Test("fill-modes.json: C1–C4") func fillModes() throws {
        let result = try Self.run("fill-modes.json")
        let rows: [(String, [Double])] = [
            ("removed", [42, 0, 50, 42, 42]), ("forwards", [42, 0, 50, 100, 100]),
            ("backwards", [0, 0, 50, 42, 42]), ("both", [0, 0, 50, 100, 100]),
        ]
        for (layer, values) in rows {
            for (t, value) in zip([9.0, 10, 11, 12, 13], values) {
                expectClose(Self.number(result, "\(layer).position.x", at: t), value, tolerance: 1e-9, "\(layer) at \(t)")
            }
        }
    }

    @Test("replicator-spinner.json: O1–O6") func spinner() throws {
        let result = try Self.run("replicator-spinner.json")
        for (t, instance, opacity) in [(0.1, 0, 0.9), (0.1, 1, 0.983333), (0.1, 2, 0), (0.5, 3, 0.75), (0.5, 6, 1.0), (0.5, 7, 0)] {
            expectClose(Self.number(result, "dot[\(instance)].opacity", at: t), opacity, tolerance: 1e-6)
        }
    }

    @Test("change-disc-group.json: G1–G5, G7") func changeDisc() throws {
        let result = try Self.run("change-disc-group.json")
        for (t, scale, translation, opacity) in [
            (0.1, 0.95, 0.0, 0.974015403), (0.3, 0.9, 0, 0.807978051), (0.5, 0.9, -160, 0.540534707),
            (0.79, 0.9, -624, 0.021085346), (0.9, 0.9, -640, 0),
        ] {
            expectClose(Self.number(result, "disc.transform.scale", at: t), scale, tolerance: 1e-12)
            expectClose(Self.number(result, "disc.transform.translation.y", at: t), translation, tolerance: 1e-9)
            expectClose(Self.number(result, "disc.opacity", at: t), opacity, tolerance: 5e-8)
        }
        #expect(Self.number(result, "plainDisc.opacity", at: 0.9) == 1)
        #expect(Self.reading(result, "plainDisc/change@phase", at: 0.9) == .text("absent"))
        #expect(result.events.filter { !$0.isStart }.map(\.time) == [0.8, 0.8])
    }

    @Test("pause-resume.json: B1–B11") func pauseResume() throws {
        let result = try Self.run("pause-resume.json")
        for (t, time, value) in [(100.0, 100.0, 50.0), (130, 100, 50), (131, 101, 55), (135, 105, 75), (200, 105, 75), (205, 110, 42)] {
            #expect(Self.number(result, "layer@time", at: t) == time)
            expectClose(Self.number(result, "layer.position.x", at: t), value, tolerance: 1e-9)
        }
        expectClose(Self.number(result, "fastLayer/move@progress", at: 100), 0.5, tolerance: 1e-12)
        expectClose(Self.number(result, "fastLayer/move@progress", at: 131), 0.55, tolerance: 1e-12)
        #expect(result.events.filter { !$0.isStart }.map(\.time) == [140, 205])
    }

    @Test("keyframes.json: H1, H6") func keyframes() throws {
        let result = try Self.run("keyframes.json")
        expectClose(Self.number(result, "linear.position.x", at: 0.25), 5)
        expectClose(Self.number(result, "linear.position.x", at: 0.75), 20)
        for (t, value) in [(0.1, 310.0), (0.25, 60), (0.6, 120), (0.8, 60), (1.0, 60)] {
            #expect(Self.number(result, "discrete.position.y", at: t) == value, "at \(t)")
        }
    }

    @Test("spring.json: N3 and the end at the animation's duration") func spring() throws {
        let result = try Self.run("spring.json")
        expectClose(Self.number(result, "ball.position.y", at: 0.3), 719.587051, tolerance: 1e-6)
        #expect(Self.reading(result, "ball/drop@phase", at: 1.5) == .text("after"))
        #expect(Self.number(result, "ball.position.y", at: 2) == Self.number(result, "ball.position.y", at: 1.5))
    }

    @Test("clock-custom-property.json: the custom-property article's linear action and the implicit one") func clock() throws {
        let result = try Self.run("clock-custom-property.json")
        expectClose(Self.number(result, "clock.time", at: 1.1), 0.6, tolerance: 1e-12)  // linear, 0.25 s
        #expect(Self.number(result, "clock.time", at: 1.25) == 1.5)
        expectClose(Self.number(result, "clock.time", at: 2.15), 1.5 + 2.25 * 0.6, tolerance: 1e-12)
        #expect(Self.number(result, "implicitClock.time", at: 1.1) > 0.6)  // the default curve runs ahead
        #expect(Self.number(result, "implicitClock.time", at: 2.5) == 3.75)
        #expect(Self.number(result, "audio.volume", at: 2.5) == 0)
    }
}
