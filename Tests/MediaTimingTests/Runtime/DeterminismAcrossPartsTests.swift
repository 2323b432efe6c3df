import Foundation
import Testing

import MediaTiming
import MediaTimingScene

/// Bit-exact determinism beyond timing: springs, paths, keyframes, elementary functions and a whole
/// scene, hashed over the bit patterns of their outputs. The same hash must come out in debug, in
/// release, and with glibc's CPU-dependent code paths disabled (CI runs all three): the library computes
/// its elementary functions itself, from IEEE-exact operations only. A change of the hash is a change
/// of results: review it, then update the constant deliberately.
@Suite struct DeterminismAcrossParts {
    static let committedHash: UInt64 = 0xe1da_8b06_0470_ef01

    static func partsHash() throws -> UInt64 {
        var hash = FNV1a()
        for damping in [0.5, 5, 10, 15, 20, 40] {
            let spring = try SpringCurve(damping: damping, initialVelocity: damping / 10, allowsOverdamping: true)
            hash.combine(spring.settlingDuration)
            for k in 0..<200 { hash.combine(spring.displacement(at: Double(k) * 0.0173)) }
        }
        for data in ["M45,100 Q-35,110 5,0", "M0,0 C30,90 70,-40 100,50 L120,0 Z", "M0,0 Q50,0 100,0 q-30,40 10,80"] {
            let path = try MeasuredPath(try Path(svgPathData: data))
            hash.combine(path.length)
            for position in path.uniformPositions(count: 257) {
                hash.combine(position.point.x)
                hash.combine(position.point.y)
                hash.combine(position.tangent.x)
            }
        }
        let track = try KeyframeTrack(values: [0.0, 3, -2, 7, 1], calculationMode: .cubicPaced, tensionValues: [0, 0.5, -0.5, 0, 0])
        for k in 0...500 { hash.combine(track.value(at: Double(k) / 500)) }
        for k in 0..<2000 {
            let x = (Double(k) - 1000) * 0.0137
            for value in [Elementary.sin(x), Elementary.cos(x), Elementary.exp(x / 4), Elementary.log(x.magnitude + 1e-3),
                          Elementary.atan2(y: x, x: 1.5), Elementary.asinh(x * 40)] {
                hash.combine(value)
            }
        }
        let album = examplesDirectory.appendingPathComponent("album-notes.json")
        let result = try SceneRunner.run(try SceneDecoder.decode(String(contentsOf: album, encoding: .utf8)))
        for sample in result.samples {
            for reading in sample.values {
                switch reading.value {
                case let .number(v): hash.combine(v)
                case let .numbers(vs): for v in vs { hash.combine(v) }
                case .text, .null: hash.combine(UInt64(1))
                }
            }
        }
        for event in result.events { hash.combine(event.time) }
        return hash.value
    }

    @Test("springs, paths, keyframes, elementary functions and a scene hash to the committed value") func golden() throws {
        let hash = try Self.partsHash()
        #expect(hash == Self.committedHash, "parts hash 0x\(String(hash, radix: 16))")
    }
}
