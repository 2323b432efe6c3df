extension Transform3D {
    /// The inverse matrix (`CATransform3DInvert`), or `nil` when the determinant is exactly zero or the
    /// result is not finite. (Core Animation returns the original matrix when it cannot invert;
    /// MediaTiming reports it, and ``AnimationValue`` turns it into ``ValueError/notInvertible``.)
    ///
    /// Computed by cofactor expansion over the 2×2 minors of the top two and bottom two rows, in a
    /// fixed order, each cofactor divided by the determinant.
    public func inverted() -> Transform3D? {
        let s0 = m11 * m22 - m21 * m12
        let s1 = m11 * m23 - m21 * m13
        let s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13
        let s4 = m12 * m24 - m22 * m14
        let s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34
        let c4 = m32 * m44 - m42 * m34
        let c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34
        let c1 = m31 * m43 - m41 * m33
        let c0 = m31 * m42 - m41 * m32
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return nil }
        let inverse = Transform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) / det,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) / det,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) / det,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) / det,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) / det,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) / det,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) / det,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) / det,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) / det,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) / det,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) / det,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) / det,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) / det,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) / det,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) / det,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) / det)
        return inverse.isFinite ? inverse : nil
    }

    /// The transform concatenated with itself `exponent` times: the identity for 0, `self` for 1,
    /// `self·self` for 2, and powers of ``inverted()`` for negative exponents (`nil` when the transform
    /// is not invertible). This is the `i·V(1)` of a cumulative transform animation
    /// (Docs/semantics.md §10.3, §10.5).
    ///
    /// Computed by repeated squaring in a fixed order (`O(log |exponent|)` products), so huge iteration
    /// counts cost little; entries may overflow to infinity, which ``AnimationValue`` reports.
    public func power(_ exponent: Int) -> Transform3D? {
        var base = self
        if exponent < 0 {
            guard let inverse = inverted() else { return nil }
            base = inverse
        }
        var remaining = exponent.magnitude
        var result = Transform3D.identity
        while remaining > 0 {
            if remaining & 1 == 1 { result = result.concatenating(base) }
            remaining >>= 1
            if remaining > 0 { base = base.concatenating(base) }
        }
        return result
    }
}
