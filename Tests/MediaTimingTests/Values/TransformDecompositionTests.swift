#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PropertyBased
import Testing

import MediaTiming

private func expectVector(
    _ v: Vector3, _ x: Double, _ y: Double, _ z: Double, tolerance: Double = 1e-15,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(v.x, x, tolerance: tolerance, "x", sourceLocation: sourceLocation)
    expectClose(v.y, y, tolerance: tolerance, "y", sourceLocation: sourceLocation)
    expectClose(v.z, z, tolerance: tolerance, "z", sourceLocation: sourceLocation)
}

private func expectQuaternion(
    _ q: Quaternion, _ x: Double, _ y: Double, _ z: Double, _ w: Double, tolerance: Double = 1e-15,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(q.x, x, tolerance: tolerance, "x", sourceLocation: sourceLocation)
    expectClose(q.y, y, tolerance: tolerance, "y", sourceLocation: sourceLocation)
    expectClose(q.z, z, tolerance: tolerance, "z", sourceLocation: sourceLocation)
    expectClose(q.w, w, tolerance: tolerance, "w", sourceLocation: sourceLocation)
}

/// CSS "decomposing a 3D matrix" and its inverse (Docs/semantics.md §10.5), against decompositions
/// worked out by hand.
@Suite struct TransformDecompositionTests {
    let sin15 = (6.0.squareRoot() - 2.0.squareRoot()) / 4
    let cos15 = (6.0.squareRoot() + 2.0.squareRoot()) / 4
    let half = 0.5.squareRoot()

    @Test("a rotation by 30° about z decomposes to the quaternion (0, 0, sin 15°, cos 15°)") func rotation30() throws {
        let d = try #require(Transform3D.Decomposed(decomposing: .rotation(angle: .pi / 6, x: 0, y: 0, z: 1)))
        expectQuaternion(d.rotation, 0, 0, sin15, cos15)
        expectVector(d.scale, 1, 1, 1)
        expectVector(d.skew, 0, 0, 0)
        expectVector(d.translation, 0, 0, 0)
        #expect(d.perspective == Vector4(x: 0, y: 0, z: 0, w: 1))
    }

    @Test("scale (2, 3, 4), then 90° about z, then translate (5, 6, 7)") func composite() throws {
        // S·R·T written out: row 1 = 2·(0, 1, 0), row 2 = 3·(−1, 0, 0), row 3 = 4·(0, 0, 1).
        let m = transform([[0, 2, 0, 0], [-3, 0, 0, 0], [0, 0, 4, 0], [5, 6, 7, 1]])
        let d = try #require(Transform3D.Decomposed(decomposing: m))
        expectVector(d.translation, 5, 6, 7, tolerance: 0)
        expectVector(d.scale, 2, 3, 4)
        expectVector(d.skew, 0, 0, 0)
        expectQuaternion(d.rotation, 0, 0, half, half)
        expectMatrix(d.recomposed(), m, tolerance: 1e-15)
    }

    @Test("a skew of the y row by 0.5 along x is skew.xy = 0.5") func skew() throws {
        let m = transform([[1, 0, 0, 0], [0.5, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
        let d = try #require(Transform3D.Decomposed(decomposing: m))
        expectVector(d.skew, 0.5, 0, 0)
        expectVector(d.scale, 1, 1, 1)
        expectQuaternion(d.rotation, 0, 0, 0, 1)
        expectMatrix(d.recomposed(), m, tolerance: 1e-15)
        // A z row leaning on x and y: skew.xz and skew.yz.
        let m2 = transform([[1, 0, 0, 0], [0, 1, 0, 0], [0.25, -0.75, 2, 0], [0, 0, 0, 1]])
        let d2 = try #require(Transform3D.Decomposed(decomposing: m2))
        expectVector(d2.scale, 1, 1, 2)
        expectVector(d2.skew, 0, 0.125, -0.375)
    }

    @Test("perspective m34 = −1/500 with a z translation: p = (0, 0, −0.002, 1 − 10·(−0.002))") func perspective() throws {
        let m = transform([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -0.002], [0, 0, 10, 1]])
        let d = try #require(Transform3D.Decomposed(decomposing: m))
        expectClose(d.perspective.z, -0.002, tolerance: 1e-18)
        expectClose(d.perspective.w, 1.02, tolerance: 1e-15)
        #expect(d.perspective.x == 0 && d.perspective.y == 0)
        expectVector(d.translation, 0, 0, 10, tolerance: 0)
        expectMatrix(d.recomposed(), m, tolerance: 1e-15)
    }

    @Test("the matrix is normalized by m44") func normalization() throws {
        let m = transform([[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0], [2, 4, 6, 2]])
        let d = try #require(Transform3D.Decomposed(decomposing: m))
        expectVector(d.translation, 1, 2, 3, tolerance: 0)
        expectVector(d.scale, 1, 1, 1, tolerance: 0)
        #expect(d.recomposed() == .translation(x: 1, y: 2, z: 3))
    }

    @Test("a mirror negates the three scales and turns half a turn about x") func mirror() throws {
        let d = try #require(Transform3D.Decomposed(decomposing: .scale(x: -1, y: 1, z: 1)))
        expectVector(d.scale, -1, -1, -1, tolerance: 0)
        expectQuaternion(d.rotation, 1, 0, 0, 0)
        expectMatrix(d.recomposed(), Transform3D.scale(x: -1, y: 1, z: 1), tolerance: 1e-15)
    }

    @Test("a half turn about (1, −1, 0) keeps the opposite signs of x and y") func halfTurn() throws {
        let m = Transform3D.rotation(angle: .pi, x: 1, y: -1, z: 0)
        let d = try #require(Transform3D.Decomposed(decomposing: m))
        // ±(1/√2, −1/√2, 0, 0); the four-square-roots formula would lose the minus sign.
        #expect(d.rotation.x * d.rotation.y < 0)
        expectClose(abs(d.rotation.x), half, tolerance: 1e-15)
        expectClose(abs(d.rotation.y), half, tolerance: 1e-15)
        expectMatrix(d.recomposed(), m, tolerance: 1e-15)
    }

    @Test("singular matrices, m44 = 0 and NaN do not decompose") func singular() {
        #expect(Transform3D.Decomposed(decomposing: .scale(x: 0, y: 1, z: 1)) == nil)
        #expect(Transform3D.Decomposed(decomposing: transform([[1, 2, 3, 0], [2, 4, 6, 0], [0, 0, 1, 0], [0, 0, 0, 1]])) == nil)
        var m44 = Transform3D.identity
        m44.m44 = 0
        #expect(Transform3D.Decomposed(decomposing: m44) == nil)
        var nan = Transform3D.identity
        nan.m42 = .nan
        #expect(Transform3D.Decomposed(decomposing: nan) == nil)
    }

    @Test("recompose ∘ decompose is the identity on random non-singular affine transforms (1e-12)")
    func roundTrip() throws {
        try seededCheck(count: 1000, seed: 2024) { rng in
            let m = randomAffine(&rng)
            let d = try #require(Transform3D.Decomposed(decomposing: m))
            expectMatrix(d.recomposed(), m, tolerance: 1e-12)
            expectClose(d.rotation.length, 1, tolerance: 1e-15)
            #expect(d.rotation.w >= 0)
        }
    }

    @Test("round trip with perspective terms") func roundTripPerspective() throws {
        try seededCheck(count: 300, seed: 77) { rng in
            var m = randomAffine(&rng)
            m.m14 = Gen.double(in: -0.01...0.01).draw(&rng)
            m.m24 = Gen.double(in: -0.01...0.01).draw(&rng)
            m.m34 = Gen.double(in: -0.01...0.01).draw(&rng)
            let d = try #require(Transform3D.Decomposed(decomposing: m))
            expectMatrix(d.recomposed(), m, tolerance: 1e-11)
        }
    }
}
