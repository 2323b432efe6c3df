import MediaTimingScene

/// A scene's timing diagram as SVG: a row per animation attachment with its phase bands (fills shown or
/// not), iteration starts, autoreverse turns and didStart/didStop markers at the runtime's exact event
/// times; a row per paused layer; a lane per probe with the sampled values; a time axis in seconds.
///
/// The output is a pure function of the scene and the title: numbers are written with
/// ``FixedDecimal``, elements in the order of tracks, events and samples; no clock, locale or hashing
/// order enters it.
public struct TimingDiagram: Sendable {
    /// What is drawn.
    public let timeline: SceneTimeline
    /// Where it is drawn.
    public let layout: PlotLayout
    /// The diagram's title (the scene's file name, for instance).
    public let title: String

    /// Runs `scene` and lays out its diagram.
    ///
    /// - Throws: ``PlotError`` when the scene cannot be evaluated or would not make a bounded diagram.
    public init(scene: Scene, title: String) throws(PlotError) {
        self.init(timeline: try SceneTimeline(scene: scene), title: title)
    }

    /// Lays out the diagram of a recorded timeline.
    public init(timeline: SceneTimeline, title: String) {
        self.timeline = timeline
        self.layout = PlotLayout(timeline: timeline)
        self.title = title
    }

    /// The colors of a lane's components, in order (repeated beyond the sixteenth).
    public static let palette = [
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f",
        "#bcbd22", "#17becf", "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#3182bd",
    ]

    /// The SVG document, as text (UTF-8 when written out).
    public func svg() -> String {
        var document = SVGDocument(width: PlotLayout.width, height: layout.height)
        drawHeader(into: &document)
        drawGrid(into: &document)
        drawPauseShading(into: &document)
        drawTrackRows(into: &document)
        drawPauseRows(into: &document)
        drawLanes(into: &document)
        drawEventMarkers(into: &document)
        drawTimeAxis(into: &document)
        return document.rendered(styleSheet: Self.styleSheet)
    }

    static let styleSheet =
        ".title{font-size:15px;font-weight:bold}.note{fill:#555555}.small{font-size:9px}.label{font-weight:bold}"

    /// A coordinate as written.
    static func n(_ value: Double) -> String { SVGDocument.number(value) }

    /// A time as written in `data-` attributes: the shortest text that reads back to the same `Double`.
    static func exact(_ value: Double) -> String { "\(value)" }

    /// `value` clamped into the sampled time range.
    func clampTime(_ value: Double) -> Double { min(max(value, timeline.start), timeline.end) }
}
