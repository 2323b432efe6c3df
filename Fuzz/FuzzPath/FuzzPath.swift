// Fuzz target "path": arbitrary SVG path data (first byte even) or arbitrary elements with arbitrary
// coordinates (first byte odd), then measurement and sampling. Invariants: a typed error (PathError),
// or a finite length ≥ 0 whose paced samples (uniformPositions) have non-decreasing distances in
// [0, length], non-decreasing segment indices and finite points; lookups with hostile distances, segment
// indices and parameters do not trap.
import FuzzSupport
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
    static func main() { replayFiles(CommandLine.arguments.dropFirst(), name: "FuzzPath", run: fuzzOne) }
}
#endif
