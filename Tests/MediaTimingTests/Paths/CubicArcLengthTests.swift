import Foundation
import Testing
import MediaTiming

@Suite("Cubic Bézier arc length (adaptive Gauss–Legendre)")
struct CubicArcLengthTests {
    @Test("random cubics match PathsReal adaptive quadrature (relative 1e-12)")
    func randomCurves() {
        var rng = SplitMix64(seed: 0xC0B1C)
        var worst = 0.0
        for _ in 0..<1000 {
            let p0 = rng.point(-200, 200), c1 = rng.point(-200, 200)
            let c2 = rng.point(-200, 200), p1 = rng.point(-200, 200)
            let length = CubicBezierSegment(start: p0, control1: c1, control2: c2, end: p1).length
            worst = max(worst, pathsRelativeError(length, PathsReference.cubicLength(p0, c1, c2, p1)))
        }
        #expect(worst <= 1e-12, "worst relative error \(worst)")
    }

    @Test("random partial lengths match the reference (relative 1e-12)")
    func randomPartialLengths() {
        var rng = SplitMix64(seed: 0xC0B1D)
        var worst = 0.0
        for _ in 0..<300 {
            let p0 = rng.point(-50, 50), c1 = rng.point(-50, 50), c2 = rng.point(-50, 50), p1 = rng.point(-50, 50)
            let u = rng.uniform(0, 1)
            let s = CubicBezierSegment(start: p0, control1: c1, control2: c2, end: p1)
            let reference = PathsReference.cubicLength(p0, c1, c2, p1, upTo: PathsReal(u))
            worst = max(worst, pathsRelativeError(s.length(upTo: u), reference))
        }
        #expect(worst <= 1e-12, "worst relative error \(worst)")
    }

    @Test("an exact cusp (speed 0 at u = 1/2)")
    func exactCusp() {
        // B'(1/2) = 3[(1/4)(1,1) + (1/2)(−1,0) + (1/4)(1,−1)] = 0.
        let p0 = Point(x: 0, y: 0), c1 = Point(x: 1, y: 1), c2 = Point(x: 0, y: 1), p1 = Point(x: 1, y: 0)
        let length = CubicBezierSegment(start: p0, control1: c1, control2: c2, end: p1).length
        let reference = PathsReference.cubicLength(p0, c1, c2, p1, splits: [0.5])
        #expect(pathsRelativeError(length, reference) <= 1e-12)
        // Scaled and shifted copies, and cusps at other parameters via random affine maps.
        var rng = SplitMix64(seed: 0xC05)
        for _ in 0..<100 {
            let m = (rng.uniform(-3, 3), rng.uniform(-3, 3), rng.uniform(-3, 3), rng.uniform(-3, 3))
            let shift = rng.point(-10, 10)
            func map(_ p: Point) -> Point { Point(x: m.0 * p.x + m.1 * p.y + shift.x, y: m.2 * p.x + m.3 * p.y + shift.y) }
            let q0 = map(p0), q1 = map(c1), q2 = map(c2), q3 = map(p1)
            let l = CubicBezierSegment(start: q0, control1: q1, control2: q2, end: q3).length
            #expect(pathsRelativeError(l, PathsReference.cubicLength(q0, q1, q2, q3, splits: [0.5])) <= 1e-12)
        }
    }

    @Test("near-cusps, loops and nearly straight cubics")
    func nearlyDegenerate() {
        var rng = SplitMix64(seed: 0xC0B1E)
        var worst = 0.0
        for i in 0..<400 {
            let epsilon = [1e-2, 1e-4, 1e-6, 1e-9][i % 4]
            let p0: Point, c1: Point, c2: Point, p1: Point
            if (i / 4) % 2 == 0 {
                // The cusp curve above with its control points nudged.
                p0 = Point(x: 0, y: 0); c1 = Point(x: 1, y: 1) + epsilon * rng.point(-1, 1)
                c2 = Point(x: 0, y: 1) + epsilon * rng.point(-1, 1); p1 = Point(x: 1, y: 0)
            } else {
                // Controls near the thirds of a chord: nearly uniform straight motion.
                p0 = rng.point(-10, 10); p1 = rng.point(-10, 10)
                let d = p1 - p0
                c1 = p0 + (1.0 / 3.0) * d + epsilon * rng.point(-1, 1)
                c2 = p0 + (2.0 / 3.0) * d + epsilon * rng.point(-1, 1)
            }
            let length = CubicBezierSegment(start: p0, control1: c1, control2: c2, end: p1).length
            // The reference finds the speed minima by dense sampling and splits there.
            let reference = PathsReference.cubicLength(p0, c1, c2, p1, splits: speedMinima(p0, c1, c2, p1))
            worst = max(worst, pathsRelativeError(length, reference))
        }
        #expect(worst <= 1e-12, "worst relative error \(worst)")
    }

    @Test("straight cubics: the chord, and out-and-back")
    func straight() {
        // Controls at the thirds of (0,0)–(3,4): uniform motion, length 5.
        let s = CubicBezierSegment(start: .zero, control1: Point(x: 1, y: 4.0 / 3.0),
                                   control2: Point(x: 2, y: 8.0 / 3.0), end: Point(x: 3, y: 4))
        #expect(abs(s.length - 5) <= 5e-14)
        // Controls on the end points: straight, non-uniform, still length 5.
        let t = CubicBezierSegment(start: .zero, control1: .zero, control2: Point(x: 3, y: 4), end: Point(x: 3, y: 4))
        #expect(abs(t.length - 5) <= 5e-14)
        // x(t) = 3t(1−t)²·1 + 3t²(1−t)·1 = 3t(1−t): out to 3/4 at t = 1/2 and back: 3/2.
        let u = CubicBezierSegment(start: .zero, control1: Point(x: 1, y: 0), control2: Point(x: 1, y: 0), end: .zero)
        #expect(abs(u.length - 1.5) <= 1.5e-13)
        #expect(abs(u.length(upTo: 0.5) - 0.75) <= 1.5e-13)
    }

    @Test("coincident points have length 0")
    func coincident() {
        let p = Point(x: -4, y: 9)
        #expect(CubicBezierSegment(start: p, control1: p, control2: p, end: p).length == 0)
    }

    @Test("splitting at a random parameter (de Casteljau) preserves the length")
    func splitProperty() {
        var rng = SplitMix64(seed: 0x5B118)
        var worst = 0.0
        for _ in 0..<300 {
            let p0 = rng.point(-100, 100), c1 = rng.point(-100, 100), c2 = rng.point(-100, 100), p1 = rng.point(-100, 100)
            let t = rng.uniform(0.01, 0.99)
            let (l, r) = PathsReference.splitCubic(p0, c1, c2, p1, at: t)
            let whole = CubicBezierSegment(start: p0, control1: c1, control2: c2, end: p1).length
            let left = CubicBezierSegment(start: l.0, control1: l.1, control2: l.2, end: l.3).length
            let right = CubicBezierSegment(start: r.0, control1: r.1, control2: r.2, end: r.3).length
            worst = max(worst, abs(left + right - whole) / whole)
        }
        #expect(worst <= 1e-12, "worst relative error \(worst)")
    }

    @Test("point and tangent evaluation")
    func evaluation() {
        let s = CubicBezierSegment(start: Point(x: 0, y: 0), control1: Point(x: 3, y: 6),
                                   control2: Point(x: 9, y: 6), end: Point(x: 12, y: 0))
        #expect(s.point(at: 0) == Point(x: 0, y: 0))
        #expect(s.point(at: 1) == Point(x: 12, y: 0))
        // B(1/2) = (P0 + 3C1 + 3C2 + P1)/8 = (48/8, 36/8)
        #expect(s.point(at: 0.5) == Point(x: 6, y: 4.5))
        // B'(0) = 3(C1 − P0), B'(1) = 3(P1 − C2), B'(1/2) = (3/4)(P1 + C2 − C1 − P0) = (13.5, 0)
        #expect(s.tangent(at: 0) == Point(x: 9, y: 18))
        #expect(s.tangent(at: 1) == Point(x: 9, y: -18))
        #expect(s.tangent(at: 0.5) == Point(x: 13.5, y: 0))
    }

    @Test("exact scaling by powers of two across the coordinate range")
    func powerOfTwoScaling() {
        var rng = SplitMix64(seed: 0x5CA1F)
        for _ in 0..<50 {
            let p0 = rng.point(-1, 1), c1 = rng.point(-1, 1), c2 = rng.point(-1, 1), p1 = rng.point(-1, 1)
            let base = CubicBezierSegment(start: p0, control1: c1, control2: c2, end: p1).length
            for e in [-900, -500, -100, 100, 300] {
                let k = Double(sign: .plus, exponent: e, significand: 1)
                let scaled = CubicBezierSegment(start: k * p0, control1: k * c1, control2: k * c2, end: k * p1).length
                #expect(scaled == base * k, "2^\(e)")
            }
        }
    }

    /// Parameters of local minima of the speed, found by dense sampling and golden-section
    /// refinement in PathsReal (the tests' own search).
    private func speedMinima(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point) -> [PathsReal] {
        let A = PathsVector80(c1) - PathsVector80(p0)
        let B = PathsVector80(c2) - PathsVector80(c1)
        let C = PathsVector80(p1) - PathsVector80(c2)
        func speed(_ t: PathsReal) -> PathsReal {
            let v = 1 - t
            return ((v * v) * A + (2 * t * v) * B + (t * t) * C).norm
        }
        let n = 400
        var result: [PathsReal] = []
        for i in 1..<n {
            let t0 = PathsReal(i - 1) / PathsReal(n), t1 = PathsReal(i) / PathsReal(n), t2 = PathsReal(i + 1) / PathsReal(n)
            guard speed(t1) <= speed(t0), speed(t1) <= speed(t2) else { continue }
            var a = t0, b = t2
            let g: PathsReal = (PathsReal(5).squareRoot() - 1) / 2
            for _ in 0..<120 {
                let x1 = b - g * (b - a), x2 = a + g * (b - a)
                if speed(x1) < speed(x2) { b = x2 } else { a = x1 }
            }
            result.append((a + b) / 2)
        }
        return result
    }
}
