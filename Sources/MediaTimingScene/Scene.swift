import MediaTiming

/// A decoded `mediatiming-scene/1` document (Docs/scene-format.md): a layer tree, a script of operations on
/// the absolute media-time axis, what to sample and what to report.
public struct Scene: Sendable {
    /// The duration given to animations whose duration is ≤ 0 when added (default 0.25 s).
    public var transactionDuration: Double
    /// The layers present from the start, parents first (``ScriptOperation/Action/addLayer(_:)`` adds
    /// more).
    public var layers: [SceneLayer]
    /// The operations, in document order; ``SceneRunner`` applies them stably sorted by time.
    public var script: [ScriptOperation]
    /// The sampling instants.
    public var sample: SampleSpec
    /// What each sample reports; `nil` means every key path the scene animates or sets, on every layer.
    public var probes: [Probe]?

    /// Creates a scene.
    public init(
        transactionDuration: Double = 0.25, layers: [SceneLayer], script: [ScriptOperation] = [],
        sample: SampleSpec, probes: [Probe]? = nil
    ) {
        self.transactionDuration = transactionDuration
        self.layers = layers
        self.script = script
        self.sample = sample
        self.probes = probes
    }
}

/// A layer of a scene.
public struct SceneLayer: Sendable {
    /// The layer's unique identifier.
    public var id: String
    /// The identifier of the superlayer, or nil for a root layer.
    public var parent: String?
    /// Only `beginTime`, `speed` and `timeOffset` act on layers (Docs/semantics.md §4.1).
    public var timeSpace: TimeSpace
    /// Model values by key path, in document order.
    public var model: [(keyPath: AnimationKeyPath, value: AnimationValue)]
    /// The replicator fields when the layer is a `CAReplicatorLayer` (Docs/semantics.md §14.1), else nil.
    public var replicator: Replicator?

    /// Creates a layer.
    public init(
        id: String, parent: String? = nil, timeSpace: TimeSpace = .identity,
        model: [(keyPath: AnimationKeyPath, value: AnimationValue)] = [], replicator: Replicator? = nil
    ) {
        self.id = id
        self.parent = parent
        self.timeSpace = timeSpace
        self.model = model
        self.replicator = replicator
    }
}

/// One operation of a scene's script, at an absolute media time.
public struct ScriptOperation: Sendable {
    /// When the operation applies.
    public var time: Double
    /// What it does.
    public var action: Action

    /// What a script operation does.
    public enum Action: Sendable {
        /// Adds (copies) an animation under a key, replacing the key's animation.
        case add(layer: String, key: String, animation: Animation)
        /// Removes the animation under `key`, or every animation when `key` is `nil`.
        case remove(layer: String, key: String?)
        /// QA1673's pause.
        case pause(layer: String)
        /// QA1673's resume.
        case resume(layer: String)
        /// Sets some of a layer's time-space fields.
        case setTiming(layer: String, beginTime: Double?, speed: Float?, timeOffset: Double?)
        /// Sets model values, optionally with Core Animation's implicit action.
        case setModel(layer: String, values: [(keyPath: AnimationKeyPath, value: AnimationValue)], implicit: Bool)
        /// The app leaves the foreground.
        case background
        /// The app returns to the foreground.
        case foreground
        /// Adds a new layer to the tree (its id unique among every layer of the scene).
        case addLayer(SceneLayer)
        /// Removes a layer with its subtree from the tree (Docs/semantics.md §18.1).
        case removeLayer(layer: String)
        /// Inserts a layer outside the tree again, or moves a layer of the tree, under `parent` (a root when
        /// nil, Docs/semantics.md §18.2, §18.3).
        case moveLayer(layer: String, parent: String?)
    }

    /// Creates an operation.
    public init(time: Double, action: Action) {
        self.time = time
        self.action = action
    }
}

/// The sampling instants of a scene.
public enum SampleSpec: Sendable, Hashable {
    /// Explicit times.
    case times([Double])
    /// Frames `from + n/fps` for n = 0, 1, … while ≤ `to` (each frame is its target timestamp).
    case frames(from: Double, to: Double, fps: Double)
}

/// What a sample reports (Docs/scene-format.md, "Probes"). `layer` may carry a replica index path (`id[k]`).
public struct Probe: Sendable, Hashable {
    /// The layer's id.
    public var layer: String
    /// Replicator instance indices, outermost first (empty for the layer itself).
    public var replica: [Int]
    /// What is reported.
    public var quantity: Quantity
    /// The probe as written (its name in the result document).
    public var name: String

    /// The reported quantity.
    public enum Quantity: Sendable, Hashable {
        /// `LAYER.KEYPATH`: the presentation value.
        case presentation(AnimationKeyPath)
        /// `LAYER@time`: the layer's local time.
        case layerTime
        /// `LAYER/KEY@phase`: `before`, `active`, `after` or `absent`.
        case phase(key: String)
        /// `LAYER/KEY@iteration`.
        case iteration(key: String)
        /// `LAYER/KEY@progress`: progress after the animation's timing function.
        case progress(key: String)
        /// `LAYER/KEY@time`: the animation's active local time.
        case animationTime(key: String)
    }

    /// Creates a probe.
    public init(layer: String, replica: [Int] = [], quantity: Quantity, name: String) {
        self.layer = layer
        self.replica = replica
        self.quantity = quantity
        self.name = name
    }
}

/// A value in a result document.
public enum ProbeValue: Sendable, Hashable {
    /// A number (a scalar value, a time, an iteration index, a progress).
    case number(Double)
    /// The components of a point, size, rect, color or row-major transform.
    case numbers([Double])
    /// A phase name.
    case text(String)
    /// Nothing to report (e.g. `@progress` of an absent animation, any probe of a layer outside the tree).
    case null
}

/// One sample of a result document.
public struct SceneSample: Sendable, Hashable {
    /// The media time.
    public var time: Double
    /// The probes' values, in probe order: `(probe name, value)`.
    public var values: [SceneProbeReading]

    /// Creates a sample.
    public init(time: Double, values: [SceneProbeReading]) {
        self.time = time
        self.values = values
    }
}

/// One probe's value in a sample.
public struct SceneProbeReading: Sendable, Hashable {
    /// The probe's name.
    public var name: String
    /// The probe's value at the sample's time.
    public var value: ProbeValue

    /// Creates a reading.
    public init(name: String, value: ProbeValue) {
        self.name = name
        self.value = value
    }
}

/// An animation event in a result document.
public struct SceneEvent: Sendable, Hashable {
    /// The exact media time of the crossing.
    public var time: Double
    /// The identifier of the animation's layer.
    public var layer: String
    /// The animation's key.
    public var key: String
    /// `didStart` or `didStop`.
    public var isStart: Bool
    /// For `didStop`: whether the animation reached its end.
    public var finished: Bool?

    /// Creates an event.
    public init(time: Double, layer: String, key: String, isStart: Bool, finished: Bool?) {
        self.time = time
        self.layer = layer
        self.key = key
        self.isStart = isStart
        self.finished = finished
    }
}

/// The result of sampling a scene (`mediatiming-result/1`).
public struct SceneResult: Sendable, Hashable {
    /// The samples, in the order of the scene's sample times.
    public var samples: [SceneSample]
    /// Every didStart and didStop in the sampled range, ordered by time, then by script order.
    public var events: [SceneEvent]

    /// Creates a result.
    public init(samples: [SceneSample], events: [SceneEvent]) {
        self.samples = samples
        self.events = events
    }
}
