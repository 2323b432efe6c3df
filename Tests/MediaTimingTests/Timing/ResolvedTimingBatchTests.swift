import PropertyBased
import Testing

import MediaTiming

/// `ResolvedTimingBatch` (Docs/performance.md, P3): every item equals, bit for bit, the single evaluation
/// of `ResolvedTiming` with the same timing and curve; invalid items and overflows are reported per item.
@Suite struct ResolvedTimingBatchTests {
    /// Six curves (the last linear), then six more (indices 6-11: curves beyond the first few, some repeated).
    static let curves: [PreparedTimingFunction] = [
        TimingFunction.easeIn.prepared(), TimingFunction.easeOut.prepared(), TimingFunction.easeInEaseOut.prepared(),
        TimingFunction.default.prepared(), try! TimingFunction(controlPoints: 0.9, 0, 0.1, 1).prepared(),
        TimingFunction.linear.prepared(),
        try! TimingFunction(controlPoints: 0.3, -0.4, 0.6, 1.5).prepared(), TimingFunction.easeIn.prepared(),
        try! TimingFunction(controlPoints: 0.1, 0.8, 0.2, 0.9).prepared(), TimingFunction.easeOut.prepared(),
        try! TimingFunction(controlPoints: 0.7, 0.1, 0.95, 0.3).prepared(), TimingFunction.linear.prepared(),
    ]

    struct Row: Equatable {
        var progress: UInt64, unit: UInt64, phase: Int8, applies: UInt8, iteration: Int64, status: Int32
    }

    /// The batch's outputs at `t`.
    static func batchRows(_ batch: ResolvedTimingBatch, _ t: Double, removed: Bool) throws -> ([Row], TimingError?) {
        let n = batch.count
        var progress = [Double](repeating: 7, count: n), unit = [Double](repeating: 7, count: n)
        var phase = [Int8](repeating: 9, count: n), applies = [UInt8](repeating: 9, count: n)
        var iteration = [Int64](repeating: 9, count: n), status = [Int32](repeating: 9, count: n)
        var first: TimingError?
        try progress.withUnsafeMutableBufferPointer { p in
            try unit.withUnsafeMutableBufferPointer { u in
                try phase.withUnsafeMutableBufferPointer { ph in
                    try applies.withUnsafeMutableBufferPointer { a in
                        try iteration.withUnsafeMutableBufferPointer { it in
                            try status.withUnsafeMutableBufferPointer { st in
                                first = try batch.evaluate(
                                    atParentTime: t, removedOnCompletion: removed,
                                    into: .init(
                                        progress: p.baseAddress, unitTime: u.baseAddress, phase: ph.baseAddress,
                                        applies: a.baseAddress, iteration: it.baseAddress, status: st.baseAddress,
                                        okCode: 0, invalidFieldCode: 4, overflowCode: 5))
                            }
                        }
                    }
                }
            }
        }
        let rows = (0..<n).map {
            Row(progress: progress[$0].bitPattern, unit: unit[$0].bitPattern, phase: phase[$0], applies: applies[$0],
                iteration: iteration[$0], status: status[$0])
        }
        return (rows, first)
    }

    /// The single evaluation's outputs, in the same encoding.
    static func singleRow(_ timing: Timing, _ curve: Int, _ t: Double, removed: Bool) -> Row {
        do throws(TimingError) {
            let resolved = try ResolvedTiming(timing, defaultDuration: 0.25)
            let e = try curve >= 0
                ? resolved.evaluate(atParentTime: t, timingFunction: curves[curve], removedOnCompletion: removed)
                : resolved.evaluate(atParentTime: t, removedOnCompletion: removed)
            let phase: Int8 = e.phase == .before ? 0 : (e.phase == .active ? 1 : 2)
            return Row(progress: e.progress.bitPattern, unit: e.unitTime.bitPattern, phase: phase,
                       applies: e.applies ? 1 : 0, iteration: Int64(e.iteration), status: 0)
        } catch {
            let code: Int32 = error == .localTimeOverflow ? 5 : 4
            return Row(progress: Double.nan.bitPattern, unit: Double.nan.bitPattern, phase: -1, applies: 0,
                       iteration: 0, status: code)
        }
    }

    /// Both layouts of the batch (index order by pairs, sorted runs by kind) against the single evaluation.
    static func check(_ timings: [Timing], _ curveIndices: [Int], times: [Double]) throws {
        for layout in [ResolvedTimingBatch.Layout.pairs, .runs] {
            try check(timings, curveIndices, times: times, layout: layout)
        }
    }

    static func check(_ timings: [Timing], _ curveIndices: [Int], times: [Double], layout: ResolvedTimingBatch.Layout) throws {
        let batch = try ResolvedTimingBatch(timings: timings, curveIndices: curveIndices, curves: curves, layout: layout)
        #expect(batch.count == timings.count)
        #expect(batch.layout == layout || timings.isEmpty)
        for t in times {
            for removed in [false, true] {
                let (rows, first) = try batchRows(batch, t, removed: removed)
                var expectedFirst: Int32? = nil
                for i in timings.indices {
                    let expected = singleRow(timings[i], curveIndices[i], t, removed: removed)
                    #expect(rows[i] == expected, "item \(i) \(timings[i]) curve \(curveIndices[i]) at \(t), \(layout)")
                    if expectedFirst == nil && expected.status != 0 { expectedFirst = expected.status }
                }
                let firstCode: Int32? = first.map { $0 == .localTimeOverflow ? 5 : 4 }
                #expect(firstCode == expectedFirst)
            }
        }
    }

    @Test("random timings, curves and times: batch equals single, bit for bit") func randomItems() throws {
        try seededCheck(count: 40, seed: 61) { rng in
            var timings: [Timing] = [], indices: [Int] = []
            for _ in 0..<200 {
                timings.append(TimingProperties.randomTiming(&rng))
                indices.append(Int(Gen.double(in: 0...1).draw(&rng) * 7) - 1)  // −1 … 5
            }
            let times = (0..<5).map { _ in Gen.double(in: -8...14).draw(&rng) }
            try Self.check(timings, indices, times: times)
        }
    }

    /// Unit times in the curves' subdivided intervals (steep middle, easeIn near 1, easeOut near 0), where
    /// the batch's curve pass takes the certified value or lists the item for the sub-tables, and a unit
    /// time that underflows to 0 (`basic > 0` but `basic/d` rounds to 0: the pass marks it eased by `basic`
    /// and must still write progress 0).
    @Test("unit times in subdivided intervals and an underflowing unit time: batch equals single, bit for bit")
    func subdividedIntervalsAndUnderflow() throws {
        var timings: [Timing] = [], indices: [Int] = []
        let regions: [(curve: Int, range: ClosedRange<Double>)] = [
            (4, 0.3...0.7), (0, (1 - 8.0 / 512)...(1 - 1e-12)), (1, 1e-9...(8.0 / 512)),
        ]
        for (curve, range) in regions {
            for k in 0..<300 {
                let x = range.lowerBound + (range.upperBound - range.lowerBound) * Double(k) / 300
                timings.append(Timing(beginTime: 10 - x, duration: 1))
                indices.append(curve)
            }
        }
        try Self.check(timings, indices, times: [10])
        // At t = 0: elapsed = 2^-1074 (the least subnormal) and the simple duration 1e300 give basic = 2^-1074,
        // x = 0; the third item's elapsed is the subnormal 2^-1063.
        let least = Double.leastNonzeroMagnitude
        let tiny = [Timing(beginTime: -least, duration: 1e300), Timing(beginTime: -least, duration: 1e300),
                    Timing(beginTime: -0x1p-1063, duration: 2)]
        // Curve 6 has y1 < 0: its table's Y(0) is −0, so only the explicit 0 gives +0.
        try Self.check(tiny, [6, 4, 6], times: [0])
        let batch = try ResolvedTimingBatch(timings: tiny, curveIndices: [6, 4, 6], curves: Self.curves)
        let (rows, _) = try Self.batchRows(batch, 0, removed: false)
        #expect(rows[0].progress == (0.0).bitPattern && rows[1].progress == (0.0).bitPattern)
    }

    /// Timings like the P3 benchmark row's (begin in [0, 6), duration in [0.25, 3], repeat 1 / 2.5 / 3 / ∞,
    /// autoreverses, any fill), with every fifth item from ``TimingProperties/randomTiming(_:positiveSpeed:offset:)``
    /// (offsets, repeat durations, some with positive speeds only).
    static func mixedItems(_ rng: inout Xoshiro, count: Int) -> ([Timing], [Int]) {
        let repeats: [Float] = [1, 2.5, 3, .infinity]
        let unit = Gen.double(in: 0...1)
        var timings: [Timing] = [], indices: [Int] = []
        for i in 0..<count {
            if i % 5 == 4 {
                timings.append(TimingProperties.randomTiming(&rng, positiveSpeed: i % 2 == 0))
            } else {
                timings.append(Timing(
                    beginTime: Gen.double(in: 0...6).draw(&rng), duration: Gen.double(in: 0.25...3).draw(&rng),
                    repeatCount: repeats[Int(unit.draw(&rng) * 4) % 4], autoreverses: unit.draw(&rng) < 0.5,
                    fillMode: FillMode.allCases[Int(unit.draw(&rng) * 4) % 4]))
            }
            indices.append(Int(unit.draw(&rng) * 13) % 13 - 1)  // −1 … 11
        }
        return (timings, indices)
    }

    @Test("more items than a block (straight-line pass, general path, curves): batch equals single, bit for bit")
    func manyItems() throws {
        try seededCheck(count: 3, seed: 67) { rng in
            let (timings, indices) = Self.mixedItems(&rng, count: 1_000)
            let times = [-1, 0, 2, 4, 5.999, 9, 40, 1e5] + (0..<3).map { _ in Gen.double(in: -4...20).draw(&rng) }
            try Self.check(timings, indices, times: times)
        }
    }

    /// More items than two windows of the runs layout (an odd count, so the last window is partial), in few
    /// kinds (long runs, odd and even lengths; the automatic layout picks runs) plus some items of the general
    /// path (offsets, repeat durations, negative speeds, invalid fields): every output, bit for bit, in both
    /// layouts.
    @Test("several windows of runs (odd runs, a partial last window): batch equals single, bit for bit")
    func severalWindows() throws {
        var rng = Xoshiro(seed: (81, 82, 83, 84))
        let n = 2 * ResolvedTimingBatch.windowSize + 4_097
        let repeats: [Float] = [1, 2.5, 3, .infinity, 0.5]
        let unit = Gen.double(in: 0...1)
        var timings: [Timing] = [], indices: [Int] = []
        for i in 0..<n {
            if i % 97 == 5 {
                timings.append(TimingProperties.randomTiming(&rng))
            } else {
                timings.append(Timing(
                    beginTime: Gen.double(in: 0...6).draw(&rng), duration: Gen.double(in: 0.25...3).draw(&rng),
                    repeatCount: repeats[Int(unit.draw(&rng) * 5) % 5], autoreverses: unit.draw(&rng) < 0.5,
                    fillMode: FillMode.allCases[Int(unit.draw(&rng) * 4) % 4]))
            }
            indices.append(Int(unit.draw(&rng) * 7) % 7 - 1)  // −1 … 5: linear, five curves, linear again
        }
        let automatic = try ResolvedTimingBatch(timings: timings, curveIndices: indices, curves: Self.curves)
        #expect(automatic.layout == .runs)
        try Self.check(timings, indices, times: [-1, 2.5, 4, 7.75])
    }

    /// Every item a kind of its own: runs of one item in the runs layout (each duplicated in both lanes), and
    /// the automatic layout falls back to pairs.
    @Test("runs of one item: batch equals single, bit for bit; the automatic layout picks pairs")
    func runsOfOne() throws {
        var rng = Xoshiro(seed: (91, 92, 93, 94))
        var timings: [Timing] = [], indices: [Int] = []
        for i in 0..<301 {
            timings.append(Timing(
                beginTime: Gen.double(in: 0...6).draw(&rng), duration: Gen.double(in: 0.25...3).draw(&rng),
                speed: 1 + Float(i) * 0x1p-20, repeatCount: [1, 2.5, 3, .infinity][i % 4], autoreverses: i % 3 == 0,
                fillMode: FillMode.allCases[i % 4]))
            indices.append(i % 6 - 1)
        }
        let automatic = try ResolvedTimingBatch(timings: timings, curveIndices: indices, curves: Self.curves)
        #expect(automatic.layout == .pairs)
        try Self.check(timings, indices, times: [0.5, 3, 4, 9])
    }

    /// The remainder of at most three cycles without a division (`k = (a ≥ c) + (a ≥ 2c)`, `w = a − k·c`) at
    /// and around the cycle boundaries: active times c, 2c, 3c and the active duration, their neighbours one
    /// ulp away, with cycle durations that do not divide evenly (0.1, 0.3, 1/3, 0.7), tiny and huge ones (2c
    /// overflowing, an infinite cycle), autoreversing or not, for repeat counts 0.5 … 3 (and ∞, the other
    /// remainder): begin 0 and speed 1, so the active time is the parent time exactly.
    @Test("the few-cycles remainder at and around cycle boundaries: batch equals single, bit for bit")
    func fewCyclesBoundaries() throws {
        var timings: [Timing] = [], indices: [Int] = []
        var times: Set<Double> = [0, 1e-300]
        for duration in [0.1, 0.3, 1.0 / 3, 0.7, 1, Double.leastNonzeroMagnitude * 3, 1e-300, 1e308, .infinity] {
            for repeatCount: Float in [0.5, 1, 2, 2.5, 3, 2.9999998, .infinity] {
                for autoreverses in [false, true] {
                    let timing = Timing(beginTime: 0, duration: duration, repeatCount: repeatCount,
                                        autoreverses: autoreverses, fillMode: .both)
                    timings.append(timing)
                    indices.append(timings.count % 7 - 1)
                    let c = autoreverses ? 2 * duration : duration
                    guard c.isFinite else { continue }
                    let active = c * Double(repeatCount)
                    for boundary in [c, c + c, 3 * c, active, c / 2, 1.5 * c] where boundary.isFinite {
                        times.formUnion([boundary, boundary.nextDown, boundary.nextUp])
                    }
                }
            }
        }
        // Enough copies that every kind forms a run of several items, with odd and even lengths.
        var copies: [Timing] = [], copyIndices: [Int] = []
        for copy in 0..<3 {
            for (timing, index) in zip(timings, indices) where copy < 2 || index % 2 == 0 {
                copies.append(timing)
                copyIndices.append(index)
            }
        }
        try Self.check(copies, copyIndices, times: times.sorted())
    }

    /// The plain runs' step (rate 1 and time offset +0: the raw time is the elapsed time, 0 where negative)
    /// at its edges, beside kinds of the general step (speed 1 + 2⁻²³, offset −0 or 2⁻⁶⁰), against the single
    /// evaluation: a parent time −0 (elapsed −0), times one ulp around the begin time and the end of the
    /// active duration, an elapsed time that overflows to +∞ (finite and infinite active durations), huge
    /// and tiny durations (the least subnormal, whose active duration for 0.4 repeats is the least subnormal
    /// again), in runs of odd and even lengths (8, 9, 20, 21 items); every output, and a renderer's request
    /// (progress and applies only, its own specialisation of the loop).
    @Test("plain runs (rate 1, offset +0) at their edges: batch equals single, bit for bit")
    func plainRunEdges() throws {
        var timings: [Timing] = [], indices: [Int] = []
        let huge = 1e308
        for duration in [1, 0.3, Double.leastNonzeroMagnitude, 1e-300, 1e300] {
            for repeatCount: Float in [0.4, 1, 2.5, 3, 7, .infinity] {
                for autoreverses in [false, true] {
                    for fill in FillMode.allCases {
                        for begin in [0, -huge, 2] {
                            for (speed, offset): (Float, Double) in [(1, 0), (1, -0.0), (1 + 0x1p-23, 0), (1, 0x1p-60)] {
                                timings.append(Timing(
                                    beginTime: begin, duration: duration, speed: speed, timeOffset: offset,
                                    repeatCount: repeatCount, autoreverses: autoreverses, fillMode: fill))
                                indices.append(timings.count % 3 == 0 ? -1 : timings.count % 5)
                            }
                        }
                    }
                }
            }
        }
        // Four copies and every seventh item once more: every kind forms a run of 8, 9, 20 or 21 items.
        var copies: [Timing] = [], copyIndices: [Int] = []
        for copy in 0..<5 {
            for (i, (timing, index)) in zip(timings, indices).enumerated() where copy < 4 || i % 7 == 0 {
                copies.append(timing)
                copyIndices.append(index)
            }
        }
        let least = Double.leastNonzeroMagnitude, two = 2.0
        var times: [Double] = [-0.0, 0, least, -least, 0.5, two.nextDown, 2, two.nextUp, 3.5, 9, huge]
        let ends: [Double] = [2.5, 3, 7, 4.5, 5, 9, 0.3 * 2.5, 0.3 * 3, 0.6 * 7]  // from begin 0 and 2
        for end in ends {
            times += [end.nextDown, end, end.nextUp]
        }
        try Self.check(copies, copyIndices, times: times, layout: .runs)
        let batch = try ResolvedTimingBatch(timings: copies, curveIndices: copyIndices, curves: Self.curves, layout: .runs)
        for t in times {
            for removed in [false, true] {
                var progress = [Double](repeating: 7, count: copies.count)
                var applies = [UInt8](repeating: 9, count: copies.count)
                try progress.withUnsafeMutableBufferPointer { p in
                    try applies.withUnsafeMutableBufferPointer { a in
                        _ = try batch.evaluate(
                            atParentTime: t, removedOnCompletion: removed, into: .init(progress: p.baseAddress, applies: a.baseAddress))
                    }
                }
                for i in copies.indices {
                    let expected = Self.singleRow(copies[i], copyIndices[i], t, removed: removed)
                    #expect(progress[i].bitPattern == expected.progress && applies[i] == expected.applies,
                            "item \(i) \(copies[i]) curve \(copyIndices[i]) at \(t), renderer")
                }
            }
        }
    }

    @Test("only some outputs requested: the progress alone, progress and applies, the iteration alone, equal the single evaluation")
    func partialOutputs() throws {
        var rng = Xoshiro(seed: (71, 72, 73, 74))
        let (timings, indices) = Self.mixedItems(&rng, count: 700)
        for layout in [ResolvedTimingBatch.Layout.pairs, .runs] {
            let batch = try ResolvedTimingBatch(timings: timings, curveIndices: indices, curves: Self.curves, layout: layout)
            for t in [-2.0, 1.5, 4, 7.25, 300] {
                var progress = [Double](repeating: 7, count: timings.count)
                var rendered = [Double](repeating: 7, count: timings.count)
                var applies = [UInt8](repeating: 9, count: timings.count)
                var iteration = [Int64](repeating: 9, count: timings.count)
                try progress.withUnsafeMutableBufferPointer { p in
                    _ = try batch.evaluate(atParentTime: t, removedOnCompletion: false, into: .init(progress: p.baseAddress))
                }
                // What a renderer asks for (the P3 benchmark row): the progress and whether it applies.
                try rendered.withUnsafeMutableBufferPointer { p in
                    try applies.withUnsafeMutableBufferPointer { a in
                        _ = try batch.evaluate(
                            atParentTime: t, removedOnCompletion: true, into: .init(progress: p.baseAddress, applies: a.baseAddress))
                    }
                }
                try iteration.withUnsafeMutableBufferPointer { it in
                    _ = try batch.evaluate(atParentTime: t, removedOnCompletion: false, into: .init(iteration: it.baseAddress))
                }
                for i in timings.indices {
                    let expected = Self.singleRow(timings[i], indices[i], t, removed: false)
                    let removed = Self.singleRow(timings[i], indices[i], t, removed: true)
                    #expect(progress[i].bitPattern == expected.progress, "item \(i) \(timings[i]) at \(t), \(layout)")
                    #expect(rendered[i].bitPattern == removed.progress && applies[i] == removed.applies,
                            "item \(i) \(timings[i]) at \(t), \(layout)")
                    #expect(iteration[i] == expected.iteration, "item \(i) \(timings[i]) at \(t), \(layout)")
                }
            }
        }
    }

    @Test("boundaries: exact cycle multiples, ends of repeat counts, window edges, huge times") func boundaries() throws {
        var timings: [Timing] = []
        for duration in [0.1, 0.25, 1, 3, 0, .infinity] {
            for repeatCount: Float in [0, 1, 2.5, 3, 7, .infinity, .greatestFiniteMagnitude] {
                for autoreverses in [false, true] {
                    for speed: Float in [1, -1, 2.5, 0] {
                        timings.append(Timing(
                            beginTime: 1, duration: duration, speed: speed, repeatCount: repeatCount,
                            autoreverses: autoreverses, fillMode: .both))
                    }
                }
            }
        }
        timings.append(Timing(duration: 0.1, timeOffset: 0.05, repeatDuration: 0.3, fillMode: .forwards))
        timings.append(Timing(duration: 0.1, speed: -1, timeOffset: -0.2, repeatCount: 3, fillMode: .both))
        timings.append(Timing(beginTime: -1e300, duration: 1e-300, speed: 3e38, repeatCount: .infinity))
        let indices = timings.indices.map { $0 % 7 - 1 }
        var times: [Double] = [0, 1, 1.1, 1.3, 1.30000000000000004, 1.5, 1.75, 2, 3, 4, 8.5, 22, 1e6, -3]
        times += [1 + 0.1 * 3, 1 + 0.25 * 7, 1 + 3 * 2.5, 1 + 2 * 3, 1 + 2 * 0.1 * 3, 1.0.nextUp, 1.0.nextDown]
        try Self.check(timings, indices, times: times)
    }

    @Test("invalid items are kept and fail at every evaluation; the others are evaluated") func invalidItems() throws {
        let timings = [
            Timing(duration: 1, fillMode: .both), Timing(beginTime: .nan, duration: 1),
            Timing(duration: 1, speed: .infinity), Timing(duration: 2, repeatCount: 2),
        ]
        let batch = try ResolvedTimingBatch(timings: timings, curveIndices: [0, 1, 2, 3], curves: Self.curves)
        #expect(batch.itemErrors == [1: .invalidField(.beginTime, .notANumber), 2: .invalidField(.speed, .positiveInfinity)])
        let (rows, first) = try Self.batchRows(batch, 0.5, removed: true)
        #expect(first == .invalidField(.beginTime, .notANumber))
        #expect(rows[1].status == 4 && rows[2].status == 4 && rows[1].phase == -1 && rows[2].applies == 0)
        #expect(Double(bitPattern: rows[1].progress).isNaN)
        #expect(rows[0] == Self.singleRow(timings[0], 0, 0.5, removed: true))
        #expect(rows[3] == Self.singleRow(timings[3], 3, 0.5, removed: true))
    }

    @Test("a local time overflowing Double fails that item only") func overflow() throws {
        let timings = [Timing(duration: 1, speed: 3e38, repeatCount: .infinity), Timing(duration: 1)]
        let batch = try ResolvedTimingBatch(timings: timings, curveIndices: [0, 0], curves: Self.curves)
        let (rows, first) = try Self.batchRows(batch, 1e300, removed: false)
        #expect(first == .localTimeOverflow)
        #expect(rows[0].status == 5 && rows[0].phase == -1)
        #expect(rows[1] == Self.singleRow(timings[1], 0, 1e300, removed: false))
    }

    @Test("bad arguments: a non-finite time throws and writes nothing; a bad default duration throws") func badArguments() throws {
        let batch = try ResolvedTimingBatch(timings: [Timing(duration: 1)])
        var progress = [7.0]
        _ = progress.withUnsafeMutableBufferPointer { p in
            #expect(throws: TimingError.invalidTime(.notANumber)) {
                try batch.evaluate(atParentTime: .nan, into: .init(progress: p.baseAddress))
            }
        }
        #expect(progress == [7.0])
        #expect(throws: TimingError.invalidField(.defaultDuration, .notPositive)) {
            try ResolvedTimingBatch(timings: [], defaultDuration: 0)
        }
        #expect(throws: TimingError.invalidField(.defaultDuration, .notANumber)) {
            try ResolvedTimingBatch(timings: [], defaultDuration: .nan)
        }
        // Empty batch, out-of-range curve indices (linear), no outputs at all.
        #expect(try ResolvedTimingBatch(timings: []).evaluate(atParentTime: 1, into: .init()) == nil)
        let linear = try ResolvedTimingBatch(timings: [Timing(duration: 2)], curveIndices: [42], curves: Self.curves)
        let (rows, _) = try Self.batchRows(linear, 1, removed: true)
        #expect(Double(bitPattern: rows[0].progress) == 0.5)
    }
}
