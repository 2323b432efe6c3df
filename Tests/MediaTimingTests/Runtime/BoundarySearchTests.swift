import MediaTiming
import Testing

/// `BoundarySearch.firstTime(after:upTo:estimate:where:)`: the first double at which a monotone condition
/// holds (Docs/semantics.md §13.2), with and without an estimate, and what an exact estimate costs. Each
/// condition is a threshold `t ≥ c` on a double `c`, so the expected answer is `c` itself.
@Suite struct BoundarySearchTests {
    /// The answer and the number of evaluations of `t ≥ threshold`.
    static func search(
        after lower: Double, upTo upper: Double, estimate: Double?, threshold: Double
    ) -> (time: Double, evaluations: Int) {
        var evaluations = 0
        let time = BoundarySearch.firstTime(after: lower, upTo: upper, estimate: estimate) {
            evaluations += 1
            return $0 >= threshold
        }
        return (time, evaluations)
    }

    @Test("an exact estimate that is the upper bound costs one evaluation: the double below it")
    func exactEstimateAtUpper() {
        let result = Self.search(after: 0.25, upTo: 3.6, estimate: 3.6, threshold: 3.6)
        #expect(result.time == 3.6)
        #expect(result.evaluations == 1)
    }

    @Test("an estimate at the upper bound above the crossing: the search goes on below it")
    func lateEstimateAtUpper() {
        #expect(Self.search(after: 0.25, upTo: 3.6, estimate: 3.6, threshold: 1.7).time == 1.7)
        // The crossing one double below the estimate.
        #expect(Self.search(after: 0.25, upTo: 3.6, estimate: 3.6, threshold: 3.6.nextDown).time == 3.6.nextDown)
    }

    @Test("an estimate inside the bracket: exact, early or late")
    func estimateInside() {
        let exact = Self.search(after: 0, upTo: 10, estimate: 0.1, threshold: 0.1)
        #expect(exact.time == 0.1)
        // The estimate (holds) and the double below it (does not).
        #expect(exact.evaluations == 2)
        #expect(Self.search(after: 0, upTo: 10, estimate: 0.1, threshold: 0.1.nextUp).time == 0.1.nextUp)
        #expect(Self.search(after: 0, upTo: 10, estimate: 0.1, threshold: 7.3).time == 7.3)
        #expect(Self.search(after: 0, upTo: 10, estimate: 0.1, threshold: 0.01).time == 0.01)
    }

    @Test("no estimate, or one outside (lower, upper]: bisection over the doubles, at most 64 evaluations")
    func withoutEstimate() {
        for estimate in [nil, -1, 0, 10.5] as [Double?] {
            let result = Self.search(after: 0, upTo: 10, estimate: estimate, threshold: 0.3)
            #expect(result.time == 0.3)
            #expect(result.evaluations <= 64)
        }
        // Across zero and up to the largest double.
        #expect(Self.search(after: -2, upTo: .greatestFiniteMagnitude, estimate: nil, threshold: -0.0).time == 0)
        #expect(Self.search(after: -2, upTo: .greatestFiniteMagnitude, estimate: nil, threshold: 1e300).time == 1e300)
    }

    @Test("a bracket of adjacent doubles needs no evaluation")
    func adjacentBracket() {
        let result = Self.search(after: 2.5, upTo: 2.5.nextUp, estimate: 2.5.nextUp, threshold: 2.5.nextUp)
        #expect(result.time == 2.5.nextUp)
        #expect(result.evaluations == 0)
    }
}
