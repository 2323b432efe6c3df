import Foundation
import Testing
import MediaTiming

/// The tests' own description of a drawn segment, built from the elements the test generates
/// (not from the library's segment list), with PathsReal reference lengths.
private enum ReferenceSegment {
    case line(Point, Point)
    case quadratic(Point, Point, Point)
    case cubic(Point, Point, Point, Point)

    func length(upTo u: PathsReal = 1) -> PathsReal {
        switch self {
        case .line(let a, let b): return u * (PathsVector80(b) - PathsVector80(a)).norm
        case .quadratic(let a, let c, let b): return PathsReference.quadraticLength(a, c, b, upTo: u)
        case .cubic(let a, let c1, let c2, let b): return PathsReference.cubicLength(a, c1, c2, b, upTo: u)
        }
    }

    func point(at u: Double) -> Point {
        switch self {
        case .line(let a, let b):
            let t = PathsReal(u), v = 1 - t
            return Point(x: Double(v * PathsReal(a.x) + t * PathsReal(b.x)), y: Double(v * PathsReal(a.y) + t * PathsReal(b.y)))
        case .quadratic(let a, let c, let b): return PathsReference.quadraticPoint(a, c, b, u)
        case .cubic(let a, let c1, let c2, let b):
            let t = PathsReal(u), v = 1 - t
            func f(_ p: Double, _ q: Double, _ r: Double, _ s: Double) -> Double {
                Double(v * v * v * PathsReal(p) + 3 * t * v * v * PathsReal(q) + 3 * t * t * v * PathsReal(r) + t * t * t * PathsReal(s))
            }
            return Point(x: f(a.x, c1.x, c2.x, b.x), y: f(a.y, c1.y, c2.y, b.y))
        }
    }
}

/// A random path with its reference segments (moves skipped, closes as lines).
private func randomPath(_ rng: inout SplitMix64, elements count: Int) throws -> (Path, [ReferenceSegment]) {
    var path = Path()
    var segments: [ReferenceSegment] = []
    var current = rng.point(-100, 100)
    var start = current
    try path.move(to: current)
    for _ in 0..<count {
        let a = rng.point(-100, 100), b = rng.point(-100, 100), c = rng.point(-100, 100)
        switch rng.next() % 9 {
        case 0: try path.move(to: a); current = a; start = a
        case 1, 2: try path.addLine(to: a); segments.append(.line(current, a)); current = a
        case 3, 4, 5: try path.addQuadCurve(to: b, control: a); segments.append(.quadratic(current, a, b)); current = b
        case 6, 7:
            try path.addCurve(to: c, control1: a, control2: b)
            segments.append(.cubic(current, a, b, c)); current = c
        default: try path.closeSubpath(); segments.append(.line(current, start)); current = start
        }
    }
    let last = rng.point(-100, 100)
    try path.addLine(to: last)  // at least one drawing segment
    segments.append(.line(current, last))
    return (path, segments)
}

/// Reference distance along the path of segment `index` at parameter `u`.
private func referenceDistance(_ segments: [ReferenceSegment], _ index: Int, _ u: Double) -> PathsReal {
    var total: PathsReal = 0
    for i in 0..<index { total += segments[i].length() }
    return total + segments[index].length(upTo: PathsReal(u))
}

@Suite("Measured path: length and inverse arc length")
struct MeasuredPathTests {
    // MARK: Spec vectors H10–H12 (geometry)

    @Test("H10/H11: M0,0 L100,0 L100,300 has length 400; distance 100 is (100, 0)")
    func vectorsH10H11() throws {
        let measured = try MeasuredPath(Path(svgPathData: "M0,0 L100,0 L100,300"))
        #expect(measured.length == 400)
        #expect(measured.elementLengths == [0, 100, 300])
        // Paced keyTimes (§11.4) are the cumulative element lengths over the total: [0, 0.25, 1].
        #expect(measured.segmentStartDistances.map { $0 / measured.length } == [0, 0.25, 1])
        #expect(measured.position(atDistance: 100).point == Point(x: 100, y: 0))
        // H11 paced: p = 0.1, 0.25, 0.5 → distances 40, 100, 200.
        #expect((measured.position(atDistance: 40).point - Point(x: 40, y: 0)).length <= 1e-12)
        #expect((measured.position(atDistance: 200).point - Point(x: 100, y: 100)).length <= 1e-12)
        // H10 linear mode uses the Bézier parameter of each element: (50, 0) and (100, 150).
        #expect(measured.segments[0].point(at: 0.5) == Point(x: 50, y: 0))
        #expect(measured.segments[1].point(at: 0.5) == Point(x: 100, y: 150))
    }

    @Test("H12 geometry: tangent angles 0 and π/2 (autoReverse adds π)")
    func vectorH12() throws {
        let measured = try MeasuredPath(Path(svgPathData: "M0,0 L100,0 L100,300"))
        let t0 = measured.segments[0].tangent(at: 0.5), t1 = measured.segments[1].tangent(at: 0.5)
        #expect(atan2(t0.y, t0.x) == 0)
        #expect(abs(atan2(t1.y, t1.x) - Double.pi / 2) <= 1e-15)
        #expect(abs(atan2(t0.y, t0.x) + Double.pi - Double.pi) <= 1e-15)
        #expect(abs(atan2(t1.y, t1.x) + Double.pi - 3 * Double.pi / 2) <= 1e-15)
        let p = measured.position(atDistance: 250).tangent
        #expect(abs(atan2(p.y, p.x) - Double.pi / 2) <= 1e-15)
    }

    // MARK: Elements

    @Test("a close contributes its closing line, a move nothing")
    func closeAndMove() throws {
        let closed = try MeasuredPath(Path(svgPathData: "M0 0 L3 0 L3 4 Z"))
        #expect(closed.length == 12)
        #expect(closed.elementLengths == [0, 3, 4, 5])
        #expect((closed.position(atDistance: 9.5).point - Point(x: 1.5, y: 2)).length <= 1e-12)
        #expect(closed.position(atDistance: 12).point == Point(x: 0, y: 0))

        let twoSubpaths = try MeasuredPath(Path(svgPathData: "M0 0 L1 0 M10 10 L10 12"))
        #expect(twoSubpaths.length == 3)
        #expect(twoSubpaths.elementLengths == [0, 1, 0, 2])
        #expect(twoSubpaths.segmentElementIndices == [1, 3])
        #expect((twoSubpaths.position(atDistance: 1.5).point - Point(x: 10, y: 10.5)).length <= 1e-12)
        // At the jump between subpaths the later segment answers.
        #expect(twoSubpaths.position(atDistance: 1).point == Point(x: 10, y: 10))
        #expect(twoSubpaths.position(atDistance: 1).segmentIndex == 1)
    }

    @Test("zero-length segments never answer; end points at 0 and at the length")
    func zeroLengthSegments() throws {
        let m = try MeasuredPath(Path(svgPathData: "M0 0 L0 0 L10 0 L10 0 L10 5 Z Z"))
        #expect(abs(m.length - (15 + 125.0.squareRoot())) <= 1e-14)
        #expect(m.position(atDistance: 0).segmentIndex == 1)
        #expect(m.position(atDistance: 0).tangent == Point(x: 10, y: 0))
        #expect(m.position(atDistance: 10).segmentIndex == 3)
        #expect(m.position(atDistance: 10).tangent == Point(x: 0, y: 5))
        #expect(m.position(atDistance: m.length).segmentIndex == 4)
        #expect(m.position(atDistance: m.length).point == Point(x: 0, y: 0))
    }

    @Test("empty, move-only and zero-length paths")
    func degeneratePaths() throws {
        #expect(throws: PathError.emptyPath) { try MeasuredPath(Path()) }
        #expect(throws: PathError.emptyPath) { try MeasuredPath(Path(svgPathData: "M1 2 M3 4")) }
        for text in ["M5 5 L5 5", "M5 5 Q5 5 5 5", "M5 5 C5 5 5 5 5 5", "M5 5 Z", "M5 5 L5 5 Z Q5 5 5 5"] {
            let m = try MeasuredPath(Path(svgPathData: text))
            #expect(m.length == 0)
            for s in [-1.0, 0, 0.5, 1e9, .nan, .infinity] {
                let position = m.position(atDistance: s)
                #expect(position.point == Point(x: 5, y: 5))
                #expect(position.tangent == .zero)
                #expect(position.parameter == 0 && position.segmentIndex == 0)
            }
            #expect(m.uniformPositions(count: 3).map(\.point) == [Point(x: 5, y: 5), Point(x: 5, y: 5), Point(x: 5, y: 5)])
        }
    }

    @Test("distances are clamped; NaN counts as 0")
    func clamping() throws {
        let m = try MeasuredPath(Path(svgPathData: "M1 1 Q5 9 10 1 C12 -3 15 0 20 2"))
        let start = Point(x: 1, y: 1), end = Point(x: 20, y: 2)
        #expect(m.position(atDistance: -5).point == start)
        #expect(m.position(atDistance: -.infinity).point == start)
        #expect(m.position(atDistance: .nan).point == start)
        #expect(m.position(atDistance: m.length * 2).point == end)
        #expect(m.position(atDistance: .infinity).point == end)
        #expect(m.position(atDistance: .infinity).distance == m.length)
    }

    // MARK: Inverse arc length

    @Test("random paths: distance → position → reference distance round trip (1e-9 of the length)")
    func roundTrip() throws {
        var rng = SplitMix64(seed: 0x1A5E)
        var worst = 0.0
        for _ in 0..<40 {
            let (path, reference) = try randomPath(&rng, elements: 10)
            let m = try MeasuredPath(path)
            #expect(m.segments.count == reference.count)
            let total = reference.reduce(PathsReal(0)) { $0 + $1.length() }
            #expect(pathsRelativeError(m.length, total) <= 1e-12)
            // The start and the end are the path's end points, exactly.
            #expect(m.position(atDistance: 0).point == reference.first!.point(at: 0))
            #expect(m.position(atDistance: m.length).point == reference.last!.point(at: 1))
            for _ in 0..<15 {
                let s = rng.uniform(0, m.length)
                let position = m.position(atDistance: s)
                let back = referenceDistance(reference, position.segmentIndex, position.parameter)
                worst = max(worst, Double(abs(back - PathsReal(s))) / m.length)
                // The point is the reference segment's point at the returned parameter.
                let expected = reference[position.segmentIndex].point(at: position.parameter)
                #expect((position.point - expected).length <= 1e-12 * m.length)
                // The library's own forward map agrees as well.
                let forward = m.distance(segmentIndex: position.segmentIndex, parameter: position.parameter)!
                #expect(abs(forward - s) <= 1e-9 * m.length)
            }
        }
        #expect(worst <= 1e-9, "worst error \(worst) of the length")
    }

    @Test("warm-started cursor gives the same positions as cold look-ups, for any cursor")
    func cursor() throws {
        var rng = SplitMix64(seed: 0xC0450)
        let (path, _) = try randomPath(&rng, elements: 12)
        let m = try MeasuredPath(path)
        let (otherPath, _) = try randomPath(&rng, elements: 12)
        let other = try MeasuredPath(otherPath)
        var warm = PathCursor()
        var foreign = PathCursor()
        _ = other.position(atDistance: other.length * 0.7, cursor: &foreign)  // a cursor of another path
        var s = 0.0
        for _ in 0..<3000 where s < m.length {
            let cold = m.position(atDistance: s)
            let a = m.position(atDistance: s, cursor: &warm)
            let b = m.position(atDistance: s, cursor: &foreign)
            #expect(a.segmentIndex == cold.segmentIndex && b.segmentIndex == cold.segmentIndex)
            #expect((a.point - cold.point).length <= 1e-9 * m.length)
            #expect((b.point - cold.point).length <= 1e-9 * m.length)
            s += rng.uniform(0, m.length / 50)
            if rng.next() % 10 == 0 { s = rng.uniform(0, m.length) }  // occasional jumps backwards or forwards
        }
    }

    @Test("collinear quadratic that doubles back: exact points around the turn (speed 0)")
    func cuspQuadratic() throws {
        // x(t) = 20t − 15t², turning at t = 2/3, x = 20/3; total 25/3.
        let m = try MeasuredPath(Path(svgPathData: "M0 0 Q10 0 5 0"))
        #expect(abs(m.length - 25.0 / 3.0) <= 1e-14)
        let cases: [(Double, Double)] = [(5, 5), (20.0 / 3.0, 20.0 / 3.0), (7.5, 20.0 / 3.0 - 5.0 / 6.0), (1e-9, 1e-9),
                                         (20.0 / 3.0 - 1e-7, 20.0 / 3.0 - 1e-7), (20.0 / 3.0 + 1e-7, 20.0 / 3.0 - 1e-7)]
        for (distance, x) in cases {
            let p = m.position(atDistance: distance).point
            #expect(abs(p.x - x) <= 1e-9 * m.length && p.y == 0, "distance \(distance): \(p.x) vs \(x)")
        }
        var cursor = PathCursor()
        var previous = -1.0
        for k in 0...1000 {
            let s = m.length * Double(k) / 1000
            let p = m.position(atDistance: s, cursor: &cursor)
            // Reference: along the line, out to 20/3 and back.
            let x = s <= 20.0 / 3.0 ? s : 40.0 / 3.0 - s
            #expect(abs(p.point.x - x) <= 1e-9 * m.length)
            #expect(p.parameter >= previous)
            previous = p.parameter
        }
    }

    @Test("cubic with a cusp: positions match the reference distance")
    func cuspCubic() throws {
        let m = try MeasuredPath(Path(svgPathData: "M0 0 C1 1 0 1 1 0"))
        let reference = ReferenceSegment.cubic(Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1), Point(x: 1, y: 0))
        let total = PathsReference.cubicLength(Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1), Point(x: 1, y: 0),
                                               splits: [0.5])
        #expect(pathsRelativeError(m.length, total) <= 1e-12)
        for position in m.uniformPositions(count: 201) {
            let u = PathsReal(position.parameter)
            let back = u <= 0.5
                ? PathsReference.cubicLength(Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1), Point(x: 1, y: 0), upTo: u)
                : PathsReference.cubicLength(Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1), Point(x: 1, y: 0),
                                             upTo: u, splits: [0.5])
            #expect(Double(abs(back - PathsReal(position.distance))) <= 1e-9 * m.length)
            #expect((position.point - reference.point(at: position.parameter)).length <= 1e-12)
        }
    }

    // MARK: Uniform samples

    @Test("uniform samples: counts, monotone, equally spaced in reference arc length")
    func uniformSamples() throws {
        var rng = SplitMix64(seed: 0x50AB1E)
        let (path, reference) = try randomPath(&rng, elements: 8)
        let m = try MeasuredPath(path)
        #expect(m.uniformPositions(count: 0).isEmpty)
        #expect(m.uniformPositions(count: -3).isEmpty)
        #expect(m.uniformPositions(count: 1).map(\.point) == [reference.first!.point(at: 0)])
        let two = m.uniformPositions(count: 2)
        #expect(two.map(\.point) == [reference.first!.point(at: 0), reference.last!.point(at: 1)])
        let n = 500
        let samples = m.uniformPositions(count: n)
        #expect(samples.count == n)
        var previous: PathsReal = -1
        for (k, sample) in samples.enumerated() {
            let d = referenceDistance(reference, sample.segmentIndex, sample.parameter)
            #expect(d > previous)
            previous = d
            let target = PathsReal(m.length) * PathsReal(k) / PathsReal(n - 1)
            #expect(Double(abs(d - target)) <= 1e-9 * m.length)
            #expect(sample.distance == (k == n - 1 ? m.length : m.length * (Double(k) / Double(n - 1))))
        }
        // The same as one cold look-up per distance.
        for (k, sample) in samples.enumerated() where k % 37 == 0 {
            #expect((m.position(atDistance: sample.distance).point - sample.point).length <= 1e-9 * m.length)
        }
    }

    // MARK: The Douyin album's note

    @Test("the Douyin album's note curve: on the curve, paced uniformly, ends exact", arguments: [
        (160.0, 480.0), (187.5, 667.0), (30.0, 60.0),
    ])
    func albumNote(midX: Double, maxY: Double) throws {
        // begin (midX − 5, maxY); end (begin.x − 40, begin.y − 100);
        // control (begin.x − 40/2 − 60, begin.y − 100/2 + 60).
        let begin = Point(x: midX - 5, y: maxY)
        let end = Point(x: begin.x - 40, y: begin.y - 100)
        let control = Point(x: begin.x - 20 - 60, y: begin.y - 50 + 60)
        var path = Path()
        try path.move(to: begin)
        try path.addQuadCurve(to: end, control: control)
        let m = try MeasuredPath(path)
        // The same curve written as SVG path data measures the same.
        let svg = try MeasuredPath(Path(svgPathData: "M\(begin.x) \(begin.y) Q\(control.x) \(control.y) \(end.x) \(end.y)"))
        #expect(svg.length == m.length)

        let total = PathsReference.quadraticLength(begin, control, end)
        #expect(pathsRelativeError(m.length, total) <= 1e-12)
        let n = 61  // one second at 60 frames per second
        let samples = m.uniformPositions(count: n)
        #expect(samples.first!.point == begin)
        #expect(samples.last!.point == end)
        // The tangent at the start points at the control point: B'(0) = 2(control − begin).
        #expect(samples.first!.tangent == 2 * (control - begin))
        for (k, sample) in samples.enumerated() {
            #expect(sample.parameter >= 0 && sample.parameter <= 1)
            let onCurve = PathsReference.quadraticPoint(begin, control, end, sample.parameter)
            #expect((sample.point - onCurve).length <= 1e-12 * total.magnitudeAsDouble)
            let d = PathsReference.quadraticLength(begin, control, end, upTo: PathsReal(sample.parameter))
            #expect(Double(abs(d - total * PathsReal(k) / PathsReal(n - 1))) <= 1e-9 * m.length)
        }
        // Paced means equal arc length between frames, unlike equal Bézier parameter steps.
        let first = PathsReference.quadraticLength(begin, control, end, upTo: 0.5)
        #expect(Double(abs(first / total - 0.5)) > 0.01)
    }

    @Test("positions are deterministic")
    func deterministic() throws {
        let m1 = try MeasuredPath(Path(svgPathData: "M0 0 Q50 80 100 0 C130 -40 170 40 200 0"))
        let m2 = try MeasuredPath(Path(svgPathData: "M0 0 Q50 80 100 0 C130 -40 170 40 200 0"))
        #expect(m1.uniformPositions(count: 97) == m2.uniformPositions(count: 97))
    }
}

private extension PathsReal {
    var magnitudeAsDouble: Double { Double(self.magnitude) }
}
