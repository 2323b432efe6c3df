import MediaTiming

/// The runtime's layer tree after the setup and after each script operation, each with the media time
/// from which it holds (ascending; operations at equal times keep the last tree of that time).
struct TreeHistory {
    private(set) var times: [Double] = []
    private(set) var trees: [LayerTree] = []

    /// Records the tree in effect from `time` on (`time` not before the last recorded one).
    mutating func record(_ tree: LayerTree, at time: Double) {
        if let last = times.last, last == time {
            trees[trees.count - 1] = tree
        } else {
            times.append(time)
            trees.append(tree)
        }
    }

    /// The tree in effect at `time`: the last recorded at or before it (`nil` before the first).
    func tree(at time: Double) -> LayerTree? {
        var lower = 0, upper = times.count  // first index with times[index] > time
        while lower < upper {
            let middle = (lower + upper) / 2
            if times[middle] <= time { lower = middle + 1 } else { upper = middle }
        }
        return lower == 0 ? nil : trees[lower - 1]
    }

    /// The times strictly inside `from ..< to` at which the tree changes, ascending.
    func changes(after from: Double, before to: Double) -> ArraySlice<Double> {
        var lower = 0, upper = times.count  // first index with times[index] > from
        while lower < upper {
            let middle = (lower + upper) / 2
            if times[middle] <= from { lower = middle + 1 } else { upper = middle }
        }
        var end = lower
        while end < times.count && times[end] < to { end += 1 }
        return times[lower..<end]
    }
}
