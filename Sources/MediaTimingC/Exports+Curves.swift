// Prepared cubic timing functions (mt_curve_*).
import CMediaTiming
import MediaTiming

/// A prepared curve behind a C handle, stored in the object itself (the buffer's header): one allocation,
/// and an evaluation reads the curve's fields in place, one pointer away from the handle, without copying
/// them (about 150 bytes).
final class CurveBox: ManagedBuffer<PreparedTimingFunction, UInt8> {
    /// The prepared curve, in this object (valid while the object lives).
    var storage: UnsafeMutablePointer<PreparedTimingFunction> { withUnsafeMutablePointerToHeader { $0 } }

    /// A box holding `curve`.
    static func make(_ curve: PreparedTimingFunction) -> CurveBox {
        unsafeDowncast(create(minimumCapacity: 0) { _ in curve }, to: CurveBox.self)
    }
}

@c(mt_curve_create)
public func mtCurveCreate(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ status: UnsafeMutablePointer<mt_status>?
) -> UnsafeMutablePointer<mt_curve>? {
    guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite,
          abs(y1) <= Double(Float.greatestFiniteMagnitude), abs(y2) <= Double(Float.greatestFiniteMagnitude)
    else { report(status, MT_ERR_INVALID); return nil }
    do throws(TimingError) {
        let function = try TimingFunction(controlPoints: Float(x1), Float(y1), Float(x2), Float(y2))
        report(status, MT_OK)
        return handle(CurveBox.make(function.prepared()), as: mt_curve.self)
    } catch {
        report(status, MT_ERR_INVALID)
        return nil
    }
}

@c(mt_curve_create_named)
public func mtCurveCreateNamed(_ name: Int32, _ status: UnsafeMutablePointer<mt_status>?) -> UnsafeMutablePointer<mt_curve>? {
    let function: TimingFunction
    switch name {
    case 0: function = .linear
    case 1: function = .easeIn
    case 2: function = .easeOut
    case 3: function = .easeInEaseOut
    case 4: function = .default
    default: report(status, MT_ERR_INVALID); return nil
    }
    report(status, MT_OK)
    return handle(CurveBox.make(function.prepared()), as: mt_curve.self)
}

@c(mt_curve_evaluate)
public func mtCurveEvaluate(_ curve: UnsafePointer<mt_curve>?, _ x: Double) -> Double {
    guard let curve else { return .nan }
    return PreparedTimingFunction.value(at: x, of: box(UnsafeRawPointer(curve), as: CurveBox.self).storage)
}

@c(mt_curve_evaluate_batch)
public func mtCurveEvaluateBatch(
    _ curve: UnsafePointer<mt_curve>?, _ xs: UnsafePointer<Double>?, _ out: UnsafeMutablePointer<Double>?, _ n: Int
) -> mt_status {
    guard let curve else { return MT_ERR_NULL }
    guard n >= 0 else { return MT_ERR_COUNT }
    guard n > 0 else { return MT_OK }
    guard let xs, let out else { return MT_ERR_NULL }
    let object = box(UnsafeRawPointer(curve), as: CurveBox.self)
    withExtendedLifetime(object) {
        object.storage.pointee.values(
            at: UnsafeBufferPointer(start: xs, count: n), into: UnsafeMutableBufferPointer(start: out, count: n))
    }
    return MT_OK
}

@c(mt_curve_destroy)
public func mtCurveDestroy(_ curve: UnsafeMutablePointer<mt_curve>?) {
    guard let curve else { return }
    Unmanaged<CurveBox>.fromOpaque(UnsafeRawPointer(curve)).release()
}
