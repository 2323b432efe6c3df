import MediaTiming

/// Equality to the bit: every double compared by its bit pattern (so −0 ≠ +0 and a NaN equals the same
/// NaN), for the differential checks (``DifferentialRun``).
public enum Bitwise {
    /// The same kind and the same bits in every component.
    public static func same(_ a: AnimationValue, _ b: AnimationValue) -> Bool {
        a.kind == b.kind && (0..<a.kind.componentCount).allSatisfy { a.component($0).bitPattern == b.component($0).bitPattern }
    }

    /// Both nil, or the same bits.
    public static func same(_ a: Double?, _ b: Double?) -> Bool { a?.bitPattern == b?.bitPattern }

    /// Both nil, or the same bits in both coordinates.
    public static func same(_ a: Point?, _ b: Point?) -> Bool { same(a?.x, b?.x) && same(a?.y, b?.y) }

    /// Both nil, or the same bits in both dimensions.
    public static func same(_ a: Size?, _ b: Size?) -> Bool { same(a?.width, b?.width) && same(a?.height, b?.height) }

    /// Both nil, or every field the same (the doubles to the bit).
    public static func same(_ a: TimingEvaluation?, _ b: TimingEvaluation?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.phase == b.phase && a.applies == b.applies && a.iteration == b.iteration
            && [a.activeTime, a.basicTime, a.unitTime, a.progress].map(\.bitPattern)
                == [b.activeTime, b.basicTime, b.unitTime, b.progress].map(\.bitPattern)
    }

    /// The same events in the same order: time to the bit, layer, key, kind and add order.
    public static func same(_ a: [AnimationEvent], _ b: [AnimationEvent]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                x.time.bitPattern == y.time.bitPattern && x.layer == y.layer && x.key == y.key && x.kind == y.kind
                    && x.sequence == y.sequence
            }
    }
}
