import Testing

import MediaTiming
import MediaTimingScene

/// A scene document with the given parts (JSON text) and defaults for the rest.
func sceneText(
    layers: String = #"[{"id": "disc"}]"#, script: String? = nil, sample: String = #"{"times": [0]}"#,
    probes: String? = nil, extra: String? = nil
) -> String {
    var parts = [#""format": "mediatiming-scene/1""#, #""layers": \#(layers)"#]
    if let script { parts.append(#""script": \#(script)"#) }
    parts.append(#""sample": \#(sample)"#)
    if let probes { parts.append(#""probes": \#(probes)"#) }
    if let extra { parts.append(extra) }
    return "{" + parts.joined(separator: ", ") + "}"
}

/// A scene with one `add` of `animation` to layer `disc` at time 0.
func animationScene(_ animation: String) -> String {
    sceneText(script: #"[{"at": 0, "add": {"layer": "disc", "key": "k", "animation": \#(animation)}}]"#)
}

/// The error lines of a document that must not decode.
func errorLines(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    do {
        _ = try SceneDecoder.decode(text)
        Issue.record("the document decoded", sourceLocation: sourceLocation)
        return []
    } catch {
        #expect(!error.errors.isEmpty, sourceLocation: sourceLocation)
        return error.errors.map(\.description)
    }
}

/// The animation added by the first script operation.
func firstAnimation(_ scene: Scene, sourceLocation: SourceLocation = #_sourceLocation) -> Animation? {
    guard case let .add(_, _, animation)? = scene.script.first?.action else {
        Issue.record("no add operation", sourceLocation: sourceLocation)
        return nil
    }
    return animation
}

/// The property animation of an animation.
func propertyAnimation(_ animation: Animation?, sourceLocation: SourceLocation = #_sourceLocation) -> PropertyAnimation? {
    guard case let .property(property)? = animation?.content else {
        Issue.record("not a property animation", sourceLocation: sourceLocation)
        return nil
    }
    return property
}
