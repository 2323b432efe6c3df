extension TimingDiagram {
    /// The runtime's didStart and didStop events at their exact media times: a line on the animation's
    /// row with a triangle (didStart) or a square (didStop: filled when finished, hollow when removed),
    /// and a faint guide through the lanes.
    func drawEventMarkers(into svg: inout SVGDocument) {
        svg.open([("class", "events")])
        for (index, track) in timeline.tracks.enumerated() {
            let top = layout.trackRowTops[index]
            for event in [track.didStart, track.didStop].compactMap({ $0 }) {
                guard event.time >= timeline.start && event.time <= timeline.end else {
                    // Outside the sampled range (events count from the runtime's start): named at the edge.
                    let early = event.time < timeline.start
                    svg.text("\(early ? "◂ " : "")\(event.isStart ? "didStart" : "didStop") at \(Self.short(event.time)) s\(early ? "" : " ▸")", [
                        ("class", "event-outside small"), ("data-time", Self.exact(event.time)),
                        ("x", Self.n(early ? PlotLayout.plotLeft + 2 : PlotLayout.plotRight - 2)), ("y", Self.n(top + 4)),
                        ("text-anchor", early ? "start" : "end"), ("fill", event.isStart ? Self.startColor : Self.stopColor),
                    ])
                    continue
                }
                let x = layout.timeScale(event.time)
                let kind = event.isStart ? "didStart" : (event.finished == true ? "didStop finished" : "didStop removed")
                let color = event.isStart ? Self.startColor : Self.stopColor
                svg.element("line", [
                    ("class", "event \(kind)"), ("data-layer", event.layer), ("data-key", event.key),
                    ("data-time", Self.exact(event.time)),
                    ("x1", Self.n(x)), ("y1", Self.n(top + 2)), ("x2", Self.n(x)), ("y2", Self.n(top + PlotLayout.trackRowHeight - 2)),
                    ("stroke", color), ("stroke-width", "2"),
                ])
                let path = event.isStart ? Self.startMarkerPath(x: x, y: top + 1) : Self.stopMarkerPath(x: x - 4, y: top + 24)
                svg.element("path", [
                    ("d", path), ("fill", event.isStart || event.finished == true ? color : "#ffffff"), ("stroke", color),
                ])
                if let first = layout.lanes.first {
                    svg.element("line", [
                        ("class", "event-guide"), ("x1", Self.n(x)), ("y1", Self.n(first.top)), ("x2", Self.n(x)), ("y2", Self.n(layout.axisY)),
                        ("stroke", color), ("stroke-opacity", "0.35"), ("stroke-dasharray", "1 3"),
                    ])
                }
            }
        }
        svg.close()
    }

    /// A small triangle pointing down, its tip at (`x`, `y` + 8).
    static func startMarkerPath(x: Double, y: Double) -> String {
        "M\(n(x - 5)),\(n(y)) L\(n(x + 5)),\(n(y)) L\(n(x)),\(n(y + 8)) Z"
    }

    /// A small square with its top-left corner at (`x`, `y`).
    static func stopMarkerPath(x: Double, y: Double) -> String {
        "M\(n(x)),\(n(y)) L\(n(x + 8)),\(n(y)) L\(n(x + 8)),\(n(y + 8)) L\(n(x)),\(n(y + 8)) Z"
    }
}
