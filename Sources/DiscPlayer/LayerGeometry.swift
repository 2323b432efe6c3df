import MediaTiming

/// A layer's geometry as model values: its bounds, its position in its superlayer, its corner radius and
/// background colour (Core Animation's `frame` is these with the default anchor point (0.5, 0.5):
/// position = frame origin + size / 2).
public struct LayerGeometry: Hashable, Sendable {
    /// The bounds (origin (0, 0) and the view's size).
    public var bounds: Rect
    /// The position of the bounds' centre in the superlayer.
    public var position: Point
    /// The corner radius (0: square corners).
    public var cornerRadius: Double
    /// The background colour, or nil for none.
    public var backgroundColor: Color?

    /// The geometry of a view created with `initWithFrame:` `frame` (origin in the superlayer, size).
    public init(frame: Rect, cornerRadius: Double = 0, backgroundColor: Color? = nil) {
        bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        position = Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
        self.cornerRadius = cornerRadius
        self.backgroundColor = backgroundColor
    }

    /// Sets the geometry as `layer`'s model values at `time` (no implicit animation).
    func apply(to layer: LayerID, in runtime: inout AnimationRuntime, at time: Double) throws(RuntimeError) {
        try runtime.setModelValue(.rect(bounds), for: .bounds, of: layer, at: time)
        try runtime.setModelValue(.point(position), for: .position, of: layer, at: time)
        if cornerRadius != 0 { try runtime.setModelValue(.scalar(cornerRadius), for: .cornerRadius, of: layer, at: time) }
        if let backgroundColor { try runtime.setModelValue(.color(backgroundColor), for: .backgroundColor, of: layer, at: time) }
    }
}

extension DiscPlayer {
    /// The play page's geometry (the QQ Music disc player) on a screen 375 points wide and `screenHeight` high.
    public struct Geometry: Hashable, Sendable {
        /// The screen's width in points (an iPhone's 375).
        public static let screenWidth = 375.0
        /// The background (the blurred artwork over black): the whole screen.
        public var background: LayerGeometry
        /// A disc view: frame (20, 140, W − 40, W − 40), its base disc black at alpha 0.2, round.
        public var disc: LayerGeometry
        /// A disc's artwork: inset 8 points in the disc view, round.
        public var artwork: LayerGeometry

        /// The geometry for a screen `screenHeight` points high.
        public init(screenHeight: Double) {
            let w = Self.screenWidth
            background = LayerGeometry(frame: Rect(x: 0, y: 0, width: w, height: screenHeight), backgroundColor: Color(red: 0, green: 0, blue: 0, alpha: 1))
            disc = LayerGeometry(frame: Rect(x: 20, y: 140, width: w - 40, height: w - 40), cornerRadius: (w - 40) / 2, backgroundColor: Color(red: 0, green: 0, blue: 0, alpha: 0.2))
            artwork = LayerGeometry(frame: Rect(x: 8, y: 8, width: w - 56, height: w - 56), cornerRadius: (w - 56) / 2)
        }
    }
}
