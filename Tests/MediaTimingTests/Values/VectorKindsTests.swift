import Testing

import MediaTiming

/// The component-wise vector types (Docs/semantics.md §10.1, §11.4), against hand arithmetic.
@Suite struct VectorKindsTests {
    @Test("Size, Rect and Color add, subtract and scale component-wise") func arithmetic() {
        #expect(Size(width: 1, height: 2) + Size(width: 10, height: 20) == Size(width: 11, height: 22))
        #expect(Size(width: 1, height: 2) - Size(width: 10, height: 20) == Size(width: -9, height: -18))
        #expect(Size(width: 1, height: 2) * 3 == Size(width: 3, height: 6))
        let r = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(r + r == Rect(x: 2, y: 4, width: 6, height: 8))
        #expect(r - Rect(x: 1, y: 1, width: 1, height: 1) == Rect(x: 0, y: 1, width: 2, height: 3))
        #expect(r * -1 == Rect(x: -1, y: -2, width: -3, height: -4))
        #expect(r.origin == Point(x: 1, y: 2) && r.size == Size(width: 3, height: 4))
        let c = Color(red: 0.5, green: 0.25, blue: 1, alpha: 0)
        #expect(c + c == Color(red: 1, green: 0.5, blue: 2, alpha: 0))
        #expect(c - c == .zero)
        #expect(c * 2 == Color(red: 1, green: 0.5, blue: 2, alpha: 0))
        #expect(Vector3(x: 1, y: 2, z: 3) * 2 - Vector3(x: 1, y: 1, z: 1) == Vector3(x: 1, y: 3, z: 5))
        #expect(Vector4(x: 1, y: 2, z: 3, w: 4) + .zero == Vector4(x: 1, y: 2, z: 3, w: 4))
    }

    @Test("interpolation is from + (to − from)·progress per component") func interpolation() {
        #expect(
            Rect.interpolate(
                from: Rect(x: 0, y: 0, width: 0, height: 0), to: Rect(x: 2, y: 4, width: 6, height: 8), progress: 0.5)
                == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(
            Color.interpolate(from: .clear, to: Color(red: 1, green: 1, blue: 1, alpha: 1), progress: 0.25)
                == Color(red: 0.25, green: 0.25, blue: 0.25, alpha: 0.25))
    }

    @Test("distances are Euclidean over the components") func distances() {
        #expect(Point(x: 1, y: 1).distance(to: Point(x: 4, y: 5)) == 5)
        #expect(Size(width: 0, height: 0).distance(to: Size(width: 5, height: 12)) == 13)
        #expect(Rect(x: 0, y: 0, width: 0, height: 0).distance(to: Rect(x: 1, y: 1, width: 1, height: 1)) == 2)
        #expect(Color.clear.distance(to: Color(red: 0, green: 0, blue: 3, alpha: 4)) == 5)
        #expect(Vector3(x: 1, y: 2, z: 2).length == 3)
        #expect(Vector4.zero.distance(to: Vector4(x: 1, y: 1, z: 1, w: 1)) == 2)
    }

    @Test("dot and cross products") func products() {
        let a = Vector3(x: 1, y: 2, z: 3), b = Vector3(x: 4, y: 5, z: 6)
        #expect(a.dot(b) == 32)
        #expect(a.cross(b) == Vector3(x: -3, y: 6, z: -3))
        #expect(Vector3(x: 1, y: 0, z: 0).cross(Vector3(x: 0, y: 1, z: 0)) == Vector3(x: 0, y: 0, z: 1))
    }

    @Test("a quaternion from an angle and an axis is (sin(θ/2)·axis, cos(θ/2))") func quaternionAxisAngle() {
        let q = Quaternion(angle: .pi / 3, axisX: 0, axisY: 0, axisZ: 2)
        expectClose(q.z, 0.5, tolerance: 1e-15)
        expectClose(q.w, 3.0.squareRoot() / 2, tolerance: 1e-15)
        #expect(q.x == 0 && q.y == 0)
        #expect(Quaternion(angle: 1, axisX: 0, axisY: 0, axisZ: 0) == .identity)
        #expect(Quaternion.zero.normalized == .identity)
    }
}
