import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An element of a parsed SVG document: its name, its attributes, and the attributes of the groups that
/// contain it (innermost last).
struct SVGElement {
    var name: String
    var attributes: [String: String]
    var groups: [[String: String]]

    /// The classes of the element.
    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }

    /// A numeric attribute.
    func number(_ name: String) -> Double? { attributes[name].flatMap(Double.init) }

    /// The nearest enclosing group's attribute `name`.
    func group(_ name: String) -> String? { groups.reversed().lazy.compactMap { $0[name] }.first }
}

/// Parses `text` with Foundation's XMLParser; `nil` when it is not well-formed XML.
func parseSVG(_ text: String) -> [SVGElement]? {
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [SVGElement] = []
        var groups: [[String: String]] = []
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(SVGElement(name: name, attributes: attributes, groups: groups))
            if name == "g" { groups.append(attributes) }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "g" { groups.removeLast() }
        }
    }
    let parser = XMLParser(data: Data(text.utf8))
    let collector = Collector()
    parser.delegate = collector
    return parser.parse() ? collector.elements : nil
}

/// The points of a polyline's `points` attribute.
func polylinePoints(_ element: SVGElement) -> [(x: Double, y: Double)] {
    (element.attributes["points"] ?? "").split(separator: " ").compactMap { pair in
        let parts = pair.split(separator: ",").compactMap { Double(String($0)) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
}
