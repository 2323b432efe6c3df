/// Why a preview page cannot be made. Every case names the problem; nothing traps.
public enum PreviewError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scene could not be evaluated: the runner's problems, one line each, with their JSON paths.
    case scene([String])
    /// Frames per second outside 1 … 240, or not finite.
    case invalidFPS(Double)
    /// A time range that is not finite or ends before it starts.
    case invalidRange(from: Double, to: Double)
    /// More layer-frames (layers × frames) than a page holds (`count`, `limit`).
    case tooLarge(count: Int, limit: Int)
    /// A runtime or a player refused an operation (its error, as text).
    case run(String)

    /// The problems, one line each, in the CLI's style (`place: problem`).
    public var lines: [String] {
        switch self {
        case let .scene(lines): return lines
        case let .invalidFPS(fps): return ["--fps: expected a frame rate from 1 to 240, got \(fps)"]
        case let .invalidRange(from, to): return ["--from/--to: expected finite times with from ≤ to, got \(from) … \(to)"]
        case let .tooLarge(count, limit):
            return ["preview: \(count) layer-frames (layers × frames), more than a page holds (limit \(limit)); lower --fps or shorten --from/--to"]
        case let .run(text): return [text]
        }
    }

    /// The problems joined by newlines.
    public var description: String { lines.joined(separator: "\n") }
}
