import Testing

import DiscPlayer
import MediaTiming

/// Inputs found by the fuzz targets (Fuzz/README.md), kept as regression tests; and the hostile-input
/// policy's typed errors (Docs/hostile-input.md).
@Suite struct FuzzRegression {
    /// Fuzz/FuzzTiming, crash-bba0219b: the default curve's rounded sample exceeded 1 just below x = 1.
    @Test("a timing function with y control points in [0, 1] never leaves [0, 1]") func progressInUnitInterval() throws {
        let f = PreparedTimingFunction(.default)
        let y = f.value(at: 0.9999999999999896)
        #expect(y >= 0 && y <= 1)
        // Around the terminal unit time, in steps of a few ulps.
        for x in stride(from: 0.999999999999, through: 1.0, by: 1e-15) {
            let v = f.value(at: x)
            #expect(v >= 0 && v <= 1, "TF(\(x)) = \(v)")
        }
    }

    /// Fuzz/FuzzTimingFunction, crash-d6512173: x1 a subnormal Float (9.1e-41), x2 = 0, so x(s) ≈ s³ with
    /// x'(0) ≈ 3e-40. The compact table's first cell had a parameter guess with slopes of order 1e38 and
    /// 1e76, so the bracket read back from its coefficients was garbage and every x in (0, 1/32) gave 1.
    /// The guess's slopes are capped at three times the cell's secant and the bracket is stored. y(x) is
    /// then within 5e-8 of the reference (the compact table's certificate).
    @Test("a subnormal first control point: the first cell's parameter guess stays in its bracket")
    func subnormalFirstSlope() throws {
        let f = try TimingFunction(controlPoints: Float(bitPattern: 0x0000_ff00), Float(bitPattern: 0x1000_2f00), 0, 0)
        let curve = f.prepared()
        // The subnormal x by its bits (2.53e-321): the decimal literal is not exact.
        for x in [Double(bitPattern: 0x200), 1e-300, 1e-100, 1e-20, 1e-10, 1e-3, 0.01, 0.03, 0.125, 0.5] {
            let y = curve.value(at: x)
            #expect((y - wideBisection(f, x)).magnitude <= 5e-8, "TF(\(x)) = \(y)")
        }
    }

    @Test("an overshooting curve stays inside its control polygon's y range") func overshootBounded() throws {
        let f = PreparedTimingFunction(try TimingFunction(controlPoints: 0.3, -1.5, 0.7, 2.5))
        for k in 0...1000 {
            let v = f.value(at: Double(k) / 1000)
            #expect(v >= -1.5 && v <= 2.5)
        }
    }

    /// Fuzz/FuzzPath, crash-eedf29ac: a quadratic from a subnormal-x point back to its own end had a NaN
    /// length (asinh(±∞) times a rounding-noise c²).
    @Test("a degenerate quadratic with subnormal coordinates has a finite length") func subnormalQuadratic() throws {
        var path = Path()
        // The subnormal coordinates by their bits (1.35675105885e-312 and 1.7572899066e-314): the decimal
        // literals are not exact.
        try path.move(to: Point(x: Double(bitPattern: 0x3f_f000_0000), y: 3.461252668341273e-152))
        try path.addQuadCurve(to: Point(x: 0, y: 0), control: Point(x: Double(bitPattern: 0xd400_6000), y: 0))
        let measured = try MeasuredPath(path)
        #expect(measured.length.isFinite && measured.length >= 0)
        let samples = measured.uniformPositions(count: 9)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.distance <= $1.distance })
    }

    /// Fuzz/FuzzPlayer, crash-951ee6c0: resuming at speed 6.2e26 lost the paused time (281.5 → 0) because
    /// `P / speed` vanished below an ulp of the superlayer time.
    @Test("resume at a huge speed keeps the paused time") func resumeHugeSpeed() throws {
        var tree = LayerTree()
        let layer = try tree.addLayer(named: "L", timeSpace: TimeSpace(beginTime: 0, speed: 0, timeOffset: 281.5))
        try tree.pause(layer, atMediaTime: 111)
        try tree.resume(layer, atMediaTime: 119, speed: 6.2380565e+26)
        #expect(try tree.localTime(of: layer, atMediaTime: 119) == 281.5)
        for speed: Float in [-3, 0.5, 7, 1e-20, 3e38] {
            var t = LayerTree()
            let l = try t.addLayer(named: "L", timeSpace: TimeSpace(beginTime: 4, speed: 2, timeOffset: 1))
            try t.pause(l, atMediaTime: 10)
            let paused = try t.localTime(of: l, atMediaTime: 10)
            try t.resume(l, atMediaTime: 25, speed: speed)
            #expect(try t.localTime(of: l, atMediaTime: 25) == paused)
        }
    }

    @Test("disc readings with a bad disc index throw noSuchDisc") func noSuchDisc() throws {
        let player = try DiscPlayer(playlist: [Track(title: "t", artist: "a", artwork: "w")])
        for disc in [-1, 2, Int.max, Int.min] {
            #expect(throws: DiscPlayerError.noSuchDisc(disc)) { try player.angle(ofDisc: disc) }
            #expect(throws: DiscPlayerError.noSuchDisc(disc)) { try player.opacity(ofDisc: disc) }
            #expect(throws: DiscPlayerError.noSuchDisc(disc)) { try player.translation(ofDisc: disc) }
        }
        #expect(try player.opacity(ofDisc: 0) == 1)
    }

    @Test("simulate with a hostile frame rate or end throws invalidSampling") func simulateHostile() throws {
        let playlist = [Track(title: "t", artist: "a", artwork: "w")]
        for (until, fps) in [(Double.nan, 60.0), (1, .infinity), (1, 0), (1, -60), (1e300, 60), (1e7, 1000)] {
            // Matched by pattern: NaN payloads never compare equal.
            let error = #expect(throws: DiscPlayerError.self) {
                try DiscPlayer.simulate(playlist: playlist, script: [], until: until, fps: fps)
            }
            guard case let .invalidSampling(_, _, limit)? = error else {
                Issue.record("expected invalidSampling for until \(until), fps \(fps), got \(String(describing: error))")
                continue
            }
            #expect(limit == DiscPlayer.maximumFrameCount)
        }
        #expect(try DiscPlayer.simulate(playlist: playlist, script: [], until: 1, fps: 10).frames.count == 11)
    }
}
