import MediaTiming

/// One song of the playlist (the QQ Music disc player's data array: title, artist, artwork URL).
public struct Track: Hashable, Sendable {
    /// The song's title.
    public var title: String
    /// The song's artist.
    public var artist: String
    /// The artwork's identifier (the original app's image URL); shown on the disc and, blurred, as the background.
    public var artwork: String

    /// Creates a track.
    public init(title: String, artist: String, artwork: String) {
        self.title = title
        self.artist = artist
        self.artwork = artwork
    }
}

/// A user or app input, consumed at an explicit media time.
public enum DiscInput: String, Hashable, Sendable, CaseIterable {
    /// A tap on the play/pause button.
    case playPause
    /// A tap on "next".
    case next
    /// A tap on "previous".
    case previous
    /// The app leaves the foreground.
    case background
    /// The app returns to the foreground.
    case foreground
}

/// An input at a media time.
public struct TimedInput: Hashable, Sendable {
    /// The media time at which the input is consumed, in seconds (finite, not before the player's time).
    public var time: Double
    /// The input.
    public var input: DiscInput

    /// Creates `input` at media time `time`.
    public init(_ input: DiscInput, at time: Double) {
        self.time = time
        self.input = input
    }
}

/// The symbol the play/pause button shows: `play` when tapping would play, `pause` while playing.
public enum PlayGlyph: String, Hashable, Sendable {
    /// Tapping would play (stopped, paused, or during a change).
    case play
    /// Tapping would pause (the disc is playing).
    case pause
}

/// What the player shows and knows at one time.
public struct DiscPlayerState: Hashable, Sendable {
    /// The playlist index of the current song (changes at the tap of next/previous).
    public var index: Int
    /// Whether the user's play state is "playing" (the front disc turns, or will once the app is back).
    public var isPlaying: Bool
    /// The console's enabled flag (all three buttons).
    public var buttonsEnabled: Bool
    /// The glyph of the play/pause button.
    public var glyph: PlayGlyph
    /// Which disc (0 or 1) is the front one. During a change it is still the leaving disc.
    public var front: Int
    /// Whether a change-disc animation is in flight.
    public var isChanging: Bool
    /// Whether the app is in the background.
    public var isInBackground: Bool
    /// The title shown (the current song's "title — artist").
    public var title: String

    /// Creates a state from its fields (the player builds it; tests compare with it).
    public init(
        index: Int, isPlaying: Bool, buttonsEnabled: Bool, glyph: PlayGlyph, front: Int, isChanging: Bool,
        isInBackground: Bool, title: String
    ) {
        self.index = index
        self.isPlaying = isPlaying
        self.buttonsEnabled = buttonsEnabled
        self.glyph = glyph
        self.front = front
        self.isChanging = isChanging
        self.isInBackground = isInBackground
        self.title = title
    }
}

/// Why the player refused an operation.
public enum DiscPlayerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The playlist is empty.
    case emptyPlaylist
    /// The start index is outside the playlist.
    case startIndexOutOfRange(Int, count: Int)
    /// The screen height must be finite and positive.
    case invalidScreenHeight(Double)
    /// An input or advance before the player's current time, or at a non-finite time.
    case invalidTime(requested: Double, current: Double)
    /// The underlying runtime refused an operation (a bug if it happens).
    case runtime(RuntimeError)
    /// A disc index other than 0 or 1 (Docs/hostile-input.md).
    case noSuchDisc(Int)
    /// A simulation with a non-finite end, a non-finite or non-positive frame rate, or more frames than
    /// the limit (Docs/hostile-input.md).
    case invalidSampling(until: Double, fps: Double, limit: Int)

    public var description: String {
        switch self {
        case .emptyPlaylist: return "the playlist is empty"
        case let .startIndexOutOfRange(index, count): return "start index \(index) is outside the playlist (0..<\(count))"
        case let .invalidScreenHeight(h): return "screen height \(h) must be finite and positive"
        case let .invalidTime(requested, current):
            return "time \(requested) is not finite or is before the player's current time \(current)"
        case let .runtime(error): return "runtime: \(error)"
        case let .noSuchDisc(disc): return "disc \(disc) does not exist (the player has discs 0 and 1)"
        case let .invalidSampling(until, fps, limit):
            return "cannot sample until \(until) at \(fps) fps: both must be finite, fps > 0, at most \(limit) frames (limit)"
        }
    }
}

/// One thing that happened, at its media time, with the player's state right after it.
public struct TraceEntry: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Event: Hashable, Sendable {
        /// An input was acted upon.
        case input(DiscInput)
        /// An input was ignored (buttons disabled, already in that app state, …), with the reason.
        case ignored(DiscInput, reason: String)
        /// A runtime animation event: the layer's name, the key, and the kind.
        case animation(layer: String, key: String, AnimationEvent.Kind)
        /// The change-disc group completed: the discs swapped; `front` is the new front disc.
        case swapped(front: Int)
    }

    /// The media time.
    public var time: Double
    /// What happened.
    public var event: Event
    /// The state right after the event.
    public var state: DiscPlayerState
    /// The front disc's angle (`transform.rotation.z` of its artwork layer, presentation) right after.
    public var frontAngle: Double

    /// Creates a trace entry.
    public init(time: Double, event: Event, state: DiscPlayerState, frontAngle: Double) {
        self.time = time
        self.event = event
        self.state = state
        self.frontAngle = frontAngle
    }

    /// A one-line rendering of the event (without the time or state).
    public var eventDescription: String {
        switch event {
        case let .input(input): return "input \(input.rawValue)"
        case let .ignored(input, reason): return "ignored \(input.rawValue) (\(reason))"
        case let .animation(layer, key, .didStart): return "\(layer).\(key) didStart"
        case let .animation(layer, key, .didStop(finished)): return "\(layer).\(key) didStop(finished: \(finished))"
        case let .swapped(front): return "swapped: front disc \(front)"
        }
    }

    public var description: String { "\(time) \(eventDescription)" }
}
