extension TimingDiagram {
    /// The title, a line saying what the axes are, and the legend of the rows' symbols.
    func drawHeader(into svg: inout SVGDocument) {
        svg.text(title, [("class", "title"), ("x", "10"), ("y", "22")])
        let range = "\(FixedDecimal.format(timeline.start, decimals: 3)) s to \(FixedDecimal.format(timeline.end, decimals: 3)) s"
        svg.text(
            "x: media time in seconds, \(timeline.result.samples.count) samples from \(range); rows: animations (layer/key) and paused layers; lanes: probes (value units on each lane)",
            [("class", "note"), ("x", "10"), ("y", "40")])
        svg.open([("class", "legend")])
        var x = 10.0
        var y = 54.0
        func swatch(_ fill: String, _ stroke: String, dashed: Bool, _ label: String) {
            var attributes = [("x", Self.n(x)), ("y", Self.n(y)), ("width", "18"), ("height", "10"), ("fill", fill), ("stroke", stroke)]
            if dashed { attributes.append(("stroke-dasharray", "3 2")) }
            svg.element("rect", attributes)
            svg.text(label, [("x", Self.n(x + 22)), ("y", Self.n(y + 9))])
            x += 34 + Double(label.count) * 6.4
        }
        swatch(Self.activeFill, Self.activeFill, dashed: false, "active")
        swatch(Self.fillShown, Self.activeFill, dashed: false, "before/after, shown (fill)")
        swatch(Self.fillHidden, "#bbbbbb", dashed: true, "before/after, not shown")
        swatch(Self.pauseFill, Self.pauseFill, dashed: false, "layer paused")
        x = 10
        y += 16
        svg.element("line", [("x1", Self.n(x)), ("y1", Self.n(y - 1)), ("x2", Self.n(x)), ("y2", Self.n(y + 11)), ("stroke", "#222222"), ("stroke-width", "1.5")])
        svg.text("iteration starts", [("x", Self.n(x + 5)), ("y", Self.n(y + 9))])
        x += 120
        svg.element("line", [("x1", Self.n(x)), ("y1", Self.n(y - 1)), ("x2", Self.n(x)), ("y2", Self.n(y + 11)), ("stroke", "#222222"), ("stroke-dasharray", "2 2")])
        svg.text("autoreverse turns", [("x", Self.n(x + 5)), ("y", Self.n(y + 9))])
        x += 130
        svg.element("path", [("d", Self.startMarkerPath(x: x, y: y)), ("fill", Self.startColor)])
        svg.text("didStart", [("x", Self.n(x + 8)), ("y", Self.n(y + 9))])
        x += 76
        svg.element("path", [("d", Self.stopMarkerPath(x: x, y: y)), ("fill", Self.stopColor)])
        svg.text("didStop (filled: finished; hollow: removed before its end)", [("x", Self.n(x + 8)), ("y", Self.n(y + 9))])
        svg.close()
    }

    /// Vertical grid lines at the time axis' ticks, from the first row to the axis.
    func drawGrid(into svg: inout SVGDocument) {
        svg.open([("class", "grid"), ("stroke", "#e6e6e6"), ("stroke-width", "1")])
        for tick in layout.timeScale.ticks(count: 10).values {
            let x = Self.n(layout.timeScale(tick))
            svg.element("line", [("x1", x), ("y1", Self.n(layout.bodyTop - 4)), ("x2", x), ("y2", Self.n(layout.axisY))])
        }
        svg.close()
    }

    static let activeFill = "#3b7dd8"
    static let fillShown = "#a9c9f2"
    static let fillHidden = "#f4f4f4"
    static let pauseFill = "#c8c8c8"
    static let startColor = "#1e8c3a"
    static let stopColor = "#c62828"
}
