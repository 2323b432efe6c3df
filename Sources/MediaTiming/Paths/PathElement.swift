/// One element of a ``Path``, with absolute coordinates, in the spirit of `CGPathElement`.
///
/// Each element except ``move(to:)`` draws from the path's current point (the end point of the
/// previous element) to its own end point. `Docs/semantics.md §11.6`: every element except a
/// `moveto` defines one keyframe of a keyframe animation's `path`.
public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at `to`; draws nothing and has zero length.
    case move(to: Point)
    /// A straight line from the current point to `to`.
    case line(to: Point)
    /// A quadratic Bézier curve from the current point to `to`, with one control point.
    case quadCurve(to: Point, control: Point)
    /// A cubic Bézier curve from the current point to `to`, with two control points.
    case curve(to: Point, control1: Point, control2: Point)
    /// A straight line from the current point back to the start of the current subpath
    /// (its last ``move(to:)``); the current point becomes that start point.
    case closeSubpath

    /// The element's end point, or `nil` for ``closeSubpath`` (whose end is the subpath start).
    public var endPoint: Point? {
        switch self {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): return p
        case .closeSubpath: return nil
        }
    }
}
