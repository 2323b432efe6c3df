import Testing

import MediaTiming

/// The inverse arc length of quadratic segments (a verified piecewise polynomial of `u(s)` built when
/// the path is measured, with the exact solver where no polynomial passed): every returned parameter's
/// arc length, integrated independently in Float80 by `PathsReference`, must be within the documented
/// `MeasuredPath.relativeTolerance` (1e-10) of the segment's length from the requested distance, on
/// hard quadratics (cusps, near-collinear turns, control points on end points, nearly straight,
/// extreme scales) and seeded random ones.
@Suite("Paced quadratic samples against a Float80 reference")
struct PacedQuadraticAccuracyTests {
    /// Hard cases: (start, control, end).
    static let hard: [(Point, Point, Point)] = [
        (Point(x: 0, y: 0), Point(x: 40, y: 120), Point(x: 100, y: 10)),  // the harness's curve (P5)
        (Point(x: 45, y: 100), Point(x: -35, y: 110), Point(x: 5, y: 0)),  // the album note
        (Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 5, y: 0)),  // collinear, doubles back (speed 0 inside)
        (Point(x: 0, y: 0), Point(x: 10, y: 1e-6), Point(x: 5, y: 0)),  // near-collinear, sharp turn
        (Point(x: 0, y: 0), Point(x: 50, y: 1e-3), Point(x: 0, y: 1e-3)),  // near-cusp U-turn
        (Point(x: 0, y: 0), Point(x: 0, y: 0), Point(x: 10, y: 5)),  // control on the start (speed 0 at u = 0)
        (Point(x: 0, y: 0), Point(x: 10, y: 5), Point(x: 10, y: 5)),  // control on the end
        (Point(x: 0, y: 0), Point(x: 50, y: 1e-9), Point(x: 100, y: 0)),  // nearly straight
        (Point(x: 0, y: 0), Point(x: 1000, y: 1), Point(x: 0, y: 2)),  // speed ratio ~1e3
        (Point(x: 0, y: 0), Point(x: 1, y: 1e4), Point(x: 2, y: 0)),  // tall spike
        (Point(x: 0, y: 0), Point(x: 3e-90, y: 1e-90), Point(x: 1e-90, y: 4e-90)),  // tiny coordinates
        (Point(x: -1e99, y: 0), Point(x: 1e99, y: 5e98), Point(x: 2e98, y: -1e99)),  // huge coordinates
        (Point(x: 1e6, y: 1e6), Point(x: 1e6 + 1e-3, y: 1e6 + 2e-3), Point(x: 1e6 + 3e-3, y: 1e6)),  // far from the origin
    ]

    static func check(_ p0: Point, _ c: Point, _ p1: Point, samples: Int, random: Int, seed: UInt64) throws -> Double {
        var path = Path()
        try path.move(to: p0)
        try path.addQuadCurve(to: p1, control: c)
        let measured = try MeasuredPath(path)
        let total = PathsReference.quadraticLength(p0, c, p1)
        guard total > 0 else { return 0 }
        let magnitude = [p0.x, p0.y, c.x, c.y, p1.x, p1.y].map(\.magnitude).max()!
        var worst = 0.0
        func record(_ position: PathPosition, _ target: Double) {
            let back = PathsReference.quadraticLength(p0, c, p1, upTo: PathsReal(position.parameter))
            let error = Double(abs(back - PathsReal(target)) / total)
            worst = max(worst, error)
            // The point is the curve's point at the returned parameter.
            let expected = PathsReference.quadraticPoint(p0, c, p1, position.parameter)
            #expect((position.point - expected).length <= 1e-12 * max(Double(total), magnitude))
        }
        var previous = -1.0
        for position in measured.uniformPositions(count: samples) {
            record(position, position.distance)
            #expect(position.parameter >= previous)
            previous = position.parameter
        }
        var rng = SplitMix64(seed: seed)
        for _ in 0..<random {
            let s = rng.uniform(0, measured.length)
            record(measured.position(atDistance: s), s)
        }
        return worst
    }

    @Test("hard quadratics: every sample within 1e-10 of the length of its target distance")
    func hardCases() throws {
        for (index, (p0, c, p1)) in Self.hard.enumerated() {
            let worst = try Self.check(p0, c, p1, samples: 301, random: 100, seed: UInt64(index) + 1)
            #expect(worst <= MeasuredPath.relativeTolerance, "case \(index): worst \(worst) of the length")
        }
    }

    @Test("seeded random and near-degenerate quadratics: within 1e-10 of the length")
    func randomCases() throws {
        var rng = SplitMix64(seed: 0x9ACED)
        for index in 0..<24 {
            let p0 = rng.point(-100, 100), p1 = rng.point(-100, 100)
            var c = rng.point(-100, 100)
            if index % 3 == 1 {
                // On the line through the end points, outside the chord (the curve doubles back), nudged.
                let t = rng.uniform(1.05, 4)
                c = Point(x: p0.x + t * (p1.x - p0.x), y: p0.y + t * (p1.y - p0.y) + rng.uniform(-1e-7, 1e-7))
            } else if index % 3 == 2 {
                c = Point(x: p0.x + rng.uniform(-1e-6, 1e-6), y: p0.y + rng.uniform(-1e-6, 1e-6))  // near the start
            }
            let worst = try Self.check(p0, c, p1, samples: 101, random: 40, seed: UInt64(index) + 100)
            #expect(worst <= MeasuredPath.relativeTolerance, "random case \(index): worst \(worst) of the length")
        }
    }

    @Test("a long path of quadratics (past the table allowance): every segment within 1e-10 of its length")
    func longPath() throws {
        var rng = SplitMix64(seed: 0x10_46)
        var path = Path()
        var current = Point(x: 0, y: 0)
        try path.move(to: current)
        var segments: [(Point, Point, Point)] = []
        for _ in 0..<600 {
            let c = rng.point(-100, 100), end = rng.point(-100, 100)
            try path.addQuadCurve(to: end, control: c)
            segments.append((current, c, end))
            current = end
        }
        let measured = try MeasuredPath(path)
        var cursor = PathCursor()
        var k = 0
        while k < segments.count {
            let (p0, c, p1) = segments[k]
            let start = measured.segmentStartDistances[k], length = measured.segmentStartDistances[k + 1] - start
            for fraction in [0.1, 0.37, 0.5, 0.81, 0.99] {
                let position = measured.position(atDistance: start + fraction * length, cursor: &cursor)
                #expect(position.segmentIndex == k)
                let back = PathsReference.quadraticLength(p0, c, p1, upTo: PathsReal(position.parameter))
                #expect(Double(abs(back - PathsReal(fraction * length))) <= MeasuredPath.relativeTolerance * length + 1e-13 * length,
                        "segment \(k) at \(fraction)")
            }
            k += k < 100 ? 1 : 23  // every one of the first hundred, then a sample of the rest
        }
    }
}

