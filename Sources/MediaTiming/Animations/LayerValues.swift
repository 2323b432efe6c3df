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

    /// The value of `property`, or its Core Animation default when absent.
    public func value(of property: LayerProperty) -> PropertyValue {
        index(of: property).map { values[$0] } ?? .value(property.modelDefault)
    }

    /// Sets `property`, adding it if absent.
    public mutating func set(_ value: PropertyValue, for property: LayerProperty) {
        if let index = index(of: property) {
            values[index] = value
        } else {
            properties.append(property)
            values.append(value)
        }
    }

    /// Makes sure `property` is present (with its default value when it was absent).
    mutating func ensure(_ property: LayerProperty) {
        if index(of: property) == nil { set(.value(property.modelDefault), for: property) }
    }

    /// Replaces every value with `other`'s, which must hold the same properties in the same order.
    mutating func overwrite(with other: LayerValues) {
        if properties == other.properties {
            for index in values.indices { values[index] = other.values[index] }
        } else {
            self = other
        }
    }

    /// Sets the value at `index`.
    mutating func set(_ value: PropertyValue, at index: Int) { values[index] = value }

    /// The value of a key path (a property or a component of it).
    public func value(of keyPath: AnimationKeyPath) throws(ValueError) -> AnimationValue {
        try keyPath.value(in: value(of: keyPath.property))
    }
}
