/// A time mapping in closed form, `t = scale · tp + offset`: a ``TimeSpace`` or the composition of a
/// chain of them (Docs/semantics.md §3.2).
///
/// Composing a chain into one map lets a deep layer convert absolute time with one multiply and one add;
/// the effective rate of the leaf is the product of the speeds. The composed map agrees with converting
/// step by step up to rounding (a few ulps of the intermediate times), not bit for bit.
public struct AffineTimeMap: Hashable, Sendable {
    /// The rate of the mapped time per unit of the source time (the product of the speeds).
    public var scale: Double
    /// The mapped time at source time 0.
    public var offset: Double

    /// Creates the map `t = scale · tp + offset`.
    @inlinable
    public init(scale: Double, offset: Double) {
        self.scale = scale
        self.offset = offset
    }

    /// The identity map.
    public static let identity = AffineTimeMap(scale: 1, offset: 0)

    /// The mapped time of `time`.
    @inlinable
    public func apply(_ time: Double) -> Double { scale * time + offset }

    /// The map that applies `self` first and then `inner`: for a parent map `self` and a child's own
    /// time space `inner`, the child's time as a function of the parent's source time.
    @inlinable
    public func followed(by inner: AffineTimeMap) -> AffineTimeMap {
        AffineTimeMap(scale: inner.scale * scale, offset: inner.scale * offset + inner.offset)
    }

    /// The composition of a chain of time spaces, root first.
    @inlinable
    public init<Chain: Sequence<TimeSpace>>(composing chain: Chain) {
        var map = AffineTimeMap.identity
        for space in chain { map = map.followed(by: space.affineMap) }
        self = map
    }
}
