import Testing

import MediaTiming

/// `AnimationRuntime.add(_:forKey:to:at:)` for a `PreparedAnimation` (prepare once, add many times): its
/// contract is to add exactly what adding `prepared.animation` adds (Docs/semantics.md §4: `beginTime` 0
/// becomes the layer's local time, a duration ≤ 0 the transaction duration, a group's children default to
/// the group's duration), with the same events, values and timing states. Two runtimes run the same
/// script, one adding animations, the other the same animations prepared once, and are compared bit for
/// bit after every operation and frame.
@Suite struct PreparedAddTests {
    /// The animations of the script: a `beginTime` of 0 (substituted) and of 0.75 (kept), a duration of 0
    /// (the transaction duration), a custom curve, keyframes, a group of duration 0 whose children have
    /// duration 0 (they take the group's, which is the transaction duration), a path-free point animation.
    static func animations() throws -> [Animation] {
        let curve = try TimingFunction(controlPoints: 0.3, -0.4, 0.6, 1.3)
        return [
            .basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(duration: 1.5, repeatCount: 2), timingFunction: curve),
            .basic(.transformRotationZ, to: .scalar(3), timing: Timing(beginTime: 0.75, duration: 1, autoreverses: true, fillMode: .both)),
            .basic(.position, from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 8, y: 4)), timing: Timing(duration: 0)),
            Animation(
                timing: Timing(duration: 2),
                content: .property(
                    PropertyAnimation(
                        keyPath: try AnimationKeyPath("position.x"),
                        values: .keyframes(KeyframeValues(values: [.scalar(1), .scalar(5), .scalar(2)]))))),
            .group(
                [
                    .basic(.opacity, from: .scalar(1), to: .scalar(0.25), timing: Timing(duration: 0)),
                    .basic(.transformScale, from: .scalar(1), to: .scalar(2), timing: Timing(beginTime: 0.1, duration: 0.2)),
                ], timing: Timing(duration: 0, repeatCount: 3), timingFunction: .easeInEaseOut),
        ]
    }

    /// Runs the script on a runtime with transaction duration 0.5: each animation added to each of two
    /// layers (one in a time space with speed 2 and an offset, so that local time differs from media time)
    /// at several times, with frames in between; `add` adds one animation. Returns what was observed.
    static func run(_ add: (inout AnimationRuntime, Int, String, LayerID, Double) throws -> [AnimationEvent]) throws -> [String] {
        var runtime = try AnimationRuntime(transactionDuration: 0.5)
        let parent = try runtime.addLayer(named: "P", timeSpace: TimeSpace(speed: 2, timeOffset: 0.3))
        let layers = [try runtime.addLayer(named: "A"), try runtime.addLayer(named: "B", parent: parent)]
        var log: [String] = []
        let count = try animations().count
        var time = 0.0
        for round in 0..<3 {
            for index in 0..<count {
                for layer in layers {
                    let key = "k\(index)"
                    log.append("\(try add(&runtime, index, key, layer, time))")
                }
                time += 0.125
            }
            for _ in 0..<24 {
                time += 0.0625 + 0.001 * Double(round)
                log.append("\(try runtime.advance(to: time))")
                try runtime.updatePresentation()
                for layer in layers {
                    log.append("\(try runtime.presentation(of: layer))")
                    for index in 0..<count {
                        log.append("\(String(describing: try runtime.timingState(ofAnimation: "k\(index)", layer: layer)))")
                    }
                }
            }
        }
        return log
    }

    @Test("adding a prepared animation adds its animation: the same events, values and timing states")
    func sameAsAnimation() throws {
        let animations = try Self.animations()
        let expected = try Self.run { runtime, index, key, layer, time in
            try runtime.add(animations[index], forKey: key, to: layer, at: time)
        }
        // Prepared with the runtime's transaction duration (shared content) and with another one (the
        // animations of duration 0 are prepared again).
        for defaultDuration in [0.5, 0.25] {
            let prepared = try animations.map { try PreparedAnimation($0, defaultDuration: defaultDuration) }
            let observed = try Self.run { runtime, index, key, layer, time in
                try runtime.add(prepared[index], forKey: key, to: layer, at: time)
            }
            #expect(observed.count == expected.count)
            let first = observed.indices.first { $0 >= expected.count || observed[$0] != expected[$0] }
            #expect(first == nil, "first difference at \(first ?? -1): \(first.map { observed[$0] } ?? "")")
        }
    }

    @Test("a prepared animation keeps its own beginTime and reads back as given")
    func animationReadsBack() throws {
        let animation = Animation.basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(beginTime: 0, duration: 1))
        let prepared = try PreparedAnimation(animation, defaultDuration: 0.25)
        var runtime = try AnimationRuntime(startTime: 2)
        let layer = try runtime.addLayer(named: "L", timeSpace: TimeSpace(timeOffset: 5))
        try runtime.add(prepared, forKey: "a", to: layer, at: 2)
        // beginTime 0 becomes the layer's local time at 2: 2 + 5 (U3).
        #expect(try runtime.animation(forKey: "a", of: layer)?.animation.timing.beginTime == 7)
        #expect(try runtime.animation(forKey: "a", of: layer)?.timing.timing.beginTime == 7)
        // The prepared value itself is unchanged.
        #expect(prepared.animation.timing.beginTime == 0)
    }
}
