extension Point: VectorValue {
    /// The Euclidean distance `√((x − x')² + (y − y')²)` between two points, the paced metric of
    /// `position` and `anchorPoint` (Docs/semantics.md §11.4). Computed with `Elementary.hypot`, so it
    /// neither overflows nor underflows in between.
    @inlinable
    public func distance(to other: Point) -> Double {
        (self - other).length
    }
}
