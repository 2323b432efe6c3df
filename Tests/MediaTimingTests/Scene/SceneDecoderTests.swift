import Testing

import MediaTiming
import MediaTimingScene

/// Decoding every construct of Docs/scene-format.md into the expected model values.
@Suite struct SceneDecoderTests {
    @Test("a minimal document takes the defaults") func minimal() throws {
        let scene = try SceneDecoder.decode(#"{"format": "mediatiming-scene/1", "layers": [], "sample": {"times": []}}"#)
        #expect(scene.transactionDuration == 0.25)
        #expect(scene.layers.isEmpty && scene.script.isEmpty)
        #expect(scene.sample == .times([]))
        #expect(scene.probes == nil)
    }

    @Test("bytes with a byte-order mark decode like text") func bytes() throws {
        let text = sceneText(extra: #""transactionDuration": 0.5"#)
        let scene = try SceneDecoder.decode(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
        #expect(scene.transactionDuration == 0.5)
        #expect(scene.layers.map(\.id) == ["disc"])
    }

    @Test("layers: id, parent, time space, replicator") func layers() throws {
        let scene = try SceneDecoder.decode(
            sceneText(layers: #"""
                [{"id": "root", "timing": {"beginTime": 2, "speed": 1.1, "timeOffset": -3,
                                           "duration": 5, "repeatCount": 2, "autoreverses": true, "fillMode": "both"}},
                 {"id": "spinner", "parent": "root", "replicator": {"instanceCount": 12, "instanceDelay": 0.25}},
                 {"id": "dot", "parent": "spinner"}]
                """#))
        #expect(scene.layers.map(\.id) == ["root", "spinner", "dot"])
        #expect(scene.layers.map(\.parent) == [nil, "root", "spinner"])
        // speed is decoded as Double and rounded to Float; duration etc. are accepted and ignored (U15).
        #expect(scene.layers[0].timeSpace == TimeSpace(beginTime: 2, speed: Float(1.1), timeOffset: -3))
        #expect(scene.layers[1].timeSpace == .identity)
        #expect(scene.layers[1].replicator == Replicator(instanceCount: 12, instanceDelay: 0.25))
        #expect(scene.layers[2].replicator == nil)
    }

    @Test("model values are decoded by the key path's kind") func modelValues() throws {
        let identityish = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]"
        let scene = try SceneDecoder.decode(
            sceneText(layers: #"""
                [{"id": "disc", "model": {
                   "opacity": 0.5, "position": [160, 240], "position.x": 3, "bounds": [0, 0, 100, 50],
                   "bounds.size": [7, 8], "anchorPoint": [0.5, 1], "backgroundColor": [1, 0, 0.5, 1],
                   "contentsRect": [0, 0, 1, 1], "transform": \#(identityish), "transform.translation": [4, 5],
                   "transform.rotation.z": 1.5, "time": 3.75, "volume": 0}}]
                """#))
        let model = scene.layers[0].model
        #expect(model.map(\.keyPath.name) == [
            "opacity", "position", "position.x", "bounds", "bounds.size", "anchorPoint", "backgroundColor",
            "contentsRect", "transform", "transform.translation", "transform.rotation.z", "time", "volume",
        ])
        let values = model.map(\.value)
        #expect(values[0] == .scalar(0.5))
        #expect(values[1] == .point(Point(x: 160, y: 240)))
        #expect(values[2] == .scalar(3))
        #expect(values[3] == .rect(Rect(x: 0, y: 0, width: 100, height: 50)))
        #expect(values[4] == .size(Size(width: 7, height: 8)))
        #expect(values[5] == .point(Point(x: 0.5, y: 1)))
        #expect(values[6] == .color(Color(red: 1, green: 0, blue: 0.5, alpha: 1)))
        #expect(values[7] == .rect(Rect(x: 0, y: 0, width: 1, height: 1)))
        let matrix = try Transform3D(rowMajor: (1...16).map(Double.init))
        #expect(values[8] == .transform(matrix))
        #expect(matrix.m12 == 2 && matrix.m41 == 13)  // row-major
        #expect(values[9] == .size(Size(width: 4, height: 5)))
        #expect(values[10] == .scalar(1.5))
        #expect(values[11] == .scalar(3.75))
        #expect(model[11].keyPath.property == .custom("time"))
        #expect(values[12] == .scalar(0))
    }

    @Test("script operations of every kind") func script() throws {
        let scene = try SceneDecoder.decode(
            sceneText(
                layers: #"[{"id": "disc"}, {"id": "other"}]"#,
                script: #"""
                    [{"at": 0, "add": {"layer": "disc", "key": "spin", "animation": {"type": "basic", "keyPath": "opacity"}}},
                     {"at": 5, "remove": {"layer": "disc", "key": "spin"}},
                     {"at": 5.5, "remove": {"layer": "other"}},
                     {"at": 6, "pause": "disc"},
                     {"at": 7, "resume": "disc"},
                     {"at": 8, "setTiming": {"layer": "disc", "speed": 2, "timeOffset": 1}},
                     {"at": 8.5, "setTiming": {"layer": "other", "beginTime": -1}},
                     {"at": 9, "setModel": {"layer": "disc", "values": {"opacity": 0.5, "position": [1, 2]}, "implicit": true}},
                     {"at": 9.5, "setModel": {"layer": "other", "values": {}}},
                     {"at": 12, "background": true},
                     {"at": -13, "foreground": true}]
                    """#))
        #expect(scene.script.map(\.time) == [0, 5, 5.5, 6, 7, 8, 8.5, 9, 9.5, 12, -13])
        let actions = scene.script.map(\.action)
        guard case let .add(layer, key, animation) = actions[0] else { Issue.record("add"); return }
        #expect(layer == "disc" && key == "spin")
        #expect(propertyAnimation(animation)?.keyPath.name == "opacity")
        guard case .remove("disc", "spin") = actions[1], case .remove("other", nil) = actions[2],
            case .pause("disc") = actions[3], case .resume("disc") = actions[4],
            case .setTiming("disc", nil, 2, 1) = actions[5], case .setTiming("other", -1, nil, nil) = actions[6],
            case let .setModel("disc", values, true) = actions[7], case let .setModel("other", empty, false) = actions[8],
            case .background = actions[9], case .foreground = actions[10]
        else {
            Issue.record("unexpected actions \(actions)")
            return
        }
        #expect(values.map(\.keyPath.name) == ["opacity", "position"])
        #expect(values.map(\.value) == [.scalar(0.5), .point(Point(x: 1, y: 2))])
        #expect(empty.isEmpty)
    }

    @Test("basic animations: timing, timing function, flags, from/to/by by kind") func basic() throws {
        let scene = try SceneDecoder.decode(
            animationScene(#"""
                {"type": "basic", "keyPath": "position", "fromValue": [0, 1], "byValue": [10, 20],
                 "timing": {"beginTime": 1, "duration": "inf", "speed": 2, "timeOffset": 0.5, "repeatCount": 1.1,
                            "repeatDuration": 3, "autoreverses": true, "fillMode": "forwards"},
                 "timingFunction": [0.1, 0.2, 0.3, 0.4], "removedOnCompletion": false, "additive": true,
                 "cumulative": true}
                """#))
        let animation = try #require(firstAnimation(scene))
        #expect(
            animation.timing
                == Timing(
                    beginTime: 1, duration: .infinity, speed: 2, timeOffset: 0.5, repeatCount: Float(1.1),
                    repeatDuration: 3, autoreverses: true, fillMode: .forwards))
        #expect(animation.timingFunction == (try TimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)))
        #expect(!animation.removedOnCompletion)
        let property = try #require(propertyAnimation(animation))
        #expect(property.keyPath.name == "position" && property.isAdditive && property.isCumulative)
        guard case let .basic(values) = property.values else { Issue.record("not basic"); return }
        #expect(values == BasicValues(from: .point(Point(x: 0, y: 1)), by: .point(Point(x: 10, y: 20))))
    }

    @Test("animation defaults: linear (nil) timing function, removed on completion, not additive") func defaults() throws {
        let scene = try SceneDecoder.decode(
            animationScene(#"{"type": "basic", "keyPath": "transform", "toValue": [1,0,0,0, 0,1,0,0, 0,0,1,0, 5,6,7,1]}"#))
        let animation = try #require(firstAnimation(scene))
        #expect(animation.timing == Timing())
        #expect(animation.timingFunction == nil)
        #expect(animation.removedOnCompletion)
        let property = try #require(propertyAnimation(animation))
        #expect(!property.isAdditive && !property.isCumulative)
        guard case let .basic(values) = property.values, case let .transform(m)? = values.to else {
            Issue.record("not a basic transform")
            return
        }
        #expect(values.from == nil && values.by == nil)
        #expect(m.m41 == 5 && m.m42 == 6 && m.m43 == 7)
    }

    @Test("timing function names", arguments: TimingFunction.Name.allCases)
    func timingFunctionNames(_ name: TimingFunction.Name) throws {
        let scene = try SceneDecoder.decode(
            animationScene(#"{"type": "basic", "keyPath": "opacity", "timingFunction": "\#(name.rawValue)"}"#))
        #expect(firstAnimation(scene)?.timingFunction == TimingFunction(name: name))
    }

    @Test("keyframe animations: every field") func keyframe() throws {
        let scene = try SceneDecoder.decode(
            animationScene(#"""
                {"type": "keyframe", "keyPath": "backgroundColor",
                 "values": [[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 0.5]], "keyTimes": [0, 0.25, 1],
                 "timingFunctions": ["easeIn", [0.25, 0.1, 0.25, 1]], "calculationMode": "cubic",
                 "tensionValues": [0, 0.5, 1], "continuityValues": [-1, 0, 1], "biasValues": [0.25]}
                """#))
        let property = try #require(propertyAnimation(firstAnimation(scene)))
        guard case let .keyframes(keyframes) = property.values else { Issue.record("not keyframes"); return }
        #expect(keyframes.values == [
            .color(Color(red: 1, green: 0, blue: 0, alpha: 1)), .color(Color(red: 0, green: 1, blue: 0, alpha: 1)),
            .color(Color(red: 0, green: 0, blue: 1, alpha: 0.5)),
        ])
        #expect(keyframes.keyTimes == [0, 0.25, 1])
        #expect(keyframes.timingFunctions == [.easeIn, TimingFunction(name: .default)])
        #expect(keyframes.calculationMode == .cubic)
        #expect(keyframes.tensionValues == [0, 0.5, 1])
        #expect(keyframes.continuityValues == [-1, 0, 1])
        #expect(keyframes.biasValues == [0.25])
    }

    @Test("calculation modes", arguments: CalculationMode.allCases)
    func calculationModes(_ mode: CalculationMode) throws {
        let scene = try SceneDecoder.decode(
            animationScene(#"{"type": "keyframe", "keyPath": "opacity", "values": [0], "calculationMode": "\#(mode.rawValue)"}"#))
        guard case let .keyframes(keyframes)? = propertyAnimation(firstAnimation(scene))?.values else {
            Issue.record("not keyframes")
            return
        }
        #expect(keyframes.calculationMode == mode && keyframes.keyTimes == nil && keyframes.timingFunctions == nil)
    }

    @Test("spring animations: basic fields and parameters") func spring() throws {
        let scene = try SceneDecoder.decode(
            animationScene(#"""
                {"type": "spring", "keyPath": "position.y", "fromValue": 0, "toValue": 640, "mass": 2,
                 "stiffness": 300, "damping": 40, "initialVelocity": -1.5, "allowsOverdamping": true,
                 "timing": {"duration": 1.5}}
                """#))
        let animation = try #require(firstAnimation(scene))
        #expect(animation.timing.duration == 1.5)
        guard case let .spring(values, parameters)? = propertyAnimation(animation)?.values else {
            Issue.record("not a spring")
            return
        }
        #expect(values == BasicValues(from: .scalar(0), to: .scalar(640)))
        #expect(
            parameters
                == SpringParameters(mass: 2, stiffness: 300, damping: 40, initialVelocity: -1.5, allowsOverdamping: true))
        let defaults = try SceneDecoder.decode(animationScene(#"{"type": "spring", "keyPath": "opacity"}"#))
        guard case let .spring(_, p)? = propertyAnimation(firstAnimation(defaults))?.values else { return }
        #expect(p == SpringParameters())
    }

    @Test("spring animations: perceptualDuration and bounce (Docs/semantics.md §12.4)") func perceptualSpring() throws {
        func parameters(_ animation: String) throws -> SpringParameters? {
            let scene = try SceneDecoder.decode(animationScene(animation))
            guard case let .spring(_, parameters)? = propertyAnimation(firstAnimation(scene))?.values else { return nil }
            return parameters
        }
        // d = 1, b = 0.5: mass 1, stiffness 4π², damping 2π, overdamping allowed (the initializer's).
        let half = try #require(try parameters(#"{"type": "spring", "keyPath": "opacity", "perceptualDuration": 1, "bounce": 0.5}"#))
        #expect(half == (try SpringParameters(perceptualDuration: 1, bounce: 0.5)))
        expectClose(half.stiffness, 39.47841760435743, tolerance: 1e-13)
        expectClose(half.damping, 6.283185307179586, tolerance: 1e-15)
        #expect(half.mass == 1 && half.allowsOverdamping)
        // initialVelocity combines with it; an explicit allowsOverdamping overrides the initializer's.
        let over = try #require(
            try parameters(#"""
                {"type": "spring", "keyPath": "opacity", "perceptualDuration": 0.5, "bounce": -0.5,
                 "initialVelocity": 2, "allowsOverdamping": false}
                """#))
        #expect(over.initialVelocity == 2 && !over.allowsOverdamping)
        expectClose(over.damping, 50.26548245743669, tolerance: 1e-13)  // 4π/(0.5·0.5)
        // The physical form still defaults allowsOverdamping to false.
        #expect(try parameters(#"{"type": "spring", "keyPath": "opacity", "damping": 40}"#)?.allowsOverdamping == false)
    }

    @Test("groups nest, children in order") func group() throws {
        let scene = try SceneDecoder.decode(
            animationScene(#"""
                {"type": "group", "timing": {"duration": 0.8, "fillMode": "forwards"}, "timingFunction": "easeIn",
                 "removedOnCompletion": false,
                 "animations": [
                   {"type": "basic", "keyPath": "transform.scale", "fromValue": 1, "toValue": 0.9},
                   {"type": "group", "animations": [{"type": "transition"}]},
                   {"type": "group"}]}
                """#))
        let animation = try #require(firstAnimation(scene))
        #expect(animation.timing == Timing(duration: 0.8, fillMode: .forwards))
        #expect(animation.timingFunction == .easeIn && !animation.removedOnCompletion)
        guard case let .group(children) = animation.content, children.count == 3,
            case let .group(inner) = children[1].content, case .transition = inner.first?.content,
            case let .group(empty) = children[2].content
        else {
            Issue.record("unexpected group \(animation.content)")
            return
        }
        #expect(propertyAnimation(children[0])?.keyPath.name == "transform.scale")
        #expect(empty.isEmpty)
    }

    @Test("transitions") func transition() throws {
        let scene = try SceneDecoder.decode(
            animationScene(#"""
                {"type": "transition", "transitionType": "push", "subtype": "fromLeft", "startProgress": 0.25,
                 "endProgress": 0.75, "timing": {"duration": 2}}
                """#))
        guard case let .transition(transition)? = firstAnimation(scene)?.content else {
            Issue.record("not a transition")
            return
        }
        #expect(transition == TransitionAnimation(type: "push", subtype: "fromLeft", startProgress: 0.25, endProgress: 0.75))
        let plain = try SceneDecoder.decode(animationScene(#"{"type": "transition"}"#))
        guard case let .transition(defaults)? = firstAnimation(plain)?.content else { return }
        #expect(defaults == TransitionAnimation())
    }

    @Test("sample: explicit times and frames") func sample() throws {
        let times = try SceneDecoder.decode(sceneText(sample: #"{"times": [0, 0.5, 0.5, 1e3]}"#))
        #expect(times.sample == .times([0, 0.5, 0.5, 1000]))
        #expect(times.sample.count == 4)
        let frames = try SceneDecoder.decode(sceneText(sample: #"{"from": 0.1, "to": 0.7, "fps": 10}"#))
        #expect(frames.sample == .frames(from: 0.1, to: 0.7, fps: 10))
        // 0.7 − 0.1 = 0.59999…, ×10 floors to 5, but 0.1 + 6/10 == 0.7 is a frame: 7 frames.
        #expect(frames.sample.count == 7)
        #expect(frames.sample.time(at: 6) == 0.7)
        let single = try SceneDecoder.decode(sceneText(sample: #"{"from": 3, "to": 3, "fps": 60}"#))
        #expect(single.sample.count == 1 && single.sample.time(at: 0) == 3)
    }

    @Test("frame counts agree with the frame formula", arguments: [1, 2, 3])
    func frameCounts(_ seed: UInt64) {
        seededCheck(count: 2000, seed: seed) { rng in
            let from = Double(Int.random(in: -1000...1000, using: &rng)) / Double(Int.random(in: 1...100, using: &rng))
            let span = Double.random(in: 0...5, using: &rng)
            let fps = [24, 25, 29.97, 30, 59.94, 60, 120, 7, 0.5, 1000].randomElement(using: &rng)!
            let to = Bool.random(using: &rng) ? from + span : from + Double(Int.random(in: 0...50, using: &rng)) / fps
            let spec = SampleSpec.frames(from: from, to: to, fps: fps)
            let count = spec.count
            #expect(count >= 1)
            #expect(spec.time(at: count - 1) <= to, "\(from) \(to) \(fps)")
            #expect(from + Double(count) / fps > to, "\(from) \(to) \(fps)")
        }
    }

    @Test("probes of every form") func probes() throws {
        let scene = try SceneDecoder.decode(
            sceneText(
                layers: #"""
                    [{"id": "outer", "replicator": {"instanceCount": 3, "instanceDelay": 0.5}},
                     {"id": "inner", "parent": "outer", "replicator": {"instanceCount": 4}},
                     {"id": "dot", "parent": "inner"}, {"id": "disc"}]
                    """#,
                probes: #"""
                    ["disc.opacity", "disc.transform.rotation.z", "disc.time", "disc.transition.progress", "disc@time",
                     "disc/spin@phase", "disc/spin@iteration", "disc/spin@progress", "disc/spin@time",
                     "disc/a@b@phase", "dot[2].opacity", "dot[2][3]@time", "dot[1][0]/fade@phase", "inner[2]@time"]
                    """#))
        let probes = try #require(scene.probes)
        let kp = { (name: String) in try AnimationKeyPath(name) }
        #expect(probes == [
            Probe(layer: "disc", quantity: .presentation(try kp("opacity")), name: "disc.opacity"),
            Probe(layer: "disc", quantity: .presentation(try kp("transform.rotation.z")), name: "disc.transform.rotation.z"),
            Probe(layer: "disc", quantity: .presentation(try kp("time")), name: "disc.time"),
            Probe(layer: "disc", quantity: .presentation(try kp("transition.progress")), name: "disc.transition.progress"),
            Probe(layer: "disc", quantity: .layerTime, name: "disc@time"),
            Probe(layer: "disc", quantity: .phase(key: "spin"), name: "disc/spin@phase"),
            Probe(layer: "disc", quantity: .iteration(key: "spin"), name: "disc/spin@iteration"),
            Probe(layer: "disc", quantity: .progress(key: "spin"), name: "disc/spin@progress"),
            Probe(layer: "disc", quantity: .animationTime(key: "spin"), name: "disc/spin@time"),
            Probe(layer: "disc", quantity: .phase(key: "a@b"), name: "disc/a@b@phase"),
            Probe(layer: "dot", replica: [2], quantity: .presentation(try kp("opacity")), name: "dot[2].opacity"),
            Probe(layer: "dot", replica: [2, 3], quantity: .layerTime, name: "dot[2][3]@time"),
            Probe(layer: "dot", replica: [1, 0], quantity: .phase(key: "fade"), name: "dot[1][0]/fade@phase"),
            Probe(layer: "inner", replica: [2], quantity: .layerTime, name: "inner[2]@time"),
        ])
    }
}
