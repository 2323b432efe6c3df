// Fuzz target "timing": arbitrary doubles and floats (NaN, ±infinity, subnormals, huge, negative) in
// every timing field, the default duration, the time and the control points. Invariants: a typed
// error, or a result whose phase agrees with the active duration, whose unit time lies in [0, 1],
// whose progress lies in [0, 1] when the curve's y control points do, and whose repeated evaluation is
// bit-identical. `precondition` here only signals a violated invariant.
import FuzzSupport
import MediaTiming
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTimingEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    return fuzzOne(data, size)
}

func bits(_ e: TimingEvaluation) -> [UInt64] {
    [UInt64(e.phase == .before ? 0 : e.phase == .active ? 1 : 2), e.applies ? 1 : 0, UInt64(bitPattern: Int64(e.iteration)),
     e.activeTime.bitPattern, e.basicTime.bitPattern, e.unitTime.bitPattern, e.progress.bitPattern]
}

func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let flags = input.u8()
    let fill: FillMode = [.removed, .forwards, .backwards, .both][Int(flags & 3)]
    let timing = Timing(
        beginTime: input.double(), duration: input.double(), speed: input.float(), timeOffset: input.double(),
        repeatCount: input.float(), repeatDuration: input.double(), autoreverses: flags & 4 != 0, fillMode: fill)
    let defaultDuration = flags & 8 != 0 ? input.double() : 0.25
    let points = (input.float(), input.float(), input.float(), input.float())
    let curve: TimingFunction
    do { curve = try TimingFunction(controlPoints: points.0, points.1, points.2, points.3) } catch {
        curve = .default
    }
    let prepared = PreparedTimingFunction(curve)
    let resolved: ResolvedTiming
    do { resolved = try ResolvedTiming(timing, defaultDuration: defaultDuration) } catch {
        return 0  // a typed error (TimingError): fine
    }
    let ad = resolved.activeDuration
    precondition(ad > 0 && !ad.isNaN, "active duration \(ad) not positive")
    precondition(resolved.simpleDuration > 0 && resolved.cycleDuration >= resolved.simpleDuration)
    let yInUnit = (0...1).contains(curve.c1y) && (0...1).contains(curve.c2y)
    // Up to 8 times per input.
    var times: [Double] = []
    while !input.isAtEnd && times.count < 8 { times.append(input.double()) }
    if times.isEmpty { times = [0] }
    for t in times {
        let first: TimingEvaluation
        do { first = try resolved.evaluate(atParentTime: t, timingFunction: prepared, removedOnCompletion: flags & 16 != 0) } catch {
            switch error {
            case .invalidTime: precondition(!t.isFinite, "invalidTime for a finite time \(t)")
            case .localTimeOverflow: break
            case .invalidField: preconditionFailure("invalidField from evaluate")
            }
            continue
        }
        precondition(t.isFinite)
        // The phase agrees with the active duration.
        let elapsed = t - timing.beginTime
        let rate = resolved.timing.timeSpace.rate
        let expected: TimingPhase =
            elapsed < 0 ? .before : (rate != 0 && ad.isFinite && elapsed * rate.magnitude >= ad ? .after : .active)
        precondition(first.phase == expected, "phase \(first.phase), expected \(expected) at \(t) for \(timing)")
        precondition(resolved.phase(atParentTime: t) == first.phase)
        precondition(first.unitTime.isNaN || (0...1).contains(first.unitTime) || !ad.isFinite,
                     "unit time \(first.unitTime) outside [0, 1] for \(timing) at \(t)")
        if ad.isFinite {
            precondition((0...1).contains(first.unitTime), "unit time \(first.unitTime) for \(timing) at \(t)")
            precondition(first.activeTime >= 0 && first.activeTime <= ad, "active time \(first.activeTime) outside [0, \(ad)]")
        }
        if yInUnit && !first.unitTime.isNaN {
            precondition((0...1).contains(first.progress), "progress \(first.progress) for \(curve) at \(first.unitTime)")
        }
        if first.phase == .active { precondition(first.applies) }
        // Repeated evaluation is bit-identical.
        let second = try! resolved.evaluate(atParentTime: t, timingFunction: prepared, removedOnCompletion: flags & 16 != 0)
        precondition(bits(first) == bits(second), "evaluation not repeatable")
        let again = try! ResolvedTiming(timing, defaultDuration: defaultDuration)
        let third = try! again.evaluate(atParentTime: t, timingFunction: PreparedTimingFunction(curve), removedOnCompletion: flags & 16 != 0)
        precondition(bits(first) == bits(third), "re-resolved evaluation differs")
    }
    return 0
}

#if !FUZZING
@main struct FuzzTimingReplay {
    static func main() { replayFiles(CommandLine.arguments.dropFirst(), name: "FuzzTiming", run: fuzzOne) }
}
#endif
