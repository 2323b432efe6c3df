import MediaTiming

/// The QQ Music disc player as a deterministic state machine on MediaTiming's runtime.
///
/// The player owns an ``AnimationRuntime`` with six layers: `background` (the blurred artwork and its
/// cross-fade), and per disc `discN` (the disc view: the change-disc group and the fade-in) with its
/// child `discN.artwork` (the turning artwork: the rotation, paused and resumed with QA1673). Time only
/// moves forwards: ``handle(_:at:)`` and ``advance(to:)`` first consume every runtime event up to the
/// given media time (acting on the change group's `didStop(finished: true)` at its exact time), then act.
/// Everything that happens is appended to ``trace``. There is no clock and no callback.
public struct DiscPlayer: Sendable {
    // MARK: Constants (the QQ Music disc player's)

    /// One turn of the disc takes 30 s.
    public static let turnDuration = 30.0
    /// The change-disc group's duration.
    public static let changeDuration = 0.8
    /// The background cross-fade's duration.
    public static let crossFadeDuration = 1.0
    /// The animation keys.
    public static let rotationKey = "rotation", changeKey = "change", fadeInKey = "fadeIn", crossFadeKey = "crossFade"

    static let rotationZ = AnimationKeyPath.transformRotationZ
    static let scale = AnimationKeyPath.transformScale
    static let translation = AnimationKeyPath.transformTranslation
    static let opacity = AnimationKeyPath.opacity

    // MARK: State

    /// The playlist.
    public let playlist: [Track]
    /// Each song's title as shown ("title — artist"), built once: every trace entry carries the state.
    let titles: [String]
    /// The screen height the leaving disc moves up by.
    public let screenHeight: Double
    /// The runtime: layers, model values, animations.
    public private(set) var runtime: AnimationRuntime
    /// Everything that happened, in order.
    public private(set) var trace: [TraceEntry] = []
    /// The player's current media time.
    @inlinable public var currentTime: Double { runtime.currentTime }

    /// The playlist index of the current song (moves at the tap of next/previous).
    public private(set) var index: Int
    /// The user's play state (see ``DiscPlayerState/isPlaying``).
    public private(set) var isPlaying = false
    /// The console's enabled flag: false from a next/previous tap until the swap.
    public private(set) var buttonsEnabled = true
    /// The play/pause button's glyph.
    public private(set) var glyph = PlayGlyph.play
    /// The front disc (0 or 1).
    public private(set) var front = 0
    /// Whether a change-disc animation is in flight.
    public private(set) var isChanging = false
    /// Whether the app is in the background.
    public private(set) var isInBackground = false

    /// The background layer (the cross-fade).
    public let backgroundLayer: LayerID
    /// The disc views (the change group, the fade-in), disc 0 and disc 1.
    public let discLayers: [LayerID]
    /// The discs' artwork layers (the rotation), children of the disc views.
    public let artworkLayers: [LayerID]

    /// The per-frame readings, resolved once (``AnimationRuntime/presentationSlot(of:layer:)``): per disc
    /// the artwork's `transform.rotation.z`, the disc view's `opacity` and `transform.translation`.
    @usableFromInline let angleSlots: [PresentationSlot], opacitySlots: [PresentationSlot], translationSlots: [PresentationSlot]

    /// The animations the player adds, prepared once (each add shares the prepared content and resolves
    /// only its timing): the cross-fade, the change group (for this screen height), the fade-in and the
    /// rotation from angle 0.
    let prepared: (crossFade: PreparedAnimation, change: PreparedAnimation, fadeIn: PreparedAnimation, rotation: PreparedAnimation)

    /// Per disc: the artwork layer's local time at which its playing time was 0 (nil: never turned).
    var rotationBase: [Double?] = [nil, nil]
    /// Whether the front artwork layer was paused by the player for the background and must resume.
    var resumeOnForeground = false

    // MARK: Creation

    /// Creates a player showing `playlist[startIndex]`, paused (glyph "play"), disc 0 in front.
    public init(playlist: [Track], startIndex: Int = 0, screenHeight: Double = 812, startTime: Double = 0)
        throws(DiscPlayerError)
    {
        guard !playlist.isEmpty else { throw .emptyPlaylist }
        guard playlist.indices.contains(startIndex) else { throw .startIndexOutOfRange(startIndex, count: playlist.count) }
        guard screenHeight.isFinite, screenHeight > 0 else { throw .invalidScreenHeight(screenHeight) }
        guard startTime.isFinite else { throw .invalidTime(requested: startTime, current: 0) }
        self.playlist = playlist
        titles = playlist.map { "\($0.title) — \($0.artist)" }
        self.screenHeight = screenHeight
        index = startIndex
        do throws(RuntimeError) {
            var runtime = try AnimationRuntime(startTime: startTime)
            let geometry = Geometry(screenHeight: screenHeight)
            backgroundLayer = try runtime.addLayer(named: "background")
            try geometry.background.apply(to: backgroundLayer, in: &runtime, at: startTime)
            var discs: [LayerID] = [], artworks: [LayerID] = []
            for n in 0..<2 {
                let disc = try runtime.addLayer(named: "disc\(n)")
                discs.append(disc)
                artworks.append(try runtime.addLayer(named: "disc\(n).artwork", parent: disc))
                try geometry.disc.apply(to: disc, in: &runtime, at: startTime)
                try geometry.artwork.apply(to: artworks[n], in: &runtime, at: startTime)
                try runtime.setModelValue(.scalar(n == 0 ? 1 : 0), for: Self.opacity, of: disc, at: startTime)
                try runtime.setModelValue(.scalar(0), for: Self.rotationZ, of: artworks[n], at: startTime)
            }
            discLayers = discs
            artworkLayers = artworks
            angleSlots = try artworks.map { (layer) throws(RuntimeError) in try runtime.presentationSlot(of: Self.rotationZ, layer: layer) }
            opacitySlots = try discs.map { (layer) throws(RuntimeError) in try runtime.presentationSlot(of: Self.opacity, layer: layer) }
            translationSlots = try discs.map { (layer) throws(RuntimeError) in
                try runtime.presentationSlot(of: Self.translation, layer: layer)
            }
            prepared = (
                try Self.prepare(Self.crossFade, key: Self.crossFadeKey, in: runtime),
                try Self.prepare(Self.changeGroup(screenHeight: screenHeight), key: Self.changeKey, in: runtime),
                try Self.prepare(Self.fadeIn, key: Self.fadeInKey, in: runtime),
                try Self.prepare(Self.rotation(timeOffset: 0), key: Self.rotationKey, in: runtime)
            )
            self.runtime = runtime
        } catch {
            throw .runtime(error)
        }
    }

    /// `animation` prepared with the runtime's transaction duration (as `add` would prepare it).
    static func prepare(_ animation: Animation, key: String, in runtime: AnimationRuntime) throws(RuntimeError) -> PreparedAnimation {
        do { return try PreparedAnimation(animation, defaultDuration: runtime.transactionDuration) } catch {
            throw .animation(key: key, error)
        }
    }

    // MARK: Reading

    /// The state now.
    public var state: DiscPlayerState {
        DiscPlayerState(
            index: index, isPlaying: isPlaying, buttonsEnabled: buttonsEnabled, glyph: glyph, front: front,
            isChanging: isChanging, isInBackground: isInBackground, title: titles[index])
    }

    /// The current song.
    public var track: Track { playlist[index] }

    /// The presentation angle (`transform.rotation.z`, radians, not wrapped) of disc `disc`'s artwork now.
    @inlinable @inline(__always) public func angle(ofDisc disc: Int) throws(DiscPlayerError) -> Double {
        guard angleSlots.indices.contains(disc) else { throw .noSuchDisc(disc) }
        return try scalar(at: angleSlots[disc])
    }

    /// The front disc's presentation angle now.
    public func frontAngle() throws(DiscPlayerError) -> Double { try angle(ofDisc: front) }

    /// The presentation opacity of disc `disc` now.
    @inlinable @inline(__always) public func opacity(ofDisc disc: Int) throws(DiscPlayerError) -> Double {
        guard opacitySlots.indices.contains(disc) else { throw .noSuchDisc(disc) }
        return try scalar(at: opacitySlots[disc])
    }

    /// The presentation translation (x, y) of disc `disc` now.
    @inlinable @inline(__always) public func translation(ofDisc disc: Int) throws(DiscPlayerError) -> Size {
        guard translationSlots.indices.contains(disc) else { throw .noSuchDisc(disc) }
        do {
            return try runtime.presentationSize(at: translationSlots[disc]) ?? Size(width: 0, height: 0)
        } catch { throw .runtime(error) }
    }

    /// The number of animations attached to the player's layers.
    @inlinable public var attachedAnimationCount: Int { runtime.attachedAnimationCount }

    /// The change-disc group's progress (0 … 1, linear in its 0.8 s) while a change is in flight, else nil.
    public func changeProgress() throws(DiscPlayerError) -> Double? {
        guard isChanging else { return nil }
        do {
            return try runtime.timingState(ofAnimation: Self.changeKey, layer: discLayers[front])?.progress
        } catch { throw .runtime(error) }
    }

    /// Computes the player's readings at the current time once, so that ``angle(ofDisc:)``,
    /// ``opacity(ofDisc:)`` and ``translation(ofDisc:)`` read them instead of applying the animations per
    /// call. The readings give the same values either way; after the first frames this allocates nothing
    /// (``AnimationRuntime/updatePresentationReadings()``: only the animations that write a reading are
    /// evaluated, so the background's cross-fade is not).
    public mutating func updatePresentation() throws(DiscPlayerError) {
        do { try runtime.updatePresentationReadings() } catch { throw .runtime(error) }
    }

    /// Forgets the trace read so far (it keeps its storage): a long-running caller that consumes the
    /// trace as it goes keeps it from growing without bound. Nothing else changes.
    public mutating func removeTrace() {
        trace.removeAll(keepingCapacity: true)
    }

    func presentationAngle(of layer: LayerID) throws(RuntimeError) -> Double {
        try runtime.presentationScalar(of: Self.rotationZ, layer: layer) ?? 0
    }

    @inlinable @inline(__always) func scalar(at slot: PresentationSlot) throws(DiscPlayerError) -> Double {
        do { return try runtime.presentationScalar(at: slot) ?? .nan } catch { throw .runtime(error) }
    }

    // MARK: Driving

    /// Runs a script: every input at its time (in order of time, stable), then advances to `until`.
    public mutating func run(_ script: [TimedInput], until: Double) throws(DiscPlayerError) {
        let ordered = script.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }
        for (_, input) in ordered { try handle(input.input, at: input.time) }
        try advance(to: until)
    }

    /// Consumes the runtime's events up to `time` (inclusive), acting on each at its exact time.
    public mutating func advance(to time: Double) throws(DiscPlayerError) {
        guard time.isFinite, time >= runtime.currentTime else {
            throw .invalidTime(requested: time, current: runtime.currentTime)
        }
        do throws(RuntimeError) {
            // Each instant with events in turn (most frames have none), so that every event is recorded
            // and acted on at its own time.
            while let t = try runtime.nextEventTime(upTo: time) {
                let events = try runtime.advance(to: t)
                record(events)
                if events.contains(where: isChangeCompletion) { try completeChange(at: t) }
            }
            record(try runtime.advance(to: time))
        } catch {
            throw .runtime(error)
        }
    }

    /// Handles an input at `time` (after consuming the runtime's events up to it).
    public mutating func handle(_ input: DiscInput, at time: Double) throws(DiscPlayerError) {
        try advance(to: time)
        do throws(RuntimeError) {
            switch input {
            case .playPause, .next, .previous:
                if isInBackground { return log(.ignored(input, reason: "in the background"), at: time) }
                if !buttonsEnabled { return log(.ignored(input, reason: "buttons disabled"), at: time) }
                if input == .playPause { try togglePlay(at: time) } else { try change(by: input == .next ? 1 : -1, at: time) }
            case .background:
                if isInBackground { return log(.ignored(input, reason: "already in the background"), at: time) }
                try enterBackground(at: time)
            case .foreground:
                if !isInBackground { return log(.ignored(input, reason: "already in the foreground"), at: time) }
                try enterForeground(at: time)
            }
        } catch {
            throw .runtime(error)
        }
    }

    // MARK: Actions

    mutating func togglePlay(at time: Double) throws(RuntimeError) {
        let artwork = artworkLayers[front]
        var events: [AnimationEvent] = []
        if rotationBase[front] == nil {
            events += try startTurning(disc: front, at: time)
        } else if isPlaying {
            events += try runtime.pause(artwork, at: time)
            isPlaying = false
        } else {
            events += try resumeArtwork(of: front, at: time)
            isPlaying = true
        }
        glyph = isPlaying ? .pause : .play
        log(.input(.playPause), at: time)
        record(events)
    }

    /// Resumes disc `disc`'s artwork clock with QA1673's recipe. QA1673 computes
    /// `beginTime = now − P` and then reads `now − beginTime`, which can round one ulp below the paused
    /// time `P`: the clock would step back, and a rotation that began at `P` (added while paused) would
    /// fall before its begin and stop. In that case only, the clock is set to read exactly `P` now
    /// (`beginTime = now`, `timeOffset = P`), the same continuation without the rounding.
    mutating func resumeArtwork(of disc: Int, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        let artwork = artworkLayers[disc]
        let paused = try runtime.localTime(of: artwork)
        var qa1673 = runtime
        let events = try qa1673.resume(artwork, at: time)
        if try qa1673.localTime(of: artwork) >= paused {
            runtime = qa1673
            return events
        }
        let superlayerTime = try runtime.localTime(of: discLayers[disc])
        return try runtime.setTimeSpace(TimeSpace(beginTime: superlayerTime, speed: 1, timeOffset: paused), of: artwork, at: time)
    }

    /// The rotation (the QQ Music disc player's): 0 → 2π over 30 s, cumulative, forever; `timeOffset` continues it.
    static func rotation(timeOffset: Double) -> Animation {
        Animation.basic(
            rotationZ, from: .scalar(0), to: .scalar(2 * Double.pi),
            timing: Timing(duration: turnDuration, timeOffset: timeOffset, repeatCount: .infinity), cumulative: true)
    }

    /// Starts the rotation of `disc` from angle 0 (its first play, or a new song after a change).
    mutating func startTurning(disc: Int, at time: Double) throws(RuntimeError) -> [AnimationEvent] {
        let artwork = artworkLayers[disc]
        rotationBase[disc] = try runtime.localTime(of: artwork)
        isPlaying = true
        if isInBackground {
            // Not attached while in the background (it would be removed); paused until the foreground.
            resumeOnForeground = true
            return try runtime.pause(artwork, at: time)
        }
        return try runtime.add(prepared.rotation, forKey: Self.rotationKey, to: artwork, at: time)
    }

    /// The change-disc group as the QQ Music disc player builds it.
    static func changeGroup(screenHeight: Double) -> Animation {
        let scale = Animation.basic(
            Self.scale, from: .scalar(1), to: .scalar(0.9), timing: Timing(duration: 0.2, fillMode: .forwards),
            removedOnCompletion: false)
        let move = Animation.basic(
            translation, to: .size(Size(width: 0, height: -screenHeight)),
            timing: Timing(beginTime: 0.4, duration: 0.4, fillMode: .forwards), removedOnCompletion: false)
        let fade = Animation.basic(
            opacity, from: .scalar(1), to: .scalar(0), timing: Timing(duration: 0.8, fillMode: .forwards),
            timingFunction: .easeIn, removedOnCompletion: false)
        return Animation.group(
            [scale, move, fade], timing: Timing(duration: changeDuration, fillMode: .forwards), removedOnCompletion: false)
    }

    /// The back disc's fade-in (the QQ Music disc player's: 0 → 1 over 0.8 s, removed on completion).
    static let fadeIn = Animation.basic(opacity, from: .scalar(0), to: .scalar(1), timing: Timing(duration: changeDuration))

    /// The background's cross-fade (a fade transition, 1.0 s, easeInEaseOut).
    static let crossFade = Animation(
        timing: Timing(duration: crossFadeDuration), timingFunction: .easeInEaseOut,
        content: .transition(TransitionAnimation(type: "fade")))

    mutating func change(by step: Int, at time: Double) throws(RuntimeError) {
        // The fix of the original app's double change: the buttons are disabled at the tap, not at didStart.
        buttonsEnabled = false
        isChanging = true
        glyph = .play
        index = ((index + step) % playlist.count + playlist.count) % playlist.count
        log(.input(step > 0 ? .next : .previous), at: time)
        let leaving = front, coming = 1 - front
        var events: [AnimationEvent] = []
        events += try runtime.add(prepared.crossFade, forKey: Self.crossFadeKey, to: backgroundLayer, at: time)
        events += try runtime.add(prepared.change, forKey: Self.changeKey, to: discLayers[leaving], at: time)
        events += try runtime.add(prepared.fadeIn, forKey: Self.fadeInKey, to: discLayers[coming], at: time)
        // The original app sets the alphas at didStart, which arrives at the tap's own time: the model values
        // behind the animations, so that nothing flashes when they end.
        events += try runtime.setModelValue(.scalar(0), for: Self.opacity, of: discLayers[leaving], at: time)
        events += try runtime.setModelValue(.scalar(1), for: Self.opacity, of: discLayers[coming], at: time)
        record(events)
    }

    func isChangeCompletion(_ event: AnimationEvent) -> Bool {
        isChanging && event.layer == discLayers[front] && event.key == Self.changeKey && event.kind == .didStop(finished: true)
    }

    mutating func completeChange(at time: Double) throws(RuntimeError) {
        let leaving = front, coming = 1 - front
        var events: [AnimationEvent] = []
        events += try runtime.removeAllAnimations(from: discLayers[leaving], at: time)
        events += try runtime.removeAllAnimations(from: artworkLayers[leaving], at: time)
        // The leaving disc's artwork clock restarts (unpaused) and its angle returns to 0, for its next song.
        events += try runtime.setTimeSpace(.identity, of: artworkLayers[leaving], at: time)
        events += try runtime.setModelValue(.scalar(0), for: Self.rotationZ, of: artworkLayers[leaving], at: time)
        record(events)
        rotationBase[leaving] = nil
        front = coming
        isChanging = false
        buttonsEnabled = true
        resumeOnForeground = false
        isPlaying = true
        glyph = .pause
        log(.swapped(front: front), at: time)
        record(try startTurning(disc: coming, at: time))
    }

    mutating func enterBackground(at time: Double) throws(RuntimeError) {
        var events: [AnimationEvent] = []
        let artwork = artworkLayers[front]
        // The fix of the original app's restart at 0: freeze the front disc's clock, so that its playing time (and
        // angle) is kept while Core Animation removes the rotation.
        if rotationBase[front] != nil {
            // The angle reached becomes the model value, so the disc shows it while the rotation is gone.
            let angle = try presentationAngle(of: artwork)
            events += try runtime.setModelValue(.scalar(angle), for: Self.rotationZ, of: artwork, at: time)
            if try !runtime.tree.isPausedOrThrow(artwork) {
                events += try runtime.pause(artwork, at: time)
                resumeOnForeground = true
            }
        }
        events += try runtime.enterBackground(at: time)
        isInBackground = true
        log(.input(.background), at: time)
        record(events)
    }

    mutating func enterForeground(at time: Double) throws(RuntimeError) {
        var events = try runtime.enterForeground(at: time)
        isInBackground = false
        let artwork = artworkLayers[front]
        if let base = rotationBase[front] {
            // Re-added with the playing time so far as its offset: the angle continues from where it was.
            // The clock resumes first, so the rotation begins at the resumed clock's reading.
            let played = try runtime.localTime(of: artwork) - base
            if resumeOnForeground { events += try resumeArtwork(of: front, at: time) }
            events += try runtime.add(Self.rotation(timeOffset: played), forKey: Self.rotationKey, to: artwork, at: time)
        }
        resumeOnForeground = false
        log(.input(.foreground), at: time)
        record(events)
    }

    // MARK: Trace

    mutating func log(_ event: TraceEntry.Event, at time: Double) {
        trace.append(TraceEntry(time: time, event: event, state: state, frontAngle: (try? frontAngle()) ?? .nan))
    }

    /// Logs the runtime's events. Nothing changes between them, so the state and the front angle are read
    /// once for all of them (reading the angle outside a frame's pass applies the disc's animations).
    mutating func record(_ events: [AnimationEvent]) {
        guard !events.isEmpty else { return }
        let state = self.state, angle = (try? frontAngle()) ?? .nan
        for event in events {
            let name = (try? runtime.tree.name(of: event.layer)) ?? "\(event.layer)"
            trace.append(
                TraceEntry(time: event.time, event: .animation(layer: name, key: event.key, event.kind), state: state, frontAngle: angle))
        }
    }
}

extension LayerTree {
    func isPausedOrThrow(_ layer: LayerID) throws(RuntimeError) -> Bool {
        do { return try isPaused(layer) } catch { throw .layer(error) }
    }
}
