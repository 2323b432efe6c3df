/// A line of a preview page's event list: shown from the first frame at or after `time`.
public struct PreviewEvent: Sendable, Hashable {
    /// The media time at which it happened (the runtime's exact event time).
    public var time: Double
    /// What happened (`didStart layer/key`, `didStop layer/key finished`, a player's input, …).
    public var text: String

    /// Creates an event line.
    public init(time: Double, text: String) {
        self.time = time
        self.text = text
    }
}
