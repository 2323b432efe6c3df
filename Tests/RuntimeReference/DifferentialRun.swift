import MediaTiming

/// An ``AnimationRuntime`` and a ``ReferenceRuntime`` driven by the same operations, compared after each:
/// the events each call returns (time to the bit, layer, key, kind, order), whether each layer is in the
/// tree, the attached keys and counts,
/// every layer's local time, the timing state of every attached animation, and every read key path of
/// every layer through the three reading paths: ``AnimationRuntime/presentationValue(of:layer:replica:)``
/// and ``AnimationRuntime/presentationScalar(of:layer:)`` as the runtime stands (without a pass, or from a
/// pass an operation asked for), the same plus ``AnimationRuntime/presentation(of:replica:)`` after
/// ``AnimationRuntime/updatePresentation()`` on a copy, and every registered slot's readings after
/// ``AnimationRuntime/updatePresentationReadings()`` on another copy. All values are compared to the bit.
public struct DifferentialRun {
    /// The key paths animations and model changes write: numbers, points, sizes, colours, and transform
    /// components.
    public static let writtenKeyPaths: [AnimationKeyPath] = keyPaths([
        "opacity", "cornerRadius", "position", "position.x", "bounds.size", "backgroundColor", "transform.rotation.z",
        "transform.scale", "transform.translation", "transform.translation.x",
    ])
    /// The key paths read after every operation: the written ones, the whole transform and bounds, a
    /// property nothing writes, and a transition's progress.
    public static let readKeyPaths: [AnimationKeyPath] =
        writtenKeyPaths + keyPaths(["transform", "bounds", "anchorPoint", TransitionAnimation.progressKeyPath])

    static func keyPaths(_ names: [String]) -> [AnimationKeyPath] {
        names.map { name in
            do { return try AnimationKeyPath(name) } catch { fatalError("key path \(name): \(error)") }
        }
    }

    /// The runtime under test.
    public private(set) var runtime: AnimationRuntime
    /// The reference.
    public private(set) var reference: ReferenceRuntime
    /// Every step performed, in order (a failing run's reproduction).
    public private(set) var log: [RuntimeStep] = []
    /// The number of events delivered so far.
    public private(set) var eventCount = 0
    /// The number of operations both runtimes refused (with the same error): a measure of how much of a
    /// run exercised error paths rather than behaviour.
    public private(set) var refusedCount = 0
    /// The media time the run started at.
    public let startTime: Double
    /// The registered slots and their key paths.
    var slots: [(slot: PresentationSlot, keyPath: AnimationKeyPath)] = []

    /// Two empty runtimes whose clocks read `startTime`, with the same transaction duration (finite, > 0).
    public init(startTime: Double = 0, transactionDuration: Double = 0.25) {
        self.startTime = startTime
        do { runtime = try AnimationRuntime(startTime: startTime, transactionDuration: transactionDuration) } catch {
            fatalError("\(error)")
        }
        reference = ReferenceRuntime(startTime: startTime, transactionDuration: transactionDuration)
    }

    // MARK: Operations

    /// Performs `step` on both runtimes and compares everything; returns the differences (empty: identical
    /// to the bit). A step naming a layer that does not exist (in a shrunk log) is skipped.
    public mutating func perform(_ step: RuntimeStep) -> [String] {
        log.append(step)
        let t = step.time
        var differences: [String]
        switch step.operation {
        case let .addLayer(parent, timeSpace):
            if let parent, parent >= reference.tree.count { return [] }
            differences = both("advance", { try $0.advance(to: t) }, { try $0.advance(to: t) })
            let name = "L\(reference.tree.count)"
            let parentID = parent.map { reference.layers[$0] }
            let a = Result { () throws -> LayerID in try runtime.addLayer(named: name, parent: parentID, timeSpace: timeSpace) }
            let b = Result { () throws -> LayerID in try reference.addLayer(named: name, parent: parentID, timeSpace: timeSpace) }
            differences += compare("addLayer", a, b) { $0 == $1 }
        case let .removeLayer(layer):
            guard let id = existing(layer) else { return [] }
            differences = both("removeLayer", { try $0.removeLayer(id, at: t) }, { try $0.removeLayer(id, at: t) })
        case let .insertLayer(layer, parent):
            guard let id = existing(layer), parent.map({ existing($0) != nil }) ?? true else { return [] }
            let parentID = parent.map { reference.layers[$0] }
            differences = both(
                "insertLayer", { try $0.insertLayer(id, parent: parentID, at: t) }, { try $0.insertLayer(id, parent: parentID, at: t) })
        case let .moveLayer(layer, parent):
            guard let id = existing(layer), parent.map({ existing($0) != nil }) ?? true else { return [] }
            let parentID = parent.map { reference.layers[$0] }
            differences = both("moveLayer", { try $0.moveLayer(id, to: parentID, at: t) }, { try $0.moveLayer(id, to: parentID, at: t) })
        case let .add(animation, key, layer):
            guard let id = existing(layer) else { return [] }
            differences = both("add", { try $0.add(animation, forKey: key, to: id, at: t) }, { try $0.add(animation, forKey: key, to: id, at: t) })
        case let .removeAnimation(key, layer):
            guard let id = existing(layer) else { return [] }
            differences = both(
                "removeAnimation", { try $0.removeAnimation(forKey: key, from: id, at: t) },
                { try $0.removeAnimation(forKey: key, from: id, at: t) })
        case let .removeAllAnimations(layer):
            guard let id = existing(layer) else { return [] }
            differences = both(
                "removeAllAnimations", { try $0.removeAllAnimations(from: id, at: t) }, { try $0.removeAllAnimations(from: id, at: t) })
        case let .pause(layer):
            guard let id = existing(layer) else { return [] }
            differences = both("pause", { try $0.pause(id, at: t) }, { try $0.pause(id, at: t) })
        case let .resume(layer, speed):
            guard let id = existing(layer) else { return [] }
            differences = both("resume", { try $0.resume(id, at: t, speed: speed) }, { try $0.resume(id, at: t, speed: speed) })
        case let .setTimeSpace(timeSpace, layer):
            guard let id = existing(layer) else { return [] }
            differences = both(
                "setTimeSpace", { try $0.setTimeSpace(timeSpace, of: id, at: t) }, { try $0.setTimeSpace(timeSpace, of: id, at: t) })
        case let .setModelValue(value, keyPath, layer, implicit):
            guard let id = existing(layer) else { return [] }
            differences = both(
                "setModelValue", { try $0.setModelValue(value, for: keyPath, of: id, at: t, implicit: implicit) },
                { try $0.setModelValue(value, for: keyPath, of: id, at: t, implicit: implicit) })
        case .enterBackground:
            differences = both("enterBackground", { try $0.enterBackground(at: t) }, { try $0.enterBackground(at: t) })
        case .enterForeground:
            differences = both("enterForeground", { try $0.enterForeground(at: t) }, { try $0.enterForeground(at: t) })
        case .advance:
            differences = both("advance", { try $0.advance(to: t) }, { try $0.advance(to: t) })
        case .lookAhead:
            let a = Result { () throws -> Bool in try runtime.hasEvents(upTo: t) }
            let b = Result { () throws -> Bool in try reference.hasEvents(upTo: t) }
            differences = compare("hasEvents(upTo: \(t))", a, b) { $0 == $1 }
            differences += both("advance", { try $0.advance(to: t) }, { try $0.advance(to: t) })
        case .updatePresentation:
            let a = Result { () throws in try runtime.updatePresentation() }
            differences = compare("updatePresentation", a, fullPresentation()) { _, _ in true }
        case .updatePresentationReadings:
            // Only an animation that writes a read property is evaluated (Docs/semantics.md §15.1): with
            // a failing animation elsewhere the update may succeed, so only a failure with none is a difference.
            let a = Result { () throws in try runtime.updatePresentationReadings() }
            if case let .failure(error) = a, case .success = fullPresentation() {
                differences = ["updatePresentationReadings failed: \(error)"]
            } else {
                differences = []
            }
        case let .registerSlot(keyPath, layer):
            guard let id = existing(layer) else { return [] }
            do {
                let slot = try runtime.presentationSlot(of: keyPath, layer: id)
                if !slots.contains(where: { $0.slot == slot }) { slots.append((slot, keyPath)) }
                differences = []
            } catch {
                differences = ["presentationSlot(of: \(keyPath), layer: \(id)) failed: \(error)"]
            }
        }
        return differences + compareState()
    }

    /// The layer at `index`, if the run has one.
    func existing(_ index: Int) -> LayerID? { index < reference.layers.count ? reference.layers[index] : nil }

    /// The same call on both runtimes; the differences between the events (or errors) they return.
    mutating func both(
        _ name: String, _ onRuntime: (inout AnimationRuntime) throws -> [AnimationEvent],
        _ onReference: (inout ReferenceRuntime) throws -> [AnimationEvent]
    ) -> [String] {
        let a = Result { () throws -> [AnimationEvent] in try onRuntime(&runtime) }
        let b = Result { () throws -> [AnimationEvent] in try onReference(&reference) }
        switch (a, b) {
        case let (.success(events), _): eventCount += events.count
        case (.failure, .failure): refusedCount += 1
        default: break
        }
        return compare(name, a, b, Bitwise.same)
    }

    /// Every presentation of a layer of the tree on the reference, in layer order (a pass leaves out the
    /// layers outside the tree, Docs/semantics.md §18.4): the first failure, if any.
    func fullPresentation() -> Result<Void, Error> {
        Result { () throws in
            for layer in reference.layers {
                guard try reference.isInTree(layer) else { continue }
                _ = try reference.presentation(of: layer)
            }
        }
    }

    /// The difference between two outcomes: one failed and not the other, different errors, or different
    /// values (by `same`).
    func compare<T>(
        _ what: @autoclosure () -> String, _ a: Result<T, Error>, _ b: Result<T, Error>, _ same: (T, T) -> Bool
    ) -> [String] {
        switch (a, b) {
        case let (.success(x), .success(y)):
            return same(x, y) ? [] : ["\(what()): runtime \(x), reference \(y)"]
        case let (.failure(x), .failure(y)):
            return "\(x)" == "\(y)" ? [] : ["\(what()): runtime threw \(x), reference threw \(y)"]
        case let (.success(x), .failure(y)): return ["\(what()): runtime \(x), reference threw \(y)"]
        case let (.failure(x), .success(y)): return ["\(what()): runtime threw \(x), reference \(y)"]
        }
    }

    // MARK: State and readings

    /// Everything observable compared (see the type's description).
    public func compareState() -> [String] {
        var differences: [String] = []
        if runtime.currentTime.bitPattern != reference.currentTime.bitPattern {
            differences.append("currentTime: runtime \(runtime.currentTime), reference \(reference.currentTime)")
        }
        if runtime.attachedAnimationCount != reference.attachedAnimationCount {
            differences.append("attachedAnimationCount: runtime \(runtime.attachedAnimationCount), reference \(reference.attachedAnimationCount)")
        }
        if runtime.isInBackground != reference.isInBackground { differences.append("isInBackground differs") }
        // The three reading paths: as the runtime stands, after a full pass (on a copy), after the slots'
        // pass (on another copy).
        var passed = runtime
        let pass = Result { () throws in try passed.updatePresentation() }
        differences += compare("updatePresentation (copy)", pass, fullPresentation()) { _, _ in true }
        var read = runtime
        let readings = Result { () throws in try read.updatePresentationReadings() }
        if case let .failure(error) = readings, case .success = fullPresentation() {
            differences.append("updatePresentationReadings (copy) failed: \(error)")
        }
        for layer in reference.layers {
            differences += compareLayer(layer, passed: passed, passSucceeded: (try? pass.get()) != nil)
        }
        if (try? readings.get()) != nil {
            for (slot, keyPath) in slots {
                let expected = Result { () throws -> AnimationValue in try reference.presentationValue(of: keyPath, layer: slot.layer) }
                func what() -> String { "slot \(slot.id) (\(keyPath) of \(slot.layer))" }
                differences += compare(what(), Result { () throws in try read.presentationValue(at: slot) }, expected, Bitwise.same)
                differences += compare(
                    what() + " scalar", Result { () throws in try read.presentationScalar(at: slot) }, expected.map(Self.scalar), Bitwise.same)
                differences += compare(
                    what() + " point", Result { () throws in try read.presentationPoint(at: slot) }, expected.map(Self.point), Bitwise.same)
                differences += compare(
                    what() + " size", Result { () throws in try read.presentationSize(at: slot) }, expected.map(Self.size), Bitwise.same)
            }
        }
        return differences
    }

    /// One layer's place in the tree, keys, local time, timing states and readings (a layer outside the
    /// tree: the same error from every reading).
    func compareLayer(_ layer: LayerID, passed: AnimationRuntime, passSucceeded: Bool) -> [String] {
        var differences = compare(
            "isInTree(\(layer))", Result { () throws in try runtime.isInTree(layer) }, Result { () throws in try reference.isInTree(layer) }, ==)
        let keys = reference.animationKeys(of: layer)
        differences += compare("animationKeys(of: \(layer))", Result { () throws in try runtime.animationKeys(of: layer) }, .success(keys), ==)
        differences += compare(
            "localTime(of: \(layer))", Result { () throws in try runtime.localTime(of: layer) },
            Result { () throws in try reference.localTime(of: layer, at: reference.currentTime) }, Bitwise.same)
        for key in keys + ["absent"] {
            differences += compare(
                "timingState(\(key), \(layer))", Result { () throws in try runtime.timingState(ofAnimation: key, layer: layer) },
                Result { () throws in try reference.timingState(ofAnimation: key, layer: layer) }, Bitwise.same)
        }
        let values = Result { () throws -> LayerValues in try reference.presentation(of: layer) }
        let table = Result { () throws -> LayerValues in try passed.presentation(of: layer) }
        for keyPath in Self.readKeyPaths {
            let expected = values.flatMap { values in
                Result { () throws -> AnimationValue in try reference.value(of: keyPath, in: values, layer: layer) }
            }
            func what() -> String { "\(keyPath) of \(layer)" }
            differences += compare(
                "presentationValue " + what(), Result { () throws in try runtime.presentationValue(of: keyPath, layer: layer) }, expected,
                Bitwise.same)
            differences += compare(
                "presentationScalar " + what(), Result { () throws in try runtime.presentationScalar(of: keyPath, layer: layer) },
                expected.map(Self.scalar), Bitwise.same)
            guard passSucceeded else { continue }
            differences += compare(
                "after a pass, presentationValue " + what(), Result { () throws in try passed.presentationValue(of: keyPath, layer: layer) },
                expected, Bitwise.same)
            differences += compare(
                "after a pass, presentationScalar " + what(),
                Result { () throws in try passed.presentationScalar(of: keyPath, layer: layer) }, expected.map(Self.scalar), Bitwise.same)
            if case let .success(table) = table, case let .success(values) = values {
                differences += compare(
                    "after a pass, presentation(of:) " + what(), Result { () throws in try table.value(of: keyPath) },
                    Result { () throws in try values.value(of: keyPath) }, Bitwise.same)
            } else {
                differences += compare("after a pass, presentation(of: \(layer))", table, values) { _, _ in true }
            }
        }
        return differences
    }

    static func scalar(_ value: AnimationValue) -> Double? {
        if case let .scalar(x) = value { return x }
        return nil
    }

    static func point(_ value: AnimationValue) -> Point? {
        if case let .point(p) = value { return p }
        return nil
    }

    static func size(_ value: AnimationValue) -> Size? {
        if case let .size(s) = value { return s }
        return nil
    }

    // MARK: Reproduction

    /// Replays `steps` on a fresh run like this one (its start time and transaction duration); the index of
    /// the first step with differences and those differences.
    public func firstDifference(in steps: [RuntimeStep]) -> (index: Int, differences: [String])? {
        var run = DifferentialRun(startTime: startTime, transactionDuration: reference.transactionDuration)
        for (index, step) in steps.enumerated() {
            let differences = run.perform(step)
            if !differences.isEmpty { return (index, differences) }
        }
        return nil
    }

    /// A shorter list of steps that still shows a difference: steps are dropped one at a time, from the
    /// last to the first, while the replay still differs (a step that names a layer no longer added is
    /// skipped by the replay). Up to `budget` replays.
    public func shrink(_ steps: [RuntimeStep], budget: Int = 2000) -> [RuntimeStep] {
        guard let first = firstDifference(in: steps) else { return steps }
        var kept = Array(steps[...first.index])
        var replays = 0
        var index = kept.count - 2
        while index >= 0 && replays < budget {
            var candidate = kept
            candidate.remove(at: index)
            replays += 1
            if let found = firstDifference(in: candidate) {
                kept = Array(candidate[...found.index])
                index = min(index, kept.count) - 1
            } else {
                index -= 1
            }
        }
        return kept
    }
}
