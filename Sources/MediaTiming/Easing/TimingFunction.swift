/// A cubic Bézier timing function, `CAMediaTimingFunction`: the curve through (0,0), `c1`, `c2`, (1,1)
/// that maps unit time x to progress y (Docs/semantics.md §8).
///
/// Control points are `Float`, as Core Animation stores them (Docs/semantics.md §8.1). The x coordinates
/// are clamped to [0, 1], which keeps the function single-valued; the y coordinates are kept as given, so
/// a curve may overshoot (U10, Docs/semantics.md §8.3).
///
/// A `TimingFunction` is a description; ``prepared()`` builds the ``PreparedTimingFunction`` that
/// evaluates it.
public struct TimingFunction: Hashable, Sendable {
    /// The names of Core Animation's predefined timing functions (`CAMediaTimingFunctionName`).
    public enum Name: String, Hashable, Sendable, CaseIterable {
        /// Linear pacing.
        case linear
        /// Ease in: control points (0.42, 0) and (1, 1).
        case easeIn
        /// Ease out: control points (0, 0) and (0.58, 1).
        case easeOut
        /// Ease in and out: control points (0.42, 0) and (0.58, 1).
        case easeInEaseOut
        /// The curve of implicit animations: control points (0.25, 0.1) and (0.25, 1).
        case `default`
    }

    /// The first control point's x, in [0, 1].
    public let c1x: Float
    /// The first control point's y.
    public let c1y: Float
    /// The second control point's x, in [0, 1].
    public let c2x: Float
    /// The second control point's y.
    public let c2y: Float

    /// Creates a timing function from its control points (`functionWithControlPoints::::`).
    ///
    /// The x coordinates are clamped to [0, 1] (Docs/semantics.md §8.3).
    /// - Throws: ``TimingError/invalidField(_:_:)`` with ``TimingField/controlPoint`` for a NaN or
    ///   infinite coordinate.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) throws(TimingError) {
        for value in [c1x, c1y, c2x, c2y] {
            if let invalid = InvalidValue(nonFinite: Double(value)) { throw .invalidField(.controlPoint, invalid) }
        }
        self.init(unchecked: c1x, c1y, c2x, c2y)
    }

    /// Creates one of Core Animation's predefined timing functions (Docs/semantics.md §8.2).
    public init(name: Name) {
        switch name {
        case .linear: self.init(unchecked: 0, 0, 1, 1)
        case .easeIn: self.init(unchecked: 0.42, 0, 1, 1)
        case .easeOut: self.init(unchecked: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(unchecked: 0.42, 0, 0.58, 1)
        case .default: self.init(unchecked: 0.25, 0.1, 0.25, 1)
        }
    }

    private init(unchecked c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.c1x = min(max(c1x, 0), 1)
        self.c1y = c1y
        self.c2x = min(max(c2x, 0), 1)
        self.c2y = c2y
    }

    /// Linear pacing.
    public static let linear = TimingFunction(name: .linear)
    /// Ease in: (0.42, 0), (1, 1).
    public static let easeIn = TimingFunction(name: .easeIn)
    /// Ease out: (0, 0), (0.58, 1).
    public static let easeOut = TimingFunction(name: .easeOut)
    /// Ease in and out: (0.42, 0), (0.58, 1).
    public static let easeInEaseOut = TimingFunction(name: .easeInEaseOut)
    /// The implicit-animation curve: (0.25, 0.1), (0.25, 1).
    public static let `default` = TimingFunction(name: .default)

    /// Whether the curve is the identity `y = x` (both control points on the diagonal).
    public var isLinear: Bool { c1x == c1y && c2x == c2y }

    /// Builds the evaluator of this curve, so that each evaluation afterwards does no set-up
    /// (Docs/semantics.md §8.4). A custom curve gets a compact table (2 KB, prepared in a few microseconds,
    /// a bounded amount of work for any control points); the named curves are prepared once into dense
    /// tables and shared (a prepared curve depends only on its control points, so sharing changes no
    /// result).
    public func prepared() -> PreparedTimingFunction { PreparedTimingFunction.shared(self) ?? PreparedTimingFunction(self) }
}
