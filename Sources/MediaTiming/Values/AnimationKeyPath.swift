/// A key path an animation or a model value targets, parsed from the scene format's spelling
/// (`opacity`, `position.x`, `bounds.size`, `transform.rotation.z`, a custom name, …;
/// Docs/semantics.md §10.5).
///
/// A key path is a ``LayerProperty`` and, optionally, a ``KeyPathComponent`` of it. It reads its
/// component from the property's value and writes it back, leaving the rest of the value as it was:
/// `position.x` replaces the x of the position, `transform.rotation.z` replaces the z Euler angle of
/// the decomposed transform. Values of the key path have the kind ``valueKind``; the property's value has
/// the kind `property.valueKind`. Reading and writing allocate nothing.
public struct AnimationKeyPath: Hashable, Sendable, CustomStringConvertible {
    /// The key path as written.
    public let name: String
    /// The property the key path belongs to.
    public let property: LayerProperty
    /// The field of the property's value that the key path names, or `nil` for the whole value.
    public let component: KeyPathComponent?

    /// Parses a key path.
    ///
    /// The first dot-separated segment names the property. One of the eight named properties may be
    /// followed by a field of its value: for points `x`, `y`; for rects `origin`, `origin.x`,
    /// `origin.y`, `size`, `size.width`, `size.height` (Core Animation's structure fields, S12); for
    /// `transform` `rotation`, `rotation.x|y|z`, `scale`, `scale.x|y|z`, `translation`,
    /// `translation.x|y|z`. Any other name, dots included, is a custom scalar property.
    ///
    /// Throws ``ValueError/malformedKeyPath(_:)`` for an empty string or an empty segment, and
    /// ``ValueError/unknownKeyPathComponent(_:)`` for a named property followed by something that is not
    /// one of its fields (`position.z`, `opacity.x`, `transform.rotation.w`).
    public init(_ name: String) throws(ValueError) {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        guard let head = segments.first, !segments.contains(where: \.isEmpty) else {
            throw .malformedKeyPath(name)
        }
        let property = LayerProperty(name: String(head))
        var component: KeyPathComponent?
        if case .custom = property {
            self.init(name: name, property: .custom(name), component: nil)
            return
        }
        if segments.count > 1 {
            let rest = segments.dropFirst().joined(separator: ".")
            guard let field = KeyPathComponent(rawValue: rest), field.baseKind == property.valueKind else {
                throw .unknownKeyPathComponent(name)
            }
            component = field
        }
        self.init(name: name, property: property, component: component)
    }

    /// Creates a key path from a property and a component of it; throws
    /// ``ValueError/kindMismatch(expected:got:)`` when the component is not a field of the property's
    /// kind (for example `.rotationZ` of `position`).
    public init(property: LayerProperty, component: KeyPathComponent?) throws(ValueError) {
        if let component, component.baseKind != property.valueKind {
            throw .kindMismatch(expected: component.baseKind, got: property.valueKind)
        }
        let name = component.map { "\(property.name).\($0.rawValue)" } ?? property.name
        self.init(name: name, property: property, component: component)
    }

    /// Creates the key path of a whole property, named or custom (`borderWidth`); it cannot fail. Cost: O(1).
    public init(property: LayerProperty) {
        self.init(name: property.name, property: property, component: nil)
    }

    private init(name: String, property: LayerProperty, component: KeyPathComponent?) {
        self.name = name
        self.property = property
        self.component = component
    }

    public var description: String { name }

    /// The kind of the values this key path takes (an animation's `fromValue`, `values`, …).
    public var valueKind: ValueKind {
        component?.valueKind ?? property.valueKind
    }

    /// The key path's value on a layer that never set its property (``LayerProperty/modelDefault``, or
    /// the component of it: `transform.scale.x` is 1, `anchorPoint.y` is 0.5).
    public var modelDefault: AnimationValue {
        guard let component else { return property.modelDefault }
        if component.baseKind == .transform {
            return Self.read(component, of: .identity)
        }
        return Self.read(component, of: property.modelDefault) ?? property.modelDefault
    }

    /// The property's default as a ``PropertyValue``, the start of every composition.
    public var propertyDefault: PropertyValue {
        .value(property.modelDefault)
    }

    /// Reads this key path's value from its property's value.
    ///
    /// Throws ``ValueError/kindMismatch(expected:got:)`` if `base` is not of the property's kind, and,
    /// for a transform component of a matrix, ``ValueError/notDecomposable`` if the matrix cannot be
    /// decomposed. Reading the whole `transform` of components recomposes it.
    public func value(in base: PropertyValue) throws(ValueError) -> AnimationValue {
        guard base.kind == property.valueKind else {
            throw .kindMismatch(expected: property.valueKind, got: base.kind)
        }
        guard let component else { return try base.animationValue() }
        if component.baseKind == .transform {
            return Self.read(component, of: try base.transformComponents())
        }
        let value = try base.animationValue()
        guard let field = Self.read(component, of: value) else {
            throw .kindMismatch(expected: component.baseKind, got: value.kind)
        }
        return field
    }

    /// Writes `value` as this key path's value into its property's value, leaving every other part of
    /// the property's value as it was, and returns the new property value.
    ///
    /// `value` must have the kind ``valueKind`` and finite components. A transform component turns the
    /// property value into ``PropertyValue/transformComponents(_:)`` holding the written number exactly
    /// (decomposing a matrix first: ``ValueError/notDecomposable`` if it cannot be); the whole
    /// `transform` replaces everything with the matrix.
    public func setting(_ value: AnimationValue, in base: PropertyValue) throws(ValueError) -> PropertyValue {
        guard value.kind == valueKind else { throw .kindMismatch(expected: valueKind, got: value.kind) }
        guard base.kind == property.valueKind else {
            throw .kindMismatch(expected: property.valueKind, got: base.kind)
        }
        try value.validate()
        guard let component else { return .value(value) }
        if component.baseKind == .transform {
            var components = try base.transformComponents()
            Self.write(component, value, into: &components)
            return .transformComponents(components)
        }
        var whole = try base.animationValue()
        Self.write(component, value, into: &whole)
        return .value(whole)
    }

    /// The additive composition of Docs/semantics.md §10.2 through this key path: the key path's current
    /// value in `base` combined with an additive animation's `value` by ``AnimationValue/adding(_:)``,
    /// written back with ``setting(_:in:)``.
    ///
    /// For the whole `transform` this is the concatenation `CATransform3DConcat(value, running)` (U17);
    /// for a component it is the sum of the component's numbers, e.g. an additive `transform.rotation.z`
    /// adds its angle to the running angle.
    public func adding(_ value: AnimationValue, to base: PropertyValue) throws(ValueError) -> PropertyValue {
        let running = try self.value(in: base)
        return try setting(running.adding(value), in: base)
    }

    /// Applies one animation's value over the running property value (Docs/semantics.md §15):
    /// ``adding(_:to:)`` if the animation is additive, ``setting(_:in:)`` otherwise.
    public func applying(_ value: AnimationValue, to base: PropertyValue, additive: Bool) throws(ValueError)
        -> PropertyValue
    {
        additive ? try adding(value, to: base) : try setting(value, in: base)
    }

    /// The component of a transform's components.
    static func read(_ component: KeyPathComponent, of c: TransformComponents) -> AnimationValue {
        if case .translation = component { return .size(Size(width: c.translation.x, height: c.translation.y)) }
        // Not transform fields (.x, .origin, …) read 0: the parser never pairs them with a transform.
        return .scalar(readScalar(component, of: c) ?? 0)
    }

    /// A scalar transform field; nil for `translation` (a size) and for the fields of other kinds.
    static func readScalar(_ component: KeyPathComponent, of c: TransformComponents) -> Double? {
        switch component {
        case .rotation, .rotationZ: return c.rotation.z
        case .rotationX: return c.rotation.x
        case .rotationY: return c.rotation.y
        case .scale: return c.uniformScale
        case .scaleX: return c.scale.x
        case .scaleY: return c.scale.y
        case .scaleZ: return c.scale.z
        case .translationX: return c.translation.x
        case .translationY: return c.translation.y
        case .translationZ: return c.translation.z
        case .translation, .x, .y, .width, .height, .origin, .originX, .originY, .size, .sizeWidth, .sizeHeight:
            return nil
        }
    }

    /// The field of a point, size or rect value; `nil` if the value is not of the field's kind.
    static func read(_ component: KeyPathComponent, of value: AnimationValue) -> AnimationValue? {
        switch (component, value) {
        case let (.x, .point(p)): return .scalar(p.x)
        case let (.y, .point(p)): return .scalar(p.y)
        case let (.width, .size(s)): return .scalar(s.width)
        case let (.height, .size(s)): return .scalar(s.height)
        case let (.origin, .rect(r)): return .point(r.origin)
        case let (.originX, .rect(r)): return .scalar(r.x)
        case let (.originY, .rect(r)): return .scalar(r.y)
        case let (.size, .rect(r)): return .size(r.size)
        case let (.sizeWidth, .rect(r)): return .scalar(r.width)
        case let (.sizeHeight, .rect(r)): return .scalar(r.height)
        default: return nil
        }
    }

    /// Writes a transform field; `value` has the component's kind (checked by the caller).
    static func write(_ component: KeyPathComponent, _ value: AnimationValue, into c: inout TransformComponents) {
        switch (component, value) {
        case let (_, .scalar(v)): write(component, scalar: v, into: &c)
        case let (.translation, .size(s)):
            c.translation.x = s.width
            c.translation.y = s.height
        default: break
        }
    }

    /// Writes a scalar transform field (nothing for the other components).
    static func write(_ component: KeyPathComponent, scalar v: Double, into c: inout TransformComponents) {
        switch component {
        case .rotation, .rotationZ: c.rotation.z = v
        case .rotationX: c.rotation.x = v
        case .rotationY: c.rotation.y = v
        case .scale: c.uniformScale = v
        case .scaleX: c.scale.x = v
        case .scaleY: c.scale.y = v
        case .scaleZ: c.scale.z = v
        case .translationX: c.translation.x = v
        case .translationY: c.translation.y = v
        case .translationZ: c.translation.z = v
        default: break
        }
    }

    /// Writes a point, size or rect field; `value` has the component's kind (checked by the caller).
    static func write(_ component: KeyPathComponent, _ value: AnimationValue, into whole: inout AnimationValue) {
        switch (component, value, whole) {
        case let (.x, .scalar(v), .point(p)): whole = .point(Point(x: v, y: p.y))
        case let (.y, .scalar(v), .point(p)): whole = .point(Point(x: p.x, y: v))
        case let (.width, .scalar(v), .size(s)): whole = .size(Size(width: v, height: s.height))
        case let (.height, .scalar(v), .size(s)): whole = .size(Size(width: s.width, height: v))
        case let (.origin, .point(o), .rect(r)): whole = .rect(Rect(origin: o, size: r.size))
        case let (.originX, .scalar(v), .rect(r)): whole = .rect(Rect(x: v, y: r.y, width: r.width, height: r.height))
        case let (.originY, .scalar(v), .rect(r)): whole = .rect(Rect(x: r.x, y: v, width: r.width, height: r.height))
        case let (.size, .size(s), .rect(r)): whole = .rect(Rect(origin: r.origin, size: s))
        case let (.sizeWidth, .scalar(v), .rect(r)): whole = .rect(Rect(x: r.x, y: r.y, width: v, height: r.height))
        case let (.sizeHeight, .scalar(v), .rect(r)): whole = .rect(Rect(x: r.x, y: r.y, width: r.width, height: v))
        default: break
        }
    }
}

extension AnimationKeyPath {
    /// A key path of a named property, or of a field of it, built without parsing.
    static func known(_ property: LayerProperty, _ component: KeyPathComponent? = nil) -> AnimationKeyPath {
        let name = component.map { "\(property.name).\($0.rawValue)" } ?? property.name
        return AnimationKeyPath(name: name, property: property, component: component)
    }

    /// `opacity`.
    public static let opacity = known(.opacity)
    /// `position`.
    public static let position = known(.position)
    /// `bounds`.
    public static let bounds = known(.bounds)
    /// `anchorPoint` (unit coordinates of the bounds).
    public static let anchorPoint = known(.anchorPoint)
    /// `cornerRadius`.
    public static let cornerRadius = known(.cornerRadius)
    /// `backgroundColor`.
    public static let backgroundColor = known(.backgroundColor)
    /// `transform`.
    public static let transform = known(.transform)
    /// `transform.rotation` (the rotation about z).
    public static let transformRotation = known(.transform, .rotation)
    /// `transform.rotation.z`.
    public static let transformRotationZ = known(.transform, .rotationZ)
    /// `transform.scale` (uniform).
    public static let transformScale = known(.transform, .scale)
    /// `transform.translation` (x and y, as a size).
    public static let transformTranslation = known(.transform, .translation)
}
