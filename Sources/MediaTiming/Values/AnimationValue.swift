/// The value of an animatable key path: what animations interpolate, what the composition of
/// Docs/semantics.md §15 combines, and what a probe reports (Docs/semantics.md §10, §11.4).
///
/// Every operation checks its operands: a kind mismatch is ``ValueError/kindMismatch(expected:got:)``,
/// a NaN or infinite component is ``ValueError/nonFiniteComponent(_:index:_:)``, and a non-finite
/// result from finite operands is ``ValueError/overflow(_:)``. No operation allocates.
///
/// Transforms differ from the vector kinds in three operations (Docs/semantics.md §10.5):
/// interpolation goes through the decomposition (``Transform3D/interpolate(from:to:progress:)``),
/// "adding" is matrix concatenation (§10.2, U17), and the cumulative sum concatenates matrix powers
/// (§10.3).
public enum AnimationValue: Hashable, Sendable {
    /// A number.
    case scalar(Double)
    /// A point.
    case point(Point)
    /// A size.
    case size(Size)
    /// A rectangle.
    case rect(Rect)
    /// A color.
    case color(Color)
    /// A 4×4 transform.
    case transform(Transform3D)

    /// The kind of this value.
    @inlinable
    public var kind: ValueKind {
        switch self {
        case .scalar: return .scalar
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .transform: return .transform
        }
    }

    /// Creates a value of `kind` from its numbers in the scene format's order (`[x, y]`,
    /// `[x, y, w, h]`, `[r, g, b, a]`, row-major `m11 … m44`; one number for a scalar). Throws
    /// ``ValueError/wrongComponentCount(_:expected:got:)`` for a wrong count and
    /// ``ValueError/nonFiniteComponent(_:index:_:)`` for a NaN or infinite number.
    public init(kind: ValueKind, components numbers: some Collection<Double>) throws(ValueError) {
        guard numbers.count == kind.componentCount else {
            throw .wrongComponentCount(kind, expected: kind.componentCount, got: numbers.count)
        }
        var value = kind.zeroValue
        var index = 0
        for number in numbers {
            value.setComponent(index, number)
            index += 1
        }
        try value.validate()
        self = value
    }

    /// The number at `index` in the scene format's order (see ``init(kind:components:)``); 0 outside
    /// `0 ..< kind.componentCount`.
    @inlinable
    public func component(_ index: Int) -> Double {
        switch self {
        case let .scalar(v):
            return index == 0 ? v : 0
        case let .point(p):
            return index == 0 ? p.x : index == 1 ? p.y : 0
        case let .size(s):
            return index == 0 ? s.width : index == 1 ? s.height : 0
        case let .rect(r):
            switch index {
            case 0: return r.x
            case 1: return r.y
            case 2: return r.width
            case 3: return r.height
            default: return 0
            }
        case let .color(c):
            switch index {
            case 0: return c.red
            case 1: return c.green
            case 2: return c.blue
            case 3: return c.alpha
            default: return 0
            }
        case let .transform(m):
            return m[index]
        }
    }

    /// The numbers of this value in the scene format's order (allocates an array: for output, not for
    /// per-frame work).
    public var components: [Double] {
        (0..<kind.componentCount).map { component($0) }
    }

    /// Checks that every component is finite; throws ``ValueError/nonFiniteComponent(_:index:_:)``
    /// naming the first one that is not (Docs/semantics.md §5.3, §10.5).
    public func validate() throws(ValueError) {
        for index in 0..<kind.componentCount {
            if let invalid = InvalidValue(nonFinite: component(index)) {
                throw .nonFiniteComponent(kind, index: index, invalid)
            }
        }
    }

    /// Whether every component is finite.
    public var isFinite: Bool {
        for index in 0..<kind.componentCount where !component(index).isFinite { return false }
        return true
    }

    /// `V(p)`: the value at `progress` between two values of the same kind (Docs/semantics.md §10.1).
    ///
    /// Vector kinds interpolate component-wise, `from + (to − from)·progress`; transforms use
    /// ``Transform3D/interpolate(from:to:progress:)`` (decomposed, slerp for the rotation, exact at 0
    /// and 1, discrete at 0.5 when a matrix cannot be decomposed). `progress` may lie outside [0, 1] but
    /// must be finite.
    public static func interpolate(
        from: AnimationValue, to: AnimationValue, progress: Double
    ) throws(ValueError) -> AnimationValue {
        if let invalid = InvalidValue(nonFinite: progress) { throw .nonFiniteArgument(.progress, invalid) }
        try check(from, to)
        let result: AnimationValue
        switch (from, to) {
        case let (.scalar(a), .scalar(b)): result = .scalar(.interpolate(from: a, to: b, progress: progress))
        case let (.point(a), .point(b)): result = .point(.interpolate(from: a, to: b, progress: progress))
        case let (.size(a), .size(b)): result = .size(.interpolate(from: a, to: b, progress: progress))
        case let (.rect(a), .rect(b)): result = .rect(.interpolate(from: a, to: b, progress: progress))
        case let (.color(a), .color(b)): result = .color(.interpolate(from: a, to: b, progress: progress))
        case let (.transform(a), .transform(b)):
            result = .transform(.interpolate(from: a, to: b, progress: progress))
        default: throw .kindMismatch(expected: from.kind, got: to.kind)
        }
        return try result.checked(.interpolation)
    }

    /// The additive combination `self ⊕ animationValue` of Docs/semantics.md §10.2, with `self` the
    /// running (presentation) value and `animationValue` the additive animation's value; also the
    /// `F + B` of a `byValue` animation (§10.1).
    ///
    /// Vector kinds add component-wise. Transforms concatenate as
    /// `CATransform3DConcat(animationValue, self)` (U17, unverified): the animation's matrix applies
    /// first, in the layer's own space, then the running transform.
    public func adding(_ animationValue: AnimationValue) throws(ValueError) -> AnimationValue {
        try Self.check(self, animationValue)
        let result: AnimationValue
        switch (self, animationValue) {
        case let (.scalar(a), .scalar(b)): result = .scalar(a + b)
        case let (.point(a), .point(b)): result = .point(a + b)
        case let (.size(a), .size(b)): result = .size(a + b)
        case let (.rect(a), .rect(b)): result = .rect(a + b)
        case let (.color(a), .color(b)): result = .color(a + b)
        case let (.transform(a), .transform(b)): result = .transform(b.concatenating(a))
        default: throw .kindMismatch(expected: kind, got: animationValue.kind)
        }
        return try result.checked(.addition)
    }

    /// The inverse of ``adding(_:)``: the value `x` with `x.adding(value) == self` (the `T − B` of a
    /// `byValue` animation, Docs/semantics.md §10.1).
    ///
    /// Vector kinds subtract component-wise. For transforms `x = value⁻¹·self`
    /// (`CATransform3DConcat(CATransform3DInvert(value), self)`); a singular `value` throws
    /// ``ValueError/notInvertible``.
    public func subtracting(_ value: AnimationValue) throws(ValueError) -> AnimationValue {
        try Self.check(self, value)
        let result: AnimationValue
        switch (self, value) {
        case let (.scalar(a), .scalar(b)): result = .scalar(a - b)
        case let (.point(a), .point(b)): result = .point(a - b)
        case let (.size(a), .size(b)): result = .size(a - b)
        case let (.rect(a), .rect(b)): result = .rect(a - b)
        case let (.color(a), .color(b)): result = .color(a - b)
        case let (.transform(a), .transform(b)):
            guard let inverse = b.inverted() else { throw .notInvertible }
            result = .transform(inverse.concatenating(a))
        default: throw .kindMismatch(expected: kind, got: value.kind)
        }
        return try result.checked(.subtraction)
    }

    /// Every component multiplied by `factor` (vector kinds only). Transforms have no meaningful
    /// scalar multiple and throw ``ValueError/unsupportedOperation(_:_:)``; the cumulative sum of a
    /// transform is ``accumulated(_:iteration:)``.
    public func scaled(by factor: Double) throws(ValueError) -> AnimationValue {
        if let invalid = InvalidValue(nonFinite: factor) { throw .nonFiniteArgument(.factor, invalid) }
        try validate()
        let result: AnimationValue
        switch self {
        case let .scalar(a): result = .scalar(a * factor)
        case let .point(a): result = .point(a * factor)
        case let .size(a): result = .size(a * factor)
        case let .rect(a): result = .rect(a * factor)
        case let .color(a): result = .color(a * factor)
        case .transform: throw .unsupportedOperation(.scaling, .transform)
        }
        return try result.checked(.scaling)
    }

    /// The cumulative value `i·V(1) + V(p)` of Docs/semantics.md §10.3 (U7, the literal form), with
    /// `self = V(p)`, `cycleEnd = V(1)` and `i = iteration`; `iteration` 0 returns `self` unchanged.
    ///
    /// Vector kinds compute `cycleEnd·i + self` component-wise. For transforms, where "plus" is the
    /// concatenation of §10.2, `i·V(1)` is the `i`-th matrix power and the sum follows U17 with the
    /// current cycle's value as the animation's: `CATransform3DConcat(V(p), V(1)ⁱ)`
    /// (``Transform3D/power(_:)``; a negative `i`, possible only with an infinite active duration, uses
    /// the inverse, and a singular `V(1)` then throws ``ValueError/notInvertible``). A component key path
    /// such as `transform.rotation.z` takes scalar values and therefore accumulates its angle exactly.
    public func accumulated(_ cycleEnd: AnimationValue, iteration: Int) throws(ValueError) -> AnimationValue {
        try Self.check(self, cycleEnd)
        if iteration == 0 { return self }
        let i = Double(iteration)
        let result: AnimationValue
        switch (self, cycleEnd) {
        case let (.scalar(p), .scalar(e)): result = .scalar(e * i + p)
        case let (.point(p), .point(e)): result = .point(e * i + p)
        case let (.size(p), .size(e)): result = .size(e * i + p)
        case let (.rect(p), .rect(e)): result = .rect(e * i + p)
        case let (.color(p), .color(e)): result = .color(e * i + p)
        case let (.transform(p), .transform(e)):
            guard let power = e.power(iteration) else { throw .notInvertible }
            result = .transform(p.concatenating(power))
        default: throw .kindMismatch(expected: kind, got: cycleEnd.kind)
        }
        return try result.checked(.accumulation)
    }

    /// The paced-keyframe distance between two values of the same kind (Docs/semantics.md §11.4):
    /// `|Δ|` for scalars and the Euclidean distance over the components for the other kinds, the
    /// sixteen matrix entries for transforms (a MediaTiming choice, §16). Computed without
    /// intermediate overflow; a distance beyond the range of `Double` throws ``ValueError/overflow(_:)``.
    public func distance(to other: AnimationValue) throws(ValueError) -> Double {
        try Self.check(self, other)
        let d: Double
        switch (self, other) {
        case let (.scalar(a), .scalar(b)): d = a.distance(to: b)
        case let (.point(a), .point(b)): d = a.distance(to: b)
        case let (.size(a), .size(b)): d = a.distance(to: b)
        case let (.rect(a), .rect(b)): d = a.distance(to: b)
        case let (.color(a), .color(b)): d = a.distance(to: b)
        case let (.transform(a), .transform(b)):
            var sum = 0.0
            for index in 0..<16 { sum = Elementary.hypot(sum, a[index] - b[index]) }
            d = sum
        default: throw .kindMismatch(expected: kind, got: other.kind)
        }
        guard d.isFinite else { throw .overflow(.distance) }
        return d
    }

    /// Throws unless both operands have the same kind and finite components.
    static func check(_ a: AnimationValue, _ b: AnimationValue) throws(ValueError) {
        guard a.kind == b.kind else { throw .kindMismatch(expected: a.kind, got: b.kind) }
        try a.validate()
        try b.validate()
    }

    /// `self` if finite, else ``ValueError/overflow(_:)`` for `operation`.
    func checked(_ operation: ValueOperation) throws(ValueError) -> AnimationValue {
        guard isFinite else { throw .overflow(operation) }
        return self
    }

    /// Sets the component at `index` (scene-format order); ignored outside the kind's range.
    mutating func setComponent(_ index: Int, _ number: Double) {
        switch self {
        case var .scalar(v):
            if index == 0 { v = number }
            self = .scalar(v)
        case var .point(p):
            if index == 0 { p.x = number } else if index == 1 { p.y = number }
            self = .point(p)
        case var .size(s):
            if index == 0 { s.width = number } else if index == 1 { s.height = number }
            self = .size(s)
        case var .rect(r):
            switch index {
            case 0: r.x = number
            case 1: r.y = number
            case 2: r.width = number
            case 3: r.height = number
            default: break
            }
            self = .rect(r)
        case var .color(c):
            switch index {
            case 0: c.red = number
            case 1: c.green = number
            case 2: c.blue = number
            case 3: c.alpha = number
            default: break
            }
            self = .color(c)
        case var .transform(m):
            m[index] = number
            self = .transform(m)
        }
    }
}

extension ValueKind {
    /// The all-zero value of this kind (the zero transform for `.transform`, not the identity).
    var zeroValue: AnimationValue {
        switch self {
        case .scalar: return .scalar(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .color: return .color(.zero)
        case .transform:
            return .transform(
                Transform3D(
                    m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
                    m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0))
        }
    }
}
