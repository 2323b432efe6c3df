import MediaTiming
import Testing

/// Every operation returns its events in the order of Docs/semantics.md §13.2: by time, then by the order
/// their animations were added (a start before a stop), whatever layers they are on and whether they come
/// from the advance to the operation's instant or from the operation itself. (Found by the differential
/// run against the reference runtime, ReferenceRuntimeTests: these operations returned them in layer
/// order, or the advance's before the operation's.) All clocks here are identity maps, so a local time
/// is the media time and an animation added at 0 with duration d ends exactly at d.
@Suite struct EventOrderTests {
    static func fade(_ duration: Double) -> Animation {
        .basic(.opacity, from: .scalar(0), to: .scalar(1), timing: Timing(duration: duration))
    }

    static func summary(_ events: [AnimationEvent]) -> [String] { events.map { "\($0.time) \($0.key) \($0.kind)" } }

    @Test("enterBackground: the didStops in add order, not layer order") func background() throws {
        var runtime = try AnimationRuntime()
        let a = try runtime.addLayer(named: "A"), b = try runtime.addLayer(named: "B")
        try runtime.add(Self.fade(1), forKey: "first", to: b, at: 0)
        try runtime.add(Self.fade(1), forKey: "second", to: a, at: 0)
        let events = try runtime.enterBackground(at: 0.5)
        #expect(Self.summary(events) == ["0.5 first didStop(finished: false)", "0.5 second didStop(finished: false)"])
    }

    @Test("a parent's clock jump ending animations on two sublayers: in add order") func timeSpace() throws {
        var runtime = try AnimationRuntime()
        let parent = try runtime.addLayer(named: "P")
        let x = try runtime.addLayer(named: "X", parent: parent), y = try runtime.addLayer(named: "Y", parent: parent)
        try runtime.add(Self.fade(1), forKey: "first", to: y, at: 0)
        try runtime.add(Self.fade(1), forKey: "second", to: x, at: 0)
        // The parent's local time jumps from 0.5 to 10.5: both windows are over at once.
        let events = try runtime.setTimeSpace(TimeSpace(timeOffset: 10), of: parent, at: 0.5)
        #expect(Self.summary(events) == ["0.5 first didStop(finished: true)", "0.5 second didStop(finished: true)"])
    }

    @Test("a removal at the instant a later-added animation ends: the removal first") func removal() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.add(Self.fade(5), forKey: "early", to: layer, at: 0)
        try runtime.add(Self.fade(1.5), forKey: "late", to: layer, at: 0)
        let events = try runtime.removeAnimation(forKey: "early", from: layer, at: 1.5)
        #expect(Self.summary(events) == ["1.5 early didStop(finished: false)", "1.5 late didStop(finished: true)"])
    }

    @Test("removeAllAnimations at the instant a later-added animation ends: in add order") func removeAll() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        try runtime.add(Self.fade(5), forKey: "early", to: layer, at: 0)
        try runtime.add(Self.fade(1.5), forKey: "late", to: layer, at: 0)
        let events = try runtime.removeAllAnimations(from: layer, at: 1.5)
        #expect(Self.summary(events) == ["1.5 early didStop(finished: false)", "1.5 late didStop(finished: true)"])
    }
}
