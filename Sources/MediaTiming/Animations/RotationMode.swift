/// How a layer moving along a keyframe path turns (`rotationMode`, Docs/semantics.md §11.7).
public enum RotationMode: String, Hashable, Sendable, CaseIterable {
    /// Turn to match the path's tangent.
    case auto
    /// Turn to match the tangent plus 180°.
    case autoReverse
}
