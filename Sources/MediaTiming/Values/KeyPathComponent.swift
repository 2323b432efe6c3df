/// A field of a property value that a key path can name after the property (`position.x`,
/// `bounds.size`, `transform.rotation.z`): Core Animation's key-path support for structure fields
/// (S12; Docs/semantics.md §10.5). The raw value is the field's spelling after the property's name.
public enum KeyPathComponent: String, Hashable, Sendable, CaseIterable {
    // Fields of a point (`CGPoint`).
    /// The x coordinate of a point.
    case x
    /// The y coordinate of a point.
    case y
    // Fields of a size (`CGSize`).
    /// The width of a size.
    case width
    /// The height of a size.
    case height
    // Fields of a rect (`CGRect`).
    /// A rect's origin, a point.
    case origin
    /// The x coordinate of a rect's origin.
    case originX = "origin.x"
    /// The y coordinate of a rect's origin.
    case originY = "origin.y"
    /// A rect's size.
    case size
    /// The width of a rect's size.
    case sizeWidth = "size.width"
    /// The height of a rect's size.
    case sizeHeight = "size.height"
    // Fields of a transform (`CATransform3D`), read from and written to ``TransformComponents``.
    /// The rotation about z, in radians (the same field as ``rotationZ``).
    case rotation
    /// The Euler angle about x, in radians.
    case rotationX = "rotation.x"
    /// The Euler angle about y, in radians.
    case rotationY = "rotation.y"
    /// The Euler angle about z, in radians.
    case rotationZ = "rotation.z"
    /// The uniform scale: reads the average of the three scale factors, writes all three.
    case scale
    /// The scale factor along x.
    case scaleX = "scale.x"
    /// The scale factor along y.
    case scaleY = "scale.y"
    /// The scale factor along z.
    case scaleZ = "scale.z"
    /// The translation along x and y, a size `(x, y)` (`CGSize`, as in Core Animation).
    case translation
    /// The translation along x.
    case translationX = "translation.x"
    /// The translation along y.
    case translationY = "translation.y"
    /// The translation along z.
    case translationZ = "translation.z"

    /// The kind of value this component is a field of.
    public var baseKind: ValueKind {
        switch self {
        case .x, .y: return .point
        case .width, .height: return .size
        case .origin, .originX, .originY, .size, .sizeWidth, .sizeHeight: return .rect
        default: return .transform
        }
    }

    /// The kind of the component's own values.
    public var valueKind: ValueKind {
        switch self {
        case .origin: return .point
        case .size, .translation: return .size
        default: return .scalar
        }
    }
}
