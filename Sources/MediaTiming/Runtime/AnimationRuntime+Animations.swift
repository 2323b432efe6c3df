/// Adding and removing animations (`addAnimation:forKey:`, `removeAnimationForKey:`, Docs/semantics.md §4).
extension AnimationRuntime {
    /// Adds (a copy of) `animation` under `key` at `time` (`addAnimation:forKey:`, Docs/semantics.md §4):
    /// an animation already under `key` is removed (didStop, not finished); a `beginTime` of 0 becomes the
    /// layer's local time at `time` (U3); a duration ≤ 0 becomes the transaction duration. If the new
    /// animation's window has begun, didStart fires at `time` (and didStop too if it is already over).
    @discardableResult
    public mutating func add(_ animation: Animation, forKey key: String, to layer: LayerID, at time: Double) throws(RuntimeError)
        -> [AnimationEvent]
    {
        try requireInTree(layer)
        var events = try advance(to: time)
        var copy = animation
        if copy.timing.beginTime == 0 { copy.timing.beginTime = try localTime(of: layer, at: time) }
        let prepared: PreparedAnimation
        do { prepared = try PreparedAnimation(copy, defaultDuration: transactionDuration) } catch {
            throw .animation(key: key, error)
        }
        if let index = attached[layer.index].firstIndex(where: { $0.key == key }) {
            events += detach(layer: layer, at: index, time: time)
        }
        for keyPath in Self.keyPaths(of: prepared) {
            models[layer.index].ensure(keyPath.property)
            plan.invalidate(layer.index)
            presentations[layer.index].ensure(keyPath.property)
        }
        attach(AttachedAnimation(key: key, prepared: prepared, sequence: nextSequence), to: layer.index)
        nextSequence += 1
        presentationTime = nil
        events += try settle(layer: layer.index, entries: attached[layer.index].count - 1..<attached[layer.index].count, at: time)
        return events.sorted(by: AnimationEvent.ordered)
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

    /// Every key path a prepared animation writes (its own, or its children's).
    static func keyPaths(of animation: PreparedAnimation) -> [AnimationKeyPath] {
        switch animation.body {
        case let .group(children): return children.flatMap(keyPaths(of:))
        case let .property(property):
            if case let .path(_, rotation?, rotationKeyPath) = property.source, rotation == .auto || rotation == .autoReverse {
                return [property.keyPath, rotationKeyPath]
            }
            return [property.keyPath]
        default: return animation.keyPath.map { [$0] } ?? []
        }
    }
}
