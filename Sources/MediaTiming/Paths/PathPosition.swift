/// Where a distance along a ``MeasuredPath`` lands: the point, the tangent, and the segment
/// and Bézier parameter that produce them.
public struct PathPosition: Hashable, Sendable {
    /// The point on the path.
    public var point: Point
    /// The derivative `dB/du` of the segment at ``parameter`` (not normalised; its angle is the
    /// `rotationMode = auto` rotation of `Docs/semantics.md §11.7`). It is the zero vector where
    /// the segment momentarily stops (for example at an end whose control point coincides
    /// with it), and for a path of zero length.
    public var tangent: Point
    /// The index into ``MeasuredPath/segments`` of the segment holding the point.
    public var segmentIndex: Int
    /// The Bézier parameter `u ∈ [0, 1]` within that segment.
    public var parameter: Double
    /// The distance along the path this position answers, after clamping to
    /// `[0, MeasuredPath.length]`.
    public var distance: Double

    /// Creates a position from its parts.
    public init(point: Point, tangent: Point, segmentIndex: Int, parameter: Double, distance: Double) {
        self.point = point
        self.tangent = tangent
        self.segmentIndex = segmentIndex
        self.parameter = parameter
        self.distance = distance
    }
}
