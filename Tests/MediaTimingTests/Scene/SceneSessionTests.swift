import Testing

import MediaTiming
import MediaTimingScene

/// A scene session (SceneSession) played forwards gives what a run gives, whichever times it stops at; and
/// one ANIMATION object decodes as it does inside a scene (SceneDecoder.decodeAnimation).
@Suite struct SceneSessionTests {
    static func scene(_ name: String) throws -> Scene {
        let bytes = try #require(SceneExamplesTests.read(SceneExamplesTests.folder + "/" + name))
        return try SceneDecoder.decode(bytes: bytes)
    }

    /// The readings of a run of `scene` sampled at `time` alone: the script replayed from its start.
    static func replayed(_ scene: Scene, at time: Double) throws -> (values: [SceneProbeReading], events: [SceneEvent]) {
        var single = scene
        single.sample = .times([time])
        let result = try SceneRunner.run(single)
        return (try #require(result.samples.first).values, result.events)
    }

    @Test("a session stopping at every other sample time reads what a replay from the start reads",
          arguments: SceneExamplesTests.listJSONFiles())
    func everyOtherSample(_ name: String) throws {
        let scene = try Self.scene(name)
        let times = try SceneRunner.run(scene).samples.map(\.time)
        var session = try SceneSession(scene, startingAt: times.first ?? 0)
        for (index, time) in times.enumerated() where index % 2 == 1 || index == times.count - 1 {
            try session.advance(to: time)
            let expected = try Self.replayed(scene, at: time)
            let values = try session.sample()
            // Compared by description (NaN-safe): the same doubles print with the same digits.
            #expect("\(values)" == "\(expected.values)", "\(name) at \(time)")
            #expect(session.sceneEvents == expected.events, "\(name) at \(time)")
            #expect(session.eventCount == expected.events.count)
        }
    }

    @Test("a session only moves forwards") func forwards() throws {
        let scene = try SceneDecoder.decode(animationScene(
            #"{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "timing": {"duration": 1}}"#))
        var session = try SceneSession(scene)
        #expect(session.currentTime == 0)
        try session.advance(to: 0.5)
        var backwards = session
        #expect(throws: SceneErrors.self) { try backwards.advance(to: 0.25) }
        #expect(session.currentTime == 0.5)
        // A linear animation from 0 to 1 over 1 s shows its local time (Docs/semantics.md §10.1).
        let values = try session.sample()
        #expect(values == [SceneProbeReading(name: "disc.opacity", value: .number(0.5))])
        try session.advance(to: 2)
        #expect(session.sceneEvents.map(\.isStart) == [true, false])
        #expect(session.sceneEvents.map(\.time) == [0, 1])
    }

    @Test("the start is the earliest of the given time, 0 and the first operation") func start() throws {
        let scene = try SceneDecoder.decode(sceneText(script: #"[{"at": -2, "pause": "disc"}]"#))
        #expect(try SceneSession(scene).currentTime == -2)
        #expect(try SceneSession(scene, startingAt: -5).currentTime == -5)
        #expect(try SceneSession(scene, startingAt: 3).currentTime == -2)
        #expect(SceneSession.probes(of: scene).isEmpty)
    }

    static let animations = [
        #"{"type": "basic", "keyPath": "position", "fromValue": [0, 0], "toValue": [100, 50], "timingFunction": "easeIn", "timing": {"duration": 2, "repeatCount": "inf"}}"#,
        #"{"type": "keyframe", "keyPath": "position.x", "values": [0, 10, 30], "keyTimes": [0, 0.2, 1]}"#,
        #"{"type": "group", "animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0}], "timing": {"duration": 1}}"#,
        #"{"type": "spring", "keyPath": "position.y", "fromValue": 0, "toValue": 640, "perceptualDuration": 0.5, "bounce": 0.2}"#,
    ]

    @Test("one ANIMATION object decodes as inside a scene's add", arguments: animations)
    func decodeAnimation(_ json: String) throws {
        let alone = try SceneDecoder.decodeAnimation(bytes: Array(json.utf8))
        let inScene = try #require(firstAnimation(try SceneDecoder.decode(animationScene(json))))
        #expect("\(alone)" == "\(inScene)")
    }

    @Test("an ANIMATION object's errors have the scene's messages, with paths relative to the object")
    func decodeAnimationErrors() throws {
        let json = #"{"type": "basic", "keyPath": "opacity", "timing": {"duration": "long"}, "colour": 1}"#
        let inScene = errorLines(animationScene(json))
        let prefix = "script[0].add.animation."
        #expect(!inScene.isEmpty && inScene.allSatisfy { $0.hasPrefix(prefix) })
        do {
            _ = try SceneDecoder.decodeAnimation(bytes: Array(json.utf8))
            Issue.record("the animation decoded")
        } catch {
            #expect(error.errors.map(\.description) == inScene.map { String($0.dropFirst(prefix.count)) })
        }
        #expect(throws: SceneErrors.self) { try SceneDecoder.decodeAnimation(bytes: Array("[1]".utf8)) }
        #expect(throws: SceneErrors.self) { try SceneDecoder.decodeAnimation(bytes: Array("{".utf8)) }
    }
}
