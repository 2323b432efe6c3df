/// Layer clocks (pause, resume, time spaces: Docs/semantics.md §3.4, §14.2) and the app's lifecycle
/// (Docs/semantics.md §13.3): the operations that change when the animations of a subtree or of every layer
/// run.
extension AnimationRuntime {
    /// Pauses a layer at `time` with QA1673's recipe (Docs/semantics.md §14.2).
    @discardableResult
    public mutating func pause(_ layer: LayerID, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        try changeSubtree(of: layer, at: time) { tree throws(LayerError) in try tree.pause(layer, atMediaTime: time) }
    }

    /// Resumes a layer at `time` (QA1673's recipe at speed 1, or at `speed`; `nil` restores the speed
    /// it had when paused).
    @discardableResult
    public mutating func resume(_ layer: LayerID, at time: Double, speed: Float? = 1) throws(RuntimeError) -> [AnimationEvent] {
        try changeSubtree(of: layer, at: time) { tree throws(LayerError) in
            try tree.resume(layer, atMediaTime: time, speed: speed)
        }
    }

    /// Replaces a layer's time space at `time`; its clock jumps at once (Docs/semantics.md §3.4).
    @discardableResult
    public mutating func setTimeSpace(_ timeSpace: TimeSpace, of layer: LayerID, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        try changeSubtree(of: layer, at: time) { tree throws(LayerError) in try tree.setTimeSpace(timeSpace, of: layer) }
    }

    // MARK: App lifecycle

    /// The app leaves the foreground at `time`: every animation with `removedOnCompletion` is removed,
    /// with didStop (not finished); the others stay (U16, Docs/semantics.md §13.3).
    /// Cost: O(layers + animations).
    @discardableResult
    public mutating func enterBackground(at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        var events = try advance(to: time)
        for layer in allLayers {
            var index = 0
            while index < attached[layer.index].count {
                if attached[layer.index][index].removedOnCompletion {
                    detach(layer: layer, at: index, time: time, into: &events)
                } else {
                    index += 1
                }
            }
        }
        isInBackground = true
        presentationTime = nil
        return events.sorted(by: AnimationEvent.ordered)
    }

    /// The app returns to the foreground at `time`. Core Animation restores nothing: what was removed
    /// stays removed.
    @discardableResult
    public mutating func enterForeground(at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        let events = try advance(to: time)
        isInBackground = false
        return events
    }
}
