import PropertyBased
import Testing

import MediaTiming

/// Expects `actual` within `tolerance` of `expected` (absolute).
func expectClose(
    _ actual: Double, _ expected: Double, tolerance: Double = 1e-9, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        (actual - expected).magnitude <= tolerance,
        "\(actual) is not within \(tolerance) of \(expected)\(comment.map { " — \($0)" } ?? "")",
        sourceLocation: sourceLocation)
}

/// Runs `body` `count` times with one deterministic random generator, so property tests draw the same
/// cases on every run and every machine (CI needs fixed seeds; `propertyCheck` seeds randomly).
func seededCheck(count: Int, seed: UInt64, _ body: (inout Xoshiro) throws -> Void) rethrows {
    var rng = Xoshiro(seed: (seed, seed &* 0x9E37_79B9_7F4A_7C15, ~seed, seed ^ 0xD1B5_4A32_D192_ED03))
    for _ in 0..<count { try body(&rng) }
}

extension Generator {
    /// One value from the generator.
    func draw(_ rng: inout Xoshiro) -> ResultValue { run(using: &rng) }
}

/// The value of a basic animation from 0 to 100 over model value 42, the convention of the test vectors
/// (semantics §17): the interpolated value while the animation applies, the model value otherwise.
func vectorValue(_ evaluation: TimingEvaluation) -> Double {
    evaluation.applies ? 100 * evaluation.progress : 42
}

/// The spec's reference method for timing functions (semantics §17 I): 200 halvings of x(s) on [0, 1] in
/// double precision, then y(s).
func specBisection(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, _ x: Double) -> Double {
    func bernstein(_ q1: Double, _ q2: Double, _ s: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * q1 + 3 * (1 - s) * s * s * q2 + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if bernstein(c1x, c2x, mid) < x { lo = mid } else { hi = mid }
    }
    return bernstein(c1y, c2y, (lo + hi) / 2)
}

#if arch(x86_64) || arch(i386)
typealias Wide = Float80
#else
typealias Wide = Double
#endif

/// An independent extended-precision reference for y(x): bisection of the Bernstein form in `Float80`.
func wideBisection(_ f: TimingFunction, _ x: Double) -> Double {
    let c1x = Wide(f.c1x), c1y = Wide(f.c1y), c2x = Wide(f.c2x), c2y = Wide(f.c2y), target = Wide(x)
    func bernstein(_ q1: Wide, _ q2: Wide, _ s: Wide) -> Wide {
        let u = 1 - s
        return 3 * u * u * s * q1 + 3 * u * s * s * q2 + s * s * s
    }
    var lo: Wide = 0, hi: Wide = 1
    for _ in 0..<80 {
        let mid = (lo + hi) / 2
        if bernstein(c1x, c2x, mid) < target { lo = mid } else { hi = mid }
    }
    return Double(bernstein(c1y, c2y, (lo + hi) / 2))
}

/// The 64-bit FNV-1a hash, for golden determinism checks.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func combine(_ word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            value ^= (word >> UInt64(shift)) & 0xff
            value = value &* 0x100_0000_01b3
        }
    }
    mutating func combine(_ double: Double) { combine(double.bitPattern) }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny deterministic generator of test arguments, seeded
/// explicitly so every run draws the same values.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 random bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in `[lo, hi)`.
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }

    /// Uniform in `0..<n` (n > 0).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// Log-uniform by binade: exponent uniform in minExponent...maxExponent, significand
    /// uniform in [1, 2), random sign if `signed`. Exponents below -1022 give subnormals.
    mutating func binades(_ minExponent: Int, _ maxExponent: Int, signed: Bool = false) -> Double {
        let e = minExponent + Int(next() % UInt64(maxExponent - minExponent + 1))
        let sign: FloatingPointSign = signed && next() & 1 == 1 ? .minus : .plus
        return Double(sign: sign, exponent: e, significand: 1 + unit())
    }
}

extension AnimationRuntime {
    /// The presentation value of `keyPath` computed on demand, then, after `updatePresentation()`, read
    /// from the pass's table and through `presentation(of:)`: the three readings, which must agree.
    mutating func threeReadings(of keyPath: AnimationKeyPath, layer: LayerID) throws -> [AnimationValue] {
        let onDemand = try presentationValue(of: keyPath, layer: layer)
        try updatePresentation()
        let inPlace = try presentationValue(of: keyPath, layer: layer)
        let table = try presentation(of: layer).value(of: keyPath)
        return [onDemand, inPlace, table]
    }
}
