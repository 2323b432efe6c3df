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

    /// A key that orders doubles as integers (−0 and +0 share the key 0).
    static func orderKey(_ value: Double) -> Int64 {
        let bits = Int64(bitPattern: value.bitPattern)
        return bits >= 0 ? bits : Int64.min &- bits
    }

    static func double(fromOrderKey key: Int64) -> Double {
        Double(bitPattern: UInt64(bitPattern: key >= 0 ? key : Int64.min &- key))
    }
}
