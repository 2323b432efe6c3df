import MediaTiming

/// Why a script of timed inputs could not be read.
public enum DiscScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The script is empty.
    case empty
    /// An item is not `name@time`.
    case malformedItem(String)
    /// The name is not an input.
    case unknownInput(String)
    /// The time is not a finite number ≥ 0.
    case invalidTime(String)

    public var description: String {
        switch self {
        case .empty: return "the event script is empty"
        case let .malformedItem(item): return "\"\(item)\" is not of the form name@time (for example next@5)"
        case let .unknownInput(name):
            return "unknown event \"\(name)\" (expected play, pause, tap, next, previous, prev, background, bg, foreground, fg)"
        case let .invalidTime(time): return "\"\(time)\" is not a finite time ≥ 0 in seconds"
        }
    }
}

/// One sampled frame of a run.
public struct DiscFrame: Hashable, Sendable {
    /// The media time of the frame, in seconds.
    public var time: Double
    /// The player's state at ``time``.
    public var state: DiscPlayerState
    /// The presentation angles of disc 0's and disc 1's artwork.
    public var angles: [Double]
    /// The presentation opacities of disc 0 and disc 1.
    public var opacities: [Double]
    /// The presentation translation y of disc 0 and disc 1.
    public var offsets: [Double]
}

extension DiscPlayer {
    /// Parses `"play@0,next@5,previous@7.5,background@9,foreground@12"`: comma-separated `name@time`
    /// items (spaces allowed); `play`, `pause` and `tap` all tap the play/pause button.
    public static func parseScript(_ text: String) throws(DiscScriptError) -> [TimedInput] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        if items.count == 1 && items[0].isEmpty { throw .empty }
        var script: [TimedInput] = []
        for item in items {
            let parts = item.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else { throw .malformedItem(item) }
            let name = String(parts[0]).trimmingSpaces.lowercased(), timeText = String(parts[1]).trimmingSpaces
            let input: DiscInput
            switch name {
            case "play", "pause", "tap", "playpause": input = .playPause
            case "next": input = .next
            case "previous", "prev": input = .previous
            case "background", "bg": input = .background
            case "foreground", "fg": input = .foreground
            default: throw .unknownInput(name)
            }
            guard let time = Double(timeText), time.isFinite, time >= 0 else { throw .invalidTime(timeText) }
            script.append(TimedInput(input, at: time))
        }
        return script
    }

    /// The most frames ``simulate(playlist:script:until:fps:screenHeight:)`` samples.
    public static let maximumFrameCount = 1_000_000

    /// Runs `script` on a fresh player, sampling a frame at every multiple of 1/`fps` up to `until`
    /// (inputs at a frame's time are handled before it is sampled). Returns the player (with its trace)
    /// and the frames.
    ///
    /// - Throws: ``DiscPlayerError/invalidSampling(until:fps:limit:)`` for a non-finite `until`, a
    ///   non-finite or non-positive `fps`, or more than ``maximumFrameCount`` frames.
    public static func simulate(
        playlist: [Track], script: [TimedInput], until: Double, fps: Double, screenHeight: Double = 812
    ) throws(DiscPlayerError) -> (player: DiscPlayer, frames: [DiscFrame]) {
        var frames: [DiscFrame] = []
        let player = try play(playlist: playlist, script: script, until: until, fps: fps, screenHeight: screenHeight) {
            (player: DiscPlayer, t: Double) throws(DiscPlayerError) in
            frames.append(
                DiscFrame(
                    time: t, state: player.state, angles: [try player.angle(ofDisc: 0), try player.angle(ofDisc: 1)],
                    opacities: [try player.opacity(ofDisc: 0), try player.opacity(ofDisc: 1)],
                    offsets: [try player.translation(ofDisc: 0).height, try player.translation(ofDisc: 1).height]))
        }
        return (player, frames)
    }

    /// Runs `script` on a fresh player and shows it to `frame` at every multiple of 1/`fps` up to `until`
    /// (with the frame's time; inputs at a frame's time are handled before it), then handles the inputs
    /// up to `until` and advances to it. Returns the player. O(frames + inputs · log inputs), plus the
    /// player's work.
    ///
    /// - Throws: as ``simulate(playlist:script:until:fps:screenHeight:)``; the first error `frame` throws.
    public static func play(
        playlist: [Track], script: [TimedInput], until: Double, fps: Double, screenHeight: Double = 812,
        frame: (DiscPlayer, Double) throws(DiscPlayerError) -> Void
    ) throws(DiscPlayerError) -> DiscPlayer {
        // Hostile input (Docs/hostile-input.md): a non-finite or non-positive rate, a non-finite end or
        // more than `maximumFrameCount` frames is a typed error, not a trap or an unbounded allocation.
        let frameSpan = until * fps
        guard until.isFinite, fps.isFinite, fps > 0, frameSpan.isFinite, frameSpan < Double(maximumFrameCount) else {
            throw .invalidSampling(until: until, fps: fps, limit: maximumFrameCount)
        }
        var player = try DiscPlayer(playlist: playlist, screenHeight: screenHeight)
        let ordered = script.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
        var next = 0
        let count = Int((until * fps).rounded(.down))
        for index in 0...max(count, 0) {
            let t = Double(index) / fps
            while next < ordered.count, ordered[next].time <= t {
                try player.handle(ordered[next].input, at: ordered[next].time)
                next += 1
            }
            try player.advance(to: t)
            try frame(player, t)
        }
        while next < ordered.count, ordered[next].time <= until {
            try player.handle(ordered[next].input, at: ordered[next].time)
            next += 1
        }
        try player.advance(to: max(until, player.currentTime))
        return player
    }

    /// A small built-in playlist (the demo's).
    public static let samplePlaylist = [
        Track(title: "晴天", artist: "周杰伦", artwork: "cover-1"),
        Track(title: "稻香", artist: "周杰伦", artwork: "cover-2"),
        Track(title: "七里香", artist: "周杰伦", artwork: "cover-3"),
    ]
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
