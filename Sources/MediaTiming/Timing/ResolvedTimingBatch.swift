/// Many animations' timings resolved once, in struct-of-arrays form, for evaluating all of them at one
/// parent time per frame (Docs/performance.md, P3).
///
/// Resolution does, once per item, what ``ResolvedTiming/init(_:defaultDuration:)`` does (validation, the
/// simple, cycle and active durations) and shares everything else: the fields that are not per-item
/// times (speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode, timing function) are
/// gathered into a small table of distinct *kinds*, with the constants derived from them (the rate, the
/// end-of-active-duration iteration of ``TimingCalculations/iterationAtEnd(repeatCount:cycleDuration:)``).
/// Per item only the begin time, the simple and active durations and a kind index remain (28 bytes).
///
/// ``evaluate(atParentTime:removedOnCompletion:into:)`` is then one loop without allocation, reference
/// counting or per-item set-up. Item `i` gives exactly, bit for bit, what
/// ``ResolvedTiming/evaluate(atParentTime:timingFunction:removedOnCompletion:)`` gives for the same timing
/// and curve (``ResolvedTiming/evaluate(atParentTime:removedOnCompletion:)`` without a curve): the floored
/// remainders of Model W are computed exactly by a shorter route where the quotient is small (the remainder
/// of two doubles is exact, so every exact method gives the same bits), and everything else by the same
/// operations in the same order.
///
/// An item whose timing is invalid is kept and reported as failed at every evaluation (its
/// ``TimingError`` is in ``itemErrors``).
public struct ResolvedTimingBatch: @unchecked Sendable {
    /// One distinct combination of the shared fields, with its derived constants.
    @usableFromInline struct Kind {
        @usableFromInline var rate: Double = 1
        @usableFromInline var absoluteRate: Double = 1
        @usableFromInline var timeOffset: Double = 0
        @usableFromInline var repeatDuration: Double = 0
        /// The factor of the cycle duration in the active duration: `Double(repeatCount)`, `+infinity`
        /// for `repeatCount ≥ Float.greatestFiniteMagnitude`, 1 for a count ≤ 0.
        @usableFromInline var cycles: Double = 1
        @usableFromInline var endIndex: Int = 0
        /// The fractional part of the last cycle at the end (`iterationAtEnd`), 0 for a whole count.
        @usableFromInline var endFraction: Double = 0
        /// The curve's index in ``curves``; −1 for linear pacing.
        @usableFromInline var curve: Int = -1
        @usableFromInline var autoreverses = false
        @usableFromInline var fillsBackwards = false
        @usableFromInline var fillsForwards = false
        @usableFromInline var hasRepeatDuration = false
        @usableFromInline var ratePositive = true
        @usableFromInline var rateNegative = false
        @usableFromInline var rateNonZero = true
        /// The item's timing is invalid (every item of this kind fails with ``error``).
        @usableFromInline var error: TimingError? = nil
    }

    /// The storage, immutable after resolution and shared by copies.
    @usableFromInline final class Storage: @unchecked Sendable {
        @usableFromInline var count = 0
        @usableFromInline var begin: [Double] = []
        @usableFromInline var simple: [Double] = []
        @usableFromInline var active: [Double] = []
        @usableFromInline var kindIndex: [Int32] = []
        @usableFromInline var kinds: [Kind] = []
        @usableFromInline var curves: [PreparedTimingFunction] = []
        init() {}
    }

    @usableFromInline let storage: Storage

    /// The number of items.
    public var count: Int { storage.count }

    /// The prepared timing functions the items refer to by index.
    public var curves: [PreparedTimingFunction] { storage.curves }

    /// The validation error of each invalid item, by item index (`nil` for valid items). Empty when every
    /// item is valid.
    public let itemErrors: [Int: TimingError]

    /// Resolves `timings[i]` with timing function `curves[curveIndices[i]]` for every `i`
    /// (`curveIndices == nil` or a negative or out-of-range index: linear pacing).
    ///
    /// - Parameters:
    ///   - timings: the items' timing fields.
    ///   - curveIndices: for each item, the index of its timing function in `curves`, or `nil` for all
    ///     linear; only the first `timings.count` entries are read, missing ones count as linear.
    ///   - curves: the prepared timing functions.
    ///   - defaultDuration: the duration of items whose `duration ≤ 0` (0.25 s in Core Animation); as in
    ///     ``ResolvedTiming/init(_:defaultDuration:)``.
    /// - Throws: ``TimingError/invalidField(_:_:)`` with ``TimingField/defaultDuration`` for an invalid
    ///   default duration. Invalid items do not throw: they are kept in ``itemErrors``.
    public init(
        timings: [Timing], curveIndices: [Int]? = nil, curves: [PreparedTimingFunction] = [],
        defaultDuration: Double = 0.25
    ) throws(TimingError) {
        if let invalid = InvalidValue(nonFinite: defaultDuration), invalid != .positiveInfinity {
            throw .invalidField(.defaultDuration, invalid)
        }
        guard defaultDuration > 0 else { throw .invalidField(.defaultDuration, .notPositive) }
        let s = Storage()
        let n = timings.count
        s.count = n
        s.curves = curves
        s.begin.reserveCapacity(n)
        s.simple.reserveCapacity(n)
        s.active.reserveCapacity(n)
        s.kindIndex.reserveCapacity(n)
        var errors: [Int: TimingError] = [:]
        var kindIDs: [KindKey: Int32] = [:]
        for (i, timing) in timings.enumerated() {
            var curve = -1
            if let curveIndices, i < curveIndices.count, curveIndices[i] >= 0, curveIndices[i] < curves.count,
               !curves[curveIndices[i]].isLinear {
                curve = curveIndices[i]
            }
            let key: KindKey
            do throws(TimingError) {
                let resolved = try ResolvedTiming(timing, defaultDuration: defaultDuration)
                s.begin.append(timing.beginTime)
                s.simple.append(resolved.simpleDuration)
                s.active.append(resolved.activeDuration)
                key = KindKey(timing, curve: curve, error: nil)
            } catch {
                errors[i] = error
                s.begin.append(0)
                s.simple.append(1)
                s.active.append(1)
                key = KindKey(timing, curve: curve, error: error)
            }
            if let id = kindIDs[key] {
                s.kindIndex.append(id)
            } else {
                let id = Int32(s.kinds.count)
                kindIDs[key] = id
                s.kinds.append(Self.kind(timing, curve: curve, error: key.error))
                s.kindIndex.append(id)
            }
        }
        storage = s
        itemErrors = errors
    }

    /// The identity of a kind: the bit patterns of the shared fields.
    struct KindKey: Hashable {
        var speed: UInt32, repeatCount: UInt32, timeOffset: UInt64, repeatDuration: UInt64
        var autoreverses: Bool, fill: FillMode, curve: Int, error: TimingError?
        init(_ t: Timing, curve: Int, error: TimingError?) {
            speed = t.speed.bitPattern
            repeatCount = t.repeatCount.bitPattern
            timeOffset = t.timeOffset.bitPattern
            repeatDuration = t.repeatDuration.bitPattern
            autoreverses = t.autoreverses
            fill = t.fillMode
            self.curve = curve
            self.error = error
        }
    }

    static func kind(_ t: Timing, curve: Int, error: TimingError?) -> Kind {
        var k = Kind()
        k.rate = t.timeSpace.rate
        k.absoluteRate = k.rate.magnitude
        k.ratePositive = k.rate > 0
        k.rateNegative = k.rate < 0
        k.rateNonZero = k.rate != 0
        k.timeOffset = t.timeOffset
        k.repeatDuration = t.repeatDuration
        k.hasRepeatDuration = t.repeatDuration > 0
        k.cycles = t.repeatCount >= .greatestFiniteMagnitude ? .infinity : (t.repeatCount > 0 ? Double(t.repeatCount) : 1)
        // iterationAtEnd's index and fraction, per kind (they depend on the repeat count only).
        let cycles = t.repeatCount > 0 ? Double(t.repeatCount) : 1
        let last = cycles.rounded(.up) - 1
        k.endIndex = TimingCalculations.saturatingInt(last)
        k.endFraction = cycles - last
        k.curve = curve
        k.autoreverses = t.autoreverses
        k.fillsBackwards = t.fillMode.fillsBackwards
        k.fillsForwards = t.fillMode.fillsForwards
        k.error = error
        return k
    }

    /// Where ``evaluate(atParentTime:removedOnCompletion:into:)`` writes: any pointer may be `nil` to skip
    /// that output; each non-`nil` one must have room for ``count`` elements.
    ///
    /// A failed item gets progress and unit time NaN, phase −1, applies 0, iteration 0, and its error code
    /// in `status`; a successful one gets `okCode` in `status`.
    public struct Outputs {
        /// The progress after the timing function.
        public var progress: UnsafeMutablePointer<Double>?
        /// The unit time before the timing function.
        public var unitTime: UnsafeMutablePointer<Double>?
        /// The phase: 0 ``TimingPhase/before``, 1 ``TimingPhase/active``, 2 ``TimingPhase/after``.
        public var phase: UnsafeMutablePointer<Int8>?
        /// 1 when the item contributes at this time, else 0.
        public var applies: UnsafeMutablePointer<UInt8>?
        /// The iteration index.
        public var iteration: UnsafeMutablePointer<Int64>?
        /// Per item: `okCode`, `invalidFieldCode` or `overflowCode`.
        public var status: UnsafeMutablePointer<Int32>?
        /// The code written to `status` for a successful item.
        public var okCode: Int32
        /// The code written for an item whose timing is invalid (``TimingError/invalidField(_:_:)``).
        public var invalidFieldCode: Int32
        /// The code written for an item whose local time overflows (``TimingError/localTimeOverflow``).
        public var overflowCode: Int32

        /// Creates outputs; every pointer defaults to `nil` (not written).
        public init(
            progress: UnsafeMutablePointer<Double>? = nil, unitTime: UnsafeMutablePointer<Double>? = nil,
            phase: UnsafeMutablePointer<Int8>? = nil, applies: UnsafeMutablePointer<UInt8>? = nil,
            iteration: UnsafeMutablePointer<Int64>? = nil, status: UnsafeMutablePointer<Int32>? = nil,
            okCode: Int32 = 0, invalidFieldCode: Int32 = 1, overflowCode: Int32 = 2
        ) {
            self.progress = progress
            self.unitTime = unitTime
            self.phase = phase
            self.applies = applies
            self.iteration = iteration
            self.status = status
            self.okCode = okCode
            self.invalidFieldCode = invalidFieldCode
            self.overflowCode = overflowCode
        }
    }

    /// Evaluates every item at parent time `parentTime` and writes the requested outputs.
    ///
    /// - Returns: the error of the first failed item (an invalid timing, or a local time overflowing
    ///   `Double`), `nil` when all succeeded; the other items are evaluated either way.
    /// - Throws: ``TimingError/invalidTime(_:)`` for a non-finite time (nothing is written).
    @discardableResult
    public func evaluate(
        atParentTime parentTime: Double, removedOnCompletion: Bool = true, into outputs: Outputs
    ) throws(TimingError) -> TimingError? {
        if let invalid = InvalidValue(nonFinite: parentTime) { throw .invalidTime(invalid) }
        let s = storage
        let n = s.count
        guard n > 0 else { return nil }
        var firstError: TimingError? = nil
        s.begin.withUnsafeBufferPointer { beginBuffer in
        s.simple.withUnsafeBufferPointer { simpleBuffer in
        s.active.withUnsafeBufferPointer { activeBuffer in
        s.kindIndex.withUnsafeBufferPointer { kindIndexBuffer in
        s.kinds.withUnsafeBufferPointer { kindsBuffer in
        s.curves.withUnsafeBufferPointer { curvesBuffer in
            // The curves' tables, by curve index (the arrays live as long as `s`).
            withUnsafeTemporaryAllocation(of: UnsafePointer<Double>?.self, capacity: max(curvesBuffer.count, 1)) { tables in
                for c in 0..<curvesBuffer.count {
                    tables[c] = curvesBuffer[c].table.withUnsafeBufferPointer { $0.baseAddress }
                }
                firstError = Self.run(
                    n, parentTime, removedOnCompletion, outputs,
                    begin: beginBuffer.baseAddress!, simple: simpleBuffer.baseAddress!,
                    active: activeBuffer.baseAddress!, kindIndex: kindIndexBuffer.baseAddress!,
                    kinds: kindsBuffer.baseAddress!, curves: curvesBuffer.baseAddress,
                    tables: UnsafePointer(tables.baseAddress!))
            }
        }}}}}}
        return firstError
    }

    /// The loop of ``evaluate(atParentTime:removedOnCompletion:into:)`` over raw pointers.
    static func run(
        _ n: Int, _ t: Double, _ removedOnCompletion: Bool, _ o: Outputs,
        begin: UnsafePointer<Double>, simple: UnsafePointer<Double>, active: UnsafePointer<Double>,
        kindIndex: UnsafePointer<Int32>, kinds: UnsafePointer<Kind>, curves: UnsafePointer<PreparedTimingFunction>?,
        tables: UnsafePointer<UnsafePointer<Double>?>
    ) -> TimingError? {
        var firstError: TimingError? = nil
        let wantsIteration = o.iteration != nil
        for i in 0..<n {
            let kind = kinds + Int(kindIndex[i])
            if let error = kind.pointee.error {
                fail(o, i, error)
                if firstError == nil { firstError = error }
                continue
            }
            let d = simple[i], ad = active[i]
            let rate = kind.pointee.rate, offset = kind.pointee.timeOffset
            let autoreverses = kind.pointee.autoreverses
            let c = autoreverses ? 2 * d : d  // TimingCalculations.cycleDuration
            // Phase and sampled raw time (TimingCalculations.phase, .sampledRawTime).
            let elapsed = t - begin[i]
            let before = elapsed < 0
            let after = !before && kind.pointee.rateNonZero && ad.isFinite && elapsed * kind.pointee.absoluteRate >= ad
            let raw = before ? offset : (after ? (kind.pointee.ratePositive ? ad + offset : offset - ad) : elapsed * rate + offset)
            let fromBelow = after ? kind.pointee.ratePositive : kind.pointee.rateNegative
            guard raw.isFinite else {
                fail(o, i, .localTimeOverflow)
                if firstError == nil { firstError = .localTimeOverflow }
                continue
            }
            // Active local time, iteration, cycle time (ResolvedTiming.evaluateUntimed).
            let activeTime = ad.isFinite ? floorRemainder(raw, ad, fromBelow: fromBelow) : raw
            var w: Double
            var index = 0
            if fromBelow && activeTime == ad && !kind.pointee.hasRepeatDuration {
                // TimingCalculations.iterationAtEnd
                let fraction = kind.pointee.endFraction
                w = fraction > 0 ? fraction * c : c
                index = kind.pointee.endIndex
            } else if c.isFinite {
                // TimingCalculations.iteration
                w = floorRemainder(activeTime, c, fromBelow: fromBelow)
                if fromBelow, w != c, w <= 2 * unitInLastPlace(activeTime) { w = c }
                if wantsIteration { index = roundedIndex((activeTime - w) / c) }
            } else {
                w = activeTime
            }
            let basic = autoreverses && w > d ? d - (w - d) : w  // TimingCalculations.basicLocalTime
            let x = basic / d  // TimingCalculations.unitTime
            let unit = x > 0 ? (x < 1 ? x : 1) : 0
            let curve = kind.pointee.curve
            var progress = unit
            if curve >= 0, let curves, let table = tables[curve] {
                // PreparedTimingFunction.value(at:): 0 at 0, 1 at 1, the interior otherwise.
                progress = unit > 0 ? (unit < 1 ? curves[curve].interiorValue(unit, rows: table) : 1) : 0
            }
            o.progress?[i] = progress
            o.unitTime?[i] = unit
            if let phase = o.phase { phase[i] = before ? 0 : (after ? 2 : 1) }
            if let applies = o.applies {
                let forwards = kind.pointee.fillsForwards && !removedOnCompletion
                applies[i] = (before ? kind.pointee.fillsBackwards : (after ? forwards : true)) ? 1 : 0
            }
            o.iteration?[i] = Int64(index)
            o.status?[i] = o.okCode
        }
        return firstError
    }

    /// `TimingCalculations.floorRemainder(value, modulus, approach:)` (`.fromBelow` when `fromBelow`, else
    /// `.exact`), bit for bit, for a finite positive `modulus`, without `fmod` where it can: a value in
    /// `[0, modulus)` is its own remainder, `modulus` gives 0, and a value up to 2^20 cycles away far enough
    /// from a cycle boundary gives ``exactRemainder(_:_:)``. Elsewhere the reference function.
    @inline(__always)
    static func floorRemainder(_ value: Double, _ modulus: Double, fromBelow: Bool) -> Double {
        var r: Double
        if value >= 0 && value < modulus {
            r = value
        } else if value == modulus {
            r = 0
        } else {
            r = exactRemainder(value, modulus)
            if r.isNaN { return TimingCalculations.floorRemainder(value, modulus, approach: fromBelow ? .fromBelow : .exact) }
        }
        return fromBelow && r == 0 ? modulus : r
    }

    /// The remainder of `value > modulus > 0` as `fmod` computes it, when it can be had exactly without
    /// `fmod`; NaN otherwise. When the quotient `value/modulus` is below 2^20 and its fractional part is
    /// farther than 10⁻⁹ from an integer, its integer part `q` is the exact floor (the rounded quotient
    /// errs by less than 2.5·10⁻¹⁰); then `value − q·modulus` is exact with `q·modulus = hi + lo` as
    /// Dekker's exact product (`q < 2^20` and the 26-bit halves of `modulus` multiply exactly) and
    /// `value − hi` exact by Sterbenz's lemma (`value/2 ≤ hi ≤ 2·value` for `q ≥ 1`).
    @inline(__always)
    static func exactRemainder(_ value: Double, _ modulus: Double) -> Double {
        let quotient = value / modulus
        guard quotient >= 1 && quotient < 1_048_576 && modulus < 1e290 && modulus > 1e-280 else { return .nan }
        let q = Double(Int(quotient))
        let fraction = quotient - q
        guard fraction > 1e-9 && fraction < 1 - 1e-9 else { return .nan }
        let hi = q * modulus
        let (mh, ml) = DoubleDouble.split(modulus)
        let lo = (q * mh - hi) + q * ml
        return (value - hi) - lo
    }

    static func fail(_ o: Outputs, _ i: Int, _ error: TimingError) {
        o.progress?[i] = .nan
        o.unitTime?[i] = .nan
        o.phase?[i] = -1
        o.applies?[i] = 0
        o.iteration?[i] = 0
        if let status = o.status {
            switch error {
            case .localTimeOverflow: status[i] = o.overflowCode
            default: status[i] = o.invalidFieldCode
            }
        }
    }

    /// `x.magnitude.ulp` for a finite `x`, from the exponent bits.
    @inline(__always)
    static func unitInLastPlace(_ x: Double) -> Double {
        let scaled = Double(bitPattern: x.bitPattern & 0x7ff0_0000_0000_0000) * 0x1p-52
        return scaled > 0 ? scaled : .leastNonzeroMagnitude
    }

    /// `TimingCalculations.saturatingInt(x.rounded())` for a finite `x`, without a libm call.
    @inline(__always)
    static func roundedIndex(_ x: Double) -> Int {
        guard x.magnitude < 4_503_599_627_370_496 else { return TimingCalculations.saturatingInt(x) }  // 2^52: integral
        let whole = Double(Int(x))
        let fraction = x - whole  // exact
        let rounded = fraction >= 0.5 ? whole + 1 : (fraction <= -0.5 ? whole - 1 : whole)
        return Int(rounded)
    }
}

