// Fuzz target "timing-function": arbitrary control points (any float bits) and inputs. Invariants: a
// typed error for non-finite control points; otherwise TF(0) = 0, TF(1) = 1, finite output, output in
// [0, 1] and monotone in x (to within the accuracy contract) when the curve is monotone (0 ≤ y1 ≤ y2 ≤ 1),
// and the accuracy contract of Docs/semantics.md §8.4, |TF(x) − y(s*)| ≤ 1e-7 · max(1, |y1|, |y2|) where
// x(s*) = x, checked against an interval that provably holds y(s*) (Reference): no tolerance is tuned.
import FuzzSupport
import MediaTiming
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTimingFunctionEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    return fuzzOne(data, size)
}

#if arch(x86_64)
typealias Wide = Float80
#else
typealias Wide = Double
#endif

/// An exact reference for y(s*) with x(s*) = x, as an interval that provably contains it.
///
/// x(s) is evaluated in `Wide` (Float80 on x86_64: 64-bit significand, unit roundoff 2⁻⁶⁴) as the Bernstein
/// sum `3u²s·x1 + 3us²·x2 + s³` with `u = 1 − s`. Every term is non-negative (x1, x2 ∈ [0, 1], s ∈ [0, 1]) and
/// takes at most 6 roundings, the sum 2 more, so the computed value is within `8·2⁻⁶⁴·x(s) ≤ 2⁻⁶¹` of x(s)
/// (x(s) ≤ 1; `Wide` has the exponent range to keep double subnormals normal). A parameter whose computed x
/// plus that bound is below the target is certainly below every solution s*, one whose computed x minus the
/// bound is above is certainly above: bisection keeps such certified ends, so [sLow, sHigh] holds every s*.
/// Then |y(s*) − y(sLow)| ≤ L·(sHigh − sLow) with L = 3·max(|y1|, |y2 − y1|, |1 − y2|), the largest Bernstein
/// coefficient of y′, which bounds |y′| on [0, 1]; y(sLow) is evaluated in `Wide` with error at most
/// `8·2⁻⁶⁴·(3u²s|y1| + 3us²|y2| + s³) ≤ 2⁻⁶¹·max(1, |y1|, |y2|)`. With a double's 53-bit parameter the bracket
/// is an ulp of s wide where x′(s*) is not tiny, and about (2⁻⁶¹ / |x‴|)^(1/3) ≈ 1e-6 at a flat point of
/// x(s) (x′ = x″ = 0, the (1, ·, 0, ·) curves at x = 1/2), where no double parameter pins s* better.
/// Without Float80 (other architectures) `Wide` is Double and the bounds use 2⁻⁵³ instead of 2⁻⁶⁴.
struct Reference {
    let x1: Double, y1: Double, x2: Double, y2: Double
    #if arch(x86_64)
    static let roundingBound: Wide = 0x1p-61
    #else
    static let roundingBound: Wide = 0x1p-50
    #endif
    func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Wide {
        let s = Wide(s), u = 1 - s
        return 3 * u * u * s * Wide(p1) + 3 * u * s * s * Wide(p2) + s * s * s
    }
    func x(_ s: Double) -> Wide { bezier(x1, x2, s) }
    /// The interval [sLow, sHigh] that holds every solution of x(s) = x (0 < x < 1).
    func bracket(_ x: Double) -> (low: Double, high: Double) {
        let target = Wide(x), e = Self.roundingBound
        // Certainly below: x(0) = 0 < x; certainly above: x(1) = 1 > x.
        func bisect(movesLow: (Wide) -> Bool, returnLow: Bool) -> Double {
            var lo = 0.0, hi = 1.0
            while true {
                let mid = lo + (hi - lo) / 2
                if mid == lo || mid == hi { return returnLow ? lo : hi }
                if movesLow(self.x(mid)) { lo = mid } else { hi = mid }
            }
        }
        let low = bisect(movesLow: { $0 + e < target }, returnLow: true)       // lo stays certainly below
        let high = bisect(movesLow: { !($0 - e > target) }, returnLow: false)  // hi stays certainly above
        return (low, high)
    }
    /// The interval of y values that holds y(s*) for every solution s* of x(s) = x (0 < x < 1).
    func yInterval(_ x: Double) -> ClosedRange<Double> {
        let (low, high) = bracket(x)
        let scale = max(1, abs(y1), abs(y2))
        // The factor covers the double roundings of y2 − y1, 1 − y2 and the product (3 at most, 2⁻⁵³ each).
        let lipschitz = 3 * max(abs(y1), abs(y2 - y1), abs(1 - y2)) * (1 + 0x1p-50)
        let y = bezier(y1, y2, low)
        let spread = Wide(lipschitz) * Wide(high - low) + Self.roundingBound * Wide(scale)
        // Rounded outwards to doubles.
        return Double(y - spread).nextDown...Double(y + spread).nextUp
    }
}

func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let raw = (input.float(), input.float(), input.float(), input.float())
    let curve: TimingFunction
    do { curve = try TimingFunction(controlPoints: raw.0, raw.1, raw.2, raw.3) } catch {
        precondition([raw.0, raw.1, raw.2, raw.3].contains { !$0.isFinite }, "finite control points rejected")
        return 0
    }
    precondition((0...1).contains(curve.c1x) && (0...1).contains(curve.c2x), "x control points not clamped")
    let f = PreparedTimingFunction(curve)
    precondition(f.value(at: 0) == 0 && f.value(at: 1) == 1, "TF(0) or TF(1) wrong")
    precondition(f.value(at: .nan) == 0 && f.value(at: -.infinity) == 0 && f.value(at: .infinity) == 1)
    let ref = Reference(x1: Double(curve.c1x), y1: Double(curve.c1y), x2: Double(curve.c2x), y2: Double(curve.c2y))
    let monotone = 0 <= curve.c1y && curve.c1y <= curve.c2y && curve.c2y <= 1
    var xs: [Double] = []
    while !input.isAtEnd && xs.count < 16 {
        let bits = input.u64()
        // Half the inputs as arbitrary doubles, half as fractions of [0, 1] (where the curve lives).
        xs.append(bits & 1 == 0 ? Double(bitPattern: bits) : Double(bits >> 11) / Double(1 << 53))
    }
    for k in 0...8 { xs.append(Double(k) / 8) }
    var pairs: [(Double, Double)] = []
    for x in xs {
        let y = f.value(at: x)
        precondition(y.isFinite, "TF(\(x)) = \(y) for \(curve)")
        precondition(y.bitPattern == f.value(at: x).bitPattern, "not repeatable")
        guard x > 0 && x < 1 else { continue }
        // The contract: within 1e-7 in units of the curve's y scale (for huge y control points the double
        // evaluation of y alone has a rounding error far above 1e-7 absolute).
        let allowed = 1e-7 * max(1, abs(ref.y1), abs(ref.y2))
        let exact = ref.yInterval(x)
        precondition(y >= exact.lowerBound - allowed && y <= exact.upperBound + allowed,
                     "TF(\(x)) = \(y), exact value in \(exact) for \(curve)")
        if monotone { precondition((0...1).contains(y), "TF(\(x)) = \(y) outside [0, 1] for \(curve)") }
        pairs.append((x, y))
    }
    if monotone {
        pairs.sort { $0.0 < $1.0 }
        for (a, b) in zip(pairs, pairs.dropFirst()) where a.0 < b.0 {
            // Monotone to within the accuracy contract: each sample is within 1e-7 of the exact, monotone
            // curve (scale 1 for y control points in [0, 1]), so a later one is at most 2e-7 lower; exact
            // monotonicity is not promised (fuzzing found TF(7e-317) = 2.7e-110 > TF(2.6e-82) = 1.3e-113).
            precondition(a.1 <= b.1 + 2e-7, "not monotone: TF(\(a.0)) = \(a.1) > TF(\(b.0)) = \(b.1) for \(curve)")
        }
    }
    return 0
}

#if !FUZZING
@main struct FuzzTimingFunctionReplay {
    static func main() { replayFiles(CommandLine.arguments.dropFirst(), name: "FuzzTimingFunction", run: fuzzOne) }
}
#endif
