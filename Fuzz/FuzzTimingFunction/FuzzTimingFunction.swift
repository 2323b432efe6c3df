// Fuzz target "timing-function": arbitrary control points (any float bits) and inputs. Invariants: a
// typed error for non-finite control points; otherwise TF(0) = 0, TF(1) = 1, finite output, output in
// [0, 1] and monotone in x (to within 2e-7, the accuracy contract) when the curve is monotone (0 ≤ y1 ≤ y2 ≤ 1), and an error ≤ 1e-7 against a
// bisection reference, scaled by max(1, |y1|, |y2|) (x control points are always in [0, 1] after
// clamping). Where the curve is flat in
// x at the solution (x'(s) < 1e-2), the reference itself is ill-conditioned; there the bound is 1e-7
// plus y's spread over s ± 1e-5 around the reference parameter.
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

struct Reference {
    let x1: Double, y1: Double, x2: Double, y2: Double
    func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Wide {
        let s = Wide(s), u = 1 - s
        return 3 * u * u * s * Wide(p1) + 3 * u * s * s * Wide(p2) + s * s * s
    }
    func x(_ s: Double) -> Wide { bezier(x1, x2, s) }
    func y(_ s: Double) -> Double { Double(bezier(y1, y2, s)) }
    func dx(_ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * x1 + 6 * u * s * (x2 - x1) + 3 * s * s * (1 - x2)
    }
    /// The parameter s with x(s) = x, by bisection (x(s) is non-decreasing for x control points in [0, 1]).
    func solve(_ x: Double) -> Double {
        var lo = 0.0, hi = 1.0
        let target = Wide(x)
        for _ in 0..<200 {
            let mid = lo + (hi - lo) / 2
            if mid == lo || mid == hi { break }
            if self.x(mid) < target { lo = mid } else { hi = mid }
        }
        return lo + (hi - lo) / 2
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
        let s = ref.solve(x)
        let expected = ref.y(s)
        // 1e-7 in units of the curve's y scale: for huge y control points the double evaluation of y
        // alone has a rounding error far above 1e-7 absolute.
        let scale = max(1, abs(ref.y1), abs(ref.y2))
        var tolerance = 1e-7 * scale
        if ref.dx(s) < 1e-2 {
            let lo = ref.y(max(0, s - 1e-5)), hi = ref.y(min(1, s + 1e-5))
            tolerance += max(abs(lo - expected), abs(hi - expected))
        }
        precondition(abs(y - expected) <= tolerance,
                     "TF(\(x)) = \(y), bisection \(expected) (Δ \(abs(y - expected))) for \(curve)")
        if monotone { precondition((0...1).contains(y), "TF(\(x)) = \(y) outside [0, 1] for \(curve)") }
        pairs.append((x, y))
    }
    if monotone {
        pairs.sort { $0.0 < $1.0 }
        for (a, b) in zip(pairs, pairs.dropFirst()) where a.0 < b.0 {
            // Monotone to within the accuracy contract (two samples each within 1e-7·scale): exact
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
