import MediaTiming

/// Why the album refused an operation.
public enum AlbumError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `start(rate:)` needs a finite, non-zero rate (the original app divides by it implicitly: duration rate/4).
    case invalidRate(Double)
    /// The underlying runtime refused an operation (a bug if it happens).
    case runtime(RuntimeError)
    /// A note index other than 0, 1 or 2 (Docs/hostile-input.md).
    case noSuchNote(Int)

    public var description: String {
        switch self {
        case let .invalidRate(rate): return "rate \(rate) must be finite and non-zero"
        case let .noSuchNote(n): return "note \(n) does not exist (the album has notes 0, 1 and 2)"
        case let .runtime(error): return "runtime: \(error)"
        }
    }
}

/// The Douyin album: a cover turning 2π per 3 s and three music notes rising along a quadratic
/// curve, on MediaTiming's runtime.
///
/// Layers: `albumView` (the view, bounds 100 × 100) with its children `album` (the cover, which turns,
/// filling the view) and `note1`…`note3` (10 × 10, added to the view's layer as in the app, so they do
/// not turn with the cover), whose model opacity is 0 (the notes show only through their opacity
/// keyframes). As in the original app, ``reset(at:)`` removes every animation of the album and the notes and
/// removes the note layers from the layer tree (Docs/semantics.md §18.1), and ``start(rate:at:)`` puts
/// them back before adding the notes' groups. The app creates new note layers at each start; the album
/// inserts the same ones again, which is the same thing here: a note's model (bounds, position, opacity
/// 0) never changes and a reset leaves it no animation. The notes are in the tree from ``init(startTime:)``
/// on (hidden by their model opacity 0) so that a caller can read them before the first start.
public struct DouyinAlbum: Sendable {
    /// The cover's turn duration.
    public static let turnDuration = 3.0
    /// The notes' start delays (the Douyin album's).
    public static let delays: [Double] = [0, 1, 2]
    /// The animation keys: `cover` for the cover's turn, `notes` for each note's group.
    public static let coverKey = "cover", notesKey = "notes"

    static let rotationZ = AnimationKeyPath.transformRotationZ
    static let rotation = AnimationKeyPath.transformRotation
    static let scale = AnimationKeyPath.transformScale
    static let position = AnimationKeyPath.position
    static let opacity = AnimationKeyPath.opacity

    /// The runtime.
    public private(set) var runtime: AnimationRuntime
    /// The view's layer (`albumView`, the Douyin album's `MusicAlbumView`): the superlayer of the cover and the
    /// notes.
    public let viewLayer: LayerID
    /// The cover's layer (`album`, the Douyin album's container, which turns).
    public let albumLayer: LayerID
    /// The three note layers (`note1`…`note3`, children of the view beside the cover), in order.
    public let noteLayers: [LayerID]
    /// The per-frame readings, resolved once (``AnimationRuntime/presentationSlot(of:layer:)``): the
    /// cover's `transform.rotation.z`, and per note its `position` and `opacity`.
    @usableFromInline let coverAngleSlot: PresentationSlot, positionSlots: [PresentationSlot], opacitySlots: [PresentationSlot]
    /// The rate of the last start (its magnitude), or nil when stopped.
    public private(set) var rate: Double?
    /// The runtime's events so far, in order.
    public private(set) var events: [AnimationEvent] = []

    /// Creates the album (stopped) at `startTime`.
    public init(startTime: Double = 0) throws(AlbumError) {
        do throws(RuntimeError) {
            var runtime = try AnimationRuntime(startTime: startTime)
            viewLayer = try runtime.addLayer(named: "albumView")
            try Self.viewGeometry.apply(to: viewLayer, in: &runtime, at: startTime)
            albumLayer = try runtime.addLayer(named: "album", parent: viewLayer)
            try Self.coverGeometry.apply(to: albumLayer, in: &runtime, at: startTime)
            var notes: [LayerID] = []
            for n in 1...3 {
                let note = try runtime.addLayer(named: "note\(n)", parent: viewLayer)
                try runtime.setModelValue(.rect(Self.noteBounds), for: AnimationKeyPath.bounds, of: note, at: startTime)
                try runtime.setModelValue(.scalar(0), for: Self.opacity, of: note, at: startTime)
                try runtime.setModelValue(.point(Self.beginPoint), for: Self.position, of: note, at: startTime)
                notes.append(note)
            }
            noteLayers = notes
            coverAngleSlot = try runtime.presentationSlot(of: Self.rotationZ, layer: albumLayer)
            positionSlots = try notes.map { (note) throws(RuntimeError) in try runtime.presentationSlot(of: Self.position, layer: note) }
            opacitySlots = try notes.map { (note) throws(RuntimeError) in try runtime.presentationSlot(of: Self.opacity, layer: note) }
            self.runtime = runtime
        } catch {
            throw .runtime(error)
        }
    }

    /// The view's geometry: bounds 100 × 100 (the size the app's curve is drawn for), its origin at
    /// (0, 0) of its superlayer.
    public static let viewGeometry = LayerGeometry(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    /// The cover's geometry: the album container fills the view (the Douyin album: `initWithFrame:self.bounds`).
    public static let coverGeometry = LayerGeometry(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    /// A note's bounds (the Douyin album: `layer.frame = CGRectMake(beginPoint.x, beginPoint.y, 10, 10)`).
    public static let noteBounds = Rect(x: 0, y: 0, width: 10, height: 10)

    /// The curve's points for bounds 100 × 100 (the Douyin album's: begin (midX − 5, maxY), end 40 left and
    /// 100 up, control point (begin.x − 20 − 60, begin.y − 50 + 60)).
    public static let beginPoint = Point(x: 45, y: 100)
    /// The curve's end: 40 left of and 100 above ``beginPoint``.
    public static let endPoint = Point(x: 5, y: 0)
    /// The curve's control point (the Douyin album's `begin.x − 20 − 60`, `begin.y − 50 + 60`).
    public static let controlPoint = Point(x: -35, y: 110)

    /// The notes' path: `M45,100 Q-35,110 5,0`.
    public static let notePath: Path = {
        // Finite constant points: building cannot fail; an empty path would be rejected, not trap.
        var path = Path()
        try? path.move(to: beginPoint)
        try? path.addQuadCurve(to: endPoint, control: controlPoint)
        return path
    }()

    /// The cover's rotation: 0 → 2π over 3 s, cumulative, forever.
    public static let coverRotation = Animation.basic(
        rotationZ, from: .scalar(0), to: .scalar(2 * Double.pi),
        timing: Timing(duration: turnDuration, repeatCount: .infinity), cumulative: true)

    /// One note's group (the Douyin album's): duration rate/4, beginning at `beginTime`, forever, linear, kept.
    public static func noteGroup(rate: Double, beginTime: Double) -> Animation {
        let path = Animation(
            content: .property(PropertyAnimation(keyPath: position, values: .keyframes(KeyframeValues(path: notePath)))))
        let scaleUp = Animation.basic(scale, from: .scalar(1), to: .scalar(2))
        let sway = Animation(
            content: .property(
                PropertyAnimation(
                    keyPath: rotation,
                    values: .keyframes(KeyframeValues(values: [.scalar(0), .scalar(0.1 * Double.pi), .scalar(-0.1 * Double.pi)])))))
        let fade = Animation(
            content: .property(
                PropertyAnimation(
                    keyPath: opacity,
                    values: .keyframes(KeyframeValues(values: [0, 0.2, 0.7, 0.2, 0].map { .scalar($0) })))))
        return Animation.group(
            [path, scaleUp, sway, fade],
            timing: Timing(beginTime: beginTime, duration: rate / 4, repeatCount: .infinity, fillMode: .forwards),
            timingFunction: .linear, removedOnCompletion: false)
    }

    /// Starts the cover and the notes at `time` with `|rate|` (the original app resets first, then adds).
    public mutating func start(rate: Double, at time: Double) throws(AlbumError) {
        guard rate.isFinite, rate != 0 else { throw .invalidRate(rate) }
        let magnitude = rate.magnitude
        try reset(at: time)
        do throws(RuntimeError) {
            for note in noteLayers { events += try runtime.insertLayer(note, parent: viewLayer, at: time) }
            events += try runtime.add(Self.coverRotation, forKey: Self.coverKey, to: albumLayer, at: time)
            for (note, delay) in zip(noteLayers, Self.delays) {
                // beginTime = CACurrentMediaTime() + delay, in the note's own time (identity here).
                let begin = try runtime.localTime(of: note) + delay
                events += try runtime.add(Self.noteGroup(rate: magnitude, beginTime: begin), forKey: Self.notesKey, to: note, at: time)
            }
        } catch {
            throw .runtime(error)
        }
        self.rate = magnitude
    }

    /// Removes every animation of the cover and the notes at `time` (didStop, not finished, in the order
    /// they were added), then removes the note layers from the layer tree, as the original app's
    /// `resetView` does. A note outside the tree is not shown (``note(_:)``).
    public mutating func reset(at time: Double) throws(AlbumError) {
        do throws(RuntimeError) {
            events += try runtime.removeAllAnimations(from: albumLayer, at: time)
            for note in noteLayers {
                events += try runtime.removeAllAnimations(from: note, at: time)
                if try runtime.isInTree(note) { events += try runtime.removeLayer(note, at: time) }
            }
        } catch {
            throw .runtime(error)
        }
        rate = nil
    }

    /// Advances to `time`, collecting the runtime's events.
    public mutating func advance(to time: Double) throws(AlbumError) {
        do { events += try runtime.advance(to: time) } catch { throw .runtime(error) }
    }

    /// The cover's presentation angle now (radians, not wrapped).
    @inlinable @inline(__always) public func coverAngle() throws(AlbumError) -> Double {
        do { return try runtime.presentationScalar(at: coverAngleSlot) ?? .nan } catch { throw .runtime(error) }
    }

    /// A note's presentation position and opacity now (`n` from 0). A note outside the layer tree (after
    /// a reset, until the next start) has no presentation and is not shown: it reads its model values,
    /// opacity 0 at the curve's start.
    ///
    /// - Throws: ``AlbumError/noSuchNote(_:)`` when `n` is not 0, 1 or 2.
    @inlinable @inline(__always) public func note(_ n: Int) throws(AlbumError) -> (position: Point, opacity: Double) {
        guard noteLayers.indices.contains(n) else { throw .noSuchNote(n) }
        if (try? runtime.isInTree(noteLayers[n])) == false { return try modelNote(n) }
        if runtime.hasPresentationReadings {
            // The pass's values, read in place (the same values as the presentation's, without computing it).
            guard let p = try? runtime.presentationPoint(at: positionSlots[n]),
                let o = try? runtime.presentationScalar(at: opacitySlots[n])
            else { return (Point(x: .nan, y: .nan), .nan) }
            return (p, o)
        }
        return try presentedNote(n)
    }

    /// ``note(_:)`` of a note outside the tree: its model position and opacity (`n` is a note's index).
    @usableFromInline
    func modelNote(_ n: Int) throws(AlbumError) -> (position: Point, opacity: Double) {
        do throws(RuntimeError) {
            guard case let .point(p) = try runtime.modelValue(of: Self.position, layer: noteLayers[n]),
                case let .scalar(o) = try runtime.modelValue(of: Self.opacity, layer: noteLayers[n])
            else { return (Point(x: .nan, y: .nan), .nan) }
            return (p, o)
        } catch {
            throw .runtime(error)
        }
    }

    /// ``note(_:)`` from the note layer's presentation, computed now (`n` is a note's index).
    @usableFromInline
    func presentedNote(_ n: Int) throws(AlbumError) -> (position: Point, opacity: Double) {
        let values: LayerValues
        do { values = try runtime.presentation(of: noteLayers[n]) } catch { throw .runtime(error) }
        guard case let .point(p)? = try? values.value(of: Self.position),
            case let .scalar(o)? = try? values.value(of: Self.opacity)
        else { return (Point(x: .nan, y: .nan), .nan) }
        return (p, o)
    }

    /// The number of animations attached.
    @inlinable public var attachedAnimationCount: Int { runtime.attachedAnimationCount }

    /// Computes the album's readings at the current time once, so that ``coverAngle()`` and ``note(_:)``
    /// read them instead of applying the animations per call (same values; after the first frames this
    /// allocates nothing, ``AnimationRuntime/updatePresentationReadings()``: the notes' scale and sway,
    /// which nothing reads, are not evaluated).
    public mutating func updatePresentation() throws(AlbumError) {
        do { try runtime.updatePresentationReadings() } catch { throw .runtime(error) }
    }

    /// Forgets the events read so far (their storage is kept), so that a long-running caller that
    /// consumes them as it goes keeps ``events`` from growing without bound. Nothing else changes.
    public mutating func removeEvents() {
        events.removeAll(keepingCapacity: true)
    }
}
