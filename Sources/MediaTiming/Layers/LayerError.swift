/// Why a layer-tree operation was refused (Docs/semantics.md §3, §14, §18).
public enum LayerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name is already used by another layer of the tree.
    case duplicateName(String)
    /// No layer has this name.
    case unknownName(String)
    /// The handle does not belong to this tree.
    case unknownLayer(LayerID)
    /// A timing field of the layer is invalid.
    case invalidTiming(layer: String, TimingError)
    /// The replicator's instance count is negative or above ``LayerTree/maximumInstanceCount``.
    case invalidInstanceCount(layer: String, Int)
    /// The replicator's instance delay is not finite.
    case invalidInstanceDelay(layer: String, InvalidValue)
    /// A replica path names more instances than the layer's replicator ancestors have.
    case invalidReplica(layer: String, [Int])
    /// The tree would exceed ``LayerTree/maximumLayerCount`` layers.
    case tooManyLayers(limit: Int)
    /// The time asked for is not finite.
    case invalidTime(InvalidValue)
    /// A local time overflowed `Double`.
    case localTimeOverflow(layer: String)
    /// The layer is outside the tree (it, or an ancestor, was removed, Docs/semantics.md §18): it cannot
    /// be removed or moved, be a parent, or be read through a runtime.
    case notInTree(layer: String)
    /// The layer to insert is in the tree already (move it instead, Docs/semantics.md §18.2).
    case alreadyInTree(layer: String)
    /// The new parent is the layer itself or in its subtree: the move or insertion would make a cycle.
    case cycle(layer: String, parent: String)

    public var description: String {
        switch self {
        case let .duplicateName(name): return "layer \"\(name)\" already exists"
        case let .unknownName(name): return "no layer \"\(name)\""
        case let .unknownLayer(id): return "\(id) does not belong to this tree"
        case let .invalidTiming(layer, error): return "layer \"\(layer)\": \(error)"
        case let .invalidInstanceCount(layer, count):
            return "layer \"\(layer)\": instanceCount \(count) is outside 0...\(LayerTree.maximumInstanceCount)"
        case let .invalidInstanceDelay(layer, value): return "layer \"\(layer)\": instanceDelay: \(value)"
        case let .invalidReplica(layer, path): return "layer \"\(layer)\": no replica \(path)"
        case let .tooManyLayers(limit): return "a layer tree holds at most \(limit) layers"
        case let .invalidTime(value): return "time: \(value)"
        case let .localTimeOverflow(layer): return "layer \"\(layer)\": local time overflows the range of Double"
        case let .notInTree(layer): return "layer \"\(layer)\" is not in the layer tree"
        case let .alreadyInTree(layer): return "layer \"\(layer)\" is already in the layer tree"
        case let .cycle(layer, parent):
            return "layer \"\(parent)\" is \"\(layer)\" or in its subtree: it cannot become its parent"
        }
    }
}
