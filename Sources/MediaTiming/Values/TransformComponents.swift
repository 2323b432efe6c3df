/// A transform held as named components, the way the component key paths `transform.rotation.z`,
/// `transform.scale`, `transform.translation.x`, … read and write it (Docs/semantics.md §10.5).
///
/// Core Animation reads a component from the decomposed transform, and setting a component replaces
/// that component and leaves the others. `TransformComponents` keeps each component as the exact
/// number last written, so a cumulative `transform.rotation.z` animation that has turned to `19π/3`
/// reads back `19π/3`, not the wrapped `π/3`. The ``matrix`` is always recomposed from the components.
///
/// The rotation is held as Euler angles (``rotation``) instead of a quaternion, because an angle beyond
/// a half turn must survive. The other components are those of ``Transform3D/Decomposed``.
public struct TransformComponents: Hashable, Sendable {
    /// The translation along x, y and z.
    public var translation: Vector3
    /// The scale factors along x, y and z.
    public var scale: Vector3
    /// The skew factors `(xy, xz, yz)` (see ``Transform3D/Decomposed``).
    public var skew: Vector3
    /// The perspective factor's last column; `(0, 0, 0, 1)` for none.
    public var perspective: Vector4
    /// The rotation as Euler angles in radians, unwrapped (any real number).
    ///
    /// **Convention** (a MediaTiming choice, Docs/semantics.md §10.5): the rotation about the x axis by
    /// `rotation.x` is applied first, then the rotation about the y axis by `rotation.y`, then the
    /// rotation about the z axis by `rotation.z`, all about the fixed axes of the layer, each in the
    /// sense of ``Transform3D/rotation(angle:x:y:z:)``. As a product in the row-vector convention:
    /// `Rx·Ry·Rz`. A pure z rotation is therefore exactly `rotation.z`, the 2-D angle of
    /// `transform.rotation`.
    public var rotation: Vector3

    /// Creates components; the defaults are those of the identity.
    @inlinable
    public init(
        translation: Vector3 = .zero, scale: Vector3 = Vector3(x: 1, y: 1, z: 1), skew: Vector3 = .zero,
        perspective: Vector4 = Vector4(x: 0, y: 0, z: 0, w: 1), rotation: Vector3 = .zero
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.rotation = rotation
    }

    /// The components of the identity.
    public static let identity = TransformComponents()

    /// The components of a decomposition; the rotation angles are the quaternion's
    /// ``Quaternion/eulerAngles`` (x and z in [−π, π], y in [−π/2, π/2]).
    public init(_ decomposed: Transform3D.Decomposed) {
        self.init(
            translation: decomposed.translation, scale: decomposed.scale, skew: decomposed.skew,
            perspective: decomposed.perspective, rotation: decomposed.quaternion.eulerAngles)
    }

    /// The components of a transform; throws ``ValueError/notDecomposable`` when it cannot be decomposed
    /// (``Transform3D/Decomposed/init(decomposing:)``).
    public init(decomposing matrix: Transform3D) throws(ValueError) {
        guard let decomposed = Transform3D.Decomposed(decomposing: matrix) else { throw .notDecomposable }
        self.init(decomposed)
    }

    /// The matrix these components describe: `Scale·Skew·Rx·Ry·Rz·Translation·Perspective` in the
    /// row-vector convention (see ``Transform3D/Decomposed``).
    public var matrix: Transform3D {
        Transform3D.Decomposed.compose(
            translation: translation, scale: scale, skew: skew, perspective: perspective,
            rotation: RotationMatrix(eulerAngles: rotation))
    }

    /// The decomposition with the rotation as a quaternion (the Euler angles lose their turns).
    public var decomposed: Transform3D.Decomposed {
        Transform3D.Decomposed(
            translation: translation, scale: scale, skew: skew, perspective: perspective,
            quaternion: Quaternion(eulerAngles: rotation))
    }

    /// The uniform scale of `transform.scale`: reading gives the average `(x + y + z)/3` of the three
    /// scale factors, and writing sets all three to the value (S12: "Average of all three scale
    /// factors"; Docs/semantics.md §10.5).
    public var uniformScale: Double {
        get { (scale.x + scale.y + scale.z) / 3 }
        set { scale = Vector3(x: newValue, y: newValue, z: newValue) }
    }

    /// Whether every component is finite.
    public var isFinite: Bool {
        translation.x.isFinite && translation.y.isFinite && translation.z.isFinite
            && scale.x.isFinite && scale.y.isFinite && scale.z.isFinite
            && skew.x.isFinite && skew.y.isFinite && skew.z.isFinite
            && perspective.x.isFinite && perspective.y.isFinite && perspective.z.isFinite
            && perspective.w.isFinite
            && rotation.x.isFinite && rotation.y.isFinite && rotation.z.isFinite
    }
}
