/// Why a preview page cannot be made. Every case names the problem; nothing traps.
public enum PreviewError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scene could not be evaluated: the runner's problems, one line each, with their JSON paths.
    case scene([String])
    /// Frames per second outside 1 … 240, or not finite.
    case invalidFPS(Double)
    /// A time range that is not finite, ends before it starts, or is longer than `longest` seconds (a
    /// scene's page: 3600 s; a player's page: 600 s).
    case invalidRange(from: Double, to: Double, longest: Double)
    /// A start or end time whose magnitude is above `limit` seconds (``PreviewChannel/maximumMagnitude``,
    /// the largest time a page writes).
    case timeOutOfRange(Double, limit: Double)
    /// More layer-frames (layers × frames) than a page holds (`count`, `limit`).
    case tooLarge(count: Int, limit: Int)
    /// A runtime or a player refused an operation (its error, as text).
    case run(String)

    /// The problems, one line each, in the CLI's style (`place: problem`).
    public var lines: [String] {
        switch self {
        case let .scene(lines): return lines
        case let .invalidFPS(fps): return ["frame rate: expected 1 to 240 frames per second, got \(fps)"]
        case let .invalidRange(from, to, longest):
            return ["time range: expected finite times from ≤ to, at most \(longest) s apart, got \(from) … \(to)"]
        case let .timeOutOfRange(time, limit):
            return ["time range: expected times from −\(limit) to \(limit) s (the largest a page writes), got \(time)"]
        case let .tooLarge(count, limit):
            return ["preview: \(count) layer-frames (layers × frames), more than a page holds (limit \(limit)); lower --fps or shorten --from/--to"]
        case let .run(text): return [text]
        }
    }

    /// The problems joined by newlines.
    public var description: String { lines.joined(separator: "\n") }
}
