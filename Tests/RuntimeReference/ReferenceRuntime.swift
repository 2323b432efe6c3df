import MediaTiming

/// A brute-force runtime written from the rules of Docs/semantics.md (§4 attaching, §7.4 removal, §13
/// events and removal, §14.2 pause and resume, §15 the evaluation procedure, §18 removing, inserting and
/// moving layers), to check
/// ``AnimationRuntime`` against: it keeps plain state (the layers with their time spaces, each layer's
/// attached animations in add order with their delegate state, the models) and recomputes everything from
/// it at every operation and every reading. Nothing is cached and nothing is incremental:
///
/// - a layer's local time is its chain walked from the root through the reference's own parent links
///   (`TimeSpace.localTime(fromParent:)` at each step), at each instant it is needed; whether a layer is
///   in the tree is found by walking up to its root (§18);
/// - the events of an advance from `C` to `T` are found animation by animation: for each attached animation
///   not yet stopped, its phase at `T` says which events it owes (§13.2), and each event is stamped with the
///   first double in `(C, T]` at which sampling sees the new phase (`BoundarySearch.firstTime`, searched
///   from scratch without an estimate); all events of a call are then ordered by time, then by add order,
///   a start before a stop (§13.2);
/// - after every operation every animation's phase at the operation's instant is looked at again
///   ("settle"): an operation that changed a clock delivers what the new clock shows at once;
/// - a presentation is the model with each attached animation applied in add order
///   (`PreparedAnimation.apply`, §15), at the layer's local time computed then.
///
/// Its errors are the runtime's (``RuntimeError``), plus ``ReferenceError`` when its own bookkeeping
/// finds an inconsistency (a bug of the reference, not of the runtime).
public struct ReferenceRuntime: Sendable {
    /// The layers' names and time spaces, and QA1673's pause and resume (§14.2). It follows every change
    /// of the structure, but the reference's own links (``parents``, ``removedTops``) decide whether a
    /// layer is in the tree and give its chain.
    public internal(set) var tree = LayerTree()
    /// Every layer, in the order they were added (their index).
    public private(set) var layers: [LayerID] = []
    /// Each layer's model values, by layer index.
    public private(set) var models: [LayerValues] = []
    /// Each layer's attached animations in add order (the order they are applied, §4.3), by layer index.
    public internal(set) var animations: [[ReferenceAnimation]] = []
    /// Each layer's parent index, by layer index (nil: a root, or the top of a removed piece): the
    /// reference's own links (Docs/semantics.md §18), kept beside `tree`, which holds the time spaces.
    public internal(set) var parents: [Int?] = []
    /// Whether a layer was removed as the top of a piece (`removeFromSuperlayer`, §18.1): it and every
    /// layer below it are outside the tree.
    public internal(set) var removedTops: [Bool] = []
    /// The duration of animations added with a duration ≤ 0 (§4.2).
    public let transactionDuration: Double
    /// The media time of the last operation.
    public private(set) var currentTime: Double
    /// Whether the app is in the background (§13.3).
    public private(set) var isInBackground = false
    var nextSequence = 0

    /// An empty runtime whose clock reads `startTime`.
    public init(startTime: Double = 0, transactionDuration: Double = 0.25) {
        currentTime = startTime
        self.transactionDuration = transactionDuration
    }

    // MARK: Layers and readings of state

    /// Adds a layer to the tree.
    public mutating func addLayer(named name: String, parent: LayerID?, timeSpace: TimeSpace) throws -> LayerID {
        if let parent, try !isInTree(parent) { throw RuntimeError.layer(.notInTree(layer: try self.name(of: parent))) }
        let id: LayerID
        do { id = try tree.addLayer(named: name, parent: parent, timeSpace: timeSpace) } catch { throw RuntimeError.layer(error) }
        layers.append(id)
        parents.append(parent?.index)
        removedTops.append(false)
        models.append(LayerValues())
        animations.append([])
        return id
    }

    /// The local time of a layer of the tree at media time `time`, its chain walked from the root (§3.2);
    /// a layer outside the tree has none to read (§18.4).
    public func localTime(of layer: LayerID, at time: Double) throws -> Double {
        try requireInTree(layer)
        return try chainTime(of: layer, at: time)
    }

    /// The keys of a layer's animations in add order.
    public func animationKeys(of layer: LayerID) -> [String] { animations[layer.index].map(\.key) }

    /// The number of attached animations of every layer.
    public var attachedAnimationCount: Int { animations.reduce(0) { $0 + $1.count } }

    /// The phase of an attached animation at media time `time`, from its layer's local time then.
    func phase(of entry: ReferenceAnimation, layer: LayerID, at time: Double) throws -> TimingPhase {
        entry.prepared.timing.phase(atParentTime: try chainTime(of: layer, at: time))
    }

    func name(of layer: LayerID) throws -> String {
        do { return try tree.name(of: layer) } catch { throw RuntimeError.layer(error) }
    }

    // MARK: Time

    /// Moves the clock to `time`: for every attached animation not yet stopped, the events its phase at
    /// `time` owes (§13.2), each at the first double in `(currentTime, time]` where sampling sees it; then
    /// the animations that completed with `removedOnCompletion` leave (§7.4).
    public mutating func advance(to time: Double) throws -> [AnimationEvent] {
        if let invalid = InvalidValue(nonFinite: time) { throw RuntimeError.invalidTime(invalid) }
        guard time >= currentTime else { throw RuntimeError.timeWentBackwards(current: currentTime, requested: time) }
        guard time > currentTime else { return [] }
        let start = currentTime
        let runtime = self
        var events: [AnimationEvent] = []
        for layer in layers where inTree(layer.index) {
            for index in animations[layer.index].indices where !animations[layer.index][index].stopped {
                let entry = animations[layer.index][index]
                var failure: Error? = nil
                // The phase at a media time, from the layer's local time then (the searches take a
                // non-throwing condition: a failure is kept and thrown after them).
                func phase(_ t: Double) -> TimingPhase {
                    do { return entry.prepared.timing.phase(atParentTime: try runtime.chainTime(of: layer, at: t)) } catch {
                        failure = error
                        return .before
                    }
                }
                let end = phase(time)
                var startTime: Double? = entry.started ? -.infinity : nil
                func begins(_ t: Double) -> Bool { phase(t) != .before }
                if !entry.started && end != .before {
                    guard !begins(start) else { throw ReferenceError.inconsistent("\(entry.key) of \(layer) had begun at \(start)") }
                    let t = BoundarySearch.firstTime(after: start, upTo: time, estimate: nil, where: begins)
                    events.append(AnimationEvent(time: t, layer: layer, key: entry.key, kind: .didStart, sequence: entry.sequence))
                    animations[layer.index][index].started = true
                    startTime = t
                }
                // Over: in its after phase, or back in its before phase after it began (a negative rate
                // leaving through the start, U14).
                func over(_ t: Double) -> Bool {
                    let p = phase(t)
                    return p == .after || (p == .before && startTime.map { t >= $0 } == true)
                }
                if end == .after || (startTime != nil && end == .before) {
                    guard !over(start) else { throw ReferenceError.inconsistent("\(entry.key) of \(layer) was over at \(start)") }
                    let t = BoundarySearch.firstTime(after: start, upTo: time, estimate: nil, where: over)
                    events.append(
                        AnimationEvent(time: t, layer: layer, key: entry.key, kind: .didStop(finished: true), sequence: entry.sequence))
                    animations[layer.index][index].stopped = true
                }
                if let failure { throw failure }
            }
        }
        removeCompleted()
        currentTime = time
        return Self.ordered(events)
    }

    /// Whether ``advance(to:)`` to `time` would deliver any event.
    public func hasEvents(upTo time: Double) throws -> Bool {
        var copy = self
        return try !copy.advance(to: time).isEmpty
    }

    /// The events every animation's phase at `time` owes at once (§13.2): after an operation at `time`
    /// (a clock that jumped, an animation whose window has begun or ended when it is added), didStart
    /// when the window has begun, didStop(finished) when it is over or was left through its start.
    mutating func settle(at time: Double) throws -> [AnimationEvent] {
        var events: [AnimationEvent] = []
        for layer in layers where inTree(layer.index) {
            for index in animations[layer.index].indices where !animations[layer.index][index].stopped {
                let entry = animations[layer.index][index]
                let phase = try phase(of: entry, layer: layer, at: time)
                if !entry.started && phase != .before {
                    events.append(AnimationEvent(time: time, layer: layer, key: entry.key, kind: .didStart, sequence: entry.sequence))
                    animations[layer.index][index].started = true
                }
                if phase == .after || (animations[layer.index][index].started && phase == .before) {
                    events.append(
                        AnimationEvent(time: time, layer: layer, key: entry.key, kind: .didStop(finished: true), sequence: entry.sequence))
                    animations[layer.index][index].stopped = true
                }
            }
        }
        removeCompleted()
        return events
    }

    /// Removes the animations that completed with `removedOnCompletion` (§7.4).
    mutating func removeCompleted() {
        for index in animations.indices { animations[index].removeAll { $0.stopped && $0.removedOnCompletion } }
    }

    /// Removes the animation at `index` of `layer`: didStop, not finished, unless it had stopped (§13.2)
    /// or the layer is outside the tree (§18.4).
    mutating func detach(layer: LayerID, at index: Int, time: Double) -> [AnimationEvent] {
        let entry = animations[layer.index].remove(at: index)
        guard !entry.stopped, inTree(layer.index) else { return [] }
        return [AnimationEvent(time: time, layer: layer, key: entry.key, kind: .didStop(finished: false), sequence: entry.sequence)]
    }

    /// The events of one call in the order of §13.2: by time, then by the order their animations were
    /// added, a start before a stop.
    static func ordered(_ events: [AnimationEvent]) -> [AnimationEvent] {
        events.sorted { a, b in
            if a.time != b.time { return a.time < b.time }
            if a.sequence != b.sequence { return a.sequence < b.sequence }
            return a.kind == .didStart && b.kind != .didStart
        }
    }

    /// Every operation: advance to `time`, act, then settle at `time`; the events of all three in order.
    mutating func operation(at time: Double, _ act: (inout Self) throws -> [AnimationEvent]) throws -> [AnimationEvent] {
        var events = try advance(to: time)
        events += try act(&self)
        events += try settle(at: time)
        return Self.ordered(events)
    }

    // MARK: Operations

    /// `addAnimation:forKey:` at `time` (§4.3, §4.4): beginTime 0 becomes the layer's local time then, a
    /// duration ≤ 0 the transaction duration; an animation under `key` is removed first (didStop, not
    /// finished); the new one goes last.
    public mutating func add(_ animation: Animation, forKey key: String, to layer: LayerID, at time: Double) throws -> [AnimationEvent] {
        // Refused outside the tree, before anything (§18.4).
        try requireInTree(layer)
        return try operation(at: time) { runtime in
            var copy = animation
            if copy.timing.beginTime == 0 { copy.timing.beginTime = try runtime.localTime(of: layer, at: time) }
            let prepared: PreparedAnimation
            do throws(AnimationError) { prepared = try PreparedAnimation(copy, defaultDuration: runtime.transactionDuration) } catch {
                throw RuntimeError.animation(key: key, error)
            }
            var events: [AnimationEvent] = []
            if let index = runtime.animations[layer.index].firstIndex(where: { $0.key == key }) {
                events += runtime.detach(layer: layer, at: index, time: time)
            }
            runtime.animations[layer.index].append(ReferenceAnimation(key: key, prepared: prepared, sequence: runtime.nextSequence))
            runtime.nextSequence += 1
            return events
        }
    }

    /// `removeAnimationForKey:` at `time` (§13.2).
    public mutating func removeAnimation(forKey key: String, from layer: LayerID, at time: Double) throws -> [AnimationEvent] {
        try operation(at: time) { runtime in
            _ = try runtime.name(of: layer)
            guard let index = runtime.animations[layer.index].firstIndex(where: { $0.key == key }) else { return [] }
            return runtime.detach(layer: layer, at: index, time: time)
        }
    }

    /// `removeAllAnimations` at `time`, in add order.
    public mutating func removeAllAnimations(from layer: LayerID, at time: Double) throws -> [AnimationEvent] {
        try operation(at: time) { runtime in
            _ = try runtime.name(of: layer)
            var events: [AnimationEvent] = []
            while !runtime.animations[layer.index].isEmpty { events += runtime.detach(layer: layer, at: 0, time: time) }
            return events
        }
    }

    /// Pauses a layer at `time` (QA1673, §14.2).
    public mutating func pause(_ layer: LayerID, at time: Double) throws -> [AnimationEvent] {
        try operation(at: time) { runtime in
            do throws(LayerError) { try runtime.tree.pause(layer, atMediaTime: time) } catch { throw RuntimeError.layer(error) }
            return []
        }
    }

    /// Resumes a layer at `time` (QA1673 at speed 1, or continuous at `speed`; nil: the speed before the pause).
    public mutating func resume(_ layer: LayerID, at time: Double, speed: Float?) throws -> [AnimationEvent] {
        try operation(at: time) { runtime in
            do throws(LayerError) { try runtime.tree.resume(layer, atMediaTime: time, speed: speed) } catch { throw RuntimeError.layer(error) }
            return []
        }
    }

    /// Replaces a layer's time space at `time`; its clock jumps (§3.4).
    public mutating func setTimeSpace(_ timeSpace: TimeSpace, of layer: LayerID, at time: Double) throws -> [AnimationEvent] {
        try operation(at: time) { runtime in
            do throws(LayerError) { try runtime.tree.setTimeSpace(timeSpace, of: layer) } catch { throw RuntimeError.layer(error) }
            return []
        }
    }

    /// Sets a model value at `time`; with `implicit`, CALayer's default action: a basic animation from
    /// the presentation value at `time` (before the change), lasting the transaction duration, with the
    /// `default` timing function, under the key path's name.
    public mutating func setModelValue(
        _ value: AnimationValue, for keyPath: AnimationKeyPath, of layer: LayerID, at time: Double, implicit: Bool
    ) throws -> [AnimationEvent] {
        try operation(at: time) { runtime in
            let name = try runtime.name(of: layer)
            let previous = implicit ? try runtime.presentationValue(of: keyPath, layer: layer) : nil
            do throws(ValueError) {
                let updated = try keyPath.setting(value, in: runtime.models[layer.index].value(of: keyPath.property))
                runtime.models[layer.index].set(updated, for: keyPath.property)
            } catch {
                throw RuntimeError.model(layer: name, keyPath: keyPath.name, error)
            }
            guard let previous else { return [] }
            let action = Animation.basic(
                keyPath, from: previous, timing: Timing(duration: runtime.transactionDuration), timingFunction: .default)
            return try runtime.add(action, forKey: keyPath.name, to: layer, at: time)
        }
    }

    /// The app enters the background at `time`: every animation with `removedOnCompletion` leaves, with
    /// didStop (not finished); the others stay (§13.3).
    public mutating func enterBackground(at time: Double) throws -> [AnimationEvent] {
        try operation(at: time) { runtime in
            var events: [AnimationEvent] = []
            for layer in runtime.layers {
                var index = 0
                while index < runtime.animations[layer.index].count {
                    if runtime.animations[layer.index][index].removedOnCompletion {
                        events += runtime.detach(layer: layer, at: index, time: time)
                    } else {
                        index += 1
                    }
                }
            }
            runtime.isInBackground = true
            return events
        }
    }

    /// The app returns to the foreground at `time`: nothing comes back (§13.3).
    public mutating func enterForeground(at time: Double) throws -> [AnimationEvent] {
        try operation(at: time) { runtime in
            runtime.isInBackground = false
            return []
        }
    }

    // MARK: Presentation

    /// A layer's presentation at the current time (§15): its model with every attached animation applied
    /// in add order at the layer's local time.
    public func presentation(of layer: LayerID) throws -> LayerValues {
        let name = try name(of: layer)
        try requireInTree(layer)
        let t = try localTime(of: layer, at: currentTime)
        let model = models[layer.index]
        var values = model
        for entry in animations[layer.index] {
            do {
                _ = try entry.prepared.apply(
                    at: t, frozen: false, removedOnCompletion: entry.removedOnCompletion, model: model, to: &values)
            } catch {
                throw RuntimeError.evaluation(layer: name, key: entry.key, error)
            }
        }
        return values
    }

    /// The presentation value of a key path of a layer at the current time.
    public func presentationValue(of keyPath: AnimationKeyPath, layer: LayerID) throws -> AnimationValue {
        try value(of: keyPath, in: try presentation(of: layer), layer: layer)
    }

    /// The value of a key path in `values`, a presentation of `layer` (``presentation(of:)``), with the
    /// runtime's error for a value that cannot be read.
    public func value(of keyPath: AnimationKeyPath, in values: LayerValues, layer: LayerID) throws -> AnimationValue {
        do { return try values.value(of: keyPath) } catch {
            throw RuntimeError.model(layer: try name(of: layer), keyPath: keyPath.name, error)
        }
    }

    /// The timing state of the animation under `key` at the current time (nil when none is attached):
    /// its resolved timing evaluated at the layer's local time with its timing function (§6–§8).
    public func timingState(ofAnimation key: String, layer: LayerID) throws -> TimingEvaluation? {
        let name = try name(of: layer)
        try requireInTree(layer)
        guard let entry = animations[layer.index].first(where: { $0.key == key }) else { return nil }
        let t = try localTime(of: layer, at: currentTime)
        let timing = entry.prepared.timing
        do {
            if let function = entry.prepared.animation.timingFunction {
                return try timing.evaluate(
                    atParentTime: t, timingFunction: function.prepared(), removedOnCompletion: entry.removedOnCompletion)
            }
            return try timing.evaluate(atParentTime: t, removedOnCompletion: entry.removedOnCompletion)
        } catch {
            throw RuntimeError.evaluation(layer: name, key: key, .timing(error))
        }
    }
}
