// The springs of mediatiming.h (Docs/semantics.md §12): plain parameter structs in, numbers out; every
// call builds the `SpringCurve` it needs (O(1)) and reports invalid parameters as MT_ERR_INVALID.
import CMediaTiming
import MediaTiming

func springParameters(_ spring: mt_spring) -> SpringParameters {
    SpringParameters(
        mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
        initialVelocity: spring.initial_velocity, allowsOverdamping: spring.allows_overdamping != 0)
}

func springCurve(_ spring: UnsafePointer<mt_spring>) -> SpringCurve? {
    try? SpringCurve(springParameters(spring.pointee))
}

@c(mt_spring_from_perceptual)
public func mtSpringFromPerceptual(
    _ perceptualDuration: Double, _ bounce: Double, _ out: UnsafeMutablePointer<mt_spring>?
) -> mt_status {
    guard let out else { return MT_ERR_NULL }
    guard let parameters = try? SpringParameters(perceptualDuration: perceptualDuration, bounce: bounce) else {
        return MT_ERR_INVALID
    }
    out.pointee = mt_spring(
        mass: parameters.mass, stiffness: parameters.stiffness, damping: parameters.damping,
        initial_velocity: parameters.initialVelocity, allows_overdamping: parameters.allowsOverdamping ? 1 : 0)
    return MT_OK
}

@c(mt_spring_perceptual)
public func mtSpringPerceptual(
    _ spring: UnsafePointer<mt_spring>?, _ perceptualDuration: UnsafeMutablePointer<Double>?,
    _ bounce: UnsafeMutablePointer<Double>?
) -> mt_status {
    guard let spring else { return MT_ERR_NULL }
    guard let curve = springCurve(spring) else { return MT_ERR_INVALID }
    perceptualDuration?.pointee = curve.parameters.perceptualDuration
    bounce?.pointee = curve.parameters.bounce
    return MT_OK
}

@c(mt_spring_settling_duration)
public func mtSpringSettlingDuration(
    _ spring: UnsafePointer<mt_spring>?, _ out: UnsafeMutablePointer<Double>?
) -> mt_status {
    guard let spring, let out else { return MT_ERR_NULL }
    guard let curve = springCurve(spring) else { return MT_ERR_INVALID }
    out.pointee = curve.settlingDuration
    return MT_OK
}

@c(mt_spring_displacement)
public func mtSpringDisplacement(
    _ spring: UnsafePointer<mt_spring>?, _ time: Double, _ out: UnsafeMutablePointer<Double>?
) -> mt_status {
    guard let spring, let out else { return MT_ERR_NULL }
    guard time.isFinite else { return MT_ERR_TIME }
    guard let curve = springCurve(spring) else { return MT_ERR_INVALID }
    out.pointee = curve.displacement(at: time)
    return MT_OK
}
