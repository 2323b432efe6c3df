#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

import MediaTiming

/// `CATransform3D` layout, constructors and concatenation order (Docs/semantics.md §10.5), against
/// hand-written matrices.
@Suite struct Transform3DTests {
    let r3 = 3.0.squareRoot() / 2  // cos 30°

    @Test("translation and scale put their numbers in m41–m43 and on the diagonal") func makers() {
        expectMatrix(
            .translation(x: 1, y: 2, z: 3), [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [1, 2, 3, 1]], tolerance: 0)
        expectMatrix(.scale(x: 2, y: 3, z: 4), [[2, 0, 0, 0], [0, 3, 0, 0], [0, 0, 4, 0], [0, 0, 0, 1]], tolerance: 0)
        expectMatrix(.identity, identityRows, tolerance: 0)
    }

    @Test("a positive rotation about z has m12 = sin θ, m21 = −sin θ (CGAffineTransformMakeRotation)")
    func rotationSign() {
        expectMatrix(
            .rotation(angle: .pi / 6, x: 0, y: 0, z: 1),
            [[r3, 0.5, 0, 0], [-0.5, r3, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]], tolerance: 1e-15)
        // The x axis turns toward the y axis: (1, 0, 0)·M = (cos θ, sin θ, 0).
        let (x, y, _) = apply(.rotation(angle: .pi / 2, x: 0, y: 0, z: 5), 1, 0, 0)
        expectClose(x, 0, tolerance: 1e-15)
        expectClose(y, 1, tolerance: 1e-15)
    }

    @Test("rotations about x and y follow the right-hand rule in the row-vector form") func otherAxes() {
        // About x by 90°: y → z, so row 2 is (0, 0, 1).
        expectMatrix(
            .rotation(angle: .pi / 2, x: 1, y: 0, z: 0),
            [[1, 0, 0, 0], [0, 0, 1, 0], [0, -1, 0, 0], [0, 0, 0, 1]], tolerance: 1e-15)
        // About y by 90°: z → x, so row 3 is (1, 0, 0) and row 1 is (0, 0, −1).
        expectMatrix(
            .rotation(angle: .pi / 2, x: 0, y: 1, z: 0),
            [[0, 0, -1, 0], [0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1]], tolerance: 1e-15)
    }

    @Test("120° about (1, 1, 1) permutes the axes x → y → z → x; the axis is normalized") func diagonalAxis() {
        let expected: Rows = [[0, 1, 0, 0], [0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 1]]
        expectMatrix(.rotation(angle: 2 * .pi / 3, x: 1, y: 1, z: 1), expected, tolerance: 1e-15)
        expectMatrix(.rotation(angle: 2 * .pi / 3, x: 2, y: 2, z: 2), expected, tolerance: 1e-15)
    }

    @Test("a zero or non-finite axis gives the identity") func zeroAxis() {
        #expect(Transform3D.rotation(angle: 1, x: 0, y: 0, z: 0) == .identity)
        #expect(Transform3D.rotation(angle: 1, x: .nan, y: 0, z: 1) == .identity)
    }

    @Test("Concat(translate, rotate) translates first; Concat(rotate, translate) rotates first") func concatOrder() {
        let t = Transform3D.translation(x: 10, y: 0, z: 0)
        let r = Transform3D.rotation(angle: .pi / 2, x: 0, y: 0, z: 1)
        // Origin → (10, 0) → rotated by 90° → (0, 10).
        let tr = t.concatenating(r)
        expectClose(tr.m41, 0, tolerance: 1e-14)
        expectClose(tr.m42, 10, tolerance: 1e-14)
        // Origin stays → then (10, 0).
        let rt = r.concatenating(t)
        #expect(rt.m41 == 10 && rt.m42 == 0)
    }

    @Test("concatenation equals the textbook product on random matrices") func concatProduct() {
        seededCheck(count: 100, seed: 7) { rng in
            let a = randomAffine(&rng), b = randomAffine(&rng)
            var c = randomAffine(&rng)
            c.m14 = 0.01
            c.m34 = -0.002
            expectMatrix(a.concatenating(b), product(rows(a), rows(b)), tolerance: 1e-9)
            expectMatrix(c.concatenating(a), product(rows(c), rows(a)), tolerance: 1e-9)
        }
    }

    @Test("isIdentity and isAffine follow CATransform3DIsIdentity / IsAffine") func predicates() {
        #expect(Transform3D.identity.isIdentity)
        var nearly = Transform3D.identity
        nearly.m43 = 1e-300
        #expect(!nearly.isIdentity)
        #expect(Transform3D.translation(x: 1, y: 2, z: 0).isAffine)
        #expect(Transform3D.rotation(angle: 0.3, x: 0, y: 0, z: 1).isAffine)
        #expect(Transform3D.scale(x: 2, y: 3, z: 1).isAffine)
        #expect(!Transform3D.scale(x: 1, y: 1, z: 2).isAffine)
        #expect(!Transform3D.translation(x: 0, y: 0, z: 1).isAffine)
        #expect(!Transform3D.rotation(angle: 0.3, x: 1, y: 0, z: 0).isAffine)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        #expect(!perspective.isAffine && !perspective.isIdentity)
    }

    @Test("sixteen numbers are read row-major; other counts and NaN are typed errors") func rowMajor() throws {
        let m = try Transform3D(rowMajor: (1...16).map(Double.init))
        #expect(m.m11 == 1 && m.m14 == 4 && m.m21 == 5 && m.m34 == 12 && m.m41 == 13 && m.m44 == 16)
        #expect(m.rowMajor == (1...16).map(Double.init))
        #expect(throws: ValueError.wrongComponentCount(.transform, expected: 16, got: 15)) {
            try Transform3D(rowMajor: (1...15).map(Double.init))
        }
        var numbers = (1...16).map(Double.init)
        numbers[5] = .nan
        #expect(throws: ValueError.nonFiniteComponent(.transform, index: 5, .notANumber)) {
            try Transform3D(rowMajor: numbers)
        }
    }

    @Test("the inverse multiplies to the identity; singular matrices have none") func inverse() throws {
        let t = try #require(Transform3D.translation(x: 1, y: 2, z: 3).inverted())
        #expect(t == .translation(x: -1, y: -2, z: -3))
        #expect(Transform3D.scale(x: 0, y: 1, z: 1).inverted() == nil)
        try seededCheck(count: 100, seed: 8) { rng in
            var m = randomAffine(&rng)
            m.m24 = 0.003
            let inverse = try #require(m.inverted())
            expectMatrix(m.concatenating(inverse), identityRows, tolerance: 1e-10)
            expectMatrix(transform(product(rows(inverse), rows(m))), identityRows, tolerance: 1e-10)
        }
    }

    @Test("powers: 0 is the identity, negative powers invert, large powers are exact for translations")
    func powers() throws {
        let r = Transform3D.rotation(angle: .pi / 6, x: 0, y: 0, z: 1)
        expectMatrix(try #require(r.power(3)), zRotationRows(.pi / 2), tolerance: 1e-15)
        expectMatrix(try #require(r.power(-3)), zRotationRows(-.pi / 2), tolerance: 1e-15)
        #expect(r.power(0) == .identity)
        let t = Transform3D.translation(x: 1, y: 0, z: 0)
        #expect(t.power(1_000_000)?.m41 == 1_000_000)
        #expect(t.power(-2) == .translation(x: -2, y: 0, z: 0))
        #expect(Transform3D.scale(x: 0, y: 1, z: 1).power(-1) == nil)
    }
}
