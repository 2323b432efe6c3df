/// The Hermite tangents of the Kochanek–Bartels spline of the cubic calculation modes
/// (Docs/semantics.md §11.5).
///
/// For segment `i` (from `Pᵢ` to `Pᵢ₊₁`, of duration `Δᵢ = kᵢ₊₁ − kᵢ`):
/// ```
/// Dᵢ⁺   = ((1−T)(1+B)(1+C)/2)·(Pᵢ − Pᵢ₋₁) + ((1−T)(1−B)(1−C)/2)·(Pᵢ₊₁ − Pᵢ)        (T, C, B of Pᵢ)
/// Dᵢ₊₁⁻ = ((1−T)(1+B)(1−C)/2)·(Pᵢ₊₁ − Pᵢ) + ((1−T)(1−B)(1+C)/2)·(Pᵢ₊₂ − Pᵢ₊₁)    (T, C, B of Pᵢ₊₁)
/// ```
/// The choices Docs/semantics.md §11.5 leaves open, **MediaTiming:**
/// * **End tangents:** the end points are duplicated, `P₋₁ = P₀` and `Pₙ = Pₙ₋₁`, so the chord beyond an
///   end is zero (for Catmull–Rom the end tangent is half the adjacent chord). A neighbour across a
///   zero-length segment (a jump) counts as missing in the same way: the spline restarts after a jump.
/// * **Non-uniform key times:** Kochanek and Bartels' adjustment. The tangents above are per segment of
///   equal duration; at a keyframe between segments of durations `Δᵢ₋₁` and `Δᵢ` the outgoing tangent is
///   multiplied by `2Δᵢ/(Δᵢ₋₁ + Δᵢ)` and the incoming one by `2Δᵢ₋₁/(Δᵢ₋₁ + Δᵢ)`, which makes the curve
///   continuous in velocity over time when `C = 0`. With equal durations both factors are 1. No factor
///   applies at an end (a missing neighbour counts as a segment of the same duration).
/// * **Bias sign:** as in the formula (positive bias weights the incoming chord `Pᵢ − Pᵢ₋₁`), the
///   original paper's convention; not checked against Core Animation.
/// * T, C and B are clamped to the documented range [−1, 1]; missing entries are 0.
enum KochanekBartels {
    /// The clamped parameter of keyframe `index`, 0 when not given.
    static func parameter(_ values: [Double]?, _ index: Int) -> Double {
        guard let values, index < values.count else { return 0 }
        return min(max(values[index], -1), 1)
    }

    /// The outgoing tangent `Dᵢ⁺` and incoming tangent `Dᵢ₊₁⁻` of every segment `i` in `0..<n − 1`.
    static func tangents<Value: VectorValue>(
        values: [Value], keyTimes: [Double], tension: [Double]?, continuity: [Double]?, bias: [Double]?
    ) -> (outgoing: [Value], incoming: [Value]) {
        let segments = values.count - 1
        guard segments >= 1, keyTimes.count == values.count else { return ([], []) }
        var outgoing: [Value] = [], incoming: [Value] = []
        outgoing.reserveCapacity(segments)
        incoming.reserveCapacity(segments)
        func duration(_ i: Int) -> Double { keyTimes[i + 1] - keyTimes[i] }
        for i in 0..<segments {
            let chord = values[i + 1] - values[i]

            let hasPrevious = i > 0 && duration(i - 1) > 0
            let previousChord = hasPrevious ? values[i] - values[i - 1] : Value.zero
            let t0 = parameter(tension, i), c0 = parameter(continuity, i), b0 = parameter(bias, i)
            var out = previousChord * ((1 - t0) * (1 + b0) * (1 + c0) / 2)
                + chord * ((1 - t0) * (1 - b0) * (1 - c0) / 2)
            if hasPrevious { out = out * (2 * duration(i) / (duration(i - 1) + duration(i))) }

            let hasNext = i + 1 < segments && duration(i + 1) > 0
            let nextChord = hasNext ? values[i + 2] - values[i + 1] : Value.zero
            let t1 = parameter(tension, i + 1), c1 = parameter(continuity, i + 1), b1 = parameter(bias, i + 1)
            var into = chord * ((1 - t1) * (1 + b1) * (1 - c1) / 2)
                + nextChord * ((1 - t1) * (1 - b1) * (1 + c1) / 2)
            if hasNext { into = into * (2 * duration(i) / (duration(i) + duration(i + 1))) }

            outgoing.append(out)
            incoming.append(into)
        }
        return (outgoing, incoming)
    }
}
