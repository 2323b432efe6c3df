/// Prints a ``SceneResult`` as a `mediatiming-result/1` JSON document or as CSV (Docs/scene-format.md,
/// "Result document"). The output is a function of the result alone: the same result gives the same
/// bytes on every machine.
///
/// **Numbers** are printed in the shortest form that reads back to the same `Double` (Swift's
/// `description`, which is correctly rounded and shortest), with a trailing `.0` dropped: `2`, `0.1`,
/// `-0`, `1e-07`, `1e+16`. Every printed number parses back (with ``JSONParser``) to the same bits.
/// JSON has no infinities or NaN; should one reach the writer it is printed as the **string** `"inf"`,
/// `"-inf"` or `"nan"` (the spelling `"inf"` the scene format accepts for infinite inputs). In CSV the
/// same words appear unquoted.
///
/// **JSON layout**: one sample per line, one event per line, two-space indentation, keys in the order
/// `t`, `values` (probes in probe order) and `t`, `layer`, `key`, `event`, `finished` (`finished` only
/// on `didStop`). Strings are escaped minimally: `"`, `\`, and control characters (`\n`, `\t`, … or
/// `\u00XX`); everything else is written as UTF-8. The document ends with a newline.
///
/// **CSV layout**: a header `t,<probe columns>`, then one row per sample, lines ending in `\n`.
/// A probe whose values have several components (points, sizes, rects, colours, transforms) takes one
/// column per component, named `name[0]`, `name[1]`, …; its width is the largest component count among
/// the samples, so every row has the same number of cells. A `null` value (nothing to report) is an
/// empty cell, and phases are written as text. Cells and header names are quoted (RFC 4180, `"` doubled)
/// when they contain `,`, `"`, a line break, or leading or trailing spaces. Events are not part of the
/// CSV output. The columns come from the first sample; with no samples the header is `t` alone.
public enum SceneResultWriter {
    /// The format string of result documents.
    public static let format = "mediatiming-result/1"

    // MARK: JSON

    /// The result as a `mediatiming-result/1` JSON document.
    ///
    /// Built as UTF-8 bytes in one growing buffer (the probe names' escaped forms are computed once per
    /// probe position, not once per sample), then turned into one `String`; the bytes are exactly those
    /// of the layout described on the type.
    public static func json(_ result: SceneResult) -> String {
        var out = JSONBytes()
        out.reserve(result.samples.count * 64 * (result.samples.first?.values.count ?? 1) + 256)
        out.append("{\n  \"format\": ")
        out.appendString(format)
        out.append(",\n  \"samples\": [")
        var names: [(name: String, escaped: [UInt8])] = []
        for (index, sample) in result.samples.enumerated() {
            out.append(index == 0 ? "\n    " : ",\n    ")
            out.append("{\"t\": ")
            out.appendNumber(sample.time)
            out.append(", \"values\": {")
            for (position, reading) in sample.values.enumerated() {
                if position > 0 { out.append(", ") }
                if position == names.count {
                    names.append((reading.name, Array(jsonString(reading.name).utf8)))
                } else if names[position].name != reading.name {
                    names[position] = (reading.name, Array(jsonString(reading.name).utf8))
                }
                out.bytes.append(contentsOf: names[position].escaped)
                out.append(": ")
                out.appendValue(reading.value)
            }
            out.append("}}")
        }
        out.append(result.samples.isEmpty ? "],\n  \"events\": [" : "\n  ],\n  \"events\": [")
        for (index, event) in result.events.enumerated() {
            out.append(index == 0 ? "\n    " : ",\n    ")
            out.append("{\"t\": ")
            out.appendNumber(event.time)
            out.append(", \"layer\": ")
            out.appendString(event.layer)
            out.append(", \"key\": ")
            out.appendString(event.key)
            out.append(event.isStart ? ", \"event\": \"didStart\"" : ", \"event\": \"didStop\"")
            if !event.isStart, let finished = event.finished {
                out.append(finished ? ", \"finished\": true" : ", \"finished\": false")
            }
            out.append("}")
        }
        out.append(result.events.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The UTF-8 buffer of ``json(_:)``: the same tokens as ``jsonNumber(_:)``, ``jsonString(_:)`` and
    /// ``jsonValue(_:)``, appended without building intermediate strings where it can.
    struct JSONBytes {
        var bytes: [UInt8] = []

        mutating func reserve(_ capacity: Int) {
            bytes.reserveCapacity(Swift.min(Swift.max(capacity, 0), 1 << 30))
        }

        mutating func append(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        /// ``jsonNumber(_:)``: the shortest round-tripping form without a trailing `.0`, quoted when not
        /// finite.
        mutating func appendNumber(_ x: Double) {
            guard x.isFinite else {
                append(jsonNumber(x))
                return
            }
            append(x.description)
            let n = bytes.count
            if n >= 2, bytes[n - 2] == UInt8(ascii: "."), bytes[n - 1] == UInt8(ascii: "0") {
                bytes.removeLast(2)
            }
        }

        /// ``jsonString(_:)`` byte by byte: a string with no `"`, backslash or control character (every byte of
        /// a multi-byte UTF-8 sequence is ≥ 0x80) is copied as it is, between quotes.
        mutating func appendString(_ s: String) {
            var s = s
            let plain = s.withUTF8 { utf8 in
                !utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            }
            guard plain else { return append(jsonString(s)) }
            bytes.append(UInt8(ascii: "\""))
            s.withUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\""))
        }

        /// ``jsonValue(_:)``.
        mutating func appendValue(_ value: ProbeValue) {
            switch value {
            case let .number(x):
                appendNumber(x)
            case let .numbers(xs):
                bytes.append(UInt8(ascii: "["))
                for (index, x) in xs.enumerated() {
                    if index > 0 { append(", ") }
                    appendNumber(x)
                }
                bytes.append(UInt8(ascii: "]"))
            case let .text(s):
                appendString(s)
            case .null:
                append("null")
            }
        }
    }

    /// A probe value as JSON.
    public static func jsonValue(_ value: ProbeValue) -> String {
        switch value {
        case let .number(x): return jsonNumber(x)
        case let .numbers(xs): return "[" + xs.map(jsonNumber).joined(separator: ", ") + "]"
        case let .text(s): return jsonString(s)
        case .null: return "null"
        }
    }

    /// A number as a JSON token: the shortest round-tripping form, or `"inf"`, `"-inf"`, `"nan"`.
    public static func jsonNumber(_ x: Double) -> String {
        x.isFinite ? number(x) : "\"\(number(x))\""
    }

    /// The shortest decimal form of `x` that reads back to the same `Double`, without a trailing `.0`;
    /// `inf`, `-inf` or `nan` for non-finite values.
    public static func number(_ x: Double) -> String {
        if x.isNaN { return "nan" }
        if x.isInfinite { return x < 0 ? "-inf" : "inf" }
        let text = x.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A string as a JSON string literal.
    public static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }

    // MARK: CSV

    /// The samples as CSV: `t` and one column per probe component, one row per sample.
    public static func csv(_ result: SceneResult) -> String {
        let names = result.samples.first?.values.map(\.name) ?? []
        // Component count per probe: > 0 for multi-component probes.
        var widths = [Int](repeating: 0, count: names.count)
        var positions: [String: Int] = [:]
        for (index, name) in names.enumerated() where positions[name] == nil { positions[name] = index }
        for sample in result.samples {
            for (index, reading) in sample.values.enumerated() {
                guard case let .numbers(xs) = reading.value else { continue }
                let column = index < names.count && names[index] == reading.name ? index : positions[reading.name]
                if let column { widths[column] = max(widths[column], xs.count, 1) }
            }
        }
        var out = "t"
        for (index, name) in names.enumerated() {
            if widths[index] == 0 {
                out += "," + csvCell(name)
            } else {
                for component in 0..<widths[index] { out += "," + csvCell("\(name)[\(component)]") }
            }
        }
        out += "\n"
        for sample in result.samples {
            var cells = [[String]](repeating: [], count: names.count)
            for (index, reading) in sample.values.enumerated() {
                let column = index < names.count && names[index] == reading.name ? index : positions[reading.name]
                guard let column else { continue }
                switch reading.value {
                case let .number(x): cells[column] = [number(x)]
                case let .numbers(xs): cells[column] = xs.map(number)
                case let .text(s): cells[column] = [csvCell(s)]
                case .null: cells[column] = []
                }
            }
            out += number(sample.time)
            for (index, row) in cells.enumerated() {
                let width = max(widths[index], 1)
                for component in 0..<width {
                    out += ","
                    if component < row.count { out += row[component] }
                }
            }
            out += "\n"
        }
        return out
    }

    /// A CSV cell, quoted when it must be.
    static func csvCell(_ s: String) -> String {
        let needsQuotes =
            s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            || s.first == " " || s.last == " "
        guard needsQuotes else { return s }
        return "\"" + s.replacingAll("\"", with: "\"\"") + "\""
    }
}

extension String {
    /// `self` with every `target` character replaced (the standard library has no `replacingOccurrences`
    /// without Foundation).
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
