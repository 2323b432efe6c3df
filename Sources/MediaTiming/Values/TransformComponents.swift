/// A transform held as named components, the way the component key paths `transform.rotation.z`,
/// `transform.scale`, `transform.translation.x`, … read and write it (Docs/semantics.md §10.5).
///
/// Core Animation reads a component from the decomposed transform, and setting a component replaces
/// that component and leaves the others. `TransformComponents` keeps each component as the exact
/// number last written, so a cumulative `transform.rotation.z` animation that has turned to `19π/3`
/// reads back `19π/3`, not the wrapped `π/3`. The `matrix` is always recomposed from the components.
///
/// The rotation is held as Euler angles (``DecomposedTransform/rotation``, with the convention stated
/// there) instead of a quaternion, because an angle beyond a half turn must survive. The other components
/// are those of ``Transform3D/Decomposed``.
public typealias TransformComponents = DecomposedTransform<Vector3>

extension DecomposedTransform where Rotation == Vector3 {
    /// The components of a decomposition; the rotation angles are the quaternion's
    /// ``Quaternion/eulerAngles`` (x and z in [−π, π], y in [−π/2, π/2]).
    public init(_ decomposed: Transform3D.Decomposed) {
        self.init(
            translation: decomposed.translation, scale: decomposed.scale, skew: decomposed.skew,
            perspective: decomposed.perspective, rotation: decomposed.rotation.eulerAngles)
    }

    /// The components of a transform; throws ``ValueError/notDecomposable`` when it cannot be decomposed
    /// (``Transform3D/Decomposed``'s `init(decomposing:)`).
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
            rotation: Quaternion(eulerAngles: rotation))
    }

    /// The uniform scale of `transform.scale`: reading gives the average `(x + y + z)/3` of the three
    /// scale factors, and writing sets all three to the value (S12: "Average of all three scale
    /// factors"; Docs/semantics.md §10.5).
    public var uniformScale: Double {
        get { (scale.x + scale.y + scale.z) / 3 }
        set { scale = Vector3(x: newValue, y: newValue, z: newValue) }
    }
}
