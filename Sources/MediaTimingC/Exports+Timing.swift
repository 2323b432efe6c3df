// Timing evaluation (mt_timing_evaluate, mt_timing_evaluate_batch), Docs/semantics.md §6-§8.
import CMediaTiming
import MediaTiming

func status(_ error: TimingError) -> mt_status {
    switch error {
    case .invalidField: return MT_ERR_INVALID
    case .invalidTime: return MT_ERR_TIME
    case .localTimeOverflow: return MT_ERR_OVERFLOW
    }
}

func fillMode(_ raw: Int32) -> FillMode? {
    switch raw {
    case 0: return .removed
    case 1: return .forwards
    case 2: return .backwards
    case 3: return .both
    default: return nil
    }
}

func phaseCode(_ phase: TimingPhase) -> Int32 {
    switch phase {
    case .before: return 0
    case .active: return 1
    case .after: return 2
    }
}

/// The one evaluation both the single and the batch entry points use (so they agree bit for bit).
@inline(__always)
func evaluateOne(
    _ timing: Timing, defaultDuration: Double, parentTime: Double, curve: UnsafePointer<mt_curve>?,
    removedOnCompletion: Bool
) -> Result<TimingEvaluation, TimingError> {
    do throws(TimingError) {
        let resolved = try ResolvedTiming(timing, defaultDuration: defaultDuration)
        if let curve {
            let function = box(UnsafeRawPointer(curve), as: CurveBox.self)
            return .success(try resolved.evaluate(
                atParentTime: parentTime, timingFunction: function.storage.pointee, removedOnCompletion: removedOnCompletion))
        }
        return .success(try resolved.evaluate(atParentTime: parentTime, removedOnCompletion: removedOnCompletion))
    } catch {
        return .failure(error)
    }
}

@c(mt_timing_evaluate)
public func mtTimingEvaluate(
    _ timing: UnsafePointer<mt_timing>?, _ defaultDuration: Double, _ parentTime: Double,
    _ curve: UnsafePointer<mt_curve>?, _ removedOnCompletion: Int32, _ out: UnsafeMutablePointer<mt_evaluation>?
) -> mt_status {
    guard let timing, let out else { return MT_ERR_NULL }
    guard parentTime.isFinite else { return MT_ERR_TIME }
    let t = timing.pointee
    guard let mode = fillMode(t.fill_mode) else { return MT_ERR_INVALID }
    let value = Timing(
        beginTime: t.begin_time, duration: t.duration, speed: t.speed, timeOffset: t.time_offset,
        repeatCount: t.repeat_count, repeatDuration: t.repeat_duration, autoreverses: t.autoreverses != 0,
        fillMode: mode)
    switch evaluateOne(value, defaultDuration: defaultDuration, parentTime: parentTime, curve: curve,
                       removedOnCompletion: removedOnCompletion != 0) {
    case let .success(e):
        out.pointee = mt_evaluation(
            phase: phaseCode(e.phase), applies: e.applies ? 1 : 0, iteration: Int64(e.iteration),
            active_time: e.activeTime, basic_time: e.basicTime, unit_time: e.unitTime, progress: e.progress)
        return MT_OK
    case let .failure(error):
        return status(error)
    }
}

@c(mt_timing_evaluate_batch)
public func mtTimingEvaluateBatch(
    _ input: UnsafePointer<mt_timing_batch>?, _ n: Int, _ defaultDuration: Double, _ parentTime: Double,
    _ removedOnCompletion: Int32, _ output: UnsafePointer<mt_batch_results>?
) -> mt_status {
    guard let input, let output else { return MT_ERR_NULL }
    guard n >= 0 else { return MT_ERR_COUNT }
    guard parentTime.isFinite else { return MT_ERR_TIME }
    guard defaultDuration > 0, !defaultDuration.isNaN else { return MT_ERR_INVALID }
    guard n > 0 else { return MT_OK }
    let b = input.pointee
    guard let begin = b.begin_time, let duration = b.duration, let speed = b.speed,
          let repeatCount = b.repeat_count, let offset = b.time_offset, let repeatDuration = b.repeat_duration,
          let autoreverses = b.autoreverses, let fill = b.fill_mode
    else { return MT_ERR_NULL }
    let curves = b.curves
    let o = output.pointee
    let removed = removedOnCompletion != 0
    var first = MT_OK
    for i in 0..<n {
        var itemStatus = MT_OK
        var evaluation: TimingEvaluation? = nil
        if let mode = fillMode(Int32(fill[i])) {
            let timing = Timing(
                beginTime: begin[i], duration: duration[i], speed: speed[i], timeOffset: offset[i],
                repeatCount: repeatCount[i], repeatDuration: repeatDuration[i], autoreverses: autoreverses[i] != 0,
                fillMode: mode)
            switch evaluateOne(timing, defaultDuration: defaultDuration, parentTime: parentTime,
                               curve: curves?[i], removedOnCompletion: removed) {
            case let .success(e): evaluation = e
            case let .failure(error): itemStatus = status(error)
            }
        } else {
            itemStatus = MT_ERR_INVALID
        }
        if let e = evaluation {
            o.progress?[i] = e.progress
            o.unit_time?[i] = e.unitTime
            o.phase?[i] = Int8(phaseCode(e.phase))
            o.applies?[i] = e.applies ? 1 : 0
            o.iteration?[i] = Int64(e.iteration)
        } else {
            o.progress?[i] = .nan
            o.unit_time?[i] = .nan
            o.phase?[i] = -1
            o.applies?[i] = 0
            o.iteration?[i] = 0
            if first == MT_OK { first = itemStatus }
        }
        o.status?[i] = Int32(bitPattern: itemStatus.rawValue)
    }
    return first
}
