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
            "replicator-spinner.json", "clock-custom-property.json",
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
}
