/// The values of a keyframe animation (`CAKeyframeAnimation` with `values`) as a function of the
/// animation's progress (Docs/semantics.md §11).
///
/// A track is built once from the animation's `values`, `keyTimes`, `timingFunctions`,
/// `calculationMode` and spline parameters; construction applies Core Animation's rules for which inputs
/// count (``KeyframeSchedule``) and precomputes the key times, the paced lengths, the prepared segment
/// timing functions and the spline tangents. ``value(at:)`` then allocates nothing.
///
/// ``value(at:)`` takes the progress `p` **after** the animation-level timing function
/// (Docs/semantics.md §8.5); that function is the caller's, and applies in every mode, paced ones
/// included (U9, Docs/semantics.md §11.1).
///
/// Interpolation by mode, for segment `i` at local progress `u'` (``KeyframeSchedule/segment(at:)``):
/// * linear and paced: `lerp(vᵢ, vᵢ₊₁, u')` (Docs/semantics.md §11.2, §11.4);
/// * discrete: `vᵢ`, held until the next key time; the last value holds to the end (§11.3);
/// * cubic and cubicPaced: the Hermite segment `Pᵢ + h01·(Pᵢ₊₁ − Pᵢ) + h10·Dᵢ⁺ + h11·Dᵢ₊₁⁻` with the
///   Kochanek–Bartels tangents described in `KochanekBartels.swift` (end points duplicated,
///   Kochanek–Bartels scaling for non-uniform key times, §11.5). cubicPaced uses the paced key times
///   (chord lengths between values); it does not re-parameterise the spline by arc length inside a
///   segment.
/// * A single value is constant.
/// * **MediaTiming:** a progress outside [0, 1] extrapolates the first or last segment along its end:
///   the chord for linear and paced (so a two-value track overshoots exactly like a basic animation,
///   Docs/semantics.md §10.1), the end tangent for cubic (`Pᵢ₊₁ + Dᵢ₊₁⁻·(u − 1)` or `Pᵢ + Dᵢ⁺·u`, continuous
///   with the spline in value and slope), and the end value for discrete. The same continuation serves a
///   segment timing function whose y control points leave [0, 1].
///
/// Values must have finite components; the check is `v − v == .zero`, which fails for a NaN or
/// infinite component of any ``VectorValue`` with component-wise arithmetic and equality.
public struct KeyframeTrack<Value: VectorValue>: Sendable {
    /// The keyframe values.
    public let values: [Value]
    /// The key times, segment lookup and segment timing functions in use.
    public let schedule: KeyframeSchedule
    /// Per segment, the outgoing tangent `Dᵢ⁺` (cubic modes only; empty otherwise).
    @usableFromInline let outgoingTangents: [Value]
    /// Per segment, the incoming tangent `Dᵢ₊₁⁻` (cubic modes only; empty otherwise).
    @usableFromInline let incomingTangents: [Value]

    /// The calculation mode.
    @inlinable
    public var calculationMode: CalculationMode { schedule.calculationMode }

    /// The key times in use (``KeyframeSchedule/keyTimes``): the given ones when valid for the mode, the
    /// defaults otherwise, or the paced ones.
    @inlinable
    public var keyTimes: [Double] { schedule.keyTimes }

    /// Builds a track and precomputes everything ``value(at:)`` needs.
    ///
    /// - Parameters:
    ///   - values: the keyframe values (`values`), 1 to ``KeyframeSchedule/maximumKeyframeCount`` of them.
    ///   - keyTimes: `keyTimes`, or `nil`; ignored when invalid for the mode (Docs/semantics.md §11.1).
    ///   - timingFunctions: the per-segment `timingFunctions`, or `nil`; used in linear and cubic mode
    ///     when there are `values.count − 1` of them (Docs/semantics.md §11.2).
    ///   - calculationMode: `calculationMode`.
    ///   - tensionValues: the Kochanek–Bartels tension per keyframe (cubic modes only, Docs/semantics.md
    ///     §11.5); missing entries are 0, entries beyond `values.count` are ignored, and values are clamped
    ///     to [−1, 1].
    ///   - continuityValues: the continuity per keyframe, under the same rules.
    ///   - biasValues: the bias per keyframe, under the same rules.
    /// - Throws: ``KeyframeError/noKeyframes``, ``KeyframeError/tooManyKeyframes(count:limit:)``,
    ///   ``KeyframeError/nonFiniteValue(index:)``,
    ///   ``KeyframeError/nonFiniteSplineParameter(_:index:)`` (for the entries that are read), and
    ///   ``KeyframeError/valueOverflow(segment:)`` when a difference of consecutive values or a tangent
    ///   overflows (modes that interpolate).
    public init(
        values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
        calculationMode: CalculationMode = .linear, tensionValues: [Double]? = nil,
        continuityValues: [Double]? = nil, biasValues: [Double]? = nil
    ) throws(KeyframeError) {
        let n = values.count
        guard n >= 1 else { throw .noKeyframes }
        guard n <= KeyframeSchedule.maximumKeyframeCount else {
            throw .tooManyKeyframes(count: n, limit: KeyframeSchedule.maximumKeyframeCount)
        }
        for (index, value) in values.enumerated() where !Self.isFinite(value) {
            throw .nonFiniteValue(index: index)
        }
        let parameters: [(KeyframeSplineParameter, [Double]?)] = [
            (.tensionValues, tensionValues), (.continuityValues, continuityValues), (.biasValues, biasValues),
        ]
        for (parameter, list) in parameters {
            guard let list else { continue }
            for index in 0..<min(list.count, n) where !list[index].isFinite {
                throw .nonFiniteSplineParameter(parameter, index: index)
            }
        }
        if calculationMode != .discrete {
            for i in 0..<(n - 1) where !Self.isFinite(values[i + 1] - values[i]) {
                throw .valueOverflow(segment: i)
            }
        }

        var lengths: [Double]?
        if calculationMode.isPaced {
            lengths = Self.pacedLengths(values, scale: 1)
            if lengths?.contains(where: { !$0.isFinite }) == true {
                // Distances of finite values can overflow (squares of large components); only their
                // ratios matter, and scaling by a power of two is exact for all but tiny components.
                lengths = Self.pacedLengths(values, scale: 0x1p-600)
            }
        }
        let schedule = try KeyframeSchedule(
            calculationMode: calculationMode, keyframeCount: n, keyTimes: keyTimes,
            timingFunctions: timingFunctions, segmentLengths: lengths)

        if calculationMode.isCubic {
            let (outgoing, incoming) = KochanekBartels.tangents(
                values: values, keyTimes: schedule.keyTimes, tension: tensionValues,
                continuity: continuityValues, bias: biasValues)
            for i in outgoing.indices where !(Self.isFinite(outgoing[i]) && Self.isFinite(incoming[i])) {
                throw .valueOverflow(segment: i)
            }
            outgoingTangents = outgoing
            incomingTangents = incoming
        } else {
            outgoingTangents = []
            incomingTangents = []
        }
        self.values = values
        self.schedule = schedule
    }

    /// Whether every component of `value` is finite: `v − v` is zero exactly then.
    static func isFinite(_ value: Value) -> Bool { value - value == Value.zero }

    /// The Euclidean distances between consecutive values, after scaling both by `scale`.
    static func pacedLengths(_ values: [Value], scale: Double) -> [Double] {
        guard values.count >= 2 else { return [] }
        return (0..<(values.count - 1)).map { i in
            scale == 1 ? values[i].distance(to: values[i + 1]) : (values[i] * scale).distance(to: values[i + 1] * scale)
        }
    }

    /// The value at progress `progress`, the animation's progress after its timing function
    /// (Docs/semantics.md §8.5, §11). See the type's documentation for each mode and for progress outside
    /// [0, 1]; a NaN progress counts as 0.
    @inlinable @inline(__always)
    public func value(at progress: Double) -> Value {
        guard values.count > 1 else { return values[0] }
        let segment = schedule.segment(at: progress)
        let i = segment.index
        let u = segment.progress
        switch schedule.calculationMode {
        case .discrete:
            return values[i]
        case .linear, .paced:
            if u == 1 { return values[i + 1] }
            return Value.interpolate(from: values[i], to: values[i + 1], progress: u)
        case .cubic, .cubicPaced:
            if u == 1 { return values[i + 1] }
            if u > 1 { return values[i + 1] + incomingTangents[i] * (u - 1) }
            if u < 0 { return values[i] + outgoingTangents[i] * u }
            let u2 = u * u
            let v = 1 - u
            let h01 = u2 * (3 - 2 * u)
            let h10 = u * v * v
            let h11 = -u2 * v
            return values[i] + (values[i + 1] - values[i]) * h01 + outgoingTangents[i] * h10
                + incomingTangents[i] * h11
        }
    }
}
