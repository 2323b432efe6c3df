/// A tree of layers with their time spaces: local times at any media time, `convertTime` between any two
/// layers, pause and resume (Docs/semantics.md §3, §4.1, §14).
///
/// Layers are stored in the order they were added; a layer's parent is added before it, so one forward
/// pass computes every local time, and a layer moved under a parent added after it is handled apart
/// (``localTimes(atMediaTime:into:)``). A layer's time is never clamped, repeated or filled: layers have no
/// active duration (U15, Docs/semantics.md §4.1). The root layers' parent time is the absolute media time.
///
/// The tree is mutable (Docs/semantics.md §18): a layer with its subtree can be removed
/// (``removeLayer(_:)``), inserted again under any parent or as a root (``insertLayer(_:parent:)``) and
/// moved (``moveLayer(_:to:)``). A removed subtree stays intact outside the tree: its root becomes the root
/// of a detached piece, whose local times follow the detached chain (the root's parent time is the
/// absolute media time, as for a `CALayer` without a superlayer). A removed layer keeps its name.
///
/// The tree holds no clock: every query takes the media time as an argument.
public struct LayerTree: Sendable {
    /// The most layers a tree holds.
    public static let maximumLayerCount = 1_000_000
    /// The largest replicator instance count.
    public static let maximumInstanceCount = 10_000

    @usableFromInline var names: [String] = []
    @usableFromInline var parents: [Int] = []
    @usableFromInline var spaces: [TimeSpace] = []
    @usableFromInline var replicators: [Replicator?] = []
    @usableFromInline var speedsBeforePause: [Float?] = []
    /// For each layer, the first layer of its run: the longest stretch of consecutive indices
    /// `runStart…index` in which each layer's parent is the one just before it and none of those parents
    /// is a replicator. A chain added parent-then-child is one run, so its local time is
    /// one pass over consecutive time spaces, with no walk up the parent links. Replicators never change;
    /// a change of a layer's parent re-derives the runs that continue from it (`updateRuns(from:)`).
    @usableFromInline var runStarts: [Int] = []
    /// The children lists, as links (-1: none): each layer's first and last child, and its siblings before
    /// and after it, in insertion order. Linking and unlinking cost O(1).
    @usableFromInline var firstChildren: [Int] = []
    @usableFromInline var lastChildren: [Int] = []
    @usableFromInline var nextSiblings: [Int] = []
    @usableFromInline var previousSiblings: [Int] = []
    /// Whether each layer is outside the tree (it, or an ancestor, was removed), and how many are.
    @usableFromInline var outside: [Bool] = []
    @usableFromInline var outsideCount = 0
    /// The number of layers whose parent has a higher index (moved or inserted under a layer added after
    /// them): while it is 0, one forward pass in index order computes every local time.
    @usableFromInline var misorderedCount = 0
    @usableFromInline var indexByName: [String: Int] = [:]

    /// Creates an empty tree.
    public init() {}

    /// The number of layers.
    @inlinable public var count: Int { names.count }

    /// Every layer, in the order they were added (parents before their sublayers unless a layer was moved
    /// or inserted under a layer added after it), including the layers outside the tree.
    public var layers: [LayerID] { (0..<count).map(LayerID.init(index:)) }

    /// Adds a layer under `parent` (a root layer when `nil`).
    ///
    /// A new layer is in the tree (the last of its parent's children). Costs O(1) amortised.
    ///
    /// - Throws: ``LayerError`` for a duplicate name (the names of removed layers included), a foreign
    ///   parent handle, a parent outside the tree (``LayerError/notInTree(layer:)``), a non-finite
    ///   time-space field, an invalid replicator, or a tree at its size limit.
    @discardableResult
    public mutating func addLayer(
        named name: String, parent: LayerID? = nil, timeSpace: TimeSpace = .identity, replicator: Replicator? = nil
    ) throws(LayerError) -> LayerID {
        guard indexByName[name] == nil else { throw .duplicateName(name) }
        guard count < Self.maximumLayerCount else { throw .tooManyLayers(limit: Self.maximumLayerCount) }
        if let parent {
            try check(parent)
            guard !outside[parent.index] else { throw .notInTree(layer: names[parent.index]) }
        }
        try Self.validate(timeSpace, layer: name)
        if let replicator { try Self.validate(replicator, layer: name) }
        indexByName[name] = count
        names.append(name)
        parents.append(parent?.index ?? -1)
        spaces.append(timeSpace)
        replicators.append(replicator)
        speedsBeforePause.append(nil)
        let index = count - 1
        let parentIndex = parent?.index ?? -1
        runStarts.append(parentIndex >= 0 && parentIndex == index - 1 && replicators[parentIndex] == nil
                         ? runStarts[parentIndex] : index)
        firstChildren.append(-1)
        lastChildren.append(-1)
        nextSiblings.append(-1)
        previousSiblings.append(-1)
        outside.append(false)
        if parentIndex >= 0 { link(index, under: parentIndex) }
        return LayerID(index: index)
    }

    /// The layer named `name`.
    public func layer(named name: String) throws(LayerError) -> LayerID {
        guard let index = indexByName[name] else { throw .unknownName(name) }
        return LayerID(index: index)
    }

    /// The name of a layer.
    public func name(of layer: LayerID) throws(LayerError) -> String {
        try check(layer)
        return names[layer.index]
    }

    /// The parent of a layer (`nil` for a root).
    public func parent(of layer: LayerID) throws(LayerError) -> LayerID? {
        try check(layer)
        let parent = parents[layer.index]
        return parent < 0 ? nil : LayerID(index: parent)
    }

    /// The replicator settings of a layer, if it is a replicator.
    public func replicator(of layer: LayerID) throws(LayerError) -> Replicator? {
        try check(layer)
        return replicators[layer.index]
    }

    /// The time space of a layer (`beginTime`, `speed`, `timeOffset`).
    public func timeSpace(of layer: LayerID) throws(LayerError) -> TimeSpace {
        try check(layer)
        return spaces[layer.index]
    }

    /// Replaces the time space of a layer; later queries use the new mapping at once (a layer's clock
    /// jumps when its `beginTime` or `timeOffset` changes, Docs/semantics.md §3.4).
    public mutating func setTimeSpace(_ timeSpace: TimeSpace, of layer: LayerID) throws(LayerError) {
        try check(layer)
        try Self.validate(timeSpace, layer: names[layer.index])
        spaces[layer.index] = timeSpace
    }

    /// The replicator ancestors of a layer, outermost first: the replicators whose instances copy it.
    public func replicatorAncestors(of layer: LayerID) throws(LayerError) -> [LayerID] {
        try chain(to: layer).dropLast().filter { replicators[$0] != nil }.map(LayerID.init(index:))
    }

    // MARK: Time

    /// The local time of `layer` at absolute media time `mediaTime` (Docs/semantics.md §3.2).
    ///
    /// - Parameters:
    ///   - layer: the layer whose time to compute.
    ///   - replica: for a layer inside replicators, the instance index under each replicator ancestor,
    ///     outermost first (missing indices are instance 0): instance `k` of a replicator's sublayers runs
    ///     with parent time `t − k·instanceDelay` (Docs/semantics.md §14.1).
    ///   - mediaTime: the absolute media time.
    public func localTime(of layer: LayerID, replica: [Int] = [], atMediaTime mediaTime: Double) throws(LayerError) -> Double {
        if let invalid = InvalidValue(nonFinite: mediaTime) { throw .invalidTime(invalid) }
        if replica.isEmpty, let t = try localTimeOfFirstReplica(of: layer, atMediaTime: mediaTime) {
            guard t.isFinite else { throw .localTimeOverflow(layer: names[layer.index]) }
            return t
        }
        let path = try chain(to: layer)
        var remaining = replica[...]
        var t = mediaTime
        for (position, index) in path.enumerated() {
            if position > 0, let replicator = replicators[path[position - 1]] {
                let instance = remaining.popFirst() ?? 0
                guard instance >= 0, instance < max(replicator.instanceCount, 1) else {
                    throw .invalidReplica(layer: names[layer.index], replica)
                }
                t -= Double(instance) * replicator.instanceDelay
            }
            t = spaces[index].localTime(fromParent: t)
        }
        guard remaining.isEmpty else { throw .invalidReplica(layer: names[layer.index], replica) }
        guard t.isFinite else { throw .localTimeOverflow(layer: names[layer.index]) }
        return t
    }

    /// The most runs (see `runStarts`) the allocation-free path of ``localTime(of:replica:atMediaTime:)``
    /// handles.
    @usableFromInline static var stackDepth: Int { 64 }

    /// `localTime(of:atMediaTime:)` for replica 0 without allocating: the chain's runs (stretches of
    /// consecutive layers, each the parent of the next) go onto a fixed-size stack (`nil` when there are
    /// more than ``stackDepth``), then each run is one pass over consecutive time spaces. The same
    /// operations in the same order as the general path, so the same bits: `t − 0·instanceDelay` under
    /// each replicator (only ever at the start of a run), then each layer's map (Docs/semantics.md §3.2).
    func localTimeOfFirstReplica(of layer: LayerID, atMediaTime mediaTime: Double) throws(LayerError) -> Double? {
        try check(layer)
        return withUnsafeTemporaryAllocation(of: (start: Int, end: Int).self, capacity: Self.stackDepth) { stack -> Double? in
            parents.withUnsafeBufferPointer { parents -> Double? in
                runStarts.withUnsafeBufferPointer { runStarts -> Double? in
                    var depth = 0
                    var index = layer.index
                    while index >= 0 {
                        guard depth < Self.stackDepth else { return nil }
                        let start = runStarts[index]
                        stack[depth] = (start, index)
                        depth += 1
                        index = parents[start]
                    }
                    return spaces.withUnsafeBufferPointer { spaces in
                        replicators.withUnsafeBufferPointer { replicators in
                            var t = mediaTime
                            while depth > 0 {
                                depth -= 1
                                let (start, end) = stack[depth]
                                let parent = parents[start]
                                if parent >= 0, let replicator = replicators[parent] {
                                    t -= Double(0) * replicator.instanceDelay
                                }
                                for index in start...end {
                                    t = spaces[index].localTime(fromParent: t)
                                }
                            }
                            return t
                        }
                    }
                }
            }
        }
    }

    /// The local times of `layer` (replica 0) at many media times, converted in place: on return
    /// `times[i]` is, bit for bit, ``localTime(of:replica:atMediaTime:)`` at the media time it held
    /// (Docs/semantics.md §3.2). This is the work of a timeline or a plot: one layer over many frames.
    ///
    /// The layer's chain of time spaces is walked once; then each level maps every time in turn
    /// (the same operations, in the same order, as one time through the chain, so the same bits, but
    /// independent of each other, so they pipeline).
    ///
    /// - Throws: ``LayerError/unknownLayer(_:)``; ``LayerError/invalidTime(_:)`` for a non-finite
    ///   media time, before anything is changed; ``LayerError/localTimeOverflow(layer:)`` when a
    ///   result is not finite (every entry has then been converted, the overflowing ones to ±∞ or NaN).
    public func localTimes(of layer: LayerID, converting times: UnsafeMutableBufferPointer<Double>) throws(LayerError) {
        try check(layer)
        for time in times {
            if let invalid = InvalidValue(nonFinite: time) { throw .invalidTime(invalid) }
        }
        guard let base = times.baseAddress, !times.isEmpty else { return }
        let n = times.count
        let path = try chain(to: layer)
        for (position, index) in path.enumerated() {
            if position > 0, let replicator = replicators[path[position - 1]] {
                // Instance 0 of the replicator's sublayers: `t − 0·instanceDelay` (Docs/semantics.md §14.1),
                // kept for the same bits as the single-time path.
                let shift = Double(0) * replicator.instanceDelay
                for i in 0..<n { base[i] -= shift }
            }
            let space = spaces[index]
            for i in 0..<n { base[i] = space.localTime(fromParent: base[i]) }
        }
        for i in 0..<n where !base[i].isFinite { throw .localTimeOverflow(layer: names[layer.index]) }
    }

    /// Every layer's local time (replica 0) at `mediaTime`, in one forward pass, written into `times`
    /// (resized to ``count`` if needed; no allocation when it already has the capacity). Each entry is
    /// `spaces[layer].localTime(fromParent:)` of its parent's entry (of `mediaTime` for a root, or the root
    /// of a piece outside the tree), so the chain's maps in the chain's order (Docs/semantics.md §3.2, §18).
    /// Non-finite results (overflow) are left as they are; ``localTime(of:replica:atMediaTime:)`` reports
    /// them as errors.
    ///
    /// Costs O(``count``) while every parent has a lower index than its sublayers. A layer moved or
    /// inserted under a layer added after it (a misordered layer) has read its parent's entry before it
    /// was written; its subtree is then computed again, top down, from its parent: plus O(depth) per
    /// misordered layer and O(subtree) per outermost misordered layer.
    public func localTimes(atMediaTime mediaTime: Double, into times: inout [Double]) {
        if times.count != count { times = [Double](repeating: 0, count: count) }
        spaces.withUnsafeBufferPointer { spaces in
            parents.withUnsafeBufferPointer { parents in
                times.withUnsafeMutableBufferPointer { times in
                    for index in 0..<spaces.count {
                        let parent = parents[index]
                        let parentTime = parent < 0 ? mediaTime : times[parent]
                        times[index] = spaces[index].localTime(fromParent: parentTime)
                    }
                    guard misorderedCount > 0 else { return }
                    for index in 0..<spaces.count where parents[index] > index && !hasMisorderedAncestor(index, parents) {
                        // Every ancestor's entry is exact (its chain has no misordered layer): the subtree,
                        // in pre-order, parents before their sublayers.
                        var node = index
                        while node >= 0 {
                            let parent = parents[node]
                            times[node] = spaces[node].localTime(fromParent: parent < 0 ? mediaTime : times[parent])
                            node = next(inSubtreeOf: index, after: node)
                        }
                    }
                }
            }
        }
    }

    /// Whether a proper ancestor of `index` is misordered (its parent's index is above its own). O(depth).
    func hasMisorderedAncestor(_ index: Int, _ parents: UnsafeBufferPointer<Int>) -> Bool {
        var node = parents[index]
        while node >= 0 {
            if parents[node] > node { return true }
            node = parents[node]
        }
        return false
    }

    /// Converts a time from one layer's time space to another's (`convertTime:fromLayer:` /
    /// `toLayer:`); `nil` is absolute media time (Docs/semantics.md §3.3). The conversion goes up from
    /// `source` to absolute time with the inverse maps (a paused layer maps to its `beginTime`), then down
    /// to `destination`.
    public func convertTime(_ time: Double, from source: LayerID?, to destination: LayerID?) throws(LayerError) -> Double {
        if let invalid = InvalidValue(nonFinite: time) { throw .invalidTime(invalid) }
        var absolute = time
        if let source {
            // Up the source's chain, from the source to its root (no array: a runtime converts per add).
            try check(source)
            var index = source.index
            while index >= 0 {
                absolute = spaces[index].parentTime(fromLocal: absolute)
                index = parents[index]
            }
        }
        guard let destination else {
            guard absolute.isFinite else { throw .localTimeOverflow(layer: "(absolute)") }
            return absolute
        }
        guard absolute.isFinite else { throw .localTimeOverflow(layer: names[destination.index]) }
        return try localTime(of: destination, atMediaTime: absolute)
    }

    // MARK: Pause and resume

    /// Whether a layer is paused (its speed is 0).
    public func isPaused(_ layer: LayerID) throws(LayerError) -> Bool {
        try check(layer)
        return spaces[layer.index].speed == 0
    }

    /// The speed a paused layer had before ``pause(_:atMediaTime:)``, to resume at that speed.
    public func speedBeforePause(of layer: LayerID) throws(LayerError) -> Float? {
        try check(layer)
        return speedsBeforePause[layer.index]
    }

    /// Pauses a layer at `mediaTime` with the recipe of Apple's QA1673 (Docs/semantics.md §14.2):
    /// `P = convertTime(now, from: nil)`; `speed = 0`; `timeOffset = P`. Its subtree freezes at once.
    /// Pausing a paused layer changes nothing.
    public mutating func pause(_ layer: LayerID, atMediaTime mediaTime: Double) throws(LayerError) {
        guard try !isPaused(layer) else { return }
        let pausedTime = try localTime(of: layer, atMediaTime: mediaTime)
        speedsBeforePause[layer.index] = spaces[layer.index].speed
        spaces[layer.index].speed = 0
        spaces[layer.index].timeOffset = pausedTime
    }

    /// Resumes a paused layer at `mediaTime` (Docs/semantics.md §14.2).
    ///
    /// With `speed == 1` this is QA1673's recipe, step by step: `P = timeOffset`; `speed = 1`;
    /// `timeOffset = 0`; `beginTime = 0`; `beginTime = convertTime(now, from: nil) − P`. Local time then
    /// continues from `P` at the superlayer's rate. Any other speed keeps the same continuity exactly:
    /// `beginTime = S(now)`, `timeOffset = P`, where `S` is the superlayer's time. Resuming a layer that is not
    /// paused changes nothing.
    ///
    /// - Parameters:
    ///   - layer: the paused layer.
    ///   - mediaTime: the absolute media time of the resume.
    ///   - speed: the speed to run at; `nil` restores the speed the layer had when paused.
    public mutating func resume(_ layer: LayerID, atMediaTime mediaTime: Double, speed: Float? = 1) throws(LayerError) {
        guard try isPaused(layer) else { return }
        let rate = speed ?? speedsBeforePause[layer.index] ?? 1
        try Self.validate(TimeSpace(speed: rate), layer: names[layer.index])
        guard rate != 0 else { return }
        let pausedTime = spaces[layer.index].timeOffset
        spaces[layer.index].speed = 1
        spaces[layer.index].timeOffset = 0
        spaces[layer.index].beginTime = 0
        let superlayerTime = try localTime(of: layer, atMediaTime: mediaTime)  // = S(now) with the identity map
        if rate == 1 {
            spaces[layer.index].beginTime = superlayerTime - pausedTime
        } else {
            // `beginTime = S(now)`, `timeOffset = P`: exactly continuous for any speed. The former
            // `beginTime = S(now) − P / speed` lost P entirely when P / speed fell below an ulp of S(now)
            // (found by Fuzz/FuzzPlayer: speed 6.2e26 made a local time jump from 281.5 to 0).
            spaces[layer.index].speed = rate
            spaces[layer.index].beginTime = superlayerTime
            spaces[layer.index].timeOffset = pausedTime
        }
        speedsBeforePause[layer.index] = nil
    }

    // MARK: Checks

    @inlinable
    func check(_ layer: LayerID) throws(LayerError) {
        guard layer.index >= 0, layer.index < count else { throw .unknownLayer(layer) }
    }

    /// The indices from the root down to `layer`.
    func chain(to layer: LayerID) throws(LayerError) -> [Int] {
        try check(layer)
        var path: [Int] = []
        var index = layer.index
        while index >= 0 {
            path.append(index)
            index = parents[index]
        }
        return path.reversed()
    }

    static func validate(_ space: TimeSpace, layer: String) throws(LayerError) {
        do {
            try Timing(beginTime: space.beginTime, speed: space.speed, timeOffset: space.timeOffset).validate()
        } catch {
            throw .invalidTiming(layer: layer, error)
        }
    }

    static func validate(_ replicator: Replicator, layer: String) throws(LayerError) {
        guard replicator.instanceCount >= 0, replicator.instanceCount <= maximumInstanceCount else {
            throw .invalidInstanceCount(layer: layer, replicator.instanceCount)
        }
        if let invalid = InvalidValue(nonFinite: replicator.instanceDelay) {
            throw .invalidInstanceDelay(layer: layer, invalid)
        }
    }
}
