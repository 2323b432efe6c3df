/// The values of a layer's properties, by property: a layer's model, or its presentation while
/// animations are applied (Docs/semantics.md §10.2, §15).
///
/// A small ordered table: lookups are linear (a layer animates a handful of properties), copying the
/// values of one table into another of the same properties allocates nothing.
public struct LayerValues: Sendable, Hashable {
    /// The properties present, in the order they were first set.
    public private(set) var properties: [LayerProperty] = []
    /// The value of each property, parallel to ``properties``.
    public private(set) var values: [PropertyValue] = []

    /// Creates an empty table.
    public init() {}

    /// The index of `property`, if present.
    @inlinable
    public func index(of property: LayerProperty) -> Int? {
        properties.firstIndex(of: property)
    }

    /// The index of `property`: `hint` when it holds it (a frame plan's resolved slot), else a search.
    @inline(__always)
    func index(of property: LayerProperty, hint: Int) -> Int? {
        if hint >= 0, hint < properties.count, properties.withUnsafeBufferPointer({ $0[hint] == property }) { return hint }
        return index(of: property)
    }

    /// The value of `property`, or its Core Animation default when absent.
    public func value(of property: LayerProperty) -> PropertyValue {
        index(of: property).map { values[$0] } ?? .value(property.modelDefault)
    }

    /// Sets `property`, adding it if absent. Cost: O(properties); adding the first property, when it is
    /// one of ``LayerProperty/named``, allocates only its value (the one-property lists are shared).
    public mutating func set(_ value: PropertyValue, for property: LayerProperty) {
        if let index = index(of: property) {
            values[index] = value
        } else {
            append(value, for: property)
        }
    }

    /// Adds `property`, absent, with `value`: the first named property takes its shared one-property list.
    private mutating func append(_ value: PropertyValue, for property: LayerProperty) {
        if properties.isEmpty, let index = Self.namedIndex(of: property) {
            properties = Self.singleLists[index]
        } else {
            properties.append(property)
        }
        values.append(value)
    }

    /// The one-property lists of the named properties, shared by every table that holds only one of them
    /// (a layer usually animates one property: harness row S6).
    private static let singleLists: [[LayerProperty]] = LayerProperty.named.map { [$0] }
    /// The one-value lists of the named properties' defaults, shared by every table that holds only one
    /// of them at its default (a runtime's model of a layer whose animated property was never set).
    private static let singleDefaults: [[PropertyValue]] = LayerProperty.named.map { [.value($0.modelDefault)] }

    /// The index of a named property in ``LayerProperty/named`` (and in the shared lists); nil for a custom
    /// one. O(named properties).
    private static func namedIndex(of property: LayerProperty) -> Int? {
        LayerProperty.named.firstIndex(of: property)
    }

    /// Makes sure `property` is present (with its default value when it was absent). In an empty table, a
    /// named property and its default are shared lists: nothing is allocated until a value is set.
    mutating func ensure(_ property: LayerProperty) {
        guard index(of: property) == nil else { return }
        if properties.isEmpty, let index = Self.namedIndex(of: property) {
            properties = Self.singleLists[index]
            values = Self.singleDefaults[index]
        } else {
            append(.value(property.modelDefault), for: property)
        }
    }

    /// Makes sure `property` is present, as ``ensure(_:)`` does, sharing `other`'s list of properties when
    /// the two lists are then equal (a runtime's model and presentation tables of a layer hold the same
    /// properties): one array for both. O(properties).
    mutating func ensure(_ property: LayerProperty, like other: LayerValues) {
        guard index(of: property) == nil else { return }
        if other.properties.count == properties.count + 1, other.properties.last == property,
            other.properties.dropLast().elementsEqual(properties)
        {
            properties = other.properties
            values.append(.value(property.modelDefault))
        } else {
            append(.value(property.modelDefault), for: property)
        }
    }

    /// Replaces every value with `other`'s, which must hold the same properties in the same order.
    mutating func overwrite(with other: LayerValues) {
        if properties == other.properties {
            // Share the other table's (equal) property list once: later comparisons are identity checks.
            if !properties.isEmpty, properties.withUnsafeBufferPointer({ $0.baseAddress })
                != other.properties.withUnsafeBufferPointer({ $0.baseAddress })
            {
                properties = other.properties
            }
            // One pass over both buffers (subscripting checked uniqueness per element).
            other.values.withUnsafeBufferPointer { source in
                values.withUnsafeMutableBufferPointer { target in
                    for index in target.indices { target[index] = source[index] }
                }
            }
        } else {
            self = other
        }
    }

    /// Replaces every value with `source`'s `count` values, when this table holds `count` values
    /// (the properties of the table they were copied from, in its order: the caller knows) and returns
    /// true; returns false, changing nothing, otherwise.
    mutating func restore(from source: UnsafePointer<PropertyValue>, count: Int) -> Bool {
        guard values.count == count else { return false }
        values.withUnsafeMutableBufferPointer { target in
            guard let base = target.baseAddress else { return }
            base.update(from: source, count: count)
        }
        return true
    }

    /// Replaces the values at the set bits of `slots` (indices below 64 and below the count) with
    /// `source`'s values at the same indices (the caller's copy of the values this table restores to).
    mutating func restore(slots: UInt64, from source: UnsafePointer<PropertyValue>) {
        values.withUnsafeMutableBufferPointer { target in
            var remaining = slots
            while remaining != 0 {
                let index = remaining.trailingZeroBitCount
                remaining &= remaining - 1
                if index < target.count { target[index] = source[index] }
            }
        }
    }

    /// Stores `components` as the value at `index` when `index` holds `property` (and returns true);
    /// returns false, changing nothing, otherwise. For a frame plan that knows what the slot held
    /// (`FramePlan.Pass`).
    mutating func setComponents(_ components: TransformComponents, for property: LayerProperty, at index: Int) -> Bool {
        guard index >= 0, index < values.count, properties.withUnsafeBufferPointer({ $0[index] == property }) else { return false }
        values.withUnsafeMutableBufferPointer { buffer in
            guard let slot = buffer.baseAddress.map({ $0 + index }) else { return }
            // Over components (the slot's form after an earlier frame's write), the payload in place.
            if let layout = PropertyValueSlot.layout, PropertyValueSlot.form(of: slot, layout) == .components {
                PropertyValueSlot(slot).storeComponents(components)
            } else {
                slot.pointee = .transformComponents(components)
            }
        }
        return true
    }

    /// Sets the value at `index`.
    mutating func set(_ value: PropertyValue, at index: Int) { values[index] = value }

    /// Writes the number `value` through the scalar key path `keyPath` in place, exactly as
    /// `set(keyPath.setting(.scalar(value), in: current), at: index)` would, and returns true; returns
    /// false, changing nothing, when that would not simply succeed: `value` is not finite, the property
    /// is absent, or `keyPath` is neither a whole scalar property, nor a scalar field of a point, size
    /// or rect property holding one (`position.x`, `bounds.size.width`), nor a scalar transform component
    /// of a decomposable transform. The caller then takes the general path (the lanes of
    /// `PreparedProperty`).
    ///
    /// - Parameter hintHoldsKind: the caller knows that the value at `hint` is a number (a frame plan
    ///   whose pass has not written the slot since restoring a model value that is one,
    ///   `FramePlan.Record.modelHoldsLaneKind`): a whole-property write then stores the number without
    ///   matching on the value (which copied it).
    mutating func setScalar(_ value: Double, for keyPath: AnimationKeyPath, hint: Int = -1, hintHoldsKind: Bool = false) -> Bool {
        guard value.isFinite, let index = index(of: keyPath.property, hint: hint) else { return false }
        let component = keyPath.component
        if let component, component.valueKind != .scalar { return false }
        return values.withUnsafeMutableBufferPointer { buffer in
            guard let slot = buffer.baseAddress.map({ $0 + index }) else { return false }
            // In place when the slot's case takes the number as it is (PropertyValueSlot).
            if let layout = PropertyValueSlot.layout {
                let place = PropertyValueSlot(slot)
                if hintHoldsKind, index == hint, component == nil {
                    place.store(value, at: (0, 0, 0, 1))
                    return true
                }
                if let offsets = place.scalarOffsets(component: component, layout) {
                    place.store(value, at: offsets)
                    return true
                }
            }
            return slot.pointee.setScalar(value, component: component)
        }
    }

    /// Writes the point `value` as the whole point property of `keyPath` (`position`, `anchorPoint`) in
    /// place, exactly as `set(keyPath.setting(.point(value), in: current), at: index)` would, and returns
    /// true; returns false, changing nothing, when that would not simply succeed (a coordinate is not
    /// finite, the property is absent or not a point, or `keyPath` names a component).
    ///
    /// - Parameter hintHoldsKind: the caller knows that the value at `hint` is a point (as for
    ///   ``setScalar(_:for:hint:hintHoldsKind:)``): the point is then stored without matching on the value.
    mutating func setPoint(_ value: Point, for keyPath: AnimationKeyPath, hint: Int = -1, hintHoldsKind: Bool = false) -> Bool {
        guard value.x.isFinite, value.y.isFinite, keyPath.component == nil, let index = index(of: keyPath.property, hint: hint) else {
            return false
        }
        return values.withUnsafeMutableBufferPointer { buffer in
            guard let slot = buffer.baseAddress.map({ $0 + index }) else { return false }
            if let layout = PropertyValueSlot.layout {
                guard (hintHoldsKind && index == hint) || PropertyValueSlot.form(of: slot, layout) == .point else { return false }
                PropertyValueSlot(slot).storePoint(value, layout)
            } else {
                if !(hintHoldsKind && index == hint) {
                    guard case .value(.point) = slot.pointee else { return false }
                }
                slot.pointee = .value(.point(value))
            }
            return true
        }
    }

    /// Writes the size `value` through a size-valued key path as its two scalar fields (`fields`, from
    /// `PreparedProperty.sizeFields`: `transform.translation`'s x and y, a rect's `size`'s width and
    /// height), each by ``setScalar(_:for:hint:hintHoldsKind:)``, and returns true; the same value as
    /// writing the size whole (`AnimationKeyPath.setting(_:in:)` writes both fields of the running
    /// value). Returns false, changing nothing, when a field of `value` is not finite or the first field
    /// cannot be written (the caller takes the general path); once it is, the property holds a value
    /// whose second field the second write takes (a transform's components, a rect).
    mutating func setSize(_ value: Size, fields: (width: AnimationKeyPath, height: AnimationKeyPath), hint: Int = -1) -> Bool {
        guard value.width.isFinite, value.height.isFinite, setScalar(value.width, for: fields.width, hint: hint) else {
            return false
        }
        return setScalar(value.height, for: fields.height, hint: hint)
    }

    /// The number of the scalar key path `keyPath` read in place, when it is held in a form that needs
    /// no work (a whole scalar property's number, a scalar transform component of components): the
    /// payload of the `.scalar` that ``value(of:)-(AnimationKeyPath)`` returns; nil otherwise.
    func scalarInPlace(of keyPath: AnimationKeyPath) -> Double? {
        scalarInPlace(of: keyPath.property, component: keyPath.component)
    }

    /// ``scalarInPlace(of:)`` by property and component (a ``PresentationSlot``'s reading).
    func scalarInPlace(of property: LayerProperty, component: KeyPathComponent?) -> Double? {
        guard let index = index(of: property) else { return nil }
        return values.withUnsafeBufferPointer { buffer in
            guard let slot = buffer.baseAddress.map({ $0 + index }) else { return nil }
            switch slot.pointee {
            case let .value(.scalar(value)): return component == nil ? value : nil
            case let .transformComponents(components):
                guard let component, component.baseKind == .transform else { return nil }
                return AnimationKeyPath.readScalar(component, of: components)
            case .value: return nil
            }
        }
    }

    /// The value of `keyPath` read in place, when it is held in a form that needs no work (a whole
    /// property's value, a transform component of components): what ``value(of:)-(AnimationKeyPath)``
    /// returns; nil otherwise (then read it with that).
    func valueInPlace(of keyPath: AnimationKeyPath) -> AnimationValue? {
        valueInPlace(of: keyPath.property, component: keyPath.component)
    }

    /// ``valueInPlace(of:)`` by property and component (a ``PresentationSlot``'s reading).
    func valueInPlace(of property: LayerProperty, component: KeyPathComponent?) -> AnimationValue? {
        guard let index = index(of: property) else { return nil }
        return values.withUnsafeBufferPointer { buffer in
            guard let slot = buffer.baseAddress.map({ $0 + index }) else { return nil }
            guard let component else {
                if case let .value(value) = slot.pointee, value.kind == property.valueKind { return value }
                return nil
            }
            guard component.baseKind == .transform, case let .transformComponents(components) = slot.pointee else {
                return nil
            }
            return AnimationKeyPath.read(component, of: components)
        }
    }

    /// Copies the value of a registered presentation slot out of this table (or its default's, when the
    /// property is absent) when it is held in a form that needs no work, exactly the scalar, point or size that ``value(of:)-(AnimationKeyPath)``
    /// returns for the slot's key path (a whole property's value; a transform component of components or
    /// of a matrix whose bits are the identity's); else marks it unknown (then it is read by key path).
    /// Mutating only so that the pass reaches the table in place (it changes nothing).
    mutating func fill(_ readout: inout PresentationReadout) {
        readout.state = .unknown
        let index = readout.index
        // Absent from the model, absent from the presentation (the runtime adds every animated property
        // to both): the default's reading.
        guard index >= 0 else { return (readout.state, readout.a, readout.b) = readout.absent }
        guard index < values.count else { return }
        let component = readout.component, kind = readout.kind
        values.withUnsafeBufferPointer { buffer in
            guard let slot = buffer.baseAddress.map({ $0 + index }) else { return }
            if let layout = PropertyValueSlot.layout, Self.fillInPlace(&readout, from: slot, layout) { return }
            let components: TransformComponents
            switch slot.pointee {
            case let .value(.scalar(x)) where component == nil && kind == .scalar:
                (readout.state, readout.a) = (.scalar, x)
                return
            case let .value(.point(p)) where component == nil && kind == .point:
                (readout.state, readout.a, readout.b) = (.point, p.x, p.y)
                return
            case let .value(.size(s)) where component == nil && kind == .size:
                (readout.state, readout.a, readout.b) = (.size, s.width, s.height)
                return
            case let .transformComponents(c):
                components = c
            case let .value(.transform(matrix)):
                guard matrix.isBitwiseIdentity, let identity = PropertyValue.identityComponents else { return }
                components = identity
            case .value:
                return
            }
            Self.read(component, of: components, into: &readout)
        }
    }

    /// Sets `readout` to a transform `component` of `components` (the translation as a size, a scalar
    /// component as a number); leaves it as it is for any other component.
    static func read(_ component: KeyPathComponent?, of components: TransformComponents, into readout: inout PresentationReadout) {
        guard let component, component.baseKind == .transform else { return }
        if component == .translation {
            (readout.state, readout.a, readout.b) = (.size, components.translation.x, components.translation.y)
        } else if let x = AnimationKeyPath.readScalar(component, of: components) {
            (readout.state, readout.a) = (.scalar, x)
        }
    }

    /// ``fill(_:)`` for the forms read without copying the value (a 129-byte enum): a whole number, point
    /// or size, a transform component of components (other than the uniform scale), each number loaded
    /// from the payload offset its store writes, and a transform matrix (a component of the identity's
    /// components when the matrix's bits are the identity's, else unknown); returns false, changing
    /// nothing, for any other form. Reads the case's tag and the numbers only.
    @inline(__always)
    static func fillInPlace(_ readout: inout PresentationReadout, from slot: UnsafePointer<PropertyValue>, _ layout: PropertyValueSlot.Layout) -> Bool {
        let component = readout.component, kind = readout.kind
        func load(_ offset: UInt8) -> Double { PropertyValueSlot.load(offset, of: slot) }
        switch PropertyValueSlot.form(of: slot, layout) {
        case .scalar where component == nil && kind == .scalar:
            (readout.state, readout.a) = (.scalar, load(0))
        case .point where component == nil && kind == .point:
            (readout.state, readout.a, readout.b) = (.point, load(layout.pointX), load(layout.pointY))
        case .size where component == nil && kind == .size:
            (readout.state, readout.a, readout.b) = (.size, load(layout.sizeWidth), load(layout.sizeHeight))
        case .components:
            guard let component, component.baseKind == .transform else { return false }
            if component == .translation {
                (readout.state, readout.a, readout.b) = (.size, load(layout.translationX), load(layout.translationY))
            } else if let offsets = layout.componentOffsets(component), offsets.count == 1 {
                (readout.state, readout.a) = (.scalar, load(offsets.0))
            } else {
                return false
            }
        case .transform:
            // As the `switch` of `fill(_:)`: only a transform component of the identity matrix is read.
            guard PropertyValueSlot.loadMatrix(of: slot).isBitwiseIdentity, let identity = PropertyValue.identityComponents
            else { return true }
            Self.read(component, of: identity, into: &readout)
        default:
            return false
        }
        return true
    }

    /// Whether reading `keyPath` (``value(of:)-(AnimationKeyPath)``) certainly succeeds: a whole property
    /// held as a value of its kind, a field of a point, size or rect held as one, or a transform component
    /// of components or of the identity matrix (or any key path of an absent property, which reads its
    /// default). False means "not known", not "fails". The lanes of `PreparedProperty` take basic values
    /// only where the general path's read of the model cannot throw.
    func reads(_ keyPath: AnimationKeyPath, hint: Int = -1) -> Bool {
        guard let index = index(of: keyPath.property, hint: hint) else { return true }
        return values.withUnsafeBufferPointer { buffer in
            guard let slot = buffer.baseAddress.map({ $0 + index }) else { return false }
            guard let component = keyPath.component else {
                if case let .value(value) = slot.pointee { return value.kind == keyPath.valueKind }
                return false
            }
            switch slot.pointee {
            case .transformComponents: return component.baseKind == .transform
            case let .value(.transform(matrix)): return component.baseKind == .transform && matrix.isBitwiseIdentity
            case let .value(value): return component.baseKind == value.kind
            }
        }
    }

    /// The value of a key path (a property or a component of it).
    public func value(of keyPath: AnimationKeyPath) throws(ValueError) -> AnimationValue {
        try keyPath.value(in: value(of: keyPath.property))
    }
}
