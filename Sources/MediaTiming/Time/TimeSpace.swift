/// The mapping from a parent's time to an object's local time: the three `CAMediaTiming` fields that
/// every layer and every animation carries for it.
///
/// `t = (tp − beginTime) · speed + timeOffset` (Docs/semantics.md §3.1). `speed` is a `Float`, as in
/// Core Animation; it is widened to `Double` exactly before any arithmetic, so `speed = 0.1` behaves as
/// `0.10000000149011612`, as it does on Apple's platforms.
///
/// A time space is a plain value: it holds no clock. Validation (NaN, infinities) happens where a time
/// space enters a ``Timing`` or a layer; the functions here are total and never trap.
public struct TimeSpace: Hashable, Sendable {
    /// The parent time at which local time starts counting (`beginTime`).
    public var beginTime: Double
    /// The rate of local time relative to parent time (`speed`); 0 freezes local time at `timeOffset`.
    public var speed: Float
    /// An offset in local time, added after scaling by `speed` (`timeOffset`).
    public var timeOffset: Double

    /// Creates a time space; the defaults are Core Animation's (begin 0, speed 1, offset 0).
    @inlinable
    public init(beginTime: Double = 0, speed: Float = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime
        self.speed = speed
        self.timeOffset = timeOffset
    }

    /// The identity time space: local time equals parent time.
    public static let identity = TimeSpace()

    /// `speed` widened exactly to `Double`.
    @inlinable
    public var rate: Double { Double(speed) }

    /// The local time at parent time `parentTime`: `(tp − beginTime) · speed + timeOffset`
    /// (Docs/semantics.md §3.1).
    @inlinable
    public func localTime(fromParent parentTime: Double) -> Double {
        (parentTime - beginTime) * rate + timeOffset
    }

    /// The parent time at which local time reads `localTime`: `(t − timeOffset) / speed + beginTime`.
    ///
    /// With `speed == 0` every parent time maps to the same local time, so the map has no inverse; the
    /// result is then `beginTime`, the parent time at which the object began (Docs/semantics.md §3.3).
    @inlinable
    public func parentTime(fromLocal localTime: Double) -> Double {
        speed == 0 ? beginTime : (localTime - timeOffset) / rate + beginTime
    }

    /// The same mapping as an affine map `t = scale · tp + offset`, for composing chains.
    @inlinable
    public var affineMap: AffineTimeMap {
        AffineTimeMap(scale: rate, offset: timeOffset - beginTime * rate)
    }
}

extension TimeSpace {
    /// The local time at the end of a chain of time spaces, converting step by step from the first
    /// (the root's, whose parent time is absolute time) to the last (Docs/semantics.md §3.2).
    @inlinable
    public static func localTime<Chain: Sequence<TimeSpace>>(
        through chain: Chain, fromParent parentTime: Double
    ) -> Double {
        var t = parentTime
        for space in chain { t = space.localTime(fromParent: t) }
        return t
    }

    /// The parent time of the first space of `chain` at which the last space's local time reads
    /// `localTime`: the inverse of ``localTime(through:fromParent:)``, applied from the last space up
    /// (Docs/semantics.md §3.3). A space with speed 0 maps to its `beginTime`.
    @inlinable
    public static func parentTime<Chain: BidirectionalCollection<TimeSpace>>(
        through chain: Chain, fromLocal localTime: Double
    ) -> Double {
        var t = localTime
        for space in chain.reversed() { t = space.parentTime(fromLocal: t) }
        return t
    }
}
