/// A key path of one layer's presentation, registered once with a runtime for readings repeated every
/// frame (``AnimationRuntime/presentationSlot(of:layer:)``).
///
/// Reading through a slot (``AnimationRuntime/presentationScalar(at:)``,
/// ``AnimationRuntime/presentationValue(at:)``) gives exactly what reading by key path gives
/// (``AnimationRuntime/presentationScalar(of:layer:)``, ``AnimationRuntime/presentationValue(of:layer:replica:)``
/// for replica 0), with the same errors. While the runtime's readings are current
/// (``AnimationRuntime/hasPresentationReadings``), a scalar, point or size reading is the number(s) that
/// ``AnimationRuntime/updatePresentation()`` copied out of the layer's table for the slot, or that
/// ``AnimationRuntime/updatePresentationReadings()`` computed for it: an array element, read without
/// searching the table or touching the key path (benchmark P6).
///
/// A slot belongs to the runtime that registered it (and to copies of that runtime made afterwards);
/// given to another runtime, it reads whatever that runtime registered under the same number, or throws
/// ``RuntimeError/layer(_:)`` with ``LayerError/unknownLayer(_:)`` when there is none for its layer.
public struct PresentationSlot: Hashable, Sendable {
    /// The layer.
    public let layer: LayerID
    /// The slot's number in its runtime's registry (in order of registration, from 0).
    public let id: Int
}

/// A registered slot as the runtime keeps it: its key, and its reading of the last presentation pass.
///
/// Usable from inlinable code: the slot readings (``AnimationRuntime/presentationScalar(at:)``, …) are
/// inlined into their callers in other modules, which would otherwise copy the runtime (184 bytes) to
/// pass it to the reading (benchmark P6).
@usableFromInline
struct PresentationReadout: Sendable {
    /// What the last pass found for the slot.
    @usableFromInline
    enum State: Sendable {
        /// Not read in place (not yet filled, or a value that needs work): read by key path.
        case unknown
        case scalar
        case point
        case size
    }

    /// The layer's index.
    @usableFromInline let layer: Int
    /// The key path's property, component and value kind.
    let property: LayerProperty
    let component: KeyPathComponent?
    let kind: ValueKind
    /// The index of the key path's property in the layer's model (and presentation) table; -1: absent.
    var index = -1
    @usableFromInline var state = State.unknown
    /// The number (scalar), x and y (point) or width and height (size).
    @usableFromInline var a = 0.0, b = 0.0

    /// The reading when the property is absent from the layer's tables: the key path's value in the
    /// property's Core Animation default (``LayerValues/value(of:)-(LayerProperty)``), if a scalar, point
    /// or size.
    let absent: (state: State, a: Double, b: Double)

    init(layer: Int, keyPath: AnimationKeyPath) {
        self.layer = layer
        property = keyPath.property
        component = keyPath.component
        kind = keyPath.valueKind
        switch try? keyPath.value(in: .value(keyPath.property.modelDefault)) {
        case let .scalar(x)?: absent = (.scalar, x, 0)
        case let .point(p)?: absent = (.point, p.x, p.y)
        case let .size(s)?: absent = (.size, s.width, s.height)
        default: absent = (.unknown, 0, 0)
        }
    }
}
