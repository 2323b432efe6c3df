/// A warm-start hint for ``MeasuredPath/position(atDistance:cursor:)``: the segment, table
/// interval and (parameter, distance) pair of the previous answer.
///
/// When distances are asked in increasing order (frames of a paced animation, or
/// ``MeasuredPath/uniformPositions(count:)``), the next answer is found by walking forward
/// from the previous one and starting Newton's method from it, instead of searching from
/// scratch. A cursor only ever speeds things up: every answer is still bracketed by the
/// path's own tables and checked against them, so a cursor from another path, a stale one or a
/// fresh one gives positions within the same tolerance (never a wrong one, never a trap); only
/// the last bits and the speed may differ. Results are deterministic for a given sequence of
/// calls.
public struct PathCursor: Hashable, Sendable {
    var segment: Int
    var knot: Int
    var parameter: Double
    var distance: Double

    /// A cursor with no history.
    public init() {
        segment = -1
        knot = -1
        parameter = 0
        distance = 0
    }
}
