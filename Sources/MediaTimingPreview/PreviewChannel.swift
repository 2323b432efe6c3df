import MediaTiming
import MediaTimingPlot

/// The numbers a preview page draws a layer from, one series per channel, and the fixed precision each is
/// written with (Docs/preview.md, "Encoding").
///
/// A channel is one number of a presentation value: `position` x and y, the `bounds` rectangle, the
/// `anchorPoint`, the sixteen entries of `transform` (row-major, `m11` … `m44`), `opacity`, the
/// `backgroundColor` components, `cornerRadius` and `borderWidth`.
public enum PreviewChannel {
    /// The key paths read from the runtime, in channel order, with the number of channels each fills.
    public static let keyPaths: [(keyPath: AnimationKeyPath, count: Int)] = [
        (.position, 2), (.bounds, 4), (.anchorPoint, 2), (.transform, 16), (.opacity, 1),
        (.backgroundColor, 4), (.cornerRadius, 1), (borderWidth, 1),
    ]

    /// `borderWidth`, a property MediaTiming does not name (a custom key path holding a scalar).
    public static let borderWidth = AnimationKeyPath(property: .custom("borderWidth"))

    /// The number of channels per layer.
    public static let count = 31

    /// The channels' names, in order (`position.x`, …, `transform.m34`, …, `borderWidth`).
    public static let names: [String] = {
        var names = ["position.x", "position.y", "bounds.x", "bounds.y", "bounds.width", "bounds.height", "anchorPoint.x", "anchorPoint.y"]
        for row in 1...4 { for column in 1...4 { names.append("transform.m\(row)\(column)") } }
        names += ["opacity", "backgroundColor.r", "backgroundColor.g", "backgroundColor.b", "backgroundColor.a", "cornerRadius", "borderWidth"]
        return names
    }()

    /// Decimals written per channel. Geometry in points: 2 (±0.005 pt). The anchor point (unit
    /// coordinates): 4. The transform's linear part (`m11` … `m33`) and `m44`: 5; its perspective column
    /// (`m14`, `m24`, `m34`, −1/d for an eye distance d of some hundred points): 6, so that 1/d keeps
    /// three significant digits at d = 1000; its translation (`m41`, `m42`, `m43`): 2. Opacity: 4. Colour
    /// components: 3 (finer than 8-bit colour, 1/255).
    public static let decimals: [Int] = {
        var decimals = [2, 2, 2, 2, 2, 2, 4, 4]
        for row in 0..<4 {
            for column in 0..<4 {
                if column == 3 && row < 3 { decimals.append(6) } else if row == 3 && column < 3 { decimals.append(2) } else { decimals.append(5) }
            }
        }
        decimals += [4, 3, 3, 3, 3, 2, 2]
        return decimals
    }()

    /// The largest magnitude written; larger values are clamped to it (a page cannot draw them anyway).
    public static let maximumMagnitude = 1e9

    /// `value` as an integer count of `10^-decimals` units, rounded half away from zero, after clamping to
    /// ±``maximumMagnitude`` (NaN reads as 0; presentation values are finite, Docs/semantics.md §10).
    public static func quantize(_ value: Double, decimals: Int) -> Int64 {
        var power = 1.0
        for _ in 0..<min(max(decimals, 0), 9) { power *= 10 }
        let v = value.isNaN ? 0 : min(max(value, -maximumMagnitude), maximumMagnitude)
        return Int64((v * power).rounded(.toNearestOrAwayFromZero))
    }

    /// A series of quantized values as written in the page: the value itself (a JSON number, in units)
    /// when every frame has it, else a string of comma-separated integers: the first value, then each
    /// frame's difference from the previous one, a run of `k ≥ 3` equal differences `d` written `d*k`.
    /// O(n) in the number of frames.
    public static func encode(_ series: [Int64], decimals: Int) -> String {
        guard let first = series.first else { return "0" }
        if series.allSatisfy({ $0 == first }) { return number(first, decimals: decimals) }
        var out = "\"" + String(first)
        var index = 1
        while index < series.count {
            let delta = series[index] &- series[index - 1]
            var run = 1
            while index + run < series.count && series[index + run] &- series[index + run - 1] == delta { run += 1 }
            if run >= 3 {
                out += "," + String(delta) + "*" + String(run)
            } else {
                for _ in 0..<run { out += "," + String(delta) }
            }
            index += run
        }
        return out + "\""
    }

    /// `units · 10^-decimals` as the shortest fixed-point text (trailing zeros and a bare point dropped).
    public static func number(_ units: Int64, decimals: Int) -> String {
        var power = 1.0
        for _ in 0..<min(max(decimals, 0), 9) { power *= 10 }
        var text = FixedDecimal.format(Double(units) / power, decimals: decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
