/// A minimal SVG writer: elements appended in order, attributes in the order given, numbers through
/// ``FixedDecimal`` (two decimals), text escaped. The same calls give the same bytes.
public struct SVGDocument: Sendable {
    /// The document's width in user units (pixels).
    public let width: Double
    /// The document's height in user units (pixels).
    public let height: Double
    /// The elements written so far, one per line.
    public private(set) var lines: [String] = []
    var depth = 1

    /// An empty document of the given size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A coordinate as written: two decimals.
    public static func number(_ value: Double) -> String { FixedDecimal.format(value, decimals: 2) }

    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, and control characters replaced by spaces.
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) { out += " " } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// An empty element `<name a="v" .../>`.
    public mutating func element(_ name: String, _ attributes: [(String, String)]) {
        lines.append(indent + "<\(name)\(Self.attributeText(attributes))/>")
    }

    /// An element with text content `<name ...>text</name>`.
    public mutating func text(_ content: String, _ attributes: [(String, String)]) {
        lines.append(indent + "<text\(Self.attributeText(attributes))>\(Self.escape(content))</text>")
    }

    /// Opens a group `<g ...>`; close it with ``close()``.
    public mutating func open(_ attributes: [(String, String)]) {
        lines.append(indent + "<g\(Self.attributeText(attributes))>")
        depth += 1
    }

    /// Closes the innermost open group.
    public mutating func close() {
        depth = max(1, depth - 1)
        lines.append(indent + "</g>")
    }

    /// A comment (`--` is replaced so the comment stays well-formed).
    public mutating func comment(_ content: String) {
        lines.append(indent + "<!-- \(content.replacingDashes) -->")
    }

    /// The document's bytes as text: the XML declaration, the `<svg>` root with its size and view box,
    /// the elements, one per line, and a final newline.
    public func rendered(styleSheet: String) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let w = Self.number(width), h = Self.number(height)
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">\n"
        out += "  <style>\(styleSheet)</style>\n"
        out += "  <rect class=\"background\" x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" fill=\"#ffffff\"/>\n"
        for line in lines { out += line + "\n" }
        out += "</svg>\n"
        return out
    }

    var indent: String { String(repeating: "  ", count: depth) }

    static func attributeText(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
    }
}

extension String {
    var replacingDashes: String {
        var out = ""
        var previousDash = false
        for character in self {
            if character == "-" && previousDash { out += " -" } else { out.append(character) }
            previousDash = character == "-"
        }
        return out
    }
}
