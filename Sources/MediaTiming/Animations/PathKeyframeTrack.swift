/// A keyframe animation along a path (`CAKeyframeAnimation.path`, Docs/semantics.md §11.6–§11.7).
///
/// Every element of the path except a move is one keyframe segment, from its start point to its end
/// point; a close is the straight line back to the subpath's start and counts like a line. The key
/// values are the start of the first segment and the end of every segment.
/// - **linear** (and **cubic**, which has no separate meaning for a path): each segment gets equal time,
///   or its span of `keyTimes`, and inside it the position follows the Bézier parameter `u` (U11), so a
///   curve segment is not traversed at constant speed.
/// - **discrete**: the position holds each key value for its span.
/// - **paced** and **cubicPaced**: time proportional to arc length, at constant speed along the whole
///   path; `keyTimes` and per-segment timing functions are ignored.
///
/// With a rotation mode, the angle of the tangent at the position (`atan2(dy, dx)` of the derivative;
/// plus π for `autoReverse`) is added to the layer's `transform.rotation.z`. Where the derivative
/// vanishes (a cusp, a control point on an end point) the segment's chord gives the direction, and a
/// segment of zero length gives angle 0.
public struct PathKeyframeTrack: Sendable {
    /// The measured path.
    public let path: MeasuredPath
    /// The key times and segment lookup.
    public let schedule: KeyframeSchedule

    /// Prepares a path track.
    ///
    /// - Throws: ``KeyframeError`` for schedule problems (`keyTimes` and `timingFunctions` follow the
    ///   rules of ``KeyframeSchedule``); ``PathError`` is reported by the caller that measures the path.
    public init(
        path: MeasuredPath, keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
        calculationMode: CalculationMode = .linear
    ) throws(KeyframeError) {
        self.path = path
        let lengths = path.segments.indices.map { path.segmentStartDistances[$0 + 1] - path.segmentStartDistances[$0] }
        schedule = try KeyframeSchedule(
            calculationMode: calculationMode, keyframeCount: path.segments.count + 1, keyTimes: keyTimes,
            timingFunctions: timingFunctions, segmentLengths: lengths)
    }

    /// The position and the tangent angle at progress `p` (after the animation's timing function).
    public func sample(at progress: Double) -> (point: Point, angle: Double) {
        sample(at: progress, withAngle: true)
    }

    /// ``sample(at:)``; without `withAngle` the angle is not computed (0 is returned in its place): a
    /// path animation without a rotation mode reads only the point (benchmark P6).
    @inline(__always)
    func sample(at progress: Double, withAngle: Bool) -> (point: Point, angle: Double) {
        let segments = path.segments
        if schedule.calculationMode.isPaced {
            let p = progress.isNaN ? 0 : progress
            let distance = p <= 0 ? 0 : (p >= 1 ? path.length : p * path.length)
            let position = path.position(atDistance: distance)
            return (position.point, withAngle ? Self.angle(position.tangent, segments[position.segmentIndex]) : 0)
        }
        // One lookup for the discrete and the interpolating modes (one inlined copy of it).
        let location = schedule.segment(at: progress)
        if schedule.calculationMode == .discrete {
            let index = location.index
            let point = index == 0 ? segments[0].start : segments[min(index, segments.count) - 1].end
            let segment = segments[min(index, segments.count - 1)]
            return (point, withAngle ? Self.angle(segment.tangent(at: index == 0 ? 0 : 1), segment) : 0)
        }
        let segment = segments[min(location.index, segments.count - 1)]
        return (
            segment.point(at: location.progress),
            withAngle ? Self.angle(segment.tangent(at: location.progress), segment) : 0
        )
    }

    /// The direction of a tangent, falling back to the segment's chord where the derivative vanishes.
    static func angle(_ tangent: Point, _ segment: PathSegment) -> Double {
        var direction = tangent
        if direction.x == 0 && direction.y == 0 { direction = segment.end - segment.start }
        if direction.x == 0 && direction.y == 0 { return 0 }
        return Elementary.atan2(y: direction.y, x: direction.x)
    }
}
