/// Why a runtime operation was refused or an evaluation failed.
public enum RuntimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A layer operation failed.
    case layer(LayerError)
    /// The animation cannot be prepared.
    case animation(key: String, AnimationError)
    /// Evaluating an animation failed.
    case evaluation(layer: String, key: String, EvaluationError)
    /// A model value does not fit its key path.
    case model(layer: String, keyPath: String, ValueError)
    /// Time only moves forwards: an operation or a frame before the runtime's current time.
    case timeWentBackwards(current: Double, requested: Double)
    /// The time is not finite.
    case invalidTime(InvalidValue)
    /// The transaction duration must be finite and positive.
    case invalidTransactionDuration

    public var description: String {
        switch self {
        case let .layer(error): return error.description
        case let .animation(key, error): return "animation \"\(key)\": \(error)"
        case let .evaluation(layer, key, error): return "layer \"\(layer)\", animation \"\(key)\": \(error)"
        case let .model(layer, keyPath, error): return "layer \"\(layer)\", \(keyPath): \(error)"
        case let .timeWentBackwards(current, requested):
            return "time \(requested) is before the runtime's current time \(current)"
        case let .invalidTime(value): return "time: \(value)"
        case .invalidTransactionDuration: return "transactionDuration must be finite and positive"
        }
    }
}
