import MediaTiming

extension TimingDiagram {
    /// One row per attachment: its label, its phase bands, its iteration starts and autoreverse turns.
    func drawTrackRows(into svg: inout SVGDocument) {
        for (index, track) in timeline.tracks.enumerated() {
            let top = layout.trackRowTops[index]
            svg.open([("class", "track"), ("data-layer", track.layer), ("data-key", track.key)])
            svg.text(Self.clipped(track.label, 36), [("class", "label"), ("x", "10"), ("y", Self.n(top + 11))])
            svg.text(Self.clipped(track.summary, 46), [("class", "note small"), ("x", "10"), ("y", Self.n(top + 21))])
            svg.text(Self.clipped(Self.timingSummary(track), 46), [("class", "note small"), ("x", "10"), ("y", Self.n(top + 31))])
            let barTop = top + 9, barHeight = 16.0
            for band in track.bands {
                let from = clampTime(band.from), to = clampTime(band.to)
                guard to > from else { continue }
                let x1 = layout.timeScale(from), x2 = layout.timeScale(to)
                let fill = band.phase == .active ? Self.activeFill : (band.isShown ? Self.fillShown : Self.fillHidden)
                let stroke = band.phase == .active || band.isShown ? Self.activeFill : "#bbbbbb"
                var attributes = [
                    ("class", "band \(band.phase.rawValue)\(band.isShown ? " shown" : "")"),
                    ("data-from", Self.exact(band.from)), ("data-to", Self.exact(band.to)),
                    ("x", Self.n(x1)), ("y", Self.n(barTop)), ("width", Self.n(x2 - x1)), ("height", Self.n(barHeight)),
                    ("fill", fill), ("stroke", stroke), ("stroke-width", "0.8"),
                ]
                if !(band.phase == .active || band.isShown) { attributes.append(("stroke-dasharray", "3 2")) }
                svg.element("rect", attributes)
                let caption = band.phase == .active ? "active" : "\(band.phase.rawValue)\(band.isShown ? ", fill" : "")"
                if x2 - x1 > Double(caption.count) * 6 + 6 {
                    svg.text(caption, [
                        ("class", "small"), ("x", Self.n((x1 + x2) / 2)), ("y", Self.n(barTop + 11)), ("text-anchor", "middle"),
                        ("fill", band.phase == .active ? "#ffffff" : "#333333"),
                    ])
                }
            }
            for mark in track.marks where mark.time >= timeline.start && mark.time <= timeline.end {
                let x = Self.n(layout.timeScale(mark.time))
                switch mark.kind {
                case let .iteration(iteration):
                    svg.element("line", [
                        ("class", "iteration"), ("data-time", Self.exact(mark.time)), ("data-index", "\(iteration)"),
                        ("x1", x), ("y1", Self.n(barTop - 3)), ("x2", x), ("y2", Self.n(barTop + barHeight + 3)),
                        ("stroke", "#222222"), ("stroke-width", "1.5"),
                    ])
                case .reverse:
                    svg.element("line", [
                        ("class", "reverse"), ("data-time", Self.exact(mark.time)),
                        ("x1", x), ("y1", Self.n(barTop)), ("x2", x), ("y2", Self.n(barTop + barHeight)),
                        ("stroke", "#222222"), ("stroke-dasharray", "2 2"),
                    ])
                }
            }
            if track.marksOmitted {
                svg.text("iterations too dense to mark", [("class", "note small"), ("x", Self.n(PlotLayout.plotRight)), ("y", Self.n(top + 4)), ("text-anchor", "end")])
            }
            svg.close()
        }
    }

    /// The timing fields of a track as the runtime holds them: `b` (beginTime), `d` (simple duration),
    /// `rc`/`rd` (repeat count or duration), autoreverses, speed, offset, fill mode, and "not removed" when
    /// `removedOnCompletion` is false.
    static func timingSummary(_ track: AnimationTrack) -> String {
        let t = track.timing.timing
        var parts = ["b \(short(t.beginTime))", "d \(short(track.timing.simpleDuration))"]
        if t.repeatDuration > 0 { parts.append("rd \(short(t.repeatDuration))") } else if t.repeatCount > 0 { parts.append("rc \(short(Double(t.repeatCount)))") }
        if t.autoreverses { parts.append("autoreverses") }
        if t.speed != 1 { parts.append("speed \(short(Double(t.speed)))") }
        if t.timeOffset != 0 { parts.append("offset \(short(t.timeOffset))") }
        parts.append("fill \(t.fillMode.rawValue)")
        if !track.removedOnCompletion { parts.append("not removed") }
        return parts.joined(separator: " · ")
    }

    /// A number for a label: up to three decimals without trailing zeros, `inf` for infinity.
    static func short(_ value: Double) -> String {
        if value == .infinity { return "inf" }
        if value == -.infinity { return "-inf" }
        var text = FixedDecimal.format(value, decimals: 3)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// `text` cut to `count` characters, with an ellipsis when cut.
    static func clipped(_ text: String, _ count: Int) -> String {
        text.count <= count ? text : String(text.prefix(count - 1)) + "…"
    }
}
