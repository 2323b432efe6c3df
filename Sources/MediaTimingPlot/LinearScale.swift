/// An affine map from data values (seconds, property values) to SVG coordinates.
public struct LinearScale: Hashable, Sendable {
    /// The data value mapped to ``rangeLower``.
    public let domainLower: Double
    /// The data value mapped to ``rangeUpper`` (different from ``domainLower``).
    public let domainUpper: Double
    /// The coordinate of ``domainLower``.
    public let rangeLower: Double
    /// The coordinate of ``domainUpper``.
    public let rangeUpper: Double

    /// A scale mapping `domain` onto `rangeLower ... rangeUpper` (either order). An empty or non-finite
    /// domain is widened to one unit around its lower bound (or around 0).
    public init(domain: ClosedRange<Double>, rangeLower: Double, rangeUpper: Double) {
        var lower = domain.lowerBound.isFinite ? domain.lowerBound : 0
        var upper = domain.upperBound.isFinite ? domain.upperBound : lower
        if !(upper > lower) {
            let centre = lower
            lower = centre - 0.5
            upper = centre + 0.5
        }
        domainLower = lower
        domainUpper = upper
        self.rangeLower = rangeLower
        self.rangeUpper = rangeUpper
    }

    /// The coordinate of `value`.
    public func callAsFunction(_ value: Double) -> Double {
        rangeLower + (value - domainLower) / (domainUpper - domainLower) * (rangeUpper - rangeLower)
    }

    /// The data value at `coordinate` (the inverse map).
    public func value(at coordinate: Double) -> Double {
        domainLower + (coordinate - rangeLower) / (rangeUpper - rangeLower) * (domainUpper - domainLower)
    }

    /// Round tick values inside the domain, at most about `count` of them, with a step of 1, 2 or 5
    /// times a power of ten, and the number of decimals that prints the step exactly.
    public func ticks(count: Int) -> (values: [Double], decimals: Int) {
        let span = domainUpper - domainLower
        guard span.isFinite, span > 0, count > 0 else { return ([], 0) }
        let raw = span / Double(count)
        // The power of ten at or below `raw`, found by repeated multiplication (no libm call).
        var power = 1.0
        var exponent = 0
        while power * 10 <= raw && exponent < 300 { power *= 10; exponent += 1 }
        while power > raw && exponent > -300 { power /= 10; exponent -= 1 }
        let step: Double
        if raw <= 2 * power {
            step = 2 * power
        } else if raw <= 5 * power {
            step = 5 * power
        } else {
            step = 10 * power
            exponent += 1
        }
        // A bound on a multiple of the step counts as one despite the quotient's rounding (1.2 / 0.2).
        let first = (domainLower / step - 1e-9).rounded(.up)
        let last = (domainUpper / step + 1e-9).rounded(.down)
        guard first.isFinite, last.isFinite, last - first < 1000 else { return ([], 0) }
        var values: [Double] = []
        var k = first
        while k <= last {
            values.append(k * step)
            k += 1
        }
        return (values, max(0, -exponent))
    }
}
