import ArgumentParser
import Foundation
import MediaTiming

/// `mediatiming demo`: a readable per-frame timeline of a sample animation.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Print a frame-by-frame timeline of a sample animation: phase, iteration, progress, value.")

    @Option(help: "Frames per second of the timeline (1 to 240).")
    var fps: Double = 20

    @Option(help: "Last media time to print, in seconds (0 to 60).")
    var until: Double = 3

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw ValidationError("--fps must be between 1 and 240") }
        guard until.isFinite, until >= 0, until <= 60 else { throw ValidationError("--until must be between 0 and 60") }
    }

    /// R1's figure (Docs/semantics.md §5.1): half a second forwards and back, two and a half times.
    static let timing = Timing(
        beginTime: 0.25, duration: 0.5, repeatCount: 2.5, autoreverses: true, fillMode: .both)
    static let from = 0.0, to = 100.0

    func run() throws {
        let resolved = try ResolvedTiming(Self.timing)
        let curve = TimingFunction.easeInEaseOut.prepared()
        print("""
            MediaTiming demo: one animation, frame by frame
              value \(Self.from) → \(Self.to), beginTime 0.25 s, duration 0.5 s, repeatCount 2.5, autoreverses,
              fillMode both, removedOnCompletion NO, timing function easeInEaseOut
              active duration \(resolved.activeDuration) s, ends at \(resolved.endTime.map { "\($0)" } ?? "never") s
              frames at \(fps) fps (each frame sampled at its target timestamp)

                t (s)  phase   iter  active t  basic τ       x        p     value  shown
            """)
        let frames = Int((until * fps).rounded(.down))
        for frame in 0...frames {
            let t = Double(frame) / fps
            let s = try resolved.evaluate(atParentTime: t, timingFunction: curve, removedOnCompletion: false)
            let value = Self.from + (Self.to - Self.from) * s.progress
            print(
                String(
                    format: "  %7.3f  %-6@ %5d  %8.4f  %7.4f  %6.4f  %7.4f  %8.3f  %@",
                    t, s.phase.rawValue, s.iteration, s.activeTime, s.basicTime, s.unitTime, s.progress, value,
                    s.applies ? "yes" : "no (model value)"))
        }
    }
}
