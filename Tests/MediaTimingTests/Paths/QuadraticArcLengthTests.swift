import Foundation
import Testing
import MediaTiming

@Suite("Quadratic Bézier arc length (closed form)")
struct QuadraticArcLengthTests {
    @Test("closed form matches PathsReal adaptive quadrature on random curves (relative 1e-12)")
    func randomCurves() {
        var rng = SplitMix64(seed: 0x5EED_0004)
        var worst = 0.0
        for _ in 0..<2000 {
            let p0 = rng.point(-200, 200), c = rng.point(-200, 200), p1 = rng.point(-200, 200)
            let length = QuadraticBezierSegment(start: p0, control: c, end: p1).length
            let reference = PathsReference.quadraticLength(p0, c, p1)
            worst = max(worst, pathsRelativeError(length, reference))
        }
        #expect(worst <= 1e-12, "worst relative error \(worst)")
    }

    @Test("partial lengths match the reference at random parameters (relative 1e-12)")
    func randomPartialLengths() {
        var rng = SplitMix64(seed: 0xFA57_0001)
        var worst = 0.0
        for _ in 0..<500 {
            let p0 = rng.point(-50, 50), c = rng.point(-50, 50), p1 = rng.point(-50, 50)
            let u = rng.uniform(0, 1)
            let length = QuadraticBezierSegment(start: p0, control: c, end: p1).length(upTo: u)
            let reference = PathsReference.quadraticLength(p0, c, p1, upTo: PathsReal(u))
            worst = max(worst, pathsRelativeError(length, reference))
        }
        #expect(worst <= 1e-12, "worst relative error \(worst)")
    }

    @Test("nearly degenerate curves: almost straight, almost collinear, almost a cusp")
    func nearlyDegenerate() {
        var rng = SplitMix64(seed: 0xDE6E_0001)
        var worst = 0.0
        for i in 0..<600 {
            let p0 = rng.point(-100, 100), p1 = rng.point(-100, 100)
            let d = p1 - p0
            let normal = Point(x: -d.y, y: d.x)
            let epsilon = [1e-3, 1e-6, 1e-9, 1e-12, 1e-15][i % 5]
            let c: Point
            switch (i / 5) % 3 {
            case 0:  // control near the chord's midpoint: nearly uniform straight motion
                c = 0.5 * (p0 + p1) + epsilon * rng.uniform(-1, 1) * d + epsilon * rng.uniform(-1, 1) * normal
            case 1:  // control near the line, inside the chord
                c = p0 + rng.uniform(0.05, 0.95) * d + epsilon * rng.uniform(-1, 1) * normal
            default:  // control near the line, outside the chord: nearly a cusp (speed almost 0 inside)
                c = p0 + rng.uniform(1.2, 4) * d + epsilon * rng.uniform(-1, 1) * normal
            }
            let length = QuadraticBezierSegment(start: p0, control: c, end: p1).length
            worst = max(worst, pathsRelativeError(length, PathsReference.quadraticLength(p0, c, p1)))
        }
        #expect(worst <= 1e-12, "worst relative error \(worst)")
    }

    @Test("coincident points have length 0")
    func coincident() {
        let p = Point(x: 3.25, y: -7.5)
        #expect(QuadraticBezierSegment(start: p, control: p, end: p).length == 0)
        #expect(QuadraticBezierSegment(start: p, control: p, end: p).length(upTo: 0.5) == 0)
    }

    @Test("control point on an end point: a straight line")
    func controlOnEnd() {
        // Straight motion from (1, 2) to (4, 6): length 5 whichever end the control sits on.
        let a = Point(x: 1, y: 2), b = Point(x: 4, y: 6)
        #expect(abs(QuadraticBezierSegment(start: a, control: a, end: b).length - 5) <= 5e-15)
        #expect(abs(QuadraticBezierSegment(start: a, control: b, end: b).length - 5) <= 5e-15)
    }

    @Test("collinear control inside the chord: the chord length")
    func collinearInside() {
        // (0,0) → (30,40) with the control at 1/5 of the chord: length 50.
        let length = QuadraticBezierSegment(start: .zero, control: Point(x: 6, y: 8), end: Point(x: 30, y: 40)).length
        #expect(abs(length - 50) <= 50 * 4e-16)
    }

    @Test("collinear control outside the chord: out and back through a point of zero speed")
    func collinearCusp() {
        // x(t) = 20t − 15t²: turns at t = 2/3, x = 20/3, then back to 5: 20/3 + 5/3 = 25/3.
        let s1 = QuadraticBezierSegment(start: .zero, control: Point(x: 10, y: 0), end: Point(x: 5, y: 0))
        #expect(abs(s1.length - 25.0 / 3.0) <= 25.0 / 3.0 * 4e-16)
        // Out to (2, 1.5) and back to the start: twice 2.5.
        let s2 = QuadraticBezierSegment(start: .zero, control: Point(x: 4, y: 3), end: .zero)
        #expect(abs(s2.length - 5) <= 5 * 4e-16)
        // The same on a slanted line with non-representable fractions; the expected value is the
        // sum of the straight runs, with the turning point computed here.
        let p0 = Point(x: 0.1, y: 0.7), dir = Point(x: 0.6, y: -0.8)
        let c = p0 + 9.0 * dir, p1 = p0 + 2.0 * dir
        // Along the line: x(t) = 2t(1−t)·9 + 2t² = 18t − 16t², turning at t = 9/16, x = 81/16.
        let expected = 81.0 / 16.0 + (81.0 / 16.0 - 2.0)
        let s3 = QuadraticBezierSegment(start: p0, control: c, end: p1)
        #expect(abs(s3.length - expected) <= expected * 1e-14)
        // Partial length before and after the turning point.
        #expect(abs(s3.length(upTo: 9.0 / 16.0) - 81.0 / 16.0) <= 1e-14 * expected)
        #expect(abs(s3.length(upTo: 0.25) - (18 * 0.25 - 16 * 0.0625)) <= 1e-14 * expected)
    }

    @Test("exact scaling by powers of two across the whole coordinate range")
    func powerOfTwoScaling() throws {
        var rng = SplitMix64(seed: 0x5CA1E)
        for _ in 0..<200 {
            let p0 = rng.point(-1, 1), c = rng.point(-1, 1), p1 = rng.point(-1, 1)
            let base = QuadraticBezierSegment(start: p0, control: c, end: p1).length
            for e in [-900, -600, -300, -100, 0, 100, 300] {
                let k = Double(sign: .plus, exponent: e, significand: 1)
                let scaled = QuadraticBezierSegment(start: k * p0, control: k * c, end: k * p1).length
                #expect(scaled == base * k, "2^\(e)")
            }
        }
    }

    @Test("splitting at a random parameter (de Casteljau) preserves the length")
    func splitProperty() {
        var rng = SplitMix64(seed: 0x5B117)
        var worst = 0.0
        for _ in 0..<500 {
            let p0 = rng.point(-100, 100), c = rng.point(-100, 100), p1 = rng.point(-100, 100)
            let t = rng.uniform(0.01, 0.99)
            let (l, r) = PathsReference.splitQuadratic(p0, c, p1, at: t)
            let whole = QuadraticBezierSegment(start: p0, control: c, end: p1).length
            let left = QuadraticBezierSegment(start: l.0, control: l.1, end: l.2).length
            let right = QuadraticBezierSegment(start: r.0, control: r.1, end: r.2).length
            worst = max(worst, abs(left + right - whole) / whole)
            // The left half's length is also the partial length of the whole up to t.
            let partial = QuadraticBezierSegment(start: p0, control: c, end: p1).length(upTo: t)
            worst = max(worst, abs(partial - left) / whole)
        }
        #expect(worst <= 1e-12, "worst relative error \(worst)")
    }

    @Test("point and tangent evaluation")
    func evaluation() {
        let s = QuadraticBezierSegment(start: Point(x: 1, y: 1), control: Point(x: 3, y: 5), end: Point(x: 7, y: 2))
        #expect(s.point(at: 0) == Point(x: 1, y: 1))
        #expect(s.point(at: 1) == Point(x: 7, y: 2))
        // B(0.5) = 0.25·P0 + 0.5·C + 0.25·P1 = (0.25 + 1.5 + 1.75, 0.25 + 2.5 + 0.5)
        #expect(s.point(at: 0.5) == Point(x: 3.5, y: 3.25))
        // B'(u) = 2[(1−u)(C−P0) + u(P1−C)]: (4, 8) at 0, (8, −6) at 1, (6, 1) at 0.5.
        #expect(s.tangent(at: 0) == Point(x: 4, y: 8))
        #expect(s.tangent(at: 1) == Point(x: 8, y: -6))
        #expect(s.tangent(at: 0.5) == Point(x: 6, y: 1))
        // A central difference of the test's own evaluation agrees with the tangent.
        var rng = SplitMix64(seed: 7)
        for _ in 0..<100 {
            let u = rng.uniform(0.01, 0.99), h = 1e-6
            let a = PathsReference.quadraticPoint(s.start, s.control, s.end, u - h)
            let b = PathsReference.quadraticPoint(s.start, s.control, s.end, u + h)
            let numeric = (1 / (2 * h)) * (b - a)
            #expect((numeric - s.tangent(at: u)).length <= 1e-7)
        }
    }

    @Test("non-finite input gives NaN, not a trap")
    func nonFinite() {
        let s = QuadraticBezierSegment(start: .zero, control: Point(x: .nan, y: 0), end: Point(x: 1, y: 1))
        #expect(s.length.isNaN)
        let t = QuadraticBezierSegment(start: .zero, control: Point(x: .infinity, y: 0), end: Point(x: 1, y: 1))
        #expect(!t.length.isFinite)
    }
}
