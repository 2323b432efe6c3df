// Shared plumbing of the fuzz targets (Fuzz/README.md): reading typed values from the fuzzer's bytes,
// and the replay entry that plain builds use to run corpus files through a harness.
#if canImport(Glibc)
import Glibc
#endif


/// Reads fixed-size values from the fuzzer's bytes; past the end it yields zeros.
public struct FuzzBytes {
    public let bytes: UnsafeBufferPointer<UInt8>
    public var offset = 0
    public init(_ data: UnsafePointer<UInt8>, _ size: Int) { bytes = UnsafeBufferPointer(start: data, count: size) }
    public var isAtEnd: Bool { offset >= bytes.count }
    public mutating func u8() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }
    public mutating func u32() -> UInt32 { (0..<4).reduce(0) { acc, k in acc | UInt32(u8()) << (8 * k) } }
    public mutating func u64() -> UInt64 { (0..<8).reduce(0) { acc, k in acc | UInt64(u8()) << (8 * k) } }
    public mutating func double() -> Double { Double(bitPattern: u64()) }
    public mutating func float() -> Float { Float(bitPattern: u32()) }
}

/// SplitMix64 (Steele, Lea and Flood 2014): a small deterministic generator for harnesses that spread a few
/// input bytes (or libFuzzer's seed) over many choices. No global state, no clock.
public struct SplitMix64 {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in 0..<n (n > 0).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    public mutating func chance(_ oneIn: Int) -> Bool { below(oneIn) == 0 }
}

/// The replay entry of plain builds: runs every file given as an argument (directories are walked one
/// level) through the harness once. CI uses it to replay Fuzz/corpus/TARGET.
public func replayFiles(
    _ arguments: ArraySlice<String>, name: String, run fuzzOne: (UnsafePointer<UInt8>, Int) -> CInt
) {
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
