/// Where a progress falls among the keyframes: the segment and the progress inside it
/// (Docs/semantics.md §11.2).
///
/// Segment `index` runs from keyframe `index` to keyframe `index + 1` (in discrete mode it is the time
/// keyframe `index` holds). `progress` is the local progress `u' = TFᵢ(u)` after the segment's timing
/// function: 0 at the start of the segment, 1 at its end. It lies outside [0, 1] only when the segment
/// timing function overshoots or when a progress outside [0, 1] is extrapolated
/// (``KeyframeSchedule/segment(at:)``).
public struct KeyframeSegment: Hashable, Sendable {
    /// The segment, in `0..<max(segmentCount, 1)`.
    public var index: Int
    /// The local progress inside the segment after its timing function.
    public var progress: Double

    /// Creates a segment position.
    @inlinable
    public init(index: Int, progress: Double) {
        self.index = index
        self.progress = progress
    }
}
