/// The presentation values (Docs/semantics.md §15): the frame pass over the animated layers, and the
/// readings of one layer by key path, all through the frame plan's walker (`FramePlan.apply`).
extension AnimationRuntime {
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
        try presentationPass(readingsOnly: false)
        presentationTime = currentTime
    }

    /// The frame pass, then the registered readings copied out of the tables: for ``updatePresentation()``
    /// over every animated layer and every record, for ``updatePresentationReadings()`` (`readingsOnly`)
    /// over the layers with slots and the records that write their slots (`readingLayers`, current). Each
    /// layer's model values with its records applied in order, at its local time (`localTimes`, current),
    /// by ``presentLayer(_:at:wanted:restores:stale:model:tables:into:)``. Every layer is passed; the
    /// error reported is that of the lowest layer index that fails, and then no reading is copied. The
    /// frame plan must be current (``preparePlan()``). Cost: the records of the layers passed, plus the
    /// registered slots.
    mutating func presentationPass(readingsOnly: Bool) throws(RuntimeError) {
        // The tables go to one static function as separate arguments: read in place (borrowed, not
        // retained) beside the ones it writes.
        let failure = Self.passLayers(
            count: tree.count, readingsOnly: readingsOnly, readingLayers: readingLayers.layers, models: models,
            localTimes: localTimes, tables: plan.tables, presentations: &presentations, passes: &plan.passes,
            readouts: &readouts)
        if let failure {
            throw .evaluation(layer: tree.names[failure.layer], key: attached[failure.layer][failure.entry].key, failure.error)
        }
        if tree.outsideCount > 0 { forgetReadingsOutsideTree() }
    }

    /// The body of ``presentationPass(readingsOnly:)``: the layers passed (every animated layer, or
    /// `readingLayers` with the slots wanted), then, when none failed, the registered readings. Returns the
    /// failure of the lowest layer index that fails. Every table is read in place through base pointers
    /// (nothing is retained per layer); after the plan's first pass a layer's presentation is restored from
    /// the plan's copy of its model values.
    private static func passLayers(
        count: Int, readingsOnly: Bool, readingLayers: [(index: Int, wanted: UInt64)], models: [LayerValues],
        localTimes: [Double], tables: FramePlan.Tables, presentations: inout [LayerValues],
        passes: inout [FramePlan.LayerPass], readouts: inout [PresentationReadout]
    ) -> (layer: Int, entry: Int, error: EvaluationError)? {
        var failure: (layer: Int, entry: Int, error: EvaluationError)? = nil
        let animated = UnsafeBufferPointer(tables.animated.buffer)
        readingLayers.withUnsafeBufferPointer { readingLayers in
            // The layers passed, and the slots the records applied must write (all bits: every record).
            let passed = readingsOnly ? readingLayers.count : animated.count
            func layer(_ n: Int) -> (index: Int, wanted: UInt64) { readingsOnly ? readingLayers[n] : (animated[n], ~0) }
            models.withUnsafeBufferPointer { models in
                localTimes.withUnsafeBufferPointer { localTimes in
                    presentations.withUnsafeMutableBufferPointer { presentations in
                        passes.withUnsafeMutableBufferPointer { passes in
                            guard let model = models.baseAddress, let times = localTimes.baseAddress,
                                let presentation = presentations.baseAddress, let last = passes.baseAddress,
                                count <= models.count, count <= localTimes.count, count <= presentations.count,
                                count <= passes.count, count <= tables.animatedPositions.count
                            else { return }
                            for n in 0..<passed {
                                let (index, wanted) = layer(n)
                                guard index >= 0, index < count, tables.animatedPositions[index] >= 0 else { continue }
                                if let failed = Self.presentLayer(
                                    index, at: times[index], wanted: wanted, restores: last[index].restorable,
                                    stale: &last[index].stale, model: model, tables: tables, into: presentation + index)
                                {
                                    if failure.map({ index < $0.layer }) ?? true { failure = (index, failed.entry, failed.error) }
                                } else {
                                    last[index].restorable = true
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
        }
        return failure
    }

    /// Applies layer `index`'s records of the frame plan at its local time `time` to its presentation
    /// table (those that write a slot of `wanted`, or all of them when it is all bits: `FramePlan.apply`),
    /// which holds the model's values first: when a pass since the rebuild left the table holding
    /// the model's properties in order (`restores`), the slots that pass wrote (`stale`, at most 64
    /// values) are restored from the plan's copy of the model as the records need them or at the end
    /// (`FramePlan.Pass`), or all of them at once; otherwise the table is overwritten with the model.
    /// Sets `stale` to the slots this pass wrote. Returns the entry and error of the first record that
    /// fails (the table is then partly written, and `stale` all bits).
    static func presentLayer(
        _ index: Int, at time: Double, wanted: UInt64, restores: Bool, stale: inout UInt64, model: UnsafePointer<LayerValues>,
        tables: FramePlan.Tables, into presentation: UnsafeMutablePointer<LayerValues>
    ) -> (entry: Int, error: EvaluationError)? {
        var restored = false
        var pass = FramePlan.Pass()
        if restores, index < tables.modelRanges.count, let values = tables.modelValues.base {
            let range = tables.modelRanges[index], source = values + range.lowerBound
            if stale != ~0, range.count <= FramePlan.Pass.trackedSlots, presentation.pointee.values.count == range.count {
                pass = FramePlan.Pass(stale: stale, modelValues: source)
                restored = true
            } else {
                restored = presentation.pointee.restore(from: source, count: range.count)
            }
        }
        if !restored { presentation.pointee.overwrite(with: model[index]) }
        stale = ~0
        guard index < tables.layers.count, let records = tables.records.base else { return nil }
        let range = tables.layers[index], record = records + range.lowerBound
        // The top-level records are the layer's attached animations, in order.
        for (entry, next) in FramePlan.Siblings(0..<range.count, in: record).enumerated() {
            do throws(EvaluationError) {
                try FramePlan.apply(
                    record, at: next, parentTime: time, frozen: false, wanted: wanted, model: model + index,
                    to: &presentation.pointee, pass: &pass)
            } catch {
                return (entry, error)
            }
        }
        // The slots no record wrote hold the model's values again.
        pass.restore(~0, in: &presentation.pointee)
        stale = pass.written
        return nil
    }

    /// Brings the frame plan up to date with the layers whose animations or models changed
    /// (`FramePlan.update(attached:models:includes:)`): O(their animations and model values). A layer
    /// left without animations shows its model (its local time is not computed by the frame's pass).
    mutating func preparePlan() {
        guard !plan.isCurrent else { return }
        let outside = tree.outside
        let updated = plan.update(attached: attached, models: models, includes: { !outside[$0] })
        if localTimes.count != tree.count {
            localTimes = [Double](repeating: .nan, count: tree.count)
            localTimesTime = nil
        }
        let tables = plan.tables
        let refresh = { (runtime: inout AnimationRuntime, index: Int) in
            if tables.animatedPositions[index] < 0 {
                runtime.presentations[index] = runtime.models[index]
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
    /// when the layer's are current (other layers may have changed since the plan's update), else
    /// compiled for this reading (Docs/semantics.md §15). Cost: the layer's animations (plus compiling
    /// their records when the layer changed since the plan's update).
    func evaluateLayer(_ index: Int, at t: Double, name: String) throws(RuntimeError) -> LayerValues {
        var values = models[index]
        var failure: (entry: Int, error: EvaluationError)? = nil
        let evaluate = { (record: UnsafePointer<FramePlan.Record>, count: Int, values: inout LayerValues) in
            self.models.withUnsafeBufferPointer { models in
                guard let model = models.baseAddress else { return }
                var pass = FramePlan.Pass()
                for (entry, next) in FramePlan.Siblings(0..<count, in: record).enumerated() {
                    do throws(EvaluationError) {
                        try FramePlan.apply(record, at: next, parentTime: t, frozen: false, model: model + index, to: &values, pass: &pass)
                    } catch {
                        failure = (entry, error)
                        return
                    }
                }
            }
        }
        if plan.isCurrent(index) {
            let tables = plan.tables, range = tables.layers[index]
            if let records = tables.records.base, !range.isEmpty { evaluate(records + range.lowerBound, range.count, &values) }
        } else {
            var records = PlanBuffer<FramePlan.Record>(), owners: [PreparedAnimation] = []
            FramePlan.Builder.append(attached[index], model: models[index], to: &records, owners: &owners)
            withExtendedLifetime(owners) {
                if let base = records.base { evaluate(base, records.count, &values) }
            }
            records.release()
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

    /// The timing state of the animation under `key` at the current time, or `nil` when no animation is
    /// attached under it (it never was, was removed, or completed and was removed).
    public func timingState(ofAnimation key: String, layer: LayerID, replica: [Int] = []) throws(RuntimeError) -> TimingEvaluation? {
        try requireInTree(layer)
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
        try requireInTree(layer)
        if replica.isEmpty, let cached = localTimesTime, cached.bitPattern == currentTime.bitPattern, layer.index >= 0,
            layer.index < localTimes.count, localTimes.count == tree.count,
            localTimesCoverAll || (plan.isCurrent && plan.tables.animatedPositions[layer.index] >= 0)
        {
            let t = localTimes[layer.index]
            if t.isFinite { return t }
        }
        return try localTime(of: layer, replica: replica, at: currentTime)
    }

    /// Fills `localTimes` with the local times at `time` of the animated layers (the frame plan's), unless
    /// it holds them already (the same bits of `time`, the tree and the plan unchanged). Cost: the smaller
    /// of one forward pass over every layer (``LayerTree/localTimes(atMediaTime:into:)``, taken when at
    /// least a quarter of the layers are animated; it fills every entry, ``localTimesCoverAll``) and one
    /// pass over each animated layer's chain, copied side by side (`LocalTimeChains`, copied again after a
    /// change of the tree or of the animated layers; the other entries are then not current).
    mutating func updateLocalTimes(at time: Double) {
        if let cached = localTimesTime, cached.bitPattern == time.bitPattern, localTimes.count == tree.count { return }
        if localTimes.count != tree.count { localTimes = [Double](repeating: .nan, count: tree.count) }
        let animated = plan.tables.animated.buffer
        localTimesCoverAll = 4 * animated.count >= tree.count
        if localTimesCoverAll {
            tree.localTimes(atMediaTime: time, into: &localTimes)
        } else {
            chains.update(tree: tree, animated: animated, generation: plan.generation)
            chains.localTimes(atMediaTime: time, into: &localTimes)
        }
        localTimesTime = time
    }
}
