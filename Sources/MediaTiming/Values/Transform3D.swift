/// A 4×4 transform matrix with the layout and conventions of `CATransform3D` (Docs/semantics.md §10.5).
///
/// The sixteen entries `m11 … m44` are stored row-major, as the scene format lists them. Core Animation
/// multiplies **row vectors**: a point `(x, y, z)` maps to `(x, y, z, 1)·M`, so the translation sits in
/// `m41, m42, m43` and the perspective terms in `m14, m24, m34`. ``concatenating(_:)`` is
/// `CATransform3DConcat`: `a.concatenating(b) = a·b` applies `a` first, then `b`.
///
/// Like ``Point``, a transform accepts any `Double`; ``AnimationValue/validate()`` rejects non-finite
/// entries with a typed error. Arithmetic is IEEE 754 double arithmetic in a fixed order with no fused
/// operations, so results are the same on every machine.
public struct Transform3D: Hashable, Sendable {
    /// Row 1: the image of the x axis (`m11 … m13`) and its perspective term `m14`.
    public var m11: Double, m12: Double, m13: Double, m14: Double
    /// Row 2: the image of the y axis (`m21 … m23`) and its perspective term `m24`.
    public var m21: Double, m22: Double, m23: Double, m24: Double
    /// Row 3: the image of the z axis (`m31 … m33`) and its perspective term `m34`.
    public var m31: Double, m32: Double, m33: Double, m34: Double
    /// Row 4: the translation (`m41 … m43`) and the homogeneous weight `m44`.
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// Creates a transform from its sixteen entries, row by row.
    @inlinable
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m14 = m14
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m24 = m24
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
        self.m34 = m34
        self.m41 = m41
        self.m42 = m42
        self.m43 = m43
        self.m44 = m44
    }

    /// Creates a transform from sixteen numbers in row-major order `m11, m12, …, m44`, the scene
    /// format's layout. Throws ``ValueError/wrongComponentCount(_:expected:got:)`` for any other count
    /// and ``ValueError/nonFiniteComponent(_:index:_:)`` for a NaN or infinite entry.
    public init(rowMajor numbers: some Collection<Double>) throws(ValueError) {
        guard numbers.count == 16 else {
            throw .wrongComponentCount(.transform, expected: 16, got: numbers.count)
        }
        var m = Transform3D.identity
        var index = 0
        for value in numbers {
            if let invalid = InvalidValue(nonFinite: value) {
                throw .nonFiniteComponent(.transform, index: index, invalid)
            }
            m[index] = value
            index += 1
        }
        self = m
    }

    /// The sixteen entries in row-major order `m11, m12, …, m44` (allocates an array: for output, not for
    /// per-frame work).
    public var rowMajor: [Double] {
        (0..<16).map { self[$0] }
    }

    /// The entry at a row-major index `0 ..< 16` (`0` is `m11`, `3` is `m14`, `12` is `m41`). An index
    /// outside that range reads as 0 and writes are ignored.
    @inlinable
    public subscript(index: Int) -> Double {
        get {
            switch index {
            case 0: return m11
            case 1: return m12
            case 2: return m13
            case 3: return m14
            case 4: return m21
            case 5: return m22
            case 6: return m23
            case 7: return m24
            case 8: return m31
            case 9: return m32
            case 10: return m33
            case 11: return m34
            case 12: return m41
            case 13: return m42
            case 14: return m43
            case 15: return m44
            default: return 0
            }
        }
        set {
            switch index {
            case 0: m11 = newValue
            case 1: m12 = newValue
            case 2: m13 = newValue
            case 3: m14 = newValue
            case 4: m21 = newValue
            case 5: m22 = newValue
            case 6: m23 = newValue
            case 7: m24 = newValue
            case 8: m31 = newValue
            case 9: m32 = newValue
            case 10: m33 = newValue
            case 11: m34 = newValue
            case 12: m41 = newValue
            case 13: m42 = newValue
            case 14: m43 = newValue
            case 15: m44 = newValue
            default: break
            }
        }
    }

    /// `CATransform3DIdentity`.
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// `CATransform3DMakeTranslation(x, y, z)`: the identity with `m41 = x, m42 = y, m43 = z`.
    public static func translation(x: Double, y: Double, z: Double) -> Transform3D {
        var m = identity
        m.m41 = x
        m.m42 = y
        m.m43 = z
        return m
    }

    /// `CATransform3DMakeScale(x, y, z)`: the identity with `m11 = x, m22 = y, m33 = z`.
    public static func scale(x: Double, y: Double, z: Double) -> Transform3D {
        var m = identity
        m.m11 = x
        m.m22 = y
        m.m33 = z
        return m
    }

    /// `CATransform3DMakeRotation(angle, x, y, z)`: the rotation by `angle` radians about the axis
    /// `(x, y, z)` through the origin (Docs/semantics.md §10.5).
    ///
    /// **Sign convention.** The matrix is the transpose of the right-hand-rule rotation matrix for
    /// column vectors, so that with row vectors a positive angle turns the x axis toward the y axis:
    /// about z, `m11 = m22 = cos θ`, `m12 = sin θ`, `m21 = −sin θ`, the same matrix as
    /// `CGAffineTransformMakeRotation(θ)`. In general, with the axis normalized to `(u, v, w)`,
    /// `c = cos θ`, `s = sin θ`:
    /// ```
    /// m11 = c + (1−c)u²     m12 = (1−c)uv + s·w   m13 = (1−c)uw − s·v
    /// m21 = (1−c)uv − s·w   m22 = c + (1−c)v²     m23 = (1−c)vw + s·u
    /// m31 = (1−c)uw + s·v   m32 = (1−c)vw − s·u   m33 = c + (1−c)w²
    /// ```
    /// Apple leaves a zero axis undefined; MediaTiming returns the identity for a zero or non-finite
    /// axis, as CSS's `rotate3d` does for a zero vector.
    public static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let axis = Vector3(x: x, y: y, z: z)
        let length = axis.length
        guard length > 0, length.isFinite else { return identity }
        let u = x / length, v = y / length, w = z / length
        let c = Elementary.cos(angle), s = Elementary.sin(angle)
        let t = 1 - c
        return Transform3D(
            m11: c + t * u * u, m12: t * u * v + s * w, m13: t * u * w - s * v, m14: 0,
            m21: t * u * v - s * w, m22: c + t * v * v, m23: t * v * w + s * u, m24: 0,
            m31: t * u * w + s * v, m32: t * v * w - s * u, m33: c + t * w * w, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// `CATransform3DConcat(self, other)`: the product `self·other`, which applies `self` first and then
    /// `other` to a row vector. Each entry is `Σₖ self[i][k]·other[k][j]`, summed for `k = 1 … 4` in that
    /// order.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let a = self, b = other
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// `CATransform3DIsIdentity`: every entry equals the identity's (`-0` counts as 0).
    public var isIdentity: Bool {
        self == .identity
    }

    /// `CATransform3DIsAffine`: the transform is exactly a 2-D affine transform (`CGAffineTransform`),
    /// that is `m13 = m14 = m23 = m24 = m31 = m32 = m34 = m43 = 0` and `m33 = m44 = 1`.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m34 == 0 && m43 == 0
            && m33 == 1 && m44 == 1
    }

    /// Whether all sixteen entries are finite.
    public var isFinite: Bool {
        for index in 0..<16 where !self[index].isFinite { return false }
        return true
    }
}
