import Testing

import MediaTiming
import MediaTimingScene

/// Semantics §17 H10–H12: keyframes along a path (§11.6–§11.7).
@Suite struct PathKeyframeVectors {
    static func track(_ mode: CalculationMode) throws -> PathKeyframeTrack {
        try PathKeyframeTrack(path: try MeasuredPath(try Path(svgPathData: "M0,0 L100,0 L100,300")), calculationMode: mode)
    }

    @Test("H10: linear gives each element equal time") func h10() throws {
        let track = try Self.track(.linear)
        #expect(track.sample(at: 0.25).point == Point(x: 50, y: 0))
        #expect(track.sample(at: 0.75).point == Point(x: 100, y: 150))
    }

    @Test("H11: paced spreads time by arc length") func h11() throws {
        let track = try Self.track(.paced)
        #expect(track.schedule.keyTimes == [0, 0.25, 1])
        for (p, x, y) in [(0.1, 40.0, 0.0), (0.25, 100, 0), (0.5, 100, 100)] {
            let point = track.sample(at: p).point
            expectClose(point.x, x, tolerance: 1e-7)
            expectClose(point.y, y, tolerance: 1e-7)
        }
    }

    @Test("H12: rotationMode auto and autoReverse through the runtime") func h12() throws {
        for (mode, turn) in [(RotationMode.auto, 0.0), (.autoReverse, Double.pi)] {
            var runtime = try AnimationRuntime()
            let layer = try runtime.addLayer(named: "L")
            let move = Animation(
                timing: Timing(duration: 1),
                content: .property(PropertyAnimation(
                    keyPath: try AnimationKeyPath("position"),
                    values: .keyframes(KeyframeValues(path: try Path(svgPathData: "M0,0 L100,0 L100,300"), rotationMode: mode)))))
            try runtime.add(move, forKey: "move", to: layer, at: 0)
            try runtime.advance(to: 0.25)
            #expect(try runtime.presentationValue(of: try AnimationKeyPath("position"), layer: layer) == .point(Point(x: 50, y: 0)))
            expectClose(try scalar(runtime, "transform.rotation.z", layer), turn, tolerance: 1e-12)
            try runtime.advance(to: 0.75)
            expectClose(try scalar(runtime, "transform.rotation.z", layer), Double.pi / 2 + turn, tolerance: 1e-12)
        }
    }

    @Test("a path needs a point key path; a bad path is a typed error") func errors() throws {
        var runtime = try AnimationRuntime()
        let layer = try runtime.addLayer(named: "L")
        let onOpacity = Animation(
            content: .property(PropertyAnimation(
                keyPath: try AnimationKeyPath("opacity"), values: .keyframes(KeyframeValues(path: try Path(svgPathData: "M0,0 L1,1"))))))
        #expect(throws: RuntimeError.self) { try runtime.add(onOpacity, forKey: "a", to: layer, at: 0) }
        let onlyMoves = Animation(
            content: .property(PropertyAnimation(
                keyPath: try AnimationKeyPath("position"), values: .keyframes(KeyframeValues(path: try Path(svgPathData: "M0,0 M1,1"))))))
        #expect(throws: RuntimeError.animation(key: "b", AnimationError(path: "path", .path(.emptyPath)))) {
            try runtime.add(onlyMoves, forKey: "b", to: layer, at: 0)
        }
    }

    /// The Douyin album: a note flies from begin = (midX − 5, maxY) to end = (begin.x − 40, begin.y − 100) with
    /// control (begin.x − 20 − 60, begin.y − 50 + 60). With midX = 200, maxY = 400: M195,400 Q115,410 155,300.
    @Test("the Douyin album's note path through the scene format: on the curve, paced uniformly in distance") func seedNote() throws {
        let result = try runScene(#"""
            { "format": "mediatiming-scene/1", "layers": [ { "id": "note" } ],
              "script": [ { "at": 0, "add": { "layer": "note", "key": "fly", "animation":
                { "type": "keyframe", "keyPath": "position", "path": "M195,400 Q115,410 155,300",
                  "calculationMode": "paced", "timing": { "duration": 1 } } } } ],
              "sample": { "from": 0, "to": 0.99, "fps": 10 }, "probes": [ "note.position" ] }
            """#)
        let begin = (195.0, 400.0), control = (115.0, 410.0), end = (155.0, 300.0)
        var points: [(Double, Double)] = []
        for sample in result.samples {
            guard case let .numbers(xy) = sample.values[0].value else { Issue.record("not a point"); return }
            points.append((xy[0], xy[1]))
            // On the curve: the distance to the nearest curve point (grid search, then ternary refinement).
            func distance(_ u: Double) -> Double {
                let x = (1 - u) * (1 - u) * begin.0 + 2 * (1 - u) * u * control.0 + u * u * end.0
                let y = (1 - u) * (1 - u) * begin.1 + 2 * (1 - u) * u * control.1 + u * u * end.1
                return ((x - xy[0]) * (x - xy[0]) + (y - xy[1]) * (y - xy[1])).squareRoot()
            }
            var best = 0.0
            for k in 0...10_000 where distance(Double(k) / 10_000) < distance(best) { best = Double(k) / 10_000 }
            var lo = max(0, best - 1e-4), hi = min(1, best + 1e-4)
            for _ in 0..<200 {
                let a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3
                if distance(a) < distance(b) { hi = b } else { lo = a }
            }
            #expect(distance((lo + hi) / 2) < 1e-6, "sample \(xy) is off the curve")
        }
        // Uniform in distance: chord lengths between consecutive samples are nearly equal (they differ from
        // the arc by the curvature's second-order term only).
        let chords = zip(points, points.dropFirst()).map { a, b in ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot() }
        let mean = chords.reduce(0, +) / Double(chords.count)
        #expect(chords.allSatisfy { ($0 - mean).magnitude < 0.01 * mean }, "\(chords)")
    }
}

/// The code of the article "Paths and paced animation".
@Suite struct PathArticleExample {
    @Test("the Douyin album's note curve measured") func noteCurve() throws {
        let note = try Path(svgPathData: "M45,100 Q-35,110 5,0")
        let measured = try MeasuredPath(note)
        let total = measured.length
        // Independent: a fine polyline of the curve (error O(1/n²)).
        var polyline = 0.0
        var previous = (45.0, 100.0)
        let n = 200_000
        for k in 1...n {
            let u = Double(k) / Double(n)
            let p = ((1 - u) * (1 - u) * 45 + 2 * (1 - u) * u * -35 + u * u * 5, (1 - u) * (1 - u) * 100 + 2 * (1 - u) * u * 110 + u * u * 0)
            polyline += ((p.0 - previous.0) * (p.0 - previous.0) + (p.1 - previous.1) * (p.1 - previous.1)).squareRoot()
            previous = p
        }
        expectClose(total, polyline, tolerance: 1e-6)
        let halfway = measured.position(atDistance: total / 2)
        expectClose(halfway.distance, total / 2, tolerance: 1e-9 * total)
        let even = measured.uniformPositions(count: 5)
        #expect(even.count == 5 && even.first?.point == Point(x: 45, y: 100) && even.last?.point == Point(x: 5, y: 0))
    }
}
