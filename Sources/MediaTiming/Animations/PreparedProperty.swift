/// A property animation prepared for evaluation: basic values, a typed keyframe track, or a spring
/// (Docs/semantics.md §10–§12).
///
/// A class (immutable, shared): a prepared animation's body holds it in an enum payload that evaluation
/// reads every frame, and as a value (over 1 KB with its values and tracks) each read was a copy.
final class PreparedProperty: Sendable {
    let keyPath: AnimationKeyPath
    let isAdditive: Bool
    let isCumulative: Bool
    let source: Source
    /// The scalar lane of ``apply(_:model:to:)``, when the animation can take it (see ``ScalarLane``).
    let scalarLane: ScalarLane?
    /// The scalar keyframe track of a ``ScalarLane/keyframes`` lane, held apart so that evaluation
    /// reads it from this object in place (out of an enum payload, each read copied the track's arrays).
    let scalarTrack: SharedScalarTrack?
    /// The track of a path animation that can take the point lane of ``apply(_:model:to:)``: no
    /// rotation mode, not additive, the whole property (`position`, `anchorPoint`). The point lane
    /// (``pointLaneValue(_:modelReads:)``) writes the point in place when it is what the general path
    /// would write (finite; for a path, not cumulative past the first cycle), else the general path runs.
    let pathLaneTrack: SharedPathTrack?
    /// The end points of a basic animation that can take the point lane of ``apply(_:model:to:)``: a
    /// non-additive whole point property animated by basic values with both `fromValue` and `toValue`.
    let basicPointLane: (from: Point, to: Point)?
    /// The two scalar key paths that write the fields of a size-valued key path, for the size lanes of
    /// basic values: a non-additive `transform.translation` (its x and y) or a rect's `size`
    /// (`bounds.size`: its width and height). Nil for other key paths, other sources and additive
    /// animations.
    let sizeFields: (width: AnimationKeyPath, height: AnimationKeyPath)?
    /// The end points of basic values with both `fromValue` and `toValue` on a ``sizeFields`` key path:
    /// the size lane writes the interpolated size as its two fields, in place.
    let basicSizeLane: (from: Size, to: Size)?
    /// ``scalarTrack`` and ``pathLaneTrack`` without ownership, for evaluation: borrowed in place (a load
    /// of the owning reference retains and releases the track per evaluation; benchmark P6). This object
    /// owns them through the two properties above.
    let borrowedScalarTrack: Unmanaged<SharedScalarTrack>?
    let borrowedPathTrack: Unmanaged<SharedPathTrack>?

    /// A scalar keyframe track behind a reference, read in place: held inline in an optional, it was
    /// copied out (its arrays retained) on every evaluation. Not generic: a generic box's field is
    /// copied through value witnesses.
    final class SharedScalarTrack: Sendable {
        let value: KeyframeTrack<Double>

        init(_ value: KeyframeTrack<Double>) {
            self.value = value
        }

        /// The track's value at `progress`, read in place.
        func value(at progress: Double) -> Double { value.value(at: progress) }
    }

    /// A path keyframe track behind a reference, read in place (see ``SharedScalarTrack``).
    final class SharedPathTrack: Sendable {
        let value: PathKeyframeTrack

        init(_ value: PathKeyframeTrack) {
            self.value = value
        }

        /// The track's point at `progress` (no angle), read in place.
        func point(at progress: Double) -> Point { value.sample(at: progress, withAngle: false).point }
    }

    /// A per-frame path for the most common property animations (benchmarks P6, S2): a non-additive scalar
    /// key path (`opacity`, `transform.rotation.z`, `transform.scale`, `position.x`, …) animated by basic values with
    /// both `fromValue` and `toValue`, or by scalar keyframes. The lane computes the same `Double` with
    /// the same operations as the general path (``AnimationValue/interpolate(from:to:progress:)``,
    /// ``AnimationValue/accumulated(_:iteration:)``, ``AnimationKeyPath/setting(_:in:)``) and writes it
    /// into the presentation in place, without building `AnimationValue`s. Whenever the general path
    /// could throw (a non-finite progress or result) or would add a property, the lane declines and the
    /// general path runs from the start, so results and errors are the general path's, bit for bit.
    enum ScalarLane: Sendable {
        case basic(from: Double, to: Double)
        case keyframes

        var isKeyframes: Bool {
            if case .keyframes = self { return true }
            return false
        }
    }

    /// The end points of basic values with a missing end, read from a layer's model (Docs/semantics.md
    /// §10.1, R5) once for a frame plan's record (`FramePlan`): a missing end is the model value, and a
    /// change of the layer's model marks the layer, whose records are then rebuilt before any pass or
    /// reading uses them, so these are the end points the general path computes at every frame. With
    /// them, `toValue`-only, `fromValue`-only and `byValue` animations of a number, a whole point or a
    /// size (``sizeFields``) take the lanes of ``ScalarLane``, ``basicPointLane`` and ``basicSizeLane``.
    enum ModelLane: Sendable {
        case scalar(from: Double, to: Double)
        case point(from: Point, to: Point)
        case size(from: Size, to: Size)

        /// The scalar lane of these end points (nil for points and sizes).
        var scalarLane: ScalarLane? {
            if case let .scalar(from, to) = self { return .basic(from: from, to: to) }
            return nil
        }

        /// Whether these are a point's end points.
        var isPoint: Bool {
            if case .point = self { return true }
            return false
        }
    }

    /// The scalar key paths of a size-valued key path's fields (``sizeFields``): `transform.translation`'s
    /// x and y, a rect's `size`'s width and height; nil for any other key path.
    static func sizeFields(of keyPath: AnimationKeyPath) -> (width: AnimationKeyPath, height: AnimationKeyPath)? {
        switch keyPath.component {
        case .translation?: (.known(keyPath.property, .translationX), .known(keyPath.property, .translationY))
        case .size?: (.known(keyPath.property, .sizeWidth), .known(keyPath.property, .sizeHeight))
        default: nil
        }
    }

    enum Source: Sendable {
        case basic(BasicValues)
        case keyframes(AnyKeyframeTrack)
        case path(PathKeyframeTrack, rotation: RotationMode?, rotationKeyPath: AnimationKeyPath)
        case spring(BasicValues, SpringCurve)
    }

    init(_ property: PropertyAnimation) throws(AnimationError) {
        keyPath = property.keyPath
        isAdditive = property.isAdditive
        isCumulative = property.isCumulative
        let kind = property.keyPath.valueKind
        switch property.values {
        case let .basic(values):
            try Self.check(values, kind: kind)
            source = .basic(values)
        case let .spring(values, parameters):
            try Self.check(values, kind: kind)
            do {
                source = .spring(values, try SpringCurve(parameters))
            } catch {
                throw AnimationError(.spring(error))
            }
        case let .keyframes(keyframes) where keyframes.path != nil:
            guard kind == .point else { throw AnimationError(path: "path", .valueKind(expected: kind, got: .point)) }
            do {
                let measured = try MeasuredPath(keyframes.path ?? Path())
                let track = try PathKeyframeTrack(
                    path: measured, keyTimes: keyframes.keyTimes, timingFunctions: keyframes.timingFunctions,
                    calculationMode: keyframes.calculationMode)
                source = .path(track, rotation: keyframes.rotationMode, rotationKeyPath: .transformRotationZ)
            } catch let error as PathError {
                throw AnimationError(path: "path", .path(error))
            } catch let error as KeyframeError {
                throw AnimationError(path: "path", .keyframes(error))
            } catch {
                throw AnimationError(path: "path", .value(.malformedKeyPath("transform.rotation.z")))
            }
        case let .keyframes(keyframes):
            for (index, value) in keyframes.values.enumerated() {
                try Self.check(value, kind: kind, at: "values[\(index)]")
            }
            source = .keyframes(try AnyKeyframeTrack(keyframes, kind: kind))
        }
        let (lane, track) = Self.scalarLane(of: source, keyPath: keyPath, isAdditive: isAdditive)
        (scalarLane, scalarTrack) = (lane, track.map(SharedScalarTrack.init))
        if case let .path(track, nil, _) = source, !isAdditive, keyPath.component == nil {
            pathLaneTrack = SharedPathTrack(track)
        } else {
            pathLaneTrack = nil
        }
        if case let .basic(values) = source, !isAdditive, keyPath.component == nil, case let .point(from)? = values.from,
            case let .point(to)? = values.to
        {
            basicPointLane = (from, to)
        } else {
            basicPointLane = nil
        }
        // Only basic values take the size lanes.
        if case .basic = source, !isAdditive { sizeFields = Self.sizeFields(of: keyPath) } else { sizeFields = nil }
        if sizeFields != nil, case let .basic(values) = source, case let .size(from)? = values.from, case let .size(to)? = values.to {
            basicSizeLane = (from, to)
        } else {
            basicSizeLane = nil
        }
        borrowedScalarTrack = scalarTrack.map(Unmanaged.passUnretained)
        borrowedPathTrack = pathLaneTrack.map(Unmanaged.passUnretained)
    }

    /// The path lane's point at `progress` (``SharedPathTrack/point(at:)``), borrowed in place; nil without
    /// a path lane.
    @inline(__always)
    func pathLanePoint(at progress: Double) -> Point? {
        borrowedPathTrack?._withUnsafeGuaranteedRef { $0.point(at: progress) }
    }

    /// Whether the animation has a point lane (a path track or basic end points).
    var hasPointLane: Bool { pathLaneTrack != nil || basicPointLane != nil }

    /// The value of the point lane at `evaluation`, or nil when the general path must decide (no point
    /// lane; something is not finite; a path past its first cycle when cumulative; basic values whose
    /// model read is not certain, `modelReads`). The operations are the general path's: `V(p)` of
    /// `Point.interpolate(from:to:progress:)` or the path's sample, then `i·V(1) + V(p)` when cumulative
    /// (Docs/semantics.md §10.1, §10.3).
    @inline(__always)
    func pointLaneValue(_ evaluation: TimingEvaluation, modelReads: @autoclosure () -> Bool) -> Point? {
        let progress = evaluation.progress
        guard progress.isFinite else { return nil }
        if let (from, to) = basicPointLane {
            guard modelReads() else { return nil }
            return basicPointValue(from: from, to: to, evaluation)
        }
        guard !(isCumulative && evaluation.iteration != 0), let point = pathLanePoint(at: progress), point.x.isFinite,
            point.y.isFinite
        else { return nil }
        return point
    }

    /// The point of basic end points at `evaluation`, or nil when something is not finite:
    /// `Point.interpolate(from:to:progress:)`, then `i·to + V(p)` when cumulative (the general path's
    /// operations, Docs/semantics.md §10.1, §10.3).
    @inline(__always)
    func basicPointValue(from: Point, to: Point, _ evaluation: TimingEvaluation) -> Point? {
        basicValue(from: from, to: to, evaluation) { $0.x.isFinite && $0.y.isFinite }
    }

    /// ``basicPointValue(from:to:_:)`` for sizes (the size lane).
    @inline(__always)
    func basicSizeValue(from: Size, to: Size, _ evaluation: TimingEvaluation) -> Size? {
        basicValue(from: from, to: to, evaluation) { $0.width.isFinite && $0.height.isFinite }
    }

    /// `V.interpolate(from:to:progress:)`, then `i·to + V(p)` when cumulative, or nil when the progress is
    /// not finite or `isFinite` fails.
    @inline(__always)
    func basicValue<V: VectorValue>(from: V, to: V, _ evaluation: TimingEvaluation, isFinite: (V) -> Bool) -> V? {
        guard evaluation.progress.isFinite else { return nil }
        let value = V.interpolate(from: from, to: to, progress: evaluation.progress)
        guard isFinite(value) else { return nil }
        guard isCumulative, evaluation.iteration != 0 else { return value }
        let sum = to * Double(evaluation.iteration) + value
        return isFinite(sum) ? sum : nil
    }

    /// The ``ModelLane`` of this animation against a layer's model: basic values, not additive, with a
    /// missing end, on a scalar key path, a whole point property or a ``sizeFields`` key path, whose model
    /// read and end points (``endpoints(_:model:)``, the general path's) succeed with finite numbers; nil
    /// otherwise (the general path then runs, and reports what fails). Cost: one model read and the end
    /// points' arithmetic.
    func modelLane(in model: LayerValues) -> ModelLane? {
        guard case let .basic(values) = source, !isAdditive, values.from == nil || values.to == nil,
            keyPath.valueKind == .scalar || (keyPath.valueKind == .point && keyPath.component == nil) || sizeFields != nil,
            let current = try? model.value(of: keyPath), let (start, end) = try? Self.endpoints(values, model: current)
        else { return nil }
        switch (start, end) {
        case let (.scalar(from), .scalar(to)) where from.isFinite && to.isFinite:
            return .scalar(from: from, to: to)
        case let (.point(from), .point(to)) where from.x.isFinite && from.y.isFinite && to.x.isFinite && to.y.isFinite:
            return .point(from: from, to: to)
        case let (.size(from), .size(to))
        where from.width.isFinite && from.height.isFinite && to.width.isFinite && to.height.isFinite:
            return .size(from: from, to: to)
        default:
            return nil
        }
    }

    /// The ``ScalarLane`` (and its track) for a source, or nil when the general path must run.
    static func scalarLane(of source: Source, keyPath: AnimationKeyPath, isAdditive: Bool)
        -> (ScalarLane?, KeyframeTrack<Double>?)
    {
        guard !isAdditive, keyPath.valueKind == .scalar else { return (nil, nil) }
        switch source {
        case let .basic(values):
            guard case let .scalar(from)? = values.from, case let .scalar(to)? = values.to else { return (nil, nil) }
            return (.basic(from: from, to: to), nil)
        case let .keyframes(.scalar(track)):
            return (.keyframes, track)
        default:
            return (nil, nil)
        }
    }

    /// The value of the ``ScalarLane`` at `evaluation`, or nil when the general path must decide
    /// (something is not finite). The operations are the general path's: `V(p)` of
    /// `Double.interpolate(from:to:progress:)` or the track, then `i·V(1) + V(p)` when cumulative.
    @inline(__always)
    func scalarLaneValue(_ lane: ScalarLane, _ evaluation: TimingEvaluation) -> Double? {
        let progress = evaluation.progress
        guard progress.isFinite else { return nil }
        let value: Double
        let cycleEnd: Double
        switch lane {
        case let .basic(from, to):
            value = Double.interpolate(from: from, to: to, progress: progress)
            cycleEnd = to
        case .keyframes:
            guard let track = borrowedScalarTrack else { return nil }
            value = track._withUnsafeGuaranteedRef { $0.value(at: progress) }
            cycleEnd = isCumulative && evaluation.iteration != 0 ? track._withUnsafeGuaranteedRef { $0.value(at: 1) } : 0
        }
        guard value.isFinite else { return nil }
        guard isCumulative, evaluation.iteration != 0 else { return value }
        guard cycleEnd.isFinite else { return nil }
        let sum = cycleEnd * Double(evaluation.iteration) + value
        return sum.isFinite ? sum : nil
    }

    static func check(_ values: BasicValues, kind: ValueKind) throws(AnimationError) {
        if let from = values.from { try check(from, kind: kind, at: "fromValue") }
        if let to = values.to { try check(to, kind: kind, at: "toValue") }
        if let by = values.by { try check(by, kind: kind, at: "byValue") }
    }

    static func check(_ value: AnimationValue, kind: ValueKind, at path: String) throws(AnimationError) {
        guard value.kind == kind else { throw AnimationError(path: path, .valueKind(expected: kind, got: value.kind)) }
        do { try value.validate() } catch { throw AnimationError(path: path, .value(error)) }
    }

    /// The interpolation end points of basic values (Docs/semantics.md §10.1, with the correction of R5:
    /// a missing end is the current model value, re-read every frame). With all three values given,
    /// `byValue` is ignored; with none, the animation holds the model value.
    static func endpoints(_ values: BasicValues, model: AnimationValue) throws(ValueError) -> (AnimationValue, AnimationValue) {
        switch (values.from, values.to, values.by) {
        case let (from?, to?, _): return (from, to)
        case let (from?, nil, by?): return (from, try from.adding(by))
        case let (nil, to?, by?): return (try to.subtracting(by), to)
        case let (from?, nil, nil): return (from, model)
        case let (nil, to?, nil): return (model, to)
        case let (nil, nil, by?): return (model, try model.adding(by))
        case (nil, nil, nil): return (model, model)
        }
    }

    /// Writes the value at `evaluation` into `presentation` (Docs/semantics.md §10).
    ///
    /// - Parameter slot: the index of the key path's property in `model` and `presentation` when the
    ///   caller resolved it (a frame plan, `FramePlan`); a hint, checked before use; -1: none.
    func apply(
        _ evaluation: TimingEvaluation, model: LayerValues, to presentation: inout LayerValues, slot: Int = -1
    ) throws(EvaluationError) {
        if applyLanes(evaluation, modelReads: model.reads(keyPath, hint: slot), to: &presentation, slot: slot) {
            return
        }
        try applyGeneral(evaluation, model: model, to: &presentation)
    }

    /// The lanes of ``apply(_:model:to:slot:)``: writes the value in place and returns true when a lane
    /// applies; returns false, changing nothing, when the general path must run.
    ///
    /// - Parameter modelReads: whether reading the key path in the layer's model certainly succeeds
    ///   (`LayerValues.reads(_:hint:)`): the general path reads the model for basic values even
    ///   when both ends are given, so the basic lane runs only when that read cannot throw. A frame plan
    ///   computes it once per model.
    /// - Parameter slotHoldsKind: the caller knows that the value at `slot` is of the lane's kind (a
    ///   number for the scalar lane, a point for the path lane): `LayerValues.setScalar` and `.setPoint`
    ///   then store without matching on it.
    @inline(__always)
    func applyLanes(
        _ evaluation: TimingEvaluation, modelReads: @autoclosure () -> Bool, to presentation: inout LayerValues, slot: Int,
        slotHoldsKind: Bool = false
    ) -> Bool {
        if let lane = scalarLane, let value = scalarLaneValue(lane, evaluation),
            lane.isKeyframes || modelReads(),
            presentation.setScalar(value, for: keyPath, hint: slot, hintHoldsKind: slotHoldsKind)
        {
            return true
        }
        if hasPointLane, let point = pointLaneValue(evaluation, modelReads: modelReads()),
            presentation.setPoint(point, for: keyPath, hint: slot, hintHoldsKind: slotHoldsKind)
        {
            return true
        }
        if let (from, to) = basicSizeLane, modelReads() {
            return applyModelLane(.size(from: from, to: to), evaluation, to: &presentation, slot: slot, slotHoldsKind: false)
        }
        return false
    }

    /// The lane of a ``ModelLane``'s end points (read from the model by a frame plan, ``modelLane(in:)``,
    /// or a size animation's own, ``basicSizeLane``): writes the value in place and returns true; returns
    /// false, changing nothing, when the general path must run.
    @inline(__always)
    func applyModelLane(
        _ lane: ModelLane, _ evaluation: TimingEvaluation, to presentation: inout LayerValues, slot: Int, slotHoldsKind: Bool
    ) -> Bool {
        switch lane {
        case let .scalar(from, to):
            guard let value = scalarLaneValue(.basic(from: from, to: to), evaluation) else { return false }
            return presentation.setScalar(value, for: keyPath, hint: slot, hintHoldsKind: slotHoldsKind)
        case let .point(from, to):
            guard let point = basicPointValue(from: from, to: to, evaluation) else { return false }
            return presentation.setPoint(point, for: keyPath, hint: slot, hintHoldsKind: slotHoldsKind)
        case let .size(from, to):
            guard let fields = sizeFields, let size = basicSizeValue(from: from, to: to, evaluation) else { return false }
            return presentation.setSize(size, fields: fields, hint: slot)
        }
    }

    /// The animation's value at `evaluation`, before it is written through the key path: what the general
    /// path writes (Docs/semantics.md §10–§12). `model` is the key path's model value, read only by basic
    /// values and springs (a missing end is the model value, R5). A path source gives its point; the
    /// rotation a rotation mode adds to another property is ``applyGeneral(_:model:to:)``'s business.
    func value(at evaluation: TimingEvaluation, model: () throws(ValueError) -> AnimationValue) throws(ValueError) -> AnimationValue {
        switch source {
        case let .basic(values):
            let (start, end) = try Self.endpoints(values, model: try model())
            return try cumulate(try AnimationValue.interpolate(from: start, to: end, progress: evaluation.progress), end, evaluation)
        case let .spring(values, curve):
            // A spring runs in seconds of basic time, not in unit time, and ignores the timing
            // function (Docs/semantics.md §12.2).
            let (start, end) = try Self.endpoints(values, model: try model())
            let x = curve.displacement(at: evaluation.basicTime)
            return try cumulate(try AnimationValue.interpolate(from: start, to: end, progress: x), end, evaluation)
        case let .keyframes(track):
            return try cumulate(try track.value(at: evaluation.progress), try track.value(at: 1), evaluation)
        case let .path(track, _, _):
            let point = track.sample(at: evaluation.progress, withAngle: false).point
            return try cumulate(.point(point), .point(track.sample(at: 1, withAngle: false).point), evaluation)
        }
    }

    /// The general path of ``apply(_:model:to:slot:)`` (Docs/semantics.md §10).
    func applyGeneral(_ evaluation: TimingEvaluation, model: LayerValues, to presentation: inout LayerValues) throws(EvaluationError) {
        do {
            let value: AnimationValue
            switch source {
            case let .path(track, rotation?, rotationKeyPath):
                let (point, angle) = track.sample(at: evaluation.progress, withAngle: true)
                value = try cumulate(.point(point), .point(track.sample(at: 1, withAngle: false).point), evaluation)
                // The tangent's angle is added to the layer's rotation (Docs/semantics.md §11.7).
                let turn = rotation == .autoReverse ? angle + .pi : angle
                let index = presentation.index(of: rotationKeyPath.property)
                let base = index.map { presentation.values[$0] } ?? rotationKeyPath.propertyDefault
                let turned = try rotationKeyPath.applying(.scalar(turn), to: base, additive: true)
                if let index { presentation.set(turned, at: index) } else { presentation.set(turned, for: rotationKeyPath.property) }
            default:
                value = try self.value(at: evaluation) { () throws(ValueError) in try model.value(of: keyPath) }
            }
            let index = presentation.index(of: keyPath.property)
            let base = index.map { presentation.values[$0] } ?? keyPath.propertyDefault
            let written = try keyPath.applying(value, to: base, additive: isAdditive)
            if let index { presentation.set(written, at: index) } else { presentation.set(written, for: keyPath.property) }
        } catch {
            throw .value(error)
        }
    }

    /// `i·V(1) + V(p)` for cumulative animations (Docs/semantics.md §10.3, literal form U7).
    /// `cycleEnd` is evaluated only when needed (a non-cumulative animation, or the first cycle, never
    /// reads it: for a transform track it is a recomposition per frame).
    func cumulate(
        _ value: AnimationValue, _ cycleEnd: @autoclosure () throws(ValueError) -> AnimationValue,
        _ evaluation: TimingEvaluation
    ) throws(ValueError) -> AnimationValue {
        guard isCumulative, evaluation.iteration != 0 else { return value }
        return try value.accumulated(try cycleEnd(), iteration: evaluation.iteration)
    }
}

/// A keyframe track of whichever value kind the key path takes.
enum AnyKeyframeTrack: Sendable {
    case scalar(KeyframeTrack<Double>)
    case point(KeyframeTrack<Point>)
    case size(KeyframeTrack<Size>)
    case rect(KeyframeTrack<Rect>)
    case color(KeyframeTrack<Color>)
    case transform(KeyframeTrack<Transform3D.Decomposed>)

    init(_ keyframes: KeyframeValues, kind: ValueKind) throws(AnimationError) {
        func track<V: VectorValue>(_ values: [V]) throws(AnimationError) -> KeyframeTrack<V> {
            do {
                return try KeyframeTrack(
                    values: values, keyTimes: keyframes.keyTimes, timingFunctions: keyframes.timingFunctions,
                    calculationMode: keyframes.calculationMode, tensionValues: keyframes.tensionValues,
                    continuityValues: keyframes.continuityValues, biasValues: keyframes.biasValues)
            } catch {
                throw AnimationError(.keyframes(error))
            }
        }
        let values = keyframes.values
        switch kind {
        case .scalar: self = .scalar(try track(values.compactMap { if case let .scalar(v) = $0 { v } else { nil } }))
        case .point: self = .point(try track(values.compactMap { if case let .point(v) = $0 { v } else { nil } }))
        case .size: self = .size(try track(values.compactMap { if case let .size(v) = $0 { v } else { nil } }))
        case .rect: self = .rect(try track(values.compactMap { if case let .rect(v) = $0 { v } else { nil } }))
        case .color: self = .color(try track(values.compactMap { if case let .color(v) = $0 { v } else { nil } }))
        case .transform:
            var decomposed: [Transform3D.Decomposed] = []
            for (index, value) in values.enumerated() {
                guard case let .transform(matrix) = value, let parts = Transform3D.Decomposed(decomposing: matrix) else {
                    throw AnimationError(path: "values[\(index)]", .value(.notDecomposable))
                }
                decomposed.append(parts)
            }
            self = .transform(try track(decomposed))
        }
    }

    func value(at progress: Double) throws(ValueError) -> AnimationValue {
        switch self {
        case let .scalar(track): return .scalar(track.value(at: progress))
        case let .point(track): return .point(track.value(at: progress))
        case let .size(track): return .size(track.value(at: progress))
        case let .rect(track): return .rect(track.value(at: progress))
        case let .color(track): return .color(track.value(at: progress))
        case let .transform(track): return .transform(track.value(at: progress).recomposed())
        }
    }
}
