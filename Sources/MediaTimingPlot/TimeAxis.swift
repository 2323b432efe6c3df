extension TimingDiagram {
    /// The time axis under the lanes: ticks at round times with their labels, and its title.
    func drawTimeAxis(into svg: inout SVGDocument) {
        let y = layout.axisY
        svg.open([("class", "time-axis")])
        svg.element("line", [("x1", Self.n(PlotLayout.plotLeft)), ("y1", Self.n(y)), ("x2", Self.n(PlotLayout.plotRight)), ("y2", Self.n(y)), ("stroke", "#333333")])
        let (ticks, decimals) = layout.timeScale.ticks(count: 10)
        for tick in ticks {
            let x = Self.n(layout.timeScale(tick))
            svg.element("line", [("x1", x), ("y1", Self.n(y)), ("x2", x), ("y2", Self.n(y + 5)), ("stroke", "#333333")])
            svg.text(FixedDecimal.format(tick, decimals: decimals), [("x", x), ("y", Self.n(y + 17)), ("text-anchor", "middle")])
        }
        svg.text("media time (s)", [("class", "label"), ("x", Self.n((PlotLayout.plotLeft + PlotLayout.plotRight) / 2)), ("y", Self.n(y + 34)), ("text-anchor", "middle")])
        svg.close()
    }
}
