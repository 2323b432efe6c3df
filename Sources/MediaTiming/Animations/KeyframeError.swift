/// Keyframe input that MediaTiming cannot give a meaning to (Docs/semantics.md §11).
///
/// Input that Core Animation itself ignores is not an error: key times that are invalid for the
/// calculation mode (including NaN or infinite ones) and timing functions of the wrong count fall back to
/// the defaults (Docs/semantics.md §11.1), as Core Animation does.
public enum KeyframeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// There are no keyframe values (or no keyframes).
    case noKeyframes
    /// More keyframes than ``KeyframeSchedule/maximumKeyframeCount``.
    case tooManyKeyframes(count: Int, limit: Int)
    /// The value at `index` has a NaN or infinite component.
    case nonFiniteValue(index: Int)
    /// The tension, continuity or bias value at `index` is NaN or infinite.
    case nonFiniteSplineParameter(KeyframeSplineParameter, index: Int)
    /// The difference between the values of segment `segment`, or a spline tangent there, overflows
    /// `Double`: the values are too far apart to interpolate.
    case valueOverflow(segment: Int)
    /// The segment lengths given for a paced schedule are missing, of the wrong count, or hold a
    /// negative, NaN or infinite length (at `index`, or at the count when the count is wrong).
    case invalidSegmentLength(index: Int)

    public var description: String {
        switch self {
        case .noKeyframes:
            return "keyframes: at least one value is required"
        case let .tooManyKeyframes(count, limit):
            return "keyframes: \(count) values exceed the limit of \(limit)"
        case let .nonFiniteValue(index):
            return "keyframes.values[\(index)]: expected finite components"
        case let .nonFiniteSplineParameter(parameter, index):
            return "keyframes.\(parameter.rawValue)[\(index)]: expected a finite number"
        case let .valueOverflow(segment):
            return "keyframes: segment \(segment) spans more than Double can represent"
        case let .invalidSegmentLength(index):
            return "keyframes.segmentLengths[\(index)]: expected a finite length ≥ 0, one per segment"
        }
    }
}

/// The per-keyframe parameters of the Kochanek–Bartels spline (Docs/semantics.md §11.5).
public enum KeyframeSplineParameter: String, Hashable, Sendable, CaseIterable {
    /// `tensionValues`, `continuityValues` and `biasValues` of ``KeyframeValues``.
    case tensionValues, continuityValues, biasValues
}
