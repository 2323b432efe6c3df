/// A validated sequence of path elements (moves, lines, quadratic and cubic Bézier curves,
/// closes), the value behind a keyframe animation's `path` (`Docs/semantics.md §11.6`).
///
/// Build one in code like a `CGMutablePath` (``move(to:)``, ``addLine(to:)``,
/// ``addQuadCurve(to:control:)``, ``addCurve(to:control1:control2:)``, ``closeSubpath()``), from
/// a list of elements (``init(elements:)``), or from SVG path data (``init(svgPathData:)``).
/// Every way in checks its input and throws a ``PathError`` instead of trapping, so a `Path`
/// value always satisfies these invariants:
/// - every coordinate is finite with magnitude at most ``maximumCoordinateMagnitude``;
/// - the first element, if any, is a ``PathElement/move(to:)``;
/// - there are at most ``maximumElementCount`` elements.
///
/// To measure lengths and sample points by distance, prepare a ``MeasuredPath`` from it.
public struct Path: Hashable, Sendable {
    /// The most elements a path may hold (100 000); more gives ``PathError/tooManyElements(limit:)``.
    public static let maximumElementCount = 100_000

    /// The largest coordinate magnitude accepted (1e100). Within it, every length and
    /// intermediate product the measuring code forms stays finite.
    public static let maximumCoordinateMagnitude = 1e100

    /// The longest SVG path data accepted by ``init(svgPathData:)``, in UTF-8 code units
    /// (8 000 000, room for 100 000 elements of long numbers).
    public static let maximumSVGPathDataLength = 8_000_000

    /// The elements, in order, with absolute coordinates.
    public private(set) var elements: [PathElement]

    /// The end point of the last element (for a close, the start of the closed subpath), or
    /// `nil` while the path is empty.
    public private(set) var currentPoint: Point?

    /// The start point of the current subpath (its last move), or `nil` while the path is empty.
    public private(set) var subpathStart: Point?

    /// Creates an empty path (no elements, no current point).
    public init() {
        elements = []
        currentPoint = nil
        subpathStart = nil
    }

    /// Creates a path from elements, checking each as the builder methods do.
    ///
    /// - Throws: ``PathError/noCurrentPoint(elementIndex:)`` if an element other than a move
    ///   comes before the first move; ``PathError/nonFiniteCoordinate(elementIndex:)`` or
    ///   ``PathError/coordinateOutOfRange(elementIndex:)`` for a bad point;
    ///   ``PathError/tooManyElements(limit:)`` past ``maximumElementCount``.
    ///   An empty array gives an empty path (no error).
    public init(elements: [PathElement]) throws(PathError) {
        self.init()
        if elements.count > Path.maximumElementCount {
            throw .tooManyElements(limit: Path.maximumElementCount)
        }
        self.elements.reserveCapacity(elements.count)
        for element in elements {
            try append(element)
        }
    }

    /// Appends one element after checking it (see ``init(elements:)`` for the errors).
    public mutating func append(_ element: PathElement) throws(PathError) {
        switch element {
        case .move(let p): try move(to: p)
        case .line(let p): try addLine(to: p)
        case .quadCurve(let p, let c): try addQuadCurve(to: p, control: c)
        case .curve(let p, let c1, let c2): try addCurve(to: p, control1: c1, control2: c2)
        case .closeSubpath: try closeSubpath()
        }
    }

    /// Starts a new subpath at `point` (like `CGMutablePath.move(to:)`).
    /// - Throws: ``PathError/nonFiniteCoordinate(elementIndex:)``,
    ///   ``PathError/coordinateOutOfRange(elementIndex:)``, ``PathError/tooManyElements(limit:)``.
    public mutating func move(to point: Point) throws(PathError) {
        try checkRoom()
        try check(point)
        elements.append(.move(to: point))
        currentPoint = point
        subpathStart = point
    }

    /// Adds a straight line from the current point to `point`.
    /// - Throws: ``PathError/noCurrentPoint(elementIndex:)`` before any move, and the point
    ///   errors of ``move(to:)``.
    public mutating func addLine(to point: Point) throws(PathError) {
        try checkRoom()
        try checkCurrentPoint()
        try check(point)
        elements.append(.line(to: point))
        currentPoint = point
    }

    /// Adds a quadratic Bézier curve from the current point to `point` with control point
    /// `control` (like `CGMutablePath.addQuadCurve(to:control:)`).
    /// - Throws: as ``addLine(to:)``.
    public mutating func addQuadCurve(to point: Point, control: Point) throws(PathError) {
        try checkRoom()
        try checkCurrentPoint()
        try check(point)
        try check(control)
        elements.append(.quadCurve(to: point, control: control))
        currentPoint = point
    }

    /// Adds a cubic Bézier curve from the current point to `point` with control points
    /// `control1` and `control2` (like `CGMutablePath.addCurve(to:control1:control2:)`).
    /// - Throws: as ``addLine(to:)``.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) throws(PathError) {
        try checkRoom()
        try checkCurrentPoint()
        try check(point)
        try check(control1)
        try check(control2)
        elements.append(.curve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }

    /// Closes the current subpath with a straight line back to its start; the current point
    /// becomes that start, so a following line or curve starts there (SVG and Core Graphics
    /// agree on this).
    /// - Throws: ``PathError/noCurrentPoint(elementIndex:)`` before any move,
    ///   ``PathError/tooManyElements(limit:)``.
    public mutating func closeSubpath() throws(PathError) {
        try checkRoom()
        try checkCurrentPoint()
        elements.append(.closeSubpath)
        currentPoint = subpathStart
    }

    /// Parses SVG path data (the scene format's `path` field): the commands
    /// `M L H V Q C Z` and their relative lowercase forms, with implicit repetition of
    /// arguments (extra pairs after `M`/`m` are `L`/`l`), numbers with optional sign, decimals
    /// and exponents, separated by whitespace, a comma, or nothing where unambiguous
    /// (`"M1-2.5.5"` is `M 1 -2.5 0.5`…). `H`/`V` become lines; a leading `m` is taken
    /// relative to (0, 0); after `Z` the current point is the subpath start.
    ///
    /// - Throws: ``PathError/inputTooLong(length:limit:)``, ``PathError/emptyPath``,
    ///   ``PathError/missingInitialMove(offset:)``, ``PathError/unknownCommand(_:offset:)``,
    ///   ``PathError/missingNumber(command:offset:)``, ``PathError/numberOutOfRange(offset:)``,
    ///   ``PathError/tooManyElements(limit:)``; never traps, whatever the input.
    public init(svgPathData: String) throws(PathError) {
        self = try SVGPathParser.parse(svgPathData)
    }

    // MARK: Checks

    private func checkRoom() throws(PathError) {
        if elements.count >= Path.maximumElementCount {
            throw .tooManyElements(limit: Path.maximumElementCount)
        }
    }

    private func checkCurrentPoint() throws(PathError) {
        if currentPoint == nil { throw .noCurrentPoint(elementIndex: elements.count) }
    }

    private func check(_ p: Point) throws(PathError) {
        guard p.x.isFinite, p.y.isFinite else { throw .nonFiniteCoordinate(elementIndex: elements.count) }
        guard Path.isInRange(p.x), Path.isInRange(p.y) else {
            throw .coordinateOutOfRange(elementIndex: elements.count)
        }
    }

    /// Whether `v` is finite with magnitude at most ``maximumCoordinateMagnitude``.
    static func isInRange(_ v: Double) -> Bool {
        v.magnitude <= maximumCoordinateMagnitude
    }
}
