/// Layers, their model values and the animations attached to them, driven by an explicit media time:
/// what Core Animation's render tree shows and which delegate callbacks fire when
/// (Docs/semantics.md §4, §13, §15).
///
/// The runtime is a value with no clock. Time only moves forwards: every operation takes the media time
/// at which it happens, first advances to it (returning the events of the crossings on the way, each at
/// its exact time), then acts. Events are returned as values, in order of time, then of the order the
/// animations were added.
public struct AnimationRuntime: Sendable {
    /// The layers and their clocks.
    public internal(set) var tree = LayerTree() {
        didSet { localTimesTime = nil }
    }
    /// The duration given to animations added with a duration ≤ 0 (Docs/semantics.md §4.2).
    public let transactionDuration: Double
    /// The media time of the last operation or advance.
    public internal(set) var currentTime: Double
    /// Whether the app is in the background (Docs/semantics.md §13.3).
    public private(set) var isInBackground = false

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
    /// The media time `localTimes` holds the layers' local times for (nil: none; any change of the tree
    /// clears it): an advance, the look-ahead before it and the presentation pass of a frame share one pass.
    var localTimesTime: Double? = nil
    /// The time of the last ``updatePresentation()`` (nil: none since the last change); clearing it clears
    /// ``readingsTime`` too.
    @usableFromInline var presentationTime: Double? = nil { didSet { if presentationTime == nil { readingsTime = nil } } }
    /// The time of the last ``updatePresentationReadings()`` (nil: none since the last change).
    @usableFromInline var readingsTime: Double? = nil
    /// The registered readings compiled for ``updatePresentationReadings()`` (`ReadingPlan`), and the
    /// typed values of its targets during a pass.
    var readingPlan = ReadingPlan.empty
    var readingTargets: [ReadingPlan.Target] = []
    /// The reading plan's layers (indices) that a ``updatePresentationReadings()`` gives to the table pass.
    var readingFallbacks: [Int] = []
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

    // MARK: Model values

    /// Sets a model value at `time`. With `implicit`, also adds Core Animation's default action for the
    /// change, as `CALayer` does outside a disabled transaction (as the custom-property clock face relies on): a basic animation from the
    /// presentation value at `time` to the new model value, lasting the transaction duration, with the
    /// `default` timing function, under the key path's name.
    @discardableResult
    public mutating func setModelValue(
        _ value: AnimationValue, for keyPath: AnimationKeyPath, of layer: LayerID, at time: Double, implicit: Bool = false
    ) throws(RuntimeError) -> [AnimationEvent] {
        var events = try advance(to: time)
        let name = try layerName(layer)
        let previous = implicit ? try presentationValue(of: keyPath, layer: layer) : nil
        do throws(ValueError) {
            guard value.kind == keyPath.valueKind else {
                throw ValueError.kindMismatch(expected: keyPath.valueKind, got: value.kind)
            }
            try value.validate()
            let updated = try keyPath.setting(value, in: models[layer.index].value(of: keyPath.property))
            models[layer.index].set(updated, for: keyPath.property)
            plan.invalidate(layer.index)
            presentations[layer.index].ensure(keyPath.property)
        } catch {
            throw .model(layer: name, keyPath: keyPath.name, error)
        }
        presentationTime = nil
        if let previous {
            let action = Animation.basic(
                keyPath, from: previous, timing: Timing(duration: transactionDuration), timingFunction: .default)
            events += try add(action, forKey: keyPath.name, to: layer, at: time)
        }
        return events.sorted(by: AnimationEvent.ordered)
    }

    /// The model value of a key path (its Core Animation default if never set).
    public func modelValue(of keyPath: AnimationKeyPath, layer: LayerID) throws(RuntimeError) -> AnimationValue {
        let name = try layerName(layer)
        do { return try models[layer.index].value(of: keyPath) } catch {
            throw .model(layer: name, keyPath: keyPath.name, error)
        }
    }

    // MARK: Animations

    /// Adds (a copy of) `animation` under `key` at `time` (`addAnimation:forKey:`, Docs/semantics.md §4):
    /// an animation already under `key` is removed (didStop, not finished); a `beginTime` of 0 becomes the
    /// layer's local time at `time` (U3); a duration ≤ 0 becomes the transaction duration. If the new
    /// animation's window has begun, didStart fires at `time` (and didStop too if it is already over).
    @discardableResult
    public mutating func add(_ animation: Animation, forKey key: String, to layer: LayerID, at time: Double) throws(RuntimeError)
        -> [AnimationEvent]
    {
        try requireInTree(layer)
        var events = try advance(to: time)
        var copy = animation
        if copy.timing.beginTime == 0 { copy.timing.beginTime = try localTime(of: layer, at: time) }
        let prepared: PreparedAnimation
        do { prepared = try PreparedAnimation(copy, defaultDuration: transactionDuration) } catch {
            throw .animation(key: key, error)
        }
        if let index = attached[layer.index].firstIndex(where: { $0.key == key }) {
            events += detach(layer: layer, at: index, time: time)
        }
        for keyPath in Self.keyPaths(of: prepared) {
            models[layer.index].ensure(keyPath.property)
            plan.invalidate(layer.index)
            presentations[layer.index].ensure(keyPath.property)
        }
        attach(AttachedAnimation(key: key, prepared: prepared, sequence: nextSequence), to: layer.index)
        nextSequence += 1
        presentationTime = nil
        events += try settle(layer: layer.index, entries: attached[layer.index].count - 1..<attached[layer.index].count, at: time)
        return events.sorted(by: AnimationEvent.ordered)
    }

    /// Removes the animation under `key` at `time` (`removeAnimationForKey:`): didStop, not finished,
    /// unless it had already stopped. Removing a missing key does nothing.
    @discardableResult
    public mutating func removeAnimation(forKey key: String, from layer: LayerID, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        var events = try advance(to: time)
        _ = try layerName(layer)
        if let index = attached[layer.index].firstIndex(where: { $0.key == key }) {
            let stop = detach(layer: layer, at: index, time: time)
            if !tree.outside[layer.index] { events += stop }  // no events outside the tree (Docs/semantics.md §18.4)
        }
        presentationTime = nil
        return events.sorted(by: AnimationEvent.ordered)
    }

    /// Removes every animation of a layer at `time` (`removeAllAnimations`), in the order they were added.
    @discardableResult
    public mutating func removeAllAnimations(from layer: LayerID, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        var events = try advance(to: time)
        _ = try layerName(layer)
        while !attached[layer.index].isEmpty {
            let stop = detach(layer: layer, at: 0, time: time)
            if !tree.outside[layer.index] { events += stop }  // no events outside the tree (Docs/semantics.md §18.4)
        }
        presentationTime = nil
        return events.sorted(by: AnimationEvent.ordered)
    }

    /// The keys of a layer's animations, in the order they are applied (`animationKeys`).
    public func animationKeys(of layer: LayerID) throws(RuntimeError) -> [String] {
        _ = try layerName(layer)
        return attached[layer.index].map(\.key)
    }

    /// The animation attached under `key`, as prepared (with the runtime's substitutions).
    public func animation(forKey key: String, of layer: LayerID) throws(RuntimeError) -> PreparedAnimation? {
        _ = try layerName(layer)
        return attached[layer.index].first { $0.key == key }?.prepared
    }

    // MARK: Layer timing

    /// Pauses a layer at `time` with QA1673's recipe (Docs/semantics.md §14.2).
    @discardableResult
    public mutating func pause(_ layer: LayerID, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        var events = try advance(to: time)
        do { try tree.pause(layer, atMediaTime: time) } catch { throw .layer(error) }
        presentationTime = nil
        events += try settle(subtreeOf: layer, at: time)
        return events.sorted(by: AnimationEvent.ordered)
    }

    /// Resumes a layer at `time` (QA1673's recipe at speed 1, or at `speed`; `nil` restores the speed
    /// it had when paused).
    @discardableResult
    public mutating func resume(_ layer: LayerID, at time: Double, speed: Float? = 1) throws(RuntimeError) -> [AnimationEvent] {
        var events = try advance(to: time)
        do { try tree.resume(layer, atMediaTime: time, speed: speed) } catch { throw .layer(error) }
        presentationTime = nil
        events += try settle(subtreeOf: layer, at: time)
        return events.sorted(by: AnimationEvent.ordered)
    }

    /// Replaces a layer's time space at `time`; its clock jumps at once (Docs/semantics.md §3.4).
    @discardableResult
    public mutating func setTimeSpace(_ timeSpace: TimeSpace, of layer: LayerID, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        var events = try advance(to: time)
        do { try tree.setTimeSpace(timeSpace, of: layer) } catch { throw .layer(error) }
        presentationTime = nil
        events += try settle(subtreeOf: layer, at: time)
        return events.sorted(by: AnimationEvent.ordered)
    }

    // MARK: App lifecycle

    /// The app leaves the foreground at `time`: every animation with `removedOnCompletion` is removed,
    /// with didStop (not finished); the others stay (U16, Docs/semantics.md §13.3).
    @discardableResult
    public mutating func enterBackground(at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        var events = try advance(to: time)
        for layer in allLayers {
            var index = 0
            while index < attached[layer.index].count {
                if attached[layer.index][index].removedOnCompletion {
                    events += detach(layer: layer, at: index, time: time)
                } else {
                    index += 1
                }
            }
        }
        isInBackground = true
        presentationTime = nil
        return events.sorted(by: AnimationEvent.ordered)
    }

    /// The app returns to the foreground at `time`. Core Animation restores nothing: what was removed
    /// stays removed.
    @discardableResult
    public mutating func enterForeground(at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        let events = try advance(to: time)
        isInBackground = false
        return events
    }

    // MARK: Time

    /// The number of animations attached to all layers (the sum of ``animationKeys(of:)``'s counts),
    /// without building the key arrays.
    @inlinable public var attachedAnimationCount: Int { attachedCount }

    // MARK: Presentation

    /// Computes every layer's presentation values at the current time in one pass (Docs/semantics.md §15):
    /// each layer's model values with its animations applied in order. Once the runtime has seen its
    /// layers and animations, a pass allocates nothing.
    ///
    /// Cost: proportional to the animated layers and their animations (a layer without animations shows
    /// its model and costs nothing), plus the registered slots; after a change of the attached animations
    /// or the models, the frame plan is rebuilt first, O(layers + animations).
    public mutating func updatePresentation() throws(RuntimeError) {
        if presentationTime == currentTime { return }
        preparePlan()
        updateLocalTimes(at: currentTime)
        // Every table in place, through base pointers: subscripting the arrays per layer retained and
        // released each layer's tables and animation list (benchmark P6). The animations are walked as
        // the plan's records (FramePlan), in the order `apply` applies them; after the plan's first pass a
        // layer's presentation is restored from the plan's copy of its model values.
        let count = tree.count
        var failure: (layer: Int, entry: Int, error: EvaluationError)? = nil
        let tables = plan.tables
        models.withUnsafeBufferPointer { models in
            localTimes.withUnsafeBufferPointer { localTimes in
                presentations.withUnsafeMutableBufferPointer { presentations in
                  plan.restorable.withUnsafeMutableBufferPointer { restorable in
                    guard let model = models.baseAddress, let times = localTimes.baseAddress,
                        let presentation = presentations.baseAddress, count <= models.count,
                        count <= localTimes.count, count <= presentations.count, count <= restorable.count
                    else { return }
                    // The animated layers in no particular order: the failure reported is the first layer's.
                    for index in tables.animated.buffer where index < count {
                        if let failed = Self.presentLayer(
                            index, at: times[index], restores: restorable[index], model: model, tables: tables,
                            into: presentation + index)
                        {
                            if failure.map({ index < $0.layer }) ?? true { failure = (index, failed.entry, failed.error) }
                        } else {
                            restorable[index] = true
                        }
                    }
                    guard failure == nil else { return }
                    // The registered readings, copied out of the tables just written (in place).
                    readouts.withUnsafeMutableBufferPointer { readouts in
                        for id in readouts.indices where readouts[id].layer < count {
                            presentation[readouts[id].layer].fill(&readouts[id])
                        }
                    }
                  }
                }
            }
        }
        if let failure {
            throw .evaluation(layer: tree.names[failure.layer], key: attached[failure.layer][failure.entry].key, failure.error)
        }
        if tree.outsideCount > 0 { forgetReadingsOutsideTree() }
        presentationTime = currentTime
    }

    /// Applies layer `index`'s records of the frame plan at its local time `time` to its presentation
    /// table, after restoring the table from the plan's copy of the model (`restores`: a pass since the
    /// rebuild left the table holding the model's properties in order) or overwriting it with the model.
    /// Returns the entry and error of the first record that fails (the table is then partly written).
    static func presentLayer(
        _ index: Int, at time: Double, restores: Bool, model: UnsafePointer<LayerValues>, tables: FramePlan.Tables,
        into presentation: UnsafeMutablePointer<LayerValues>
    ) -> (entry: Int, error: EvaluationError)? {
        var restored = false
        if restores, index < tables.modelRanges.count, let values = tables.modelValues.base {
            let range = tables.modelRanges[index]
            restored = presentation.pointee.restore(from: values + range.lowerBound, count: range.count)
        }
        if !restored { presentation.pointee.overwrite(with: model[index]) }
        guard index < tables.layers.count, let records = tables.records.base else { return nil }
        let range = tables.layers[index], record = records + range.lowerBound
        var pass = FramePlan.Pass()
        for next in FramePlan.Siblings(0..<range.count, in: record) {
            do throws(EvaluationError) {
                try FramePlan.apply(
                    record, at: next, parentTime: time, frozen: false, model: model + index, to: &presentation.pointee,
                    pass: &pass)
            } catch {
                return (record[next].entry, error)
            }
        }
        return nil
    }

    /// Computes the values of the registered presentation slots (``presentationSlot(of:layer:)``) at the
    /// current time, and only those: afterwards ``presentationScalar(at:)``, ``presentationValue(at:)``,
    /// ``presentationPoint(at:)`` and ``presentationSize(at:)`` read them in place (``hasPresentationReadings``),
    /// with exactly the values ``updatePresentation()`` gives them. The readings by key path and
    /// ``presentation(of:replica:)`` are not made current: they compute what they need (unless
    /// ``updatePresentation()`` ran at this time). A per-frame update for a caller that reads through
    /// slots (the disc player, benchmark P6).
    ///
    /// Only the animations that write a read property (and the groups above them) are evaluated, and where
    /// they are simple property animations (not additive, a number, point, size or transform component
    /// over a model value of that form) their values are kept typed instead of in the layer's table; see
    /// Docs/semantics.md §15.1.
    ///
    /// - Throws: ``RuntimeError/evaluation(layer:key:_:)`` for the first failing animation that writes a
    ///   read property (an animation that writes none is not evaluated, so its errors surface only through
    ///   the other readings or ``updatePresentation()``). The readings are then not current.
    public mutating func updatePresentationReadings() throws(RuntimeError) {
        if presentationTime == currentTime || readingsTime == currentTime { return }
        preparePlan()
        updateLocalTimes(at: currentTime)
        if readingPlan.tables !== plan.tables || readingPlan.generation != plan.generation || readingPlan.slotCount != readouts.count {
            readingPlan = ReadingPlan(tables: plan.tables, generation: plan.generation, readouts: readouts, models: models)
            readingTargets.removeAll(keepingCapacity: true)
            readingTargets.append(contentsOf: readingPlan.targets)
        }
        // The typed pass over the layers that take it, reading the plans' buffers (fields of objects that
        // `plan` and `readingPlan` keep alive: nothing is retained per frame). A layer that does not take
        // it, or whose typed pass declines this frame, is listed for the table pass.
        let count = tree.count
        let records = plan.tables.records.base, ranges = plan.tables.layers.buffer
        let layers = readingPlan.layers, slots = readingPlan.slots, readingTargetIndices = readingPlan.readingTargets
        let writes = readingPlan.writes, initial = readingPlan.targets
        let modelReadings = UnsafeBufferPointer(readingPlan.modelReadings)
        readingFallbacks.removeAll(keepingCapacity: true)
        localTimes.withUnsafeMutableBufferPointer { localTimes in
            readingTargets.withUnsafeMutableBufferPointer { targets in
                readouts.withUnsafeMutableBufferPointer { readouts in
                    guard let times = localTimes.baseAddress, let readout = readouts.baseAddress, let target = targets.baseAddress,
                        let start = initial.baseAddress, let writeBase = writes.baseAddress,
                        count <= localTimes.count, targets.count == initial.count
                    else {
                        readingFallbacks.append(contentsOf: layers.indices)
                        return
                    }
                    for n in layers.indices where layers[n].layer < count {
                        let layer = layers[n], index = layer.layer
                        guard layer.typed, index < ranges.count else {
                            readingFallbacks.append(n)
                            continue
                        }
                        // The layer's targets from the model, then the records that write them.
                        let base = target + layer.targets.lowerBound
                        for t in 0..<layer.targets.count { base[t].reset(to: start + layer.targets.lowerBound + t) }
                        var typed = true
                        let range = ranges[index], write = writeBase + layer.writes
                        if !range.isEmpty, let records {
                            let record = records + range.lowerBound
                            for next in FramePlan.Siblings(0..<range.count, in: record) where typed {
                                if case .none = write[next] { continue }
                                typed = ReadingPlan.evaluate(
                                    record, writes: write, at: next, parentTime: times[index], frozen: false,
                                    modelReadings: modelReadings, into: base)
                            }
                        }
                        guard typed else {
                            readingFallbacks.append(n)
                            continue
                        }
                        for k in layer.slots {
                            let slot = readout + slots[k], t = readingTargetIndices[k]
                            let reading = t < 0 ? slot.pointee.absent
                                : ReadingPlan.reading(component: slot.pointee.component, kind: slot.pointee.kind, of: base + t)
                            (slot.pointee.state, slot.pointee.a, slot.pointee.b) = reading ?? (.unknown, 0, 0)
                        }
                    }
                }
            }
        }
        if !readingFallbacks.isEmpty { try readingsTablePass() }
        if tree.outsideCount > 0 { forgetReadingsOutsideTree() }
        readingsTime = currentTime
    }

    /// The table pass (``presentLayer(_:at:restores:model:tables:into:)``) of the layers listed in
    /// `readingFallbacks` (indices in the reading plan's layers), and their readings copied out of the
    /// tables, for ``updatePresentationReadings()``.
    mutating func readingsTablePass() throws(RuntimeError) {
        var failure: (layer: Int, entry: Int, error: EvaluationError)? = nil
        let tables = plan.tables, readingPlan = self.readingPlan
        let count = tree.count
        models.withUnsafeBufferPointer { models in
            localTimes.withUnsafeBufferPointer { localTimes in
                presentations.withUnsafeMutableBufferPointer { presentations in
                    readouts.withUnsafeMutableBufferPointer { readouts in
                        guard let model = models.baseAddress, let times = localTimes.baseAddress,
                            let presentation = presentations.baseAddress, count <= models.count, count <= localTimes.count,
                            count <= presentations.count
                        else { return }
                        for n in readingFallbacks where readingPlan.layers[n].layer < count {
                            let layer = readingPlan.layers[n], index = layer.layer
                            if let failed = Self.presentLayer(
                                index, at: times[index], restores: plan.restorable[index], model: model, tables: tables,
                                into: presentation + index)
                            {
                                failure = (index, failed.entry, failed.error)
                                return
                            }
                            plan.restorable[index] = true
                            for k in layer.slots { presentation[index].fill(&readouts[readingPlan.slots[k]]) }
                        }
                    }
                }
            }
        }
        if let failure {
            throw .evaluation(layer: tree.names[failure.layer], key: attached[failure.layer][failure.entry].key, failure.error)
        }
    }

    /// Brings the frame plan up to date with the layers whose animations or models changed
    /// (`FramePlan.update(attached:models:includes:)`): O(their animations and model values). A layer
    /// left without animations shows its model and has no local time in the frame's pass.
    mutating func preparePlan() {
        guard !plan.isCurrent else { return }
        let tree = self.tree
        let updated = plan.update(attached: attached, models: models, includes: { !tree.outside[$0] })
        if localTimes.count != tree.count {
            localTimes = [Double](repeating: .nan, count: tree.count)
            localTimesTime = nil
        }
        let tables = plan.tables
        let refresh = { (runtime: inout AnimationRuntime, index: Int) in
            if tables.animatedPositions[index] < 0 {
                runtime.presentations[index] = runtime.models[index]
                runtime.localTimes[index] = .nan
            } else {
                runtime.localTimesTime = nil
            }
        }
        if let updated {
            for index in updated where index < presentations.count { refresh(&self, index) }
        } else {
            for index in presentations.indices { refresh(&self, index) }
        }
        for id in readouts.indices {
            readouts[id].index = models[readouts[id].layer].index(of: slotKeys[id].keyPath.property) ?? -1
        }
    }

    /// Whether the slot readings (``presentationScalar(at:)``, …) of the current time are current: after
    /// ``updatePresentation()`` or ``updatePresentationReadings()`` at this time, with nothing changed since.
    @inlinable public var hasPresentationReadings: Bool { presentationTime == currentTime || readingsTime == currentTime }

    /// Whether the values of the last ``updatePresentation()`` are those of the current time (nothing
    /// changed since): then ``presentation(of:replica:)`` and ``presentationValue(of:layer:replica:)``
    /// read them (for replica 0) instead of applying the animations, and cannot fail on evaluation.
    @inlinable public var hasPresentation: Bool { presentationTime == currentTime }

    /// The presentation values of a layer at the current time: its model with its animations applied.
    ///
    /// - Parameters:
    ///   - layer: the layer.
    ///   - replica: for a layer inside replicators, the instance (Docs/semantics.md §14.1). The
    ///     animations' delegate state (started, removed) is the layer's own, shared by every instance.
    public func presentation(of layer: LayerID, replica: [Int] = []) throws(RuntimeError) -> LayerValues {
        let name = try nameInTree(layer)
        if replica.isEmpty, presentationTime == currentTime { return presentations[layer.index] }
        let t = try localTime(of: layer, replica: replica, at: currentTime)
        return try evaluateLayer(layer.index, at: t, name: name)
    }

    /// A layer's presentation values at its local time `t`: its model with its animations applied in
    /// order, by the frame pass's walker (`FramePlan.apply`) over the layer's records: the frame plan's
    /// when they are current, else compiled for this reading (Docs/semantics.md §15). Cost: the layer's
    /// animations (plus compiling their records when the plan is stale).
    func evaluateLayer(_ index: Int, at t: Double, name: String) throws(RuntimeError) -> LayerValues {
        var values = models[index]
        var failure: (entry: Int, error: EvaluationError)? = nil
        let evaluate = { (record: UnsafePointer<FramePlan.Record>, count: Int, values: inout LayerValues) in
            self.models.withUnsafeBufferPointer { models in
                guard let model = models.baseAddress else { return }
                var pass = FramePlan.Pass()
                for next in FramePlan.Siblings(0..<count, in: record) {
                    do throws(EvaluationError) {
                        try FramePlan.apply(record, at: next, parentTime: t, frozen: false, model: model + index, to: &values, pass: &pass)
                    } catch {
                        failure = (record[next].entry, error)
                        return
                    }
                }
            }
        }
        if plan.isCurrent, index < plan.tables.layers.count {
            let tables = plan.tables, range = tables.layers[index]
            if let records = tables.records.base, !range.isEmpty { evaluate(records + range.lowerBound, range.count, &values) }
        } else {
            var builder = FramePlan.Builder()
            for (entry, animation) in attached[index].enumerated() {
                builder.append(animation.prepared, entry: entry, removedOnCompletion: animation.removedOnCompletion, model: models[index])
            }
            withExtendedLifetime(builder.owners) {
                builder.records.withUnsafeBufferPointer { records in
                    if let base = records.baseAddress { evaluate(base, records.count, &values) }
                }
            }
        }
        if let failure { throw .evaluation(layer: name, key: attached[index][failure.entry].key, failure.error) }
        return values
    }

    /// The presentation value of a key path of a layer at the current time.
    public func presentationValue(of keyPath: AnimationKeyPath, layer: LayerID, replica: [Int] = []) throws(RuntimeError)
        -> AnimationValue
    {
        if replica.isEmpty, presentationTime == currentTime, layer.index >= 0, layer.index < tree.count, !tree.outside[layer.index] {
            // Read in place from the pass's table (``presentation(of:replica:)`` returns a copy of it).
            let index = layer.index
            let value = presentations.withUnsafeBufferPointer { $0.baseAddress.flatMap { $0[index].valueInPlace(of: keyPath) } }
            if let value { return value }
            do { return try presentations[layer.index].value(of: keyPath) } catch {
                throw .model(layer: try layerName(layer), keyPath: keyPath.name, error)
            }
        }
        let values = try presentation(of: layer, replica: replica)
        do { return try values.value(of: keyPath) } catch {
            throw .model(layer: try layerName(layer), keyPath: keyPath.name, error)
        }
    }

    /// The presentation value of a scalar key path (`opacity`, `transform.rotation.z`, …) of a layer at
    /// the current time: the number of the `.scalar` that ``presentationValue(of:layer:replica:)``
    /// returns, or nil when that is not a scalar; the same errors. When ``hasPresentation``, the number
    /// is read in place from the last ``updatePresentation()`` without building an ``AnimationValue``
    /// (a per-frame reading, benchmark P6).
    public func presentationScalar(of keyPath: AnimationKeyPath, layer: LayerID) throws(RuntimeError) -> Double? {
        if presentationTime == currentTime, layer.index >= 0, layer.index < tree.count, !tree.outside[layer.index] {
            let index = layer.index
            let value = presentations.withUnsafeBufferPointer { $0.baseAddress.flatMap { $0[index].scalarInPlace(of: keyPath) } }
            if let value { return value }
        }
        guard case let .scalar(value) = try presentationValue(of: keyPath, layer: layer) else { return nil }
        return value
    }

    /// Registers `keyPath` of `layer` for readings repeated every frame and returns its slot
    /// (``presentationScalar(at:)``, ``presentationValue(at:)``); registering the same key path of the
    /// same layer again returns the same slot. Every ``updatePresentation()`` copies the registered
    /// values it holds in place out of the layers' tables (a few per layer: a comparison and a copy each).
    ///
    /// - Throws: ``RuntimeError/layer(_:)`` when `layer` is not a layer of this runtime.
    public mutating func presentationSlot(of keyPath: AnimationKeyPath, layer: LayerID) throws(RuntimeError) -> PresentationSlot {
        _ = try layerName(layer)
        if let id = slotKeys.firstIndex(where: { $0.layer == layer && $0.keyPath == keyPath }) {
            return PresentationSlot(layer: layer, id: id)
        }
        slotKeys.append((layer, keyPath))
        var readout = PresentationReadout(layer: layer.index, keyPath: keyPath)
        readout.index = models[layer.index].index(of: keyPath.property) ?? -1
        readouts.append(readout)
        return PresentationSlot(layer: layer, id: slotKeys.count - 1)
    }

    /// ``presentationScalar(of:layer:)`` of the slot's key path and layer: the same number (or nil), the
    /// same errors; when ``hasPresentationReadings``, the number copied by the last ``updatePresentation()``
    /// or ``updatePresentationReadings()``.
    @inlinable @inline(__always)
    public func presentationScalar(at slot: PresentationSlot) throws(RuntimeError) -> Double? {
        if let reading = currentReading(slot) {
            switch reading.state {
            case .scalar: return reading.a
            case .point, .size: return nil
            case .unknown: break
            }
        }
        return try slotScalarByKeyPath(slot)
    }

    /// ``presentationScalar(at:)`` by key path (the slot's reading is not current): out of line, so that
    /// the inlined reading stays small.
    @usableFromInline @inline(never)
    func slotScalarByKeyPath(_ slot: PresentationSlot) throws(RuntimeError) -> Double? {
        try presentationScalar(of: try slotKeyPath(slot), layer: slot.layer)
    }

    /// ``presentationValue(of:layer:replica:)`` (replica 0) of the slot's key path and layer: the same
    /// value, the same errors; when ``hasPresentationReadings``, a scalar, point or size copied by the last
    /// ``updatePresentation()`` or ``updatePresentationReadings()``.
    @inlinable @inline(__always)
    public func presentationValue(at slot: PresentationSlot) throws(RuntimeError) -> AnimationValue {
        if let reading = currentReading(slot) {
            switch reading.state {
            case .scalar: return .scalar(reading.a)
            case .point: return .point(Point(x: reading.a, y: reading.b))
            case .size: return .size(Size(width: reading.a, height: reading.b))
            case .unknown: break
            }
        }
        return try slotValueByKeyPath(slot)
    }

    /// ``presentationValue(at:)`` by key path (the slot's reading is not current), out of line.
    @usableFromInline @inline(never)
    func slotValueByKeyPath(_ slot: PresentationSlot) throws(RuntimeError) -> AnimationValue {
        try presentationValue(of: try slotKeyPath(slot), layer: slot.layer)
    }

    /// ``presentationValue(at:)``'s point: the `.point` it returns, or nil when that is not a point; the
    /// same errors. When ``hasPresentationReadings``, read without building an ``AnimationValue``.
    @inlinable @inline(__always)
    public func presentationPoint(at slot: PresentationSlot) throws(RuntimeError) -> Point? {
        if let reading = currentReading(slot) {
            switch reading.state {
            case .point: return Point(x: reading.a, y: reading.b)
            case .scalar, .size: return nil
            case .unknown: break
            }
        }
        guard case let .point(point) = try slotValueByKeyPath(slot) else { return nil }
        return point
    }

    /// ``presentationValue(at:)``'s size: the `.size` it returns, or nil when that is not a size; the same
    /// errors. When ``hasPresentationReadings``, read without building an ``AnimationValue``.
    @inlinable @inline(__always)
    public func presentationSize(at slot: PresentationSlot) throws(RuntimeError) -> Size? {
        if let reading = currentReading(slot) {
            switch reading.state {
            case .size: return Size(width: reading.a, height: reading.b)
            case .scalar, .point: return nil
            case .unknown: break
            }
        }
        guard case let .size(size) = try slotValueByKeyPath(slot) else { return nil }
        return size
    }

    /// The reading of `slot` copied by the last ``updatePresentation()``, when the presentation is current
    /// and the slot is registered for its layer; nil otherwise. Inlined into the slot readings' callers
    /// (in other modules, a call passed a copy of the runtime, benchmark P6).
    @inlinable @inline(__always)
    func currentReading(_ slot: PresentationSlot) -> (state: PresentationReadout.State, a: Double, b: Double)? {
        guard hasPresentationReadings, slot.id >= 0, slot.id < readouts.count else { return nil }
        return readouts.withUnsafeBufferPointer { readouts in
            readouts[slot.id].layer == slot.layer.index ? (readouts[slot.id].state, readouts[slot.id].a, readouts[slot.id].b) : nil
        }
    }

    /// The key path registered under `slot` for its layer.
    func slotKeyPath(_ slot: PresentationSlot) throws(RuntimeError) -> AnimationKeyPath {
        guard slot.id >= 0, slot.id < slotKeys.count, slotKeys[slot.id].layer == slot.layer else {
            throw .layer(.unknownLayer(slot.layer))
        }
        return slotKeys[slot.id].keyPath
    }

    /// The timing state of the animation under `key` at the current time, or `nil` when no animation is
    /// attached under it (it never was, was removed, or completed and was removed).
    public func timingState(ofAnimation key: String, layer: LayerID, replica: [Int] = []) throws(RuntimeError) -> TimingEvaluation? {
        _ = try nameInTree(layer)
        let entries = attached[layer.index]
        // Read in place: a copy of the animation (with its prepared curves) costs more than the evaluation.
        return try entries.withUnsafeBufferPointer { (buffer) throws(RuntimeError) -> TimingEvaluation? in
            guard let base = buffer.baseAddress, let index = buffer.indices.first(where: { base[$0].key == key }) else {
                return nil
            }
            let t = try localTime(of: layer, replica: replica)
            do throws(TimingError) {
                return try base[index].prepared.evaluateTiming(
                    at: t, frozen: false, removedOnCompletion: base[index].removedOnCompletion)
            } catch {
                throw .evaluation(layer: tree.names[layer.index], key: key, .timing(error))
            }
        }
    }

    /// A layer's local time at the current time (for a replica instance if given).
    ///
    /// For replica 0 this is read from the local-time pass of the current frame when it holds it (the
    /// same bits: `LayerTree.localTimes(atMediaTime:into:)` performs the operations of
    /// `LayerTree.localTime(of:replica:atMediaTime:)`), without walking the layer's chain again.
    public func localTime(of layer: LayerID, replica: [Int] = []) throws(RuntimeError) -> Double {
        _ = try nameInTree(layer)
        if replica.isEmpty, let cached = localTimesTime, cached.bitPattern == currentTime.bitPattern, layer.index >= 0,
            layer.index < localTimes.count, localTimes.count == tree.count
        {
            let t = localTimes[layer.index]
            if t.isFinite { return t }
        }
        return try localTime(of: layer, replica: replica, at: currentTime)
    }

    // MARK: Internals

    /// Fills `localTimes` with the animated layers' local times at `time` (the frame plan's layers; the
    /// others hold NaN), unless it holds them already (the same bits of `time`, the tree and the plan
    /// unchanged). Cost: one walk up each animated layer's chain of runs.
    mutating func updateLocalTimes(at time: Double) {
        if let cached = localTimesTime, cached.bitPattern == time.bitPattern, localTimes.count == tree.count { return }
        if localTimes.count != tree.count { localTimes = [Double](repeating: .nan, count: tree.count) }
        let tree = self.tree
        localTimes.withUnsafeMutableBufferPointer { times in
            for index in plan.tables.animated.buffer where index < times.count {
                times[index] = tree.passLocalTime(of: index, atMediaTime: time)
            }
        }
        localTimesTime = time
    }

    /// Every layer, as a lazy sequence (iterating allocates nothing, unlike ``LayerTree/layers``).
    var allLayers: LazyMapSequence<Range<Int>, LayerID> { (0..<tree.count).lazy.map(LayerID.init(index:)) }

    func localTime(of layer: LayerID, replica: [Int] = [], at time: Double) throws(RuntimeError) -> Double {
        do { return try tree.localTime(of: layer, replica: replica, atMediaTime: time) } catch { throw .layer(error) }
    }

    func layerName(_ layer: LayerID) throws(RuntimeError) -> String {
        do { return try tree.name(of: layer) } catch { throw .layer(error) }
    }

    /// Every key path a prepared animation writes (its own, or its children's).
    static func keyPaths(of animation: PreparedAnimation) -> [AnimationKeyPath] {
        switch animation.body {
        case let .group(children): return children.flatMap(keyPaths(of:))
        case let .property(property):
            if case let .path(_, rotation?, rotationKeyPath) = property.source, rotation == .auto || rotation == .autoReverse {
                return [property.keyPath, rotationKeyPath]
            }
            return [property.keyPath]
        default: return animation.keyPath.map { [$0] } ?? []
        }
    }
}
