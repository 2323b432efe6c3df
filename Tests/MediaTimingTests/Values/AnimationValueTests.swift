import Testing

import MediaTiming

/// Animation values: interpolation, additive and cumulative composition, paced distance, validation
/// (Docs/semantics.md §10, §11.4, §10.5).
@Suite struct AnimationValueTests {
    @Test("vector kinds interpolate component-wise, also beyond [0, 1]") func interpolate() throws {
        #expect(try AnimationValue.interpolate(from: .scalar(10), to: .scalar(20), progress: 0.25) == .scalar(12.5))
        #expect(
            try AnimationValue.interpolate(
                from: .point(Point(x: 0, y: 10)), to: .point(Point(x: 4, y: 2)), progress: 0.75)
                == .point(Point(x: 3, y: 4)))
        #expect(
            try AnimationValue.interpolate(
                from: .color(Color(red: 0, green: 1, blue: 0.5, alpha: 1)),
                to: .color(Color(red: 1, green: 0, blue: 0.5, alpha: 0)), progress: 0.5)
                == .color(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)))
        #expect(
            try AnimationValue.interpolate(
                from: .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                to: .rect(Rect(x: 10, y: 20, width: 20, height: 0)), progress: 1.5)
                == .rect(Rect(x: 15, y: 30, width: 25, height: -5)))
        #expect(
            try AnimationValue.interpolate(
                from: .size(Size(width: 1, height: 2)), to: .size(Size(width: 3, height: 6)), progress: -0.5)
                == .size(Size(width: 0, height: 0)))
    }

    @Test("transforms interpolate through the decomposition") func interpolateTransform() throws {
        let v = try AnimationValue.interpolate(
            from: .transform(.identity), to: .transform(.translation(x: 8, y: 0, z: 0)), progress: 0.25)
        #expect(v == .transform(.translation(x: 2, y: 0, z: 0)))
    }

    @Test("interpolating different kinds, or at a NaN progress, is a typed error") func interpolateErrors() {
        #expect(throws: ValueError.kindMismatch(expected: .scalar, got: .point)) {
            try AnimationValue.interpolate(from: .scalar(1), to: .point(.zero), progress: 0.5)
        }
        #expect(throws: ValueError.nonFiniteArgument(.progress, .notANumber)) {
            try AnimationValue.interpolate(from: .scalar(1), to: .scalar(2), progress: .nan)
        }
        #expect(throws: ValueError.nonFiniteArgument(.progress, .positiveInfinity)) {
            try AnimationValue.interpolate(from: .scalar(1), to: .scalar(2), progress: .infinity)
        }
    }

    @Test("NaN and infinite components are rejected, naming kind and component") func validation() {
        #expect(throws: ValueError.nonFiniteComponent(.color, index: 3, .notANumber)) {
            try AnimationValue.color(Color(red: 0, green: 0, blue: 0, alpha: .nan)).validate()
        }
        #expect(throws: ValueError.nonFiniteComponent(.point, index: 0, .positiveInfinity)) {
            try AnimationValue.point(Point(x: .infinity, y: 0)).validate()
        }
        #expect(throws: ValueError.nonFiniteComponent(.rect, index: 2, .negativeInfinity)) {
            try AnimationValue.interpolate(
                from: .rect(.zero), to: .rect(Rect(x: 0, y: 0, width: -.infinity, height: 0)), progress: 0.5)
        }
        var m = Transform3D.identity
        m.m43 = .nan
        #expect(throws: ValueError.nonFiniteComponent(.transform, index: 14, .notANumber)) {
            try AnimationValue.transform(m).adding(.transform(.identity))
        }
        #expect(throws: ValueError.nonFiniteComponent(.scalar, index: 0, .notANumber)) {
            try AnimationValue.scalar(.nan).distance(to: .scalar(0))
        }
    }

    @Test("values are built from the scene format's numbers") func fromNumbers() throws {
        #expect(try AnimationValue(kind: .rect, components: [1, 2, 3, 4]) == .rect(Rect(x: 1, y: 2, width: 3, height: 4)))
        #expect(try AnimationValue(kind: .scalar, components: [5]) == .scalar(5))
        #expect(
            try AnimationValue(kind: .color, components: [0.1, 0.2, 0.3, 0.4])
                == .color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)))
        let numbers = (1...16).map { Double($0) / 4 }
        let t = try AnimationValue(kind: .transform, components: numbers)
        #expect(t.components == numbers)
        #expect(throws: ValueError.wrongComponentCount(.color, expected: 4, got: 3)) {
            try AnimationValue(kind: .color, components: [1, 2, 3])
        }
        #expect(throws: ValueError.nonFiniteComponent(.size, index: 1, .notANumber)) {
            try AnimationValue(kind: .size, components: [1, .nan])
        }
    }

    @Test("adding is component-wise for vectors") func addVectors() throws {
        #expect(try AnimationValue.point(Point(x: 1, y: 2)).adding(.point(Point(x: 10, y: 20))) == .point(Point(x: 11, y: 22)))
        #expect(try AnimationValue.scalar(0.5).adding(.scalar(0.25)) == .scalar(0.75))
        #expect(throws: ValueError.kindMismatch(expected: .size, got: .point)) {
            try AnimationValue.size(.zero).adding(.point(.zero))
        }
    }

    @Test("additive transforms concatenate as Concat(animation, running) (U17)") func addTransforms() throws {
        // Running: non-uniform scale (2, 1). Animation: 90° about z. R·S by hand: row 1 = (0, 1, 0)·S = (0, 1, 0),
        // row 2 = (−1, 0, 0)·S = (−2, 0, 0). (S·R would give row 1 = (0, 2, 0).)
        let v = try AnimationValue.transform(.scale(x: 2, y: 1, z: 1))
            .adding(.transform(.rotation(angle: .pi / 2, x: 0, y: 0, z: 1)))
        guard case let .transform(m) = v else {
            Issue.record("not a transform")
            return
        }
        expectMatrix(m, [[0, 1, 0, 0], [-2, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]], tolerance: 1e-15)
    }

    @Test("subtracting inverts adding; a singular transform cannot be subtracted") func subtract() throws {
        #expect(try AnimationValue.scalar(5).subtracting(.scalar(2)) == .scalar(3))
        let t = AnimationValue.transform(.translation(x: 3, y: 0, z: 0))
        #expect(try t.subtracting(.transform(.translation(x: 1, y: 0, z: 0))) == .transform(.translation(x: 2, y: 0, z: 0)))
        try seededCheck(count: 50, seed: 3) { rng in
            let a = AnimationValue.transform(randomAffine(&rng)), b = AnimationValue.transform(randomAffine(&rng))
            guard case let .transform(back) = try a.subtracting(b).adding(b), case let .transform(original) = a else {
                Issue.record("not a transform")
                return
            }
            expectMatrix(back, original, tolerance: 1e-9)
        }
        #expect(throws: ValueError.notInvertible) {
            try t.subtracting(.transform(.scale(x: 0, y: 1, z: 1)))
        }
    }

    @Test("scaling multiplies vector components; transforms cannot be scaled") func scaled() throws {
        #expect(try AnimationValue.point(Point(x: 1, y: 2)).scaled(by: 3) == .point(Point(x: 3, y: 6)))
        #expect(throws: ValueError.unsupportedOperation(.scaling, .transform)) {
            try AnimationValue.transform(.identity).scaled(by: 2)
        }
        #expect(throws: ValueError.nonFiniteArgument(.factor, .notANumber)) {
            try AnimationValue.scalar(1).scaled(by: .nan)
        }
    }

    @Test("cumulative i·V(1) + V(p): F5, from 1 to 2, d = 30, read at 95 → 3·2 + 7/6") func cumulativeScalar() throws {
        // At 95 s: iteration 3, 5 s into it, p = 1/6.
        let vp = try AnimationValue.interpolate(from: .scalar(1), to: .scalar(2), progress: 5.0 / 30)
        expectClose(scalar(try vp.accumulated(.scalar(2), iteration: 3)), 6 + 7.0 / 6, tolerance: 1e-14)
        #expect(try AnimationValue.point(Point(x: 1, y: 1)).accumulated(.point(Point(x: 10, y: 0)), iteration: 2)
            == .point(Point(x: 21, y: 1)))
        #expect(try AnimationValue.scalar(0.25).accumulated(.scalar(9), iteration: 0) == .scalar(0.25))
        #expect(try AnimationValue.scalar(0.25).accumulated(.scalar(1), iteration: -2) == .scalar(-1.75))
    }

    @Test("cumulative transforms: Concat(V(p), V(1)ⁱ)") func cumulativeTransform() throws {
        // 30° + 2 × 90° = 210°.
        let r = try AnimationValue.transform(.rotation(angle: .pi / 6, x: 0, y: 0, z: 1))
            .accumulated(.transform(.rotation(angle: .pi / 2, x: 0, y: 0, z: 1)), iteration: 2)
        guard case let .transform(m) = r else {
            Issue.record("not a transform")
            return
        }
        expectMatrix(m, [[-3.0.squareRoot() / 2, -0.5, 0, 0], [0.5, -3.0.squareRoot() / 2, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]],
                     tolerance: 1e-15)
        #expect(try AnimationValue.transform(.translation(x: 3, y: 0, z: 0))
            .accumulated(.transform(.translation(x: 10, y: 0, z: 0)), iteration: 4) == .transform(.translation(x: 43, y: 0, z: 0)))
        #expect(try AnimationValue.transform(.translation(x: 3, y: 0, z: 0))
            .accumulated(.transform(.translation(x: 10, y: 0, z: 0)), iteration: -1) == .transform(.translation(x: -7, y: 0, z: 0)))
        // Order: V(p) = 90° about z applies first, then V(1) = translate (10, 0): the origin ends at (10, 0).
        guard case let .transform(o) = try AnimationValue.transform(.rotation(angle: .pi / 2, x: 0, y: 0, z: 1))
            .accumulated(.transform(.translation(x: 10, y: 0, z: 0)), iteration: 1)
        else {
            Issue.record("not a transform")
            return
        }
        #expect(o.m41 == 10 && o.m42 == 0)
        #expect(throws: ValueError.notInvertible) {
            try AnimationValue.transform(.identity).accumulated(.transform(.scale(x: 0, y: 1, z: 1)), iteration: -1)
        }
    }

    @Test("paced distances are Euclidean over the components") func distances() throws {
        #expect(try AnimationValue.scalar(3).distance(to: .scalar(7)) == 4)
        #expect(try AnimationValue.point(.zero).distance(to: .point(Point(x: 3, y: 4))) == 5)
        #expect(try AnimationValue.size(Size(width: 1, height: 1)).distance(to: .size(Size(width: 4, height: 5))) == 5)
        #expect(try AnimationValue.rect(.zero).distance(to: .rect(Rect(x: 1, y: 1, width: 1, height: 1))) == 2)
        #expect(try AnimationValue.color(.clear).distance(to: .color(Color(red: 1, green: 1, blue: 1, alpha: 1))) == 2)
        #expect(try AnimationValue.transform(.identity).distance(to: .transform(.translation(x: 3, y: 4, z: 0))) == 5)
        expectClose(
            try AnimationValue.transform(.identity).distance(to: .transform(.scale(x: 2, y: 2, z: 2))),
            3.0.squareRoot(), tolerance: 1e-15)
        // No intermediate overflow: squares of 1e200 would overflow.
        expectClose(
            try AnimationValue.point(Point(x: 1e200, y: 0)).distance(to: .point(Point(x: 0, y: 1e200))) / 1e200,
            2.0.squareRoot(), tolerance: 1e-15)
        #expect(throws: ValueError.kindMismatch(expected: .rect, got: .color)) {
            try AnimationValue.rect(.zero).distance(to: .color(.clear))
        }
    }

    @Test("results beyond the range of Double are overflow errors") func overflow() {
        #expect(throws: ValueError.overflow(.addition)) {
            try AnimationValue.scalar(1e308).adding(.scalar(1e308))
        }
        #expect(throws: ValueError.overflow(.interpolation)) {
            try AnimationValue.interpolate(from: .scalar(-1e308), to: .scalar(1e308), progress: 0.5)
        }
        #expect(throws: ValueError.overflow(.distance)) {
            try AnimationValue.scalar(-1e308).distance(to: .scalar(1e308))
        }
        #expect(throws: ValueError.overflow(.accumulation)) {
            try AnimationValue.scalar(1).accumulated(.scalar(1e300), iteration: Int.max)
        }
    }
}
