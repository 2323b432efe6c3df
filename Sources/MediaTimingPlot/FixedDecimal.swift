/// Locale-free fixed-point formatting of doubles: the same value always gives the same characters, on
/// every platform and in every locale (the diagram's bytes depend on it).
public enum FixedDecimal {
    /// The largest magnitude formatted digit by digit; larger values are clamped to it.
    public static let maximumMagnitude = 1e15

    /// `value` with exactly `decimals` digits after the point (0 to 9): the scaled value `value · 10^decimals`
    /// (one IEEE multiplication) rounded half away from zero; `-0` and values that round to zero print
    /// without a sign. NaN prints as `0`; infinities and
    /// magnitudes beyond ``maximumMagnitude`` are clamped to ±``maximumMagnitude``.
    public static func format(_ value: Double, decimals: Int) -> String {
        let places = min(max(decimals, 0), 9)
        var power = 1.0
        for _ in 0..<places { power *= 10 }
        var v = value.isNaN ? 0 : value
        v = min(max(v, -maximumMagnitude), maximumMagnitude)
        let scaled = (v * power).rounded(.toNearestOrAwayFromZero)
        // |scaled| ≤ 1e24 would overflow Int64 for many decimals: clamp the digits instead.
        let clamped = min(max(scaled, -9.0e18), 9.0e18)
        let units = Int64(clamped)
        let negative = units < 0
        let magnitude = units.magnitude
        let divisor = UInt64(power)
        let whole = magnitude / divisor
        let fraction = magnitude % divisor
        var text = negative ? "-" : ""
        text += String(whole)
        if places > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: places - digits.count) + digits
        }
        return text
    }
}
