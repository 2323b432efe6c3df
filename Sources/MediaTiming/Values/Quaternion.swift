/// A quaternion `x·i + y·j + z·k + w`: the rotation part of a decomposed transform
/// (Docs/semantics.md §10.5).
///
/// A unit quaternion stands for the rotation by `θ` about the unit axis `a` when
/// `(x, y, z) = sin(θ/2)·a` and `w = cos(θ/2)`, with `θ` in the sense of
/// ``Transform3D/rotation(angle:x:y:z:)``: `q` and `−q` are the same rotation. The vector-space
/// operations (``FourComponentVector``: its `zero` is the additive identity, not a
/// rotation; see ``identity``) are component-wise, as `Transform3D.Decomposed` needs for its
/// component-wise arithmetic; they do not keep the quaternion unit. ``slerp(from:to:progress:)`` is the rotation-aware
/// interpolation.
public struct Quaternion: Hashable, Sendable {
    /// The `i` component.
    public var x: Double
    /// The `j` component.
    public var y: Double
    /// The `k` component.
    public var z: Double
    /// The real component.
    public var w: Double

    /// Creates a quaternion from its four components.
    @inlinable
    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// The unit quaternion of the rotation by `angle` radians about the axis `(axisX, axisY, axisZ)`, in
    /// the sense of ``Transform3D/rotation(angle:x:y:z:)``. The axis is normalized; a zero or non-finite
    /// axis gives ``identity`` (no rotation).
    public init(angle: Double, axisX: Double, axisY: Double, axisZ: Double) {
        let axis = Vector3(x: axisX, y: axisY, z: axisZ)
        let length = axis.length
        guard length > 0, length.isFinite else {
            self = .identity
            return
        }
        let s = Elementary.sin(angle / 2) / length
        self.init(x: axis.x * s, y: axis.y * s, z: axis.z * s, w: Elementary.cos(angle / 2))
    }

    /// No rotation, `(0, 0, 0, 1)`.
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// The four-dimensional dot product, summed in the order `x, y, z, w`.
    @inlinable
    public func dot(_ other: Quaternion) -> Double {
        x * other.x + y * other.y + z * other.z + w * other.w
    }

    /// This quaternion scaled to unit length; ``identity`` when its length is zero or not finite.
    public var normalized: Quaternion {
        let n = length
        guard n > 0, n.isFinite else { return .identity }
        return Quaternion(x: x / n, y: y / n, z: z / n, w: w / n)
    }

    /// Spherical linear interpolation along the shorter arc (Docs/semantics.md §10.5).
    ///
    /// Both inputs are normalized first. If their dot product is negative, `to` is replaced by `−to`
    /// (the same rotation), so the result turns by at most a half turn. With `Ω` the angle between the
    /// two unit quaternions, computed as `2·atan2(|a − b|, |a + b|)` (accurate for small and large
    /// angles alike), the result is `(sin((1 − t)Ω)·a + sin(tΩ)·b) / sin Ω`, so `progress` 0 gives `a`
    /// and 1 gives `b` (or `−b`, the same rotation). When the two are equal the result is `a`.
    /// `progress` outside [0, 1] extrapolates along the same great circle.
    public static func slerp(from: Quaternion, to: Quaternion, progress: Double) -> Quaternion {
        let a = from.normalized
        var b = to.normalized
        if a.dot(b) < 0 { b = b * -1 }
        let omega = 2 * Elementary.atan2(y: (a - b).length, x: (a + b).length)
        let sinOmega = Elementary.sin(omega)
        guard sinOmega > 0 else { return a }
        let wa = Elementary.sin((1 - progress) * omega) / sinOmega
        let wb = Elementary.sin(progress * omega) / sinOmega
        return a * wa + b * wb
    }

    /// The Euler angles of this rotation (normalized first), in the order and sense of
    /// ``DecomposedTransform/rotation``: rotating about x by `angles.x`, then about y by `angles.y`, then
    /// about z by `angles.z` (fixed axes) gives this rotation. `angles.x` and `angles.z` lie in [−π, π],
    /// `angles.y` in [−π/2, π/2]. At gimbal lock (`angles.y = ±π/2`, within `cos y < 1e-13`) the x angle
    /// is 0.
    public var eulerAngles: Vector3 {
        RotationMatrix(normalized).eulerAngles
    }

    /// The unit quaternion of the rotation given by Euler angles in the order and sense of
    /// ``DecomposedTransform/rotation`` (about x, then y, then z, fixed axes).
    public init(eulerAngles angles: Vector3) {
        self = RotationMatrix(eulerAngles: angles).quaternion
    }
}

extension Quaternion: FourComponentVector {}
