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
    /// - Throws: ``PreviewError/invalidFPS(_:)``, ``PreviewError/invalidRange(from:to:longest:)`` (`until` not in
    ///   0 … 600), ``PreviewError/run(_:)`` for an input at a non-finite time or one the player refuses.
    ///   Inputs after `until` are not handled.
    ///
    /// Cost: one run of the player over the script plus O(layers × frames) presentation reads; memory:
    /// 31 channels × 8 bytes per layer-frame while recording (248 bytes × layers × frames, frames at most
    /// ``maximumFrames``).
    public static func disc(script: [TimedInput], until: Double, fps: Double = 60, title: String) throws(PreviewError) -> PreviewDocument {
        try document(script: script, until: until, fps: fps, title: title, album: false)
    }

    /// ``disc(script:until:fps:title:)`` with the Douyin album beside the player, started at 0 with rate 3.
    ///
    /// Cost: one run of the player and of the album over the script plus O(layers × frames) presentation
    /// reads; memory: 31 channels × 8 bytes per layer-frame while recording (248 bytes × layers × frames,
    /// frames at most ``maximumFrames``).
    public static func demo(script: [TimedInput], until: Double, fps: Double = 60, title: String) throws(PreviewError) -> PreviewDocument {
        try document(script: script, until: until, fps: fps, title: title, album: true)
    }

    static func color(_ index: Int, alpha: Double = 1) -> AnimationValue {
        var c = songColors[((index % songColors.count) + songColors.count) % songColors.count]
        c.alpha = alpha
        return .color(c)
    }

    /// The bounds and position of a view created with `initWithFrame:` (x, y, w, h) (``LayerGeometry``).
    static func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> [(keyPath: AnimationKeyPath, value: AnimationValue)] {
        let geometry = LayerGeometry(frame: Rect(x: x, y: y, width: w, height: h))
        return [(.bounds, .rect(geometry.bounds)), (.position, .point(geometry.position))]
    }


    static func document(script: [TimedInput], until: Double, fps: Double, title: String, album withAlbum: Bool) throws(PreviewError) -> PreviewDocument {
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw .invalidFPS(fps) }
        guard until.isFinite, until >= 0, until <= 600 else { throw .invalidRange(from: 0, to: until, longest: 600) }
        let count = Int((until * fps).rounded(.down))
        guard count < maximumFrames else { throw .tooLarge(count: count + 1, limit: maximumFrames) }
        if let bad = script.first(where: { !$0.time.isFinite }) { throw .run("\(bad.input.rawValue)@\(bad.time): not a finite time") }
        var album: DouyinAlbum
        do {
            album = try DouyinAlbum()
            if withAlbum { try album.start(rate: 3, at: 0) }
        } catch { throw .run("\(error)") }
        var recorder = PreviewRecorder()
        var qq: QQMusicLayers?
        var failure: PreviewError?
        let player: DiscPlayer
        do {
            player = try DiscPlayer.play(playlist: DiscPlayer.samplePlaylist, script: script, until: until, fps: fps) { player, t in
                guard failure == nil else { return }
                do throws(PreviewError) {
                    if qq == nil {
                        qq = QQMusicLayers(player: player, recorder: &recorder)
                        if withAlbum { DouyinLayers.add(album, to: &recorder, x: DiscPlayer.Geometry.screenWidth + 20, bottom: player.screenHeight - 10) }
                    }
                    if withAlbum { do { try album.advance(to: t) } catch { throw .run("\(error)") } }
                    let changes = try qq?.changes(player) ?? [:]
                    try recorder.record(time: t, runtimes: [player.runtime, album.runtime], changes: changes)
                } catch {
                    failure = error
                }
            }
        } catch {
            throw .run("\(error)")
        }
        if let failure { throw failure }
        var events = player.trace.map { PreviewEvent(time: $0.time, text: "QQ Music: " + $0.eventDescription) }
        if withAlbum {
            events = (events + DouyinLayers.events(album)).enumerated().sorted { a, b in
                a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
            }.map(\.element)
        }
        var document = PreviewDocument(
            title: title, recording: recorder, from: 0, to: until, fps: fps, events: events,
            diagramNote: "The players are not scenes: no timing diagram (mediatiming disc prints their timeline).")
        document.area = Rect(x: 0, y: 0, width: DiscPlayer.Geometry.screenWidth + (withAlbum ? 220 : 0), height: player.screenHeight)
        return document
    }
}
