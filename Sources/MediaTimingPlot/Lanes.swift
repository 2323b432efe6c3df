extension TimingDiagram {
    /// One lane per probe: the frame, the value axis with its unit, and the sampled values: one polyline
    /// per component through the samples (numbers), or a step line over the categories (phases); a dot
    /// on each sample when there are at most ``maximumDottedSamples``.
    func drawLanes(into svg: inout SVGDocument) {
        let samples = timeline.result.samples
        for (index, lane) in layout.lanes.enumerated() {
            svg.open([("class", "lane"), ("data-probe", lane.name)])
            let bottom = lane.top + lane.height
            svg.text("\(lane.name) (\(lane.unit))", [("class", "label"), ("x", Self.n(PlotLayout.plotLeft)), ("y", Self.n(lane.top - 6))])
            svg.element("rect", [
                ("class", "frame"), ("x", Self.n(PlotLayout.plotLeft)), ("y", Self.n(lane.top)),
                ("width", Self.n(PlotLayout.plotRight - PlotLayout.plotLeft)), ("height", Self.n(lane.height)),
                ("fill", "none"), ("stroke", "#999999"),
            ])
            let components: [String]
            switch lane.kind {
            case let .numeric(names):
                components = names
                let (ticks, decimals) = lane.valueScale.ticks(count: 5)
                for tick in ticks { drawValueTick(lane.valueScale(tick), FixedDecimal.format(tick, decimals: decimals), into: &svg) }
            case let .categorical(categories):
                components = ["phase"]
                for (level, name) in categories.enumerated() { drawValueTick(lane.valueScale(Double(level)), name, into: &svg) }
            }
            if components.count > 1 {
                var x = PlotLayout.plotRight
                for (component, name) in components.enumerated().reversed() {
                    let color = Self.palette[component % Self.palette.count]
                    svg.text(name, [("class", "small"), ("x", Self.n(x)), ("y", Self.n(lane.top - 6)), ("text-anchor", "end"), ("fill", color)])
                    x -= Double(name.count) * 5.5 + 8
                }
            }
            for component in components.indices {
                let color = Self.palette[component % Self.palette.count]
                var runs: [[(x: Double, y: Double)]] = [[]]
                for sample in samples {
                    let value = index < sample.values.count ? sample.values[index].value : .null
                    guard let v = lane.plotted(value, component: component) else {
                        if !runs[runs.count - 1].isEmpty { runs.append([]) }
                        continue
                    }
                    let x = layout.timeScale(sample.time)
                    let y = lane.valueScale(v)
                    if case .categorical = lane.kind, let previous = runs[runs.count - 1].last, previous.y != y {
                        runs[runs.count - 1].append((x, previous.y))
                    }
                    runs[runs.count - 1].append((x, y))
                }
                let seriesClass = { if case .categorical = lane.kind { return "series step" } else { return "series" } }()
                for run in runs where !run.isEmpty {
                    svg.element("polyline", [
                        ("class", seriesClass), ("data-component", "\(component)"),
                        ("points", run.map { "\(Self.n($0.x)),\(Self.n($0.y))" }.joined(separator: " ")),
                        ("fill", "none"), ("stroke", color), ("stroke-width", "1.5"),
                    ])
                }
                if samples.count <= Self.maximumDottedSamples {
                    for sample in samples {
                        let value = index < sample.values.count ? sample.values[index].value : .null
                        guard let v = lane.plotted(value, component: component) else { continue }
                        svg.element("circle", [
                            ("class", "sample"), ("data-component", "\(component)"), ("data-t", Self.exact(sample.time)),
                            ("cx", Self.n(layout.timeScale(sample.time))), ("cy", Self.n(lane.valueScale(v))), ("r", "2.2"), ("fill", color),
                        ])
                    }
                }
            }
            _ = bottom
            svg.close()
        }
    }

    /// The most samples drawn with a dot each.
    static let maximumDottedSamples = 60

    /// A tick on a lane's value axis: a short line left of the frame, a faint grid line, the label.
    func drawValueTick(_ y: Double, _ label: String, into svg: inout SVGDocument) {
        let left = PlotLayout.plotLeft
        svg.element("line", [("x1", Self.n(left - 4)), ("y1", Self.n(y)), ("x2", Self.n(left)), ("y2", Self.n(y)), ("stroke", "#999999")])
        svg.element("line", [("x1", Self.n(left)), ("y1", Self.n(y)), ("x2", Self.n(PlotLayout.plotRight)), ("y2", Self.n(y)), ("stroke", "#f0f0f0")])
        svg.text(label, [("class", "small"), ("x", Self.n(left - 6)), ("y", Self.n(y + 3)), ("text-anchor", "end")])
    }
}
