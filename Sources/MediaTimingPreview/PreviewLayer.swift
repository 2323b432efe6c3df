/// A layer drawn by a preview page: its identifier (shown as its label) and its superlayer.
public struct PreviewLayer: Sendable, Hashable {
    /// The layer's identifier.
    public var id: String
    /// The index of the superlayer in the page's layer list (superlayers come first), or nil for a root.
    public var parent: Int?

    /// Creates a layer entry.
    public init(id: String, parent: Int?) {
        self.id = id
        self.parent = parent
    }
}
