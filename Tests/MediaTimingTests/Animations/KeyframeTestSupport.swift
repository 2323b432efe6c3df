import PropertyBased
import MediaTiming

/// A two-component test value with the naive Euclidean distance `√(dx² + dy²)`, which overflows for
/// components beyond about 1e154 (exercises the paced-length rescaling).
struct Planar: VectorValue {
    var x: Double
    var y: Double

    init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    static var zero: Planar { Planar(0, 0) }
    static func + (lhs: Planar, rhs: Planar) -> Planar { Planar(lhs.x + rhs.x, lhs.y + rhs.y) }
    static func - (lhs: Planar, rhs: Planar) -> Planar { Planar(lhs.x - rhs.x, lhs.y - rhs.y) }
    static func * (lhs: Planar, rhs: Double) -> Planar { Planar(lhs.x * rhs, lhs.y * rhs) }
    func distance(to other: Planar) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// Uniform Catmull–Rom through `values` with duplicated end points, in the matrix form
/// `½·[2P1 + (P2 − P0)u + (2P0 − 5P1 + 4P2 − P3)u² + (−P0 + 3P1 − 3P2 + P3)u³]`, written independently of
/// the library's Hermite/Kochanek–Bartels code.
func catmullRom(_ values: [Double], at p: Double) -> Double {
    let segments = values.count - 1
    let scaled = p * Double(segments)
    let i = min(Int(scaled), segments - 1)
    let u = scaled - Double(i)
    let p0 = values[max(i - 1, 0)], p1 = values[i], p2 = values[i + 1], p3 = values[min(i + 2, segments)]
    let a = 2 * p1
    let b = p2 - p0
    let c = 2 * p0 - 5 * p1 + 4 * p2 - p3
    let d = -p0 + 3 * p1 - 3 * p2 + p3
    return 0.5 * (a + b * u + c * u * u + d * u * u * u)
}

/// `count` sorted key times from 0 to 1, strictly increasing, drawn from `rng`.
func randomKeyTimes(_ count: Int, _ rng: inout Xoshiro, allowRepeats: Bool = false) -> [Double] {
    var gaps = (0..<(count - 1)).map { _ in Double.random(in: 0.05...1, using: &rng) }
    if allowRepeats {
        for i in gaps.indices where Double.random(in: 0...1, using: &rng) < 0.2 { gaps[i] = 0 }
        if gaps.allSatisfy({ $0 == 0 }) { gaps[gaps.count - 1] = 1 }
    }
    let total = gaps.reduce(0, +)
    var times = [0.0]
    var sum = 0.0
    for gap in gaps.dropLast() {
        sum += gap
        times.append(min(sum / total, 1))
    }
    times.append(1)
    return times
}
