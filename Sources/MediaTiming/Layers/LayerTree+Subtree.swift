extension LayerTree {
    /// Calls `body` with the index of `layer` and of every layer below it (parents before their
    /// sublayers). Cost: O(layers after `layer` in insertion order).
    func forEachLayer(inSubtreeOf layer: LayerID, _ body: (Int) -> Void) {
        guard layer.index >= 0, layer.index < count else { return }
        var inside = [Bool](repeating: false, count: count - layer.index)
        inside[0] = true
        body(layer.index)
        for index in (layer.index + 1)..<count where parents[index] >= layer.index && inside[parents[index] - layer.index] {
            inside[index - layer.index] = true
            body(index)
        }
    }
}
