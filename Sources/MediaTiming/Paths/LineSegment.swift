/// A straight segment from ``start`` to ``end``, parameterised as `B(u) = (1−u)·start + u·end`.
///
/// Produced by ``PathElement/line(to:)`` and by the closing line of
/// ``PathElement/closeSubpath`` (`Docs/semantics.md §11.6`). The parameter `u` is meant for
/// `[0, 1]`; other values extrapolate along the line; NaN gives NaN (never a trap).
public struct LineSegment: Hashable, Sendable {
    /// The point at `u = 0`.
    public var start: Point
    /// The point at `u = 1`.
    public var end: Point

    /// Creates the segment from `start` to `end`.
    public init(start: Point, end: Point) {
        self.start = start
        self.end = end
    }

    /// The point at parameter `u`: exactly `start` at 0 and exactly `end` at 1.
    public func point(at u: Double) -> Point {
        (1 - u) * start + u * end
    }

    /// The derivative `dB/du = end − start` (the same for every `u`; zero for a degenerate line).
    public func tangent(at u: Double) -> Point {
        end - start
    }

    /// The length `|end − start|`.
    public var length: Double {
        (end - start).length
    }

    /// The arc length from `u = 0` to `u`, that is `u · length` for `u` in `[0, 1]` (clamped).
    public func length(upTo u: Double) -> Double {
        let v = u.isNaN ? 0 : Swift.min(Swift.max(u, 0), 1)
        return v * length
    }
}
