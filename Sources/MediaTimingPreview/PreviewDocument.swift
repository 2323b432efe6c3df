import MediaTiming
import MediaTimingPlot
import MediaTimingScene

/// A preview page: the recorded frames, the events and, for a scene, its timing diagram, written as one
/// self-contained HTML file (no network, no external script, style or font; Docs/preview.md).
///
/// The page draws frame `i` from the values recorded at `times[i]`; it picks `i` from its clock as the
/// last frame whose written time is at most the clock (``PreviewPage``), and does no other timing
/// arithmetic. The output is a
/// pure function of the inputs: numbers are written with fixed decimals (``PreviewChannel``), layers and
/// events in their order; no clock, locale or hashing order enters it.
public struct PreviewDocument: Sendable {
    /// The page's title.
    public var title: String
    /// The frames.
    public var recording: PreviewRecorder
    /// The first frame's time (the clock's start).
    public var from: Double
    /// The clock's end (the last frame is at or before it).
    public var to: Double
    /// Frames per second.
    public var fps: Double
    /// The event list, in order.
    public var events: [PreviewEvent]
    /// The timing diagram (SVG text, its XML declaration dropped) and the time scale its cursor follows.
    public var diagram: (svg: String, scale: LinearScale)?
    /// A line shown where the diagram would be when there is none (why).
    public var diagramNote: String?
    /// The part of the roots' coordinates the stage shows, or nil for the box of every layer's frame over
    /// every frame (what a scene's page shows).
    public var area: Rect?

    /// Assembles a page.
    public init(
        title: String, recording: PreviewRecorder, from: Double, to: Double, fps: Double, events: [PreviewEvent],
        diagram: (svg: String, scale: LinearScale)? = nil, diagramNote: String? = nil
    ) {
        self.title = title
        self.recording = recording
        self.from = from
        self.to = to
        self.fps = fps
        self.events = events
        self.diagram = diagram
        self.diagramNote = diagramNote
    }

    /// The decimals of the frames' times as written (microseconds).
    public static let timeDecimals = 6
    /// The decimals of the diagram cursor's positions (tenths of a pixel).
    public static let cursorDecimals = 1

    /// The index of the first frame at or after `time` (the frame at which an event is listed), or nil
    /// when every frame is before it. O(log frames).
    public func firstFrame(atOrAfter time: Double) -> Int? {
        let times = recording.times
        var low = 0, high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] < time { low = mid + 1 } else { high = mid }
        }
        return low < times.count ? low : nil
    }

    /// The page's text (UTF-8 when written out). O(layers × frames).
    public func html() -> String {
        let stage = area.map { PreviewStage(area: $0) } ?? PreviewStage(recording)
        let count = recording.times.count
        var data = "{\"title\":" + Self.json(title)
        data += ",\"from\":" + number(from) + ",\"to\":" + number(to) + ",\"fps\":" + number(fps) + ",\"frames\":" + String(count)
        data += ",\"times\":" + PreviewChannel.encode(recording.times.map { PreviewChannel.quantize($0, decimals: Self.timeDecimals) }, decimals: Self.timeDecimals)
        if let diagram {
            let xs = recording.times.map { t in PreviewChannel.quantize(diagram.scale(t), decimals: Self.cursorDecimals) }
            data += ",\"cursor\":" + PreviewChannel.encode(xs, decimals: Self.cursorDecimals)
        } else {
            data += ",\"cursor\":null"
        }
        data += ",\"dec\":[" + PreviewChannel.decimals.map(String.init).joined(separator: ",") + "]"
        data += ",\"layers\":["
        for (index, layer) in recording.layers.enumerated() {
            if index > 0 { data += ",\n" }
            data += "{\"id\":" + Self.json(layer.id) + ",\"parent\":" + String(layer.parent ?? -1)
            if let color = layer.borderColor {
                let rgb = [color.red, color.green, color.blue].map { String(PreviewChannel.quantize(min(max($0, 0), 1) * 255, decimals: 0)) }
                data += ",\"border\":\"rgba(" + rgb.joined(separator: ",") + "," + PreviewChannel.number(PreviewChannel.quantize(color.alpha, decimals: 3), decimals: 3) + ")\""
            }
            data += ",\"c\":["
            data += (0..<PreviewChannel.count).map { PreviewChannel.encode(recording.series(layer: index, channel: $0), decimals: PreviewChannel.decimals[$0]) }
                .joined(separator: ",")
            data += "]}"
        }
        data += "]}"

        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<title>" + SVGDocument.escape(title) + " — mediatiming preview</title>\n"
        out += "<style>" + PreviewPage.style + "</style>\n</head>\n<body>\n"
        out += "<h1>" + SVGDocument.escape(title) + "</h1>\n"
        out += PreviewPage.controls(lastFrame: max(0, count - 1))
        out += "<div id=\"stage\" style=\"width:\(number(stage.width))px;height:\(number(stage.height))px\">"
        out += "<div id=\"world\" style=\"transform:translate(\(number(stage.originX))px,\(number(stage.originY))px)\"><div id=\"origin\"></div></div></div>\n"
        out += "<div id=\"below\">\n<div id=\"plot\">"
        if let diagram {
            out += diagram.svg + "<div id=\"cursor\"></div>"
        } else if let diagramNote {
            out += "<p>" + SVGDocument.escape(diagramNote) + "</p>"
        }
        out += "</div>\n<h2>Events</h2>\n<ol id=\"events\">\n"
        for event in events {
            guard let frame = firstFrame(atOrAfter: event.time) else { continue }
            out += "<li data-frame=\"\(frame)\" hidden><b>" + FixedDecimal.format(event.time, decimals: 4) + " s</b> " + SVGDocument.escape(event.text) + "</li>\n"
        }
        out += "</ol>\n</div>\n<pre id=\"probe\" hidden></pre>\n"
        out += "<script id=\"data\" type=\"application/json\">" + data + "</script>\n"
        out += "<script>" + PreviewPage.script + "</script>\n</body>\n</html>\n"
        return out
    }

    func number(_ value: Double) -> String {
        PreviewChannel.number(PreviewChannel.quantize(value, decimals: Self.timeDecimals), decimals: Self.timeDecimals)
    }

    /// A JSON string that is safe inside a `<script>` element (every `<` written `\u003c`).
    static func json(_ text: String) -> String {
        var out = ""
        for character in SceneResultWriter.jsonString(text) {
            if character == "<" { out += "\\u003c" } else { out.append(character) }
        }
        return out
    }
}
