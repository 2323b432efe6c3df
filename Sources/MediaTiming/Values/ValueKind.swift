/// The kinds of value an animatable key path takes (Docs/semantics.md §10.5; the scene format's
/// "Values and key paths" table).
public enum ValueKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// One number (`opacity`, `position.x`, `transform.rotation.z`, custom properties).
    case scalar
    /// `[x, y]` (`position`, `anchorPoint`).
    case point
    /// `[width, height]` (`bounds.size`, `transform.translation`).
    case size
    /// `[x, y, width, height]` (`bounds`, `contentsRect`).
    case rect
    /// `[red, green, blue, alpha]` (`backgroundColor`).
    case color
    /// Sixteen numbers, row-major `m11 … m44` (`transform`).
    case transform

    /// How many numbers a value of this kind has.
    public var componentCount: Int {
        switch self {
        case .scalar: return 1
        case .point, .size: return 2
        case .rect, .color: return 4
        case .transform: return 16
        }
    }

    /// The name of the component at `index` in the scene format's order (`x`, `width`, `alpha`, `m43`,
    /// …), or `"?"` outside `0 ..< componentCount`.
    public func componentName(_ index: Int) -> String {
        let names: [String]
        switch self {
        case .scalar: names = ["value"]
        case .point: names = ["x", "y"]
        case .size: names = ["width", "height"]
        case .rect: names = ["x", "y", "width", "height"]
        case .color: names = ["red", "green", "blue", "alpha"]
        case .transform:
            names = [
                "m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
                "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44",
            ]
        }
        return names.indices.contains(index) ? names[index] : "?"
    }

    public var description: String { rawValue }
}
