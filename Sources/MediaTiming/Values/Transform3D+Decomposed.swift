extension Transform3D {
    /// A transform's factors with the rotation as a unit quaternion (``DecomposedTransform``): what the
    /// `transform` key path interpolates (Docs/semantics.md §10.5).
    ///
    /// `Decomposed` is a ``VectorValue`` with component-wise arithmetic over its 17 components
    /// (translation, scale, skew, perspective, quaternion), as spline keyframes need; its
    /// ``DecomposedTransform/interpolate(from:to:progress:)`` is not component-wise: it interpolates the
    /// quaternion by ``Quaternion/slerp(from:to:progress:)``.
    public typealias Decomposed = DecomposedTransform<Quaternion>
}

extension DecomposedTransform where Rotation == Quaternion {
    /// Decomposes a transform, or returns `nil` when it cannot be decomposed: when `m44 = 0`, when
    /// the upper 3×3 part is singular (its determinant is exactly 0, the CSS test), or when an entry
    /// or a resulting factor is not finite.
    ///
    /// The steps are the CSS algorithm's: divide by `m44`; solve the perspective from the last
    /// column; take the translation from the last row; factor the upper 3×3 rows by Gram–Schmidt
    /// into scale, skew and orthonormal rows; if those rows have determinant −1, negate them and the
    /// three scales. MediaTiming departs from the CSS text in one step, for accuracy: the quaternion
    /// of the orthonormal rows comes from Shepperd's method instead of the four square roots with
    /// sign tests, which lose the relative signs of `x, y, z` for half turns. Both give the same
    /// rotation elsewhere, with `w ≥ 0`.
    ///
    /// Recomposing gives the matrix divided by its `m44`, to rounding error.
    public init?(decomposing matrix: Transform3D) {
        guard matrix.m44 != 0, matrix.isFinite else { return nil }
        let d = matrix.m44
        var a0 = Vector3(x: matrix.m11 / d, y: matrix.m12 / d, z: matrix.m13 / d)
        var a1 = Vector3(x: matrix.m21 / d, y: matrix.m22 / d, z: matrix.m23 / d)
        var a2 = Vector3(x: matrix.m31 / d, y: matrix.m32 / d, z: matrix.m33 / d)
        let column = Vector3(x: matrix.m14 / d, y: matrix.m24 / d, z: matrix.m34 / d)
        let translation = Vector3(x: matrix.m41 / d, y: matrix.m42 / d, z: matrix.m43 / d)

        // The perspective: solve A·p = column (Cramer's rule), then p.w = 1 − translation·p.
        let c12 = a1.cross(a2), c20 = a2.cross(a0), c01 = a0.cross(a1)
        let determinant = a0.dot(c12)
        guard determinant != 0 else { return nil }
        var perspective = Vector4(x: 0, y: 0, z: 0, w: 1)
        if column != .zero {
            let p = Vector3(
                x: (column.x * c12.x + column.y * c20.x + column.z * c01.x) / determinant,
                y: (column.x * c12.y + column.y * c20.y + column.z * c01.y) / determinant,
                z: (column.x * c12.z + column.y * c20.z + column.z * c01.z) / determinant)
            perspective = Vector4(x: p.x, y: p.y, z: p.z, w: 1 - translation.dot(p))
        }

        // Scale and skew by Gram–Schmidt on the rows.
        var scale = Vector3(x: a0.length, y: 0, z: 0)
        guard scale.x > 0 else { return nil }
        a0 = Self.divide(a0, by: scale.x)
        var skewXY = a0.dot(a1)
        a1 = a1 - a0 * skewXY
        scale.y = a1.length
        guard scale.y > 0 else { return nil }
        a1 = Self.divide(a1, by: scale.y)
        skewXY /= scale.y
        var skewXZ = a0.dot(a2)
        a2 = a2 - a0 * skewXZ
        var skewYZ = a1.dot(a2)
        a2 = a2 - a1 * skewYZ
        scale.z = a2.length
        guard scale.z > 0 else { return nil }
        a2 = Self.divide(a2, by: scale.z)
        skewXZ /= scale.z
        skewYZ /= scale.z

        // A mirror: make the rows a proper rotation.
        if a0.dot(a1.cross(a2)) < 0 {
            scale = scale * -1
            a0 = a0 * -1
            a1 = a1 * -1
            a2 = a2 * -1
        }

        let result = Self(
            translation: translation, scale: scale, skew: Vector3(x: skewXY, y: skewXZ, z: skewYZ),
            perspective: perspective, rotation: RotationMatrix(r0: a0, r1: a1, r2: a2).quaternion)
        guard result.isFinite else { return nil }
        self = result
    }

    /// The matrix these factors describe (see ``DecomposedTransform`` for the order). The quaternion
    /// is normalized first; a zero quaternion stands for no rotation.
    public func recomposed() -> Transform3D {
        Self.compose(
            translation: translation, scale: scale, skew: skew, perspective: perspective,
            rotation: RotationMatrix(rotation.normalized))
    }

    /// Interpolates two decompositions (Docs/semantics.md §10.5): translation, scale, skew and
    /// perspective linearly (`from + (to − from)·progress`), the rotation by
    /// ``Quaternion/slerp(from:to:progress:)`` along the shorter arc. `progress` may lie outside
    /// [0, 1].
    public static func interpolate(from: Self, to: Self, progress: Double) -> Self {
        Self(
            translation: .interpolate(from: from.translation, to: to.translation, progress: progress),
            scale: .interpolate(from: from.scale, to: to.scale, progress: progress),
            skew: .interpolate(from: from.skew, to: to.skew, progress: progress),
            perspective: .interpolate(from: from.perspective, to: to.perspective, progress: progress),
            rotation: .slerp(from: from.rotation, to: to.rotation, progress: progress))
    }

    static func divide(_ v: Vector3, by divisor: Double) -> Vector3 {
        Vector3(x: v.x / divisor, y: v.y / divisor, z: v.z / divisor)
    }

    /// `Scale·Skew·Rotation·Translation·Perspective` in the row-vector convention.
    static func compose(
        translation t: Vector3, scale s: Vector3, skew: Vector3, perspective p: Vector4,
        rotation q: RotationMatrix
    ) -> Transform3D {
        let k1 = q.r1 + q.r0 * skew.x
        let k2 = q.r2 + q.r0 * skew.y + q.r1 * skew.z
        let a0 = q.r0 * s.x, a1 = k1 * s.y, a2 = k2 * s.z
        let pv = Vector3(x: p.x, y: p.y, z: p.z)
        let none = pv == .zero
        return Transform3D(
            m11: a0.x, m12: a0.y, m13: a0.z, m14: none ? 0 : a0.dot(pv),
            m21: a1.x, m22: a1.y, m23: a1.z, m24: none ? 0 : a1.dot(pv),
            m31: a2.x, m32: a2.y, m33: a2.z, m34: none ? 0 : a2.dot(pv),
            m41: t.x, m42: t.y, m43: t.z, m44: none ? p.w : t.dot(pv) + p.w)
    }
}

extension DecomposedTransform: VectorValue where Rotation == Quaternion {
    /// All 17 components zero: the additive identity, not the decomposition of a transform (see
    /// ``identity``).
    public static var zero: Self {
        Self(
        translation: .zero, scale: .zero, skew: .zero, perspective: .zero, rotation: .zero)
    }

    /// Component-wise sum.
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(
            translation: lhs.translation + rhs.translation, scale: lhs.scale + rhs.scale,
            skew: lhs.skew + rhs.skew, perspective: lhs.perspective + rhs.perspective,
            rotation: lhs.rotation + rhs.rotation)
    }

    /// Component-wise difference.
    public static func - (lhs: Self, rhs: Self) -> Self {
        Self(
            translation: lhs.translation - rhs.translation, scale: lhs.scale - rhs.scale,
            skew: lhs.skew - rhs.skew, perspective: lhs.perspective - rhs.perspective,
            rotation: lhs.rotation - rhs.rotation)
    }

    /// Every component multiplied by a scalar.
    public static func * (lhs: Self, rhs: Double) -> Self {
        Self(
            translation: lhs.translation * rhs, scale: lhs.scale * rhs, skew: lhs.skew * rhs,
            perspective: lhs.perspective * rhs, rotation: lhs.rotation * rhs)
    }

    /// The Euclidean distance over the 17 components (Docs/semantics.md §11.4).
    public func distance(to other: Self) -> Double {
        Elementary.hypot(
            Elementary.hypot(translation.distance(to: other.translation), scale.distance(to: other.scale)),
            Elementary.hypot(
                Elementary.hypot(skew.distance(to: other.skew), perspective.distance(to: other.perspective)),
                rotation.distance(to: other.rotation)))
    }
}
