import PropertyBased
import Testing

import MediaTiming

/// The frame plan behind `AnimationRuntime.updatePresentation()` and the presentation slots read every
/// frame (benchmark P6): readings against values computed by hand from Docs/semantics.md §10, the plan
/// rebuilt when animations are added or removed and when model values change, and, for seeded random
/// scenes, every reading of the pass compared bit for bit with the general path (a copy of the runtime
/// that never ran a pass computes each layer's presentation by applying its animations one by one).
@Suite struct PresentationSlotTests {
    /// A layer with `transform.rotation.z` 0 → 2 over 4 s, opacity keyframes [0, 1, 0] over 4 s, a
    /// translation (0, 0) → (8, −4) over 4 s and a model position, at t = 1.
    func scene() throws -> (AnimationRuntime, LayerID) {
        var (runtime, layer) = try PresentationScalarTests.unadvancedScene()
        try runtime.add(
            .basic(
                .transformTranslation, from: .size(Size(width: 0, height: 0)), to: .size(Size(width: 8, height: -4)),
                timing: Timing(duration: 4)),
            forKey: "move", to: layer, at: 0)
        try runtime.advance(to: 1)
        return (runtime, layer)
    }

    @Test("slot readings equal the hand-computed values, before and after the pass")
    func readings() throws {
        var (runtime, layer) = try scene()
        let turn = try runtime.presentationSlot(of: .transformRotationZ, layer: layer)
        let opacity = try runtime.presentationSlot(of: .opacity, layer: layer)
        let scale = try runtime.presentationSlot(of: .transformScale, layer: layer)
        let position = try runtime.presentationSlot(of: .position, layer: layer)
        let move = try runtime.presentationSlot(of: .transformTranslation, layer: layer)
        for updated in [false, true] {
            if updated { try runtime.updatePresentation() }
            #expect(runtime.hasPresentation == updated)
            // Progress 1/4: 0 + (2 − 0)·0.25; the keyframes' first segment half-way: 0 + (1 − 0)·0.5;
            // the translation a quarter of the way: (8·0.25, −4·0.25).
            #expect(try runtime.presentationScalar(at: turn) == 0.5)
            #expect(try runtime.presentationValue(at: turn) == .scalar(0.5))
            #expect(try runtime.presentationScalar(at: opacity) == 0.5)
            // transform.scale is never written: the identity's 1.
            #expect(try runtime.presentationScalar(at: scale) == 1)
            #expect(try runtime.presentationPoint(at: position) == Point(x: 3, y: 4))
            #expect(try runtime.presentationValue(at: position) == .point(Point(x: 3, y: 4)))
            #expect(try runtime.presentationSize(at: move) == Size(width: 2, height: -1))
            // A reading of another kind is nil, as presentationScalar(of:layer:) says for a non-scalar.
            #expect(try runtime.presentationScalar(at: position) == nil)
            #expect(try runtime.presentationPoint(at: turn) == nil)
            #expect(try runtime.presentationSize(at: position) == nil)
        }
    }

    @Test("a property absent from the layer reads its default; registering twice gives the same slot")
    func absentAndDuplicate() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        let a = try runtime.presentationSlot(of: .opacity, layer: layer)
        let b = try runtime.presentationSlot(of: .opacity, layer: layer)
        let position = try runtime.presentationSlot(of: .position, layer: layer)
        let move = try runtime.presentationSlot(of: .transformTranslation, layer: layer)
        #expect(a == b)
        #expect(a != position)
        try runtime.advance(to: 1)
        try runtime.updatePresentation()
        // Core Animation's defaults (Docs/semantics.md §10.2): opacity 1, position (0, 0), the identity.
        #expect(try runtime.presentationScalar(at: a) == 1)
        #expect(try runtime.presentationPoint(at: position) == Point(x: 0, y: 0))
        #expect(try runtime.presentationSize(at: move) == Size(width: 0, height: 0))
    }

    /// A transform held as a matrix (the model's, no animation): its components are those of its
    /// decomposition (Docs/semantics.md §10.5): the identity's none, a translation's its translation.
    @Test("transform slots over a model matrix: the identity's components, another matrix's decomposition")
    func matrixReadings() throws {
        var runtime = try AnimationRuntime()
        let plain = try runtime.addLayer(named: "plain"), moved = try runtime.addLayer(named: "moved")
        try runtime.setModelValue(.transform(.identity), for: .transform, of: plain, at: 0)
        try runtime.setModelValue(.transform(.translation(x: 3, y: -2, z: 0)), for: .transform, of: moved, at: 0)
        var slots: [(rotation: PresentationSlot, translation: PresentationSlot)] = []
        for layer in [plain, moved] {
            slots.append(
                (try runtime.presentationSlot(of: .transformRotationZ, layer: layer),
                 try runtime.presentationSlot(of: .transformTranslation, layer: layer)))
        }
        try runtime.advance(to: 1)
        try runtime.updatePresentation()
        #expect(try runtime.presentationScalar(at: slots[0].rotation) == 0)
        #expect(try runtime.presentationSize(at: slots[0].translation) == Size(width: 0, height: 0))
        #expect(try runtime.presentationScalar(at: slots[1].rotation) == 0)
        #expect(try runtime.presentationSize(at: slots[1].translation) == Size(width: 3, height: -2))
    }

    @Test("a slot registered after the pass, and a slot of another runtime")
    func lateAndForeign() throws {
        var (runtime, layer) = try scene()
        try runtime.updatePresentation()
        let late = try runtime.presentationSlot(of: .transformRotationZ, layer: layer)
        #expect(runtime.hasPresentation)
        #expect(try runtime.presentationScalar(at: late) == 0.5)
        // A slot of a runtime with three layers: its layer does not exist here.
        var other = try AnimationRuntime()
        for name in ["a", "b"] { try other.addLayer(named: name) }
        let c = try other.addLayer(named: "c")
        let foreign = try other.presentationSlot(of: .opacity, layer: c)
        #expect(throws: RuntimeError.layer(.unknownLayer(c))) { try runtime.presentationScalar(at: foreign) }
        #expect(throws: RuntimeError.layer(.unknownLayer(c))) { try runtime.presentationValue(at: foreign) }
        #expect(throws: RuntimeError.self) { try runtime.presentationSlot(of: .opacity, layer: c) }
    }

    @Test("the plan follows adds, removals and model changes")
    func rebuilds() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.scalar(0.75), for: .opacity, of: layer, at: 0)
        let opacity = try runtime.presentationSlot(of: .opacity, layer: layer)
        func read() throws -> Double? {
            try runtime.updatePresentation()
            let byKeyPath = try runtime.presentationScalar(of: .opacity, layer: layer)
            let bySlot = try runtime.presentationScalar(at: opacity)
            #expect(byKeyPath == bySlot)
            return bySlot
        }
        #expect(try read() == 0.75)
        try runtime.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 4)), forKey: "fade", to: layer, at: 0)
        try runtime.advance(to: 1)
        // 0 + (1 − 0)·(1/4).
        #expect(try read() == 0.25)
        // Added at t = 1 (its begin is the layer's local time 1), applied after "fade": it wins.
        try runtime.add(.basic(.opacity, from: .scalar(1), to: .scalar(0.5), timing: Timing(duration: 2)), forKey: "dim", to: layer, at: 1)
        #expect(try read() == 1)
        try runtime.advance(to: 1.5)
        // "dim" a quarter of the way: 1 + (0.5 − 1)·0.25.
        #expect(try read() == 0.875)
        try runtime.removeAnimation(forKey: "dim", from: layer, at: 2)
        // "fade" half-way.
        #expect(try read() == 0.5)
        try runtime.removeAnimation(forKey: "fade", from: layer, at: 2.5)
        #expect(try read() == 0.75)
        try runtime.setModelValue(.scalar(0.125), for: .opacity, of: layer, at: 3)
        #expect(try read() == 0.125)
        // A key path the layer's table gains after the slot was registered.
        let scale = try runtime.presentationSlot(of: .transformScale, layer: layer)
        try runtime.add(.basic(.transformScale, from: .scalar(2), to: .scalar(4), timing: Timing(duration: 2)), forKey: "grow", to: layer, at: 3)
        try runtime.advance(to: 3.5)
        try runtime.updatePresentation()
        // 2 + (4 − 2)·0.25.
        #expect(try runtime.presentationScalar(at: scale) == 2.5)
        #expect(try runtime.presentationScalar(at: opacity) == 0.125)
    }

    @Test("an evaluation error of the pass names the layer and the key, as before")
    func evaluationError() throws {
        var runtime = try AnimationRuntime()
        try runtime.addLayer(named: "A")
        let layer = try runtime.addLayer(named: "L")
        try runtime.setModelValue(.transform(.scale(x: 0, y: 0, z: 0)), for: .transform, of: layer, at: 0)
        let inner = Animation.basic(.transformRotationZ, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 1))
        try runtime.add(.basic(.opacity, to: .scalar(0), timing: Timing(duration: 1)), forKey: "fade", to: layer, at: 0)
        try runtime.add(.group([inner], timing: Timing(duration: 1)), forKey: "group", to: layer, at: 0)
        try runtime.advance(to: 0.5)
        #expect(throws: RuntimeError.evaluation(layer: "L", key: "group", .value(.notDecomposable))) {
            try runtime.updatePresentation()
        }
        #expect(!runtime.hasPresentation)
    }

    // MARK: Random scenes against the general path

    static let keyPaths: [AnimationKeyPath] = [.opacity, .transformRotationZ, .transformScale, .position, .transformTranslation]

    /// The bits of a reading (a scalar, point or size), so that −0 and +0 differ.
    static func bits(_ value: AnimationValue) -> [UInt64] {
        switch value {
        case let .scalar(x): return [0, x.bitPattern]
        case let .point(p): return [1, p.x.bitPattern, p.y.bitPattern]
        case let .size(s): return [2, s.width.bitPattern, s.height.bitPattern]
        default: return [3]
        }
    }

    static func timing(_ rng: inout Xoshiro) -> Timing {
        Timing(
            beginTime: [0, 0.25, 1.5][Int.random(in: 0..<3, using: &rng)],
            duration: Double.random(in: 0.5...3, using: &rng),
            repeatCount: [1, 2.5, .infinity][Int.random(in: 0..<3, using: &rng)],
            autoreverses: Bool.random(using: &rng),
            fillMode: [FillMode.removed, .forwards, .backwards, .both][Int.random(in: 0..<4, using: &rng)])
    }

    static func animation(_ rng: inout Xoshiro, depth: Int = 0) -> Animation {
        let timing = timing(&rng)
        let function: TimingFunction? = [nil, .linear, .easeIn, .easeInEaseOut][Int.random(in: 0..<4, using: &rng)]
        let cumulative = Bool.random(using: &rng)
        let additive = Int.random(in: 0..<4, using: &rng) == 0
        let kind = Int.random(in: 0..<(depth == 0 ? 8 : 7), using: &rng)
        func scalar() -> AnimationValue { .scalar(Double(Int.random(in: -8...8, using: &rng)) / 4) }
        switch kind {
        case 0:
            return .basic(
                .opacity, from: scalar(), to: scalar(), timing: timing, timingFunction: function, additive: additive,
                cumulative: cumulative)
        case 1:
            // A `toValue` alone: the model is read every frame (the general path).
            return .basic(.transformRotationZ, to: scalar(), timing: timing, timingFunction: function, cumulative: cumulative)
        case 2:
            return .basic(.transformScale, from: scalar(), to: scalar(), timing: timing, additive: additive, cumulative: cumulative)
        case 3:
            let values = (0..<Int.random(in: 1...4, using: &rng)).map { _ in scalar() }
            return Animation(
                timing: timing, timingFunction: function,
                content: .property(
                    PropertyAnimation(
                        keyPath: [.opacity, .transformRotationZ][Int.random(in: 0..<2, using: &rng)], isAdditive: additive,
                        isCumulative: cumulative, values: .keyframes(KeyframeValues(values: values)))))
        case 4:
            var path = Path()
            try? path.move(to: Point(x: 45, y: 100))
            try? path.addQuadCurve(to: Point(x: 5, y: 0), control: Point(x: -35, y: 110))
            return Animation(
                timing: timing, timingFunction: function,
                content: .property(
                    PropertyAnimation(keyPath: .position, isCumulative: cumulative, values: .keyframes(KeyframeValues(path: path)))))
        case 5:
            return .basic(
                .transformTranslation, from: .size(Size(width: 1, height: -2)), to: .size(Size(width: -3, height: 5)),
                timing: timing, timingFunction: function, cumulative: cumulative)
        case 6:
            return Animation(timing: timing, timingFunction: function, content: .transition(TransitionAnimation()))
        default:
            let children = (0..<Int.random(in: 1...3, using: &rng)).map { _ in animation(&rng, depth: depth + 1) }
            return .group(children, timing: timing, timingFunction: function, removedOnCompletion: Bool.random(using: &rng))
        }
    }

    /// A runtime with one to three layers (some nested), at speeds 1, 2 or 0.5.
    static func randomLayers(_ rng: inout Xoshiro) throws -> (AnimationRuntime, [LayerID]) {
        var runtime = try AnimationRuntime()
        var layers: [LayerID] = []
        for n in 0..<Int.random(in: 1...3, using: &rng) {
            let parent = n > 0 && Bool.random(using: &rng) ? layers.randomElement(using: &rng) : nil
            let space = TimeSpace(beginTime: 0, speed: [1, 2, 0.5][Int.random(in: 0..<3, using: &rng)], timeOffset: 0)
            layers.append(try runtime.addLayer(named: "L\(n)", parent: parent, timeSpace: space))
        }
        return (runtime, layers)
    }

    /// Moves `time` on and does one random thing to a random layer at it: adds an animation of
    /// `animation` (under a new key), removes one, sets the model position, or only advances.
    static func randomStep(
        _ runtime: inout AnimationRuntime, layers: [LayerID], time: inout Double, nextKey: inout Int, _ rng: inout Xoshiro,
        animation: (inout Xoshiro) -> Animation
    ) throws {
        time += Double.random(in: 0.05...0.9, using: &rng)
        let layer = layers.randomElement(using: &rng)!
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1:
            try runtime.add(animation(&rng), forKey: "k\(nextKey)", to: layer, at: time)
            nextKey += 1
        case 2:
            if let key = try runtime.animationKeys(of: layer).randomElement(using: &rng) {
                try runtime.removeAnimation(forKey: key, from: layer, at: time)
            }
        case 3:
            try runtime.setModelValue(.point(Point(x: time, y: -time)), for: .position, of: layer, at: time)
        default:
            try runtime.advance(to: time)
        }
    }

    @Test("every slot reading of the pass equals the general path's, bit for bit (seeded random scenes)")
    func randomScenes() throws {
        try seededCheck(count: 60, seed: 0x5107) { rng in
            var (runtime, layers) = try Self.randomLayers(&rng)
            var slots: [(PresentationSlot, AnimationKeyPath)] = []
            for layer in layers {
                if Bool.random(using: &rng) {
                    try runtime.setModelValue(.scalar(Double.random(in: 0...1, using: &rng)), for: .opacity, of: layer, at: 0)
                }
                for keyPath in Self.keyPaths { slots.append((try runtime.presentationSlot(of: keyPath, layer: layer), keyPath)) }
            }
            var time = 0.0
            var nextKey = 0
            for _ in 0..<12 {
                try Self.randomStep(&runtime, layers: layers, time: &time, nextKey: &nextKey, &rng) { Self.animation(&$0) }
                // The reference: a copy that never ran the pass (every reading applies the animations).
                let reference = runtime
                var expected: [Result<AnimationValue, RuntimeError>] = []
                for (slot, keyPath) in slots {
                    expected.append(Result { () throws(RuntimeError) in try reference.presentationValue(of: keyPath, layer: slot.layer) })
                }
                do throws(RuntimeError) {
                    try runtime.updatePresentation()
                } catch {
                    // The pass fails exactly when some reading of the general path fails, with its error.
                    #expect(expected.contains { if case .failure(error) = $0 { true } else { false } })
                    continue
                }
                for ((slot, keyPath), want) in zip(slots, expected) {
                    let got = Result { () throws(RuntimeError) in try runtime.presentationValue(at: slot) }
                    switch (got, want) {
                    case let (.success(a), .success(b)):
                        #expect(Self.bits(a) == Self.bits(b), "\(keyPath) of \(slot.layer) at \(time): \(a) vs \(b)")
                        if case let .scalar(x) = b { #expect(try runtime.presentationScalar(at: slot)?.bitPattern == x.bitPattern) }
                        if case let .point(p) = b { #expect(try runtime.presentationPoint(at: slot) == p) }
                        if case let .size(s) = b { #expect(try runtime.presentationSize(at: slot) == s) }
                    case let (.failure(a), .failure(b)):
                        #expect(a == b)
                    default:
                        Issue.record("\(keyPath) of \(slot.layer) at \(time): \(got) vs \(want)")
                    }
                }
            }
        }
    }
}
