import DiscPlayer
import MediaTiming

/// The QQ Music play page in a preview: the player's layers (background, disc views, artworks) from its
/// runtime, and the fixed layers that stand for what the app draws as images (``PlayerPreview``), with
/// their per-frame values from the player's state.
struct QQMusicLayers {
    let background: Int, backgroundArtwork: Int, backgroundPrevious: Int
    /// The artwork image layer of disc 0 and of disc 1.
    let artworkImages: [Int]
    /// The console's previous, play/pause and next buttons.
    let buttons: [Int]
    /// The song each disc shows, the song before the last change, the song at the last frame.
    var shown: [Int], previousIndex: Int, lastIndex: Int

    static let white = Color(red: 1, green: 1, blue: 1, alpha: 1)

    /// Adds the page's layers to `recorder` (the player's runtime is runtime 0): disc 1 below disc 0, as
    /// the app inserts it.
    init(player: DiscPlayer, recorder: inout PreviewRecorder) {
        let w = DiscPlayer.Geometry.screenWidth, h = player.screenHeight
        let geometry = DiscPlayer.Geometry(screenHeight: h)
        typealias P = PlayerPreview
        background = recorder.addLayer(id: "background", parent: nil, runtimeIndex: 0, layer: player.backgroundLayer)
        backgroundArtwork = recorder.addFixedLayer(
            id: "background.artwork", parent: background, values: P.frame(0, 0, w, h) + [(.backgroundColor, P.color(player.index, alpha: 0.45))])
        backgroundPrevious = recorder.addFixedLayer(
            id: "background.previous", parent: background, values: P.frame(0, 0, w, h) + [(.opacity, .scalar(0))])
        var images = [0, 0]
        let side = geometry.artwork.bounds.width
        for disc in [1, 0] {
            let view = recorder.addLayer(id: "disc\(disc)", parent: nil, runtimeIndex: 0, layer: player.discLayers[disc])
            let artwork = recorder.addLayer(id: "disc\(disc).artwork", parent: view, runtimeIndex: 0, layer: player.artworkLayers[disc])
            images[disc] = recorder.addFixedLayer(
                id: "disc\(disc).artwork.image", parent: artwork,
                values: P.frame(0, 0, side, side) + [(.cornerRadius, .scalar(side / 2)), (.backgroundColor, P.color(player.index))])
            recorder.addFixedLayer(
                id: "disc\(disc).artwork.mark", parent: artwork,
                values: P.frame(side / 2 - 3, 14, 6, side / 2 - 24)
                    + [(.cornerRadius, .scalar(3)), (.backgroundColor, .color(Color(red: 1, green: 1, blue: 1, alpha: 0.85)))])
        }
        artworkImages = images
        // The console (the QQ Music player: 220 × 80, 140 points above the bottom; buttons 40, 60 and 40 wide, round,
        // with a 2-point border).
        let console = recorder.addFixedLayer(id: "console", parent: nil, values: P.frame((w - 220) / 2, h - 140, 220, 80))
        var buttons: [Int] = []
        for (name, x, y, size) in [("console.previous", 10.0, 20.0, 40.0), ("console.playPause", 80, 10, 60), ("console.next", 170, 20, 40)] {
            buttons.append(
                recorder.addFixedLayer(
                    id: name, parent: console, values: P.frame(x, y, size, size) + [(.cornerRadius, .scalar(size / 2)), (PreviewChannel.borderWidth, .scalar(2))],
                    borderColor: Self.white))
        }
        self.buttons = buttons
        shown = [player.index, player.index]
        previousIndex = player.index
        lastIndex = player.index
    }

    /// The fixed layers' values now: the songs' colours (the coming disc shows the new song from the tap,
    /// the leaving one keeps its own), the previous song's colour fading out as 1 − the cross-fade's
    /// progress, the buttons dimmed while disabled, the play/pause button filled while playing.
    mutating func changes(_ player: DiscPlayer) throws(PreviewError) -> [Int: [(keyPath: AnimationKeyPath, value: AnimationValue)]] {
        typealias P = PlayerPreview
        let state = player.state
        if state.index != lastIndex { (previousIndex, lastIndex) = (lastIndex, state.index) }
        if state.isChanging { shown[1 - state.front] = state.index } else { shown[state.front] = state.index }
        let fade: Double
        do {
            let timing = try player.runtime.timingState(ofAnimation: DiscPlayer.crossFadeKey, layer: player.backgroundLayer)
            fade = timing.map { $0.phase == .active ? 1 - $0.progress : 0 } ?? 0
        } catch { throw .run("\(error)") }
        var changes: [Int: [(keyPath: AnimationKeyPath, value: AnimationValue)]] = [
            backgroundArtwork: [(.backgroundColor, P.color(state.index, alpha: 0.45))],
            backgroundPrevious: [(.backgroundColor, P.color(previousIndex, alpha: 0.45)), (.opacity, .scalar(fade))],
            artworkImages[0]: [(.backgroundColor, P.color(shown[0]))],
            artworkImages[1]: [(.backgroundColor, P.color(shown[1]))],
        ]
        for button in buttons { changes[button] = [(.opacity, .scalar(state.buttonsEnabled ? 1 : 0.4))] }
        changes[buttons[1]]?.append((.backgroundColor, .color(Color(red: 1, green: 1, blue: 1, alpha: state.glyph == .pause ? 0.35 : 0))))
        return changes
    }
}
