import DiscPlayer
import MediaTiming

/// Preview pages of the players (`mediatiming disc --preview`, `mediatiming demo --preview`): the QQ Music
/// disc player on a script of inputs, and for the demo the Douyin album beside it (Docs/preview.md).
///
/// The players' layers are drawn from their runtimes' presentation values with the apps' geometry
/// (``DiscPlayer/Geometry``, ``DouyinAlbum/viewGeometry``). What the apps draw as images is drawn with
/// fixed layers: a flat colour per song for the artwork (on the turning artwork layer, with a white mark
/// that shows the turn) and for the blurred background; the background's fade transition as the previous
/// song's colour over the new one at opacity 1 − the transition's progress (the runtime's timing state
/// of `crossFade`); the console's three buttons (dimmed while the player disables them, the play/pause
/// button filled while playing); the album's cover disc and picture; a dot per note. There is no timing
/// diagram (the players are not scenes).
public enum PlayerPreview {
    /// The flat colours standing for the songs' artwork, by playlist index (repeated).
    public static let songColors = [
        Color(red: 0.16, green: 0.56, blue: 0.62, alpha: 1), Color(red: 0.85, green: 0.45, blue: 0.16, alpha: 1),
        Color(red: 0.55, green: 0.28, blue: 0.70, alpha: 1), Color(red: 0.80, green: 0.22, blue: 0.32, alpha: 1),
        Color(red: 0.30, green: 0.62, blue: 0.25, alpha: 1),
    ]

    /// The most frames a player page holds (10 minutes at 60 fps).
    public static let maximumFrames = 36_000

    /// The QQ Music disc player running `script` from 0 to `until`, a frame every 1/`fps` s (inputs at a
    /// frame's time handled before it is drawn, as ``DiscPlayer/simulate(playlist:script:until:fps:screenHeight:)``).
    ///
    /// - Throws: ``PreviewError/invalidFPS(_:)``, ``PreviewError/invalidRange(from:to:)`` (`until` not in
    ///   0 … 600), ``PreviewError/run(_:)`` for an input at a non-finite time or one the player refuses.
    ///   Inputs after `until` are not handled.
    public static func disc(script: [TimedInput], until: Double, fps: Double = 60, title: String) throws(PreviewError) -> PreviewDocument {
        try document(script: script, until: until, fps: fps, title: title, album: false)
    }

    /// ``disc(script:until:fps:title:)`` with the Douyin album beside the player, started at 0 with rate 3.
    public static func demo(script: [TimedInput], until: Double, fps: Double = 60, title: String) throws(PreviewError) -> PreviewDocument {
        try document(script: script, until: until, fps: fps, title: title, album: true)
    }

    static func color(_ index: Int, alpha: Double = 1) -> AnimationValue {
        var c = songColors[((index % songColors.count) + songColors.count) % songColors.count]
        c.alpha = alpha
        return .color(c)
    }

    static func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> [(keyPath: AnimationKeyPath, value: AnimationValue)] {
        [(.bounds, .rect(Rect(x: 0, y: 0, width: w, height: h))), (.position, .point(Point(x: x + w / 2, y: y + h / 2)))]
    }

    static let cornerRadius = (try? AnimationKeyPath("cornerRadius")) ?? .opacity
    static let backgroundColor = (try? AnimationKeyPath("backgroundColor")) ?? .opacity
    static let borderWidth = (try? AnimationKeyPath("borderWidth")) ?? .opacity
    static let white = Color(red: 1, green: 1, blue: 1, alpha: 1)

    static func document(script: [TimedInput], until: Double, fps: Double, title: String, album withAlbum: Bool) throws(PreviewError) -> PreviewDocument {
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw .invalidFPS(fps) }
        guard until.isFinite, until >= 0, until <= 600 else { throw .invalidRange(from: 0, to: until) }
        let count = Int((until * fps).rounded(.down))
        guard count < maximumFrames else { throw .tooLarge(count: count + 1, limit: maximumFrames) }
        if let bad = script.first(where: { !$0.time.isFinite }) { throw .run("\(bad.input.rawValue)@\(bad.time): not a finite time") }
        do throws(PreviewError) {
            var player: DiscPlayer
            do { player = try DiscPlayer(playlist: DiscPlayer.samplePlaylist) } catch { throw .run("\(error)") }
            var album: DouyinAlbum
            do {
                album = try DouyinAlbum()
                if withAlbum { try album.start(rate: 3, at: 0) }
            } catch { throw .run("\(error)") }
            var recorder = PreviewRecorder()
            let screen = DiscPlayer.Geometry(screenHeight: player.screenHeight)
            let w = DiscPlayer.Geometry.screenWidth, h = player.screenHeight

            // The QQ Music page: the background, the discs (disc 1 below disc 0, as the seed inserts it), the console.
            let background = recorder.addLayer(id: "background", parent: nil, runtimeIndex: 0, layer: player.backgroundLayer)
            let backgroundArt = recorder.addFixedLayer(
                id: "background.artwork", parent: background, values: frame(0, 0, w, h) + [(backgroundColor, color(player.index, alpha: 0.45))])
            let backgroundPrevious = recorder.addFixedLayer(
                id: "background.previous", parent: background, values: frame(0, 0, w, h) + [(.opacity, .scalar(0))])
            var artworkImages: [Int: Int] = [:]
            let side = screen.artwork.bounds.width
            for disc in [1, 0] {
                let view = recorder.addLayer(id: "disc\(disc)", parent: nil, runtimeIndex: 0, layer: player.discLayers[disc])
                let artwork = recorder.addLayer(id: "disc\(disc).artwork", parent: view, runtimeIndex: 0, layer: player.artworkLayers[disc])
                artworkImages[disc] = recorder.addFixedLayer(
                    id: "disc\(disc).artwork.image", parent: artwork,
                    values: frame(0, 0, side, side) + [(cornerRadius, .scalar(side / 2)), (backgroundColor, color(player.index))])
                recorder.addFixedLayer(
                    id: "disc\(disc).artwork.mark", parent: artwork,
                    values: frame(side / 2 - 3, 14, 6, side / 2 - 24) + [(cornerRadius, .scalar(3)), (backgroundColor, .color(Color(red: 1, green: 1, blue: 1, alpha: 0.85)))])
            }
            // The console (seed 000: 220 × 80, 140 points above the bottom; buttons 40, 60, 40 wide, round, 2-point border).
            let console = recorder.addFixedLayer(id: "console", parent: nil, values: frame((w - 220) / 2, h - 140, 220, 80))
            var buttons: [Int] = []
            for (name, x, y, size) in [("console.previous", 10.0, 20.0, 40.0), ("console.playPause", 80, 10, 60), ("console.next", 170, 20, 40)] {
                buttons.append(recorder.addFixedLayer(
                    id: name, parent: console, values: frame(x, y, size, size) + [(cornerRadius, .scalar(size / 2)), (borderWidth, .scalar(2))],
                    borderColor: white))
            }

            // The Douyin album: a dark panel right of the screen, the album view 100 × 100 in it.
            if withAlbum {
                let panel = recorder.addFixedLayer(
                    id: "douyin", parent: nil,
                    values: [(.bounds, .rect(Rect(x: -90, y: -150, width: 200, height: 260))), (.position, .point(Point(x: w + 20 + 100, y: h - 140 - 130))),
                             (backgroundColor, .color(Color(red: 0.08, green: 0.08, blue: 0.1, alpha: 1))), (cornerRadius, .scalar(12))])
                let view = recorder.addLayer(id: "albumView", parent: panel, runtimeIndex: 1, layer: album.viewLayer)
                let cover = recorder.addLayer(id: "album", parent: view, runtimeIndex: 1, layer: album.albumLayer)
                recorder.addFixedLayer(
                    id: "album.disc", parent: cover, values: frame(0, 0, 100, 100) + [(cornerRadius, .scalar(50)), (backgroundColor, .color(Color(red: 0.2, green: 0.2, blue: 0.22, alpha: 1)))])
                recorder.addFixedLayer(id: "album.image", parent: cover, values: frame(25, 25, 50, 50) + [(cornerRadius, .scalar(25)), (backgroundColor, color(3))])
                recorder.addFixedLayer(id: "album.mark", parent: cover, values: frame(48, 27, 4, 18) + [(backgroundColor, .color(white))])
                for (n, note) in album.noteLayers.enumerated() {
                    let layer = recorder.addLayer(id: "note\(n + 1)", parent: view, runtimeIndex: 1, layer: note)
                    recorder.addFixedLayer(id: "note\(n + 1).dot", parent: layer, values: frame(0, 0, 10, 10) + [(cornerRadius, .scalar(5)), (backgroundColor, .color(Color(red: 0.3, green: 0.95, blue: 0.9, alpha: 1)))])
                }
            }

            let ordered = script.enumerated().sorted { a, b in
                a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
            }.map(\.element)
            var next = 0
            var shown = [player.index, player.index]
            var previousIndex = player.index, lastIndex = player.index
            for frameIndex in 0...count {
                let t = Double(frameIndex) / fps
                do throws(DiscPlayerError) {
                    while next < ordered.count, ordered[next].time <= t {
                        try player.handle(ordered[next].input, at: ordered[next].time)
                        next += 1
                    }
                    try player.advance(to: t)
                } catch { throw .run("\(error)") }
                if withAlbum { do { try album.advance(to: t) } catch { throw .run("\(error)") } }
                let state = player.state
                if state.index != lastIndex { previousIndex = lastIndex; lastIndex = state.index }
                if state.isChanging { shown[1 - state.front] = state.index } else { shown[state.front] = state.index }
                var changes: [Int: [(keyPath: AnimationKeyPath, value: AnimationValue)]] = [:]
                changes[backgroundArt] = [(backgroundColor, color(state.index, alpha: 0.45))]
                let fade: Double
                do {
                    let timing = try player.runtime.timingState(ofAnimation: DiscPlayer.crossFadeKey, layer: player.backgroundLayer)
                    fade = timing.map { $0.phase == .active ? 1 - $0.progress : 0 } ?? 0
                } catch { throw .run("\(error)") }
                changes[backgroundPrevious] = [(backgroundColor, color(previousIndex, alpha: 0.45)), (.opacity, .scalar(fade))]
                for disc in 0..<2 { if let image = artworkImages[disc] { changes[image] = [(backgroundColor, color(shown[disc]))] } }
                for button in buttons { changes[button] = [(.opacity, .scalar(state.buttonsEnabled ? 1 : 0.4))] }
                changes[buttons[1]]?.append((backgroundColor, .color(Color(red: 1, green: 1, blue: 1, alpha: state.glyph == .pause ? 0.35 : 0))))
                try recorder.record(time: t, runtimes: [player.runtime, album.runtime], changes: changes)
            }
            var events = player.trace.map { PreviewEvent(time: $0.time, text: "QQ Music: " + $0.eventDescription) }
            if withAlbum {
                let names = ["albumView", "album", "note1", "note2", "note3"]
                let layerNames = [album.viewLayer, album.albumLayer] + album.noteLayers
                events += album.events.map { event in
                    let name = layerNames.firstIndex(of: event.layer).map { names[$0] } ?? "?"
                    let kind: String
                    switch event.kind {
                    case .didStart: kind = "didStart"
                    case let .didStop(finished): kind = finished ? "didStop finished" : "didStop not finished"
                    }
                    return PreviewEvent(time: event.time, text: "Douyin album: \(kind) \(name)/\(event.key)")
                }
                events = events.enumerated().sorted { a, b in
                    a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
                }.map(\.element)
            }
            var document = PreviewDocument(
                title: title, recording: recorder, from: 0, to: until, fps: fps, events: events,
                diagramNote: "The players are not scenes: no timing diagram (mediatiming disc prints their timeline).")
            document.area = Rect(x: 0, y: 0, width: withAlbum ? w + 20 + 200 : w, height: h)
            return document
        } catch {
            throw error
        }
    }
}
