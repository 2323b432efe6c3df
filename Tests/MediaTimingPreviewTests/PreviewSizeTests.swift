import Foundation
import MediaTimingPreview
import MediaTimingScene
import Testing

@Suite struct PreviewSizeTests {
    /// 20 layers for 10 s at 60 fps, each animating position (keyframes along a curve), bounds,
    /// `transform.rotation.z` and `transform.scale`, opacity, backgroundColor and cornerRadius, with
    /// easing: most channels change every frame (the issue's bound is for this size of scene).
    static func busyScene() -> String {
        var layers: [String] = [], script: [String] = []
        for n in 0..<20 {
            let parent = n % 4 == 0 ? "" : ", \"parent\": \"l\(n - n % 4)\""
            layers.append("{\"id\": \"l\(n)\"\(parent), \"model\": {\"bounds\": [0, 0, 40, 30], \"position\": [\(20 * n), 50], \"backgroundColor\": [0.2, 0.4, 0.6, 1]}}")
            let animations = [
                "{\"type\": \"keyframe\", \"keyPath\": \"position\", \"values\": [[0, 0], [\(300 + n), 120], [40, 400.5], [10, 3]], \"timing\": {\"duration\": \(3 + Double(n) / 7), \"repeatCount\": 1e9}}",
                "{\"type\": \"basic\", \"keyPath\": \"bounds\", \"fromValue\": [0, 0, 40, 30], \"toValue\": [0, 0, 93.3, 71.7], \"timing\": {\"duration\": 2.3, \"autoreverses\": true, \"repeatCount\": 1e9}, \"timingFunction\": \"easeInEaseOut\"}",
                "{\"type\": \"basic\", \"keyPath\": \"transform.rotation.z\", \"fromValue\": 0, \"toValue\": 6.2831853, \"timing\": {\"duration\": \(1.7 + Double(n) / 11), \"repeatCount\": 1e9}}",
                "{\"type\": \"basic\", \"keyPath\": \"transform.scale\", \"fromValue\": 0.5, \"toValue\": 1.5, \"timing\": {\"duration\": 1.3, \"autoreverses\": true, \"repeatCount\": 1e9}, \"timingFunction\": \"easeIn\"}",
                "{\"type\": \"basic\", \"keyPath\": \"opacity\", \"fromValue\": 0.1, \"toValue\": 1, \"timing\": {\"duration\": 0.9, \"autoreverses\": true, \"repeatCount\": 1e9}, \"timingFunction\": \"easeOut\"}",
                "{\"type\": \"basic\", \"keyPath\": \"backgroundColor\", \"fromValue\": [1, 0, 0, 1], \"toValue\": [0, 0.5, 1, 0.3], \"timing\": {\"duration\": 3.1, \"autoreverses\": true, \"repeatCount\": 1e9}}",
                "{\"type\": \"basic\", \"keyPath\": \"cornerRadius\", \"fromValue\": 0, \"toValue\": 15, \"timing\": {\"duration\": 2.9, \"autoreverses\": true, \"repeatCount\": 1e9}}",
            ]
            for (k, animation) in animations.enumerated() {
                script.append("{\"at\": 0, \"add\": {\"layer\": \"l\(n)\", \"key\": \"a\(k)\", \"animation\": \(animation)}}")
            }
        }
        return """
            {"format": "mediatiming-scene/1", "layers": [\(layers.joined(separator: ",\n"))],
             "script": [\(script.joined(separator: ",\n"))], "sample": {"from": 0, "to": 10, "fps": 60}, "probes": []}
            """
    }

    @Test("20 busy layers for 10 s at 60 fps make a page of at most 2 MB")
    func sizeBound() throws {
        let scene = try SceneDecoder.decode(Self.busyScene())
        let html = try ScenePreview.document(scene: scene, title: "busy", fps: 60).html()
        let data = try PageData(html: html)
        #expect(data.frames == 601)
        #expect(data.layers.count == 20)
        // Most channels do change: the bound is tested on a page that encodes them every frame.
        let changing = data.layers.flatMap(\.channels).filter { Set($0).count > 1 }.count
        #expect(changing >= 20 * 12)
        #expect(html.utf8.count <= 2_000_000, "\(html.utf8.count) bytes")
        print("busy page: \(html.utf8.count) bytes, \(changing) changing channels")
    }
}
