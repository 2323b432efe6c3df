/// A timing field or a time that has no meaning in Core Animation's timing model
/// (Docs/semantics.md §5.3).
public enum TimingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A field holds a value the model cannot use; the field and the kind of value are named.
    case invalidField(TimingField, InvalidValue)
    /// The time an evaluation was asked for is not finite.
    case invalidTime(InvalidValue)
    /// A local time overflowed `Double` during evaluation (e.g. a huge elapsed time times a huge speed
    /// with an infinite active duration).
    case localTimeOverflow

    public var description: String {
        switch self {
        case let .invalidField(field, value):
            return "timing.\(field.rawValue): \(value.description)"
        case let .invalidTime(value):
            return "time: \(value.description)"
        case .localTimeOverflow:
            return "local time overflows the range of Double"
        }
    }
}

/// The timing fields that ``TimingError`` can name.
public enum TimingField: String, Hashable, Sendable, CaseIterable {
    /// The `CAMediaTiming` field of the same name.
    case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration
    /// The default duration given to an animation whose `duration` is ≤ 0 (the transaction duration).
    case defaultDuration
    /// A timing-function control point.
    case controlPoint
}

/// Why a value was rejected.
public enum InvalidValue: Hashable, Sendable, CustomStringConvertible {
    /// Not a number.
    case notANumber
    /// Positive infinity where the field gives it no meaning.
    case positiveInfinity
    /// Negative infinity.
    case negativeInfinity
    /// Zero or negative where only a positive value has a meaning.
    case notPositive

    /// Classifies a non-finite value; `nil` for finite values.
    @inlinable
    public init?(nonFinite value: Double) {
        if value.isNaN {
            self = .notANumber
        } else if value == .infinity {
            self = .positiveInfinity
        } else if value == -.infinity {
            self = .negativeInfinity
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .notANumber: return "expected a number, got NaN"
        case .positiveInfinity: return "expected a finite number, got +infinity"
        case .negativeInfinity: return "expected a finite number, got -infinity"
        case .notPositive: return "expected a positive number"
        }
    }
}
