/// A runtime's animations compiled into evaluation records, per layer: a layer's records are rebuilt
/// only when its attached animations or its model table change (benchmark P6).
///
/// A record holds what evaluating one animation per frame needs: its resolved timing, its prepared
/// timing function and property animation borrowed without reference counting, the index of its key
/// path's property in the layer's tables (the slot), the end points read from the layer's model for basic
/// values with a missing end, and, for a group, where its children end. The
/// records of a layer are its animations in pre-order (a group, then its children), so that a pass
/// walks them in the order ``AnimationRuntime/updatePresentation()`` applies them. The plan keeps every
/// prepared animation it points into alive with one strong array (`Tables.owners`).
///
/// Evaluation takes the general path's functions (`PreparedAnimation.evaluateTiming`,
/// `PreparedAnimation.childClock`, `PreparedProperty.applyLanes` then `applyGeneral`, as
/// `PreparedProperty.apply(_:model:to:slot:)` does, with `PreparedProperty.applyModelLane` between them
/// for a record with model end points), so values and errors are the general path's, bit for bit; a
/// record that is neither a property animation nor a group (a transition) runs `PreparedAnimation.apply`
/// itself.
struct FramePlan: Sendable {
    /// One animation (or group child) of the plan.
    struct Record: @unchecked Sendable {
        /// How the record is evaluated.
        enum Lane: UInt8, Sendable {
            /// A group: its children are the records up to ``end``.
            case group
            /// A property animation (its lanes, then the general path).
            case property
            /// Anything else (a transition): `PreparedAnimation.apply`.
            case other
        }

        /// What ``modelFrom`` and ``modelTo`` hold (``modelLane``).
        private enum ModelEnds: UInt8 {
            case none, scalar, point, size
        }

        var timing: ResolvedTiming
        /// The prepared timing function (nil: none, or linear), borrowed (`Tables.owners` keeps it alive).
        var curve: Unmanaged<PreparedAnimation.SharedCurve>?
        /// The property animation of a ``Lane/property`` record (``property``), else the animation's
        /// storage (``storage``), borrowed: a record reads one of the two.
        private var object: UnsafeMutableRawPointer
        /// The slots of the layer's tables that this record and its subtree write, one bit per slot (the
        /// animation's `PreparedAnimation.Content.writtenProperties`); all bits when one
        /// of them is beyond ``Pass/trackedSlots`` or absent from the model (the general path adds it) and
        /// for a record that is neither a property animation nor a group; a group's are its children's. A
        /// pass for some slots only skips a record that writes none of them, unevaluated
        /// (``apply(_:at:parentTime:frozen:wanted:model:to:pass:)``).
        var writes: UInt64
        // ``slot`` and ``end`` in 32 bits: a layer's properties and records number far fewer than 2³¹
        // (2³¹ records would take 300 GB), and a smaller record is a shorter walk.
        private var slotIndex: Int32
        private var endIndex: Int32
        /// Set once, by the initializer: it says what ``object`` points to.
        private(set) var lane: Lane
        /// Whether reading the key path in the layer's model certainly succeeds
        /// (`LayerValues.reads(_:hint:)`, or true when the record has model end points, whose read
        /// succeeded), for the basic scalar, point and size lanes: a change of the model marks the layer,
        /// and its records are rebuilt before a pass or a reading uses them.
        var modelReads: Bool
        /// A scalar lane writing a transform component (`transform.rotation.z`, …) over a model transform
        /// whose bits are the identity's: while the pass has not written the slot yet this frame, the slot
        /// holds that matrix, whose decomposition is `PropertyValue.identityComponents`, and the lane
        /// writes the components without reading the slot (see ``Pass``).
        var overIdentity: Bool
        /// Whether the model value at ``slot`` is of the lane's kind: a number for a whole-property scalar
        /// lane, a point for a point lane. While the pass has not written the slot yet this frame, the slot
        /// holds that model value, and the lane stores its value without matching on the slot's
        /// (`PreparedProperty.applyLanes(_:modelReads:to:slot:slotHoldsKind:)`, `applyModelLane`).
        var modelHoldsLaneKind: Bool
        /// The key path's component (`overIdentity` records).
        var component: KeyPathComponent?
        /// The animation's own flag at the top level; false for a group's children (Docs/semantics.md §9.4).
        var removedOnCompletion: Bool
        private var modelEnds: ModelEnds
        private var modelFrom: Point, modelTo: Point

        init(
            lane: Lane, timing: ResolvedTiming, curve: Unmanaged<PreparedAnimation.SharedCurve>?,
            property: Unmanaged<PreparedProperty>?, storage: Unmanaged<PreparedAnimation.Storage>, slot: Int,
            modelReads: Bool, overIdentity: Bool, modelHoldsLaneKind: Bool, component: KeyPathComponent?,
            modelLane: PreparedProperty.ModelLane?, removedOnCompletion: Bool, writes: UInt64, end: Int
        ) {
            self.timing = timing
            self.curve = curve
            // A property record without a property (never built) would run `PreparedAnimation.apply`.
            if lane == .property, let property {
                self.lane = lane
                object = property.toOpaque()
            } else {
                self.lane = lane == .property ? .other : lane
                object = storage.toOpaque()
            }
            slotIndex = Int32(truncatingIfNeeded: slot)
            self.modelReads = modelReads
            self.overIdentity = overIdentity
            self.modelHoldsLaneKind = modelHoldsLaneKind
            self.component = component
            self.removedOnCompletion = removedOnCompletion
            self.writes = writes
            endIndex = Int32(truncatingIfNeeded: end)
            switch modelLane {
            case let .scalar(from, to)?:
                (modelEnds, modelFrom, modelTo) = (.scalar, Point(x: from, y: 0), Point(x: to, y: 0))
            case let .point(from, to)?:
                (modelEnds, modelFrom, modelTo) = (.point, from, to)
            case let .size(from, to)?:
                (modelEnds, modelFrom, modelTo) = (.size, Point(x: from.width, y: from.height), Point(x: to.width, y: to.height))
            case nil:
                (modelEnds, modelFrom, modelTo) = (.none, Point(x: 0, y: 0), Point(x: 0, y: 0))
            }
        }

        /// The property animation of a ``Lane/property`` record, borrowed (`Tables.owners` keeps it alive).
        var property: Unmanaged<PreparedProperty>? { lane == .property ? Unmanaged.fromOpaque(object) : nil }
        /// The animation's storage, borrowed, for a record that is not a ``Lane/property`` one (nil for one).
        var storage: Unmanaged<PreparedAnimation.Storage>? { lane == .property ? nil : Unmanaged.fromOpaque(object) }
        /// The index of the key path's property in the layer's model (and presentation) table; -1: none.
        var slot: Int { Int(slotIndex) }
        /// The index after this record's subtree (its last child's, for a group).
        var end: Int {
            get { Int(endIndex) }
            set { endIndex = Int32(truncatingIfNeeded: newValue) }
        }
        /// The end points read from the model for basic values with a missing end
        /// (`PreparedProperty.modelLane(in:)`): a change of the model marks the layer, and its records
        /// are rebuilt before a pass or a reading uses them.
        var modelLane: PreparedProperty.ModelLane? {
            switch modelEnds {
            case .none: nil
            case .scalar: .scalar(from: modelFrom.x, to: modelTo.x)
            case .point: .point(from: modelFrom, to: modelTo)
            case .size:
                .size(from: Size(width: modelFrom.x, height: modelFrom.y), to: Size(width: modelTo.x, height: modelTo.y))
            }
        }
    }

    /// The plan's storage, behind one reference: a pass reads it through buffers the object owns, without
    /// retaining anything per layer or per record. Only the owning `FramePlan` changes it, in
    /// ``FramePlan/update(attached:models:includes:)``, never during a pass: the buffers are exempt from
    /// the run-time exclusivity checks of a class's stored properties.
    ///
    /// Per layer: its records, contiguous, in pre-order, position-independent (a group's ``Record/end``
    /// counts from the layer's first record, so a layer's records are rebuilt without touching the
    /// others'), and, for a layer with records, a copy of its model values (the models do not change until
    /// the layer is updated; a layer without records has none, as no pass reads it); the records and values
    /// of an updated layer are appended and its old ones left dead until a compaction. The animated
    /// layers (with records) are a dense list, in no particular order.
    final class Tables: @unchecked Sendable {
        /// Every layer's records (and dead ones).
        @exclusivity(unchecked) var records = PlanBuffer<Record>()
        /// Per layer, the range of its records in ``records`` (empty: no animations).
        @exclusivity(unchecked) var layers = PlanBuffer<Range<Int>>()
        /// Every layer's model values (and dead ones), and per layer their range.
        @exclusivity(unchecked) var modelValues = PlanBuffer<PropertyValue>()
        @exclusivity(unchecked) var modelRanges = PlanBuffer<Range<Int>>()
        /// The layers with records, and per layer its position in ``animated`` (-1: none).
        @exclusivity(unchecked) var animated = PlanBuffer<Int>()
        @exclusivity(unchecked) var animatedPositions = PlanBuffer<Int>()
        /// Per layer, the prepared animations its records borrow from (its top-level animations; a group
        /// owns its children).
        var owners: [[PreparedAnimation]] = []
        /// The dead records and model values, reclaimed by a compaction when they outnumber the live ones.
        var deadRecords = 0, deadValues = 0

        /// Reclaims the dead records and model values in place: every layer's live records and model values
        /// move down, in their order in the buffers, and its ranges follow them. A record is
        /// position-independent and a layer's passes read its model values through its range, so nothing
        /// is rebuilt and the presentations stay as they are. O(records, values and layers); only the
        /// owning `FramePlan` calls it, while no pass runs and no copy of the runtime shares the tables.
        func compact() {
            records.compact(keeping: layers)
            modelValues.compact(keeping: modelRanges)
            deadRecords = 0
            deadValues = 0
        }

        /// Adds a layer without records or model values.
        func appendLayer() {
            layers.append(0..<0)
            modelRanges.append(0..<0)
            animatedPositions.append(-1)
            owners.append([])
        }

        deinit {
            records.release()
            layers.release()
            modelValues.release()
            modelRanges.release()
            animated.release()
            animatedPositions.release()
        }
    }

    /// The current tables (one object per runtime: a copy of the runtime that updates its plan while the
    /// object is shared builds its own).
    private(set) var tables = Tables()
    /// Counts the updates that changed something: what is derived from the animated layers
    /// (`LocalTimeChains`) is current while the count is the one it was derived at.
    private(set) var generation = 0
    /// The layers updated since the last ``update(attached:models:includes:)``, each once.
    private var dirty: [Int] = []
    private var isDirty: [Bool] = []
    /// Whether the next update rebuilds every layer.
    private var needsRebuild = true
    /// Per layer, what its last pass left in its presentation table.
    var passes: [LayerPass] = []

    /// What a layer's last pass left in its presentation table.
    struct LayerPass: Sendable {
        /// Whether a pass has run since the layer's records were built: its presentation then holds its
        /// model's properties, in the model's order, and restoring its values is enough.
        var restorable = false
        /// The slots the last pass wrote (``Pass/written``; all bits: unknown): after a pass the other
        /// slots hold the model's values, and the next pass restores only these (``Pass``).
        var stale: UInt64 = ~0
    }

    /// Whether the plan holds the current animations and models.
    var isCurrent: Bool { !needsRebuild && dirty.isEmpty }

    /// Whether layer `layer`'s records in the tables are those of its current animations and model: it
    /// has not been marked since the last ``update(attached:models:includes:)`` (other layers may have
    /// been), so a reading of this layer alone may walk them. O(1).
    func isCurrent(_ layer: Int) -> Bool {
        !needsRebuild && layer >= 0 && layer < tables.layers.count && !(layer < isDirty.count && isDirty[layer])
    }

    /// Marks a layer whose attached animations or model values changed. O(1) amortised.
    mutating func invalidate(_ layer: Int) {
        // Appended in place (amortised O(1), no temporary array: an add allocates nothing here).
        while layer >= isDirty.count { isDirty.append(false) }
        guard !isDirty[layer] else { return }
        isDirty[layer] = true
        dirty.append(layer)
    }

    /// Marks every layer.
    mutating func invalidateAll() { needsRebuild = true }

    /// Brings the plan up to date with the layers' attached animations and model tables, rebuilding the
    /// layers marked since the last update (all of them after ``invalidateAll()``, or when the tables are
    /// shared with a copy of the runtime); a layer for which `includes` is false gets no records.
    /// Returns the layers updated (nil: all of them).
    ///
    /// Cost: O(records and model values of the updated layers), amortised: once the dead records and
    /// values outnumber the live ones (by 4,096), the tables are compacted in place
    /// (``Tables/compact()``, O(records, values and layers), no layer rebuilt).
    mutating func update(attached: [[AttachedAnimation]], models: [LayerValues], includes: (Int) -> Bool) -> [Int]? {
        if !needsRebuild, !isKnownUniquelyReferenced(&tables) { needsRebuild = true }
        if !needsRebuild, tables.deadRecords + tables.deadValues > 4096 + tables.records.count + tables.modelValues.count
            - tables.deadRecords - tables.deadValues
        {
            tables.compact()
        }
        generation += 1
        if passes.count < models.count { passes += [LayerPass](repeating: LayerPass(), count: models.count - passes.count) }
        if needsRebuild {
            needsRebuild = false
            for layer in dirty { isDirty[layer] = false }
            dirty.removeAll(keepingCapacity: true)
            tables = Tables()
            while tables.layers.count < models.count { tables.appendLayer() }
            for layer in models.indices { build(layer, attached: attached, models: models, includes: includes) }
            return nil
        }
        while tables.layers.count < models.count { tables.appendLayer() }
        let updated = dirty
        for layer in dirty {
            isDirty[layer] = false
            if layer < models.count { build(layer, attached: attached, models: models, includes: includes) }
        }
        dirty.removeAll(keepingCapacity: true)
        return updated
    }

    /// Builds a layer's records at the end of the tables and, when it has records, a copy of its model
    /// values (only a pass over an animated layer reads them), and updates the animated list.
    private mutating func build(_ layer: Int, attached: [[AttachedAnimation]], models: [LayerValues], includes: (Int) -> Bool) {
        let tables = self.tables
        passes[layer] = LayerPass()
        let model = models[layer]
        tables.deadRecords += tables.layers[layer].count
        let start = tables.records.count
        // Appended in place: the layer's list of owners keeps its capacity, and no temporary array holds
        // the records.
        tables.owners[layer].removeAll(keepingCapacity: true)
        Builder.append(
            layer < attached.count && includes(layer) ? attached[layer] : [], model: model, to: &tables.records,
            owners: &tables.owners[layer])
        let count = tables.records.count - start
        tables.layers[layer] = start..<tables.records.count
        tables.deadValues += tables.modelRanges[layer].count
        let valuesStart = tables.modelValues.count
        if count > 0 { tables.modelValues.append(contentsOf: model.values) }
        tables.modelRanges[layer] = valuesStart..<tables.modelValues.count
        let position = tables.animatedPositions[layer]
        if count == 0, position >= 0 {
            let last = tables.animated[tables.animated.count - 1]
            tables.animated[position] = last
            tables.animatedPositions[last] = position
            tables.animated.removeLast()
            tables.animatedPositions[layer] = -1
        } else if count > 0, position < 0 {
            tables.animatedPositions[layer] = tables.animated.count
            tables.animated.append(layer)
        }
    }

    /// Compiles a layer's animations into records (in pre-order) and collects their owners.
    enum Builder {
        /// Appends the records of a layer's attached animations, in order, against its model, at the end
        /// of `records` (position-independent: a group's ``Record/end`` counts from the first record
        /// appended), and the animations that own them (a group owns its children) to `owners`.
        /// O(records), amortised.
        static func append(
            _ animations: [AttachedAnimation], model: LayerValues, to records: inout PlanBuffer<Record>,
            owners: inout [PreparedAnimation]
        ) {
            let start = records.count
            for animation in animations {
                owners.append(animation.prepared)
                append(
                    animation.prepared, removedOnCompletion: animation.removedOnCompletion, model: model,
                    to: &records, start: start)
            }
        }

        /// Appends the records of `animation` (and of its children, after it).
        private static func append(
            _ animation: PreparedAnimation, removedOnCompletion: Bool, model: LayerValues,
            to records: inout PlanBuffer<Record>, start: Int
        ) {
            let storage = animation.storage
            let index = records.count - start
            var lane = Record.Lane.other
            var slot = -1
            var writes: UInt64 = ~0
            var reads = false
            var overIdentity = false
            var holdsLaneKind = false
            var modelLane: PreparedProperty.ModelLane? = nil
            if storage.children != nil {
                lane = .group
            } else if let property = storage.property {
                lane = .property
                slot = model.index(of: property.keyPath.property) ?? -1
                writes = storage.content.writtenProperties.reduce(0) { $0 | Self.slotBit(model.index(of: $1) ?? -1) }
                modelLane = property.modelLane(in: model)
                // A model lane's end points come from a read of the model that succeeded.
                reads = modelLane != nil || model.reads(property.keyPath, hint: slot)
                let scalarLane = property.scalarLane != nil || modelLane?.scalarLane != nil
                let pointLane = property.hasPointLane || modelLane?.isPoint == true
                if scalarLane, let component = property.keyPath.component, component.baseKind == .transform,
                    component.valueKind == .scalar, slot >= 0, slot < Pass.trackedSlots, PropertyValue.identityComponents != nil,
                    case let .value(.transform(matrix)) = model.values[slot], matrix.isBitwiseIdentity
                {
                    overIdentity = true
                }
                if slot >= 0, slot < Pass.trackedSlots, property.keyPath.component == nil {
                    switch model.values[slot] {
                    case .value(.scalar): holdsLaneKind = scalarLane && !pointLane
                    case .value(.point): holdsLaneKind = pointLane && !scalarLane
                    default: break
                    }
                }
            }
            records.append(
                Record(
                    lane: lane, timing: storage.timing, curve: storage.curve.map(Unmanaged.passUnretained),
                    property: storage.property.map(Unmanaged.passUnretained), storage: .passUnretained(storage), slot: slot,
                    modelReads: reads, overIdentity: overIdentity, modelHoldsLaneKind: holdsLaneKind, component: storage.property?.keyPath.component,
                    modelLane: modelLane, removedOnCompletion: removedOnCompletion, writes: storage.children != nil ? 0 : writes, end: index + 1))
            if let children = storage.children {
                for child in children {
                    append(child, removedOnCompletion: false, model: model, to: &records, start: start)
                }
                let end = records.count - start
                // The group writes what its children (each with its subtree) write.
                var group = records[start + index]
                group.end = end
                var child = index + 1
                while child < end {
                    let record = records[start + child]
                    group.writes |= record.writes
                    child = record.end
                }
                records[start + index] = group
            }
        }

        /// The bit of a slot in ``Record/writes``: all bits for none (-1) or one beyond the tracked slots.
        static func slotBit(_ slot: Int) -> UInt64 { slot >= 0 && slot < Pass.trackedSlots ? 1 << UInt64(slot) : ~0 }
    }

    /// The records of `range` that are not under another record of it, in order: a layer's top-level
    /// animations (`0 ..< count` from the layer's first record), or a group's children (the records after
    /// it up to its end). Each step skips the subtree of the record before.
    struct Siblings: Sequence, IteratorProtocol {
        let base: UnsafePointer<Record>
        var position: Int
        let end: Int

        init(_ range: Range<Int>, in base: UnsafePointer<Record>) {
            self.base = base
            position = range.lowerBound
            end = range.upperBound
        }

        /// The children of the group record at `index`.
        init(childrenOf index: Int, in base: UnsafePointer<Record>) {
            self.init((index + 1)..<base[index].end, in: base)
        }

        mutating func next() -> Int? {
            guard position < end else { return nil }
            defer { position = base[position].end }
            return position
        }
    }

    /// The state of a pass over one layer: which slots of the layer's presentation the pass has written
    /// since it restored the layer's model values (one bit per slot, for the first ``trackedSlots``
    /// slots; every bit once the general path has run).
    ///
    /// A pass may start on a table whose slots in ``stale`` still hold an earlier pass's values (the
    /// others hold the model's): such a slot is restored from ``modelValues`` before a record reads it (a
    /// component write keeps the rest of the value, the general path reads anything) and, when nothing
    /// wrote it, at the end of the pass (``restore(_:in:)``). A whole-value lane writes over it without
    /// reading it: the slot holds a value of the kind the model's has, because an earlier pass's lanes
    /// write that kind, and a pass that took the general path restores every slot in the next one.
    struct Pass {
        /// The slots tracked.
        static let trackedSlots = 64
        var written: UInt64 = 0
        /// The slots that may hold an earlier pass's value (not the model's).
        var stale: UInt64 = 0
        /// The layer's model values, copied by the plan (set when ``stale`` is not empty).
        var modelValues: UnsafePointer<PropertyValue>? = nil

        /// A pass over a layer whose presentation holds its model values.
        init() {}

        /// A pass over a layer whose slots in `stale` hold an earlier pass's values, restored from
        /// `modelValues` (the layer's model values in its table's order) when needed.
        init(stale: UInt64, modelValues: UnsafePointer<PropertyValue>) {
            self.stale = stale
            self.modelValues = modelValues
        }

        /// Restores the stale slots of `mask` that this pass has not written from the model's values.
        /// O(slots restored).
        @inline(__always)
        mutating func restore(_ mask: UInt64, in presentation: inout LayerValues) {
            let slots = mask & stale & ~written
            guard slots != 0, let modelValues else { return }
            presentation.restore(slots: slots, from: modelValues)
            stale &= ~slots
        }
    }

    /// Applies the record at `index` (and its subtree) at parent time `parentTime` when `wanted` is all bits
    /// or it writes a slot of `wanted` (``Record/writes``; the records under a group likewise), exactly as
    /// `PreparedAnimation.apply(at:frozen:removedOnCompletion:model:to:)` applies its animation. The
    /// model is read through its pointer only by the general path (passed as a value, it would be copied,
    /// its tables retained, per record).
    static func apply(
        _ base: UnsafePointer<Record>, at index: Int, parentTime: Double, frozen: Bool, wanted: UInt64 = ~0,
        model: UnsafePointer<LayerValues>, to presentation: inout LayerValues, pass: inout Pass
    ) throws(EvaluationError) {
        let record = base + index
        // A record that writes no wanted slot is not evaluated (Docs/semantics.md §15.1); all bits want
        // every record (a group without children too).
        guard wanted == ~0 || record.pointee.writes & wanted != 0 else { return }
        let evaluation: TimingEvaluation
        do {
            // The timing read in place (passed as a value, its 80 bytes would be copied per record).
            evaluation = try PreparedAnimation.evaluateTiming(
                record.pointer(to: \.timing)!, curve: record.pointee.curve, at: parentTime, frozen: frozen,
                removedOnCompletion: record.pointee.removedOnCompletion)
        } catch {
            throw .timing(error)
        }
        guard evaluation.applies else { return }
        switch record.pointee.lane {
        case .property:
            guard let property = record.pointee.property else { return }
            let slot = record.pointee.slot, reads = record.pointee.modelReads
            let bit: UInt64 = slot >= 0 && slot < Pass.trackedSlots ? 1 << UInt64(slot) : 0
            let holdsLaneKind = record.pointee.modelHoldsLaneKind && bit != 0 && pass.written & bit == 0
            if record.pointee.overIdentity, bit != 0, pass.written & bit == 0, let component = record.pointee.component,
                let identity = PropertyValue.identityComponents
            {
                // The slot holds the model's identity matrix (or, stale, an earlier pass's components, which
                // this write replaces whole): `LayerValues.setScalar` would decompose the matrix into the
                // identity's components, write the component and store the components.
                let written = property._withUnsafeGuaranteedRef { property -> Bool in
                    guard let lane = property.scalarLane ?? record.pointee.modelLane?.scalarLane, let value = property.scalarLaneValue(lane, evaluation),
                        lane.isKeyframes || reads
                    else { return false }
                    var components = identity
                    AnimationKeyPath.write(component, scalar: value, into: &components)
                    return presentation.setComponents(components, for: property.keyPath.property, at: slot)
                }
                if written {
                    pass.written |= bit
                    return
                }
            }
            // A component write keeps the rest of the slot's value: the model's.
            if record.pointee.component != nil { pass.restore(bit, in: &presentation) }
            var failure: EvaluationError? = nil
            var general = false
            property._withUnsafeGuaranteedRef { property in
                if property.applyLanes(
                    evaluation, modelReads: reads, to: &presentation, slot: slot,
                    slotHoldsKind: holdsLaneKind)
                {
                    return
                }
                if let lane = record.pointee.modelLane,
                    property.applyModelLane(lane, evaluation, to: &presentation, slot: slot, slotHoldsKind: holdsLaneKind)
                {
                    return
                }
                general = true
                // The general path may read any slot: the stale ones get the model's values first.
                pass.restore(~0, in: &presentation)
                do throws(EvaluationError) {
                    try property.applyGeneral(evaluation, model: model.pointee, to: &presentation)
                } catch {
                    failure = error
                }
            }
            pass.written |= general ? ~0 : bit
            if let failure { throw failure }
        case .group:
            let (childTime, childrenFrozen) = PreparedAnimation.childClock(
                of: record.pointee.timing, evaluation: evaluation, parentTime: parentTime, frozen: frozen)
            for child in Siblings(childrenOf: index, in: base) {
                try apply(
                    base, at: child, parentTime: childTime, frozen: childrenFrozen, wanted: wanted, model: model,
                    to: &presentation, pass: &pass)
            }
        case .other:
            pass.restore(~0, in: &presentation)
            pass.written = ~0
            guard let storage = record.pointee.storage else { return }
            _ = try PreparedAnimation(storage: storage.takeUnretainedValue()).apply(
                at: parentTime, frozen: frozen, removedOnCompletion: record.pointee.removedOnCompletion, model: model.pointee,
                to: &presentation)
        }
    }
}
