import MediaTiming

/// A layer drawn by a preview page: its identifier (shown as its label), its superlayer and the colour of
/// its border.
public struct PreviewLayer: Sendable, Hashable {
    /// The layer's identifier.
    public var id: String
    /// The index of the superlayer in the page's layer list (superlayers come first), or nil for a root.
    public var parent: Int?

    /// The border's colour (`borderColor`, which the library does not animate: scene layers have Core
    /// Animation's default, opaque black).
    public var borderColor: Color?

    /// Creates a layer entry.
    public init(id: String, parent: Int?, borderColor: Color? = nil) {
        self.id = id
        self.parent = parent
        self.borderColor = borderColor
    }
}
