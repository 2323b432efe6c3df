#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PropertyBased
import Testing

import MediaTiming

// Independent references for the value tests: libm (not `Elementary`) for trigonometry, and a plain
// 4×4 product written with loops over arrays (not `Transform3D.concatenating`).

/// A row-major 4×4 matrix as nested arrays.
typealias Rows = [[Double]]

/// The rows of a transform.
func rows(_ m: Transform3D) -> Rows {
    [[m.m11, m.m12, m.m13, m.m14], [m.m21, m.m22, m.m23, m.m24],
     [m.m31, m.m32, m.m33, m.m34], [m.m41, m.m42, m.m43, m.m44]]
}

/// The product `a·b` by the textbook triple loop.
func product(_ a: Rows, _ b: Rows) -> Rows {
    var c = Rows(repeating: [0, 0, 0, 0], count: 4)
    for i in 0..<4 {
        for j in 0..<4 {
            var sum = 0.0
            for k in 0..<4 { sum += a[i][k] * b[k][j] }
            c[i][j] = sum
        }
    }
    return c
}

let identityRows: Rows = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]

/// Expects every entry of `actual` within `tolerance` of `expected` (row-major rows).
func expectMatrix(
    _ actual: Transform3D, _ expected: Rows, tolerance: Double = 1e-12, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let got = rows(actual)
    var worst = 0.0
    for i in 0..<4 { for j in 0..<4 { worst = max(worst, abs(got[i][j] - expected[i][j])) } }
    let note = comment.map { " — \($0)" } ?? ""
    #expect(
        worst <= tolerance, "max deviation \(worst) > \(tolerance): got \(got), expected \(expected)\(note)",
        sourceLocation: sourceLocation)
}

/// Expects two transforms within `tolerance` entry by entry.
func expectMatrix(
    _ actual: Transform3D, _ expected: Transform3D, tolerance: Double = 1e-12, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectMatrix(actual, rows(expected), tolerance: tolerance, comment, sourceLocation: sourceLocation)
}

/// `(x, y, z)·M` with the homogeneous divide: where CA maps a point.
func apply(_ m: Transform3D, _ x: Double, _ y: Double, _ z: Double) -> (Double, Double, Double) {
    let r = rows(m)
    let v = [x, y, z, 1.0]
    var out = [0.0, 0.0, 0.0, 0.0]
    for j in 0..<4 { for k in 0..<4 { out[j] += v[k] * r[k][j] } }
    return (out[0] / out[3], out[1] / out[3], out[2] / out[3])
}

/// The rows of the rotation about z by `a` in CA's row-vector convention (`m12 = sin a`), from libm.
func zRotationRows(_ a: Double) -> Rows {
    [[cos(a), sin(a), 0, 0], [-sin(a), cos(a), 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
}

/// A random well-conditioned non-singular affine transform: scale factors of either sign with
/// magnitudes in [0.2, 5], skews in [−1, 1], a rotation about a random axis by an angle in [−π, π], and a
/// translation in [−100, 100]³, multiplied out by the reference product.
func randomAffine(_ rng: inout Xoshiro) -> Transform3D {
    func magnitude(_ rng: inout Xoshiro) -> Double {
        let m = Gen.double(in: 0.2...5).draw(&rng)
        return Gen.double(in: 0...1).draw(&rng) < 0.2 ? -m : m
    }
    let (sx, sy, sz) = (magnitude(&rng), magnitude(&rng), magnitude(&rng))
    let skew = (0..<3).map { _ in Gen.double(in: -1...1).draw(&rng) }
    let axis = (0..<3).map { _ in Gen.double(in: -1...1).draw(&rng) }
    let angle = Gen.double(in: -Double.pi...Double.pi).draw(&rng)
    let t = (0..<3).map { _ in Gen.double(in: -100...100).draw(&rng) }
    let scale: Rows = [[sx, 0, 0, 0], [0, sy, 0, 0], [0, 0, sz, 0], [0, 0, 0, 1]]
    let shear: Rows = [[1, 0, 0, 0], [skew[0], 1, 0, 0], [skew[1], skew[2], 1, 0], [0, 0, 0, 1]]
    let rotation = rows(Transform3D.rotation(angle: angle, x: axis[0], y: axis[1], z: axis[2]))
    let translation: Rows = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [t[0], t[1], t[2], 1]]
    return transform(product(product(product(scale, shear), rotation), translation))
}

/// A transform from reference rows.
func transform(_ r: Rows) -> Transform3D {
    Transform3D(
        m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
        m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
        m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
        m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
}

/// The scalar inside an animation value, or NaN (so a comparison fails) for any other kind.
func scalar(_ value: AnimationValue) -> Double {
    if case let .scalar(v) = value { return v }
    return .nan
}
