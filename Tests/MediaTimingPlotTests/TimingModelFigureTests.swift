import Foundation
import Testing

import MediaTiming
import MediaTimingPlot
import MediaTimingScene

/// The timing-model figures of the DocC article (Docs/figures/scenes/) show what the article says, with
/// the times computed here from the spec's formulas (Docs/semantics.md §5.1, §7.1, §7.3).
@Suite struct TimingModelFigureTests {
    func diagram(_ name: String) throws -> TimingDiagram {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/figures/scenes/\(name).json")
        return try TimingDiagram(scene: try SceneDecoder.decode(String(contentsOf: url, encoding: .utf8)), title: name)
    }

    @Test("repeat-autoreverse: iteration starts, turns and ends from b + k·c, b + k·c + d and b + AD")
    func repeatAutoreverse() throws {
        let diagram = try diagram("repeat-autoreverse")
        // b = 0.5, d = 1, c = 2d = 2. counted: AD = c·2.5 = 5, end 5.5. timed: AD = rd = 3.2, end 3.7.
        let expected: [(layer: String, end: Double, iterations: [Double], turns: [Double], terminal: Double)] = [
            ("counted", 5.5, [2.5, 4.5], [1.5, 3.5], 100),
            // At AD = 3.2: iteration 1, w = 1.2 > d, τ = 2d − w = 0.8, value 80.
            ("timed", 3.7, [2.5], [1.5, 3.5], 80),
        ]
        let last = try #require(diagram.timeline.result.samples.last)
        for e in expected {
            let track = try #require(diagram.timeline.tracks.first { $0.layer == e.layer })
            #expect(track.didStart.map { abs($0.time - 0.5) <= 1e-12 } == true, "\(e.layer) didStart")
            #expect(track.didStop.map { abs($0.time - e.end) <= 1e-12 && $0.finished == true } == true, "\(e.layer) didStop")
            let iterations = track.marks.filter { if case .iteration = $0.kind { return true } else { return false } }.map(\.time)
            let turns = track.marks.filter { $0.kind == .reverse }.map(\.time)
            #expect(iterations.count == e.iterations.count && zip(iterations, e.iterations).allSatisfy { abs($0 - $1) <= 1e-12 }, "\(e.layer): \(iterations)")
            #expect(turns.count == e.turns.count && zip(turns, e.turns).allSatisfy { abs($0 - $1) <= 1e-12 }, "\(e.layer): \(turns)")
            guard case let .number(value)? = last.values.first(where: { $0.name == "\(e.layer).position.x" })?.value else {
                Issue.record("no \(e.layer).position.x")
                continue
            }
            #expect(abs(value - e.terminal) <= 1e-9, "\(e.layer) terminal value \(value)")
        }
    }

    @Test("fill-modes: the same phases for every mode, shown before 1 s and after 3 s as the fill says")
    func fillModes() throws {
        let diagram = try diagram("fill-modes")
        let expected: [(layer: String, before: Bool, after: Bool)] = [
            ("removed", false, false), ("forwards", false, true), ("backwards", true, false), ("both", true, true),
        ]
        for e in expected {
            let track = try #require(diagram.timeline.tracks.first { $0.layer == e.layer })
            #expect(track.bands == [
                PhaseBand(phase: .before, from: 0, to: 1, isShown: e.before),
                PhaseBand(phase: .active, from: 1, to: 3, isShown: true),
                PhaseBand(phase: .after, from: 3, to: 4, isShown: e.after),
            ], "\(e.layer)")
        }
    }
}
