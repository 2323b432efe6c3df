extension LayerTree {
    /// The local time (replica 0) of the layer at `index` at `mediaTime`, for the runtime's frame pass:
    /// the bits of ``localTime(of:replica:atMediaTime:)`` (the same operations in the same order), but a
    /// non-finite result (overflow) is returned instead of thrown. Cost: one walk up the layer's chain
    /// of runs (O(depth)), allocating nothing unless the chain has more than `stackDepth` runs.
    func passLocalTime(of index: Int, atMediaTime mediaTime: Double) -> Double {
        if let t = try? localTimeOfFirstReplica(of: LayerID(index: index), atMediaTime: mediaTime) { return t }
        var chain: [Int] = []
        var next = index
        while next >= 0 {
            chain.append(next)
            next = parents[next]
        }
        var t = mediaTime
        for position in chain.indices.reversed() {
            let layer = chain[position]
            if position + 1 < chain.count, let replicator = replicators[chain[position + 1]] {
                t -= Double(0) * replicator.instanceDelay
            }
            t = spaces[layer].localTime(fromParent: t)
        }
        return t
    }
}
