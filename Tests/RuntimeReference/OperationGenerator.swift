import MediaTiming

/// Random runtime operations drawn from a ``ChoiceSource``, looking at the reference's state to aim at
/// what is interesting: existing keys to replace or remove, and advances that end exactly on (or one ulp
/// beside) an attached animation's begin or end converted to media time, where events are stamped.
///
/// Layers are removed (with their subtrees), inserted back and moved in about one operation in eleven.
///
/// Every value is finite and modest (times within a few thousand seconds, speeds up to 3 per level), so
/// that no operation overflows a local time: the run compares behaviour, and error paths in a few
/// operations in a hundred (an invalid value, animation, time or change of the tree, an animation added
/// to a layer outside the tree: refused by both with the same error).
public struct OperationGenerator<Source: ChoiceSource> {
    /// Where the choices come from.
    public var source: Source
    /// The most layers a run adds.
    public let maximumLayerCount: Int

    /// The key paths animations and model changes write.
    public static var writtenKeyPaths: [AnimationKeyPath] { DifferentialRun.writtenKeyPaths }

    /// A generator drawing from `source`, adding at most `maximumLayerCount` layers.
    public init(source: Source, maximumLayerCount: Int) {
        self.source = source
        self.maximumLayerCount = max(1, maximumLayerCount)
    }

    /// The next step for a run whose reference is `reference`; nil when the source is used up.
    public mutating func nextStep(for reference: ReferenceRuntime) -> RuntimeStep? {
        guard !source.isExhausted else { return nil }
        let now = reference.currentTime
        let layerCount = reference.tree.count
        let inTree = (0..<layerCount).filter { reference.inTree($0) }
        let outside = (0..<layerCount).filter { !reference.inTree($0) }
        if layerCount == 0 || (layerCount < maximumLayerCount && source.chance(12)) {
            let parent = inTree.isEmpty || source.chance(4) ? nil : source.pick(inTree)
            return RuntimeStep(time: operationTime(reference), operation: .addLayer(parent: parent, timeSpace: timeSpace(now)))
        }
        // With every layer removed, most operations would be refused or frozen: one in two puts one back.
        if inTree.isEmpty && !outside.isEmpty && source.chance(2) {
            return RuntimeStep(time: operationTime(reference), operation: .insertLayer(layer: source.pick(outside), parent: nil))
        }
        // A layer of the tree, or (one time in eight, or when none is) any layer: a layer outside the tree
        // keeps its models and frozen animations, and refuses an animation (Docs/semantics.md §18.4).
        let layer = inTree.isEmpty || source.chance(8) ? source.draw(below: layerCount) : source.pick(inTree)
        let roll = source.draw(below: 100)
        let operation: RuntimeOperation
        switch roll {
        case 0..<26:
            // Mostly to a layer of the tree (an add to a layer outside it is refused).
            let layer = reference.inTree(layer) || inTree.isEmpty || source.chance(8) ? layer : source.pick(inTree)
            let local = (try? reference.localTime(of: reference.layers[layer], at: now)) ?? 0
            operation = .add(animation(local: local, depth: 0), key: key(reference, layer: layer, existing: 3), layer: layer)
        case 26..<31: operation = .removeAnimation(key: key(reference, layer: layer, existing: 1), layer: layer)
        case 31..<33: operation = .removeAllAnimations(layer: layer)
        case 33..<37: operation = .pause(layer: layer)
        case 37..<41: operation = .resume(layer: layer, speed: source.pick([1, 1, 2, 0.5, -1, nil]))
        case 41..<45: operation = .setTimeSpace(timeSpace(now), layer: layer)
        case 45..<51:
            let keyPath = source.pick(Self.writtenKeyPaths)
            operation = .setModelValue(value(keyPath), keyPath: keyPath, layer: layer, implicit: source.chance(3))
        case 51: operation = .enterBackground
        case 52: operation = .enterForeground
        case 53..<59: return RuntimeStep(time: laterTime(reference), operation: .lookAhead)
        // Readings happen at the current time.
        case 59..<63: return RuntimeStep(time: now, operation: .updatePresentation)
        case 63..<67: return RuntimeStep(time: now, operation: .updatePresentationReadings)
        case 67..<70: return RuntimeStep(time: now, operation: .registerSlot(keyPath: source.pick(DifferentialRun.readKeyPaths), layer: layer))
        // Operations both runtimes refuse, with the same error, after the same advance: a value of another
        // kind, an animation that cannot be prepared, a time in the past or not finite.
        case 70:
            let keyPath = source.pick(Self.writtenKeyPaths)
            let other = source.pick(Self.writtenKeyPaths.filter { $0.valueKind != keyPath.valueKind })
            operation = .setModelValue(value(other), keyPath: keyPath, layer: layer, implicit: source.chance(2))
        case 71:
            operation = .add(
                Animation(content: .transition(TransitionAnimation(startProgress: 1.5))), key: key(reference, layer: layer, existing: 1),
                layer: layer)
        case 72: return RuntimeStep(time: source.pick([now - 1, .nan, .infinity]), operation: .advance)
        // The tree's structure (§18): a subtree removed, a removed layer back under a layer of the tree (or
        // as a root), a layer moved under a layer outside its subtree (or made a root); and, one time in a
        // hundred, a change both refuse (a cycle, inserting a layer of the tree, moving or removing a layer
        // outside it, a parent outside it for a moved or a new layer).
        case 73..<75 where !inTree.isEmpty: operation = .removeLayer(layer: source.pick(inTree))
        case 75..<78 where !outside.isEmpty:
            operation = .insertLayer(layer: source.pick(outside), parent: inTree.isEmpty || source.chance(4) ? nil : source.pick(inTree))
        case 78..<81 where !inTree.isEmpty:
            let moved = source.pick(inTree)
            let parents = inTree.filter { !reference.isAncestor(moved, of: $0) }
            operation = .moveLayer(layer: moved, parent: parents.isEmpty || source.chance(4) ? nil : source.pick(parents))
        case 81: operation = invalidStructureChange(reference, layer: layer, inTree: inTree, outside: outside)
        default: return RuntimeStep(time: laterTime(reference), operation: .advance)
        }
        return RuntimeStep(time: operationTime(reference), operation: operation)
    }

    // MARK: Times

    /// An operation's time: now, or later.
    mutating func operationTime(_ reference: ReferenceRuntime) -> Double {
        source.chance(2) ? reference.currentTime : laterTime(reference)
    }

    /// A time after now: a step on a 1/1024 grid (sums that land exactly on grid-aligned boundaries), an
    /// arbitrary double, a few ulps, or exactly on or beside an animation's begin or end in media time.
    mutating func laterTime(_ reference: ReferenceRuntime) -> Double {
        let now = reference.currentTime
        switch source.draw(below: 10) {
        case 0, 1, 2: return now + source.grid(0, 1.5)
        case 3: return now + source.anywhere(0, 1)
        case 4:
            var t = now
            for _ in 0...source.draw(below: 4) { t = t.nextUp }
            return source.chance(4) ? now + 1e-9 : t
        default:
            if let boundary = boundary(reference), boundary > now { return boundary }
            return now + source.grid(0, 1.5)
        }
    }

    /// An attached animation's begin or end converted from its layer's time to media time, or one or two
    /// ulps beside it.
    mutating func boundary(_ reference: ReferenceRuntime) -> Double? {
        let layers = reference.animations.indices.filter { !reference.animations[$0].isEmpty && reference.inTree($0) }
        guard !layers.isEmpty else { return nil }
        let layer = source.pick(layers)
        let entry = source.pick(reference.animations[layer])
        let timing = entry.prepared.timing
        let local = source.chance(2) ? timing.timing.beginTime : (timing.endTime ?? timing.timing.beginTime)
        guard var t = try? reference.tree.convertTime(local, from: reference.layers[layer], to: nil), t.isFinite else { return nil }
        switch source.draw(below: 6) {
        case 0: t = t.nextDown
        case 1: t = t.nextUp
        case 2: t = t.nextUp.nextUp
        default: break
        }
        return t
    }

    // MARK: Layers

    /// A change of the tree's structure that both runtimes refuse (Docs/semantics.md §18.3): a layer
    /// moved under itself or its subtree, a layer of the tree inserted, a layer outside the tree moved or
    /// removed, a layer outside the tree as the parent of a moved or a new layer.
    mutating func invalidStructureChange(_ reference: ReferenceRuntime, layer: Int, inTree: [Int], outside: [Int]) -> RuntimeOperation {
        switch source.draw(below: outside.isEmpty ? 2 : 6) {
        case 0: return .moveLayer(layer: layer, parent: source.pick(reference.subtree(of: layer)))
        case 1: return .insertLayer(layer: inTree.isEmpty ? layer : source.pick(inTree), parent: nil)
        case 2: return .moveLayer(layer: source.pick(outside), parent: nil)
        case 3: return .removeLayer(layer: source.pick(outside))
        case 4: return .addLayer(parent: source.pick(outside), timeSpace: .identity)
        default: return .moveLayer(layer: layer, parent: source.pick(outside))
        }
    }

    /// A layer time space: speeds of either sign and 0, begin times around now, offsets.
    mutating func timeSpace(_ now: Double) -> TimeSpace {
        let speed: Float = source.pick([1, 1, 1, 2, 0.5, -1, 0, 1.5, -0.5, 3, 0.25, -2])
        let begin = source.pick([0, 0, now, source.grid(-2, 2), now + source.grid(-1, 1)])
        let offset = source.pick([0, 0, source.grid(-3, 3), source.anywhere(-1, 1)])
        return TimeSpace(beginTime: begin, speed: speed, timeOffset: offset)
    }

    /// A key already on the layer (all but one time in `oneIn + 1`), or one of a few fixed keys.
    mutating func key(_ reference: ReferenceRuntime, layer: Int, existing oneIn: Int) -> String {
        let keys = reference.animationKeys(of: reference.layers[layer])
        if !keys.isEmpty, !source.chance(oneIn + 1) { return source.pick(keys) }
        return source.pick(["a", "b", "c", "d", "opacity", "position"])
    }

    // MARK: Animations

    /// A random animation: basic, keyframes, spring, transition or (above the nesting limit of the run) a
    /// group. `local` is the layer's local time, around which explicit begin times are chosen.
    mutating func animation(local: Double, depth: Int) -> Animation {
        let timing = self.timing(local: local, child: depth > 0)
        let function: TimingFunction? = source.pick([nil, nil, .linear, .easeIn, .easeOut, .easeInEaseOut, .default])
        let removed = source.chance(2)
        let roll = source.draw(below: 20)
        if roll < 3 && depth < 2 {
            let children = (0...source.draw(below: 3)).map { _ in animation(local: 0, depth: depth + 1) }
            return .group(children, timing: timing, timingFunction: function, removedOnCompletion: removed)
        }
        if roll == 3 {
            return Animation(
                timing: timing, timingFunction: function, removedOnCompletion: removed,
                content: .transition(TransitionAnimation(startProgress: source.pick([0, 0.25]), endProgress: source.pick([1, 0.75]))))
        }
        let keyPath = source.pick(Self.writtenKeyPaths)
        let values: PropertyAnimation.Values
        switch roll {
        case 4, 5:
            let scalar = keyPath.valueKind == .scalar
            values = .spring(
                BasicValues(from: value(keyPath), to: scalar || source.chance(2) ? value(keyPath) : nil),
                SpringParameters(
                    mass: source.pick([1, 2]), stiffness: source.pick([100, 300]), damping: source.pick([10, 5, 30]),
                    initialVelocity: source.pick([0, 2])))
        case 6..<11: values = .keyframes(keyframes(keyPath))
        default: values = .basic(basicValues(keyPath))
        }
        return Animation(
            timing: timing, timingFunction: function, removedOnCompletion: removed,
            content: .property(
                PropertyAnimation(keyPath: keyPath, isAdditive: source.chance(4), isCumulative: source.chance(5), values: values)))
    }

    /// Timing of every kind: explicit begins around the layer's now (or 0, the add's now), default and
    /// explicit durations, speeds of both signs and 0, offsets, repeats, autoreverse, every fill mode.
    mutating func timing(local: Double, child: Bool) -> Timing {
        let begin: Double
        if child {
            begin = source.pick([0, 0, source.grid(0, 1), source.grid(-0.5, 0.5)])
        } else {
            begin = source.pick([0, 0, local + source.grid(-2, 3), local + source.grid(0, 1), source.grid(-1, 3)])
        }
        return Timing(
            beginTime: begin, duration: source.pick([0, 0, 0.1, 0.3, 1, 2.5, 1.0 / 3]),
            speed: source.pick([1, 1, 1, 2, 0.5, -1, -2, 0, 1.5]),
            timeOffset: source.pick([0, 0, 0, 0.25, -0.7, 1, source.anywhere(0, 1)]),
            repeatCount: source.pick([0, 0, 0, 1, 2, 2.5, .infinity, 0.5]), repeatDuration: source.pick([0, 0, 0, 0, 1.7, 0.6]),
            autoreverses: source.chance(4), fillMode: source.pick(FillMode.allCases))
    }

    /// `fromValue`/`toValue`/`byValue` in every combination CA accepts (none: model to model).
    mutating func basicValues(_ keyPath: AnimationKeyPath) -> BasicValues {
        switch source.draw(below: 8) {
        case 0, 1, 2: return BasicValues(from: value(keyPath), to: value(keyPath))
        case 3: return BasicValues(to: value(keyPath))
        case 4: return BasicValues(from: value(keyPath))
        case 5: return BasicValues(by: value(keyPath))
        case 6: return BasicValues(from: value(keyPath), by: value(keyPath))
        default: return BasicValues()
        }
    }

    /// Two to four keyframes, with or without key times and per-segment timing functions; paced and cubic
    /// modes only for numbers and points.
    mutating func keyframes(_ keyPath: AnimationKeyPath) -> KeyframeValues {
        let count = 2 + source.draw(below: 3)
        let values = (0..<count).map { _ in value(keyPath) }
        let numeric = keyPath.valueKind == .scalar || keyPath.valueKind == .point
        let mode: CalculationMode = numeric ? source.pick([.linear, .linear, .discrete, .paced, .cubic]) : source.pick([.linear, .discrete])
        var keyTimes: [Double]? = nil
        if source.chance(2) {
            let inner = (1..<count - 1).map { _ in source.grid(0, 1) }.sorted()
            keyTimes = [0] + inner + [1]
        }
        let functions: [TimingFunction]? = source.chance(3) ? (1..<count).map { _ in source.pick([.linear, .easeIn, .easeOut]) } : nil
        return KeyframeValues(values: values, keyTimes: keyTimes, timingFunctions: functions, calculationMode: mode)
    }

    /// A value of the key path's kind: numbers on a 1/1024 grid, a scale never 0 (a transform that can
    /// always be decomposed).
    mutating func value(_ keyPath: AnimationKeyPath) -> AnimationValue {
        switch keyPath.valueKind {
        case .scalar:
            if keyPath.component == .scale { return .scalar(source.grid(0.25, 3)) }
            return .scalar(source.grid(-2, 2))
        case .point: return .point(Point(x: source.grid(-100, 100), y: source.grid(-100, 100)))
        case .size: return .size(Size(width: source.grid(0, 100), height: source.grid(0, 100)))
        case .rect:
            return .rect(Rect(x: source.grid(-10, 10), y: source.grid(-10, 10), width: source.grid(0, 50), height: source.grid(0, 50)))
        case .color:
            return .color(Color(red: source.grid(0, 1), green: source.grid(0, 1), blue: source.grid(0, 1), alpha: source.grid(0, 1)))
        case .transform: return .transform(.identity)
        }
    }
}
