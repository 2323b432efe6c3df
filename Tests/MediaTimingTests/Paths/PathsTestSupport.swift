// Test-only helpers for the Paths tests: a seeded RNG and high-precision reference arc lengths
// computed independently of the library (Float80 arithmetic, Gauss–Legendre nodes computed here
// by Newton's method, adaptive subdivision), plus the tests' own Bézier evaluation and
// de Casteljau splitting.
import Foundation
import MediaTiming

#if arch(x86_64) || arch(i386)
/// The reference arithmetic: 64-bit-mantissa extended precision where the hardware has it.
typealias PathsReal = Float80
#else
/// No Float80 on this architecture: the references fall back to Double (weaker, still far more
/// accurate than the tolerances tested, thanks to the adaptive subdivision).
typealias PathsReal = Double
#endif

extension SplitMix64 {
    mutating func point(_ lo: Double, _ hi: Double) -> Point {
        Point(x: uniform(lo, hi), y: uniform(lo, hi))
    }
}

/// A 2-D vector in extended precision for the reference computations.
struct PathsVector80 {
    var x: PathsReal
    var y: PathsReal

    init(_ x: PathsReal, _ y: PathsReal) { self.x = x; self.y = y }
    init(_ p: Point) { x = PathsReal(p.x); y = PathsReal(p.y) }

    static func + (l: PathsVector80, r: PathsVector80) -> PathsVector80 { PathsVector80(l.x + r.x, l.y + r.y) }
    static func - (l: PathsVector80, r: PathsVector80) -> PathsVector80 { PathsVector80(l.x - r.x, l.y - r.y) }
    static func * (l: PathsReal, r: PathsVector80) -> PathsVector80 { PathsVector80(l * r.x, l * r.y) }
    var norm: PathsReal { (x * x + y * y).squareRoot() }
}

enum PathsReference {
    /// 12-point Gauss–Legendre nodes and weights on [-1, 1], computed in PathsReal by Newton's
    /// method on the Legendre polynomial (independent of the library's 8-point constants).
    static let rule: (nodes: [PathsReal], weights: [PathsReal]) = {
        let n = 12
        var nodes: [PathsReal] = []
        var weights: [PathsReal] = []
        for i in 1...n {
            var x = cos(PathsReal.pi * (PathsReal(i) - 0.25) / (PathsReal(n) + 0.5))
            var derivative: PathsReal = 0
            for _ in 0..<100 {
                var p0: PathsReal = 1, p1 = x
                for k in 2...n {
                    let p2 = ((2 * PathsReal(k) - 1) * x * p1 - (PathsReal(k) - 1) * p0) / PathsReal(k)
                    p0 = p1
                    p1 = p2
                }
                derivative = PathsReal(n) * (x * p1 - p0) / (x * x - 1)
                let dx = p1 / derivative
                x -= dx
                if abs(dx) <= 4 * PathsReal.ulpOfOne { break }
            }
            // Recompute the derivative at the converged node.
            var p0: PathsReal = 1, p1 = x
            for k in 2...n {
                let p2 = ((2 * PathsReal(k) - 1) * x * p1 - (PathsReal(k) - 1) * p0) / PathsReal(k)
                p0 = p1
                p1 = p2
            }
            derivative = PathsReal(n) * (x * p1 - p0) / (x * x - 1)
            nodes.append(x)
            weights.append(2 / ((1 - x * x) * derivative * derivative))
        }
        return (nodes, weights)
    }()

    static func gauss(_ f: (PathsReal) -> PathsReal, _ a: PathsReal, _ b: PathsReal) -> PathsReal {
        let h = (b - a) / 2, m = (a + b) / 2
        var s: PathsReal = 0
        for i in 0..<rule.nodes.count {
            s += rule.weights[i] * f(m + h * rule.nodes[i])
        }
        return s * h
    }

    /// Adaptive 12-point Gauss–Legendre in PathsReal: a panel is accepted when it agrees with
    /// the sum over its halves to `tolerance · width`.
    static func integrate(_ f: (PathsReal) -> PathsReal, _ a: PathsReal, _ b: PathsReal, tolerance: PathsReal) -> PathsReal {
        func step(_ a: PathsReal, _ b: PathsReal, _ whole: PathsReal, _ depth: Int) -> PathsReal {
            let m = (a + b) / 2
            let l = gauss(f, a, m), r = gauss(f, m, b)
            if abs(whole - (l + r)) <= tolerance * (b - a) || depth >= 40 { return l + r }
            return step(a, m, l, depth + 1) + step(m, b, r, depth + 1)
        }
        if !(b > a) { return 0 }
        // Start from 8 panels so that no feature is missed by a lucky first comparison.
        var total: PathsReal = 0
        for k in 0..<8 {
            let lo = a + (b - a) * PathsReal(k) / 8, hi = a + (b - a) * PathsReal(k + 1) / 8
            total += step(lo, hi, gauss(f, lo, hi), 0)
        }
        return total
    }

    /// Reference arc length of the quadratic from parameter 0 to `u`, split at the parameter of
    /// minimum speed so that a cusp (a kink of the speed) sits on a panel boundary.
    static func quadraticLength(_ p0: Point, _ c: Point, _ p1: Point, upTo u: PathsReal = 1) -> PathsReal {
        let P0 = PathsVector80(p0), C = PathsVector80(c), P1 = PathsVector80(p1)
        let a = C - P0, b = (P1 - C) - (C - P0)
        let speed: (PathsReal) -> PathsReal = { t in 2 * (a + t * b).norm }
        let polygon = a.norm + (P1 - C).norm
        let tolerance = polygon * 20 * PathsReal.ulpOfOne
        var breaks: [PathsReal] = [0]
        let bb = b.x * b.x + b.y * b.y
        if bb > 0 {
            let tStar = -(a.x * b.x + a.y * b.y) / bb
            if tStar > 0, tStar < u { breaks.append(tStar) }
        }
        breaks.append(u)
        var total: PathsReal = 0
        for i in 0..<(breaks.count - 1) {
            total += integrate(speed, breaks[i], breaks[i + 1], tolerance: tolerance)
        }
        return total
    }

    /// Reference arc length of the cubic from parameter 0 to `u`; `splits` adds known kinks.
    static func cubicLength(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, upTo u: PathsReal = 1,
                            splits: [PathsReal] = []) -> PathsReal {
        let A = PathsVector80(c1) - PathsVector80(p0)
        let B = PathsVector80(c2) - PathsVector80(c1)
        let C = PathsVector80(p1) - PathsVector80(c2)
        let speed: (PathsReal) -> PathsReal = { t in
            let v = 1 - t
            return (3 * ((v * v) * A + (2 * t * v) * B + (t * t) * C)).norm
        }
        let polygon = A.norm + B.norm + C.norm
        let tolerance = polygon * 20 * PathsReal.ulpOfOne
        let breaks = ([0] + splits.filter { $0 > 0 && $0 < u } + [u]).sorted()
        var total: PathsReal = 0
        for i in 0..<(breaks.count - 1) {
            total += integrate(speed, breaks[i], breaks[i + 1], tolerance: tolerance)
        }
        return total
    }

    /// The tests' own quadratic Bézier point (Bernstein form, in PathsReal, rounded).
    static func quadraticPoint(_ p0: Point, _ c: Point, _ p1: Point, _ t: Double) -> Point {
        let T = PathsReal(t), V = 1 - T
        let x = V * V * PathsReal(p0.x) + 2 * T * V * PathsReal(c.x) + T * T * PathsReal(p1.x)
        let y = V * V * PathsReal(p0.y) + 2 * T * V * PathsReal(c.y) + T * T * PathsReal(p1.y)
        return Point(x: Double(x), y: Double(y))
    }

    /// de Casteljau split of a quadratic at `t`, in Double (the tests' own implementation).
    static func splitQuadratic(_ p0: Point, _ c: Point, _ p1: Point, at t: Double)
        -> ((Point, Point, Point), (Point, Point, Point)) {
        func lerp(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let q0 = lerp(p0, c), q1 = lerp(c, p1)
        let m = lerp(q0, q1)
        return ((p0, q0, m), (m, q1, p1))
    }

    /// de Casteljau split of a cubic at `t`, in Double.
    static func splitCubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, at t: Double)
        -> ((Point, Point, Point, Point), (Point, Point, Point, Point)) {
        func lerp(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let a = lerp(p0, c1), b = lerp(c1, c2), c = lerp(c2, p1)
        let d = lerp(a, b), e = lerp(b, c)
        let m = lerp(d, e)
        return ((p0, a, d, m), (m, e, c, p1))
    }
}

/// |x − y| / |y| (0 when both are 0).
func pathsRelativeError(_ x: Double, _ y: PathsReal) -> Double {
    if y == 0 { return x == 0 ? 0 : .infinity }
    return Double(abs(PathsReal(x) - y) / abs(y))
}
