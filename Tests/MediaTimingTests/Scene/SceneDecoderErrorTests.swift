import Testing

import MediaTiming
import MediaTimingScene

/// Every kind of error, with its exact path and message.
@Suite struct SceneDecoderErrorTests {
    @Test("malformed JSON is one error at the document, with line and column") func malformedJSON() {
        #expect(errorLines("{\n  \"format\": 1,\n  ]") == ["line 3, column 3: expected a member name in quotes"])
        #expect(errorLines("") == ["line 1, column 1: unexpected end of document"])
        #expect(errorLines("[]") == ["expected a scene object, got an array of 0"])
    }

    @Test("document: format, required and unknown fields, transactionDuration") func document() {
        #expect(errorLines("{}") == [
            #"missing field "format""#, #"missing field "layers""#, #"missing field "sample""#,
        ])
        #expect(
            errorLines(
                #"{"format": "mediatiming-scene/2", "layers": [], "sample": {"times": []}, "extra": 1, "transactionDuration": 0}"#)
                == [
                    #"format: expected "mediatiming-scene/1", got "mediatiming-scene/2""#, "extra: unknown field",
                    "transactionDuration: expected a number > 0, got 0",
                ])
        #expect(errorLines(sceneText(extra: #""transactionDuration": "inf""#)) == [
            #"transactionDuration: expected a finite number, got "inf""#
        ])
        #expect(errorLines(sceneText(extra: #""transactionDuration": 1e999"#)) == [
            "transactionDuration: expected a finite number, got inf"
        ])
    }

    @Test("errors come in document order, layers' errors where the layers are") func documentOrder() {
        let text = #"""
            {"script": [{"at": 0, "pause": "disk"}], "format": "x", "layers": [{"id": 1}], "sample": {"times": ["a"]}}
            """#
        #expect(errorLines(text) == [
            #"script[0].pause: no layer "disk""#, #"format: expected "mediatiming-scene/1", got "x""#,
            "layers[0].id: expected a string, got 1", #"sample.times[0]: expected a finite number, got "a""#,
        ])
    }

    @Test("layers") func layers() {
        let text = sceneText(layers: #"""
            [{"id": "root"}, {"id": "disc", "parent": "root", "timing": {"speed": "fast", "duration": -1, "fillMode": "x"}},
             {"id": ""}, {"id": "a.b"}, {"id": "c@d"}, {"id": "disc"}, {"id": "x", "parent": "y"}, {"id": "y"},
             {"id": "z", "parent": "z"}, {"id": "w", "parent": "nowhere"}, {"parent": "root"}, 7,
             {"id": "r", "replicator": {"instanceCount": 10001, "instanceDelay": "1"}},
             {"id": "s", "replicator": {"instanceCount": 1.5, "copies": 2}}, {"id": "t", "colour": 1},
             {"id": "u", "timing": {"speed": 1e39}}]
            """#)
        #expect(errorLines(text) == [
            #"layers[1].timing.speed: expected a finite number, got "fast""#,
            #"layers[1].timing.fillMode: expected one of "removed", "forwards", "backwards", "both", got "x""#,
            "layers[2].id: expected a non-empty layer id",
            #"layers[3].id: layer id "a.b" contains one of . @ / [ ] (they separate the parts of a probe)"#,
            #"layers[4].id: layer id "c@d" contains one of . @ / [ ] (they separate the parts of a probe)"#,
            #"layers[5].id: duplicate layer id "disc""#,
            #"layers[6].parent: layer "y" is listed after this layer (layers are listed parents first)"#,
            "layers[8].parent: a layer cannot be its own parent",
            #"layers[9].parent: no layer "nowhere""#,
            #"layers[10]: missing field "id""#,
            "layers[11]: expected an object, got 7",
            "layers[12].replicator.instanceCount: expected a whole number in 0...10000, got 10001",
            #"layers[12].replicator.instanceDelay: expected a finite number, got "1""#,
            "layers[13].replicator.copies: unknown field",
            "layers[13].replicator.instanceCount: expected a whole number in 0...10000, got 1.5",
            "layers[14].colour: unknown field",
            "layers[15].timing.speed: 1e+39 is outside the range of Float",
        ])
    }

    @Test("model values: the key path decides the shape") func modelValues() {
        let text = sceneText(layers: #"""
            [{"id": "disc", "model": {"opacity": [1], "position": 3, "position.x": [1, 2], "bounds": [1, 2, 3],
              "backgroundColor": [1, 0, "red", 1], "transform": [1, 0, 0, 1], "position.z": 0, "a..b": 1,
              "transform.translation": 5, "time": "noon", "transform.scale": null}}]
            """#)
        #expect(errorLines(text) == [
            #"layers[0].model.opacity: expected a number for "opacity", got an array of 1"#,
            #"layers[0].model.position: expected a point [x, y] for "position", got 3"#,
            #"layers[0].model.position.x: expected a number for "position.x", got an array of 2"#,
            #"layers[0].model.bounds: expected a rect [x, y, width, height] for "bounds", got an array of 3"#,
            #"layers[0].model.backgroundColor[2]: expected a finite number, got "red""#,
            #"layers[0].model.transform: expected a transform of 16 numbers (row-major m11 ... m44) for "transform", got an array of 4"#,
            #"layers[0].model.position.z: unknown key path "position.z""#,
            #"layers[0].model.a..b: malformed key path "a..b""#,
            #"layers[0].model.transform.translation: expected a size [width, height] for "transform.translation", got 5"#,
            #"layers[0].model.time: expected a number for "time", got "noon""#,
            #"layers[0].model.transform.scale: expected a number for "transform.scale", got null"#,
        ])
    }

    @Test("script operations") func script() {
        let text = sceneText(script: #"""
            [{"at": 0, "pause": "disk"}, {"pause": "disc"}, {"at": 1}, {"at": 1, "pause": "disc", "resume": "disc"},
             {"at": "x", "background": false}, {"at": 1, "foreground": 1}, {"at": 1, "jump": true},
             {"at": 1, "add": {"layer": "disc", "animation": {"type": "basic", "keyPath": "opacity"}}},
             {"at": 1, "add": {"layer": "disc", "key": "", "animation": {"type": "basic", "keyPath": "opacity"}, "x": 1}},
             {"at": 1, "remove": {"key": "k"}}, {"at": 1, "remove": {"layer": "disc", "key": 3}},
             {"at": 1, "setTiming": {"layer": "disc", "speed": "2", "beginTime": 1e400, "duration": 1}},
             {"at": 1, "setModel": {"layer": "disc"}}, {"at": 1, "setModel": {"layer": "disc", "values": {"opacity": true}, "implicit": 1}},
             {"at": 1e400, "resume": 5}, "pause"]
            """#)
        #expect(errorLines(text) == [
            #"script[0].pause: no layer "disk""#,
            #"script[1]: missing field "at""#,
            "script[2]: expected one operation: add, remove, pause, resume, setTiming, setModel, background, foreground, addLayer, removeLayer, moveLayer",
            "script[3]: expected one operation, got pause and resume",
            #"script[4].at: expected a finite number, got "x""#,
            "script[4].background: expected true, got false",
            "script[5].foreground: expected true, got 1",
            "script[6].jump: unknown field",
            "script[6]: expected one operation: add, remove, pause, resume, setTiming, setModel, background, foreground, addLayer, removeLayer, moveLayer",
            #"script[7].add: missing field "key""#,
            "script[8].add.x: unknown field",
            "script[8].add.key: expected a non-empty animation key",
            #"script[9].remove: missing field "layer""#,
            "script[10].remove.key: expected a string, got 3",
            "script[11].setTiming.duration: unknown field",
            #"script[11].setTiming.beginTime: expected a finite number, got inf"#,
            #"script[11].setTiming.speed: expected a finite number, got "2""#,
            #"script[12].setModel: missing field "values""#,
            #"script[13].setModel.values.opacity: expected a number for "opacity", got true"#,
            "script[13].setModel.implicit: expected true or false, got 1",
            "script[14].at: expected a finite number, got inf",
            "script[14].resume: expected a string, got 5",
            #"script[15]: expected an object, got "pause""#,
        ])
    }

    @Test("animations: common fields") func animationCommon() {
        let text = sceneText(script: #"""
            [{"at": 0, "add": {"layer": "disc", "key": "a", "animation": {"keyPath": "opacity"}}},
             {"at": 0, "add": {"layer": "disc", "key": "b", "animation": {"type": "tween", "keyPath": "opacity", "colour": 1}}},
             {"at": 0, "add": {"layer": "disc", "key": "c", "animation": {"type": "basic"}}},
             {"at": 0, "add": {"layer": "disc", "key": "d", "animation": {"type": "basic", "keyPath": 5}}},
             {"at": 0, "add": {"layer": "disc", "key": "e", "animation": {"type": "basic", "keyPath": "opacity.x",
               "timing": {"duration": -1e400, "repeatCount": "forever", "beginTime": "inf", "when": 1},
               "timingFunction": "bounce", "removedOnCompletion": "no", "additive": 0, "cumulative": null}}},
             {"at": 0, "add": {"layer": "disc", "key": "f", "animation": {"type": "basic", "keyPath": "opacity",
               "timingFunction": [0.1, 0.2, 0.3], "values": [1]}}},
             {"at": 0, "add": {"layer": "disc", "key": "g", "animation": {"type": "basic", "keyPath": "opacity",
               "timingFunction": [1.5, 0, 0.5, "x"]}}},
             {"at": 0, "add": {"layer": "disc", "key": "h", "animation": {"type": "basic", "keyPath": "opacity",
               "timingFunction": [1e39, 0, 0.5, 1]}}},
             {"at": 0, "add": {"layer": "disc", "key": "i", "animation": []}}]
            """#)
        #expect(errorLines(text) == [
            #"script[0].add.animation: missing field "type""#,
            #"script[1].add.animation.type: expected one of "basic", "keyframe", "spring", "group", "transition", got "tween""#,
            "script[1].add.animation.colour: unknown field",
            #"script[2].add.animation: missing field "keyPath""#,
            "script[3].add.animation.keyPath: expected a string, got 5",
            #"script[4].add.animation.timing.when: unknown field"#,
            #"script[4].add.animation.timing.duration: expected a number or "inf", got -inf"#,
            #"script[4].add.animation.timing.repeatCount: expected a number or "inf", got "forever""#,
            #"script[4].add.animation.timing.beginTime: expected a finite number, got "inf""#,
            #"script[4].add.animation.timingFunction: expected one of "linear", "easeIn", "easeOut", "easeInEaseOut", "default", got "bounce""#,
            #"script[4].add.animation.removedOnCompletion: expected true or false, got "no""#,
            "script[4].add.animation.additive: expected true or false, got 0",
            "script[4].add.animation.cumulative: expected true or false, got null",
            #"script[4].add.animation.keyPath: unknown key path "opacity.x""#,
            "script[5].add.animation.values: unknown field (not a field of basic animations)",
            "script[5].add.animation.timingFunction: expected a timing function name or 4 control-point numbers, got an array of 3",
            #"script[6].add.animation.timingFunction[3]: expected a finite number, got "x""#,
            "script[7].add.animation.timingFunction[0]: 1e+39 is outside the range of Float",
            "script[8].add.animation: expected an object, got an array of 0",
        ])
    }
}

/// Errors of the animation types, the sample and the probes.
@Suite struct SceneDecoderTypeErrorTests {
    /// The errors of one animation added as `script[0].add.animation`.
    func animationErrors(_ animation: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        errorLines(animationScene(animation), sourceLocation: sourceLocation)
    }

    @Test("basic and spring values") func basic() {
        #expect(animationErrors(#"{"type": "basic", "keyPath": "position", "fromValue": [0, 0], "toValue": [1, 1], "byValue": [1, 1]}"#) == [
            "script[0].add.animation: at most two of fromValue, toValue and byValue may be set"
        ])
        #expect(animationErrors(#"{"type": "basic", "keyPath": "bounds.size", "fromValue": [0, 0, 1, 1], "toValue": {"w": 1}}"#) == [
            #"script[0].add.animation.fromValue: expected a size [width, height] for "bounds.size", got an array of 4"#,
            #"script[0].add.animation.toValue: expected a size [width, height] for "bounds.size", got an object"#,
        ])
        #expect(animationErrors(#"{"type": "spring", "keyPath": "opacity", "mass": 0, "stiffness": -1, "damping": 1}"#) == [
            "script[0].add.animation.mass: expected a number > 0, got 0"
        ])
        #expect(animationErrors(#"{"type": "spring", "keyPath": "opacity", "stiffness": -1}"#) == [
            "script[0].add.animation.stiffness: expected a number > 0, got -1"
        ])
        #expect(animationErrors(#"{"type": "spring", "keyPath": "opacity", "damping": -0.5}"#) == [
            "script[0].add.animation.damping: expected a number >= 0, got -0.5"
        ])
        #expect(animationErrors(#"{"type": "spring", "keyPath": "opacity", "mass": 5e-324, "stiffness": 1e308}"#) == [
            "script[0].add.animation: the spring's natural frequency or damping ratio is out of Double's range"
        ])
        #expect(animationErrors(#"{"type": "spring", "keyPath": "opacity", "initialVelocity": "fast", "allowsOverdamping": 1, "animations": []}"#) == [
            "script[0].add.animation.animations: unknown field (not a field of spring animations)",
            #"script[0].add.animation.initialVelocity: expected a finite number, got "fast""#,
            "script[0].add.animation.allowsOverdamping: expected true or false, got 1",
        ])
    }

    @Test("perceptual springs: the two forms exclude each other; ranges") func perceptualSpring() {
        #expect(animationErrors(#"{"type": "spring", "keyPath": "opacity", "perceptualDuration": 1, "bounce": 0, "stiffness": 50, "mass": 2}"#) == [
            "script[0].add.animation.mass: a spring given by perceptualDuration and bounce has no mass (the two set mass, stiffness and damping)",
            "script[0].add.animation.stiffness: a spring given by perceptualDuration and bounce has no stiffness (the two set mass, stiffness and damping)",
        ])
        #expect(animationErrors(#"{"type": "spring", "keyPath": "opacity", "bounce": 0.2}"#) == [
            #"script[0].add.animation: missing field "perceptualDuration" (perceptualDuration and bounce go together)"#
        ])
        #expect(animationErrors(#"{"type": "spring", "keyPath": "opacity", "perceptualDuration": 0.4}"#) == [
            #"script[0].add.animation: missing field "bounce" (perceptualDuration and bounce go together)"#
        ])
        #expect(animationErrors(#"{"type": "spring", "keyPath": "opacity", "perceptualDuration": 0, "bounce": 0}"#) == [
            "script[0].add.animation.perceptualDuration: expected a number > 0, got 0"
        ])
        #expect(animationErrors(#"{"type": "spring", "keyPath": "opacity", "perceptualDuration": 1, "bounce": -1}"#) == [
            "script[0].add.animation.bounce: expected a number > -1 and <= 1, got -1"
        ])
        #expect(animationErrors(#"{"type": "spring", "keyPath": "opacity", "perceptualDuration": 1, "bounce": 1.5}"#) == [
            "script[0].add.animation.bounce: expected a number > -1 and <= 1, got 1.5"
        ])
        #expect(animationErrors(#"{"type": "spring", "keyPath": "opacity", "perceptualDuration": 1e-160, "bounce": 0}"#) == [
            "script[0].add.animation: the spring's natural frequency or damping ratio is out of Double's range"
        ])
        #expect(animationErrors(#"{"type": "spring", "keyPath": "opacity", "perceptualDuration": "slow", "bounce": true}"#) == [
            #"script[0].add.animation.perceptualDuration: expected a finite number, got "slow""#,
            "script[0].add.animation.bounce: expected a finite number, got true",
        ])
        #expect(animationErrors(#"{"type": "basic", "keyPath": "opacity", "bounce": 0.3}"#) == [
            "script[0].add.animation.bounce: unknown field (not a field of basic animations)"
        ])
    }

    @Test("keyframes") func keyframes() {
        #expect(animationErrors(#"{"type": "keyframe", "keyPath": "opacity"}"#) == [
            #"script[0].add.animation: missing field "values""#
        ])
        #expect(animationErrors(#"{"type": "keyframe", "keyPath": "opacity", "values": []}"#) == [
            "script[0].add.animation.values: expected at least one value"
        ])
        #expect(throws: Never.self) {
            try SceneDecoder.decode(animationScene(#"{"type": "keyframe", "keyPath": "position", "path": "M 0 0 L 10 10", "rotationMode": "auto"}"#))
        }
        #expect(animationErrors(#"{"type": "keyframe", "keyPath": "opacity", "path": "M 0 0 L 10 10"}"#) == [
            "script[0].add.animation.path: a path animates a point key path, not opacity (scalar)"
        ])
        #expect(animationErrors(#"{"type": "keyframe", "keyPath": "position", "path": "M 0 0 S 1 1"}"#) == [
            #"script[0].add.animation.path: SVG path data: unknown command "S" at offset 6 (expected M L H V Q C Z)"#
        ])
        #expect(animationErrors(#"{"type": "keyframe", "keyPath": "position", "path": "L 1 1"}"#) == [
            "script[0].add.animation.path: SVG path data must start with M or m (offset 0)"
        ])
        #expect(animationErrors(#"{"type": "keyframe", "keyPath": "position", "path": "M 0"}"#) == [
            "script[0].add.animation.path: SVG path data: M expects a number at offset 3"
        ])
        #expect(animationErrors(#"{"type": "keyframe", "keyPath": "position", "path": 5, "rotationMode": "sideways"}"#) == [
            "script[0].add.animation.path: expected a string, got 5",
            #"script[0].add.animation.rotationMode: expected one of "auto", "autoReverse", got "sideways""#,
        ])
        #expect(animationErrors(#"""
            {"type": "keyframe", "keyPath": "position", "values": [[0, 0], 1, [2, "y"]], "keyTimes": [0, "half", 1],
             "timingFunctions": ["easeIn", 3], "calculationMode": "smooth", "tensionValues": 1,
             "continuityValues": [null], "biasValues": [1e400], "rotationMode": "autoReverse", "fromValue": 1}
            """#) == [
            "script[0].add.animation.fromValue: unknown field (not a field of keyframe animations)",
            "script[0].add.animation.rotationMode: rotationMode has no meaning without a path",
            #"script[0].add.animation.values[1]: expected a point [x, y] for "position", got 1"#,
            #"script[0].add.animation.values[2][1]: expected a finite number, got "y""#,
            #"script[0].add.animation.keyTimes[1]: expected a finite number, got "half""#,
            "script[0].add.animation.timingFunctions[1]: expected a timing function name or 4 control-point numbers, got 3",
            #"script[0].add.animation.calculationMode: expected one of "linear", "discrete", "paced", "cubic", "cubicPaced", got "smooth""#,
            "script[0].add.animation.tensionValues: expected an array, got 1",
            "script[0].add.animation.continuityValues[0]: expected a finite number, got null",
            "script[0].add.animation.biasValues[0]: expected a finite number, got inf",
        ])
    }

    @Test("groups and transitions") func groupsAndTransitions() {
        #expect(animationErrors(#"{"type": "group", "keyPath": "opacity", "animations": [{"type": "basic"}, 3, {"type": "transition", "keyPath": "x"}]}"#) == [
            "script[0].add.animation.keyPath: a group animation has no keyPath",
            #"script[0].add.animation.animations[0]: missing field "keyPath""#,
            "script[0].add.animation.animations[1]: expected an object, got 3",
            "script[0].add.animation.animations[2].keyPath: a transition animation has no keyPath",
        ])
        #expect(animationErrors(#"{"type": "group", "animations": {}}"#) == [
            "script[0].add.animation.animations: expected an array, got an object"
        ])
        #expect(animationErrors(#"{"type": "transition", "transitionType": "dissolve", "subtype": "up", "startProgress": 2, "endProgress": -0.5}"#) == [
            #"script[0].add.animation.transitionType: expected one of "fade", "push", "moveIn", "reveal", got "dissolve""#,
            #"script[0].add.animation.subtype: expected one of "fromLeft", "fromRight", "fromTop", "fromBottom", got "up""#,
            "script[0].add.animation.startProgress: expected a number in 0...1, got 2",
            "script[0].add.animation.endProgress: expected a number in 0...1, got -0.5",
        ])
        #expect(animationErrors(#"{"type": "transition", "startProgress": 0.75, "endProgress": 0.25}"#) == [
            "script[0].add.animation.endProgress: endProgress 0.25 is less than startProgress 0.75"
        ])
    }

    @Test("sample") func sample() {
        let cases: [(String, [String])] = [
            (#"{"times": [0], "fps": 60}"#, [#"sample: expected either "times" or "from", "to" and "fps", not both"#]),
            (#"{}"#, [#"sample: expected "times", or "from", "to" and "fps""#]),
            (#"{"from": 0, "fps": 60}"#, [#"sample: missing field "to""#]),
            (#"{"from": 0, "to": 1, "fps": 0}"#, ["sample.fps: expected a number > 0 and <= 10000 (limit), got 0"]),
            (#"{"from": 0, "to": 1, "fps": 10001}"#, ["sample.fps: expected a number > 0 and <= 10000 (limit), got 10001"]),
            (#"{"from": 2, "to": 1, "fps": 60}"#, ["sample.to: expected a number >= from (2), got 1"]),
            (#"{"from": "0", "to": 1e999, "fps": 60}"#, [
                #"sample.from: expected a finite number, got "0""#, "sample.to: expected a finite number, got inf",
            ]),
            (#"{"times": [0, 1, 0.5, 2]}"#, ["sample.times[2]: sample times must be in ascending order: 0.5 follows 1"]),
            (#"{"times": [0, null]}"#, ["sample.times[1]: expected a finite number, got null"]),
            (#"{"times": 3}"#, ["sample.times: expected an array, got 3"]),
            (#"{"step": 3}"#, ["sample.step: unknown field", #"sample: expected "times", or "from", "to" and "fps""#]),
            (#"[0, 1]"#, ["sample: expected an object, got an array of 2"]),
        ]
        for (sample, expected) in cases {
            #expect(errorLines(sceneText(sample: sample)) == expected, "\(sample)")
        }
    }

    @Test("probes") func probes() {
        let layers = #"""
            [{"id": "spinner", "replicator": {"instanceCount": 12}}, {"id": "dot", "parent": "spinner"},
             {"id": "empty", "replicator": {"instanceCount": 0}}, {"id": "child", "parent": "empty"}, {"id": "disc"}]
            """#
        let cases: [(String, String)] = [
            ("disc", #"expected LAYER.KEYPATH, LAYER@time or LAYER/KEY@phase|iteration|progress|time, got "disc""#),
            (".opacity", #"expected LAYER.KEYPATH, LAYER@time or LAYER/KEY@phase|iteration|progress|time, got ".opacity""#),
            ("disc@phase", #"expected LAYER.KEYPATH, LAYER@time or LAYER/KEY@phase|iteration|progress|time, got "disc@phase""#),
            ("disc/spin", #"expected LAYER.KEYPATH, LAYER@time or LAYER/KEY@phase|iteration|progress|time, got "disc/spin""#),
            ("disc/@phase", #"expected an animation key after "/", got "disc/@phase""#),
            ("disc/spin@speed", #"expected @phase, @iteration, @progress or @time after the key, got "disc/spin@speed""#),
            ("disc.", #"malformed key path """#),
            ("disc.position.z", #"unknown key path "position.z""#),
            ("disk.opacity", #"no layer "disk""#),
            ("dot[x].opacity", #"expected an instance index [k] after "dot", got "dot[x].opacity""#),
            ("dot[1", #"expected an instance index [k] after "dot", got "dot[1""#),
            ("dot[-1]@time", #"expected an instance index [k] after "dot", got "dot[-1]@time""#),
            ("dot[12]@time", #"replicator "spinner" has no instance 12 (instanceCount 12)"#),
            ("dot[0][0]@time", #"layer "dot" is inside 1 replicator: "dot[0][0]@time" names 2 instance indices"#),
            ("disc[0]@time", #"layer "disc" is not inside a replicator: "disc[0]@time" names an instance"#),
            ("spinner[0]@time", #"layer "spinner" is not inside a replicator: "spinner[0]@time" names an instance"#),
            ("child[1]@time", #"replicator "empty" has no instance 1 (instanceCount 0)"#),
        ]
        for (probe, message) in cases {
            #expect(
                errorLines(sceneText(layers: layers, probes: #"["\#(probe)"]"#)) == ["probes[0]: \(message)"], "\(probe)")
        }
        // Instance 0 of an empty replicator is accepted, as by LayerTree.
        #expect(throws: Never.self) { try SceneDecoder.decode(sceneText(layers: layers, probes: #"["child[0]@time"]"#)) }
        #expect(errorLines(sceneText(probes: #"["disc@time", 3, "disc@time"]"#)) == [
            "probes[1]: expected a string, got 3", #"probes[2]: duplicate probe "disc@time""#,
        ])
        #expect(errorLines(sceneText(probes: #"{"a": "disc@time"}"#)) == ["probes: expected an array, got an object"])
    }
}
