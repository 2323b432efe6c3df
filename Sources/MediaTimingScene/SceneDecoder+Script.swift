import MediaTiming

/// The script: operations on the absolute media-time axis (Docs/scene-format.md, "Operations").
extension SceneDecoding {
    static let operationNames = [
        "add", "remove", "pause", "resume", "setTiming", "setModel", "background", "foreground", "addLayer", "removeLayer",
        "moveLayer",
    ]
    static let operationFields = Set(operationNames + ["at"])
    static let addFields: Set<String> = ["layer", "key", "animation"]
    static let removeFields: Set<String> = ["layer", "key"]
    static let setTimingFields: Set<String> = ["layer", "beginTime", "speed", "timeOffset"]
    static let setModelFields: Set<String> = ["layer", "values", "implicit"]
    static let addLayerFields: Set<String> = ["id", "parent", "timing", "model", "replicator"]
    static let moveLayerFields: Set<String> = ["layer", "parent"]

    mutating func script(_ value: JSONValue, at path: String) -> [ScriptOperation] {
        guard
            let elements = reader.array(
                value, at: path, maximumCount: SceneDecoder.maximumOperationCount, noun: "operations")
        else { return [] }
        var result: [ScriptOperation] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let operation = operation(element, at: Self.element(path, index)) { result.append(operation) }
        }
        return result
    }

    mutating func operation(_ value: JSONValue, at path: String) -> ScriptOperation? {
        guard let members = reader.object(value, at: path, allowed: Self.operationFields) else { return nil }
        let before = reader.errors.count
        var time: Double?
        if let v = value["at"] {
            time = reader.number(v, at: Self.member(path, "at"))
        } else {
            reader.fail(path, "missing field \"at\"")
        }
        let names = members.map(\.key).filter { $0 != "at" && Self.operationFields.contains($0) }
        guard names.count == 1, let name = names.first, let body = value[name] else {
            if names.isEmpty {
                reader.fail(path, "expected one operation: \(Self.operationNames.joined(separator: ", "))")
            } else {
                reader.fail(path, "expected one operation, got \(names.joined(separator: " and "))")
            }
            return nil
        }
        let bodyPath = Self.member(path, name)
        // The operation's time, for the references to layers that `addLayer` adds (finite or not yet known).
        operationTime = time
        defer { operationTime = nil }
        let action: ScriptOperation.Action?
        switch name {
        case "add": action = add(body, at: bodyPath)
        case "remove": action = remove(body, at: bodyPath)
        case "pause": action = layerReference(body, at: bodyPath).map { .pause(layer: $0) }
        case "resume": action = layerReference(body, at: bodyPath).map { .resume(layer: $0) }
        case "setTiming": action = setTiming(body, at: bodyPath)
        case "setModel": action = setModel(body, at: bodyPath)
        case "background": action = flag(body, at: bodyPath) ? .background : nil
        case "foreground": action = flag(body, at: bodyPath) ? .foreground : nil
        case "addLayer": action = addLayer(body, at: bodyPath, time: time)
        case "removeLayer": action = layerReference(body, at: bodyPath).map { .removeLayer(layer: $0) }
        case "moveLayer": action = moveLayer(body, at: bodyPath)
        default: action = nil
        }
        guard reader.errors.count == before, let time, let action else { return nil }
        return ScriptOperation(time: time, action: action)
    }

    /// `"background": true`, `"foreground": true`: only `true` is meaningful.
    mutating func flag(_ value: JSONValue, at path: String) -> Bool {
        guard case .bool(true) = value else {
            reader.fail(path, "expected true, got \(value.brief)")
            return false
        }
        return true
    }

    /// A required member, or an error naming it at `path`.
    mutating func required(_ name: String, in value: JSONValue, at path: String) -> JSONValue? {
        guard let field = value[name] else {
            reader.fail(path, "missing field \"\(name)\"")
            return nil
        }
        return field
    }

    /// An animation key: a non-empty string.
    mutating func animationKey(_ value: JSONValue, at path: String) -> String? {
        guard let key = reader.string(value, at: path) else { return nil }
        guard !key.isEmpty else {
            reader.fail(path, "expected a non-empty animation key")
            return nil
        }
        return key
    }

    mutating func add(_ value: JSONValue, at path: String) -> ScriptOperation.Action? {
        guard reader.object(value, at: path, allowed: Self.addFields) != nil else { return nil }
        let layer = required("layer", in: value, at: path).flatMap { layerReference($0, at: Self.member(path, "layer")) }
        let key = required("key", in: value, at: path).flatMap { animationKey($0, at: Self.member(path, "key")) }
        let animation = required("animation", in: value, at: path).flatMap {
            self.animation($0, at: Self.member(path, "animation"), depth: 0)
        }
        guard let layer, let key, let animation else { return nil }
        return .add(layer: layer, key: key, animation: animation)
    }

    mutating func remove(_ value: JSONValue, at path: String) -> ScriptOperation.Action? {
        guard reader.object(value, at: path, allowed: Self.removeFields) != nil else { return nil }
        let layer = required("layer", in: value, at: path).flatMap { layerReference($0, at: Self.member(path, "layer")) }
        var key: String?
        if let v = value["key"] {
            guard let k = animationKey(v, at: Self.member(path, "key")) else { return nil }
            key = k
        }
        guard let layer else { return nil }
        return .remove(layer: layer, key: key)
    }

    mutating func setTiming(_ value: JSONValue, at path: String) -> ScriptOperation.Action? {
        guard reader.object(value, at: path, allowed: Self.setTimingFields) != nil else { return nil }
        let before = reader.errors.count
        let layer = required("layer", in: value, at: path).flatMap { layerReference($0, at: Self.member(path, "layer")) }
        let beginTime = value["beginTime"].flatMap { reader.number($0, at: Self.member(path, "beginTime")) }
        let speed = value["speed"].flatMap { reader.float($0, at: Self.member(path, "speed")) }
        let timeOffset = value["timeOffset"].flatMap { reader.number($0, at: Self.member(path, "timeOffset")) }
        guard reader.errors.count == before, let layer else { return nil }
        return .setTiming(layer: layer, beginTime: beginTime, speed: speed, timeOffset: timeOffset)
    }

    mutating func setModel(_ value: JSONValue, at path: String) -> ScriptOperation.Action? {
        guard reader.object(value, at: path, allowed: Self.setModelFields) != nil else { return nil }
        let before = reader.errors.count
        let layer = required("layer", in: value, at: path).flatMap { layerReference($0, at: Self.member(path, "layer")) }
        let values = required("values", in: value, at: path).map { modelValues($0, at: Self.member(path, "values")) }
        let implicit = value["implicit"].flatMap { reader.bool($0, at: Self.member(path, "implicit")) } ?? false
        guard reader.errors.count == before, let layer, let values else { return nil }
        return .setModel(layer: layer, values: values, implicit: implicit)
    }

    /// `addLayer`: a new layer (the fields of a layer of `layers`), under a layer declared before it (in
    /// `layers`, or by an earlier `addLayer` at a time ≤ this one) or as a root.
    mutating func addLayer(_ value: JSONValue, at path: String, time: Double?) -> ScriptOperation.Action? {
        guard reader.object(value, at: path, allowed: Self.addLayerFields) != nil else { return nil }
        let before = reader.errors.count
        let id = required("id", in: value, at: path).flatMap { layerID($0, at: Self.member(path, "id")) }
        var parent: String?
        var parentIndex: Int?
        if let v = value["parent"], v != .null {
            parent = layerReference(v, at: Self.member(path, "parent"))
            parentIndex = parent.flatMap { layerIndex[$0] }
        }
        var timeSpace = TimeSpace.identity
        if let v = value["timing"] {
            timeSpace = reader.timing(v, at: Self.member(path, "timing")).timeSpace
        }
        var model: [(keyPath: AnimationKeyPath, value: AnimationValue)] = []
        if let v = value["model"] { model = modelValues(v, at: Self.member(path, "model")) }
        var replicator: Replicator?
        if let v = value["replicator"] { replicator = self.replicator(v, at: Self.member(path, "replicator")) }
        guard reader.errors.count == before, let id else { return nil }
        guard layerEntries.count < SceneDecoder.maximumLayerCount else {
            reader.fail(path, "more than \(SceneDecoder.maximumLayerCount) layers with the added ones exceed the limit")
            return nil
        }
        layerIndex[id] = layerEntries.count
        layerEntries.append(LayerEntry(id: id, parent: parentIndex, replicator: replicator, addedAt: time))
        return .addLayer(SceneLayer(id: id, parent: parent, timeSpace: timeSpace, model: model, replicator: replicator))
    }

    /// `moveLayer`: `{"layer": ID, "parent": ID | null}`.
    mutating func moveLayer(_ value: JSONValue, at path: String) -> ScriptOperation.Action? {
        guard reader.object(value, at: path, allowed: Self.moveLayerFields) != nil else { return nil }
        let before = reader.errors.count
        let layer = required("layer", in: value, at: path).flatMap { layerReference($0, at: Self.member(path, "layer")) }
        var parent: String?
        if let v = required("parent", in: value, at: path), v != .null {
            parent = layerReference(v, at: Self.member(path, "parent"))
        }
        guard reader.errors.count == before, let layer else { return nil }
        return .moveLayer(layer: layer, parent: parent)
    }
}
