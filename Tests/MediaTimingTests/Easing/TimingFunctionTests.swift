import PropertyBased
import Testing

import MediaTiming

/// Semantics §17 I: the named timing functions at x = 0.25, 0.5, 0.75.
@Suite struct TimingFunctionVectors {
    static let rows: [(TimingFunction.Name, [Double])] = [
        (.linear, [0.25, 0.5, 0.75]),  // I1
        (.easeIn, [0.093464651, 0.315356813, 0.621861869]),  // I2
        (.easeOut, [0.378138131, 0.684643187, 0.906535349]),  // I3
        (.easeInEaseOut, [0.129161931, 0.5, 0.870838069]),  // I4
        (.default, [0.408510591, 0.802403388, 0.960458978]),  // I5
    ]

    @Test("I1–I5 against the spec's numbers", arguments: rows)
    func named(_ name: TimingFunction.Name, _ expected: [Double]) {
        let curve = TimingFunction(name: name).prepared()
        for (x, y) in zip([0.25, 0.5, 0.75], expected) {
            // The spec's numbers use exact control points; Core Animation's (and ours) are Floats, which
            // moves them by at most 1.93e-8 (semantics §17 I).
            expectClose(curve.value(at: x), y, tolerance: 5e-8, "\(name) at \(x)")
        }
    }

    @Test("I1–I5 against the spec's method with the Float control points", arguments: TimingFunction.Name.allCases)
    func specMethod(_ name: TimingFunction.Name) {
        let function = TimingFunction(name: name)
        let curve = function.prepared()
        for x in stride(from: 0.0, through: 1.0, by: 1.0 / 64) {
            let reference = specBisection(
                Double(function.c1x), Double(function.c1y), Double(function.c2x), Double(function.c2y), x)
            expectClose(curve.value(at: x), reference, tolerance: 1e-9, "\(name) at \(x)")
        }
    }

    @Test("symmetries: easeOut(x) = 1 − easeIn(1 − x) up to Float control points; easeInEaseOut(0.5)")
    func symmetries() {
        let easeIn = TimingFunction.easeIn.prepared(), easeOut = TimingFunction.easeOut.prepared()
        // 0.42 and 0.58 as Floats are not reflections of each other: the identity holds to ~2e-8 (§17 I).
        for x in stride(from: 0.0, through: 1.0, by: 1.0 / 128) {
            expectClose(easeOut.value(at: x), 1 - easeIn.value(at: 1 - x), tolerance: 4e-8)
        }
        expectClose(TimingFunction.easeInEaseOut.prepared().value(at: 0.5), 0.500000019, tolerance: 1e-9)
    }

    @Test("point reflection: the curve (1−c2, 1−c1) gives 1 − y(1 − x)") func reflection() throws {
        try seededCheck(count: 200, seed: 23) { rng in
            // Control points on a 2^-12 grid, so that 1 − c is exact in Float.
            func grid() -> Float { Float((Gen.double(in: 0...1).draw(&rng) * 4096).rounded()) / 4096 }
            let (a, b, c, d) = (grid(), grid(), grid(), grid())
            let f = try TimingFunction(controlPoints: a, b, c, d).prepared()
            let g = try TimingFunction(controlPoints: 1 - c, 1 - d, 1 - a, 1 - b).prepared()
            for x in stride(from: 0.0, through: 1.0, by: 1.0 / 64) {
                expectClose(g.value(at: x), 1 - f.value(at: 1 - x), tolerance: 2e-10, "(\(a), \(b), \(c), \(d)) at \(x)")
            }
        }
    }

    @Test("§8.3: x control points are clamped to [0, 1]; y ones are kept (U10)") func clamping() throws {
        let f = try TimingFunction(controlPoints: -0.5, -0.25, 1.5, 1.75)
        #expect(f.c1x == 0 && f.c2x == 1 && f.c1y == -0.25 && f.c2y == 1.75)
        // With c1 = (0, −0.25) the curve dips below 0 before rising: y(s) = 3(1−s)²s·(−0.25) + 3(1−s)s²·1.75 + s³.
        let y = f.prepared().value(at: 0.005)
        #expect(y < 0)
        expectClose(y, wideBisection(f, 0.005), tolerance: 1e-10)
    }

    @Test("input is clamped to [0, 1]; NaN counts as 0") func inputClamp() {
        let curve = TimingFunction.default.prepared()
        #expect(curve.value(at: -3) == 0)
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: 7) == 1)
        #expect(curve.value(at: .infinity) == 1)
        #expect(curve.value(at: -.infinity) == 0)
        #expect(curve.value(at: .nan) == 0)
    }

    @Test("non-finite control points are typed errors") func badControlPoints() {
        #expect(throws: TimingError.invalidField(.controlPoint, .notANumber)) {
            try TimingFunction(controlPoints: .nan, 0, 1, 1)
        }
        #expect(throws: TimingError.invalidField(.controlPoint, .positiveInfinity)) {
            try TimingFunction(controlPoints: 0, 0, 1, .infinity)
        }
    }
}

/// Accuracy on hard curves: near-degenerate cubics and flat points (issue: ≤ 1e-7 for any control points
/// with x in [0, 1]).
@Suite struct TimingFunctionAccuracy {
    /// x values that probe a curve densely, including its ends and the table's knots.
    static let probes: [Double] = {
        var xs = stride(from: 0.0, through: 1.0, by: 1.0 / 1000).map { $0 }
        xs += [1e-300, 1e-12, 1e-9, 1e-6, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12, 1.0.nextDown, 0.5.nextDown, 0.5.nextUp]
        return xs
    }()

    static let hard: [(Double, Double, Double, Double)] = [
        (0, 0, 1.0 / 3, 1), (0.5, 0, 5.0 / 6, 1), (0.9, 0, 0.1, 1), (0, 0, 0, 1), (1, 0, 1, 1),
        (0.42, 0, 1, 0.5), (0.99, 0, 1, 1), (0, 0.5, 0, 0.5), (0.999, 0.2, 0.001, 0.8),
    ]

    @Test("near-degenerate cubics against an extended-precision bisection", arguments: hard)
    func hardCurves(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) throws {
        let f = try TimingFunction(controlPoints: Float(c1x), Float(c1y), Float(c2x), Float(c2y))
        let curve = f.prepared()
        var worst = 0.0
        for x in Self.probes { worst = max(worst, (curve.value(at: x) - wideBisection(f, x)).magnitude) }
        #expect(worst <= 1e-7, "max error \(worst)")
    }

    /// The regions where the named curves' dense table (512 intervals) cannot certify `Y(t)` and the
    /// evaluation goes through the 8-way sub-tables: easeIn next to x = 1 and easeOut next to x = 0
    /// (square-root ends of the parameter). Every sub-interval that is certified errs by at most 9e-11 (the
    /// certificate, all rounding included); the ones that are not are solved to about 1e-10 in the
    /// parameter. The reference errs by less than 1e-18, so 2e-10 holds with room.
    @Test("dense table: subdivided intervals (easeIn near 1, easeOut near 0) against an extended-precision bisection")
    func subdividedIntervals() throws {
        let regions: [(TimingFunction, ClosedRange<Double>)] = [
            (.easeIn, (1 - 8.0 / 512)...1.0.nextDown), (.easeOut, 1e-300...(8.0 / 512)),
        ]
        for (f, range) in regions {
            let curve = f.prepared()
            var worst = 0.0
            for k in 0...4000 {
                let x = range.lowerBound + (range.upperBound - range.lowerBound) * Double(k) / 4000
                worst = max(worst, (curve.value(at: x) - wideBisection(f, x)).magnitude)
            }
            #expect(worst <= 2e-10, "\(f): max error \(worst)")
        }
    }

    /// A custom curve's compact table: every certified cell errs by at most 5e-8 (the certificate, all
    /// rounding included), a parameter row's guess is accepted only when its residual certifies 5e-8, and the
    /// solvers behind it stop about 1e-10 from the parameter; the reference errs by less than 1e-18. So the
    /// whole curve is within 5e-8, tighter than the 1e-7 of §8.4. Dense probes (4,001 per curve, including
    /// both ends of every cell) over the hard curves, where cells are certified and others are not: the steep
    /// middle, square-root ends, the double root of x′ at s = ½.
    @Test("compact table: the hard curves within the certificate's 5e-8, dense probes", arguments: hard)
    func compactCertificate(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) throws {
        let f = try TimingFunction(controlPoints: Float(c1x), Float(c1y), Float(c2x), Float(c2y))
        let curve = f.prepared()
        var worst = 0.0
        for k in 0...4000 {
            let x = Double(k) / 4000
            worst = max(worst, (curve.value(at: x) - wideBisection(f, x)).magnitude)
        }
        for cell in 0...32 {
            for x in [Double(cell) / 32, (Double(cell) / 32).nextDown, (Double(cell) / 32).nextUp] where x > 0 && x < 1 {
                worst = max(worst, (curve.value(at: x) - wideBisection(f, x)).magnitude)
            }
        }
        #expect(worst <= 5e-8, "max error \(worst)")
    }

    /// The cells of a custom curve that the first certificate rejects because a complex singularity of
    /// the parameter lies close to them (steep middles, sharp turns), some of which the second certificate
    /// (the row's error at 22 Chebyshev nodes) accepts: every x of the middle cells, 1,000 per cell and the
    /// last double below each cell's end, within the certificates' 5e-8 of the reference (which errs by
    /// less than 1e-18 away from a double root of x′: the corner (1, 0, 0, 1) has its own test). The
    /// Hermite rows of the steep curve's two middle cells err by 7e-4, so a certificate that accepted them
    /// would fail here.
    @Test("compact table: the cells around a near-singularity within 5e-8, 1,001 probes per cell", arguments: [
        (0.9, 0.0, 0.1, 1.0), (0.8, 0.1, 0.2, 0.9), (0.999, 0.2, 0.001, 0.8), (0.95, -0.4, 0.05, 1.4),
    ])
    func cellsNearSingularity(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) throws {
        let f = try TimingFunction(controlPoints: Float(c1x), Float(c1y), Float(c2x), Float(c2y))
        let curve = f.prepared()
        var worst = 0.0
        for cell in 8..<24 {
            for j in 0..<1000 {
                let x = (Double(cell) + Double(j) / 1000) / 32
                worst = max(worst, (curve.value(at: x) - wideBisection(f, x)).magnitude)
            }
            let end = Double(cell + 1) / 32
            worst = max(worst, (curve.value(at: end.nextDown) - wideBisection(f, end.nextDown)).magnitude)
        }
        #expect(worst <= 5e-8, "max error \(worst)")
    }

    /// The corner (1, ·, 0, ·): x(s) = 4(s − ½)³ + ½ has a double root of x′ at s = ½, where the parameter
    /// is the cube root of x − ½. The reference solves that analytically in extended precision.
    @Test("the corner (1, 0, 0, 1): x′ has a double root") func cubicInflection() throws {
        let f = try TimingFunction(controlPoints: 1, 0, 0, 1)
        let curve = f.prepared()
        func reference(_ x: Double) -> Double {
            let v = (Wide(x) - 0.5) / 4
            // Cube root by Newton in extended precision.
            var r: Wide = v == 0 ? 0 : (v < 0 ? -1 : 1) * 0.5
            if v != 0 { for _ in 0..<200 { r -= (r * r * r - v) / (3 * r * r) } }
            let s = 0.5 + r
            return Double(3 * (1 - s) * s * s + s * s * s)  // y1 = 0, y2 = 1
        }
        var xs = Self.probes
        var x = 0.5
        for _ in 0..<200 { x = x.nextUp; xs.append(x) }
        x = 0.5
        for _ in 0..<200 { x = x.nextDown; xs.append(x) }
        var worst = 0.0
        for x in xs { worst = max(worst, (curve.value(at: x) - reference(x)).magnitude) }
        #expect(worst <= 1e-7, "max error \(worst)")
    }
}

/// Properties of timing functions, with fixed seeds.
@Suite struct TimingFunctionProperties {
    static let unit = Gen.double(in: 0...1)

    @Test("y(x) is within 1e-7 of a bisection reference for random control points") func randomCurves() throws {
        try seededCheck(count: 400, seed: 21) { rng in
            let f = try TimingFunction(
                controlPoints: Float(Self.unit.draw(&rng)), Float(Gen.double(in: -1...2).draw(&rng)),
                Float(Self.unit.draw(&rng)), Float(Gen.double(in: -1...2).draw(&rng)))
            let curve = f.prepared()
            for _ in 0..<25 {
                let x = Self.unit.draw(&rng)
                let error = (curve.value(at: x) - wideBisection(f, x)).magnitude
                #expect(error <= 1e-7, "\(f) at \(x): error \(error)")
            }
        }
    }

    /// Custom curves are prepared into compact tables (Docs/semantics.md §8.4): within the certificate's 5e-8
    /// of the reference for random control points (y from -1 to 2), 200 x each.
    @Test("random custom curves within the compact table's 5e-8 of a bisection reference") func randomCompact() throws {
        try seededCheck(count: 150, seed: 23) { rng in
            let f = try TimingFunction(
                controlPoints: Float(Self.unit.draw(&rng)), Float(Gen.double(in: -1...2).draw(&rng)),
                Float(Self.unit.draw(&rng)), Float(Gen.double(in: -1...2).draw(&rng)))
            let curve = f.prepared()
            for _ in 0..<200 {
                let x = Self.unit.draw(&rng)
                let error = (curve.value(at: x) - wideBisection(f, x)).magnitude
                #expect(error <= 5e-8, "\(f) at \(x): error \(error)")
            }
        }
    }

    @Test("monotone curves give monotone output within [0, 1]") func monotone() throws {
        try seededCheck(count: 300, seed: 22) { rng in
            let f = try TimingFunction(
                controlPoints: Float(Self.unit.draw(&rng)), Float(Self.unit.draw(&rng)),
                Float(Self.unit.draw(&rng)), Float(Self.unit.draw(&rng)))
            let curve = f.prepared()
            var previous = 0.0
            for x in stride(from: 0.0, through: 1.0, by: 1.0 / 512) {
                let y = curve.value(at: x)
                #expect(y >= 0 && y <= 1)
                #expect(y >= previous - 1e-12, "\(f) decreases at \(x)")
                previous = y
            }
        }
    }
}

/// The batch evaluation (`values(at:into:)`, Docs/performance.md P1/P2): equal to `value(at:)` bit for bit,
/// and within the accuracy guarantee against the extended-precision reference, for ascending and shuffled
/// inputs including the ends and non-finite inputs.
@Suite struct TimingFunctionBatch {
    @Test("batch equals single bit for bit and stays within 1e-7 of the reference") func batchEqualsSingle() throws {
        try seededCheck(count: 60, seed: 71) { rng in
            let f = try TimingFunction(
                controlPoints: Float(Gen.double(in: 0...1).draw(&rng)), Float(Gen.double(in: -1...2).draw(&rng)),
                Float(Gen.double(in: 0...1).draw(&rng)), Float(Gen.double(in: -1...2).draw(&rng)))
            let curve = f.prepared()
            var xs = (0..<600).map { (Double($0) + 0.5) / 600 }
            xs += TimingFunctionAccuracy.probes + [-1, 0, 1, 2, .nan, .infinity, -.infinity]
            xs += (0..<200).map { _ in Gen.double(in: 0...1).draw(&rng) }  // shuffled order
            var ys = [Double](repeating: 42, count: xs.count)
            xs.withUnsafeBufferPointer { input in
                ys.withUnsafeMutableBufferPointer { output in curve.values(at: input, into: output) }
            }
            for (x, y) in zip(xs, ys) {
                #expect(y.bitPattern == curve.value(at: x).bitPattern, "\(f) at \(x)")
                if x.isFinite && x > 0 && x < 1 {
                    let error = (y - wideBisection(f, x)).magnitude
                    #expect(error <= 1e-7, "\(f) at \(x): error \(error)")
                }
            }
        }
    }

    @Test("the hard curves through the batch path", arguments: TimingFunctionAccuracy.hard)
    func hardCurvesBatch(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) throws {
        let f = try TimingFunction(controlPoints: Float(c1x), Float(c1y), Float(c2x), Float(c2y))
        let curve = f.prepared()
        let xs = TimingFunctionAccuracy.probes
        var ys = [Double](repeating: 0, count: xs.count)
        xs.withUnsafeBufferPointer { input in ys.withUnsafeMutableBufferPointer { curve.values(at: input, into: $0) } }
        var worst = 0.0
        for (x, y) in zip(xs, ys) { worst = max(worst, (y - wideBisection(f, x)).magnitude) }
        #expect(worst <= 1e-7, "max error \(worst)")
    }

    @Test("shorter output than input: only the common prefix is written") func shorterOutput() {
        let curve = TimingFunction.easeIn.prepared()
        let xs = [0.25, 0.5, 0.75]
        var ys = [Double](repeating: -1, count: 2)
        xs.withUnsafeBufferPointer { input in ys.withUnsafeMutableBufferPointer { curve.values(at: input, into: $0) } }
        #expect(ys == [curve.value(at: 0.25), curve.value(at: 0.5)])
    }

    @Test("a named curve's shared prepared evaluator gives the bits of a freshly prepared one")
    func sharedNamedCurves() throws {
        for function in [TimingFunction.easeIn, .easeOut, .easeInEaseOut, .default] {
            let shared = function.prepared(), fresh = PreparedTimingFunction(function)
            #expect(shared.function == function)
            for i in 0...2048 {
                let x = Double(i) / 2048
                #expect(shared.value(at: x).bitPattern == fresh.value(at: x).bitPattern, "\(function) at \(x)")
            }
            // A custom curve near a named one is not mistaken for it.
            let near = try TimingFunction(controlPoints: function.c1x, function.c1y, function.c2x, function.c2y.nextDown)
            #expect(near.prepared().function == near)
        }
    }
}
