/// A ``PropertyValue`` in a table, written in place: a number stored into the payload of the case the
/// value already holds, without building a whole value (129 bytes) and copying it over the old one
/// (Swift materialises an enum of that size before storing it, two copies per write; benchmark S2).
///
/// The stores write the bytes of one `Double` of the payload. They rely on the layout of a multi-payload
/// enum (every payload starts at the enum's first byte, the case tags follow it), which ``layout`` checks
/// once by writing through each store and reading the value back with a `switch`; when the check fails it
/// is nil, no store is made and the callers take the value-semantic path. This type holds the only raw
/// writes into property values.
struct PropertyValueSlot {
    let pointer: UnsafeMutablePointer<PropertyValue>

    init(_ pointer: UnsafeMutablePointer<PropertyValue>) { self.pointer = pointer }

    /// The byte offsets of the payloads' numbers (stored properties only: `MemoryLayout.offset(of:)` is
    /// not nil for them), in one value: a write reads one lazily made global, not one per offset. Bytes
    /// (every payload is at most 128 bytes), so that reading the global copies 18 bytes, not 137.
    struct Layout {
        let pointX = Self.offset(MemoryLayout<Point>.offset(of: \.x))
        let pointY = Self.offset(MemoryLayout<Point>.offset(of: \.y))
        let sizeWidth = Self.offset(MemoryLayout<Size>.offset(of: \.width))
        let sizeHeight = Self.offset(MemoryLayout<Size>.offset(of: \.height))
        let rectX = Self.offset(MemoryLayout<Rect>.offset(of: \.origin.x))
        let rectY = Self.offset(MemoryLayout<Rect>.offset(of: \.origin.y))
        let rectWidth = Self.offset(MemoryLayout<Rect>.offset(of: \.size.width))
        let rectHeight = Self.offset(MemoryLayout<Rect>.offset(of: \.size.height))
        let rotationX = Self.offset(MemoryLayout<TransformComponents>.offset(of: \.rotation.x))
        let rotationY = Self.offset(MemoryLayout<TransformComponents>.offset(of: \.rotation.y))
        let rotationZ = Self.offset(MemoryLayout<TransformComponents>.offset(of: \.rotation.z))
        let scaleX = Self.offset(MemoryLayout<TransformComponents>.offset(of: \.scale.x))
        let scaleY = Self.offset(MemoryLayout<TransformComponents>.offset(of: \.scale.y))
        let scaleZ = Self.offset(MemoryLayout<TransformComponents>.offset(of: \.scale.z))
        let translationX = Self.offset(MemoryLayout<TransformComponents>.offset(of: \.translation.x))
        let translationY = Self.offset(MemoryLayout<TransformComponents>.offset(of: \.translation.y))
        let translationZ = Self.offset(MemoryLayout<TransformComponents>.offset(of: \.translation.z))

        /// The byte that tells the cases apart: the tag of ``AnimationValue`` (a multi-payload enum whose
        /// cases all have payloads: one value per case, after the largest payload), whose unused high bits
        /// hold the tag of ``PropertyValue``'s case (``layout`` checks all of this on sample values). Its
        /// value for the cases the stores and reads handle; for components only the bits of
        /// ``componentsMask`` count (the others are not part of that case's value).
        let tagOffset = MemoryLayout<PropertyValue>.size - 1
        let scalarTag = Self.tag(of: .value(.scalar(0))), pointTag = Self.tag(of: .value(.point(Point(x: 0, y: 0))))
        let sizeTag = Self.tag(of: .value(.size(Size(width: 0, height: 0))))
        let rectTag = Self.tag(of: .value(.rect(Rect(x: 0, y: 0, width: 0, height: 0))))
        let transformTag = Self.tag(of: .value(.transform(.identity)))
        let componentsMask = ~Self.valueTagBits
        let componentsTag = Self.tag(of: .transformComponents(.identity)) & ~Self.valueTagBits

        /// The low bits that the tags of the ``AnimationValue`` cases use (all ones up to the highest).
        static let valueTagBits: UInt8 = {
            let tags = Layout.valueSamples.map(tag(of:)).reduce(0, |)
            var bits: UInt8 = 0
            while bits < tags { bits = bits << 1 | 1 }
            return bits
        }()

        /// One value of every case of ``AnimationValue``.
        static let valueSamples: [PropertyValue] = [
            .value(.scalar(1)), .value(.point(Point(x: 1, y: 2))), .value(.size(Size(width: 1, height: 2))),
            .value(.rect(Rect(x: 1, y: 2, width: 3, height: 4))), .value(.color(Color(red: 1, green: 2, blue: 3, alpha: 4))),
            .value(.transform(.identity)),
        ]

        /// An offset as a byte (0 for none: the check then fails, as for any wrong offset).
        static func offset(_ offset: Int?) -> UInt8 { UInt8(exactly: offset ?? 0) ?? 0 }

        /// The tag byte of `value`.
        static func tag(of value: PropertyValue) -> UInt8 {
            withUnsafeBytes(of: value) { $0[MemoryLayout<PropertyValue>.size - 1] }
        }

        /// The offsets of a scalar transform component's numbers in ``TransformComponents``; nil for a
        /// component that is not a scalar one of a transform.
        @inline(__always)
        func componentOffsets(_ component: KeyPathComponent) -> (UInt8, UInt8, UInt8, count: Int)? {
            switch component {
            case .rotation, .rotationZ: return (rotationZ, 0, 0, 1)
            case .rotationX: return (rotationX, 0, 0, 1)
            case .rotationY: return (rotationY, 0, 0, 1)
            case .scale: return (scaleX, scaleY, scaleZ, 3)
            case .scaleX: return (scaleX, 0, 0, 1)
            case .scaleY: return (scaleY, 0, 0, 1)
            case .scaleZ: return (scaleZ, 0, 0, 1)
            case .translationX: return (translationX, 0, 0, 1)
            case .translationY: return (translationY, 0, 0, 1)
            case .translationZ: return (translationZ, 0, 0, 1)
            default: return nil
            }
        }
    }

    /// The offsets, when every store writes what the value-semantic write writes; nil otherwise. Checked
    /// once, for each case and component the stores handle, on values whose numbers are all distinct (a
    /// store at a wrong offset changes another number, or the tag, and the comparison fails). A trivial
    /// type is required too (raw stores into a value with references would skip their reference counting).
    static let layout: Layout? = {
        let layout = Layout()
        guard _isPOD(PropertyValue.self) else { return nil }
        let components = TransformComponents(
            translation: Vector3(x: 1, y: 2, z: 3), scale: Vector3(x: 4, y: 5, z: 6), skew: Vector3(x: 7, y: 8, z: 9),
            perspective: Vector4(x: 10, y: 11, z: 12, w: 13), rotation: Vector3(x: 14, y: 15, z: 16))
        let samples: [PropertyValue] = [
            .value(.scalar(1)), .value(.point(Point(x: 1, y: 2))), .value(.size(Size(width: 1, height: 2))),
            .value(.rect(Rect(x: 1, y: 2, width: 3, height: 4))), .transformComponents(components),
        ]
        let scalarComponents: [KeyPathComponent?] = [
            nil, .x, .y, .width, .height, .originX, .originY, .sizeWidth, .sizeHeight, .rotation, .rotationX, .rotationY,
            .rotationZ, .scale, .scaleX, .scaleY, .scaleZ, .translationX, .translationY, .translationZ,
        ]
        // The tags: one per case of AnimationValue, none in the components' bits; the components' tag
        // whatever the other bits (each of their patterns is set, and a `switch` still finds the same
        // components); and the form read from the tag is the case a `switch` finds.
        let valueTags = Layout.valueSamples.map(Layout.tag(of:))
        guard Set(valueTags).count == valueTags.count, valueTags.allSatisfy({ $0 & layout.componentsMask == 0 }),
            layout.componentsTag != 0
        else { return nil }
        var everyCase = Layout.valueSamples
        for low in 0...Layout.valueTagBits {
            var variant = PropertyValue.transformComponents(components)
            withUnsafeMutableBytes(of: &variant) { $0[layout.tagOffset] = layout.componentsTag | low }
            guard case let .transformComponents(read) = variant, PropertyValue.transformComponents(read) == .transformComponents(components)
            else { return nil }
            everyCase.append(variant)
        }
        for var sample in everyCase {
            let expected: Form
            switch sample {
            case .value(.scalar): expected = .scalar
            case .value(.point): expected = .point
            case .value(.size): expected = .size
            case .value(.rect): expected = .rect
            case .value(.transform): expected = .transform
            case .transformComponents: expected = .components
            case .value: expected = .other
            }
            guard withUnsafePointer(to: &sample, { form(of: $0, layout) }) == expected else { return nil }
        }
        // A matrix is read in place from the payload's first byte: every entry where the value holds it.
        let matrix = Transform3D(
            m11: 1, m12: 2, m13: 3, m14: 4, m21: 5, m22: 6, m23: 7, m24: 8, m31: 9, m32: 10, m33: 11, m34: 12, m41: 13,
            m42: 14, m43: 15, m44: 16)
        var matrixSample = PropertyValue.value(.transform(matrix))
        guard withUnsafePointer(to: &matrixSample, { loadMatrix(of: $0) }) == matrix else { return nil }
        // Components stored whole over components, with each pattern of the tag's other bits.
        let other = TransformComponents(
            translation: Vector3(x: -1, y: -2, z: -3), scale: Vector3(x: -4, y: -5, z: -6), skew: Vector3(x: -7, y: -8, z: -9),
            perspective: Vector4(x: -10, y: -11, z: -12, w: -13), rotation: Vector3(x: -14, y: -15, z: -16))
        for case var variant in everyCase where variant.kind == .transform {
            guard withUnsafePointer(to: &variant, { form(of: $0, layout) }) == .components else { continue }
            withUnsafeMutablePointer(to: &variant) { PropertyValueSlot($0).storeComponents(other) }
            guard variant == .transformComponents(other) else { return nil }
        }
        for sample in samples {
            for component in scalarComponents where component == nil || component?.baseKind == sample.kind {
                var expected = sample
                var stored = sample
                let handled = withUnsafeMutablePointer(to: &stored) { pointer -> Bool in
                    let slot = PropertyValueSlot(pointer)
                    guard let offsets = slot.scalarOffsets(component: component, layout) else { return false }
                    slot.store(-0.5, at: offsets)
                    return true
                }
                let written = expected.setScalar(-0.5, component: component)
                guard handled == written, stored == expected else { return nil }
            }
            if case .value(.point) = sample {
                var stored = sample
                withUnsafeMutablePointer(to: &stored) { PropertyValueSlot($0).storePoint(Point(x: -0.5, y: -0.25), layout) }
                guard stored == .value(.point(Point(x: -0.5, y: -0.25))) else { return nil }
            }
        }
        return layout
    }()

    /// The cases of ``PropertyValue`` the stores and reads tell apart.
    enum Form: Equatable {
        case scalar, point, size, rect, components, transform, other
    }

    /// The case of the value at `pointer`, from its tag byte alone (a `switch` on the value copies all of
    /// it, 129 bytes, before matching).
    @inline(__always)
    static func form(of pointer: UnsafePointer<PropertyValue>, _ layout: Layout) -> Form {
        let tag = UnsafeRawPointer(pointer).load(fromByteOffset: layout.tagOffset, as: UInt8.self)
        if tag & layout.componentsMask == layout.componentsTag { return .components }
        switch tag {
        case layout.scalarTag: return .scalar
        case layout.pointTag: return .point
        case layout.sizeTag: return .size
        case layout.rectTag: return .rect
        case layout.transformTag: return .transform
        default: return .other
        }
    }

    /// Where the `Double`s a scalar write changes lie in the payload of the value the slot holds, for a
    /// scalar written as the whole value (`component` nil) or through a scalar `component` (of
    /// components, of a point, a size or a rect); nil for any other case. At most three offsets (the
    /// uniform `transform.scale` writes three factors). O(1), reads only the case's tag.
    @inline(__always)
    func scalarOffsets(component: KeyPathComponent?, _ layout: Layout) -> (UInt8, UInt8, UInt8, count: Int)? {
        switch Self.form(of: pointer, layout) {
        case .scalar:
            return component == nil ? (0, 0, 0, 1) : nil
        case .components:
            guard let component else { return nil }
            return layout.componentOffsets(component)
        case .point:
            switch component {
            case .x: return (layout.pointX, 0, 0, 1)
            case .y: return (layout.pointY, 0, 0, 1)
            default: return nil
            }
        case .size:
            switch component {
            case .width: return (layout.sizeWidth, 0, 0, 1)
            case .height: return (layout.sizeHeight, 0, 0, 1)
            default: return nil
            }
        case .rect:
            switch component {
            case .originX: return (layout.rectX, 0, 0, 1)
            case .originY: return (layout.rectY, 0, 0, 1)
            case .sizeWidth: return (layout.rectWidth, 0, 0, 1)
            case .sizeHeight: return (layout.rectHeight, 0, 0, 1)
            default: return nil
            }
        case .transform, .other: return nil
        }
    }

    /// Stores `value` at the payload offsets `offsets` (from ``scalarOffsets(component:_:)`` for the case
    /// the slot holds now): the same value `PropertyValue.setScalar(_:component:)` leaves.
    @inline(__always)
    func store(_ value: Double, at offsets: (UInt8, UInt8, UInt8, count: Int)) {
        let raw = UnsafeMutableRawPointer(pointer)
        raw.storeBytes(of: value, toByteOffset: Int(offsets.0), as: Double.self)
        if offsets.count > 1 {
            raw.storeBytes(of: value, toByteOffset: Int(offsets.1), as: Double.self)
            raw.storeBytes(of: value, toByteOffset: Int(offsets.2), as: Double.self)
        }
    }

    /// The `Double` at the payload offset `offset` of the value at `pointer` (an offset of ``layout``, for
    /// the case the value holds): the number a `switch` binding that field reads, without copying the
    /// value out (the offsets are those the stores are checked to write, the field itself).
    @inline(__always)
    static func load(_ offset: UInt8, of pointer: UnsafePointer<PropertyValue>) -> Double {
        UnsafeRawPointer(pointer).load(fromByteOffset: Int(offset), as: Double.self)
    }

    /// The matrix of a value that holds `.value(.transform)` (form ``Form/transform``), read in place (the
    /// payload starts at the value's first byte, which ``layout`` checks) instead of copying the value out.
    @inline(__always)
    static func loadMatrix(of pointer: UnsafePointer<PropertyValue>) -> Transform3D {
        UnsafeRawPointer(pointer).load(as: Transform3D.self)
    }

    /// Stores `components` into a slot that holds `.transformComponents` (form ``Form/components``): the
    /// payload's bytes, the tag kept (the value `.transformComponents(components)`, which ``layout``
    /// checks).
    @inline(__always)
    func storeComponents(_ components: TransformComponents) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: components, as: TransformComponents.self)
    }

    /// Stores the point `value` into a slot that holds `.value(.point)`.
    @inline(__always)
    func storePoint(_ value: Point, _ layout: Layout) {
        let raw = UnsafeMutableRawPointer(pointer)
        raw.storeBytes(of: value.x, toByteOffset: Int(layout.pointX), as: Double.self)
        raw.storeBytes(of: value.y, toByteOffset: Int(layout.pointY), as: Double.self)
    }
}
