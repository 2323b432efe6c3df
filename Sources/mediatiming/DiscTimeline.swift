import DiscPlayer
import Foundation
import MediaTiming
import MediaTimingScene

/// Rendering a disc-player run as a readable timeline or as JSON.
enum DiscTimeline {
    static func fixed(_ value: Double, _ digits: Int = 3) -> String {
        value.isFinite ? String(format: "%.\(digits)f", value) : "\(value)"
    }

    static func stateText(_ s: DiscPlayerState) -> String {
        "index \(s.index) \(s.isPlaying ? "playing" : "paused ") glyph \(s.glyph.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)) buttons \(s.buttonsEnabled ? "on " : "off") front \(s.front)\(s.isChanging ? " changing" : "")\(s.isInBackground ? " background" : "")"
    }

    /// The trace, one line per entry.
    static func traceLines(_ trace: [TraceEntry]) -> [String] {
        trace.map { entry in
            "  \(fixed(entry.time).leftPadded(8)) s  \(entry.eventDescription.padding(toLength: 48, withPad: " ", startingAt: 0)) \(stateText(entry.state))  angle \(fixed(entry.frontAngle, 4))"
        }
    }

    /// The frames, one line each.
    static func frameLines(_ frames: [DiscFrame]) -> [String] {
        frames.map { f in
            "  \(fixed(f.time).leftPadded(8)) s  angle0 \(fixed(f.angles[0], 4).leftPadded(8))  angle1 \(fixed(f.angles[1], 4).leftPadded(8))  opacity \(fixed(f.opacities[0])) \(fixed(f.opacities[1]))  y \(fixed(f.offsets[0], 1)) \(fixed(f.offsets[1], 1))  \(stateText(f.state))"
        }
    }

    static func json(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "null"
    }

    /// A JSON string literal (the scene writer's escaping).
    static func json(_ string: String) -> String { SceneResultWriter.jsonString(string) }

    static func json(_ s: DiscPlayerState) -> String {
        "{\"index\":\(s.index),\"isPlaying\":\(s.isPlaying),\"glyph\":\(json(s.glyph.rawValue)),\"buttonsEnabled\":\(s.buttonsEnabled),\"front\":\(s.front),\"isChanging\":\(s.isChanging),\"isInBackground\":\(s.isInBackground),\"title\":\(json(s.title))}"
    }

    /// The run as one JSON document: `{"trace": [...], "frames": [...]}`.
    static func json(trace: [TraceEntry], frames: [DiscFrame]) -> String {
        let entries = trace.map { e in
            "    {\"time\":\(json(e.time)),\"event\":\(json(e.eventDescription)),\"frontAngle\":\(json(e.frontAngle)),\"state\":\(json(e.state))}"
        }
        let rows = frames.map { f in
            "    {\"time\":\(json(f.time)),\"angles\":[\(f.angles.map(json).joined(separator: ","))],\"opacities\":[\(f.opacities.map(json).joined(separator: ","))],\"translationY\":[\(f.offsets.map(json).joined(separator: ","))],\"state\":\(json(f.state))}"
        }
        return "{\n  \"trace\": [\n\(entries.joined(separator: ",\n"))\n  ],\n  \"frames\": [\n\(rows.joined(separator: ",\n"))\n  ]\n}"
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
