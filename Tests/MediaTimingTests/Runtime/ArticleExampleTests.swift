import Testing

import MediaTiming

/// The code of the DocC articles on groups, keyframes, springs and events, with their stated results.
@Suite struct ArticleExamples {
    @Test("Keyframes") func keyframes() throws {
        let track = try KeyframeTrack(values: [0.0, 10, 30], keyTimes: [0, 0.2, 1])
        expectClose(track.value(at: 0.6), 20, tolerance: 1e-12)
    }

    @Test("Springs") func springs() throws {
        let spring = try SpringCurve(mass: 1, stiffness: 100, damping: 10)
        expectClose(spring.displacement(at: 0.3), 1.124354767)
        expectClose(spring.settlingDuration, 1.447, tolerance: 0.01)
    }

    @Test("Events") func events() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "disc")
        let fade = Animation.basic(
            try AnimationKeyPath("opacity"), from: .scalar(1), to: .scalar(0), timing: Timing(duration: 1))
        let atAdd = try runtime.add(fade, forKey: "fade", to: layer, at: 0)
        let later = try runtime.advance(to: 2)
        #expect(atAdd.map(\.kind) == [.didStart] && atAdd[0].time == 0)
        #expect(later.map(\.kind) == [.didStop(finished: true)] && later[0].time == 1)
    }

    @Test("Groups and clipping") func groups() throws {
        let change = Animation.group([
            .basic(try AnimationKeyPath("transform.scale"), from: .scalar(1), to: .scalar(0.9),
                   timing: Timing(duration: 0.2, fillMode: .forwards)),
            .basic(try AnimationKeyPath("transform.translation.y"), from: .scalar(0), to: .scalar(-640),
                   timing: Timing(beginTime: 0.4, duration: 0.4)),
            .basic(try AnimationKeyPath("opacity"), from: .scalar(1), to: .scalar(0),
                   timing: Timing(duration: 0.8), timingFunction: .easeIn),
        ], timing: Timing(duration: 0.8, fillMode: .forwards), removedOnCompletion: false)
        var runtime = try AnimationRuntime()
        let disc = try runtime.addLayer(named: "disc")
        try runtime.add(change, forKey: "change", to: disc, at: 0)
        try runtime.advance(to: 0.9)
        expectClose(try scalar(runtime, "transform.scale", disc), 0.9, tolerance: 1e-12)
        expectClose(try scalar(runtime, "transform.translation.y", disc), -640, tolerance: 1e-9)
        expectClose(try scalar(runtime, "opacity", disc), 0, tolerance: 1e-12)
    }
}
