/// The per-segment record ``MeasuredPath`` keeps for inverse arc length: kind, length, a bound
/// of `|B''|` for the Newton acceptance test, the segment's range in the shared knot tables,
/// and the index of its closed-form (quadratic) or quadrature (cubic) state in the path's
/// per-kind arrays. Small and plain (48 bytes, no references), so that the hot path reads it
/// in place.
struct PreparedSegment: Sendable {
    enum Kind: UInt8, Sendable {
        case line, quadratic, cubic
    }

    var kind: Kind
    /// The segment's arc length.
    var length: Double
    /// An upper bound of `|B''(u)|` on `[0, 1]`, hence of `|d²s/du²|`.
    var secondDerivativeBound: Double
    /// Index of the segment's first knot (`u = 0`) in ``MeasuredPath``'s knot tables.
    var firstKnot: Int
    /// Index of the segment's last knot (`u = 1`).
    var lastKnot: Int
    /// Index into ``MeasuredPath``'s quadratic or cubic state array (unused for lines).
    var payload: Int
}
