/// An ``Animation`` checked and prepared for evaluation: timing resolved, timing functions solved into
/// tables, keyframe tracks and spring curves built, values checked against the key path's kind
/// (Docs/semantics.md §9–§12). Evaluating it per frame does no set-up and allocates nothing.
public struct PreparedAnimation: Sendable {
    /// The deepest nesting of groups accepted.
    public static let maximumNestingDepth = 16

    /// The animation as given (after the runtime's substitution of beginTime).
    public var animation: Animation { storage.animation }
    /// The resolved timing.
    public var timing: ResolvedTiming { storage.timing }
    /// The prepared timing function (`nil`: none, or a linear one).
    var curve: SharedCurve? { storage.content.curve }
    var body: Body { storage.content.body }
    /// Whether the animation is removed when it completes (`removedOnCompletion`).
    var removedOnCompletion: Bool { storage.content.animation.removedOnCompletion }

    /// Everything, in one shared immutable object: a prepared animation is copied whenever it is read
    /// out of an array or an enum payload (a runtime does so per frame), and its inline contents (the
    /// animation, its resolved timing, a 1 KB prepared curve) made each copy a large `memcpy` plus retains.
    /// With the box a copy is one retain.
    let storage: Storage

    /// One prepared animation: its timing, and the content it shares with every copy attached at another
    /// time (``beginning(at:defaultDuration:)``).
    final class Storage: Sendable {
        let content: Content
        let timing: ResolvedTiming

        init(content: Content, timing: ResolvedTiming) {
            self.content = content
            self.timing = timing
        }

        /// This copy's `beginTime`: its resolved timing holds the timing as given.
        var beginTime: Double { timing.timing.beginTime }

        /// The animation with this copy's `beginTime` (the content's animation holds the one it was
        /// prepared with).
        var animation: Animation {
            var animation = content.animation
            animation.timing.beginTime = beginTime
            return animation
        }

        var curve: SharedCurve? { content.curve }
        var property: PreparedProperty? { content.property }
        var children: [PreparedAnimation]? { content.children }
    }

    /// What does not depend on the `beginTime` of the animation: the animation as prepared, its curve and
    /// its prepared body (property values and tracks, or a group's prepared children), immutable and
    /// shared by the copies of ``beginning(at:defaultDuration:)``.
    final class Content: Sendable {
        let animation: Animation
        /// The default duration the animation was prepared with (its children's depend on it when its
        /// own duration is not positive).
        let defaultDuration: Double
        let curve: SharedCurve?
        let body: Body
        /// The body's property animation or group children, held apart from the enum so that
        /// evaluation reads them in place (matching on `body` copies the payload; benchmark P6).
        let property: PreparedProperty?
        let children: [PreparedAnimation]?
        /// The layer properties the animation writes, each once, in the order of first writing: its key
        /// path's (and, for a path that turns the layer, the rotation's), or its children's in order.
        /// A runtime adds them to the layer's tables when the animation is attached.
        let writtenProperties: [LayerProperty]

        init(animation: Animation, defaultDuration: Double, curve: SharedCurve?, body: Body) {
            self.animation = animation
            self.defaultDuration = defaultDuration
            self.curve = curve
            self.body = body
            var written: [LayerProperty] = []
            func write(_ property: LayerProperty) { if !written.contains(property) { written.append(property) } }
            switch body {
            case let .property(property):
                (self.property, children) = (property, nil)
                write(property.keyPath.property)
                if case let .path(_, rotation?, rotationKeyPath) = property.source, rotation == .auto || rotation == .autoReverse {
                    write(rotationKeyPath.property)
                }
            case let .group(children):
                (property, self.children) = (nil, children)
                for child in children { child.storage.content.writtenProperties.forEach(write) }
            case let .transition(_, keyPath):
                (property, children) = (nil, nil)
                write(keyPath.property)
            }
            writtenProperties = written
        }
    }

    /// An immutable, shared ``PreparedTimingFunction``. Evaluation borrows the class's `let` in place:
    /// held inline in the animation (or behind an unsafe pointer), the 1 KB curve was copied onto the
    /// stack for every evaluation.
    final class SharedCurve: @unchecked Sendable {
        let curve: PreparedTimingFunction
        /// A copy of ``curve`` that the object owns at a fixed address, and its table's rows (nil for a
        /// linear curve): ``value(at:)`` reads both in place (a call on the `let` copies the curve and
        /// retains its table; benchmark P6). The table is never mutated after preparation and the copy
        /// keeps it alive, so the rows stay where they are for the object's lifetime.
        let pointer: UnsafeMutablePointer<PreparedTimingFunction>
        let rows: UnsafePointer<Double>?

        init(_ curve: PreparedTimingFunction) {
            self.curve = curve
            pointer = .allocate(capacity: 1)
            pointer.initialize(to: curve)
            rows = pointer.pointee.table.withUnsafeBufferPointer { $0.baseAddress }
        }

        deinit {
            pointer.deinitialize(count: 1)
            pointer.deallocate()
        }

        /// ``PreparedTimingFunction/value(at:)``, reading the curve through `pointer` without copying it
        /// (``PreparedTimingFunction/value(at:of:)``).
        @inline(__always)
        func value(at x: Double) -> Double { PreparedTimingFunction.value(at: x, of: pointer, rows: rows) }

        /// The named curves' objects, made once: every animation with a named curve shares one (an
        /// attached animation then holds no curve of its own, benchmark S6).
        static let named: [SharedCurve] = PreparedTimingFunction.named.map(SharedCurve.init)

        /// The shared object of a named curve, else a new object for `function`'s prepared curve.
        static func of(_ function: TimingFunction) -> SharedCurve {
            named.first { $0.curve.function == function } ?? SharedCurve(function.prepared())
        }
    }

    enum Body: Sendable {
        case property(PreparedProperty)
        case group([PreparedAnimation])
        case transition(TransitionAnimation, AnimationKeyPath)
    }

    /// The key path of a transition's progress (`TransitionAnimation.progressKeyPath`), parsed once.
    static let transitionProgress = Result { () throws(AnimationError) in
        do throws(ValueError) { return try AnimationKeyPath(TransitionAnimation.progressKeyPath) } catch {
            throw AnimationError(.value(error))
        }
    }

    /// Prepares `animation`.
    ///
    /// - Parameters:
    ///   - animation: the animation to prepare.
    ///   - defaultDuration: the duration for `duration ≤ 0`: the transaction duration for an animation
    ///     added to a layer (Docs/semantics.md §4.2), the group's duration for its children (§9.3).
    /// - Throws: ``AnimationError`` with the path of the first problem.
    public init(_ animation: Animation, defaultDuration: Double) throws(AnimationError) {
        try self.init(animation, defaultDuration: defaultDuration, depth: 0)
    }

    init(_ animation: Animation, defaultDuration: Double, depth: Int) throws(AnimationError) {
        guard depth <= Self.maximumNestingDepth else {
            throw AnimationError(.nestingTooDeep(limit: Self.maximumNestingDepth))
        }
        let timing: ResolvedTiming
        let body: Body
        do {
            timing = try ResolvedTiming(animation.timing, defaultDuration: defaultDuration)
        } catch {
            throw AnimationError(path: "timing", .timing(error))
        }
        let curve = animation.timingFunction.flatMap { $0.isLinear ? nil : SharedCurve.of($0) }
        switch animation.content {
        case let .property(property):
            body = .property(try PreparedProperty(property))
        case let .group(children):
            var prepared: [PreparedAnimation] = []
            prepared.reserveCapacity(children.count)
            for (index, child) in children.enumerated() {
                do {
                    // Children default to the group's duration (U5, Docs/semantics.md §9.3).
                    prepared.append(try PreparedAnimation(child, defaultDuration: timing.simpleDuration, depth: depth + 1))
                } catch {
                    throw error.inside("animations[\(index)]")
                }
            }
            body = .group(prepared)
        case let .transition(transition):
            for progress in [transition.startProgress, transition.endProgress] where !(progress >= 0 && progress <= 1) {
                throw AnimationError(.transitionProgress)
            }
            body = .transition(transition, try Self.transitionProgress.get())
        }
        storage = Storage(
            content: Content(animation: animation, defaultDuration: defaultDuration, curve: curve, body: body), timing: timing)
    }

    /// This animation with `beginTime` as its `beginTime`, as ``init(_:defaultDuration:)`` prepares it:
    /// the timing is resolved again, and the prepared content (curve, values, tracks, children) is shared
    /// rather than prepared again, unless the animation's duration is not positive and `defaultDuration`
    /// differs from the one it was prepared with (its children's durations depend on it): then it is
    /// prepared from the start. Throws what ``init(_:defaultDuration:)`` throws for the animation with
    /// that `beginTime`: its content was valid, so only the timing can fail.
    ///
    /// Cost: O(1) (one small object), or a whole preparation in the case above.
    func beginning(at beginTime: Double, defaultDuration: Double) throws(AnimationError) -> PreparedAnimation {
        let content = storage.content
        guard content.animation.timing.duration > 0 || content.defaultDuration.bitPattern == defaultDuration.bitPattern
        else {
            var animation = content.animation
            animation.timing.beginTime = beginTime
            return try PreparedAnimation(animation, defaultDuration: defaultDuration)
        }
        var timing = content.animation.timing
        timing.beginTime = beginTime
        let resolved: ResolvedTiming
        do { resolved = try ResolvedTiming(timing, defaultDuration: defaultDuration) } catch {
            throw AnimationError(path: "timing", .timing(error))
        }
        return PreparedAnimation(storage: Storage(content: content, timing: resolved))
    }

    /// The animation held by `storage` (a frame plan's record, `FramePlan`).
    init(storage: Storage) {
        self.storage = storage
    }

    /// The key path the animation animates (`nil` for groups).
    public var keyPath: AnimationKeyPath? {
        switch body {
        case let .property(property): return property.keyPath
        case let .transition(_, keyPath): return keyPath
        case .group: return nil
        }
    }

    /// Evaluates the timing at parent time `parentTime`, applying the animation's timing function
    /// (Docs/semantics.md §6–§8). `frozen`: the parent is a group frozen at its end (§9.5).
    func evaluateTiming(at parentTime: Double, frozen: Bool, removedOnCompletion: Bool) throws(TimingError) -> TimingEvaluation {
        let storage = self.storage
        return try withUnsafePointer(to: storage.timing) { (timing) throws(TimingError) in
            try Self.evaluateTiming(
                timing, curve: storage.curve.map(Unmanaged.passUnretained), at: parentTime, frozen: frozen,
                removedOnCompletion: removedOnCompletion)
        }
    }

    /// ``evaluateTiming(at:frozen:removedOnCompletion:)`` on a resolved timing read in place and a curve
    /// borrowed without reference counting (the frame plan's records hold both, `FramePlan`).
    @inline(__always)
    static func evaluateTiming(
        _ timing: UnsafePointer<ResolvedTiming>, curve: Unmanaged<SharedCurve>?, at parentTime: Double, frozen: Bool,
        removedOnCompletion: Bool
    ) throws(TimingError) -> TimingEvaluation {
        // `ResolvedTiming.evaluate(atParentTime:timingFunction:removedOnCompletion:)` and its frozen form
        // spelled out: passed as an argument, the curve is copied (and its table retained) per call; its
        // inlined `value(at:)` reads it in place.
        var result =
            frozen
            ? try timing.pointee.evaluateUntimed(atFrozenParentTime: parentTime, removedOnCompletion: removedOnCompletion)
            : try timing.pointee.evaluate(atParentTime: parentTime, removedOnCompletion: removedOnCompletion)
        if let curve {
            result.progress = curve._withUnsafeGuaranteedRef { $0.value(at: result.unitTime) }
        } else if frozen {
            // The linear curve's value (the unit time clamped to [0, 1]), as the frozen form applies it.
            result.progress = Self.linear.value(at: result.unitTime)
        }
        return result
    }

    /// The parent time and frozen flag a group passes to its children (Docs/semantics.md §9.2, §9.5):
    /// its basic time, paced by its timing function; frozen when it fills after its end, or when its own
    /// parent is frozen exactly at its end.
    @inline(__always)
    static func childClock(
        of timing: ResolvedTiming, evaluation: TimingEvaluation, parentTime: Double, frozen: Bool
    ) -> (time: Double, frozen: Bool) {
        let d = timing.simpleDuration
        let childTime = d.isFinite ? d * evaluation.progress : evaluation.basicTime
        let atFrozenEnd = frozen
            && (parentTime - timing.timing.beginTime) * timing.timing.timeSpace.rate.magnitude == timing.activeDuration
        return (childTime, evaluation.phase == .after || atFrozenEnd)
    }

    static let linear = SharedCurve(TimingFunction.linear.prepared())

    /// Applies this animation at parent time `parentTime` to `presentation` (Docs/semantics.md §15):
    /// a property animation writes (or adds) its value; a group passes its time to its children, which
    /// write theirs in order; nothing is written outside the active duration unless the fill mode says so.
    ///
    /// - Parameters:
    ///   - parentTime: the parent's time: the layer's local time for an animation attached to a layer.
    ///   - frozen: whether the parent is a group frozen at its end (Docs/semantics.md §9.5); `false` for an
    ///     animation attached to a layer.
    ///   - removedOnCompletion: whether the animation stops contributing after its end (groups pass
    ///     `false` to their children, Docs/semantics.md §9.4).
    ///   - model: the layer's model values (basic animations without a from or to value read them).
    ///   - presentation: the values the animation writes into, in the order of Docs/semantics.md §4.3.
    /// - Returns: the animation's own timing evaluation.
    /// - Throws: ``EvaluationError`` when the timing or a value fails at this time.
    ///
    /// Cost: one timing evaluation and one value write per property animation, recursively through a
    /// group's children.
    public func apply(
        at parentTime: Double, frozen: Bool, removedOnCompletion: Bool, model: LayerValues,
        to presentation: inout LayerValues
    ) throws(EvaluationError) -> TimingEvaluation {
        let evaluation: TimingEvaluation
        do {
            evaluation = try evaluateTiming(at: parentTime, frozen: frozen, removedOnCompletion: removedOnCompletion)
        } catch {
            throw .timing(error)
        }
        guard evaluation.applies else { return evaluation }
        if let property = storage.property {
            try property.apply(evaluation, model: model, to: &presentation)
        } else if let children = storage.children {
            // The group's basic time, paced by its timing function, is the children's parent time
            // (Docs/semantics.md §9.2); a group filling after its end passes its terminal time as a limit
            // from inside (§9.5).
            let (childTime, childrenFrozen) = Self.childClock(
                of: storage.timing, evaluation: evaluation, parentTime: parentTime, frozen: frozen)
            // In place, through the base pointer (an addressor): iterating the array would copy each child.
            try children.withUnsafeBufferPointer { (buffer) throws(EvaluationError) in
                guard let base = buffer.baseAddress else { return }
                for index in buffer.indices {
                    _ = try base[index].apply(
                        at: childTime, frozen: childrenFrozen, removedOnCompletion: false, model: model, to: &presentation)
                }
            }
        } else if case let .transition(transition, keyPath) = storage.content.body {
            let progress = transition.startProgress + (transition.endProgress - transition.startProgress) * evaluation.progress
            // In place when that is exactly the general write (LayerValues.setScalar(_:for:)).
            if presentation.setScalar(progress, for: keyPath) { return evaluation }
            do {
                let index = presentation.index(of: keyPath.property)
                let base = index.map { presentation.values[$0] } ?? keyPath.propertyDefault
                let value = try keyPath.applying(.scalar(progress), to: base, additive: false)
                if let index { presentation.set(value, at: index) } else { presentation.set(value, for: keyPath.property) }
            } catch {
                throw .value(error)
            }
        }
        return evaluation
    }
}

/// A failure while evaluating a prepared animation (an overflow, a transform that cannot be decomposed).
public enum EvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The timing failed at this time (a local time beyond Double's range).
    case timing(TimingError)
    /// The value failed (an overflow, or a transform that cannot be decomposed).
    case value(ValueError)

    public var description: String {
        switch self {
        case let .timing(error): return error.description
        case let .value(error): return error.description
        }
    }
}
