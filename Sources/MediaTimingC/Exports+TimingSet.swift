// Resolved timing sets (mt_timing_set_*): batch timing resolved once (benchmark P3).
import CMediaTiming
import MediaTiming

final class TimingSetBox {
    let batch: ResolvedTimingBatch
    init(_ batch: ResolvedTimingBatch) { self.batch = batch }
}

@c(mt_timing_set_create)
public func mtTimingSetCreate(
    _ input: UnsafePointer<mt_timing_batch>?, _ n: Int, _ defaultDuration: Double,
    _ status: UnsafeMutablePointer<mt_status>?
) -> UnsafeMutablePointer<mt_timing_set>? {
    guard let input else { report(status, MT_ERR_NULL); return nil }
    guard n >= 0 else { report(status, MT_ERR_COUNT); return nil }
    guard defaultDuration > 0, !defaultDuration.isNaN else { report(status, MT_ERR_INVALID); return nil }
    let b = input.pointee
    var timings: [Timing] = []
    var curveIndices: [Int] = []
    var curves: [PreparedTimingFunction] = []
    if n > 0 {
        guard let begin = b.begin_time, let duration = b.duration, let speed = b.speed,
              let repeatCount = b.repeat_count, let offset = b.time_offset, let repeatDuration = b.repeat_duration,
              let autoreverses = b.autoreverses, let fill = b.fill_mode
        else { report(status, MT_ERR_NULL); return nil }
        timings.reserveCapacity(n)
        curveIndices.reserveCapacity(n)
        var curveIDs: [UnsafeRawPointer: Int] = [:]
        for i in 0..<n {
            // An invalid fill mode is reported as an invalid field: the item gets an invalid begin time.
            let mode = fillMode(Int32(fill[i]))
            timings.append(Timing(
                beginTime: mode == nil ? .nan : begin[i], duration: duration[i], speed: speed[i],
                timeOffset: offset[i], repeatCount: repeatCount[i], repeatDuration: repeatDuration[i],
                autoreverses: autoreverses[i] != 0, fillMode: mode ?? .removed))
            guard let curve = b.curves?[i] else { curveIndices.append(-1); continue }
            let key = UnsafeRawPointer(curve)
            if let id = curveIDs[key] {
                curveIndices.append(id)
            } else {
                curveIDs[key] = curves.count
                curveIndices.append(curves.count)
                curves.append(box(key, as: CurveBox.self).storage.pointee)
            }
        }
    }
    do throws(TimingError) {
        let batch = try ResolvedTimingBatch(
            timings: timings, curveIndices: curveIndices, curves: curves, defaultDuration: defaultDuration)
        report(status, MT_OK)
        return handle(TimingSetBox(batch), as: mt_timing_set.self)
    } catch {
        report(status, MT_ERR_INVALID)
        return nil
    }
}

@c(mt_timing_set_count)
public func mtTimingSetCount(_ set: UnsafePointer<mt_timing_set>?) -> Int {
    guard let set else { return -1 }
    return box(UnsafeRawPointer(set), as: TimingSetBox.self).batch.count
}

@c(mt_timing_set_evaluate)
public func mtTimingSetEvaluate(
    _ set: UnsafePointer<mt_timing_set>?, _ parentTime: Double, _ removedOnCompletion: Int32,
    _ output: UnsafePointer<mt_batch_results>?
) -> mt_status {
    guard let set, let output else { return MT_ERR_NULL }
    guard parentTime.isFinite else { return MT_ERR_TIME }
    let o = output.pointee
    let outputs = ResolvedTimingBatch.Outputs(
        progress: o.progress, unitTime: o.unit_time, phase: o.phase, applies: o.applies, iteration: o.iteration,
        status: o.status, okCode: Int32(bitPattern: MT_OK.rawValue),
        invalidFieldCode: Int32(bitPattern: MT_ERR_INVALID.rawValue),
        overflowCode: Int32(bitPattern: MT_ERR_OVERFLOW.rawValue))
    let object = box(UnsafeRawPointer(set), as: TimingSetBox.self)
    do throws(TimingError) {
        let failure = try withExtendedLifetime(object) { () throws(TimingError) -> TimingError? in
            try object.batch.evaluate(
                atParentTime: parentTime, removedOnCompletion: removedOnCompletion != 0, into: outputs)
        }
        guard let failure else { return MT_OK }
        return status(failure)
    } catch {
        return status(error)
    }
}

@c(mt_timing_set_destroy)
public func mtTimingSetDestroy(_ set: UnsafeMutablePointer<mt_timing_set>?) {
    guard let set else { return }
    Unmanaged<TimingSetBox>.fromOpaque(UnsafeRawPointer(set)).release()
}
