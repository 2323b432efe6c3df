import MediaTiming
import Testing

/// `BoundarySearch.firstTime(after:upTo:estimate:where:)`: the first double at which a monotone condition
/// holds (Docs/semantics.md §13.2), with and without an estimate, and what an exact estimate costs; and
/// `firstTime(after:estimates:finiteAtEnd:where:)`, which first brackets the crossing after a time (the
/// runtime's search for an animation's next crossing): each way it returns, and what it evaluates. Each
/// condition is a threshold `t ≥ c` on a double `c`, so the expected answer is `c` itself when `c` is above
/// the time searched from (the double after that time otherwise; none for a condition that never holds).
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

    /// `firstTime(after:estimates:finiteAtEnd:where:)` on `t ≥ threshold` (nil: never holds): the answer,
    /// the number of evaluations of the condition, the times evaluated in order (as many), and the calls
    /// of `finiteAtEnd`.
    static func search(
        after time: Double, estimates: (Double?, Double?), finiteAtEnd: Bool, threshold: Double?
    ) -> (time: Double?, evaluations: Int, endQuestions: Int, probes: [Double]) {
        var endQuestions = 0
        var probes: [Double] = []
        let found = BoundarySearch.firstTime(
            after: time, estimates: estimates,
            finiteAtEnd: {
                endQuestions += 1
                return finiteAtEnd
            },
            where: { t in
                probes.append(t)
                guard let threshold else { return false }
                return t >= threshold
            })
        return (found, probes.count, endQuestions, probes)
    }

    @Test("after a time: an estimate that is the crossing costs two evaluations, and the end is not asked")
    func estimateIsTheCrossing() {
        for estimates in [(2.75, nil), (nil, 2.75), (2.75, 9.5)] as [(Double?, Double?)] {
            let result = Self.search(after: 1, estimates: estimates, finiteAtEnd: true, threshold: 2.75)
            #expect(result.time == 2.75)
            // The estimate (holds) and the double below it (does not).
            #expect(result.evaluations == 2)
            #expect(result.endQuestions == 0)
        }
    }

    @Test("after a time: an estimate one double before the crossing costs two evaluations")
    func estimateJustBefore() {
        let result = Self.search(after: 1, estimates: (2.75, nil), finiteAtEnd: false, threshold: 2.75.nextUp)
        #expect(result.time == 2.75.nextUp)
        // The estimate (does not hold) and the double after it (holds): adjacent, nothing to bisect.
        #expect(result.evaluations == 2)
        #expect(result.endQuestions == 0)
    }

    @Test("after a time: the estimates are tried in increasing order")
    func estimatesInOrder() {
        // Given in either order, the smaller estimate is the crossing: two evaluations, as above. Tried
        // first, the larger one would hold and leave a bisection below it.
        for estimates in [(8.0, 3.0), (3.0, 8.0)] as [(Double?, Double?)] {
            let result = Self.search(after: 0, estimates: estimates, finiteAtEnd: false, threshold: 3)
            #expect(result.time == 3)
            #expect(result.evaluations == 2)
        }
        // The larger one is the crossing: the smaller one and its next double fail first (two more).
        let later = Self.search(after: 0, estimates: (8.0, 3.0), finiteAtEnd: false, threshold: 8)
        #expect(later.time == 8)
        #expect(later.evaluations == 4)
    }

    @Test("after a time: an estimate passed on the way moves the bracket's lower end above it")
    func passedEstimate() {
        // Both estimates are below the crossing at 5.5: the steps start past the larger one, and every
        // step and bisection stays above it (a condition that is false up to 5.5 and true from it on).
        let result = Self.search(after: 0, estimates: (1.0, 2.0), finiteAtEnd: false, threshold: 5.5)
        #expect(result.time == 5.5)
        #expect(result.endQuestions == 1)
        // The estimates and the doubles after them, then only times above the larger one's next double.
        #expect(Array(result.probes.prefix(4)) == [1, 1.0.nextUp, 2, 2.0.nextUp])
        #expect(result.probes.dropFirst(4).allSatisfy { $0 > 2.0.nextUp })
        #expect(result.evaluations <= 4 + 68 + 62)
    }

    @Test("after a time: estimates at or below the time, or not finite, are ignored")
    func ignoredEstimates() {
        for estimates in [(1.0, nil), (0.5, -.infinity), (nil, .nan), (.infinity, nil)] as [(Double?, Double?)] {
            let result = Self.search(after: 1, estimates: estimates, finiteAtEnd: true, threshold: 4.25)
            #expect(result.time == 4.25)
            // No estimate is tried: first the one evaluation at the largest double (holds), then the steps
            // from the time, above it.
            #expect(result.endQuestions == 1)
            #expect(result.probes.first == .greatestFiniteMagnitude)
            #expect(result.probes.dropFirst().allSatisfy { $0 > 1 && $0.isFinite })
            #expect(result.evaluations <= 1 + 64 + 62)
        }
    }

    @Test("after a time: nothing holds ever")
    func neverHolds() {
        // Monotone up to the largest double: one evaluation there decides.
        let decided = Self.search(after: 1, estimates: (nil, nil), finiteAtEnd: true, threshold: nil)
        #expect(decided.time == nil)
        #expect(decided.evaluations == 1)
        // With estimates that fail: their two evaluations each, then that one.
        let afterEstimates = Self.search(after: 1, estimates: (3.0, 2.0), finiteAtEnd: true, threshold: nil)
        #expect(afterEstimates.time == nil)
        #expect(afterEstimates.evaluations == 5)
        // Not known to be monotone: steps of 1, 2, 4, … doubles up to the largest one (the keys of 1 and of
        // the largest double are about 2⁶² apart: about 62 steps).
        let stepped = Self.search(after: 1, estimates: (nil, nil), finiteAtEnd: false, threshold: nil)
        #expect(stepped.time == nil)
        #expect(stepped.evaluations > 50 && stepped.evaluations <= 64)
    }

    @Test("after a time: a condition that already holds there gives the double after it")
    func holdsAtTheTime() {
        let result = Self.search(after: 2, estimates: (nil, nil), finiteAtEnd: false, threshold: 1)
        #expect(result.time == 2.0.nextUp)
        #expect(result.evaluations == 1)
    }

    @Test("after a time: steps cross zero and reach the largest double")
    func stepsAcrossZero() {
        #expect(Self.search(after: -3, estimates: (nil, nil), finiteAtEnd: false, threshold: 0.0).time == 0)
        #expect(Self.search(after: -3, estimates: (nil, nil), finiteAtEnd: false, threshold: 2e-300).time == 2e-300)
        let largest = Double.greatestFiniteMagnitude
        #expect(Self.search(after: -3, estimates: (nil, nil), finiteAtEnd: false, threshold: largest).time == largest)
        // An estimate at the largest double that does not hold: no double after it.
        #expect(Self.search(after: -3, estimates: (largest, nil), finiteAtEnd: false, threshold: nil).time == nil)
    }

    @Test("after a time: no finite double after a NaN time or the largest one, nothing evaluated")
    func noDoubleAfter() {
        for time in [Double.nan, -Double.nan, .greatestFiniteMagnitude, .infinity] {
            let result = Self.search(after: time, estimates: (2, nil), finiteAtEnd: true, threshold: 1)
            #expect(result.time == nil)
            #expect(result.evaluations == 0)
            #expect(result.endQuestions == 0)
        }
    }
}
