/// Finds the exact media time at which a monotone condition starts to hold: the instant of a phase
/// crossing, for events stamped with the time of the crossing rather than of the frame that saw it
/// (Docs/semantics.md §13.2).
///
/// Between two script operations every layer's local time is an affine function of media time, so a
/// phase condition ("the animation has begun", "the animation has ended") is false up to some instant and
/// true from it on. The result is the smallest representable time at which the condition holds, so event
/// times and sampling agree to the last bit: sampling at the event time sees the new phase, sampling one
/// ulp earlier sees the old one.
public enum BoundarySearch {
    /// The smallest `t` in `(lower, upper]` with `holds(t)`, given `!holds(lower)` and `holds(upper)`.
    ///
    /// - Parameters:
    ///   - lower: a time at which the condition does not hold.
    ///   - upper: a later time at which it holds.
    ///   - estimate: a closed-form estimate of the crossing (e.g. from the inverse time map), tried first
    ///     with its neighbours (when it is `upper`, only the double below it: one evaluation of `holds`
    ///     when the estimate is exact); the search then bisects the doubles in between by their order, at
    ///     most 64 more evaluations of `holds`.
    ///   - holds: the condition, false up to some instant and true from it on.
    /// - Returns: the smallest representable time in `(lower, upper]` at which `holds` is true.
    public static func firstTime(after lower: Double, upTo upper: Double, estimate: Double?, where holds: (Double) -> Bool) -> Double {
        var lo = orderKey(lower), hi = orderKey(upper)
        if let estimate, estimate > lower, estimate <= upper {
            let key = orderKey(estimate)
            // The estimate's neighbours in order (a key of a finite double ± 1 cannot overflow).
            for offset: Int64 in -1...1 {
                let probe = key + offset
                guard probe > lo && probe < hi else { continue }
                if holds(double(fromOrderKey: probe)) { hi = probe; break } else { lo = probe }
            }
        }
        // Keys of finite doubles lie strictly inside Int64's range, so `hi - 1` cannot overflow; the
        // midpoint is formed without the overflowing sum.
        while lo < hi - 1 {
            let mid = (lo & hi) + ((lo ^ hi) >> 1)
            if holds(double(fromOrderKey: mid)) { hi = mid } else { lo = mid }
        }
        return double(fromOrderKey: hi)
    }

    /// The smallest `t > time` with `holds(t)`, or nil when there is none: ``firstTime(after:upTo:estimate:where:)``
    /// once a time at which the condition holds is found.
    ///
    /// The condition is false up to some instant and true from it on, at least up to where it stops being
    /// defined, beyond which it may be false again (a phase condition where a layer's local time
    /// overflows: sampling there sees no phase change any more). `finiteAtEnd` says that this does not
    /// happen below the largest finite double.
    ///
    /// The search first brackets the crossing:
    ///
    /// - The estimates are tried in increasing order, each with the double after it. An estimate at which
    ///   `holds` is true bounds the crossing from above. An estimate at which it is false moves the lower
    ///   end of the bracket past it.
    /// - When neither an estimate nor the double after one holds, `finiteAtEnd` is asked (only then).
    ///   When it is true, one evaluation at the largest finite double decides whether the condition ever
    ///   holds.
    /// - Otherwise the doubles after the lower end are probed at steps of 1, 2, 4, … doubles in their
    ///   order (at most 2⁶¹), until a probe holds or the largest finite double is reached.
    ///
    /// - Parameters:
    ///   - time: the time after which the crossing is sought; when the condition already holds there, the
    ///     answer is the double after it. A NaN time, or one at or above the largest finite double, has
    ///     no finite double after it: nil, without evaluating anything.
    ///   - estimates: up to two closed-form estimates of the crossing (e.g. from the inverse time map of
    ///     the begin and the end of an animation's window); those not above `time` or not finite are
    ///     ignored.
    ///   - finiteAtEnd: whether the condition is monotone up to the largest finite double.
    ///   - holds: the condition.
    /// - Returns: the smallest representable time above `time` at which `holds` is true, or nil.
    ///
    /// Cost, in evaluations of `holds`: two for each estimate passed on the way (it and the double after
    /// it do not hold). Then, below an estimate that holds, at most two when it is the crossing (it and
    /// the double below it) or the double before it (it and the double after it), otherwise the double
    /// below it and at most 64 steps of bisection. When neither an estimate nor the double after one
    /// holds: one evaluation at the largest finite double when `finiteAtEnd` is true; then, unless that
    /// decided that nothing holds, at most 68 probes (64 from a time at or above zero) and 62 steps of
    /// bisection.
    public static func firstTime(
        after time: Double, estimates: (Double?, Double?), finiteAtEnd: () -> Bool, where holds: (Double) -> Bool
    ) -> Double? {
        guard !time.isNaN, time < .greatestFiniteMagnitude,
            let (lower, upper, estimated) = bracket(after: time, estimates: estimates, finiteAtEnd: finiteAtEnd, holds: holds)
        else { return nil }
        return firstTime(after: lower, upTo: upper, estimate: estimated ? upper : nil, where: holds)
    }

    /// Times `lower < upper` with `lower ≥ time`, `holds` false at `lower` (or `lower == time`) and true
    /// at `upper`, and whether `upper` is an estimate or the double after one (false: found by stepping);
    /// nil when there is no crossing (``firstTime(after:estimates:finiteAtEnd:where:)``).
    static func bracket(
        after time: Double, estimates: (Double?, Double?), finiteAtEnd: () -> Bool, holds: (Double) -> Bool
    ) -> (lower: Double, upper: Double, estimated: Bool)? {
        var lower = time
        // The estimates in increasing order (as `sorted()` orders two: swapped only when the second is below).
        var candidates: InlineArray<2, Double?> = [estimates.0, estimates.1]
        if let first = estimates.0, let second = estimates.1, second < first { candidates = [second, first] }
        for position in candidates.indices {
            guard let estimate = candidates[position], estimate > lower, estimate.isFinite else { continue }
            if holds(estimate) { return (lower, estimate, true) }
            let after = estimate.nextUp
            if after.isFinite, holds(after) { return (estimate, after, true) }
            // The condition is monotone: the crossing is above the estimate's neighbour.
            lower = after.isFinite ? after : estimate
        }
        if finiteAtEnd(), !holds(Double.greatestFiniteMagnitude) { return nil }
        var key = orderKey(lower)
        let last = orderKey(Double.greatestFiniteMagnitude)
        var step: Int64 = 1
        while key < last {
            let (gap, overflow) = last.subtractingReportingOverflow(key)
            let previous = key
            key = !overflow && gap <= step ? last : key + step
            let t = double(fromOrderKey: key)
            if holds(t) { return (double(fromOrderKey: previous), t, false) }
            step = step > Int64.max / 4 ? step : step * 2
        }
        return nil
    }

    /// A key that orders doubles as integers (−0 and +0 share the key 0).
    static func orderKey(_ value: Double) -> Int64 {
        let bits = Int64(bitPattern: value.bitPattern)
        return bits >= 0 ? bits : Int64.min &- bits
    }

    static func double(fromOrderKey key: Int64) -> Double {
        Double(bitPattern: UInt64(bitPattern: key >= 0 ? key : Int64.min &- key))
    }
}
