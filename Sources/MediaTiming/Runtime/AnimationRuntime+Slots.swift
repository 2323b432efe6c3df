/// Presentation slots: key paths registered once and read every frame, kept current by the frame pass or
/// by the typed pass over the slots' layers alone (`ReadingPlan`, Docs/semantics.md §15.1).
extension AnimationRuntime {
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
        let tables = plan.tables
        if readingPlan.generation != plan.generation || readingPlan.tables != ObjectIdentifier(tables)
            || readingPlan.slotCount != readouts.count
        {
            readingPlan = ReadingPlan(tables: tables, generation: plan.generation, readouts: readouts, models: models)
            readingTargets.removeAll(keepingCapacity: true)
            readingTargets.append(contentsOf: readingPlan.targets)
        }
        // The typed pass over the layers that take it, reading the plans' buffers (fields of objects that
        // `plan` and `readingPlan` keep alive: nothing is retained per frame). A layer that does not take
        // it, or whose typed pass declines this frame, is listed for the table pass.
        let count = tree.count
        let records = tables.records.base, ranges = tables.layers.buffer
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

    /// The table pass (``presentLayer(_:at:restores:stale:model:tables:into:)``) of the layers listed in
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
                                index, at: times[index], restores: plan.restorable[index], stale: &plan.stale[index],
                                model: model, tables: tables, into: presentation + index)
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

    /// Whether the slot readings (``presentationScalar(at:)``, …) of the current time are current: after
    /// ``updatePresentation()`` or ``updatePresentationReadings()`` at this time, with nothing changed since.
    @inlinable public var hasPresentationReadings: Bool { presentationTime == currentTime || readingsTime == currentTime }

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
}
