import MediaTiming

/// The drawing area of a preview page: the box of every layer's frame over every frame, in the roots'
/// coordinates, with a margin.
///
/// A layer's frame is its bounds placed so that its anchor point sits at its position in its
/// superlayer's bounds coordinates (Core Animation's geometry); the affine part of its own `transform`
/// (`m11 m12 m21 m22 m41 m42`, about the anchor point) is applied to its corners, not to its sublayers'
/// (a rough box: perspective and ancestors' transforms are ignored, the page clips at the stage).
struct PreviewStage: Equatable {
    /// The stage's size in CSS pixels.
    var width: Double, height: Double
    /// Where the roots' origin (0, 0) lies on the stage.
    var originX: Double, originY: Double

    static let margin = 20.0
    static let maximumSide = 4000.0

    /// The stage showing exactly `area` of the roots' coordinates (a player's screen), with the margin.
    init(area: Rect) {
        width = max(1, area.width.rounded(.up)) + 2 * Self.margin
        height = max(1, area.height.rounded(.up)) + 2 * Self.margin
        originX = Self.margin - area.x
        originY = Self.margin - area.y
    }

    /// The stage of `recording`: O(layers × frames).
    init(_ recording: PreviewRecorder) {
        let decimals = PreviewChannel.decimals
        func value(_ layer: Int, _ channel: Int, _ frame: Int) -> Double {
            let units = recording.series(layer: layer, channel: channel)[frame]
            var power = 1.0
            for _ in 0..<decimals[channel] { power *= 10 }
            return Double(units) / power
        }
        var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
        let count = recording.times.count
        for frame in 0..<count {
            // Each layer's bounds origin in root coordinates (its top-left corner before its transform).
            var corner = [(x: Double, y: Double)](repeating: (0, 0), count: recording.layers.count)
            for (index, layer) in recording.layers.enumerated() {
                let w = max(0, value(index, 4, frame)), h = max(0, value(index, 5, frame))
                let ax = value(index, 6, frame), ay = value(index, 7, frame)
                var base = (x: 0.0, y: 0.0)
                if let parent = layer.parent, parent < index {
                    base = (corner[parent].x - value(parent, 2, frame), corner[parent].y - value(parent, 3, frame))
                }
                let anchor = (x: base.x + value(index, 0, frame), y: base.y + value(index, 1, frame))
                corner[index] = (anchor.x - ax * w, anchor.y - ay * h)
                let m11 = value(index, 8, frame), m12 = value(index, 9, frame)
                let m21 = value(index, 12, frame), m22 = value(index, 13, frame)
                let tx = value(index, 20, frame), ty = value(index, 21, frame)
                for (cx, cy) in [(-ax * w, -ay * h), ((1 - ax) * w, -ay * h), (-ax * w, (1 - ay) * h), ((1 - ax) * w, (1 - ay) * h)] {
                    let x = anchor.x + cx * m11 + cy * m21 + tx, y = anchor.y + cx * m12 + cy * m22 + ty
                    if x.isFinite && y.isFinite {
                        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                    }
                }
            }
        }
        minX = max(minX, -Self.maximumSide); minY = max(minY, -Self.maximumSide)
        maxX = min(maxX, Self.maximumSide); maxY = min(maxY, Self.maximumSide)
        width = max(100, (maxX - minX + 2 * Self.margin).rounded(.up))
        height = max(100, (maxY - minY + 2 * Self.margin).rounded(.up))
        originX = (Self.margin - minX).rounded(.up)
        originY = (Self.margin - minY).rounded(.up)
    }
}
