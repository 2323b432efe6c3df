/// The instants at which the settling search of a critically damped or overdamped spring looks at the
/// motion (Docs/semantics.md §12.3): `t₀ = 0`, `tₙ₊₁ = tₙ ⊕ 0.1`, where `⊕` is `Double` addition. The
/// instants are the partial sums of 0.1 as a loop `t += 0.1` produces them, rounding included (ten steps
/// give 0.9999999999999999, not 1).
///
/// Cost: ``first(after:)`` is O(number of binades up to the answer), at most about 200 short steps (a
/// few per binade from 0.5 s to 2^50 s) whatever the answer: inside one binade `[2^e, 2^(e+1))` with
/// `e ≥ −1` every addition adds the same multiple of the binade's ulp (no addition there is a tie), so
/// whole runs of steps are taken at once.
enum SettlingSteps {
    /// The step, 0.1 s.
    static let step = 0.1

    /// The first instant strictly after `time`, or `nil` when the sequence stops growing first
    /// (`t ⊕ 0.1 = t`, from `t = 2^50` s on) or `time` is not finite.
    static func first(after time: Double) -> Double? {
        guard time < .infinity else { return nil }
        var t = 0.0
        while t <= time {
            // Below 0.5 the additions include a tie (in [0.25, 0.5)); there are only five of them.
            guard t >= 0.5 else { t += step; continue }
            let ulp = t.ulp
            let increment = (step / ulp).rounded(.toNearestOrEven) * ulp
            guard increment > 0 else { return nil }
            // Steps that stay at least one increment below the binade's end (so none crosses it), and
            // that stay at or below `time`; one less of each for the rounding of the two quotients.
            let inside = ((2 * t.binade - t) / increment).rounded(.down) - 2
            let needed = ((time - t) / increment).rounded(.down) - 1
            let jump = min(inside, needed)
            if jump >= 1 {
                t += jump * increment  // a multiple of the ulp below the binade's end: exact
            } else {
                t += step
            }
        }
        return t
    }

    /// The instant after `t`, or `nil` when the sequence has stopped growing.
    static func next(after t: Double) -> Double? {
        let next = t + step
        return next > t ? next : nil
    }
}
