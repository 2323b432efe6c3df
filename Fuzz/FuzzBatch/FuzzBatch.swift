// Fuzz target "batch": ResolvedTimingBatch (the struct-of-arrays engine, the package's largest body of
// unsafe pointer code) against the single evaluation. Random kinds (every shared Timing field, tame or raw
// bits: NaN, ±infinity, subnormals, huge, negative), random curves (named or raw control points), up to
// 600 items (begin and duration tame or from a pool of raw doubles, curve indices in and out of range),
// random parent times (tame, raw bits, or exactly an item's begin or end). Invariant, in every layout
// (pairs, runs, automatic) and for both values of removedOnCompletion: each item's outputs (progress, unit
// time, phase, applies, iteration, status) are bit-identical to ResolvedTiming.evaluate with the same timing
// and curve, the first error is the first failing item's, the item errors are the resolution errors, and a
// non-finite time throws invalidTime. `precondition` here only signals a violated invariant.
import FuzzSupport
import MediaTiming
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatchEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    return fuzzOne(data, size)
}

/// The shared fields of one kind: tame from two bytes, or raw bits after a 255 selector.
func kind(_ input: inout FuzzBytes) -> Timing {
    let selector = input.u8()
    if selector == 255 {
        let flags = input.u8()
        return Timing(speed: input.float(), timeOffset: input.double(), repeatCount: input.float(),
                      repeatDuration: input.double(), autoreverses: flags & 1 != 0,
                      fillMode: FillMode.allCases[Int(flags >> 1) % 4])
    }
    let more = input.u8()
    let speeds: [Float] = [1, 1, 2, 0.5, -1, 0, 3, -0.25]
    let offsets = [0.0, 0, 0.5, -1.25]
    let repeats: [Float] = [1, 2.5, 3, .infinity, 0, 1.5, 0.3, 100]
    return Timing(speed: speeds[Int(selector & 7)], timeOffset: offsets[Int(selector >> 3) & 3],
                  repeatCount: repeats[Int(selector >> 5)], repeatDuration: more & 0x80 != 0 ? 2.75 : 0,
                  autoreverses: more & 1 != 0, fillMode: FillMode.allCases[Int(more >> 1) & 3])
}

/// A curve: one of the named ones, or four raw control points (a typed error falls back to the default).
func curve(_ input: inout FuzzBytes) -> PreparedTimingFunction {
    let named: [TimingFunction] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]
    let selector = Int(input.u8())
    if selector < 200 { return named[selector % named.count].prepared() }
    let points = (input.float(), input.float(), input.float(), input.float())
    return ((try? TimingFunction(controlPoints: points.0, points.1, points.2, points.3)) ?? .default).prepared()
}

/// One item's outputs in the batch's encoding (status 0 ok, 1 invalid field, 2 overflow).
struct Row: Equatable {
    var progress: UInt64, unit: UInt64, phase: Int8, applies: UInt8, iteration: Int64, status: Int32
}

/// The single evaluation of `timing` with `curve` (nil: linear pacing) at `t`, as a row.
func single(_ timing: Timing, _ curve: PreparedTimingFunction?, _ defaultDuration: Double, _ t: Double,
            removed: Bool) -> Row {
    do throws(TimingError) {
        let resolved = try ResolvedTiming(timing, defaultDuration: defaultDuration)
        let e = if let curve {
            try resolved.evaluate(atParentTime: t, timingFunction: curve, removedOnCompletion: removed)
        } else {
            try resolved.evaluate(atParentTime: t, removedOnCompletion: removed)
        }
        let phase: Int8 = e.phase == .before ? 0 : (e.phase == .active ? 1 : 2)
        return Row(progress: e.progress.bitPattern, unit: e.unitTime.bitPattern, phase: phase,
                   applies: e.applies ? 1 : 0, iteration: Int64(e.iteration), status: 0)
    } catch {
        return Row(progress: Double.nan.bitPattern, unit: Double.nan.bitPattern, phase: -1, applies: 0,
                   iteration: 0, status: error == .localTimeOverflow ? 2 : 1)
    }
}

/// The batch's rows at `t` (nil when it throws), and the first error it reports.
func batchRows(_ batch: ResolvedTimingBatch, _ t: Double, removed: Bool) -> (rows: [Row], first: TimingError?)? {
    let n = batch.count
    var progress = [Double](repeating: 7, count: n), unit = [Double](repeating: 7, count: n)
    var phase = [Int8](repeating: 9, count: n), applies = [UInt8](repeating: 9, count: n)
    var iteration = [Int64](repeating: 9, count: n), status = [Int32](repeating: 9, count: n)
    var result: Result<TimingError?, TimingError> = .success(nil)
    progress.withUnsafeMutableBufferPointer { p in
        unit.withUnsafeMutableBufferPointer { u in
            phase.withUnsafeMutableBufferPointer { ph in
                applies.withUnsafeMutableBufferPointer { a in
                    iteration.withUnsafeMutableBufferPointer { it in
                        status.withUnsafeMutableBufferPointer { st in
                            let outputs = ResolvedTimingBatch.Outputs(
                                progress: p.baseAddress, unitTime: u.baseAddress, phase: ph.baseAddress,
                                applies: a.baseAddress, iteration: it.baseAddress, status: st.baseAddress,
                                okCode: 0, invalidFieldCode: 1, overflowCode: 2)
                            do throws(TimingError) {
                                result = .success(try batch.evaluate(atParentTime: t, removedOnCompletion: removed, into: outputs))
                            } catch {
                                result = .failure(error)
                            }
                        }
                    }
                }
            }
        }
    }
    guard case .success(let first) = result else {
        guard case .failure(let error) = result, case .invalidTime = error else { preconditionFailure("\(result)") }
        return nil
    }
    let rows = (0..<n).map {
        Row(progress: progress[$0].bitPattern, unit: unit[$0].bitPattern, phase: phase[$0], applies: applies[$0],
            iteration: iteration[$0], status: status[$0])
    }
    return (rows, first)
}

func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let flags = input.u8()
    let defaultDuration = flags & 1 != 0 ? input.double() : 0.25
    let kinds = (0..<(1 + Int(input.u8() % 8))).map { _ in kind(&input) }
    let curves = (0..<Int(input.u8() % 4)).map { _ in curve(&input) }
    let pool = (0..<4).map { _ in input.double() }
    var rng = SplitMix64(state: input.u64())
    let count = 1 + Int(input.u8()) + (flags & 2 != 0 ? 344 : 0)  // 1…600: odd and even runs, windows' tails
    let begins = [0.0, 0.125, -1, 2.5, 5, -0.0, 1e-300, 7.75]
    let durations = [1.0, 0.25, 0, 3, 0.5, -1, 0x1p-1074, 1e300]
    var timings: [Timing] = [], curveIndices: [Int] = []
    for _ in 0..<count {
        var timing = kinds[rng.below(kinds.count)]
        let draw = rng.next()
        timing.beginTime = draw & 0xF < 13 ? begins[Int(draw >> 4) & 7] + Double((draw >> 7) & 31) / 8 : pool[Int(draw >> 4) & 3]
        timing.duration = (draw >> 12) & 0xF < 13 ? durations[Int(draw >> 16) & 7] : pool[Int(draw >> 19) & 3]
        timings.append(timing)
        curveIndices.append(rng.below(curves.count + 3) - 2)  // −2 … curves.count: out of range on both sides
    }
    var times: [Double] = []
    while !input.isAtEnd && times.count < 6 {
        let selector = input.u8()
        switch selector {
        case 255: times.append(input.double())
        case 254: times.append(timings[rng.below(count)].beginTime)
        case 253:
            let timing = timings[rng.below(count)]
            if let end = (try? ResolvedTiming(timing, defaultDuration: defaultDuration))?.endTime { times.append(end) }
        default: times.append(Double(selector) / 8 - 4)
        }
    }
    if times.isEmpty { times = [0.5] }
    // The single evaluations, once per time (the same for every layout), and the first failing item's code.
    let expected: [[Row]] = times.flatMap { t in
        [false, true].map { removed in
            (0..<count).map { i in
                let index = curveIndices[i]
                return single(timings[i], curves.indices.contains(index) ? curves[index] : nil, defaultDuration, t, removed: removed)
            }
        }
    }
    let itemErrors: [TimingError?] = timings.map { timing in
        do throws(TimingError) { _ = try ResolvedTiming(timing, defaultDuration: defaultDuration); return nil } catch { return error }
    }
    for layout in [ResolvedTimingBatch.Layout.pairs, .runs, .automatic] {
        let batch: ResolvedTimingBatch
        do throws(TimingError) {
            batch = try ResolvedTimingBatch(timings: timings, curveIndices: curveIndices, curves: curves,
                                            defaultDuration: defaultDuration, layout: layout)
        } catch {
            // Only the default duration is checked at resolution; the single evaluation refuses it too.
            precondition((try? ResolvedTiming(Timing(duration: 0), defaultDuration: defaultDuration)) == nil,
                         "batch refused default duration \(defaultDuration): \(error)")
            return 0
        }
        precondition(batch.count == count && (layout == .automatic || batch.layout == layout), "layout \(batch.layout)")
        for i in 0..<count {
            precondition(batch.itemErrors[i] == itemErrors[i], "item \(i): error \(String(describing: batch.itemErrors[i])), expected \(String(describing: itemErrors[i]))")
        }
        for (k, t) in times.enumerated() {
            for (r, removed) in [false, true].enumerated() {
                guard let (rows, first) = batchRows(batch, t, removed: removed) else {
                    precondition(!t.isFinite, "invalidTime for the finite time \(t)")
                    continue
                }
                precondition(t.isFinite, "no invalidTime for \(t)")
                let singles = expected[2 * k + r]
                for i in 0..<count {
                    precondition(rows[i] == singles[i],
                                 "item \(i) of \(count) (\(timings[i]), curve \(curveIndices[i])) at \(t), removed \(removed), \(layout): batch \(rows[i]), single \(singles[i])")
                }
                let expectedFirst = singles.first { $0.status != 0 }?.status
                let firstCode: Int32? = first.map { $0 == .localTimeOverflow ? 2 : 1 }
                precondition(firstCode == expectedFirst, "first error \(String(describing: first)), expected code \(String(describing: expectedFirst))")
            }
        }
    }
    return 0
}

#if !FUZZING
@main struct FuzzBatchReplay {
    static func main() { replayFiles(CommandLine.arguments.dropFirst(), name: "FuzzBatch", run: fuzzOne) }
}
#endif
