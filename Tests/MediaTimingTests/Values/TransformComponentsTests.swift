#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PropertyBased
import Testing

import MediaTiming

/// Transform components and Euler angles (Docs/semantics.md §10.5).
@Suite struct TransformComponentsTests {
    @Test("Euler angles rotate about x first, then z: (90°, 0, 90°) sends x → y → z → x") func eulerOrder() {
        let c = TransformComponents(rotation: Vector3(x: .pi / 2, y: 0, z: .pi / 2))
        // Rx(90°)·Rz(90°) by hand: (1,0,0) stays under Rx, then goes to (0,1,0); (0,1,0) → (0,0,1) → (0,0,1);
        // (0,0,1) → (0,−1,0) → (1,0,0).
        expectMatrix(c.matrix, [[0, 1, 0, 0], [0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 1]], tolerance: 1e-15)
    }

    @Test("reading the angles back from that matrix gives (90°, 0, 90°)") func eulerRead() throws {
        let c = try TransformComponents(decomposing: .rotation(angle: 2 * .pi / 3, x: 1, y: 1, z: 1))
        expectClose(c.rotation.x, .pi / 2, tolerance: 1e-15)
        expectClose(c.rotation.y, 0, tolerance: 1e-15)
        expectClose(c.rotation.z, .pi / 2, tolerance: 1e-15)
    }

    @Test("a pure z rotation reads as rotation.z alone") func pureZ() throws {
        let c = try TransformComponents(decomposing: .rotation(angle: -2.5, x: 0, y: 0, z: 1))
        #expect(c.rotation.x == 0 && c.rotation.y == 0)
        expectClose(c.rotation.z, -2.5, tolerance: 1e-15)
    }

    @Test("at gimbal lock (y = 90°) the x angle is 0 and z carries the difference") func gimbalLock() throws {
        // Rx(a)·Ry(90°)·Rz(b) depends only on a − b; with a − b = 0.4 the rows are, by hand:
        let (sine, cosine) = (sin(0.4), cos(0.4))
        let rows: Rows = [[0, 0, -1, 0], [sine, cosine, 0, 0], [cosine, -sine, 0, 0], [0, 0, 0, 1]]
        let m = transform(rows)
        let c = try TransformComponents(decomposing: m)
        #expect(c.rotation.x == 0)
        expectClose(c.rotation.y, .pi / 2, tolerance: 1e-15)
        expectClose(c.rotation.z, -0.4, tolerance: 1e-15)
        expectMatrix(c.matrix, m, tolerance: 1e-15)
    }

    @Test("components recompose the matrix they were read from, near gimbal lock too") func roundTrip() throws {
        try seededCheck(count: 1000, seed: 99) { rng in
            let m = randomAffine(&rng)
            let c = try TransformComponents(decomposing: m)
            expectMatrix(c.matrix, m, tolerance: 1e-12)
        }
        let pitches: [Double] = [.pi / 2, -.pi / 2, .pi / 2 - 1e-9, .pi / 2 - 1e-5, -.pi / 2 + 1e-7]
        for pitch in pitches {
            let c = TransformComponents(rotation: Vector3(x: 0.3, y: pitch, z: 0.7))
            let read = try TransformComponents(decomposing: c.matrix)
            expectMatrix(read.matrix, c.matrix, tolerance: 1e-14, "pitch \(pitch)")
        }
    }

    @Test("Euler angles survive a quaternion round trip") func quaternionEuler() {
        seededCheck(count: 500, seed: 5) { rng in
            let angles = Vector3(
                x: Gen.double(in: -3.1...3.1).draw(&rng), y: Gen.double(in: -1.5...1.5).draw(&rng),
                z: Gen.double(in: -3.1...3.1).draw(&rng))
            let back = Quaternion(eulerAngles: angles).eulerAngles
            expectClose(back.x, angles.x, tolerance: 1e-12)
            expectClose(back.y, angles.y, tolerance: 1e-12)
            expectClose(back.z, angles.z, tolerance: 1e-12)
        }
    }

    @Test("the uniform scale reads the average of the three factors and writes all three") func uniformScale() {
        var c = TransformComponents(scale: Vector3(x: 1, y: 2, z: 6))
        #expect(c.uniformScale == 3)
        c.uniformScale = 0.5
        #expect(c.scale == Vector3(x: 0.5, y: 0.5, z: 0.5))
    }

    @Test("a matrix that cannot be decomposed has no components") func notDecomposable() {
        #expect(throws: ValueError.notDecomposable) {
            try TransformComponents(decomposing: .scale(x: 0, y: 0, z: 1))
        }
    }
}
