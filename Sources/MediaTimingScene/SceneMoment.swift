/// An instant at which ``SceneRunner/run(_:observer:)`` shows its runtime to an observer.
public enum SceneMoment: Sendable, Hashable {
    /// The layers and their model values exist; no operation has been applied. `time` is the runtime's
    /// start time.
    case setup(time: Double)
    /// The script operation `index` (its position in the document) has just been applied at `time`.
    case operation(index: Int, time: Double)
    /// The sample `index` (in ascending time order) has just been taken at `time`.
    case sample(index: Int, time: Double)

    /// The media time of the moment.
    public var time: Double {
        switch self {
        case let .setup(time), let .operation(_, time), let .sample(_, time): return time
        }
    }
}
