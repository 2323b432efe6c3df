import ArgumentParser
import Foundation
import MediaTimingScene

/// Loading a scene file for the `validate` and `sample` commands: every failure is printed to standard
/// error, one line per problem, and ends the command with exit status 2.
enum SceneFile {
    /// The largest scene file read (the JSON parser's limit).
    static let maximumBytes = JSONParser().maximumBytes

    /// Reads and decodes the scene at `path` (`-` reads standard input).
    static func load(_ path: String) throws(ExitCode) -> Scene {
        let bytes = try read(path)
        do {
            return try SceneDecoder.decode(bytes: bytes)
        } catch {
            throw failure(error.errors.map(\.description))
        }
    }

    /// The bytes of the file at `path`, or exit status 2 with a message naming the file.
    static func read(_ path: String) throws(ExitCode) -> [UInt8] {
        if path == "-" {
            return try readBounded(FileHandle.standardInput, name: "standard input")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw failure(["\(path): no such file"])
        }
        guard !isDirectory.boolValue else { throw failure(["\(path): is a directory, not a scene file"]) }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
            size.int64Value > Int64(maximumBytes)
        {
            throw failure(["\(path): larger than \(maximumBytes) bytes"])
        }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw failure(["\(path): cannot be read (\(error.localizedDescription))"])
        }
    }

    /// At most ``maximumBytes`` bytes from `handle`, read in chunks: a stream that does not end (`yes |
    /// mediatiming validate -`) is an error after the limit, not an unbounded allocation
    /// (Docs/hostile-input.md).
    static func readBounded(_ handle: FileHandle, name: String) throws(ExitCode) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw failure(["\(name): cannot be read (\(error.localizedDescription))"])
            }
            if chunk.isEmpty { return bytes }
            bytes += chunk
            if bytes.count > maximumBytes { throw failure(["\(name): larger than \(maximumBytes) bytes"]) }
        }
    }

    /// Prints `lines` to standard error and returns exit status 2 to throw.
    static func failure(_ lines: [String]) -> ExitCode {
        // A hostile file can produce very many problems; the first hundred say enough.
        var shown = Array(lines.prefix(100))
        if lines.count > shown.count { shown.append("... and \(lines.count - shown.count) more problems") }
        FileHandle.standardError.write(Data((shown.joined(separator: "\n") + "\n").utf8))
        return ExitCode(2)
    }
}
