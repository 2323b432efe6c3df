/// Why a scene cannot be drawn as a timing diagram. Every case names the problem; nothing traps.
public enum PlotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scene could not be evaluated: the runner's problems, one line each, with their JSON paths.
    case scene([String])
    /// The scene samples no instant, so there is no time axis to draw.
    case noSamples
    /// More samples than a diagram draws (`count`, `limit`).
    case tooManySamples(count: Int, limit: Int)
    /// More probes than a diagram draws (`count`, `limit`).
    case tooManyProbes(count: Int, limit: Int)
    /// More animations (attachments) than a diagram draws (`count`, `limit`).
    case tooManyAnimations(count: Int, limit: Int)
    /// More script operations than a diagram follows (`count`, `limit`).
    case tooManyOperations(count: Int, limit: Int)
    /// More layers than a diagram follows (`count`, `limit`).
    case tooManyLayers(count: Int, limit: Int)

    /// The problems, one line each, in the CLI's style (`place: problem`).
    public var lines: [String] {
        switch self {
        case let .scene(lines): return lines
        case .noSamples: return ["sample: no sample times, nothing to plot"]
        case let .tooManySamples(count, limit):
            return ["sample: \(count) samples, more than a diagram draws (limit \(limit))"]
        case let .tooManyProbes(count, limit):
            return ["probes: \(count) probes, more than a diagram draws (limit \(limit))"]
        case let .tooManyAnimations(count, limit):
            return ["script: \(count) animations, more than a diagram draws (limit \(limit))"]
        case let .tooManyOperations(count, limit):
            return ["script: \(count) operations, more than a diagram follows (limit \(limit))"]
        case let .tooManyLayers(count, limit):
            return ["layers: \(count) layers, more than a diagram follows (limit \(limit))"]
        }
    }

    /// The problems joined by newlines.
    public var description: String { lines.joined(separator: "\n") }
}
