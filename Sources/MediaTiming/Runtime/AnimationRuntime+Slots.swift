/// Presentation slots: key paths registered once and read every frame, kept current by the frame pass over
/// every animated layer or over the slots' layers alone (Docs/semantics.md §15.1).
extension AnimationRuntime {
    /// Computes the presentation of the layers with registered slots (``presentationSlot(of:layer:)``) at
    /// the current time, and only theirs: afterwards ``presentationScalar(at:)``, ``presentationValue(at:)``,
    /// ``presentationPoint(at:)`` and ``presentationSize(at:)`` read them in place (``hasPresentationReadings``),
    /// with exactly the values ``updatePresentation()`` gives them: the same walker over the same records,
    /// restricted to those layers. The readings by key path and ``presentation(of:replica:)`` are not made
    /// current: they compute what they need (unless ``updatePresentation()`` ran at this time). A per-frame
    /// update for a caller that reads through slots (the disc player, benchmark P6).
    ///
    /// Cost: proportional to the animations of the layers with slots (the other layers cost nothing), plus
    /// the registered slots; after a change of the attached animations or the models, the frame plan is
    /// brought up to date first (``updatePresentation()``).
    ///
    /// - Throws: ``RuntimeError/evaluation(layer:key:_:)`` for the first failing animation (in layer order)
    ///   of a layer with slots that writes a read property (or whose properties are not known: see
    ///   Docs/semantics.md §15.1). The other animations are not evaluated, so their errors surface only
    ///   through ``updatePresentation()`` or the readings by key path. The readings are then not current.
    public mutating func updatePresentationReadings() throws(RuntimeError) {
        if presentationTime == currentTime || readingsTime == currentTime { return }
        preparePlan()
        updateLocalTimes(at: currentTime)
        if readingLayers.slotCount != readouts.count || readingLayers.generation != plan.generation {
            // Per layer with slots, the slots its readings read (`readouts[id].index`, current after
            // `preparePlan()`, which follows every change of the plan); a property absent from the model
            // gets the last bit, which every record that adds a property writes.
            var wanted: [Int: UInt64] = [:]
            for readout in readouts {
                wanted[readout.layer, default: 0] |= readout.index < 0 ? 1 << 63 : FramePlan.Builder.slotBit(readout.index)
            }
            readingLayers = ReadingLayers(
                layers: wanted.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, slotCount: readouts.count,
                generation: plan.generation)
        }
        try presentationPass(readingsOnly: true)
        readingsTime = currentTime
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
    /// (in other modules, a call would pass a copy of the runtime; benchmark P6).
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
