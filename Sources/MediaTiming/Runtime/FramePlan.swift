/// A runtime's animations compiled into one flat array of evaluation records, rebuilt only when the
/// attached animations or the model tables change (benchmark P6).
///
/// A record holds what evaluating one animation per frame needs: its resolved timing, its prepared
/// timing function and property animation borrowed without reference counting, the index of its key
/// path's property in the layer's tables (the slot), and, for a group, where its children end. The
/// records of a layer are its animations in pre-order (a group, then its children), so that a pass
/// walks them in the order ``AnimationRuntime/updatePresentation()`` applies them. The plan keeps every
/// prepared animation it points into alive with one strong array (`Tables.owners`).
///
/// Evaluation takes the general path's functions (`PreparedAnimation.evaluateTiming`,
/// `PreparedAnimation.childClock`, `PreparedProperty.applyLanes` then `applyGeneral`, as
/// `PreparedProperty.apply(_:model:to:slot:)` does), so values and errors
/// are the general path's, bit for bit; a record that is neither a property animation nor a group (a
/// transition) runs `PreparedAnimation.apply` itself.
struct FramePlan: Sendable {
    /// One animation (or group child) of the plan.
    struct Record: @unchecked Sendable {
        /// How the record is evaluated.
        enum Lane: Sendable {
            /// A group: its children are the records up to ``end``.
            case group
            /// A property animation (its lanes, then the general path).
            case property
            /// Anything else (a transition): `PreparedAnimation.apply`.
            case other
        }

        var lane: Lane
        var timing: ResolvedTiming
        /// The prepared timing function (nil: none, or linear), borrowed from ``storage``.
        var curve: Unmanaged<PreparedAnimation.SharedCurve>?
        /// The property animation of a ``Lane/property`` record, borrowed from ``storage``.
        var property: Unmanaged<PreparedProperty>?
        var storage: Unmanaged<PreparedAnimation.Storage>
        /// The index of the key path's property in the layer's model (and presentation) table; -1: none.
        var slot: Int
        /// Whether reading the key path in the layer's model certainly succeeds
        /// (`LayerValues.readsScalar(_:hint:)`, for the basic scalar lane): the model is fixed between
        /// rebuilds.
        var modelReadsScalar: Bool
        /// A scalar lane writing a transform component (`transform.rotation.z`, …) over a model transform
        /// whose bits are the identity's: while the pass has not written the slot yet this frame, the slot
        /// holds that matrix, whose decomposition is `PropertyValue.identityComponents`, and the lane
        /// writes the components without reading the slot (see ``Pass``).
        var overIdentity: Bool
        /// Whether the model value at ``slot`` is of the lane's kind: a number for a whole-property scalar
        /// lane, a point for a path lane. While the pass has not written the slot yet this frame, the slot
        /// holds that model value, and the lane stores its value without matching on the slot's
        /// (`PreparedProperty.applyLanes(_:modelReadsScalar:to:slot:slotHoldsKind:)`).
        var modelHoldsLaneKind: Bool
        /// The key path's component (`overIdentity` records).
        var component: KeyPathComponent?
        /// The animation's own flag at the top level; false for a group's children (Docs/semantics.md §9.4).
        var removedOnCompletion: Bool
        /// The index after this record's subtree (its last child's, for a group).
        var end: Int
        /// The index of the top-level animation in the layer's attached list (for its key in errors).
        var entry: Int
    }

    /// The plan's arrays, immutable, behind one reference: a pass reads them through buffers the object
    /// owns, without retaining anything per array (as a struct's arrays, each was retained and released
    /// per pass; as the object's arrays, each was still retained per read).
    final class Tables: @unchecked Sendable {
        /// Every record, layer after layer.
        let records: UnsafeMutableBufferPointer<Record>
        /// Per layer, the range of its records.
        let layers: UnsafeMutableBufferPointer<Range<Int>>
        /// The layers with records (animations), in increasing order: the layers a pass visits.
        let animated: UnsafeMutableBufferPointer<Int>
        /// The prepared animations the records borrow from (top level and children).
        let owners: [PreparedAnimation]
        /// Every layer's model values, layer after layer (a copy made at the rebuild: the models do not
        /// change until the next), and per layer their range: a pass restores a layer's presentation from
        /// here without reaching into the layer's tables (which retained and released them per layer).
        let modelValues: UnsafeMutableBufferPointer<PropertyValue>
        let modelRanges: UnsafeMutableBufferPointer<Range<Int>>

        init(
            records: [Record] = [], layers: [Range<Int>] = [], owners: [PreparedAnimation] = [],
            modelValues: [PropertyValue] = [], modelRanges: [Range<Int>] = []
        ) {
            self.records = .copy(of: records)
            self.layers = .copy(of: layers)
            animated = .copy(of: layers.indices.filter { !layers[$0].isEmpty })
            self.owners = owners
            self.modelValues = .copy(of: modelValues)
            self.modelRanges = .copy(of: modelRanges)
        }

        deinit {
            records.release()
            layers.release()
            animated.release()
            modelValues.release()
            modelRanges.release()
        }

        static let empty = Tables()
    }

    /// The current tables.
    private(set) var tables = Tables.empty
    /// Whether the plan was built from the current animations and models.
    var isCurrent = false
    /// Whether a pass has completed since the rebuild: each presentation then holds its model's
    /// properties, in the model's order, and restoring its values is enough.
    var hasCompletedPass = false

    /// Rebuilds the plan from the layers' attached animations and model tables.
    mutating func rebuild(attached: [[AttachedAnimation]], models: [LayerValues]) {
        var builder = Builder()
        var layers: [Range<Int>] = [], modelValues: [PropertyValue] = [], modelRanges: [Range<Int>] = []
        for model in models {
            let start = modelValues.count
            modelValues.append(contentsOf: model.values)
            modelRanges.append(start..<modelValues.count)
        }
        for layer in attached.indices {
            let start = builder.records.count
            for (entry, animation) in attached[layer].enumerated() {
                builder.append(
                    animation.prepared, entry: entry, removedOnCompletion: animation.removedOnCompletion,
                    model: layer < models.count ? models[layer] : LayerValues())
            }
            layers.append(start..<builder.records.count)
        }
        tables = Tables(
            records: builder.records, layers: layers, owners: builder.owners, modelValues: modelValues, modelRanges: modelRanges)
        isCurrent = true
        hasCompletedPass = false
    }

    /// Collects the records (in pre-order) and their owners.
    struct Builder {
        var records: [Record] = []
        var owners: [PreparedAnimation] = []

        mutating func append(_ animation: PreparedAnimation, entry: Int, removedOnCompletion: Bool, model: LayerValues) {
            owners.append(animation)
            let storage = animation.storage
            let index = records.count
            var lane = Record.Lane.other
            var slot = -1
            var readsScalar = false
            var overIdentity = false
            var holdsLaneKind = false
            if storage.children != nil {
                lane = .group
            } else if let property = storage.property {
                lane = .property
                slot = model.index(of: property.keyPath.property) ?? -1
                readsScalar = model.readsScalar(property.keyPath, hint: slot)
                if property.scalarLane != nil, let component = property.keyPath.component, component.baseKind == .transform,
                    component.valueKind == .scalar, slot >= 0, slot < Pass.trackedSlots, PropertyValue.identityComponents != nil,
                    case let .value(.transform(matrix)) = model.values[slot], matrix.isBitwiseIdentity
                {
                    overIdentity = true
                }
                if slot >= 0, slot < Pass.trackedSlots, property.keyPath.component == nil {
                    switch model.values[slot] {
                    case .value(.scalar): holdsLaneKind = property.scalarLane != nil && property.pathLaneTrack == nil
                    case .value(.point): holdsLaneKind = property.pathLaneTrack != nil && property.scalarLane == nil
                    default: break
                    }
                }
            }
            records.append(
                Record(
                    lane: lane, timing: storage.timing, curve: storage.curve.map(Unmanaged.passUnretained),
                    property: storage.property.map(Unmanaged.passUnretained), storage: .passUnretained(storage), slot: slot,
                    modelReadsScalar: readsScalar, overIdentity: overIdentity, modelHoldsLaneKind: holdsLaneKind, component: storage.property?.keyPath.component,
                    removedOnCompletion: removedOnCompletion, end: index + 1, entry: entry))
            if let children = storage.children {
                for child in children { append(child, entry: entry, removedOnCompletion: false, model: model) }
                records[index].end = records.count
            }
        }
    }

    /// The records of `range` that are not under another record of it, in order: a layer's top-level
    /// animations (its range of records), or a group's children (the records after it up to its end). Each
    /// step skips the subtree of the record before.
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
    /// slots; every bit once the general path has run), and the identity's components.
    struct Pass {
        /// The slots tracked.
        static let trackedSlots = 64
        var written: UInt64 = 0
        let identity = PropertyValue.identityComponents

        /// A pass over a layer whose presentation holds its model values.
        init() {}
    }

    /// Applies the record at `index` (and its subtree) at parent time `parentTime`, exactly as
    /// `PreparedAnimation.apply(at:frozen:removedOnCompletion:model:to:)` applies its animation. The
    /// model is read through its pointer only by the general path (passed as a value, it was copied, its
    /// tables retained, per record).
    static func apply(
        _ base: UnsafePointer<Record>, at index: Int, parentTime: Double, frozen: Bool, model: UnsafePointer<LayerValues>,
        to presentation: inout LayerValues, pass: inout Pass
    ) throws(EvaluationError) {
        let record = base + index
        let evaluation: TimingEvaluation
        do {
            evaluation = try PreparedAnimation.evaluateTiming(
                record.pointee.timing, curve: record.pointee.curve, at: parentTime, frozen: frozen,
                removedOnCompletion: record.pointee.removedOnCompletion)
        } catch {
            throw .timing(error)
        }
        guard evaluation.applies else { return }
        switch record.pointee.lane {
        case .property:
            guard let property = record.pointee.property else { return }
            let slot = record.pointee.slot, readsScalar = record.pointee.modelReadsScalar
            let bit: UInt64 = slot >= 0 && slot < Pass.trackedSlots ? 1 << UInt64(slot) : 0
            let holdsLaneKind = record.pointee.modelHoldsLaneKind && bit != 0 && pass.written & bit == 0
            if record.pointee.overIdentity, bit != 0, pass.written & bit == 0, let component = record.pointee.component,
                let identity = pass.identity
            {
                // The slot still holds the model's identity matrix: `LayerValues.setScalar` would decompose it
                // into the identity's components, write the component and store the components.
                let written = property._withUnsafeGuaranteedRef { property -> Bool in
                    guard let lane = property.scalarLane, let value = property.scalarLaneValue(lane, evaluation),
                        lane.isKeyframes || readsScalar
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
            var failure: EvaluationError? = nil
            var general = false
            property._withUnsafeGuaranteedRef { property in
                if property.applyLanes(
                    evaluation, modelReadsScalar: readsScalar, to: &presentation, slot: slot,
                    slotHoldsKind: holdsLaneKind)
                {
                    return
                }
                general = true
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
                    base, at: child, parentTime: childTime, frozen: childrenFrozen, model: model, to: &presentation, pass: &pass)
            }
        case .other:
            pass.written = ~0
            _ = try PreparedAnimation(storage: record.pointee.storage.takeUnretainedValue()).apply(
                at: parentTime, frozen: frozen, removedOnCompletion: record.pointee.removedOnCompletion, model: model.pointee,
                to: &presentation)
        }
    }
}
