extension TimingDiagram {
    /// One row per paused layer, with a bar for each interval during which its clock stood still.
    func drawPauseRows(into svg: inout SVGDocument) {
        for row in layout.pauseRows {
            svg.open([("class", "pauses"), ("data-layer", row.layer)])
            svg.text(Self.clipped("\(row.layer) paused", 30), [("class", "label"), ("x", "10"), ("y", Self.n(row.top + 12))])
            for pause in timeline.pauses where pause.layer == row.layer {
                guard let (x1, x2) = span(of: pause) else { continue }
                svg.element("rect", [
                    ("class", "pause"), ("data-from", Self.exact(pause.from)), ("data-to", pause.to.map(Self.exact) ?? "open"),
                    ("x", Self.n(x1)), ("y", Self.n(row.top + 4)), ("width", Self.n(x2 - x1)), ("height", "10"), ("fill", Self.pauseFill),
                ])
            }
            svg.close()
        }
    }

    /// Pause intervals shaded across the probe lanes, under the values.
    func drawPauseShading(into svg: inout SVGDocument) {
        guard let first = layout.lanes.first, let last = layout.lanes.last else { return }
        svg.open([("class", "pause-shading"), ("fill", Self.pauseFill), ("fill-opacity", "0.25")])
        for pause in timeline.pauses {
            guard let (x1, x2) = span(of: pause) else { continue }
            svg.element("rect", [
                ("x", Self.n(x1)), ("y", Self.n(first.top)), ("width", Self.n(x2 - x1)), ("height", Self.n(last.top + last.height - first.top)),
            ])
        }
        svg.close()
    }

    /// The horizontal extent of a pause clipped to the sampled range, or `nil` when it lies outside.
    func span(of pause: PauseInterval) -> (Double, Double)? {
        let from = clampTime(pause.from), to = clampTime(pause.to ?? timeline.end)
        guard to > from else { return nil }
        return (layout.timeScale(from), layout.timeScale(to))
    }
}
