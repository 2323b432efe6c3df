/// An interval of media time during which a layer's clock is stopped (speed 0: QA1673's pause, or a layer
/// created or retimed with speed 0), as the runtime's layer tree reports it after each script operation.
public struct PauseInterval: Hashable, Sendable {
    /// The paused layer's id.
    public var layer: String
    /// The media time of the pause.
    public var from: Double
    /// The media time of the resume, or `nil` when the layer is still paused at the last sample.
    public var to: Double?

    /// Creates an interval.
    public init(layer: String, from: Double, to: Double?) {
        self.layer = layer
        self.from = from
        self.to = to
    }
}
