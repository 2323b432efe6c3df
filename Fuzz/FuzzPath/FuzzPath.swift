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
    // The distance of a parameter is the segment's start distance plus the arc length up to it; at the
    // segment's end that is the next start distance (the same sum), at most the total length. It exceeds the
    // total only by the partial length's error: none for a line (fl(u·L) ≤ L for u ≤ 1); for a curve the
    // documented bounds (MeasuredPath, CubicBezierSegment.length): 1e-14·P for the quadrature, P the control
    // polygon's length, plus a few ulps of rounding per panel or closed-form term, together at most
    // 1e-12·P (room for 90 ulps of P); and one rounding of the final sum, half an ulp of the total.
    let polygon: Double
    switch measured.segments.first {
    case .line, nil: polygon = 0
    case .quadratic(let q)?: polygon = span(q.start, q.control) + span(q.control, q.end)
    case .cubic(let c)?: polygon = span(c.start, c.control1) + span(c.control1, c.control2) + span(c.control2, c.end)
    }
    let slack = 1e-12 * polygon + length.ulp
    for (index, parameter) in [(-1, 0.5), (Int.max, 0.5), (Int.min, 0.0), (0, Double.nan), (0, -.infinity), (0, .infinity), (0, 0.5)] {
        if let d = measured.distance(segmentIndex: index, parameter: parameter) {
            precondition(d.isFinite && d >= 0 && d <= length + slack, "distance \(d), length \(length)")
        }
    }
    return 0
}

/// The distance between two points (not finite where the coordinates are huge: the check is then vacuous).
func span(_ a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    return (dx * dx + dy * dy).squareRoot()
}

#if !FUZZING
@main struct FuzzPathReplay {
    static func main() { replayFiles(CommandLine.arguments.dropFirst(), name: "FuzzPath", run: fuzzOne) }
}
#endif
