/// A handle to a layer of a ``LayerTree``: its position in the tree's storage. Handles are only
/// meaningful for the tree that issued them; a tree checks every handle it is given.
public struct LayerID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The layer's index in the order the layers were added.
    public let index: Int

    @inlinable
    init(index: Int) { self.index = index }

    public static func < (lhs: LayerID, rhs: LayerID) -> Bool { lhs.index < rhs.index }

    public var description: String { "layer #\(index)" }
}
