/// Four real components `x, y, z, w`: the perspective part of a decomposed transform, the last column
/// `(m14, m24, m34, m44)` of its perspective factor (Docs/semantics.md §10.5). No perspective is
/// `(0, 0, 0, 1)`.
///
/// A plain value: any `Double` is accepted; arithmetic is component-wise (``FourComponentVector``).
public struct Vector4: Hashable, Sendable {
    /// The first component.
    public var x: Double
    /// The second component.
    public var y: Double
    /// The third component.
    public var z: Double
    /// The fourth component.
    public var w: Double

    /// Creates a vector from its four components.
    @inlinable
    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }
}

extension Vector4: FourComponentVector {}
