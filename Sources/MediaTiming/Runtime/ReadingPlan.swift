/// The registered presentation readings (``PresentationSlot``) compiled against a frame plan, for
/// ``AnimationRuntime/updatePresentationReadings()`` (Docs/semantics.md §15.1, benchmark P6).
///
/// A reading needs only the animations of its layer that write its property. For each layer with
/// readings the plan decides, when it is built, whether those animations can be evaluated *typed*: every
/// record that writes a read property is a property animation, not additive, whose value is stored as a
/// number, a point, a size or a transform component, and every read property holds, in the model, a form
/// that a reading copies without work (a number, a point, a size, transform components or the identity
/// matrix: what `LayerValues.fill(_:)` reads). Then a frame evaluates only those records (and the groups
/// above them) and keeps each read property as a typed *target* (a `Double`, a point, a size or
/// `TransformComponents`) instead of the layer's table of ``PropertyValue``s: no table is restored, no
/// property value is copied, and the records that write nothing read are not evaluated at all.
///
/// Each typed write performs the operations of the table's path on the same values: the scalar lane's
/// number (`PreparedProperty.scalarLaneValue`) stored as `LayerValues.setScalar` stores it (a whole
/// number, or `AnimationKeyPath.write(_:scalar:into:)` into the components), the path lane's point as
/// `LayerValues.setPoint` stores it, and otherwise `PreparedProperty.value(at:model:)` written as
/// `AnimationKeyPath.setting(_:in:)` writes it. Wherever the table's path would decline a lane, throw, or
/// do anything else (a non-finite value, a timing error, a lane that does not apply this frame), the
/// frame falls back to the table pass for that layer, which gives the general path's values and errors.
/// So a reading is bit for bit what ``AnimationRuntime/updatePresentation()`` copies for its slot.
final class ReadingPlan: @unchecked Sendable {
    /// A read property's running value during a typed pass: a number (`a`), a point or a size (`a`, `b`), or
    /// transform components, as its ``form`` says. A struct rather than an enum, so that a write stores a
    /// number or a component in place (an enum's payload is copied out and back).
    struct Target: Sendable {
        /// The forms of a target.
        enum Form: Sendable {
            case scalar, point, size, components
        }

        var form: Form
        var a = 0.0, b = 0.0
        var components = TransformComponents.identity

        init(_ form: Form, a: Double = 0, b: Double = 0) {
            self.form = form
            self.a = a
            self.b = b
        }

        init(components: TransformComponents) {
            form = .components
            self.components = components
        }

        /// Becomes `model` again: its form and numbers, and its components only for a components target (a
        /// whole copy moved the components of every target, benchmark P6).
        @inline(__always)
        mutating func reset(to model: UnsafePointer<Target>) {
            form = model.pointee.form
            a = model.pointee.a
            b = model.pointee.b
            if form == .components { components = model.pointee.components }
        }
    }

    /// What a record does for the readings of its layer.
    enum Write: Sendable {
        /// It writes no read property (nor does any record under it): a typed pass skips it unevaluated.
        case none
        /// A group with a writing record under it.
        case group
        /// The scalar lane into a whole scalar target.
        case scalar(target: Int)
        /// The scalar lane into a transform component of a components target.
        case component(target: Int, KeyPathComponent)
        /// The path lane into a whole point target.
        case point(target: Int)
        /// The general value (`PreparedProperty.value(at:model:)`, the model reading at ``modelReadings``)
        /// into a whole target of its kind, or through its transform component.
        case general(target: Int, model: Int)
    }

    /// One layer with readings.
    struct Layer: Sendable {
        /// The layer's index.
        var layer: Int
        /// Whether a frame can take the typed pass (else the table pass, always).
        var typed: Bool
        /// The layer's targets, in ``targets``.
        var targets: Range<Int>
        /// The layer's registered slots, in ``slots`` and ``readingTargets``.
        var slots: Range<Int>
        /// Where the layer's writes start in ``writes`` (one per record of the layer, in its order).
        var writes: Int
    }

    /// The frame plan's tables (their identity: holding them would make the frame plan rebuild them whole
    /// on its next update) and update count this plan was built against (an update makes it stale).
    let tables: ObjectIdentifier?
    let generation: Int
    /// The number of registered slots it covers.
    let slotCount: Int
    /// Per record of the reading layers, layer after layer: what it does for the readings. (The tables are buffers the plan owns:
    /// a frame reads them without retaining anything, benchmark P6.)
    let writes: UnsafeMutableBufferPointer<Write>
    /// The model values of the targets, layer after layer (each frame starts from them).
    let targets: UnsafeMutableBufferPointer<Target>
    /// The model readings of the key paths of ``Write/general(target:model:)`` records.
    let modelReadings: UnsafeMutableBufferPointer<AnimationValue>
    /// The layers with readings, in layer order.
    let layers: UnsafeMutableBufferPointer<Layer>
    /// The registered slots (their numbers), layer after layer.
    let slots: UnsafeMutableBufferPointer<Int>
    /// Per entry of ``slots``, its target (an index in its layer's ``targets``); -1 for a property absent
    /// from the model, whose reading is its default's.
    let readingTargets: UnsafeMutableBufferPointer<Int>

    /// An empty plan (no readings).
    init() {
        tables = nil
        generation = -1
        slotCount = 0
        writes = .copy(of: [])
        targets = .copy(of: [])
        modelReadings = .copy(of: [])
        layers = .copy(of: [])
        slots = .copy(of: [])
        readingTargets = .copy(of: [])
    }

    deinit {
        writes.release()
        targets.release()
        modelReadings.release()
        layers.release()
        slots.release()
        readingTargets.release()
    }

    /// The plan without readings.
    static let empty = ReadingPlan()

    /// Compiles the readings `readouts` against the frame plan's `tables` (at update `generation`), built
    /// from `models`. Cost: O(slots and the records of their layers).
    init(tables: FramePlan.Tables, generation: Int, readouts: [PresentationReadout], models: [LayerValues]) {
        self.tables = ObjectIdentifier(tables)
        self.generation = generation
        slotCount = readouts.count
        var writes: [Write] = []
        var targets: [Target] = [], modelReadings: [AnimationValue] = [], layers: [Layer] = []
        var allSlots: [Int] = [], allReadingTargets: [Int] = []
        targets.reserveCapacity(readouts.count)
        layers.reserveCapacity(readouts.count)
        allSlots.reserveCapacity(readouts.count)
        allReadingTargets.reserveCapacity(readouts.count)
        // The slots by layer, in order of registration within a layer.
        let order = readouts.indices.sorted { (readouts[$0].layer, $0) < (readouts[$1].layer, $1) }
        var targetProperties: [LayerProperty] = []
        var first = 0
        while first < order.count {
            let layer = readouts[order[first]].layer
            var last = first
            while last < order.count, readouts[order[last]].layer == layer { last += 1 }
            defer { first = last }
            guard layer >= 0, layer < models.count, layer < tables.layers.count else { continue }
            let model = models[layer]
            let targetStart = targets.count, slotStart = allSlots.count
            targetProperties.removeAll(keepingCapacity: true)
            var typed = true
            // The targets: one per read property present in the model, in a form a reading copies as is.
            for slot in order[first..<last] {
                let readout = readouts[slot]
                allSlots.append(slot)
                guard readout.index >= 0, readout.index < model.values.count else {
                    allReadingTargets.append(-1)
                    continue
                }
                var target = targetProperties.firstIndex(of: readout.property)
                if target == nil, let value = Self.target(of: model.values[readout.index]) {
                    targetProperties.append(readout.property)
                    targets.append(value)
                    target = targetProperties.count - 1
                }
                guard let target,
                    withUnsafePointer(to: targets[targetStart + target], { Self.reading(component: readout.component, kind: readout.kind, of: $0) })
                        != nil
                else {
                    typed = false
                    allReadingTargets.append(-1)
                    continue
                }
                allReadingTargets.append(target)
            }
            let slots = slotStart..<allSlots.count
            // The records: each that writes a read property must be typed.
            let range = tables.layers[layer]
            let records = UnsafeMutableBufferPointer(start: tables.records.base.map { $0 + range.lowerBound }, count: range.count)
            let writesStart = writes.count
            writes += [Write](repeating: .none, count: range.count)
            for index in 0..<range.count where typed {
                switch records[index].lane {
                case .group:
                    break
                case .other:
                    typed = false
                case .property:
                    guard let property = records[index].property?.takeUnretainedValue() else { break }
                    // The properties it writes: its key path's, and the rotation of a path with a rotation mode.
                    let written = property.keyPath.property
                    var turned: LayerProperty? = nil
                    if case .path(_, _?, let rotationKeyPath) = property.source { turned = rotationKeyPath.property }
                    let isWritten = { (p: LayerProperty) in p == written || p == turned }
                    // A read property absent from the model that it writes (the table's path would add it).
                    if slots.contains(where: { allReadingTargets[$0] < 0 && isWritten(readouts[allSlots[$0]].property) }) {
                        typed = false
                        break
                    }
                    guard let target = targetProperties.firstIndex(where: isWritten) else { break }
                    guard turned == nil, !property.isAdditive,
                        let write = Self.write(
                            property, record: records[index], target: target, value: targets[targetStart + target],
                            model: model, modelReadings: &modelReadings)
                    else {
                        typed = false
                        break
                    }
                    writes[writesStart + index] = write
                }
            }
            // A group writes when a record under it does (its children follow it, up to its end).
            for index in (0..<range.count).reversed() where records[index].lane == .group {
                let children = (index + 1)..<records[index].end
                if children.contains(where: { if case .none = writes[writesStart + $0] { return false } else { return true } }) {
                    writes[writesStart + index] = .group
                }
            }
            layers.append(Layer(layer: layer, typed: typed, targets: targetStart..<targets.count, slots: slots, writes: writesStart))
        }
        self.writes = .copy(of: writes)
        self.targets = .copy(of: targets)
        self.modelReadings = .copy(of: modelReadings)
        self.layers = .copy(of: layers)
        slots = .copy(of: allSlots)
        readingTargets = .copy(of: allReadingTargets)
    }

    /// The target of a model value, when a reading copies it without work (`LayerValues.fill(_:)`).
    static func target(of value: PropertyValue) -> Target? {
        switch value {
        case let .value(.scalar(x)): return Target(.scalar, a: x)
        case let .value(.point(p)): return Target(.point, a: p.x, b: p.y)
        case let .value(.size(s)): return Target(.size, a: s.width, b: s.height)
        case let .transformComponents(c): return Target(components: c)
        case let .value(.transform(matrix)):
            guard matrix.isBitwiseIdentity, let identity = PropertyValue.identityComponents else { return nil }
            return Target(components: identity)
        case .value: return nil
        }
    }

    /// The typed write of a property record into a target of model form `value`, or nil when the record
    /// cannot be evaluated typed.
    static func write(
        _ property: PreparedProperty, record: FramePlan.Record, target: Int, value: Target, model: LayerValues,
        modelReadings: inout [AnimationValue]
    ) -> Write? {
        let keyPath = property.keyPath
        let component = keyPath.component
        let scalarLane = property.scalarLane.map { $0.isKeyframes || record.modelReads } ?? false
        switch value.form {
        case .scalar:
            guard component == nil, keyPath.valueKind == .scalar else { return nil }
            if scalarLane { return .scalar(target: target) }
        case .point:
            guard component == nil, keyPath.valueKind == .point else { return nil }
            if property.pathLaneTrack != nil || (property.basicPointLane != nil && record.modelReads) {
                return .point(target: target)
            }
        case .size:
            guard component == nil, keyPath.valueKind == .size else { return nil }
        case .components:
            guard let component, component.baseKind == .transform else { return nil }
            if scalarLane, component.valueKind == .scalar { return .component(target: target, component) }
        }
        // The general value: basic values and springs read the key path's model value (a throw there
        // is the table pass's to report).
        guard let reading = try? model.value(of: keyPath) else { return nil }
        modelReadings.append(reading)
        return .general(target: target, model: modelReadings.count - 1)
    }

    /// The reading of a slot's key path (its component and value kind) from a target: what
    /// `LayerValues.fill(_:)` copies from the property value the target stands for; nil when that would be
    /// unknown.
    @inline(__always)
    static func reading(component: KeyPathComponent?, kind: ValueKind, of target: UnsafePointer<Target>)
        -> (state: PresentationReadout.State, a: Double, b: Double)?
    {
        switch target.pointee.form {
        case .scalar: return component == nil && kind == .scalar ? (.scalar, target.pointee.a, 0) : nil
        case .point: return component == nil && kind == .point ? (.point, target.pointee.a, target.pointee.b) : nil
        case .size: return component == nil && kind == .size ? (.size, target.pointee.a, target.pointee.b) : nil
        case .components:
            guard let component, component.baseKind == .transform else { return nil }
            if component == .translation {
                return (.size, target.pointee.components.translation.x, target.pointee.components.translation.y)
            }
            return AnimationKeyPath.readScalar(component, of: target.pointee.components).map { (.scalar, $0, 0) }
        }
    }

    /// Evaluates the record at `index` (and the records under it that write) at parent time `parentTime`
    /// into `targets`, as `FramePlan.apply` would write the layer's table; returns false, leaving the
    /// targets partly written, where the table pass must run instead (a timing error, a lane the table's
    /// path declines, a value it would reject).
    static func evaluate(
        _ base: UnsafePointer<FramePlan.Record>, writes: UnsafePointer<Write>, at index: Int, parentTime: Double, frozen: Bool,
        modelReadings: UnsafeBufferPointer<AnimationValue>, into targets: UnsafeMutablePointer<Target>
    ) -> Bool {
        let record = base + index
        guard
            let evaluation = try? PreparedAnimation.evaluateTiming(
                record.pointee.timing, curve: record.pointee.curve, at: parentTime, frozen: frozen,
                removedOnCompletion: record.pointee.removedOnCompletion)
        else { return false }
        guard evaluation.applies else { return true }
        switch writes[index] {
        case .none:
            return true
        case .group:
            let (childTime, childrenFrozen) = PreparedAnimation.childClock(
                of: record.pointee.timing, evaluation: evaluation, parentTime: parentTime, frozen: frozen)
            for child in FramePlan.Siblings(childrenOf: index, in: base) {
                if case .none = writes[child] { continue }
                guard
                    evaluate(
                        base, writes: writes, at: child, parentTime: childTime, frozen: childrenFrozen,
                        modelReadings: modelReadings, into: targets)
                else { return false }
            }
            return true
        case let .scalar(target):
            guard let property = record.pointee.property else { return false }
            return property._withUnsafeGuaranteedRef { property in
                guard let lane = property.scalarLane, let value = property.scalarLaneValue(lane, evaluation) else { return false }
                targets[target].a = value
                return true
            }
        case let .component(target, component):
            guard let property = record.pointee.property else { return false }
            return property._withUnsafeGuaranteedRef { property in
                guard let lane = property.scalarLane, let value = property.scalarLaneValue(lane, evaluation) else { return false }
                AnimationKeyPath.write(component, scalar: value, into: &targets[target].components)
                return true
            }
        case let .point(target):
            guard let property = record.pointee.property else { return false }
            return property._withUnsafeGuaranteedRef { property in
                guard let point = property.pointLaneValue(evaluation, modelReads: record.pointee.modelReads) else { return false }
                (targets[target].a, targets[target].b) = (point.x, point.y)
                return true
            }
        case let .general(target, model):
            guard let property = record.pointee.property else { return false }
            return property._withUnsafeGuaranteedRef { property in
                let keyPath = property.keyPath
                guard
                    let value = try? property.value(at: evaluation, model: { () throws(ValueError) in modelReadings[model] }),
                    value.kind == keyPath.valueKind, (try? value.validate()) != nil
                else { return false }
                switch (targets[target].form, value) {
                case (.scalar, let .scalar(x)) where keyPath.component == nil: targets[target].a = x
                case (.point, let .point(p)) where keyPath.component == nil: (targets[target].a, targets[target].b) = (p.x, p.y)
                case (.size, let .size(s)) where keyPath.component == nil: (targets[target].a, targets[target].b) = (s.width, s.height)
                case (.components, _):
                    guard let component = keyPath.component, component.baseKind == .transform else { return false }
                    AnimationKeyPath.write(component, value, into: &targets[target].components)
                default:
                    return false
                }
                return true
            }
        }
    }
}
