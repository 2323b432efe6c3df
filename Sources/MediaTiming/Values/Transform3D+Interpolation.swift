extension Transform3D {
    /// Interpolates two transforms as Core Animation's `transform` key path does (Docs/semantics.md
    /// §10.1, §10.5): decompose both (``Transform3D/Decomposed``'s `init(decomposing:)`),
    /// interpolate the factors (``DecomposedTransform/interpolate(from:to:progress:)``: linear, with a shortest-path slerp for the
    /// rotation), recompose.
    ///
    /// * `progress` 0 and 1 return `from` and `to` exactly, so a filled animation shows its end value
    ///   bit for bit; in between, the result is the recomposition (normalized to `m44 = 1`).
    /// * If either transform cannot be decomposed (singular, or `m44 = 0`), the interpolation is
    ///   discrete, as CSS Transforms prescribes: `from` for `progress < 0.5`, `to` otherwise.
    /// * `progress` may lie outside [0, 1] (overshooting timing functions, springs): the factors
    ///   extrapolate.
    public static func interpolate(from: Transform3D, to: Transform3D, progress: Double) -> Transform3D {
        if progress == 0 { return from }
        if progress == 1 { return to }
        guard let a = Decomposed(decomposing: from), let b = Decomposed(decomposing: to) else {
            return progress < 0.5 ? from : to
        }
        return Decomposed.interpolate(from: a, to: b, progress: progress).recomposed()
    }
}
