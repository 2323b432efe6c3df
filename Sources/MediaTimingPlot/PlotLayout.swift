import MediaTimingScene

/// Where everything of a diagram goes: the time scale shared by all rows and lanes, the animation rows,
/// the pause rows and the probe lanes, top to bottom.
public struct PlotLayout: Sendable {
    /// The diagram's width.
    public static let width = 960.0
    /// The left edge of the time axis (labels sit to its left).
    public static let plotLeft = 250.0
    /// The right edge of the time axis.
    public static let plotRight = 935.0
    /// The height of an animation row.
    public static let trackRowHeight = 34.0
    /// The height of a pause row.
    public static let pauseRowHeight = 18.0
    /// The height of a lane's plot area.
    public static let laneHeight = 96.0
    /// The space above a lane's plot area for its title.
    public static let laneTitleHeight = 20.0
    /// The space between lanes.
    public static let laneGap = 14.0

    /// Media time (s) to horizontal coordinates: the first sample at ``plotLeft``, the last at
    /// ``plotRight``.
    public let timeScale: LinearScale
    /// The top of each animation row, in track order.
    public let trackRowTops: [Double]
    /// The top of each pause row, with the paused layer's id, in order of first pause.
    public let pauseRows: [(layer: String, top: Double)]
    /// The probe lanes, in probe order.
    public let lanes: [ProbeLane]
    /// The top of the first row (below the title and the legend).
    public let bodyTop: Double
    /// The vertical position of the time axis.
    public let axisY: Double
    /// The diagram's height.
    public let height: Double

    /// Lays out `timeline`.
    public init(timeline: SceneTimeline) {
        timeScale = LinearScale(domain: timeline.start...timeline.end, rangeLower: Self.plotLeft, rangeUpper: Self.plotRight)
        var y = 98.0
        bodyTop = y
        var tops: [Double] = []
        for _ in timeline.tracks {
            tops.append(y)
            y += Self.trackRowHeight
        }
        trackRowTops = tops
        var pauseRows: [(layer: String, top: Double)] = []
        for pause in timeline.pauses where !pauseRows.contains(where: { $0.layer == pause.layer }) {
            pauseRows.append((pause.layer, y))
            y += Self.pauseRowHeight
        }
        self.pauseRows = pauseRows
        y += 10
        var lanes: [ProbeLane] = []
        for (index, name) in timeline.probeNames.enumerated() {
            let values = timeline.result.samples.map { index < $0.values.count ? $0.values[index].value : .null }
            let quantity = index < timeline.probeQuantities.count ? timeline.probeQuantities[index] : nil
            let (kind, range) = ProbeLane.kind(of: values, quantity: quantity)
            let top = y + Self.laneTitleHeight
            let bottom = top + Self.laneHeight
            let domain: ClosedRange<Double>
            switch kind {
            case .categorical: domain = range ?? -0.5...0.5
            case .numeric:
                if let range, range.upperBound > range.lowerBound {
                    let pad = (range.upperBound - range.lowerBound) * 0.08
                    domain = (range.lowerBound - pad)...(range.upperBound + pad)
                } else if let range {
                    domain = (range.lowerBound - 1)...(range.upperBound + 1)
                } else {
                    domain = -1...1
                }
            }
            lanes.append(
                ProbeLane(
                    name: name, unit: ValueUnits.unit(of: quantity), kind: kind, top: top, height: Self.laneHeight,
                    valueScale: LinearScale(domain: domain, rangeLower: bottom, rangeUpper: top)))
            y = bottom + Self.laneGap
        }
        self.lanes = lanes
        axisY = y + 4
        height = axisY + 44
    }
}
