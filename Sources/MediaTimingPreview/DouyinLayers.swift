import DiscPlayer
import MediaTiming

/// The Douyin album in a preview: a dark panel right of the QQ Music screen, the album's layers from its
/// runtime (runtime 1), and fixed layers for its cover disc, its picture, a mark that shows the turn and
/// a dot per note.
enum DouyinLayers {
    /// Adds the album's layers to `recorder`, the panel at `x` (its left edge) above `bottom`.
    static func add(_ album: DouyinAlbum, to recorder: inout PreviewRecorder, x: Double, bottom: Double) {
        typealias P = PlayerPreview
        // The panel's bounds origin (−90, −150) puts the album view's frame (0, 0, 100, 100) at (90, 150)
        // in the 200 × 260 panel, with room above and left for the notes' curve.
        let panel = recorder.addFixedLayer(
            id: "douyin", parent: nil,
            values: [
                (.bounds, .rect(Rect(x: -90, y: -150, width: 200, height: 260))), (.position, .point(Point(x: x + 100, y: bottom - 130))),
                (.backgroundColor, .color(Color(red: 0.08, green: 0.08, blue: 0.1, alpha: 1))), (.cornerRadius, .scalar(12)),
            ])
        let view = recorder.addLayer(id: "albumView", parent: panel, runtimeIndex: 1, layer: album.viewLayer)
        let cover = recorder.addLayer(id: "album", parent: view, runtimeIndex: 1, layer: album.albumLayer)
        recorder.addFixedLayer(
            id: "album.disc", parent: cover,
            values: P.frame(0, 0, 100, 100) + [(.cornerRadius, .scalar(50)), (.backgroundColor, .color(Color(red: 0.2, green: 0.2, blue: 0.22, alpha: 1)))])
        // The Douyin album's picture: frame (w/2, h/2, w, h) with w, h half the view's size, corner radius h/2.
        recorder.addFixedLayer(id: "album.image", parent: cover, values: P.frame(25, 25, 50, 50) + [(.cornerRadius, .scalar(25)), (.backgroundColor, P.color(3))])
        recorder.addFixedLayer(id: "album.mark", parent: cover, values: P.frame(48, 27, 4, 18) + [(.backgroundColor, .color(QQMusicLayers.white))])
        for (n, note) in album.noteLayers.enumerated() {
            let layer = recorder.addLayer(id: "note\(n + 1)", parent: view, runtimeIndex: 1, layer: note)
            recorder.addFixedLayer(
                id: "note\(n + 1).dot", parent: layer,
                values: P.frame(0, 0, 10, 10) + [(.cornerRadius, .scalar(5)), (.backgroundColor, .color(Color(red: 0.3, green: 0.95, blue: 0.9, alpha: 1)))])
        }
    }

    /// The album's events as page lines.
    static func events(_ album: DouyinAlbum) -> [PreviewEvent] {
        let layers = [album.viewLayer, album.albumLayer] + album.noteLayers
        let names = ["albumView", "album", "note1", "note2", "note3"]
        return album.events.map { event in
            let name = layers.firstIndex(of: event.layer).map { names[$0] } ?? "?"
            let kind: String
            switch event.kind {
            case .didStart: kind = "didStart"
            case let .didStop(finished): kind = finished ? "didStop finished" : "didStop not finished"
            }
            return PreviewEvent(time: event.time, text: "Douyin album: \(kind) \(name)/\(event.key)")
        }
    }
}
