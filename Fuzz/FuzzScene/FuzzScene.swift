// Fuzz target "scene": arbitrary bytes through the scene decoder and, when it accepts them, the runner.
// Structure-aware inputs come from the seeds (Examples/*.json in Fuzz/corpus/scene) mutated by libFuzzer
// with the scene-format dictionary Fuzz/scene.dict (keys, types, huge and tiny numbers, nesting).
// Invariants: a typed error (SceneErrors with at least one error, each with a message) or a result;
// time and memory are bounded by libFuzzer's -timeout and -rss_limit_mb (Fuzz/run.sh sets them).
import MediaTiming
import MediaTimingScene
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    return fuzzOne(data, size)
}

func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let scene: Scene
    do { scene = try SceneDecoder.decode(bytes: bytes) } catch {
        precondition(!error.errors.isEmpty, "decoder threw an empty error list")
        precondition(error.errors.allSatisfy { !$0.message.isEmpty }, "decoder error without a message")
        return 0
    }
    do {
        let result = try SceneRunner.run(scene)
        _ = result
    } catch {
        precondition(!error.errors.isEmpty, "runner threw an empty error list")
    }
    return 0
}

#if !FUZZING
@main struct FuzzSceneReplay {
    static func main() { replayFiles(CommandLine.arguments.dropFirst(), name: "FuzzScene") }
}
#endif

// MARK: Shared harness plumbing (copied into every target; each target is its own module).

/// Reads fixed-size values from the fuzzer's bytes; past the end it yields zeros.
struct FuzzBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    init(_ data: UnsafePointer<UInt8>, _ size: Int) { bytes = UnsafeBufferPointer(start: data, count: size) }
    var isAtEnd: Bool { offset >= bytes.count }
    mutating func u8() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }
    mutating func u32() -> UInt32 { (0..<4).reduce(0) { acc, k in acc | UInt32(u8()) << (8 * k) } }
    mutating func u64() -> UInt64 { (0..<8).reduce(0) { acc, k in acc | UInt64(u8()) << (8 * k) } }
    mutating func double() -> Double { Double(bitPattern: u64()) }
    mutating func float() -> Float { Float(bitPattern: u32()) }
}

/// The replay entry of plain builds: runs every file given as an argument (directories are walked one
/// level) through the harness once. CI uses it to replay Fuzz/corpus/TARGET.
func replayFiles(_ arguments: ArraySlice<String>, name: String) {
    var count = 0
    for path in arguments {
        var files: [String] = []
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let child = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if child != "." && child != ".." { files.append(path + "/" + child) }
            }
            closedir(dir)
            files.sort()
        } else {
            files = [path]
        }
        for file in files {
            guard let handle = fopen(file, "rb") else { fatalError("cannot open \(file)") }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&buffer, 1, buffer.count, handle)
                if n <= 0 { break }
                bytes += buffer[0..<n]
            }
            fclose(handle)
            bytes.withUnsafeBufferPointer { b in
                // A non-null pointer even for an empty file.
                var empty: UInt8 = 0
                if b.count == 0 { _ = fuzzOne(&empty, 0) } else { _ = fuzzOne(b.baseAddress!, b.count) }
            }
            count += 1
        }
    }
    print("\(name): replayed \(count) input(s)")
}
