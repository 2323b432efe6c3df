/// The runtime's delegate events (Docs/semantics.md §13.2): each attached animation's next phase crossing
/// is computed exactly when something that decides it changes (the animation is added or starts, its
/// layer's chain of clocks changes) and waits in a ``CrossingQueue``; an advance takes from the queue
/// only the crossings it reaches.
extension AnimationRuntime {
    /// Advances the clock to `time`, returning the didStart and didStop events of every crossing in
    /// `(currentTime, time]`, each at the exact media time at which sampling first sees the new phase, and
    /// removing the animations that completed with `removedOnCompletion` (Docs/semantics.md §7.4, §13.2).
    ///
    /// Cost: O(1) when nothing crosses (the earliest pending crossing is later than `time`), whatever the
    /// number of layers and animations; otherwise O(log n) per event for n attached animations, plus
    /// finding the started animations' next crossings (a few evaluations of their layers' chains each).
    @discardableResult
    public mutating func advance(to time: Double) throws(RuntimeError) -> [AnimationEvent] {
        if let invalid = InvalidValue(nonFinite: time) { throw .invalidTime(invalid) }
        guard time >= currentTime else { throw .timeWentBackwards(current: currentTime, requested: time) }
        guard time > currentTime else { return [] }
        var events: [AnimationEvent] = []
        while let next = nextCrossing(), next.time <= time {
            crossings.removeFirst()
            fire(next, events: &events)
        }
        currentTime = time
        presentationTime = nil
        return events
    }

    /// Whether ``advance(to:)`` to `time` would return any event (a crossing in `(currentTime, time]`;
    /// ``nextEventTime(upTo:)`` is not nil). It changes nothing observable and allocates nothing. Cost:
    /// O(1), apart from dropping stale queue entries.
    public mutating func hasEvents(upTo time: Double) throws(RuntimeError) -> Bool {
        try nextEventTime(upTo: time) != nil
    }

    /// The time of the first events that ``advance(to:)`` to `time` would return (the earliest crossing
    /// in `(currentTime, time]`), or nil when it would return none. Advancing to that time and asking again
    /// visits every instant with events in order, so that a caller can act on each at its own time without
    /// a look-ahead on a copy. It changes nothing observable and allocates nothing. Cost: O(1), apart from
    /// dropping stale queue entries.
    ///
    /// - Throws: what ``advance(to:)`` throws for `time`: ``RuntimeError/invalidTime(_:)``,
    ///   ``RuntimeError/timeWentBackwards(current:requested:)``.
    public mutating func nextEventTime(upTo time: Double) throws(RuntimeError) -> Double? {
        if let invalid = InvalidValue(nonFinite: time) { throw .invalidTime(invalid) }
        guard time >= currentTime else { throw .timeWentBackwards(current: currentTime, requested: time) }
        guard time > currentTime, let next = nextCrossing(), next.time <= time else { return nil }
        return next.time
    }

    /// The earliest live entry of the queue, after dropping the stale ones above it.
    mutating func nextCrossing() -> CrossingQueue.Entry? {
        while let first = crossings.first {
            if liveIndex(of: first) != nil { return first }
            crossings.removeFirst()
        }
        return nil
    }

    /// The index in its layer's list of the animation a queue entry was pushed for, if the entry is live.
    func liveIndex(of entry: CrossingQueue.Entry) -> Int? {
        guard entry.layer < attached.count else { return nil }
        return attached[entry.layer].firstIndex { $0.sequence == entry.sequence && $0.stamp == entry.stamp }
    }

    /// Delivers the crossing of a live entry just taken from the queue: didStart, didStop(finished), or
    /// both at the same instant; a started animation's next crossing is queued, a stopped one with
    /// `removedOnCompletion` is removed.
    mutating func fire(_ entry: CrossingQueue.Entry, events: inout [AnimationEvent]) {
        guard let index = liveIndex(of: entry) else { return }
        let layer = LayerID(index: entry.layer)
        let crossing = Self.crossing(
            started: attached[entry.layer][index].started,
            phase: Self.phase(of: attached[entry.layer][index].prepared.timing, layer: layer, at: entry.time, in: tree))
        let key = attached[entry.layer][index].key
        attached[entry.layer][index].stamp = -1
        if crossing.didStart {
            events.append(AnimationEvent(time: entry.time, layer: layer, key: key, kind: .didStart, sequence: entry.sequence))
            attached[entry.layer][index].started = true
        }
        if crossing.didStop {
            events.append(
                AnimationEvent(time: entry.time, layer: layer, key: key, kind: .didStop(finished: true), sequence: entry.sequence))
            attached[entry.layer][index].stopped = true
            if attached[entry.layer][index].removedOnCompletion { removeAttached(layer: entry.layer, at: index) }
            return
        }
        queueCrossing(layer: entry.layer, index: index, after: entry.time)
    }

    /// The phase of an animation with `timing` on `layer` of `tree` at media time `time` (`.before` when
    /// the layer's local time overflows). Static, over the borrowed tree: the optimizer copies the whole
    /// runtime to call a method of it from a mutating one (`fire(_:events:)`, `queueCrossing(layer:index:after:)`).
    static func phase(of timing: ResolvedTiming, layer: LayerID, at time: Double, in tree: borrowing LayerTree) -> TimingPhase {
        guard let t = try? tree.localTime(of: layer, atMediaTime: time) else { return .before }
        return timing.phase(atParentTime: t)
    }


    // MARK: Attached lists

    /// Appends an animation to a layer's list. O(1) amortised.
    mutating func attach(_ animation: AttachedAnimation, to layer: Int) {
        attached[layer].append(animation)
        attachedCount += 1
        plan.invalidate(layer)
    }

    /// Removes the animation at `index` of a layer's list (its queue entry becomes stale). O(animations
    /// of the layer).
    mutating func removeAttached(layer: Int, at index: Int) {
        attached[layer].remove(at: index)
        attachedCount -= 1
        plan.invalidate(layer)
        presentationTime = nil
    }

    /// Removes the animation at `index`; didStop (not finished) unless it had stopped.
    mutating func detach(layer: LayerID, at index: Int, time: Double) -> [AnimationEvent] {
        var events: [AnimationEvent] = []
        detach(layer: layer, at: index, time: time, into: &events)
        return events
    }

    /// ``detach(layer:at:time:)``, appending its event to `events`.
    mutating func detach(layer: LayerID, at index: Int, time: Double, into events: inout [AnimationEvent]) {
        let entry = attached[layer.index][index]
        removeAttached(layer: layer.index, at: index)
        guard !entry.stopped else { return }
        events.append(
            AnimationEvent(time: time, layer: layer, key: entry.key, kind: .didStop(finished: false), sequence: entry.sequence))
    }

    // MARK: Settling

    /// Delivers the events of phase changes that happen at `time` itself for the animations at `entries`
    /// of a layer's list (just added, or their layer's clock changed): didStart when the window has begun,
    /// didStop(finished) when it is over or was left through its start; then queues the next crossing of
    /// each one that has not stopped and removes the stopped ones with `removedOnCompletion`.
    /// Cost: O(animations of the layer), plus finding each animation's next crossing.
    mutating func settle(layer index: Int, entries: Range<Int>, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        guard !entries.isEmpty else { return [] }
        return settle(layer: index, entries: entries, at: time, localTime: try localTime(of: LayerID(index: index), at: time))
    }

    /// ``settle(layer:entries:at:)`` with the layer's local time `t` at `time` given.
    mutating func settle(layer index: Int, entries: Range<Int>, at time: Double, localTime t: Double) -> [AnimationEvent] {
        let layer = LayerID(index: index)
        var events: [AnimationEvent] = []
        var removes = false
        for position in entries where !attached[index][position].stopped {
            let entry = attached[index][position]
            let crossing = Self.crossing(started: entry.started, phase: entry.prepared.timing.phase(atParentTime: t))
            if crossing.didStart {
                events.append(AnimationEvent(time: time, layer: layer, key: entry.key, kind: .didStart, sequence: entry.sequence))
                attached[index][position].started = true
            }
            if crossing.didStop {
                events.append(
                    AnimationEvent(time: time, layer: layer, key: entry.key, kind: .didStop(finished: true), sequence: entry.sequence))
                attached[index][position].stopped = true
                attached[index][position].stamp = -1
                removes = removes || entry.removedOnCompletion
            } else {
                queueCrossing(layer: index, index: position, after: time)
            }
        }
        if removes {
            var position = attached[index].count
            while position > 0 {
                position -= 1
                if attached[index][position].stopped, attached[index][position].removedOnCompletion {
                    removeAttached(layer: index, at: position)
                }
            }
        }
        return events
    }

    /// ``settle(layer:entries:at:)`` for every animation of `layer`'s subtree, whose clocks changed at
    /// `time` (a pause, a resume, a new time space). Cost: O(layers and animations of the subtree).
    mutating func settle(subtreeOf layer: LayerID, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        var events: [AnimationEvent] = []
        var failure: RuntimeError? = nil
        var layers: [Int] = []
        tree.forEachLayer(inSubtreeOf: layer) { layers.append($0) }
        // Outside the tree nothing fires (Docs/semantics.md §18.4): settled when inserted again.
        for index in layers where !attached[index].isEmpty && !tree.outside[index] {
            do { events += try settle(layer: index, entries: attached[index].indices, at: time) } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
        return events.sorted(by: AnimationEvent.ordered)
    }

    /// The delegate events a sample in `phase` delivers for a not yet stopped animation: didStart when
    /// its window has begun and it had not started; didStop(finished) when it is over, or was left
    /// through its start after starting (Docs/semantics.md §13.2). One test for settling and for the
    /// queued crossings.
    @inline(__always)
    static func crossing(started: Bool, phase: TimingPhase) -> (didStart: Bool, didStop: Bool) {
        (!started && phase != .before, phase == .after || (started && phase == .before))
    }

    // MARK: Next crossings

    /// Finds the next crossing after `time` of the not yet stopped animation at `index` of a layer's
    /// list (no crossing holds at `time` itself) and queues it under a new stamp; an animation whose
    /// phase never changes again (a paused chain, an endless window) is queued nowhere.
    ///
    /// Until the next change of the layer's chain, the layer's local time is a monotone function of
    /// media time, so the condition "sampling sees a crossing" (``crossing(started:phase:)``) is false up
    /// to an instant and true from it on. The instant is bracketed from the closed-form estimates (the
    /// window's begin and end converted to media time, tried first), else by doubling steps over the
    /// doubles after `time`, then found exactly by ``BoundarySearch`` (Docs/semantics.md §13.2): the same
    /// first double at which sampling sees the new phase. Cost: when an estimate is the crossing or the
    /// double before it (an animation added at its begin, a window ending on a chain without rounding),
    /// four evaluations of the layer's chain (the two conversions of the estimates, the estimate, one
    /// neighbour; three without an end), two more per estimate passed on the way; at most about 140
    /// otherwise (the bound of `BoundarySearch.firstTime(after:estimates:finiteAtEnd:where:)`); O(log n)
    /// to queue.
    mutating func queueCrossing(layer index: Int, index position: Int, after time: Double) {
        let entry = attached[index][position]
        attached[index][position].stamp = -1
        guard
            let at = Self.firstCrossing(
                of: entry.prepared.timing, started: entry.started, layer: LayerID(index: index), after: time, in: tree)
        else { return }
        let stamp = nextStamp
        nextStamp += 1
        attached[index][position].stamp = stamp
        crossings.push(CrossingQueue.Entry(time: at, sequence: entry.sequence, layer: index, stamp: stamp))
        if crossings.count > 2 * attachedCount + 1024 { compactCrossings() }
    }

    /// The first media time after `time` at which sampling an animation with `timing` (started or not) on
    /// `layer` of `tree` sees a crossing, or nil when there is none (``queueCrossing(layer:index:after:)``).
    /// Static, over the borrowed tree, like ``phase(of:layer:at:in:)``.
    static func firstCrossing(
        of timing: ResolvedTiming, started: Bool, layer: LayerID, after time: Double, in tree: borrowing LayerTree
    ) -> Double? {
        // The condition is passed as closure literals over the borrowed tree: a stored closure would copy
        // the tree's arrays.
        BoundarySearch.firstTime(
            after: time, estimates: crossingEstimates(timing, layer: layer, in: tree),
            finiteAtEnd: { (try? tree.localTime(of: layer, atMediaTime: .greatestFiniteMagnitude)) != nil },
            where: { Self.crossingHolds(timing, started: started, layer: layer, at: $0, in: tree) })
    }

    /// Whether sampling an animation with `timing` (started or not) on `layer` of `tree` at media time
    /// `t` sees a crossing (``crossing(started:phase:)``).
    static func crossingHolds(
        _ timing: ResolvedTiming, started: Bool, layer: LayerID, at t: Double, in tree: borrowing LayerTree
    ) -> Bool {
        let crossing = Self.crossing(started: started, phase: phase(of: timing, layer: layer, at: t, in: tree))
        return crossing.didStart || crossing.didStop
    }

    /// The window's begin and end in media time through the layer's chain (where the inverse maps are
    /// finite): where a crossing usually is.
    static func crossingEstimates(_ timing: ResolvedTiming, layer: LayerID, in tree: borrowing LayerTree) -> (Double?, Double?) {
        let begin = try? tree.convertTime(timing.timing.beginTime, from: layer, to: nil)
        let end = timing.endTime.flatMap { try? tree.convertTime($0, from: layer, to: nil) }
        return (begin, end)
    }

    /// Drops the stale entries from the queue (O(n)), once they outnumber the live ones.
    mutating func compactCrossings() {
        let attached = self.attached
        crossings.retain { entry in
            entry.layer < attached.count && attached[entry.layer].contains { $0.sequence == entry.sequence && $0.stamp == entry.stamp }
        }
    }
}
