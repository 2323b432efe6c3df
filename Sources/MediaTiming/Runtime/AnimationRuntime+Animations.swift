/// Adding and removing animations (`addAnimation:forKey:`, `removeAnimationForKey:`, Docs/semantics.md §4).
extension AnimationRuntime {
    /// Adds (a copy of) `animation` under `key` at `time` (`addAnimation:forKey:`, Docs/semantics.md §4):
    /// an animation already under `key` is removed (didStop, not finished); a `beginTime` of 0 becomes the
    /// layer's local time at `time` (U3); a duration ≤ 0 becomes the transaction duration. If the new
    /// animation's window has begun, didStart fires at `time` (and didStop too if it is already over).
    ///
    /// Cost: preparing the animation (its timing function's table for a custom curve, its keyframe
    /// tracks, its children), plus what ``add(_:forKey:to:at:)-(PreparedAnimation,_,_,_)`` costs. To add
    /// one animation many times, prepare it once and add the ``PreparedAnimation``.
    @discardableResult
    public mutating func add(_ animation: Animation, forKey key: String, to layer: LayerID, at time: Double) throws(RuntimeError)
        -> [AnimationEvent]
    {
        try requireInTree(layer)
        var events = try advance(to: time)
        let local = try localTime(of: layer, at: time)
        var copy = animation
        if copy.timing.beginTime == 0 { copy.timing.beginTime = local }
        let prepared: PreparedAnimation
        do { prepared = try PreparedAnimation(copy, defaultDuration: transactionDuration) } catch {
            throw .animation(key: key, error)
        }
        try attachPrepared(prepared, forKey: key, to: layer, at: time, localTime: local, events: &events)
        return events
    }

    /// Adds (a copy of) a prepared animation under `key` at `time`, exactly as
    /// ``add(_:forKey:to:at:)-(Animation,_,_,_)`` adds `prepared.animation`, with the same events, values
    /// and errors; the copy shares the prepared content (curve tables, keyframe tracks, values, children)
    /// and resolves only its timing again (`beginTime` 0 becomes the layer's local time at `time`).
    /// An animation whose duration is not positive and that was prepared with a default duration other
    /// than ``transactionDuration`` is prepared again.
    ///
    /// Cost: independent of the other layers and animations: the timing's resolution, amortised O(1) to
    /// attach and O(log n) to queue the animation's next crossing (n attached animations); a few hundred
    /// bytes per added animation (harness row S6).
    @discardableResult
    public mutating func add(_ prepared: PreparedAnimation, forKey key: String, to layer: LayerID, at time: Double)
        throws(RuntimeError) -> [AnimationEvent]
    {
        try requireInTree(layer)
        var events = try advance(to: time)
        let local = try localTime(of: layer, at: time)
        var beginTime = prepared.storage.beginTime
        if beginTime == 0 { beginTime = local }
        let copy: PreparedAnimation
        do { copy = try prepared.beginning(at: beginTime, defaultDuration: transactionDuration) } catch {
            throw .animation(key: key, error)
        }
        try attachPrepared(copy, forKey: key, to: layer, at: time, localTime: local, events: &events)
        return events
    }

    /// Attaches a prepared animation under `key` at `time` (after the advance to `time`, whose events
    /// `events` holds; `localTime` is the layer's local time at `time`): replaces the animation under
    /// `key`, adds its properties to the layer's tables, queues its crossings, and adds the events at
    /// `time` to `events`, then orders them all by time, then add order (an empty list takes the new
    /// events without a copy; one event needs no sort).
    private mutating func attachPrepared(
        _ prepared: PreparedAnimation, forKey key: String, to layer: LayerID, at time: Double, localTime: Double,
        events: inout [AnimationEvent]
    ) throws(RuntimeError) {
        func merge(_ new: [AnimationEvent]) {
            if events.isEmpty { events = new } else if !new.isEmpty { events += new }
        }
        if let index = attached[layer.index].firstIndex(where: { $0.key == key }) {
            merge(detach(layer: layer, at: index, time: time))
        }
        for property in prepared.storage.content.writtenProperties {
            models[layer.index].ensure(property)
            presentations[layer.index].ensure(property, like: models[layer.index])
        }
        plan.invalidate(layer.index)
        attach(AttachedAnimation(key: key, prepared: prepared, sequence: nextSequence), to: layer.index)
        nextSequence += 1
        presentationTime = nil
        let last = attached[layer.index].count - 1
        merge(settle(layer: layer.index, entries: last..<last + 1, at: time, localTime: localTime))
        if events.count > 1 { events.sort(by: AnimationEvent.ordered) }
    }

    /// Removes the animation under `key` at `time` (`removeAnimationForKey:`): didStop, not finished,
    /// unless it had already stopped. Removing a missing key does nothing.
    @discardableResult
    public mutating func removeAnimation(forKey key: String, from layer: LayerID, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        var events = try advance(to: time)
        _ = try layerName(layer)
        if let index = attached[layer.index].firstIndex(where: { $0.key == key }) {
            let stop = detach(layer: layer, at: index, time: time)
            if !tree.outside[layer.index] { events += stop }  // no events outside the tree (Docs/semantics.md §18.4)
        }
        presentationTime = nil
        return events.sorted(by: AnimationEvent.ordered)
    }

    /// Removes every animation of a layer at `time` (`removeAllAnimations`), in the order they were added.
    @discardableResult
    public mutating func removeAllAnimations(from layer: LayerID, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        var events = try advance(to: time)
        _ = try layerName(layer)
        while !attached[layer.index].isEmpty {
            let stop = detach(layer: layer, at: 0, time: time)
            if !tree.outside[layer.index] { events += stop }  // no events outside the tree (Docs/semantics.md §18.4)
        }
        presentationTime = nil
        return events.sorted(by: AnimationEvent.ordered)
    }

    /// The keys of a layer's animations, in the order they are applied (`animationKeys`).
    public func animationKeys(of layer: LayerID) throws(RuntimeError) -> [String] {
        _ = try layerName(layer)
        return attached[layer.index].map(\.key)
    }

    /// The animation attached under `key`, as prepared (with the runtime's substitutions).
    public func animation(forKey key: String, of layer: LayerID) throws(RuntimeError) -> PreparedAnimation? {
        _ = try layerName(layer)
        return attached[layer.index].first { $0.key == key }?.prepared
    }

    /// The number of animations attached to all layers (the sum of ``animationKeys(of:)``'s counts),
    /// without building the key arrays.
    @inlinable public var attachedAnimationCount: Int { attachedCount }
}
