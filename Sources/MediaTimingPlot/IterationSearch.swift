import MediaTiming

/// Finds where an attached animation's iterations start and where its autoreversing iterations turn,
/// in media time, by evaluating the animation's own `ResolvedTiming` at the layer's local
/// time (from the runtime's `LayerTree` in effect at each instant) and locating each change
/// of (iteration, half) with `BoundarySearch` to the first representable time.
struct IterationSearch {
    let timing: ResolvedTiming
    let layer: LayerID
    /// The layer tree from each time on.
    let history: TreeHistory

    /// Iteration and half of the cycle at media time `time` under `tree`, or `nil` outside the active phase
    /// or when the time cannot be evaluated.
    func state(at time: Double, tree: LayerTree) -> State? {
        guard let local = try? tree.localTime(of: layer, atMediaTime: time),
            let evaluation = try? timing.evaluate(atParentTime: local), evaluation.phase == .active
        else { return nil }
        var reversed = false
        if timing.timing.autoreverses {
            let cycle = TimingCalculations.iteration(
                activeTime: evaluation.activeTime, cycleDuration: timing.cycleDuration, approach: .exact)
            reversed = cycle.cycleTime > timing.simpleDuration
        }
        return State(iteration: evaluation.iteration, reversed: reversed)
    }

    struct State: Hashable {
        var iteration: Int
        var reversed: Bool
    }

    /// The marks inside `bands` (the active ones), scanning cells of about `cell` seconds; `nil` when
    /// there are more than `limit`.
    func marks(in bands: [PhaseBand], cell: Double, limit: Int) -> [IterationMark]? {
        var marks: [IterationMark] = []
        for band in bands {
            // The band cut where the layer tree changes: inside a piece local time is affine in media time.
            let cuts = [band.from] + history.changes(after: band.from, before: band.to) + [band.to]
            for (from, to) in zip(cuts, cuts.dropFirst()) {
                let span = to - from
                guard span > 0, span.isFinite, let tree = history.tree(at: from) else { continue }
                let wanted = cell > 0 && cell.isFinite ? (span / cell).rounded(.up) : 1
                let cells = wanted.isFinite ? Int(min(max(wanted, 1), Double(SceneTimeline.searchCells))) : 1
                var lower = from
                for k in 1...cells {
                    let next = k == cells ? to : from + Double(k) * (span / Double(cells))
                    defer { lower = max(lower, next) }
                    guard next > lower else { continue }
                    // The band's end is the first instant of the next phase: search up to the instant before it.
                    let upper = state(at: next, tree: tree) == nil ? next.nextDown : next
                    guard upper > lower, var current = state(at: lower, tree: tree), let last = state(at: upper, tree: tree)
                    else { continue }
                    var cursor = lower
                    while current != last {
                        let before = current
                        let t = BoundarySearch.firstTime(after: cursor, upTo: upper, estimate: nil) {
                            state(at: $0, tree: tree) != before
                        }
                        guard let found = state(at: t, tree: tree) else { break }
                        let kind: IterationMark.Kind =
                            found.iteration != before.iteration ? .iteration(index: found.iteration) : .reverse
                        if marks.last?.time != t { marks.append(IterationMark(time: t, kind: kind)) }
                        if marks.count > limit { return nil }
                        cursor = t
                        current = found
                    }
                }
            }
        }
        return marks
    }
}
