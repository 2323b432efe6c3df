import MediaTiming

/// One operation of a differential run, performed at a media time on both ``AnimationRuntime`` and
/// ``ReferenceRuntime`` (``DifferentialRun``). Layers are named by their index in the order they were
/// added (the same `LayerID` in both).
///
/// An operation is one case here, one branch in ``DifferentialRun/perform(_:)``, one operation of
/// ``ReferenceRuntime`` and one choice in ``OperationGenerator``.
public enum RuntimeOperation: Sendable {
    /// Adds a layer under the layer at `parent` (a root when nil).
    case addLayer(parent: Int?, timeSpace: TimeSpace)
    /// `removeFromSuperlayer` of the layer at `layer`, with its subtree (Docs/semantics.md §18.1).
    case removeLayer(layer: Int)
    /// `addSublayer:` of a layer outside the tree under `parent` (a root when nil, §18.2).
    case insertLayer(layer: Int, parent: Int?)
    /// `addSublayer:` of a layer of the tree under `parent` (a root when nil, §18.3).
    case moveLayer(layer: Int, parent: Int?)
    /// `addAnimation:forKey:` (replacing the animation under `key`, if any).
    case add(Animation, key: String, layer: Int)
    /// `removeAnimationForKey:`.
    case removeAnimation(key: String, layer: Int)
    /// `removeAllAnimations`.
    case removeAllAnimations(layer: Int)
    /// QA1673's pause.
    case pause(layer: Int)
    /// A resume at `speed` (nil: the speed before the pause).
    case resume(layer: Int, speed: Float?)
    /// Replaces a layer's time space.
    case setTimeSpace(TimeSpace, layer: Int)
    /// Sets a model value, with the implicit action or without.
    case setModelValue(AnimationValue, keyPath: AnimationKeyPath, layer: Int, implicit: Bool)
    /// The app enters the background.
    case enterBackground
    /// The app returns to the foreground.
    case enterForeground
    /// Advances the clock.
    case advance
    /// `hasEvents(upTo:)` to the step's time, then an advance to it (a player's look-ahead).
    case lookAhead
    /// `updatePresentation()` at the current time (the step's time is not used).
    case updatePresentation
    /// `updatePresentationReadings()` at the current time (the step's time is not used).
    case updatePresentationReadings
    /// Registers a presentation slot.
    case registerSlot(keyPath: AnimationKeyPath, layer: Int)
}

/// An operation and the media time it happens at.
public struct RuntimeStep: Sendable, CustomStringConvertible {
    /// The media time.
    public var time: Double
    /// The operation.
    public var operation: RuntimeOperation

    /// Creates a step.
    public init(time: Double, operation: RuntimeOperation) {
        self.time = time
        self.operation = operation
    }

    public var description: String { "at \(time) (0x\(String(time.bitPattern, radix: 16))): \(operation)" }
}
