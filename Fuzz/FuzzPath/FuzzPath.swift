// Fuzz target "path": arbitrary SVG path data (first byte even) or arbitrary elements with arbitrary
// coordinates (first byte odd), then measurement and sampling. Invariants: a typed error (PathError),
// or a finite length ≥ 0 whose paced samples (uniformPositions) have non-decreasing distances in
// [0, length], non-decreasing segment indices and finite points; lookups with hostile distances, segment
// indices and parameters do not trap.
import MediaTiming
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    return fuzzOne(data, size)
}

func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let mode = input.u8()
    let sampleCount = Int(input.u8())
    var path: Path
    if mode & 1 == 0 {
        let text = String(decoding: UnsafeBufferPointer(start: data + min(2, size), count: max(0, size - 2)), as: UTF8.self)
        do { path = try Path(svgPathData: text) } catch { return 0 }
    } else {
        path = Path()
        while !input.isAtEnd && path.elements.count < 64 {
            let op = input.u8() % 5
            func point() -> Point { Point(x: input.double(), y: input.double()) }
            do {
                switch op {
                case 0: try path.move(to: point())
                case 1: try path.addLine(to: point())
                case 2: let c = point(); try path.addQuadCurve(to: point(), control: c)
                case 3: let c1 = point(), c2 = point(); try path.addCurve(to: point(), control1: c1, control2: c2)
                default: try path.closeSubpath()
                }
            } catch {
                continue  // a typed error: the path is unchanged
            }
        }
    }
    if getenv("FUZZ_VERBOSE") != nil { print(path.elements); fflush(nil) }
    let measured: MeasuredPath
    do { measured = try MeasuredPath(path) } catch { return 0 }
    let length = measured.length
    precondition(length.isFinite && length >= 0, "length \(length)")
    precondition(measured.elementLengths.allSatisfy { $0.isFinite && $0 >= 0 }, "element length negative or not finite")
    let samples = measured.uniformPositions(count: sampleCount)
    precondition(samples.count == sampleCount)
    var previous: PathPosition?
    for p in samples {
        precondition(p.distance >= 0 && p.distance <= length, "distance \(p.distance) outside [0, \(length)]")
        precondition(p.point.x.isFinite && p.point.y.isFinite, "point not finite")
        precondition(p.parameter >= 0 && p.parameter <= 1, "parameter \(p.parameter)")
        if let previous {
            precondition(p.distance >= previous.distance, "paced distances not monotone")
            precondition(p.segmentIndex >= previous.segmentIndex, "segment index went back")
        }
        previous = p
    }
    if sampleCount > 1 { precondition(samples.last!.distance == length, "last sample not at the length") }
    for d in [Double.nan, -.infinity, .infinity, -1, length * 2, .leastNonzeroMagnitude, length] {
        let p = measured.position(atDistance: d)
        precondition(p.distance >= 0 && p.distance <= length && !p.distance.isNaN)
    }
    for (index, parameter) in [(-1, 0.5), (Int.max, 0.5), (Int.min, 0.0), (0, Double.nan), (0, -.infinity), (0, .infinity)] {
        if let d = measured.distance(segmentIndex: index, parameter: parameter) {
            precondition(d.isFinite && d >= 0 && d <= length * (1 + 1e-9) + 1e-300, "distance \(d)")
        }
    }
    return 0
}

#if !FUZZING
@main struct FuzzPathReplay {
    static func main() { replayFiles(CommandLine.arguments.dropFirst(), name: "FuzzPath") }
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
