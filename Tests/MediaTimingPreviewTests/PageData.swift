import Foundation
import MediaTimingPreview

/// A preview page's data block, decoded by the test's own reading of the format (Docs/preview.md,
/// "Encoding"): a channel is a JSON number (every frame) or a string "first,delta,delta*run,…" of integer
/// counts of 10^-decimals.
struct PageData {
    let object: [String: Any]
    let frames: Int
    let decimals: [Int]
    let layers: [(id: String, parent: Int, channels: [[Double]])]
    let times: [Double]

    init(html: String) throws {
        let open = "<script id=\"data\" type=\"application/json\">"
        guard let start = html.range(of: open), let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex) else {
            throw CocoaError(.coderReadCorrupt)
        }
        let text = String(html[start.upperBound..<end.lowerBound])
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let frames = object["frames"] as? Int, let decimals = object["dec"] as? [Int], let layers = object["layers"] as? [[String: Any]]
        else { throw CocoaError(.coderReadCorrupt) }
        self.object = object
        self.frames = frames
        self.decimals = decimals
        times = try Self.channel(object["times"] as Any, decimals: 6, frames: frames)
        self.layers = try layers.map { layer in
            guard let id = layer["id"] as? String, let parent = layer["parent"] as? Int, let channels = layer["c"] as? [Any] else {
                throw CocoaError(.coderReadCorrupt)
            }
            return (id, parent, try channels.enumerated().map { try Self.channel($0.element, decimals: decimals[$0.offset], frames: frames) })
        }
    }

    /// One channel, one value per frame.
    static func channel(_ value: Any, decimals: Int, frames: Int) throws -> [Double] {
        if let number = value as? NSNumber, !(value is String) { return Array(repeating: number.doubleValue, count: frames) }
        guard let text = value as? String else { throw CocoaError(.coderReadCorrupt) }
        let scale = pow(10, Double(decimals))
        var units: [Int64] = []
        for (index, token) in text.split(separator: ",").enumerated() {
            let parts = token.split(separator: "*")
            guard let first = Int64(parts[0]) else { throw CocoaError(.coderReadCorrupt) }
            if index == 0 { units.append(first); continue }
            let run = parts.count == 2 ? Int(parts[1]) ?? 0 : 1
            for _ in 0..<run { units.append(units[units.count - 1] + first) }
        }
        guard units.count == frames else { throw CocoaError(.coderReadCorrupt) }
        return units.map { Double($0) / scale }
    }

    /// The series of channel `name` (``PreviewChannel/names``) of layer `id`.
    func series(_ id: String, _ name: String) -> [Double]? {
        guard let layer = layers.first(where: { $0.id == id }), let channel = PreviewChannel.names.firstIndex(of: name) else { return nil }
        return layer.channels[channel]
    }
}
