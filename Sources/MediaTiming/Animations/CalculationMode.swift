/// How a keyframe animation computes the values between its keyframes (`calculationMode`,
/// Docs/semantics.md §11).
public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
    /// Linear interpolation between consecutive values (Docs/semantics.md §11.2).
    case linear
    /// Each value holds until the next keyframe; nothing is interpolated (Docs/semantics.md §11.3).
    case discrete
    /// Linear interpolation with key times computed from the distances between values, so that the
    /// animation moves at a constant speed (Docs/semantics.md §11.4).
    case paced
    /// A Kochanek–Bartels spline through the values (Catmull–Rom when tension, continuity and bias are
    /// all zero, Docs/semantics.md §11.5).
    case cubic
    /// The ``cubic`` spline with key times computed as in ``paced`` (Docs/semantics.md §11.4, §11.5).
    case cubicPaced

    /// Whether the key times come from the distances between keyframes; `keyTimes` and the per-segment
    /// `timingFunctions` are then ignored (Docs/semantics.md §11.1).
    @inlinable
    public var isPaced: Bool { self == .paced || self == .cubicPaced }

    /// Whether values between keyframes follow the Kochanek–Bartels spline (Docs/semantics.md §11.5).
    @inlinable
    public var isCubic: Bool { self == .cubic || self == .cubicPaced }
}
