/// A 3×3 rotation matrix in `CATransform3D`'s row-vector convention (a point `p` maps to `p·M`), kept
/// as its three rows: the conversions between quaternions, Euler angles and the rotation part of a
/// transform (Docs/semantics.md §10.5).
///
/// For the unit quaternion `(x, y, z, w)` the rows are the transpose of the usual column-vector
/// rotation matrix, so that the rotation by `θ` about z has `m12 = sin θ`, as
/// ``Transform3D/rotation(angle:x:y:z:)`` does.
struct RotationMatrix: Sendable {
    var r0: Vector3
    var r1: Vector3
    var r2: Vector3

    init(r0: Vector3, r1: Vector3, r2: Vector3) {
        self.r0 = r0
        self.r1 = r1
        self.r2 = r2
    }

    /// The rotation of a unit quaternion (the caller normalizes).
    init(_ q: Quaternion) {
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        r0 = Vector3(x: 1 - 2 * (y * y + z * z), y: 2 * (x * y + z * w), z: 2 * (x * z - y * w))
        r1 = Vector3(x: 2 * (x * y - z * w), y: 1 - 2 * (x * x + z * z), z: 2 * (y * z + x * w))
        r2 = Vector3(x: 2 * (x * z + y * w), y: 2 * (y * z - x * w), z: 1 - 2 * (x * x + y * y))
    }

    /// The rotation about x by `angles.x`, then about y by `angles.y`, then about z by `angles.z`
    /// (fixed axes): the product `Rx·Ry·Rz` of the three ``Transform3D/rotation(angle:x:y:z:)`` matrices
    /// in the row-vector convention.
    init(eulerAngles angles: Vector3) {
        let (sx, cx) = (Elementary.sin(angles.x), Elementary.cos(angles.x))
        let (sy, cy) = (Elementary.sin(angles.y), Elementary.cos(angles.y))
        let (sz, cz) = (Elementary.sin(angles.z), Elementary.cos(angles.z))
        r0 = Vector3(x: cz * cy, y: sz * cy, z: -sy)
        r1 = Vector3(x: cz * sy * sx - sz * cx, y: sz * sy * sx + cz * cx, z: cy * sx)
        r2 = Vector3(x: cz * sy * cx + sz * sx, y: sz * sy * cx - cz * sx, z: cy * cx)
    }

    /// The unit quaternion of this rotation (Shepperd's method: the largest of `|w|, |x|, |y|, |z|` is
    /// taken from the diagonal and the others from off-diagonal sums and differences, which stays
    /// accurate for half turns), with `w ≥ 0`. When `w = 0` the sign is the one whose largest component
    /// is positive.
    var quaternion: Quaternion {
        let m00 = r0.x, m01 = r0.y, m02 = r0.z
        let m10 = r1.x, m11 = r1.y, m12 = r1.z
        let m20 = r2.x, m21 = r2.y, m22 = r2.z
        let trace = m00 + m11 + m22
        var q: Quaternion
        if trace >= m00 && trace >= m11 && trace >= m22 {
            let w = (1 + trace).squareRoot() / 2
            let f = 0.25 / w
            q = Quaternion(x: (m12 - m21) * f, y: (m20 - m02) * f, z: (m01 - m10) * f, w: w)
        } else if m00 >= m11 && m00 >= m22 {
            let x = (1 + m00 - m11 - m22).squareRoot() / 2
            let f = 0.25 / x
            q = Quaternion(x: x, y: (m01 + m10) * f, z: (m02 + m20) * f, w: (m12 - m21) * f)
        } else if m11 >= m22 {
            let y = (1 - m00 + m11 - m22).squareRoot() / 2
            let f = 0.25 / y
            q = Quaternion(x: (m01 + m10) * f, y: y, z: (m12 + m21) * f, w: (m20 - m02) * f)
        } else {
            let z = (1 - m00 - m11 + m22).squareRoot() / 2
            let f = 0.25 / z
            q = Quaternion(x: (m02 + m20) * f, y: (m12 + m21) * f, z: z, w: (m01 - m10) * f)
        }
        if q.w < 0 { q = q * -1 }
        return q.normalized
    }

    /// Euler angles `(x, y, z)` with `Rx(x)·Ry(y)·Rz(z)` equal to this rotation: `y = atan2(−m02,
    /// hypot(m00, m01))` in [−π/2, π/2], `x = atan2(m12, m22)`, and `z = atan2(m01, m00)` away from
    /// gimbal lock.
    ///
    /// At gimbal lock only `x − z` (or `x + z`) is defined. When `cos y = hypot(m12, m22)` is below
    /// ``gimbalLockThreshold`` (rounding noise after a decomposition), `x` is taken as 0. Near gimbal
    /// lock (`|m02| > 1/2`) `z` is solved from `m10` and `m11` given `x` and `y`, which stay well
    /// conditioned there, so recomposing the angles reproduces the matrix to rounding error at every
    /// attitude (to `1e-13` when `x` is set to 0).
    var eulerAngles: Vector3 {
        let pitch = Elementary.atan2(y: -r0.z, x: Elementary.hypot(r0.x, r0.y))
        let cosPitch = Elementary.hypot(r1.z, r2.z)
        let roll = cosPitch < Self.gimbalLockThreshold ? 0 : Elementary.atan2(y: r1.z, x: r2.z)
        let yaw: Double
        if r0.z.magnitude > 0.5 {
            // m10 = cz·sy·sx − sz·cx and m11 = sz·sy·sx + cz·cx: solve for (cz, sz).
            let a = -r0.z * Elementary.sin(roll)
            let b = Elementary.cos(roll)
            yaw = Elementary.atan2(y: a * r1.y - b * r1.x, x: a * r1.x + b * r1.y)
        } else {
            yaw = Elementary.atan2(y: r0.y, x: r0.x)
        }
        return Vector3(x: roll, y: pitch, z: yaw)
    }

    /// Below this `cos y` the rotation is treated as gimbal-locked when reading Euler angles.
    static let gimbalLockThreshold = 1e-13
}
