import Foundation
import Testing

import MediaTiming
import MediaTimingScene

/// What the second hostile-input audit (Docs/hostile-input.md) found in the scene loader and the CLI, kept
/// as regression tests. Expected values come from the frame formula of Docs/scene-format.md
/// (`from + n/fps ≤ to`) worked by hand, not from the code.
@Suite struct HostileInputAudit {
    @Test("frame counts follow from + n/fps ≤ to") func frameCounts() {
        // n = 0 … 10.
        #expect(SampleSpec.frames(from: 0, to: 1, fps: 10).count == 11)
        #expect(SampleSpec.frames(from: 2, to: 2, fps: 60).count == 1)
        #expect(SampleSpec.frames(from: 3, to: 2, fps: 60).count == 0)
        // At 2^50 one ulp is 0.25: 2^50 + 1/16 and 2^50 + 2/16 (a tie, to even) round to 2^50, while
        // 2^50 + 3/16 rounds up to 2^50 + 0.25 > to. Three frames collapse onto one instant.
        #expect(SampleSpec.frames(from: 0x1p50, to: 0x1p50, fps: 16).count == 3)
    }

    /// Found by the audit: a frame step below half an ulp of `from` made every frame round back to
    /// `from`, and the count's linear correction loop ran 2^52 times (`SampleSpec.count`), the runner's
    /// frame loop forever (appending until out of memory).
    @Test("frames that collapse onto one instant are counted without a loop over them") func collapsedFrames() throws {
        // ulp(1e300) ≈ 1.5e284: 1e300 + n == 1e300 for every n < 2^52, so more frames than can be counted.
        #expect(SampleSpec.frames(from: 1e300, to: 1e300, fps: 1).count == .max)
        let scene = Scene(layers: [SceneLayer(id: "a")], sample: .frames(from: 1e300, to: 1e300, fps: 1))
        #expect {
            _ = try SceneRunner.run(scene)
        } throws: { error in
            guard let errors = error as? SceneErrors else { return false }
            return errors.errors.count == 1 && errors.errors[0].path == "sample"
                && errors.errors[0].message.contains("\(SceneRunner.maximumSampleCount)")
        }
        // The decoder reports the same document as over its own limit.
        let text = """
            {"format": "mediatiming-scene/1", "layers": [{"id": "a"}], "sample": {"from": 1e300, "to": 1e300, "fps": 1}}
            """
        #expect(throws: SceneErrors.self) { _ = try SceneDecoder.decode(text) }
    }

    @Test("a collapsing frame range within the limit samples each frame at its rounded instant") func collapsedWithinLimit() throws {
        let scene = Scene(layers: [SceneLayer(id: "a")], sample: .frames(from: 0x1p50, to: 0x1p50, fps: 16))
        let result = try SceneRunner.run(scene)
        #expect(result.samples.map(\.time) == [0x1p50, 0x1p50, 0x1p50])
    }

    /// Found by the audit: a scene built in code (not decoded) with an operation at a NaN time ran without
    /// ever applying it.
    @Test("a script operation at a non-finite time is an error naming it") func nonFiniteOperationTime() {
        for time in [Double.nan, .infinity, -.infinity] {
            let scene = Scene(
                layers: [SceneLayer(id: "a")],
                script: [ScriptOperation(time: 0, action: .pause(layer: "a")), ScriptOperation(time: time, action: .resume(layer: "a"))],
                sample: .times([0, 1]))
            #expect {
                _ = try SceneRunner.run(scene)
            } throws: { error in
                (error as? SceneErrors)?.errors.map(\.path) == ["script[1]"]
            }
        }
    }

    /// Found by the audit: `mediatiming validate -` read standard input to its end whatever its size
    /// (`yes | mediatiming validate -` grew until the process died). Now it stops after the parser's
    /// limit with exit status 2 and a message.
    @Test("an endless standard input is an error after the size limit") func endlessStandardInput() throws {
        let process = Process()
        process.executableURL = try mediatimingExecutable()
        process.arguments = ["validate", "-"]
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/zero"))
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        // A watchdog, so that a regression fails instead of hanging the suite.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 2)
        #expect(errors.contains("standard input: larger than \(JSONParser().maximumBytes) bytes"), "\(errors)")
    }
}
