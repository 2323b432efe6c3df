/// A ``Path`` prepared for measuring: segment lengths, cumulative distances and per-segment
/// arc-length tables, computed once, so that the point at a distance along the path costs a
/// few table look-ups and, on quadratic segments, usually one polynomial evaluation (elsewhere one
/// arc-length evaluation).
///
/// This is the geometry of a keyframe animation's `path` (`Docs/semantics.md §11.6`): in
/// `paced` mode the keyframe times are the cumulative element lengths over the total
/// (``elementLengths``, §11.4), and positions at constant speed come from
/// ``position(atDistance:)``; the tangent feeds `rotationMode` (§11.7).
///
/// Contract:
/// - Every element except a move becomes one segment, in order (``segments``,
///   ``segmentElementIndices``); a close becomes the straight line back to the subpath start
///   (possibly of zero length); moves contribute nothing.
/// - Line lengths are exact to rounding; quadratic lengths are closed-form (a few ulps);
///   cubic lengths carry the quadrature bound documented on ``CubicBezierSegment/length``.
/// - ``position(atDistance:)`` returns a point whose arc-length distance from the start differs
///   from the requested one by at most ``relativeTolerance`` (1e-10) times the length of the
///   segment holding it (so by at most 1e-10 of the path length), plus the arc-length error
///   of that segment's kind.
/// - A path whose total length is 0 (all points equal) is valid: every distance gives the
///   start point of the first segment, parameter 0, and that segment's tangent (the zero
///   vector for a degenerate line).
/// - Storage is a handful of arrays sized once; asking for positions allocates nothing.
public struct MeasuredPath: Sendable {
    /// The target accuracy of inverse arc length, relative to the segment's length.
    public static let relativeTolerance = 1e-10
    /// The most knot intervals of polynomial inverse arc length (quadratic segments) one path prepares:
    /// about 0.5 MB of tables at most. Quadratics past it are solved exactly at every look-up.
    static let inverseTableBudget = 4096

    /// The drawing segments, one per element that is not a move.
    public let segments: [PathSegment]
    /// For each segment, the index of the element of the source path it comes from.
    public let segmentElementIndices: [Int]
    /// The distance along the path at which each segment starts, followed by the total length
    /// (`segments.count + 1` values, non-decreasing, first 0).
    public let segmentStartDistances: [Double]
    /// The length of every element of the source path, by element index: 0 for a move, the
    /// closing line's length for a close (the per-element distances of paced keyframes, §11.4).
    public let elementLengths: [Double]
    /// The total length (sum of the segment lengths).
    public let length: Double

    let prepared: [PreparedSegment]
    /// Closed-form state of the quadratic segments, in segment order.
    let quadratics: [QuadraticArcLength.Prepared]
    /// Quadrature state of the cubic segments, in segment order.
    let cubics: [CubicArcLength]
    /// Knot parameters of all segments, segment after segment (`u` from 0 to 1 within each).
    let knotParameters: [Double]
    /// Arc length from the segment's start to each knot.
    let knotLengths: [Double]
    /// Per knot, the inverse arc length of the interval from it to the next knot of its segment, as a
    /// verified polynomial (quadratic segments), or ``InverseArcLengthPiece/none`` (solve exactly).
    let inversePieces: [InverseArcLengthPiece]
    /// The last segment with positive length (0 if the path has length 0).
    let lastPositiveSegment: Int

    /// Measures `path`.
    ///
    /// - Throws: ``PathError/emptyPath`` if the path has no element other than moves (there is
    ///   nothing to measure or to move along). Any other ``Path`` measures successfully, since
    ///   a `Path` only holds finite, in-range coordinates.
    public init(_ path: Path) throws(PathError) {
        var segments: [PathSegment] = []
        var elementIndices: [Int] = []
        var elementLengths: [Double] = []
        segments.reserveCapacity(path.elements.count)
        elementIndices.reserveCapacity(path.elements.count)
        elementLengths.reserveCapacity(path.elements.count)
        var current = Point.zero
        var subpathStart = Point.zero
        for (index, element) in path.elements.enumerated() {
            let segment: PathSegment
            switch element {
            case .move(let p):
                current = p
                subpathStart = p
                elementLengths.append(0)
                continue
            case .line(let p):
                segment = .line(LineSegment(start: current, end: p))
                current = p
            case .quadCurve(let p, let c):
                segment = .quadratic(QuadraticBezierSegment(start: current, control: c, end: p))
                current = p
            case .curve(let p, let c1, let c2):
                segment = .cubic(CubicBezierSegment(start: current, control1: c1, control2: c2, end: p))
                current = p
            case .closeSubpath:
                segment = .line(LineSegment(start: current, end: subpathStart))
                current = subpathStart
            }
            segments.append(segment)
            elementIndices.append(index)
            elementLengths.append(0)  // filled below
        }
        guard !segments.isEmpty else { throw .emptyPath }

        var prepared: [PreparedSegment] = []
        var quadratics: [QuadraticArcLength.Prepared] = []
        var cubics: [CubicArcLength] = []
        var parameters: [Double] = []
        var lengths: [Double] = []
        var pieces: [InverseArcLengthPiece] = []
        var inverseBudget = Self.inverseTableBudget
        var starts: [Double] = []
        prepared.reserveCapacity(segments.count)
        starts.reserveCapacity(segments.count + 1)
        var total = 0.0
        var lastPositive = 0
        for (i, segment) in segments.enumerated() {
            let first = parameters.count
            var item: PreparedSegment
            switch segment {
            case .line(let s):
                let l = s.length
                parameters.append(0); lengths.append(0)
                parameters.append(1); lengths.append(l)
                item = PreparedSegment(kind: .line, length: l, secondDerivativeBound: 0,
                                       firstKnot: first, lastKnot: first + 1, payload: 0)
            case .quadratic(let s):
                let a = s.control - s.start
                let b = (s.end - s.control) - (s.control - s.start)
                let q = QuadraticArcLength.Prepared(a: a, b: b)
                q.appendInverseTable(tolerance: Self.relativeTolerance * q.total, pathBudget: &inverseBudget,
                                     parameters: &parameters, lengths: &lengths, pieces: &pieces)
                item = PreparedSegment(kind: .quadratic, length: q.total,
                                       secondDerivativeBound: q.secondDerivativeBound,
                                       firstKnot: first, lastKnot: parameters.count - 1, payload: quadratics.count)
                quadratics.append(q)
            case .cubic(let s):
                let c = CubicArcLength(s)
                c.appendTable(parameters: &parameters, lengths: &lengths)
                item = PreparedSegment(kind: .cubic, length: lengths[lengths.count - 1],
                                       secondDerivativeBound: c.secondDerivativeBound,
                                       firstKnot: first, lastKnot: parameters.count - 1, payload: cubics.count)
                cubics.append(c)
            }
            while pieces.count < parameters.count { pieces.append(.none) }
            starts.append(total)
            total += item.length
            if item.length > 0 { lastPositive = i }
            elementLengths[elementIndices[i]] = item.length
            prepared.append(item)
        }
        starts.append(total)

        self.segments = segments
        self.segmentElementIndices = elementIndices
        self.segmentStartDistances = starts
        self.elementLengths = elementLengths
        self.length = total
        self.prepared = prepared
        self.quadratics = quadratics
        self.cubics = cubics
        self.knotParameters = parameters
        self.knotLengths = lengths
        self.inversePieces = pieces
        self.lastPositiveSegment = lastPositive
    }

    // MARK: Forward: parameter -> distance

    /// The distance along the path of the point at Bézier parameter `parameter` (clamped to
    /// `[0, 1]`, NaN as 0) of segment `segmentIndex`, or `nil` if there is no such segment.
    public func distance(segmentIndex: Int, parameter: Double) -> Double? {
        guard segmentIndex >= 0, segmentIndex < segments.count else { return nil }
        let u = parameter.isNaN ? 0 : Swift.min(Swift.max(parameter, 0), 1)
        let item = prepared[segmentIndex]
        let within: Double
        switch item.kind {
        case .line:
            within = u * item.length
        case .quadratic:
            within = quadratics[item.payload].length(upTo: u)
        case .cubic:
            within = cubics[item.payload].length(upTo: u,
                                       parameters: knotParameters[item.firstKnot...item.lastKnot],
                                       lengths: knotLengths[item.firstKnot...item.lastKnot])
        }
        return segmentStartDistances[segmentIndex] + within
    }

    // MARK: Inverse: distance -> position

    /// The position at arc-length distance `distance` from the start of the path.
    ///
    /// `distance` is clamped to `[0, length]` (NaN counts as 0). At a boundary between two
    /// segments the later segment answers (parameter 0), except at `length`, where the last
    /// segment of positive length answers with parameter 1; zero-length segments never
    /// answer unless the whole path has length 0. Accuracy: see the type's contract.
    public func position(atDistance distance: Double) -> PathPosition {
        var cursor = PathCursor()
        return position(atDistance: distance, cursor: &cursor)
    }

    /// The position at `distance`, as ``position(atDistance:)``, warm-started from `cursor`
    /// and leaving in it what the next, larger distance can start from. With increasing
    /// distances this walks forward through the segments and usually needs one arc-length
    /// evaluation per call. Allocates nothing.
    public func position(atDistance distance: Double, cursor: inout PathCursor) -> PathPosition {
        let n = segments.count
        let d = distance.isNaN ? 0 : Swift.min(Swift.max(distance, 0), length)
        guard length > 0 else {
            return makePosition(segment: 0, parameter: 0, distance: d)
        }
        if d >= length {
            cursor = PathCursor()
            return makePosition(segment: lastPositiveSegment, parameter: 1, distance: length)
        }
        // The segment: the largest i < n with start[i] <= d (it has positive length, since d < length).
        var i: Int
        if cursor.segment >= 0, cursor.segment < n, segmentStartDistances[cursor.segment] <= d {
            i = cursor.segment
            var steps = 0
            while i + 1 < n, segmentStartDistances[i + 1] <= d, steps < 8 {
                i += 1
                steps += 1
            }
            if i + 1 < n, segmentStartDistances[i + 1] <= d {
                i = lastSegment(atOrBelow: d, from: i)
            }
        } else {
            i = lastSegment(atOrBelow: d, from: 0)
        }
        if i != cursor.segment {
            cursor = PathCursor()
            cursor.segment = i
        }
        let item = prepared[i]
        let t = Swift.min(Swift.max(d - segmentStartDistances[i], 0), item.length)
        let u: Double
        switch item.kind {
        case .line:
            u = item.length > 0 ? Swift.min(t / item.length, 1) : 0
        case .quadratic, .cubic:
            u = solve(item, target: t, cursor: &cursor)
        }
        return makePosition(segment: i, parameter: u, distance: d)
    }

    /// Positions at `count` distances spaced uniformly from 0 to ``length`` inclusive
    /// (`length · k / (count − 1)`, the last exactly `length`); one position at distance 0 for
    /// `count == 1`, none for `count <= 0`. Walks forward with one ``PathCursor``; allocates the
    /// result array only.
    public func uniformPositions(count: Int) -> [PathPosition] {
        guard count > 0 else { return [] }
        var result: [PathPosition] = []
        result.reserveCapacity(Swift.min(count, 1 << 20))
        var cursor = PathCursor()
        if count == 1 {
            result.append(position(atDistance: 0, cursor: &cursor))
            return result
        }
        let last = count - 1
        for k in 0...last {
            let s = k == last ? length : length * (Double(k) / Double(last))
            result.append(position(atDistance: s, cursor: &cursor))
        }
        return result
    }

    // MARK: Internals

    private func makePosition(segment i: Int, parameter u: Double, distance: Double) -> PathPosition {
        let s = segments[i]
        return PathPosition(point: s.point(at: u), tangent: s.tangent(at: u), segmentIndex: i,
                            parameter: u, distance: distance)
    }

    /// The largest `i` in `from..<segments.count` with `segmentStartDistances[i] <= d`
    /// (requires `segmentStartDistances[from] <= d`).
    private func lastSegment(atOrBelow d: Double, from: Int) -> Int {
        var lo = from
        var hi = segments.count  // exclusive; start[lo] <= d
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if segmentStartDistances[mid] <= d { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The speed `|B'(u)|` of a segment.
    @inline(__always)
    private func speed(_ item: PreparedSegment, _ u: Double) -> Double {
        switch item.kind {
        case .line: item.length
        case .quadratic: quadratics[item.payload].speed(u)
        case .cubic: cubics[item.payload].speed(u) * cubics[item.payload].scale
        }
    }

    /// `s'(u) = |B'(u)|` and `s''(u) = B'·B''/|B'|` (0 where the speed is 0) of a curve.
    @inline(__always)
    private func speedAndAcceleration(_ item: PreparedSegment, _ u: Double) -> (Double, Double) {
        let dx: Double, dy: Double, ex: Double, ey: Double, scale: Double
        switch item.kind {
        case .line:
            return (item.length, 0)
        case .quadratic:
            let q = quadratics[item.payload]
            dx = 2 * (q.ax + u * q.bx); dy = 2 * (q.ay + u * q.by)
            ex = 2 * q.bx; ey = 2 * q.by
            scale = q.scale
        case .cubic:
            let c = cubics[item.payload]
            dx = c.d0x + u * (c.d1x + u * c.d2x); dy = c.d0y + u * (c.d1y + u * c.d2y)
            ex = c.d1x + 2 * u * c.d2x; ey = c.d1y + 2 * u * c.d2y
            scale = c.scale
        }
        let v = (dx * dx + dy * dy).squareRoot()
        guard v > 0 else { return (0, 0) }
        return (v * scale, (dx * ex + dy * ey) / v * scale)
    }

    /// Inverse arc length within one curved segment: the parameter `u` with
    /// `|s(u) − target| <= relativeTolerance · length`, by Newton's method safeguarded by the
    /// bracket of the knot interval holding `target` (bisection whenever a step would leave the
    /// bracket or the speed is 0). A Newton step is accepted without re-evaluating `s` once
    /// `½·max|B''|·step²`, which bounds the remaining error, is below half the tolerance.
    @inline(__always)
    private func solve(_ item: PreparedSegment, target t: Double, cursor: inout PathCursor) -> Double {
        let tolerance = MeasuredPath.relativeTolerance * item.length
        // The knot interval [k, k+1] with knotLengths[k] <= t <= knotLengths[k+1].
        var k: Int
        if cursor.knot >= item.firstKnot, cursor.knot < item.lastKnot, knotLengths[cursor.knot] <= t {
            k = cursor.knot
            while k + 1 < item.lastKnot, knotLengths[k + 1] < t { k += 1 }
        } else {
            var lo = item.firstKnot, hi = item.lastKnot  // knotLengths[lo] = 0 <= t
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2
                if knotLengths[mid] <= t { lo = mid } else { hi = mid }
            }
            k = lo
        }
        var lo = knotParameters[k], hi = knotParameters[k + 1]
        let sLo = knotLengths[k], sHi = knotLengths[k + 1]
        if t <= sLo { cursor.knot = k; return lo }
        if t >= sHi { cursor.knot = k; return hi }
        if inversePieces[k].isValid {
            // A verified polynomial of u(s) on this interval: within tolerance / 8 of the exact answer.
            cursor.knot = k
            cursor.parameter = -1  // no exactly known distance to warm-start Newton from
            let u = inversePieces[k].parameter(atDistance: t)
            return u > lo ? (u < hi ? u : hi) : lo  // clamped into the interval (never NaN)
        }

        // First guess: a second-order step from the nearest point whose distance is known
        // exactly: the previous answer (when the cursor holds one on this segment) or an end of
        // the knot interval. With v = s'(u₀) = |B'| and a = s''(u₀) = B'·B''/|B'|,
        // s(u₀ + h) ≈ s₀ + v·h + ½·a·h² gives h ≈ δ − a·δ²/(2v), δ = (t − s₀)/v.
        var base = t - sLo <= sHi - t ? (lo, sLo) : (hi, sHi)
        if cursor.knot >= item.firstKnot, cursor.knot < item.lastKnot, cursor.parameter >= 0, cursor.parameter <= 1,
           (t - cursor.distance).magnitude < (t - base.1).magnitude {
            base = (cursor.parameter, cursor.distance)
        }
        var u = lo + (t - sLo) / (sHi - sLo) * (hi - lo)
        let (v0, a0) = speedAndAcceleration(item, base.0)
        if v0 > 0 {
            let step = (t - base.1) / v0
            let guess = base.0 + step - 0.5 * a0 * step * step / v0
            if guess > lo, guess < hi { u = guess }
        }
        if !(u > lo && u < hi) { u = lo + 0.5 * (hi - lo) }
        cursor.knot = k

        let knotBase = sLo, knotParameter = lo
        for _ in 0..<100 {
            let s: Double
            switch item.kind {
            case .quadratic: s = quadratics[item.payload].length(upTo: u)
            case .cubic: s = knotBase + cubics[item.payload].gauss(knotParameter, u) * cubics[item.payload].scale
            case .line: s = u * item.length
            }
            cursor.parameter = u
            cursor.distance = s
            let r = s - t
            if r.magnitude <= tolerance { return u }
            if r < 0 { lo = u } else { hi = u }
            let v = speed(item, u)
            var next = u - r / v
            if v > 0, next > lo, next < hi {
                let step = next - u
                if 0.5 * item.secondDerivativeBound * step * step <= 0.5 * tolerance { return next }
            } else {
                next = lo + 0.5 * (hi - lo)
            }
            if next == u || !(hi > lo) { return u }
            u = next
        }
        return u
    }
}
