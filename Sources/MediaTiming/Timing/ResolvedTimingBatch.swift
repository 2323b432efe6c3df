/// Many animations' timings resolved once, in struct-of-arrays form, for evaluating all of them at one
/// parent time per frame (Docs/performance.md, P3).
///
/// Resolution does, once per item, what ``ResolvedTiming/init(_:defaultDuration:)`` does (validation, the
/// simple, cycle and active durations) and shares everything else: the fields that are not per-item
/// times (speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode, timing function) are
/// gathered into a small table of distinct *kinds*, with the constants derived from them (the rate, the
/// end-of-active-duration iteration of ``TimingCalculations/iterationAtEnd(repeatCount:cycleDuration:)``).
/// Per item only the begin time, the simple duration and its reciprocal, the active duration, a kind
/// index and a curve index remain, laid out for one of two evaluation orders (``Layout``): in the
/// ``Layout/runs`` layout, window by window, sorted copies of the per-item times grouped into runs of one
/// kind; in the ``Layout/pairs`` layout, per pair of items the kind constants of both side by side (one
/// record per distinct pair).
///
/// ``evaluate(atParentTime:removedOnCompletion:into:)`` then runs without allocation, reference counting or
/// per-item set-up: a straight-line step over two items at a time (no branch on the data), specialised per
/// run in the runs layout, the timing functions one curve at a time, and the general path for the items the
/// step cannot compute exactly (Docs/performance.md, P3). Item `i` gives exactly, bit for bit, what
/// ``ResolvedTiming/evaluate(atParentTime:timingFunction:removedOnCompletion:)`` gives for the same timing
/// and curve (``ResolvedTiming/evaluate(atParentTime:removedOnCompletion:)`` without a curve): the floored
/// remainders of Model W are computed exactly by a shorter route where the quotient is small (the remainder
/// of two doubles is exact, so every exact method gives the same bits), and everything else by the same
/// operations in the same order.
///
/// An item whose timing is invalid is kept and reported as failed at every evaluation (its
/// ``TimingError`` is in ``itemErrors``).
public struct ResolvedTimingBatch: @unchecked Sendable {
    /// One distinct combination of the shared fields (speed, timeOffset, repeatCount, repeatDuration,
    /// autoreverses, fillMode, timing function), and what the layouts derive from it at resolution.
    @usableFromInline struct Kind {
        /// The shared fields as given (the timing of the first item of this kind; its begin time and
        /// duration are the item's own business), for the general path.
        var timing: Timing
        /// The curve's index in ``curves``; −1 for linear pacing.
        @usableFromInline var curve: Int
        /// The item's timing is invalid (every item of this kind fails with ``error``).
        @usableFromInline var error: TimingError?

        var rate: Double { timing.timeSpace.rate }
        var timeOffset: Double { timing.timeOffset }
        var autoreverses: Bool { timing.autoreverses }
        /// The factor of the cycle duration in the active duration: `Double(repeatCount)`, `+infinity`
        /// for `repeatCount ≥ Float.greatestFiniteMagnitude`, 1 for a count ≤ 0.
        var cycles: Double {
            let count = timing.repeatCount
            return count >= .greatestFiniteMagnitude ? .infinity : (count > 0 ? Double(count) : 1)
        }
        /// ``TimingCalculations/iterationAtEnd(repeatCount:cycleDuration:)`` in units of the cycle
        /// duration: the last cycle's index, and the cycle time at the end over the cycle duration (its
        /// fraction when positive, else 1).
        var end: (index: Int, factor: Double) {
            let end = TimingCalculations.iterationAtEnd(repeatCount: timing.repeatCount, cycleDuration: 1)
            return (end.index, end.cycleTime)
        }
    }

    /// The constants of one kind that the first pass of ``run(_:_:_:_:begin:simple:inverseSimple:active:kindIndex:kinds:pairIndex:pairLanes:curveIndex:curves:tables:)``
    /// reads, as factors and 0/1 integers so that the pass selects without branches.
    @usableFromInline struct Lane {
        /// The rate (positive for ``direct`` kinds, the only ones the pass computes).
        @usableFromInline var rate: Double
        @usableFromInline var timeOffset: Double
        /// The cycle duration over the simple duration: 2 when autoreversing, else 1 (`c = d·factor` has the
        /// bits of `cycleDuration`).
        @usableFromInline var cycleFactor: Double
        /// `1/cycleFactor`: 1/2 when autoreversing, else 1.
        @usableFromInline var inverseCycleFactor: Double
        /// The mirror point of the basic local time over the simple duration: 1 when autoreversing, else
        /// +infinity (`P − (w − P)` is then +infinity and never below `w`).
        @usableFromInline var pivotFactor: Double
        /// The cycle time at the end of the window over the cycle duration: `iterationAtEnd`'s fraction
        /// when positive, else 1.
        @usableFromInline var endFactor: Double
        @usableFromInline var endIndex: Int
        /// The curve's index in ``curves``; −1 for linear pacing.
        @usableFromInline var curve: Int32
        @usableFromInline var fillsBackwards: Bool
        @usableFromInline var fillsForwards: Bool
        /// The first pass may compute this kind's items: a valid timing, a positive finite rate, a finite
        /// time offset and no repeat duration (the sampled raw time is then approached from above in the
        /// before and active phases, and is the end of the window from below in the after phase).
        @usableFromInline var direct: Bool
        /// Bit 0: ``direct``; bit 1: ``direct`` and a curve (``curve`` ≥ 0); bit 2: ``fillsBackwards``;
        /// bit 3: ``fillsForwards``.
        @usableFromInline var bits: Int64

        init(_ kind: Kind) {
            rate = kind.rate
            timeOffset = kind.timeOffset
            cycleFactor = kind.autoreverses ? 2 : 1
            inverseCycleFactor = kind.autoreverses ? 0.5 : 1
            pivotFactor = kind.autoreverses ? 1 : .infinity
            (endIndex, endFactor) = kind.end
            curve = Int32(truncatingIfNeeded: kind.curve)
            fillsBackwards = kind.timing.fillMode.fillsBackwards
            fillsForwards = kind.timing.fillMode.fillsForwards
            direct = kind.error == nil && kind.rate > 0 && kind.rate.isFinite && kind.timeOffset.isFinite
                && !(kind.timing.repeatDuration > 0)
            bits = (direct ? (kind.curve >= 0 ? 3 : 1) : 0) | (fillsBackwards ? 4 : 0) | (fillsForwards ? 8 : 0)
        }
    }

    /// The ``Lane`` constants of a pair of items `2p`, `2p + 1` side by side, as the first pass reads them
    /// (one load per field instead of two scattered ones). The curve is not part of it (``Storage/curveIndex``),
    /// so the distinct pairs are few when the timings share few kinds besides their curves.
    @usableFromInline struct PairLane {
        @usableFromInline var rate: SIMD2<Double>
        @usableFromInline var timeOffset: SIMD2<Double>
        @usableFromInline var cycleFactor: SIMD2<Double>
        @usableFromInline var inverseCycleFactor: SIMD2<Double>
        @usableFromInline var pivotFactor: SIMD2<Double>
        @usableFromInline var endFactor: SIMD2<Double>
        /// ``Lane/bits`` with bit 1 equal to bit 0 (``Lane/direct``): whether the item has a curve is
        /// ``Storage/curveIndex``'s business.
        @usableFromInline var bits: SIMD2<Int64>
        @usableFromInline var endIndex: SIMD2<Int64>

        init(_ a: Lane, _ b: Lane) {
            rate = SIMD2(a.rate, b.rate)
            timeOffset = SIMD2(a.timeOffset, b.timeOffset)
            cycleFactor = SIMD2(a.cycleFactor, b.cycleFactor)
            inverseCycleFactor = SIMD2(a.inverseCycleFactor, b.inverseCycleFactor)
            pivotFactor = SIMD2(a.pivotFactor, b.pivotFactor)
            endFactor = SIMD2(a.endFactor, b.endFactor)
            let direct = SIMD2(a.bits & 1, b.bits & 1)
            bits = (SIMD2(a.bits, b.bits) & ~2) | (direct &<< 1)
            endIndex = SIMD2(Int64(a.endIndex), Int64(b.endIndex))
        }

        /// The identity of a lane without its curve: two lanes with the same key give the same fields here.
        struct Key: Hashable {
            var rate: UInt64, timeOffset: UInt64, cycleFactor: UInt64, pivotFactor: UInt64, endFactor: UInt64
            var endIndex: Int, bits: Int64
            init(_ lane: Lane) {
                rate = lane.rate.bitPattern
                timeOffset = lane.timeOffset.bitPattern
                cycleFactor = lane.cycleFactor.bitPattern
                pivotFactor = lane.pivotFactor.bitPattern
                endFactor = lane.endFactor.bitPattern
                endIndex = lane.endIndex
                bits = lane.bits & ~2
            }
        }
    }

    /// The storage, immutable after resolution and shared by copies.
    @usableFromInline final class Storage: @unchecked Sendable {
        @usableFromInline var count = 0
        @usableFromInline var begin: [Double] = []
        @usableFromInline var simple: [Double] = []
        /// `1/simple[i]`, for the quotients of the first pass (a multiplication instead of a division).
        @usableFromInline var inverseSimple: [Double] = []
        @usableFromInline var active: [Double] = []
        @usableFromInline var kindIndex: [Int32] = []
        @usableFromInline var kinds: [Kind] = []
        /// ``Lane/init(_:)`` of each kind, in the same order.
        @usableFromInline var lanes: [Lane] = []
        /// Per pair of items `2p`, `2p + 1` (`p < count/2`): its index in ``pairLanes``.
        @usableFromInline var pairIndex: [Int32] = []
        @usableFromInline var pairLanes: [PairLane] = []
        /// Per item: its curve's index in ``curves`` (``Lane/curve``), −1 for linear pacing.
        @usableFromInline var curveIndex: [Int32] = []
        @usableFromInline var curves: [PreparedTimingFunction] = []
        /// The ``Layout/runs`` layout (all empty in the ``Layout/pairs`` layout): per sorted position `k`
        /// (window `k / windowSize`, items sorted inside their window by ``runRank(_:)``), the item's
        /// original index relative to its window's first item, and copies of its begin time, simple
        /// duration, reciprocal and active duration.
        @usableFromInline var runOrder: [UInt16] = []
        /// The inverse of ``runOrder``: per item, its sorted position relative to its window's first item.
        @usableFromInline var runPosition: [UInt16] = []
        @usableFromInline var runBegin: [Double] = []
        @usableFromInline var runSimple: [Double] = []
        @usableFromInline var runInverseSimple: [Double] = []
        @usableFromInline var runActive: [Double] = []
        /// The runs of items of one kind in sorted order, window after window.
        @usableFromInline var runs: [Run] = []
        /// Per kind: its ``Lane`` in both lanes, `PairLane(lane, lane)` (built here, not per run: a pair built
        /// in memory just before its 16-byte loads stalls them on store forwarding).
        @usableFromInline var runLanes: [PairLane] = []
        /// The runs of window `w` are `runs[windowRuns[w]..<windowRuns[w + 1]]`.
        @usableFromInline var windowRuns: [Int] = []
        init() {}
    }

    /// Consecutive items of one kind in the ``Layout/runs`` layout: sorted positions
    /// `start..<start + count`, all inside one window.
    @usableFromInline struct Run {
        @usableFromInline var start: Int
        @usableFromInline var count: Int
        /// The kind's index in ``Storage/kinds``.
        @usableFromInline var kind: Int
    }

    /// The order in which ``evaluate(atParentTime:removedOnCompletion:into:)`` visits the items. Every layout
    /// gives the same outputs, bit for bit; they differ in speed only (Docs/performance.md, P3).
    public enum Layout: Sendable, Equatable {
        /// ``runs`` when the items of one kind form runs of at least ``ResolvedTimingBatch/minimumMeanRun``
        /// items on average inside the windows, else ``pairs``.
        case automatic
        /// In index order, two items at a time, each pair with its two kinds' constants.
        case pairs
        /// Window by window (``ResolvedTimingBatch/windowSize`` items), the items sorted at resolution by
        /// curve and kind into runs of one kind, each run with its kind's constants and a loop specialised
        /// for its class (autoreversing or not, at most three cycles or more, rate 1 and offset 0 or not); the
        /// progress and applies are gathered from sorted buffers into the items' own indices once per window,
        /// the other outputs stored there directly.
        case runs
    }

    /// The number of items per window of the ``Layout/runs`` layout (at most 65536, so that an index
    /// relative to the window fits in `UInt16`).
    public static let windowSize = 16384

    /// The shortest mean run length for which ``Layout/automatic`` picks ``Layout/runs`` (measured: P3's mix
    /// with 160 kinds, mean run 102, takes 8.7 ns per item in runs against 10.6 in pairs; with 480 kinds,
    /// mean run 34, 9.6 against 11.0; with 960 kinds, mean run 17, 11.9 against 10.9; Docs/performance.md,
    /// P3).
    public static let minimumMeanRun = 24

    /// The layout chosen at resolution: ``Layout/pairs`` or ``Layout/runs``, never ``Layout/automatic``
    /// (an empty batch reports ``Layout/runs``).
    public var layout: Layout { storage.runs.isEmpty && storage.count > 0 ? .pairs : .runs }

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
    ///   - layout: the evaluation order (``Layout``); the outputs do not depend on it.
    /// - Throws: ``TimingError/invalidField(_:_:)`` with ``TimingField/defaultDuration`` for an invalid
    ///   default duration. Invalid items do not throw: they are kept in ``itemErrors``.
    public init(
        timings: [Timing], curveIndices: [Int]? = nil, curves: [PreparedTimingFunction] = [],
        defaultDuration: Double = 0.25, layout: Layout = .automatic
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
                s.kinds.append(Kind(timing: timing, curve: curve, error: key.error))
                s.kindIndex.append(id)
            }
        }
        s.lanes = s.kinds.map(Lane.init)
        s.inverseSimple = s.simple.map { 1 / $0 }
        s.curveIndex = s.kindIndex.map { s.lanes[Int($0)].curve }
        // Every kind makes at least one run: with fewer than `minimumMeanRun` items per kind the mean run is
        // too short whatever the order.
        if layout == .runs || (layout == .automatic && n >= Self.minimumMeanRun * s.kinds.count) { Self.runLayout(s) }
        if layout == .automatic && !s.runs.isEmpty && s.count < Self.minimumMeanRun * s.runs.count {
            s.runOrder = []; s.runPosition = []; s.runBegin = []; s.runSimple = []; s.runInverseSimple = []; s.runActive = []
            s.runs = []; s.windowRuns = []; s.runLanes = []
        }
        if s.runs.isEmpty { Self.pairLanes(s) }
        storage = s
        itemErrors = errors
    }

    /// The sort key of each kind in a window of the ``Layout/runs`` layout: its curve first (so that the
    /// runs of one curve follow each other and one curve's table is in use at a time), then its class
    /// (``runClass(_:)``, the loop a run dispatches to), then the kind's index.
    static func runRank(_ kinds: [Kind]) -> [Int] {
        let sorted = kinds.indices.sorted { a, b in
            let ka = kinds[a], kb = kinds[b]
            if ka.curve != kb.curve { return ka.curve < kb.curve }
            let ca = runClass(ka), cb = runClass(kb)
            return ca != cb ? ca < cb : a < b
        }
        var rank = [Int](repeating: 0, count: kinds.count)
        for (r, kind) in sorted.enumerated() { rank[kind] = r }
        return rank
    }

    /// The class of a kind's run loop for the sort: bit 0 autoreverses, bit 1 more than three cycles (the
    /// general remainder); 4 for a kind the straight-line step does not compute (the general path). The loop
    /// is also specialised for plain kinds and a renderer's request
    /// (``runSpecialised(_:start:count:_:autoreverses:few:renderer:plain:)``).
    static func runClass(_ kind: Kind) -> Int {
        guard Lane(kind).direct else { return 4 }
        return (kind.autoreverses ? 1 : 0) | (kind.cycles <= 3 ? 0 : 2)
    }

    /// Fills the ``Layout/runs`` layout of `s` (``Storage/runOrder`` … ``Storage/windowRuns``) from its
    /// per-item arrays: each window of ``windowSize`` items sorted by ``runRank(_:)`` of the item's kind,
    /// stably (ties keep the index order).
    static func runLayout(_ s: Storage) {
        let n = s.count
        let rank = runRank(s.kinds)
        s.runLanes = s.lanes.map { PairLane($0, $0) }
        s.runOrder.reserveCapacity(n)
        s.runPosition = [UInt16](repeating: 0, count: n)
        s.runBegin.reserveCapacity(n)
        s.runSimple.reserveCapacity(n)
        s.runInverseSimple.reserveCapacity(n)
        s.runActive.reserveCapacity(n)
        var keys: [UInt64] = []
        keys.reserveCapacity(min(n, windowSize))
        var base = 0
        while base < n {
            let m = min(windowSize, n - base)
            s.windowRuns.append(s.runs.count)
            keys.removeAll(keepingCapacity: true)
            // The rank above the 16 bits of the window-relative index: sorting the keys is a stable sort by rank.
            for j in 0..<m { keys.append(UInt64(rank[Int(s.kindIndex[base + j])]) << 16 | UInt64(j)) }
            keys.sort()
            for (p, key) in keys.enumerated() {
                let j = Int(key & 0xffff), i = base + j
                s.runOrder.append(UInt16(j))
                s.runPosition[i] = UInt16(truncatingIfNeeded: p)
                s.runBegin.append(s.begin[i])
                s.runSimple.append(s.simple[i])
                s.runInverseSimple.append(s.inverseSimple[i])
                s.runActive.append(s.active[i])
                let kind = Int(s.kindIndex[i])
                if p > 0 && s.runs[s.runs.count - 1].kind == kind {
                    s.runs[s.runs.count - 1].count += 1
                } else {
                    s.runs.append(Run(start: base + p, count: 1, kind: kind))
                }
            }
            base += m
        }
        s.windowRuns.append(s.runs.count)
    }

    /// Fills `s.pairIndex` and `s.pairLanes` from `s.kindIndex` and `s.lanes`: one ``PairLane`` per distinct
    /// pair of curve-less lanes.
    static func pairLanes(_ s: Storage) {
        var laneIDs: [PairLane.Key: Int] = [:]
        let laneID = s.lanes.map { lane in
            let key = PairLane.Key(lane)
            if let id = laneIDs[key] { return id }
            laneIDs[key] = laneIDs.count
            return laneIDs.count - 1
        }
        let distinct = laneIDs.count
        // A dense table of pair identities when small, else a dictionary.
        var dense = [Int32](repeating: -1, count: distinct <= 256 ? distinct * distinct : 0)
        var sparse: [Int: Int32] = [:]
        var representative: [Int] = Array(repeating: 0, count: distinct)
        for (kind, id) in laneID.enumerated() { representative[id] = kind }
        let pairs = s.count / 2
        s.pairIndex.reserveCapacity(pairs)
        for p in 0..<pairs {
            let a = laneID[Int(s.kindIndex[2 * p])], b = laneID[Int(s.kindIndex[2 * p + 1])]
            let key = a * distinct + b
            var id = dense.isEmpty ? (sparse[key] ?? -1) : dense[key]
            if id < 0 {
                id = Int32(s.pairLanes.count)
                s.pairLanes.append(PairLane(s.lanes[representative[a]], s.lanes[representative[b]]))
                if dense.isEmpty { sparse[key] = id } else { dense[key] = id }
            }
            s.pairIndex.append(id)
        }
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
        if !s.runs.isEmpty { return Self.evaluateRuns(s, n, parentTime, removedOnCompletion, outputs) }
        var firstError: TimingError? = nil
        s.begin.withUnsafeBufferPointer { beginBuffer in
        s.simple.withUnsafeBufferPointer { simpleBuffer in
        s.inverseSimple.withUnsafeBufferPointer { inverseBuffer in
        s.active.withUnsafeBufferPointer { activeBuffer in
        s.kindIndex.withUnsafeBufferPointer { kindIndexBuffer in
        s.kinds.withUnsafeBufferPointer { kindsBuffer in
        s.pairIndex.withUnsafeBufferPointer { pairIndexBuffer in
        s.pairLanes.withUnsafeBufferPointer { pairLanesBuffer in
        s.curveIndex.withUnsafeBufferPointer { curveIndexBuffer in
        s.curves.withUnsafeBufferPointer { curvesBuffer in
            Self.withTables(curvesBuffer) { tables in
                firstError = Self.run(
                    n, parentTime, removedOnCompletion, outputs,
                    begin: beginBuffer.baseAddress!, simple: simpleBuffer.baseAddress!,
                    inverseSimple: inverseBuffer.baseAddress!,
                    active: activeBuffer.baseAddress!, kindIndex: kindIndexBuffer.baseAddress!,
                    kinds: kindsBuffer.baseAddress!,
                    pairIndex: pairIndexBuffer.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                    pairLanes: pairLanesBuffer.baseAddress ?? UnsafePointer(bitPattern: 16)!,
                    curveIndex: curveIndexBuffer.baseAddress!, curves: curvesBuffer.baseAddress, tables: tables)
            }
        }}}}}}}}}}
        return firstError
    }

    /// Calls `body` with the curves' tables by curve index (valid as long as the curves' arrays live).
    static func withTables<R>(
        _ curves: UnsafeBufferPointer<PreparedTimingFunction>, _ body: (UnsafePointer<UnsafePointer<Double>?>) -> R
    ) -> R {
        withUnsafeTemporaryAllocation(of: UnsafePointer<Double>?.self, capacity: max(curves.count, 1)) { tables in
            for c in 0..<curves.count {
                tables[c] = curves[c].table.withUnsafeBufferPointer { $0.baseAddress }
            }
            return body(UnsafePointer(tables.baseAddress!))
        }
    }

    /// The number of items per block of ``run(_:_:_:_:begin:simple:inverseSimple:active:kindIndex:kinds:pairIndex:pairLanes:curveIndex:curves:tables:)``:
    /// the block's scratch (unit times and two index lists, 4 KB) stays in the first-level cache.
    static let blockSize = 256

    /// The loop of ``evaluate(atParentTime:removedOnCompletion:into:)`` over raw pointers, block by block in
    /// three passes (Docs/performance.md, P3):
    /// 1. every item by one straight-line computation without data-dependent branches (selects), exact
    ///    where it applies (``Lane/direct`` kinds, a sampled raw time inside the window or on its end, a cycle
    ///    remainder that ``TimingCalculations/remainderParts(_:_:inverse:)`` gives exactly); it writes the unit time as the
    ///    progress and marks the items it cannot compute and the items that need their curve, and a short
    ///    loop then lists them (list positions computed in the pass would make its loads wait);
    /// 2. the listed items by the general path, ``evaluateItem(_:_:_:_:begin:simple:kindIndex:kinds:curves:tables:)``;
    /// 3. the curve of each listed item with a unit time in (0, 1): the certified value (or NaN) of every
    ///    listed item without a branch (``PreparedTimingFunction/certifiedInteriorValue(_:rows:)``), then
    ///    the NaNs by ``PreparedTimingFunction/uncertifiedInteriorValue(_:rows:)``.
    ///
    /// Both routes give the bits of ``ResolvedTiming/evaluate(atParentTime:timingFunction:removedOnCompletion:)``.
    static func run(
        _ n: Int, _ t: Double, _ removedOnCompletion: Bool, _ o: Outputs,
        begin: UnsafePointer<Double>, simple: UnsafePointer<Double>, inverseSimple: UnsafePointer<Double>,
        active: UnsafePointer<Double>,
        kindIndex: UnsafePointer<Int32>, kinds: UnsafePointer<Kind>, pairIndex: UnsafePointer<Int32>,
        pairLanes: UnsafePointer<PairLane>, curveIndex: UnsafePointer<Int32>,
        curves: UnsafePointer<PreparedTimingFunction>?, tables: UnsafePointer<UnsafePointer<Double>?>
    ) -> TimingError? {
        var firstError: TimingError? = nil
        let forwardsShown = SIMD2<Int64>(repeating: removedOnCompletion ? 0 : 1)
        let blockSize = Self.blockSize
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * blockSize) { unitBuffer in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * blockSize) { listBuffer in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: blockSize) { markBuffer in
            let units = unitBuffer.baseAddress!, marks = markBuffer.baseAddress!
            // The general path's list; the eased items; the eased items whose interval is not certified
            // (positions in the eased list); the eased items' curves.
            let slowList = listBuffer.baseAddress!
            let easeList = slowList + blockSize, retryList = easeList + blockSize, easeCurves = retryList + blockSize
            // The eased items' unit times, in the order of the eased list.
            let easeUnits = units + blockSize
            var base = 0
            while base < n {
                let m = min(blockSize, n - base)
                var slowCount = 0, easeCount = 0
                let curveOf = curveIndex + base
                // Pass 1: straight-line, two items at a time in SIMD lanes (selects are masks, no branches);
                // an odd last item goes to the general path.
                var j = 0
                while j &+ 1 < m {
                    let i = base &+ j
                    let lane = pairLanes + Int(pairIndex[i &>> 1])  // i is even
                    pairStep(
                        t, lane.pointee, begin: Self.pair(begin + i), simple: Self.pair(simple + i),
                        inverseSimple: Self.pair(inverseSimple + i), active: Self.pair(active + i),
                        mirror: true, few: false, plain: false, curveMode: .listEased,
                        o, forwardsShown, items: i, i &+ 1, marks: marks, j, scratch: units, sortedApplies: nil)
                    j &+= 2
                }
                if j < m { marks[j] = 1 }  // an odd last item: the general path
                for j in 0..<m {
                    let mark = Int(marks[j])
                    slowList[slowCount] = Int32(truncatingIfNeeded: j)
                    slowCount &+= mark & 1
                    easeList[easeCount] = Int32(truncatingIfNeeded: j)
                    easeUnits[easeCount] = units[j]
                    easeCurves[easeCount] = curveOf[j]
                    // Eased: the mark's bit 1 and a curve (index ≥ 0: the sign bit clear).
                    easeCount &+= (mark &>> 1) & Int(truncatingIfNeeded: (~curveOf[j]) &>> 31) & 1
                }
                // Pass 2: the items the first pass could not compute, by the general path.
                for s in 0..<slowCount {
                    let i = base &+ Int(slowList[s])
                    let error = evaluateItem(
                        i, t, removedOnCompletion, o, begin: begin, simple: simple, kindIndex: kindIndex, kinds: kinds,
                        curves: curves, tables: tables)
                    if firstError == nil { firstError = error }
                }
                // Pass 3: the timing functions (PreparedTimingFunction.value(at:) of a unit time in (0, 1)): the
                // certified values, the uncertified intervals listed by a 0/1 count (no branch), then those.
                if let progress = o.progress, let curves {
                    var retryCount = 0
                    for e in 0..<easeCount {
                        let j = Int(easeList[e]), curve = Int(easeCurves[e])
                        let x = easeUnits[e]
                        let y = curves[curve].certifiedInteriorValue(x, rows: tables[curve].unsafelyUnwrapped)
                        progress[base &+ j] = x > 0 ? y : 0
                        retryList[retryCount] = Int32(truncatingIfNeeded: e)
                        retryCount &+= Self.isNaN(y)
                    }
                    for r in 0..<retryCount {
                        let e = Int(retryList[r])
                        let j = Int(easeList[e]), curve = Int(easeCurves[e])
                        let x = easeUnits[e]
                        let y = curves[curve].uncertifiedInteriorValue(x, rows: tables[curve].unsafelyUnwrapped)
                        progress[base &+ j] = x > 0 ? y : 0
                    }
                }
                base &+= m
            }
        }}}
        return firstError
    }

    /// A lane mask as integers: all ones where true, 0 where false.
    @inline(__always)
    static func bits(_ mask: SIMDMask<SIMD2<Int64>>) -> SIMD2<Int64> {
        unsafeBitCast(mask, to: SIMD2<Int64>.self)
    }

    /// The low bytes of both lanes stored side by side at `p` and `p + 1` (one 16-bit store). The lanes are
    /// combined by a shift and a sum, which the compiler carries out in the integer registers: narrowing them
    /// in the vector register instead (three byte packs) measured slower, the loops being bound by their
    /// vector operations.
    @inline(__always)
    static func storeLowBytes(_ lanes: SIMD2<Int64>, at p: UnsafeMutablePointer<UInt8>) {
        let bytes = UInt16(truncatingIfNeeded: ((lanes & 0xff) &<< SIMD2(0, 8)).wrappedSum())
        UnsafeMutableRawPointer(p).storeBytes(of: bytes.littleEndian, as: UInt16.self)
    }

    /// Bit patterns as doubles.
    @inline(__always)
    static func double(_ bits: SIMD2<Int64>) -> SIMD2<Double> {
        unsafeBitCast(bits, to: SIMD2<Double>.self)
    }

    /// Two consecutive doubles from `p` as one lane pair (an unaligned 16-byte load).
    @inline(__always)
    static func pair(_ p: UnsafePointer<Double>) -> SIMD2<Double> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD2<Double>.self)
    }

    /// What ``pairStep(_:_:begin:simple:inverseSimple:active:mirror:few:plain:curveMode:_:_:items:_:marks:_:scratch:sortedApplies:)``
    /// does about the timing function.
    enum CurveMode {
        /// Progress = the unit time; mark bit 1: the item needs its curve (an interior unit time, a direct
        /// lane with bit 1 of ``PairLane/bits``), for a curve pass after the step.
        case listEased
        /// Progress = the unit time (linear pacing, or no progress requested); bit 1 is never set.
        case none
    }

    /// The straight-line evaluation of two items (two `SIMD2` lanes; selects are masks, no branch on the
    /// data), shared by both layouts: the lanes' kind constants `lane`, their begin times, simple durations,
    /// reciprocals and active durations; it writes the requested outputs of the two items at indices `i0`,
    /// `i1` (equal for a lone item duplicated in both lanes), their marks at `marks[m0]`, `marks[m0 + 1]`
    /// (bit 0: the general path must compute the item; bit 1 per `curveMode`; never both; one 16-bit store),
    /// their unit times at `scratch[m0]`, `scratch[m0 + 1]` (one 16-byte store), and, when `sortedApplies` is
    /// not `nil`, their `applies` at `sortedApplies[m0]`, `sortedApplies[m0 + 1]` (one 16-bit store). The
    /// positions `m0`, `m0 + 1` are the two items' own; for a lone item, `m0 + 1` is room past the window,
    /// or the next run's first position: the next run's step overwrites it, or, for a run of the general
    /// path, the value is carried to that item's outputs and overwritten there by the general path.
    ///
    /// Where bit 0 is clear, every written output has the bits of
    /// ``ResolvedTiming/evaluate(atParentTime:timingFunction:removedOnCompletion:)`` (the progress once the
    /// curve is applied per `curveMode`): the same floating-point operations as the reference on the values
    /// it keeps, and a cycle remainder that is exact (the remainder of two doubles is exact, so any exact
    /// method gives the reference's bits).
    /// - `mirror`: the lanes may autoreverse (their factors are used); `false` only for lanes that do not
    ///   (then `c = d` and the basic local time is the cycle time, as with the factors 1 and +∞).
    /// - `few`: the lanes' active duration holds at most three cycles (`repeatCount ≤ 3`): the remainder
    ///   without a division (see the comment in the body); else
    ///   ``TimingCalculations/remainderParts(_:_:inverse:)``.
    /// - `plain`: the lanes' rate is 1 and their time offset +0: the raw time is the elapsed time (see the
    ///   comment in the body).
    @inline(__always)
    static func pairStep(
        _ t: Double, _ lane: PairLane, begin: SIMD2<Double>, simple d: SIMD2<Double>,
        inverseSimple: SIMD2<Double>, active ad: SIMD2<Double>,
        mirror: Bool, few: Bool, plain: Bool, curveMode: CurveMode, _ o: Outputs, _ forwardsShown: SIMD2<Int64>,
        items i0: Int, _ i1: Int, marks: UnsafeMutablePointer<UInt8>, _ m0: Int,
        scratch: UnsafeMutablePointer<Double>, sortedApplies: UnsafeMutablePointer<UInt8>?
    ) {
        let bits = lane.bits
        let rate = lane.rate
        let offset = lane.timeOffset
        let elapsed = t - begin
        let c = mirror ? d * lane.cycleFactor : d  // cycleDuration
        // Phase and sampled raw time (TimingCalculations.phase, .sampledRawTime; rate > 0).
        let before = elapsed .< 0
        let after: SIMDMask<SIMD2<Int64>>, inWindow: SIMDMask<SIMD2<Int64>>, activeTime: SIMD2<Double>
        if plain {
            // Rate 1 and time offset +0: the raw time `elapsed·1 + 0` is `elapsed` (+0 for −0, which the unit
            // time's clamp turns into +0 all the same), and 0 before. `after` needs no test of `before`
            // (AD > 0 > elapsed: `TimingCalculations.activeDuration` is never 0), and an after lane's active
            // time is never read (its cycle time and iteration are the end's, and `computed` ignores `exact`
            // there). Only an infinite elapsed time leaves the window: with an infinite AD the reference is
            // not after but overflows (with a finite AD it is the end, left to the general path all the same).
            after = elapsed .>= ad
            activeTime = elapsed.replacing(with: 0, where: before)
            inWindow = elapsed .< .infinity
        } else {
            after = .!before .& (ad .< .infinity) .& (elapsed * rate .>= ad)  // |rate| = rate
            let raw = (elapsed * rate + offset).replacing(with: offset, where: before)
                .replacing(with: ad + offset, where: after)
            // Active local time: raw itself inside [0, AD) (approached from above: no wrap), AD at the end of
            // the window approached from below (floorRemainder(AD, AD, .fromBelow) = AD).
            inWindow = (after .& (raw .== ad)) .| (.!after .& (raw .>= 0) .& (raw .< ad))
            activeTime = raw.replacing(with: ad, where: after)
        }
        // The cycle: iterationAtEnd at the end of the window, else the exact floored remainder.
        let remainder: SIMD2<Double>, whole: SIMD2<Double>, exact: SIMDMask<SIMD2<Int64>>
        if few {
            // At most three cycles: with a = activeTime in [0, AD) and AD = fl(cycles·c) ≤ fl(3c) < 4c,
            // k = (a ≥ c) + (a ≥ 2c) and w = a − k·c, where k·c is 0, c or c + c (exact: no product, so
            // no 0·∞ for an infinite c, and 2c = c + c exactly unless it overflows to +∞, which no finite a
            // reaches). w is exact by Sterbenz's lemma (k·c/2 ≤ a ≤ 2·k·c: a in [c, 2c) for k = 1, a in
            // [2c, 4c) for k = 2) and ≥ 0; so when w < c, k is the floor of a/c and w the floored remainder
            // exactly, i.e. fmod's bits (`floorRemainder`: a < c gives a; a = c gives c − c = +0 as fmod),
            // and the reference's iteration `round((a − w)/c)` is k (a − w = k·c exactly). A lane with
            // w ≥ c (a ≥ 3c: AD rounded above 3c, or a lane outside the window) is not exact: the general
            // path computes it.
            // (Selects as bit masks: `replacing` with a scalar compiled to a branch per lane here.)
            let once = Self.bits(activeTime .>= c), twice = Self.bits(activeTime .>= c + c)
            let cBits = unsafeBitCast(c, to: SIMD2<Int64>.self), oneBits = SIMD2<Int64>(repeating: 0x3ff0_0000_0000_0000)
            remainder = activeTime - (Self.double(cBits & once) + Self.double(cBits & twice))
            whole = Self.double(oneBits & once) + Self.double(oneBits & twice)
            exact = remainder .< c
        } else {
            // 1/c = (1/d)·(1/factor), exactly the rounded 1/d scaled by 1 or 1/2.
            let inverseC = mirror ? inverseSimple * lane.inverseCycleFactor : inverseSimple
            (remainder, whole, exact) = TimingCalculations.remainderParts(activeTime, c, inverse: inverseC)
        }
        let w = remainder.replacing(with: c * lane.endFactor, where: after)
        // TimingCalculations.basicLocalTime: min(w, d − (w − d)) when autoreversing (the pivot d·∞ = +∞ when
        // a lane does not: the mirror is then +∞ and never below w).
        var basic = w
        if mirror {
            let pivot = d * lane.pivotFactor
            let mirrored = pivot - (w - pivot)
            basic = w.replacing(with: mirrored, where: mirrored .< w)
        }
        let x = basic / d  // TimingCalculations.unitTime
        let positive = x .> 0, belowOne = x .< 1
        let unit = x.replacing(with: 0, where: .!positive).replacing(with: 1, where: positive .& .!belowOne)
        // `direct` = this step's result stands (by integer arithmetic on 0/1 lanes: no branch).
        let computed = inWindow .& (after .| exact)
        let direct = Self.bits(computed) & bits & 1
        var mark = 1 &- direct
        switch curveMode {
        case .listEased:
            // Eased from `basic` rather than `x`, so that the marks do not wait for the division: `basic < d`
            // exactly when `x < 1` (a quotient below 1 rounds below 1), and `basic > 0` when `x > 0` or `x`
            // underflows to 0 (the curve pass then writes 0, as `value(at:)` does).
            let easedLane = computed .& (basic .> 0) .& (basic .< d)
            mark |= (Self.bits(easedLane) & (bits &>> 1) & 1) &<< 1
        case .none:
            break
        }
        // The marks at addresses known early (a list position counted from this chain's end would hold back
        // the next step's loads).
        Self.storeLowBytes(mark, at: marks + m0)
        // The pair stored whole at `scratch + m0` (the pairs layout's unit times): with lane stores as its only
        // uses, a lane select is split into one select per lane, each compiled to a branch (mispredicted).
        UnsafeMutableRawPointer(scratch + m0).storeBytes(of: unit, as: SIMD2<Double>.self)
        if let out = o.progress {
            out[i0] = unit[0]
            out[i1] = unit[1]
        }
        if let out = o.unitTime {
            out[i0] = unit[0]
            out[i1] = unit[1]
        }
        // Phase (0 before, 1 active, 2 after), applies and iteration, by integer arithmetic too.
        let beforeBit = Self.bits(before) & 1, afterBit = Self.bits(after) & 1
        if let out = o.phase {
            let code = 1 &- beforeBit &+ afterBit
            out[i0] = Int8(truncatingIfNeeded: code[0])
            out[i1] = Int8(truncatingIfNeeded: code[1])
        }
        // Applies: active; before and filling backwards; after, filling forwards and not removed.
        let shown = (1 &- beforeBit &- afterBit) | (beforeBit & (bits &>> 2)) | (afterBit & (bits &>> 3) & forwardsShown)
        if let out = o.applies {
            out[i0] = UInt8(truncatingIfNeeded: shown[0] & 1)
            out[i1] = UInt8(truncatingIfNeeded: shown[1] & 1)
        }
        if let out = sortedApplies { Self.storeLowBytes(shown & 1, at: out + m0) }
        if let out = o.iteration {
            // `whole` is an integer in [0, 2^20) in every lane this step keeps: its bits above 2^52 are the integer.
            let offsetBits = unsafeBitCast(whole + 0x1p52, to: SIMD2<Int64>.self)
            let index = (offsetBits &- Int64(bitPattern: (0x1p52 as Double).bitPattern)).replacing(with: lane.endIndex, where: after)
            out[i0] = index[0]
            out[i1] = index[1]
        }
        if let out = o.status {
            out[i0] = o.okCode
            out[i1] = o.okCode
        }
    }

    /// What the loops of the ``Layout/runs`` layout share for one evaluation.
    struct RunContext {
        var t: Double
        var o: Outputs
        var forwardsShown: SIMD2<Int64>
        /// The sorted copies (``Storage/runBegin`` …) and the window-relative original indices.
        var begin: UnsafePointer<Double>, simple: UnsafePointer<Double>, inverseSimple: UnsafePointer<Double>
        var active: UnsafePointer<Double>, order: UnsafePointer<UInt16>
        /// The first item (original index and sorted position) of the current window, and its marks.
        var base: Int
        var marks: UnsafeMutablePointer<UInt8>
        /// The window's progress by sorted position: the unit times left by the steps, replaced by the curve's
        /// values (``curveRun(_:start:count:curve:rows:)``) where eased; room for the largest window + 1
        /// (see ``pairStep(_:_:begin:simple:inverseSimple:active:mirror:few:plain:curveMode:_:_:items:_:marks:_:scratch:sortedApplies:)``).
        var scratch: UnsafeMutablePointer<Double>
        /// The window's `applies` by sorted position (room for the largest window + 2), when requested.
        var applies: UnsafeMutablePointer<UInt8>?
        /// Two lists of sorted positions and one of unit times, each with room for a window
        /// (``curveRun(_:start:count:curve:rows:)``).
        var list: UnsafeMutablePointer<Int32>, retry: UnsafeMutablePointer<Int32>
        var units: UnsafeMutablePointer<Double>
    }

    /// A compile-time Boolean: the class of a run loop as type arguments, so that each class gets its own
    /// specialised loop with the unused work removed.
    protocol StaticFlag { static var value: Bool { get } }
    /// ``StaticFlag`` true.
    enum Yes: StaticFlag { static var value: Bool { true } }
    /// ``StaticFlag`` false.
    enum No: StaticFlag { static var value: Bool { false } }

    /// One run of the ``Layout/runs`` layout through ``pairStep(_:_:begin:simple:inverseSimple:active:mirror:few:plain:curveMode:_:_:items:_:marks:_:scratch:sortedApplies:)``
    /// with its kind's constants in both lanes: sorted positions `start..<start + count` two at a time, an
    /// odd last one duplicated in both lanes (both write the same outputs to the same item).
    @inline(never)
    static func runPairs<Mirror: StaticFlag, Few: StaticFlag, Renderer: StaticFlag, Plain: StaticFlag>(
        _ x: RunContext, start: Int, count: Int, _ kind: UnsafePointer<PairLane>, _: Mirror.Type, _: Few.Type,
        _: Renderer.Type, _: Plain.Type
    ) {
        let mirror = Mirror.value, few = Few.value, plain = Plain.value
        // `Renderer`: only the progress and applies are requested; the other outputs are nil here at compile
        // time, so their stores and tests disappear from the loop.
        var o = x.o
        if Renderer.value { (o.unitTime, o.phase, o.iteration, o.status) = (nil, nil, nil, nil) }
        // The progress and applies go to the window's sorted buffers (`x.scratch`, `x.applies`), written back
        // at the items' own indices once per window (`evaluateRuns`): the steps' stores are sequential.
        (o.progress, o.applies) = (nil, nil)
        let sortedApplies = x.applies
        let lane = kind.pointee
        let end = start &+ count
        let mode = CurveMode.none  // the eased items are found by their unit times (curveRun)
        var k = start
        while k &+ 1 < end {
            let m = k &- x.base
            pairStep(
                x.t, lane, begin: pair(x.begin + k), simple: pair(x.simple + k),
                inverseSimple: pair(x.inverseSimple + k), active: pair(x.active + k),
                mirror: mirror, few: few, plain: plain, curveMode: mode, o, x.forwardsShown,
                items: x.base &+ Int(x.order[k]), x.base &+ Int(x.order[k &+ 1]), marks: x.marks, m, scratch: x.scratch,
                sortedApplies: sortedApplies)
            k &+= 2
        }
        if k < end {
            let m = k &- x.base, i = x.base &+ Int(x.order[k])
            pairStep(
                x.t, lane, begin: SIMD2(repeating: x.begin[k]), simple: SIMD2(repeating: x.simple[k]),
                inverseSimple: SIMD2(repeating: x.inverseSimple[k]), active: SIMD2(repeating: x.active[k]),
                mirror: mirror, few: few, plain: plain, curveMode: mode, o, x.forwardsShown,
                items: i, i, marks: x.marks, m, scratch: x.scratch, sortedApplies: sortedApplies)
        }
    }

    /// ``runPairs(_:start:count:_:_:_:_:_:)`` specialised for a run's class: autoreversing or not, at most three
    /// cycles or more, a renderer's request (progress and applies only) or not, a plain timing (rate 1, time
    /// offset +0) or not.
    static func runSpecialised(
        _ x: RunContext, start: Int, count: Int, _ lane: UnsafePointer<PairLane>, autoreverses: Bool, few: Bool,
        renderer: Bool, plain: Bool
    ) {
        func run<Mirror: StaticFlag, Few: StaticFlag>(_ mirror: Mirror.Type, _ few: Few.Type) {
            switch (renderer, plain) {
            case (false, false): runPairs(x, start: start, count: count, lane, mirror, few, No.self, No.self)
            case (false, true): runPairs(x, start: start, count: count, lane, mirror, few, No.self, Yes.self)
            case (true, false): runPairs(x, start: start, count: count, lane, mirror, few, Yes.self, No.self)
            case (true, true): runPairs(x, start: start, count: count, lane, mirror, few, Yes.self, Yes.self)
            }
        }
        switch (autoreverses, few) {
        case (false, false): run(No.self, No.self)
        case (false, true): run(No.self, Yes.self)
        case (true, false): run(Yes.self, No.self)
        case (true, true): run(Yes.self, Yes.self)
        }
    }

    /// The timing function of the items at sorted positions `start..<start + count` (one window's runs of one
    /// curve) after their straight-line steps, in place in `x.scratch`: the items whose unit time (left there
    /// by the step) is in (0, 1) listed by a 0/1 count, the certified value of each
    /// (``PreparedTimingFunction/certifiedInteriorValue(_:rows:)``), the NaNs listed the same way with their
    /// unit times, then their sub-interval's value (``PreparedTimingFunction/subIntervalValue(_:rows:)``), and
    /// the NaNs left by ``PreparedTimingFunction/uncertifiedInteriorValue(_:rows:)``: `value(at:)` of the unit
    /// time, bit for bit. Elsewhere the unit time is the value (0 for a quotient that underflowed to 0). One
    /// curve per call: its table stays hot.
    @inline(never)
    static func curveRun(
        _ x: RunContext, start: Int, count: Int, curve: UnsafePointer<PreparedTimingFunction>, rows: UnsafePointer<Double>
    ) {
        let first = start &- x.base, end = first &+ count
        let values = x.scratch, list = x.list, retry = x.retry, units = x.units
        var eased = 0
        for r in first..<end {
            // An item of the general path may be listed too: its outputs are written again afterwards.
            let unit = values[r]
            list[eased] = Int32(truncatingIfNeeded: r)
            eased &+= (unit > 0 ? 1 : 0) & (unit < 1 ? 1 : 0)
        }
        var retries = 0
        for e in 0..<eased {
            let r = Int(list[e])
            let unit = values[r]
            let y = curve.pointee.certifiedInteriorValue(unit, rows: rows)
            values[r] = y
            retry[retries] = Int32(truncatingIfNeeded: r)
            units[retries] = unit
            retries &+= isNaN(y)
        }
        // The retries: the sub-interval's certified value in this loop, the rest (NaN) kept in place at the
        // front of the same lists (`solves ≤ q`) and evaluated by the solver.
        var solves = 0
        for q in 0..<retries {
            let r = Int(retry[q]), unit = units[q]
            let y = curve.pointee.subIntervalValue(unit, rows: rows)
            values[r] = y
            retry[solves] = Int32(truncatingIfNeeded: r)
            units[solves] = unit
            solves &+= isNaN(y)
        }
        for q in 0..<solves {
            values[Int(retry[q])] = curve.pointee.uncertifiedInteriorValue(units[q], rows: rows)
        }
    }

    /// 1 for a NaN (magnitude bits above infinity's), by integer arithmetic: no branch.
    @inline(__always)
    static func isNaN(_ y: Double) -> Int {
        let magnitude = y.bitPattern & 0x7fff_ffff_ffff_ffff
        return Int(truncatingIfNeeded: (0x7ff0_0000_0000_0000 &- magnitude) >> 63)
    }

    /// The loop of ``evaluate(atParentTime:removedOnCompletion:into:)`` in the ``Layout/runs`` layout, window
    /// by window (Docs/performance.md, P3):
    /// 1. each run of a kind the straight-line step computes (``Lane/direct``) by ``runPairs(_:start:count:_:_:_:_:_:)``
    ///    specialised for its class (``runSpecialised(_:start:count:_:autoreverses:few:renderer:plain:)``), its
    ///    progress and applies stored in sorted order in the window's buffers, followed by its curve, in place,
    ///    when it has one and the progress is requested; the other runs' items, and the items the step cannot
    ///    compute exactly, are marked;
    /// 2. the window's progress and applies gathered into the items' own indices (sequential stores);
    /// 3. the marked items by the general path (``evaluateItem(_:_:_:_:begin:simple:kindIndex:kinds:curves:tables:)``),
    ///    which writes all their outputs.
    ///
    /// Returns the error of the failed item with the lowest index.
    static func evaluateRuns(
        _ s: Storage, _ n: Int, _ t: Double, _ removedOnCompletion: Bool, _ o: Outputs
    ) -> TimingError? {
        var firstError: TimingError? = nil
        var firstErrorIndex = Int.max
        s.begin.withUnsafeBufferPointer { begin in
        s.simple.withUnsafeBufferPointer { simple in
        s.active.withUnsafeBufferPointer { active in
        s.kindIndex.withUnsafeBufferPointer { kindIndex in
        s.kinds.withUnsafeBufferPointer { kinds in
        s.lanes.withUnsafeBufferPointer { lanes in
        s.runBegin.withUnsafeBufferPointer { runBegin in
        s.runSimple.withUnsafeBufferPointer { runSimple in
        s.runInverseSimple.withUnsafeBufferPointer { runInverseSimple in
        s.runActive.withUnsafeBufferPointer { runActive in
        s.runOrder.withUnsafeBufferPointer { runOrder in
        s.runPosition.withUnsafeBufferPointer { runPosition in
        s.runs.withUnsafeBufferPointer { runs in
        s.runLanes.withUnsafeBufferPointer { runLanes in
        s.windowRuns.withUnsafeBufferPointer { windowRuns in
        s.curves.withUnsafeBufferPointer { curves in
        withTables(curves) { tables in
        // A window's scratch: its largest window plus room for the 8-mark words and the odd steps' second lanes.
        let room = min(windowSize, n)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room + 8) { markBuffer in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: room + 8) { listBuffer in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * room) { curveLists in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: room) { curveUnits in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: room + 1) { scratch in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room + 2) { appliesBuffer in
            // Defined contents for the positions no step writes (the general path's runs): they are copied
            // out by the write-back and then overwritten by the general path.
            scratch.initialize(repeating: 0)
            appliesBuffer.initialize(repeating: 0)
            let kinds = kinds.baseAddress!, lanes = lanes.baseAddress!, runs = runs.baseAddress!
            var x = RunContext(
                t: t, o: o, forwardsShown: SIMD2(repeating: removedOnCompletion ? 0 : 1),
                begin: runBegin.baseAddress!, simple: runSimple.baseAddress!,
                inverseSimple: runInverseSimple.baseAddress!, active: runActive.baseAddress!,
                order: runOrder.baseAddress!, base: 0, marks: markBuffer.baseAddress!, scratch: scratch.baseAddress!,
                applies: o.applies == nil ? nil : appliesBuffer.baseAddress!,
                list: curveLists.baseAddress!, retry: curveLists.baseAddress! + room, units: curveUnits.baseAddress!)
            let marks = x.marks, list = listBuffer.baseAddress!
            let renderer = o.unitTime == nil && o.phase == nil && o.iteration == nil && o.status == nil
            var window = 0
            while x.base < n {
                let m = min(windowSize, n &- x.base)
                // The runs, and the timing function of each group of runs with one curve (the runs are sorted
                // by curve first) after its last run: one loop per curve and window, one curve's table at a time.
                let firstRun = windowRuns[window], endRun = windowRuns[window &+ 1]
                var groupCurve = -1, groupStart = x.base
                for r in firstRun...endRun {
                    let curveIndex = r < endRun ? Int(lanes[runs[r].kind].curve) : -2
                    if curveIndex != groupCurve {
                        let groupEnd = r < endRun ? runs[r].start : x.base &+ m
                        if groupCurve >= 0, o.progress != nil {
                            curveRun(x, start: groupStart, count: groupEnd &- groupStart, curve: curves.baseAddress! + groupCurve,
                                     rows: tables[groupCurve].unsafelyUnwrapped)
                        }
                        (groupCurve, groupStart) = (curveIndex, groupEnd)
                    }
                    guard r < endRun else { break }
                    let run = runs[r]
                    let lane = runLanes.baseAddress! + run.kind
                    guard lanes[run.kind].direct else {
                        (marks + (run.start &- x.base)).update(repeating: 1, count: run.count)
                        continue
                    }
                    let kind = kinds + run.kind
                    runSpecialised(
                        x, start: run.start, count: run.count, lane, autoreverses: kind.pointee.autoreverses,
                        few: kind.pointee.cycles <= 3, renderer: renderer,
                        plain: kind.pointee.rate == 1 && kind.pointee.timeOffset.bitPattern == 0)
                }
                // The window's progress and applies written back at the items' own indices (a gather through the
                // sorted positions: sequential stores).
                let position = runPosition.baseAddress! + x.base
                switch (o.progress, o.applies) {
                case let (progress?, applies?):
                    let sorted = appliesBuffer.baseAddress!
                    for j in 0..<m {
                        let r = Int(position[j])
                        progress[x.base &+ j] = x.scratch[r]
                        applies[x.base &+ j] = sorted[r]
                    }
                case let (progress?, nil):
                    for j in 0..<m { progress[x.base &+ j] = x.scratch[Int(position[j])] }
                case let (nil, applies?):
                    let sorted = appliesBuffer.baseAddress!
                    for j in 0..<m { applies[x.base &+ j] = sorted[Int(position[j])] }
                case (nil, nil):
                    break
                }
                // The marked items: listed eight marks at a time (a word of eight zero marks skipped; the others
                // appended by a 0/1 count, no branch per mark), then evaluated.
                (marks + m).update(repeating: 0, count: 8)
                var listed = 0
                var q = 0
                while q < m {
                    // Only bit 0 (the general path) is left to do: the eased marks were handled run by run.
                    if UnsafeRawPointer(marks + q).loadUnaligned(as: UInt64.self) & 0x0101_0101_0101_0101 != 0 {
                        for r in q..<(q &+ 8) {
                            list[listed] = Int32(truncatingIfNeeded: r)
                            listed &+= Int(marks[r] & 1)
                        }
                    }
                    q &+= 8
                }
                for l in 0..<listed {
                    let i = x.base &+ Int(x.order[x.base &+ Int(list[l])])
                    let error = evaluateItem(
                        i, t, removedOnCompletion, o, begin: begin.baseAddress!, simple: simple.baseAddress!,
                        kindIndex: kindIndex.baseAddress!, kinds: kinds, curves: curves.baseAddress,
                        tables: tables)
                    if let error, i < firstErrorIndex { (firstError, firstErrorIndex) = (error, i) }
                }
                x.base &+= m
                window &+= 1
            }
        }}}}}}}}}}}}}}}}}}}}}}}
        return firstError
    }

    /// The general path for item `i`: every phase, rate, offset and repeat duration, by
    /// ``ResolvedTiming/evaluate(atParentTime:removedOnCompletion:)``'s steps and the curve's `value(at:)`;
    /// writes its outputs and returns its error (`nil` on success).
    @inline(never)
    static func evaluateItem(
        _ i: Int, _ t: Double, _ removedOnCompletion: Bool, _ o: Outputs,
        begin: UnsafePointer<Double>, simple: UnsafePointer<Double>,
        kindIndex: UnsafePointer<Int32>, kinds: UnsafePointer<Kind>, curves: UnsafePointer<PreparedTimingFunction>?,
        tables: UnsafePointer<UnsafePointer<Double>?>
    ) -> TimingError? {
        let kind = kinds + Int(kindIndex[i])
        if let error = kind.pointee.error {
            fail(o, i, error)
            return error
        }
        // ResolvedTiming.evaluateUntimed of the item's timing: the kind's fields with the item's begin time
        // and simple duration (its active duration is derived from them as at resolution, bit for bit).
        var timing = kind.pointee.timing
        timing.beginTime = begin[i]
        let evaluation: TimingEvaluation
        do throws(TimingError) {
            evaluation = try ResolvedTiming(validated: timing, simpleDuration: simple[i])
                .evaluateUntimed(t, removedOnCompletion: removedOnCompletion)
        } catch {
            fail(o, i, error)
            return error
        }
        let unit = evaluation.unitTime
        let curve = kind.pointee.curve
        var progress = unit
        if curve >= 0, let curves, let table = tables[curve] {
            // PreparedTimingFunction.value(at:): 0 at 0, 1 at 1, the interior otherwise.
            progress = unit > 0 ? (unit < 1 ? curves[curve].interiorValue(unit, rows: table) : 1) : 0
        }
        o.progress?[i] = progress
        o.unitTime?[i] = unit
        if let phase = o.phase {
            switch evaluation.phase {
            case .before: phase[i] = 0
            case .active: phase[i] = 1
            case .after: phase[i] = 2
            }
        }
        o.applies?[i] = evaluation.applies ? 1 : 0
        o.iteration?[i] = Int64(evaluation.iteration)
        o.status?[i] = o.okCode
        return nil
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
}

