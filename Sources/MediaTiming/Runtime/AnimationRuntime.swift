/// Layers, their model values and the animations attached to them, driven by an explicit media time:
/// what Core Animation's render tree shows and which delegate callbacks fire when
/// (Docs/semantics.md §4, §13, §15).
///
/// The runtime is a value with no clock. Time only moves forwards: every operation takes the media time
/// at which it happens, first advances to it (returning the events of the crossings on the way, each at
/// its exact time), then acts. Events are returned as values, in order of time, then of the order the
/// animations were added.
///
/// Costs, for n attached animations on N layers (Docs/performance.md, rows S1–S6):
/// - adding or removing an animation: independent of the other layers and animations (amortised O(1)
///   plus O(log n) to queue its next crossing, and preparing the animation);
/// - adding a layer: amortised O(1); removing, inserting or moving one: O(its subtree and their animations);
///   pausing, resuming or changing a layer's time space: O(its subtree's animations);
/// - an ``advance(to:)`` in which nothing starts or stops: O(1) (the earliest queued crossing is later);
///   one with events: O(log n) per event;
/// - ``updatePresentation()``: proportional to the animated layers and their animations (a layer without
///   animations costs nothing), plus recompiling the layers changed since the last pass.
///
/// The type is split by concern: layers (`AnimationRuntime+LayerTree`), model values (`+Models`),
/// animations (`+Animations`), clocks and the app's lifecycle (`+Clocks`), events (`+Events`, with
/// `CrossingQueue`), presentation (`+Presentation`, with `FramePlan`) and slots (`+Slots`).
public struct AnimationRuntime: Sendable {
    /// The layers with registered slots (in index order, each once), each with the slots of its tables
    /// its readings read (one bit per slot, as in `FramePlan.Record.writes`), for the slots registered
    /// (`readouts`) and the frame plan's generation they were collected at.
    struct ReadingLayers: Sendable {
        var layers: [(index: Int, wanted: UInt64)] = []
        var slotCount = 0
        var generation = -1
    }

    /// The layers and their clocks.
    public internal(set) var tree = LayerTree() {
        didSet {
            localTimesTime = nil
            chains.invalidate()
        }
    }
    /// The duration given to animations added with a duration ≤ 0 (Docs/semantics.md §4.2).
    public let transactionDuration: Double
    /// The media time of the last operation or advance.
    public internal(set) var currentTime: Double
    /// Whether the app is in the background (Docs/semantics.md §13.3).
    public internal(set) var isInBackground = false

    /// Every change to the models or the attached animations makes the frame plan stale (rebuilt by the
    /// next ``updatePresentation()``; steady frames change neither).
    /// Each layer's model values; a change marks the layer in the frame plan (`FramePlan.invalidate(_:)`).
    var models: [LayerValues] = []
    var presentations: [LayerValues] = []
    /// Each layer's animations in the order they apply. Changed only through ``attach(_:to:)``,
    /// ``removeAttached(layer:at:)`` and the delegate flags (which the frame plan does not read).
    var attached: [[AttachedAnimation]] = []
    /// The number of animations in ``attached``.
    @usableFromInline var attachedCount = 0
    /// The next crossing of every attached animation that has not stopped (``CrossingQueue``).
    var crossings = CrossingQueue()
    /// The stamp the next queued crossing gets.
    var nextStamp = 0
    /// The animations compiled for ``updatePresentation()`` (`FramePlan`).
    var plan = FramePlan()
    /// The registered presentation slots (``presentationSlot(of:layer:)``) and their readings.
    var slotKeys: [(layer: LayerID, keyPath: AnimationKeyPath)] = []
    @usableFromInline var readouts: [PresentationReadout] = []
    var localTimes: [Double] = []
    /// The animated layers' chains of time spaces, for their local times when few layers are animated.
    var chains = LocalTimeChains()
    /// Whether `localTimes` holds every layer's local time (a forward pass), not only the animated ones'.
    var localTimesCoverAll = false
    /// The media time `localTimes` holds the layers' local times for (nil: none; any change of the tree
    /// clears it): an advance, the look-ahead before it and the presentation pass of a frame share one pass.
    var localTimesTime: Double? = nil
    /// The time of the last ``updatePresentation()`` (nil: none since the last change); clearing it clears
    /// ``readingsTime`` too.
    @usableFromInline var presentationTime: Double? = nil { didSet { if presentationTime == nil { readingsTime = nil } } }
    /// The time of the last ``updatePresentationReadings()`` (nil: none since the last change).
    @usableFromInline var readingsTime: Double? = nil
    /// The layers with registered slots, for ``updatePresentationReadings()``.
    var readingLayers = ReadingLayers()
    var nextSequence = 0

    /// Creates an empty runtime whose clock reads `startTime`.
    public init(startTime: Double = 0, transactionDuration: Double = 0.25) throws(RuntimeError) {
        if let invalid = InvalidValue(nonFinite: startTime) { throw .invalidTime(invalid) }
        guard transactionDuration.isFinite, transactionDuration > 0 else { throw .invalidTransactionDuration }
        currentTime = startTime
        self.transactionDuration = transactionDuration
    }

    // MARK: Layers

    /// Adds a layer (see ``LayerTree/addLayer(named:parent:timeSpace:replicator:)``).
    @discardableResult
    public mutating func addLayer(
        named name: String, parent: LayerID? = nil, timeSpace: TimeSpace = .identity, replicator: Replicator? = nil
    ) throws(RuntimeError) -> LayerID {
        let id: LayerID
        do { id = try tree.addLayer(named: name, parent: parent, timeSpace: timeSpace, replicator: replicator) } catch {
            throw .layer(error)
        }
        models.append(LayerValues())
        plan.invalidate(id.index)
        presentations.append(LayerValues())
        attached.append([])
        presentationTime = nil
        return id
    }

    /// The layer named `name`.
    public func layer(named name: String) throws(RuntimeError) -> LayerID {
        do { return try tree.layer(named: name) } catch { throw .layer(error) }
    }

    // MARK: Internals

    /// Every layer, as a lazy sequence (iterating allocates nothing, unlike ``LayerTree/layers``).
    var allLayers: LazyMapSequence<Range<Int>, LayerID> { (0..<tree.count).lazy.map(LayerID.init(index:)) }

    /// A layer's local time at media time `time` (``LayerTree/localTime(of:replica:atMediaTime:)``).
    func localTime(of layer: LayerID, replica: [Int] = [], at time: Double) throws(RuntimeError) -> Double {
        do { return try tree.localTime(of: layer, replica: replica, atMediaTime: time) } catch { throw .layer(error) }
    }

    /// A layer's name, or ``RuntimeError/layer(_:)`` for a handle that is not of this runtime.
    func layerName(_ layer: LayerID) throws(RuntimeError) -> String {
        do { return try tree.name(of: layer) } catch { throw .layer(error) }
    }
}
