/// One drawing segment of a measured path: a line, a quadratic or a cubic Bézier segment.
///
/// ``MeasuredPath`` turns every path element except moves into one segment (a close becomes
/// the ``LineSegment`` back to the subpath start). An enum, not a protocol: evaluation is a
/// switch on inline values, with no existential or allocation.
public enum PathSegment: Hashable, Sendable {
    /// A straight line (from ``PathElement/line(to:)`` or ``PathElement/closeSubpath``).
    case line(LineSegment)
    /// A quadratic Bézier segment (from ``PathElement/quadCurve(to:control:)``).
    case quadratic(QuadraticBezierSegment)
    /// A cubic Bézier segment (from ``PathElement/curve(to:control1:control2:)``).
    case cubic(CubicBezierSegment)

    /// The point at `u = 0`.
    public var start: Point {
        switch self {
        case .line(let s): s.start
        case .quadratic(let s): s.start
        case .cubic(let s): s.start
        }
    }

    /// The point at `u = 1`.
    public var end: Point {
        switch self {
        case .line(let s): s.end
        case .quadratic(let s): s.end
        case .cubic(let s): s.end
        }
    }

    /// The point at Bézier parameter `u` (exact end points at 0 and 1).
    @inline(__always)
    public func point(at u: Double) -> Point {
        switch self {
        case .line(let s): s.point(at: u)
        case .quadratic(let s): s.point(at: u)
        case .cubic(let s): s.point(at: u)
        }
    }

    /// The derivative `dB/du` at `u`; its angle `atan2(y, x)` is the rotation of
    /// `rotationMode = auto` (`Docs/semantics.md §11.7`). It can be the zero vector (see the
    /// segment types).
    public func tangent(at u: Double) -> Point {
        switch self {
        case .line(let s): s.tangent(at: u)
        case .quadratic(let s): s.tangent(at: u)
        case .cubic(let s): s.tangent(at: u)
        }
    }

    /// The arc length (see each segment type for the method and its error).
    public var length: Double {
        switch self {
        case .line(let s): s.length
        case .quadratic(let s): s.length
        case .cubic(let s): s.length
        }
    }
}
