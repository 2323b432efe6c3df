/// A transform split into translation, scale, skew, perspective and a rotation, after the "decomposing a
/// 3D matrix" algorithm of CSS Transforms Level 2 (Docs/semantics.md §10.5). The rotation is held as a
/// quaternion in ``Transform3D/Decomposed`` (the factors that `transform` interpolates) and as unwrapped
/// Euler angles in ``TransformComponents`` (what the component key paths read and write).
///
/// The factors recompose, in `CATransform3D`'s row-vector order, as
/// ```
/// M = Scale(scale) · Skew(skew) · Rotation(rotation) · Translation(translation) · Perspective(perspective)
/// ```
/// so a point is scaled first, then skewed, rotated, translated, and finally projected. The skew factors are
/// `(xy, xz, yz)`: the upper 3×3 part of `M` has the rows `scale.x·r0`, `scale.y·(r1 + xy·r0)` and
/// `scale.z·(r2 + xz·r0 + yz·r1)`, where `r0, r1, r2` are the rows of the rotation. The perspective is the
/// last column of the perspective factor; no perspective is `(0, 0, 0, 1)`.
public struct DecomposedTransform<Rotation: TransformRotation>: Hashable, Sendable {
    /// The translation `(m41, m42, m43)` of the normalized matrix.
    public var translation: Vector3
    /// The scale factors along x, y and z; negative when the matrix mirrors.
    public var scale: Vector3
    /// The skew factors `(xy, xz, yz)`.
    public var skew: Vector3
    /// The perspective factor's last column; `(0, 0, 0, 1)` for none.
    public var perspective: Vector4
    /// The rotation: a unit quaternion with `w ≥ 0` when it comes from a decomposition
    /// (``Transform3D/Decomposed``), or Euler angles in radians, unwrapped (``TransformComponents``).
    ///
    /// **Euler angle convention** (a MediaTiming choice, Docs/semantics.md §10.5): the rotation about the x
    /// axis by `rotation.x` is applied first, then the rotation about the y axis by `rotation.y`, then the
    /// rotation about the z axis by `rotation.z`, all about the fixed axes of the layer, each in the sense of
    /// ``Transform3D/rotation(angle:x:y:z:)``. As a product in the row-vector convention: `Rx·Ry·Rz`. A pure z
    /// rotation is therefore exactly `rotation.z`, the 2-D angle of `transform.rotation`.
    public var rotation: Rotation

    /// Creates a decomposition from its parts; the defaults are those of the identity.
    @inlinable
    public init(
        translation: Vector3 = .zero, scale: Vector3 = Vector3(x: 1, y: 1, z: 1), skew: Vector3 = .zero,
        perspective: Vector4 = Vector4(x: 0, y: 0, z: 0, w: 1), rotation: Rotation = .noRotation
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.rotation = rotation
    }

    /// The decomposition of the identity.
    @inlinable
    public static var identity: Self { Self() }

    /// Whether every component is finite.
    @inlinable
    public var isFinite: Bool {
        translation.isFinite && scale.isFinite && skew.isFinite && perspective.isFinite && rotation.isFinite
    }
}

/// How a ``DecomposedTransform`` holds its rotation: a ``Quaternion`` or Euler angles in a ``Vector3``.
public protocol TransformRotation: Hashable, Sendable {
    /// No rotation: the identity quaternion, or zero angles.
    static var noRotation: Self { get }
    /// Whether every component is finite.
    var isFinite: Bool { get }
}

extension Quaternion: TransformRotation {
    /// ``identity``.
    @inlinable
    public static var noRotation: Quaternion { .identity }
}

extension Vector3: TransformRotation {
    /// Zero angles.
    @inlinable
    public static var noRotation: Vector3 { .zero }

    /// Whether all three components are finite.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}
