#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

import MediaTiming

/// Transform interpolation through the decomposition (Docs/semantics.md §10.5).
@Suite struct TransformInterpolationTests {
    let half = 0.5.squareRoot()

    @Test("progress 0 and 1 give the end matrices exactly; nearby progress is close to them") func endpoints() {
        seededCheck(count: 200, seed: 11) { rng in
            let a = randomAffine(&rng), b = randomAffine(&rng)
            #expect(Transform3D.interpolate(from: a, to: b, progress: 0) == a)
            #expect(Transform3D.interpolate(from: a, to: b, progress: 1) == b)
            expectMatrix(Transform3D.interpolate(from: a, to: b, progress: 1e-12), a, tolerance: 1e-8)
            expectMatrix(Transform3D.interpolate(from: a, to: b, progress: 1 - 1e-12), b, tolerance: 1e-8)
        }
    }

    @Test("halfway between 0 and 90° about z is 45°") func slerpHalfway() {
        let m = Transform3D.interpolate(
            from: .identity, to: .rotation(angle: .pi / 2, x: 0, y: 0, z: 1), progress: 0.5)
        expectMatrix(m, [[half, half, 0, 0], [-half, half, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]], tolerance: 1e-15)
        // A quarter of the way: 22.5°.
        let q = Transform3D.interpolate(
            from: .identity, to: .rotation(angle: .pi / 2, x: 0, y: 0, z: 1), progress: 0.25)
        expectMatrix(q, zRotationRows(.pi / 8), tolerance: 1e-15)
    }

    @Test("the rotation takes the shorter arc: 0 → 270° passes through −45°") func shortestPath() {
        let m = Transform3D.interpolate(
            from: .identity, to: .rotation(angle: 3 * .pi / 2, x: 0, y: 0, z: 1), progress: 0.5)
        expectMatrix(m, zRotationRows(-.pi / 4), tolerance: 1e-15)
    }

    @Test("translation and scale interpolate linearly") func linearParts() {
        // From the identity to scale 3 (x, y) then translate (10, 20): at 1/4, scale 1.5, translation (2.5, 5).
        let to = transform([[3, 0, 0, 0], [0, 3, 0, 0], [0, 0, 1, 0], [10, 20, 0, 1]])
        let m = Transform3D.interpolate(from: .identity, to: to, progress: 0.25)
        expectMatrix(m, [[1.5, 0, 0, 0], [0, 1.5, 0, 0], [0, 0, 1, 0], [2.5, 5, 0, 1]], tolerance: 1e-15)
        // Extrapolation past 1.
        let over = Transform3D.interpolate(from: .identity, to: to, progress: 1.5)
        expectMatrix(over, [[4, 0, 0, 0], [0, 4, 0, 0], [0, 0, 1, 0], [15, 30, 0, 1]], tolerance: 1e-14)
    }

    @Test("a matrix that cannot be decomposed interpolates discretely at 0.5") func discreteFallback() {
        let singular = Transform3D.scale(x: 0, y: 1, z: 1)
        let to = Transform3D.translation(x: 5, y: 0, z: 0)
        #expect(Transform3D.interpolate(from: singular, to: to, progress: 0.25) == singular)
        #expect(Transform3D.interpolate(from: singular, to: to, progress: 0.4999) == singular)
        #expect(Transform3D.interpolate(from: singular, to: to, progress: 0.5) == to)
        #expect(Transform3D.interpolate(from: to, to: singular, progress: 0.75) == singular)
        #expect(Transform3D.interpolate(from: to, to: singular, progress: -0.5) == to)
    }

    @Test("quaternion slerp: halfway along a half turn about z is a quarter turn") func quaternionSlerp() {
        let q = Quaternion.slerp(
            from: .identity, to: Quaternion(x: 0, y: 0, z: 1, w: 0), progress: 0.5)
        expectClose(q.x, 0, tolerance: 1e-16)
        expectClose(q.z, half, tolerance: 1e-15)
        expectClose(q.w, half, tolerance: 1e-15)
        // Equal inputs give the input back.
        let same = Quaternion(angle: 0.3, axisX: 1, axisY: 2, axisZ: 3)
        #expect(Quaternion.slerp(from: same, to: same, progress: 0.7) == same.normalized)
    }

    @Test("generic VectorValue code interpolates a decomposition by slerp, not component-wise") func genericDispatch() throws {
        func midpoint<V: VectorValue>(_ a: V, _ b: V) -> V { V.interpolate(from: a, to: b, progress: 0.5) }
        let a = Transform3D.Decomposed.identity
        let b = try #require(Transform3D.Decomposed(decomposing: .rotation(angle: .pi / 2, x: 0, y: 0, z: 1)))
        let mid = midpoint(a, b)
        // Component-wise would give (0, 0, 0.354, 0.854), of length 0.924.
        expectClose(mid.rotation.z, sin(.pi / 8), tolerance: 1e-15)
        expectClose(mid.rotation.w, cos(.pi / 8), tolerance: 1e-15)
    }

    @Test("decompositions are vectors: component-wise sum, scaling and distance") func decomposedVector() {
        let a = Transform3D.Decomposed(translation: Vector3(x: 1, y: 2, z: 3))
        let b = Transform3D.Decomposed(translation: Vector3(x: 4, y: 6, z: 3))
        expectClose(a.distance(to: b), 5, tolerance: 1e-15)
        let sum = a + b
        #expect(sum.translation == Vector3(x: 5, y: 8, z: 6) && sum.scale == Vector3(x: 2, y: 2, z: 2))
        #expect(sum.rotation == Quaternion(x: 0, y: 0, z: 0, w: 2))
        #expect((a - a) == .zero)
        #expect((a * 2).perspective == Vector4(x: 0, y: 0, z: 0, w: 2))
    }
}
