/// The timing of a keyframe animation apart from its values: the key times that the calculation mode
/// gives, the per-segment timing functions, and the lookup from progress to segment
/// (Docs/semantics.md §11.1–§11.4, §8.5).
///
/// A values track (``KeyframeTrack``) and a path track share it: a path supplies its keyframe count and,
/// in the paced modes, the arc length of each element as `segmentLengths` (Docs/semantics.md §11.6).
///
/// **Key times** (Docs/semantics.md §11.1). For `n` keyframes:
/// * linear and cubic: `n` key times, the first 0, the last 1;
/// * discrete: `n + 1` key times (segment boundaries), the first 0, the last 1;
/// * in both cases non-decreasing (which keeps them in [0, 1]). Key times that break these rules,
///   including NaN or infinite ones, are ignored as in Core Animation, and the defaults apply:
///   `kᵢ = i/(n − 1)` (linear, cubic) or `kᵢ = i/n` for `i = 0…n` (discrete). Discrete mode with as many
///   key times as values is invalid and falls back to the defaults (U8, Docs/semantics.md §11.3).
/// * paced and cubicPaced: given key times are ignored; `kᵢ = Lᵢ/L` with `Lᵢ` the cumulative length of the
///   first `i` segments (Docs/semantics.md §11.4). When every length is 0 the defaults `i/(n − 1)` apply.
/// * A single keyframe outside discrete mode has the key times `[0]` and no segment.
///
/// **Timing functions** (Docs/semantics.md §8.5, §11.2). The per-segment functions apply in linear and
/// cubic mode when there are exactly `n − 1` of them; otherwise, and always in the discrete and paced
/// modes, they are ignored. (In discrete mode a segment holds one value, so a function could not change
/// it.) The animation-level timing function is not this schedule's business: ``segment(at:)`` takes the
/// progress after it, and paced modes keep it (U9, Docs/semantics.md §11.1).
///
/// Everything is computed at construction; ``segment(at:)`` is a guess checked against the key times,
/// else a binary search (no check when the key times are `i/N` with `N` a power of two), and at most one
/// timing function evaluation, without allocation. Identical timing functions are prepared once.
public struct KeyframeSchedule: Sendable {
    /// The largest number of keyframes a schedule accepts. **MediaTiming:** a policy limit that bounds
    /// construction time and memory (each distinct timing function is prepared with a 65-entry table).
    public static let maximumKeyframeCount = 100_000

    /// The calculation mode the key times were derived for.
    public let calculationMode: CalculationMode
    /// The number of keyframes (values, or path points other than `moveto`).
    public let keyframeCount: Int
    /// The key times in use: `segmentCount + 1` non-decreasing times from 0 to 1 (`n + 1` boundaries in
    /// discrete mode, `n` key times otherwise, `[0]` for a single non-discrete keyframe).
    public let keyTimes: [Double]
    /// Whether the `keyTimes` given at construction were valid and are in use.
    public let usesGivenKeyTimes: Bool
    /// Whether the per-segment timing functions given at construction are in use.
    public let usesTimingFunctions: Bool

    /// The distinct non-linear timing functions, prepared.
    @usableFromInline let curves: [PreparedTimingFunction]
    /// Per segment, the index into `curves`, or −1 for a linear segment; empty when no function applies.
    @usableFromInline let curveIndices: [Int]
    /// `N`, the segment count, when the key times are `i/N` for `i = 0…N` with `N` a power of two (the
    /// default key times of `2^k + 1` keyframes, `2^k` in discrete mode, and any key times with those
    /// bits); else 0. Then ``segment(at:)`` finds the segment and its progress without a check or a
    /// division.
    @usableFromInline let uniformScale: Double

    /// The number of segments: `n` in discrete mode, `n − 1` otherwise.
    @inlinable
    public var segmentCount: Int { keyTimes.count - 1 }

    /// Derives the key times and prepares the segment timing functions.
    ///
    /// - Parameters:
    ///   - calculationMode: the keyframe calculation mode.
    ///   - keyframeCount: the number of keyframes `n`, from 1 to ``maximumKeyframeCount``.
    ///   - keyTimes: the animation's `keyTimes`, or `nil`; ignored when invalid for the mode.
    ///   - timingFunctions: the animation's per-segment `timingFunctions`, or `nil`; used only as
    ///     described above.
    ///   - segmentLengths: the paced modes' segment lengths, `n − 1` finite values ≥ 0 (Euclidean distances
    ///     between values, or arc lengths of path elements). Ignored in the other modes; may be `nil`
    ///     for a single keyframe.
    /// - Throws: ``KeyframeError/noKeyframes``, ``KeyframeError/tooManyKeyframes(count:limit:)``, or
    ///   ``KeyframeError/invalidSegmentLength(index:)`` in a paced mode.
    public init(
        calculationMode: CalculationMode, keyframeCount: Int, keyTimes: [Double]? = nil,
        timingFunctions: [TimingFunction]? = nil, segmentLengths: [Double]? = nil
    ) throws(KeyframeError) {
        let n = keyframeCount
        guard n >= 1 else { throw .noKeyframes }
        guard n <= Self.maximumKeyframeCount else {
            throw .tooManyKeyframes(count: n, limit: Self.maximumKeyframeCount)
        }
        self.calculationMode = calculationMode
        self.keyframeCount = n

        if calculationMode.isPaced {
            self.keyTimes = try Self.pacedKeyTimes(keyframeCount: n, segmentLengths: segmentLengths)
            usesGivenKeyTimes = false
        } else if let given = keyTimes, Self.accepts(given, calculationMode: calculationMode, keyframeCount: n) {
            self.keyTimes = given
            usesGivenKeyTimes = true
        } else {
            self.keyTimes = Self.defaultKeyTimes(calculationMode: calculationMode, keyframeCount: n)
            usesGivenKeyTimes = false
        }

        uniformScale = Self.uniformScale(of: self.keyTimes)

        let interpolates = calculationMode == .linear || calculationMode == .cubic
        if interpolates, n >= 2, let functions = timingFunctions, functions.count == n - 1 {
            var distinct: [TimingFunction: Int] = [:]
            var curves: [PreparedTimingFunction] = []
            var indices: [Int] = []
            indices.reserveCapacity(n - 1)
            for function in functions {
                if function.isLinear {
                    indices.append(-1)
                } else if let index = distinct[function] {
                    indices.append(index)
                } else {
                    distinct[function] = curves.count
                    indices.append(curves.count)
                    curves.append(function.prepared())
                }
            }
            self.curves = curves
            curveIndices = curves.isEmpty ? [] : indices
            usesTimingFunctions = true
        } else {
            curves = []
            curveIndices = []
            usesTimingFunctions = false
        }
    }

    /// Whether `keyTimes` are valid for `calculationMode` with `keyframeCount` keyframes
    /// (Docs/semantics.md §11.1): always `false` in the paced modes, where key times are ignored.
    public static func accepts(_ keyTimes: [Double], calculationMode: CalculationMode, keyframeCount: Int) -> Bool {
        guard !calculationMode.isPaced else { return false }
        let expected = calculationMode == .discrete ? keyframeCount + 1 : keyframeCount
        guard keyTimes.count == expected, expected >= 2 else { return false }
        guard keyTimes.first == 0, keyTimes.last == 1 else { return false }
        for i in 1..<keyTimes.count where !(keyTimes[i - 1] <= keyTimes[i]) { return false }
        return true
    }

    /// `N` when `keyTimes` are `i/N` for `i = 0…N`, bit for bit (a −0 first key time is not), with `N` a
    /// power of two up to 2²⁰; else 0. O(N).
    static func uniformScale(of keyTimes: [Double]) -> Double {
        let count = keyTimes.count - 1
        guard count >= 1, count <= 1 << 20, count & (count - 1) == 0 else { return 0 }
        let scale = Double(count)
        for (i, time) in keyTimes.enumerated() where time.bitPattern != (Double(i) / scale).bitPattern { return 0 }
        return scale
    }

    /// The default key times of `calculationMode` (Docs/semantics.md §11.1): `i/(n − 1)`, or `i/n` with
    /// `n + 1` boundaries in discrete mode; `[0]` for a single non-discrete keyframe.
    public static func defaultKeyTimes(calculationMode: CalculationMode, keyframeCount: Int) -> [Double] {
        let intervals = calculationMode == .discrete ? keyframeCount : keyframeCount - 1
        guard intervals >= 1 else { return [0] }
        var times = (0...intervals).map { Double($0) / Double(intervals) }
        times[intervals] = 1
        return times
    }

    /// Paced key times `Lᵢ/L` (Docs/semantics.md §11.4), with the lengths rescaled by the largest one
    /// when their sum overflows.
    static func pacedKeyTimes(keyframeCount n: Int, segmentLengths: [Double]?) throws(KeyframeError) -> [Double] {
        let lengths = segmentLengths ?? []
        guard lengths.count == n - 1 else { throw .invalidSegmentLength(index: lengths.count) }
        guard n >= 2 else { return [0] }
        var largest = 0.0
        for (index, length) in lengths.enumerated() {
            guard length.isFinite, length >= 0 else { throw .invalidSegmentLength(index: index) }
            largest = max(largest, length)
        }
        guard largest > 0 else { return defaultKeyTimes(calculationMode: .paced, keyframeCount: n) }
        var total = lengths.reduce(0, +)
        let scale = total.isFinite ? 1 : 1 / largest
        if scale != 1 { total = lengths.reduce(0) { $0 + $1 * scale } }
        var times = [0.0]
        times.reserveCapacity(n)
        var cumulative = 0.0
        for length in lengths.dropLast() {
            cumulative += length * scale
            times.append(min(cumulative / total, 1))
        }
        times.append(1)
        return times
    }

    /// The segment and local progress at progress `progress`, the animation's progress after its own
    /// timing function (Docs/semantics.md §8.5, §11.2).
    ///
    /// * The segment is the largest `i < segmentCount` with `kᵢ ≤ p`, so the last segment is closed at 1
    ///   and a progress exactly on a key time starts the segment that begins there.
    /// * `u = (p − kᵢ)/(kᵢ₊₁ − kᵢ)`. Zero-length segments (`kᵢ = kᵢ₊₁`) are jumps: a progress on their key
    ///   time already selects the next segment, so one is selected only when it ends the schedule at 1, and
    ///   then `u = 1`.
    /// * `u' = TFᵢ(u)` when the segment has a timing function and `u ∈ [0, 1]`.
    /// * **MediaTiming:** a progress outside [0, 1] (from an overshooting animation timing function,
    ///   Docs/semantics.md §8.3) extrapolates the segment in use at 0 or at 1: `u` leaves [0, 1] and is
    ///   passed on without the segment's timing function (which is defined on [0, 1] only; it meets the
    ///   extrapolation continuously, as `TF(0) = 0`, `TF(1) = 1`). An infinite `u` (a subnormal segment)
    ///   becomes `±Double.greatestFiniteMagnitude`. A NaN progress counts as 0, `+∞` as 1, `−∞` as 0.
    /// * With no segment (a single keyframe) the result is segment 0 at progress 0.
    @inlinable @inline(__always)
    public func segment(at progress: Double) -> KeyframeSegment {
        let count = keyTimes.count - 1
        guard count > 0 else { return KeyframeSegment(index: 0, progress: 0) }
        let p: Double
        if progress.isNaN || progress == -.infinity {
            p = 0
        } else if progress == .infinity {
            p = 1
        } else {
            p = progress
        }
        let q = p < 0 ? 0 : (p > 1 ? 1 : p)
        // The segment guessed from q as if the key times were evenly spaced (the default).
        let guess = Swift.min(Int(q * Double(count)), count - 1)
        var low: Int, u: Double
        if uniformScale > 0 {
            // Key times i/N with N = 2^k: q·N is exact, so the guess ⌊q·N⌋ (N − 1 at q = 1) is the
            // segment. Its length (i + 1)/N − i/N is 2^−k exactly (never zero), so (p − kᵢ)/2^−k and
            // (p − kᵢ)·2^k are both the correctly rounded value of the same real number: the rounded
            // difference p − kᵢ (kᵢ the stored key time) times 2^k, an overflow to ±∞ included.
            low = guess
            u = (p - keyTimes[low]) * uniformScale
        } else {
            (low, u) = searchedSegment(p, q, guess: guess, count: count)
        }
        if u >= 0 && u <= 1 {
            if !curveIndices.isEmpty {
                let curve = curveIndices[low]
                if curve >= 0 { u = curves[curve].value(at: u) }
            }
        } else if u.isInfinite {
            u = u < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude
        }
        return KeyframeSegment(index: low, progress: u)
    }

    /// ``segment(at:)``'s segment `i` and progress `(p − kᵢ)/(kᵢ₊₁ − kᵢ)` (1 for a zero-length segment) for
    /// any key times, at progress `p` clamped to `q` in [0, 1], with `count` segments; `guess` is
    /// `⌊q·count⌋` clamped to the last segment.
    @inlinable @inline(__always)
    func searchedSegment(_ p: Double, _ q: Double, guess: Int, count: Int) -> (index: Int, progress: Double) {
        // The last segment whose start is ≤ q (keyTimes[0] = 0, the key times never decrease): the guess
        // (right for evenly spaced key times but at rounding boundaries) when the key times confirm it,
        // else found by bisection.
        var low = guess
        if keyTimes[low] > q || (low + 1 < count && keyTimes[low + 1] <= q) {
            // Invariant: keyTimes[low] ≤ q, and the answer lies in low..<high.
            low = 0
            var high = count
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if keyTimes[middle] <= q { low = middle } else { high = middle }
            }
        }
        let start = keyTimes[low]
        let length = keyTimes[low + 1] - start
        return (low, length > 0 ? (p - start) / length : 1)
    }
}
