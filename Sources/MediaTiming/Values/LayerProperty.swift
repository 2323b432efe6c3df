/// An animatable property of a layer, the base of an ``AnimationKeyPath`` (Docs/semantics.md §10.5;
/// the scene format's "Values and key paths" table).
///
/// Any name other than the eight `CALayer` properties below is a custom scalar property, animatable like
/// `opacity` (the custom properties `time` and `volume` of the clock and volume examples): `CALayer` is a key-value coding container that
/// stores values for arbitrary keys.
public enum LayerProperty: Hashable, Sendable, CustomStringConvertible {
    /// `opacity`, a scalar; model default 1.
    case opacity
    /// `position`, a point; model default `(0, 0)`.
    case position
    /// `bounds`, a rect; model default the zero rect.
    case bounds
    /// `anchorPoint`, a point; model default `(0.5, 0.5)`.
    case anchorPoint
    /// `cornerRadius`, a scalar; model default 0.
    case cornerRadius
    /// `backgroundColor`, a color; model default `nil`, which animates as transparent black
    /// ``Color/clear``.
    case backgroundColor
    /// `contentsRect`, a rect; model default `(0, 0, 1, 1)`.
    case contentsRect
    /// `transform`, a 4×4 transform; model default the identity.
    case transform
    /// Any other name: a scalar; model default 0.
    case custom(String)

    /// The eight named properties.
    public static let named: [LayerProperty] = [
        .opacity, .position, .bounds, .anchorPoint, .cornerRadius, .backgroundColor, .contentsRect, .transform,
    ]

    /// The property with this name: one of the eight named properties, or ``custom(_:)``.
    public init(name: String) {
        switch name {
        case "opacity": self = .opacity
        case "position": self = .position
        case "bounds": self = .bounds
        case "anchorPoint": self = .anchorPoint
        case "cornerRadius": self = .cornerRadius
        case "backgroundColor": self = .backgroundColor
        case "contentsRect": self = .contentsRect
        case "transform": self = .transform
        default: self = .custom(name)
        }
    }

    /// The property's name, as key paths spell it.
    public var name: String {
        switch self {
        case .opacity: return "opacity"
        case .position: return "position"
        case .bounds: return "bounds"
        case .anchorPoint: return "anchorPoint"
        case .cornerRadius: return "cornerRadius"
        case .backgroundColor: return "backgroundColor"
        case .contentsRect: return "contentsRect"
        case .transform: return "transform"
        case let .custom(name): return name
        }
    }

    public var description: String { name }

    /// The kind of the property's values.
    public var valueKind: ValueKind {
        switch self {
        case .opacity, .cornerRadius, .custom: return .scalar
        case .position, .anchorPoint: return .point
        case .bounds, .contentsRect: return .rect
        case .backgroundColor: return .color
        case .transform: return .transform
        }
    }

    /// The model value of a layer that never set this property: `CALayer`'s defaults, with a `nil`
    /// background color read as transparent black and 0 for a custom property (Docs/semantics.md §10.5).
    public var modelDefault: AnimationValue {
        switch self {
        case .opacity: return .scalar(1)
        case .position: return .point(.zero)
        case .bounds: return .rect(.zero)
        case .anchorPoint: return .point(Point(x: 0.5, y: 0.5))
        case .cornerRadius: return .scalar(0)
        case .backgroundColor: return .color(.clear)
        case .contentsRect: return .rect(Rect(x: 0, y: 0, width: 1, height: 1))
        case .transform: return .transform(.identity)
        case .custom: return .scalar(0)
        }
    }
}
