import MediaTiming

/// Decodes `mediatiming-scene/1` documents (Docs/scene-format.md) into ``Scene`` values.
///
/// The decoder reads every field of the format and reports **every** problem it finds, each with the
/// JSON path of the offending value (`layers[2].timing.speed: expected a finite number, got "fast"`,
/// `script[4].add.layer: no layer "disk"`). It never traps: malformed JSON, wrong types, out-of-range
/// numbers, unknown fields and inputs beyond the limits below all become ``SceneError``s. A document
/// with any error produces no scene.
///
/// Decisions of this decoder (stated in Docs/scene-format.md):
/// - Unknown fields are errors (`unknown field`), at every level.
/// - A layer's `timing` takes every TIMING field, but only `beginTime`, `speed` and `timeOffset` act on
///   layers (Docs/semantics.md §4.1, U15); the other fields are type-checked and then ignored.
/// - Layer ids are non-empty, unique, and contain none of `.`, `@`, `/`, `[`, `]`, the separators of
///   the probe syntax, so that every probe has one reading.
/// - `sample.times` must be in ascending (non-decreasing) order: the script is applied forwards.
/// - `additive` and `cumulative` are accepted on every animation type (the format lists them as
///   common fields) and ignored on groups and transitions, which have no property values.
/// - A keyframe animation's `path` is SVG path data (syntax errors are reported with their position);
///   the animation then moves along it (Docs/semantics.md §11.6). `rotationMode` is validated, and is an
///   error without a `path` (Core Animation leaves that undefined).
/// - Transition `subtype`s are Core Animation's `fromLeft`, `fromRight`, `fromTop`, `fromBottom`;
///   `startProgress` and `endProgress` lie in 0...1 with `startProgress ≤ endProgress`.
/// - Spring parameters are checked with ``SpringCurve``'s rules at decode time.
/// - Colour components are not range-checked (a `byValue` or additive colour may be negative).
public enum SceneDecoder {
    /// The format string a scene must carry.
    public static let format = "mediatiming-scene/1"
    /// The most layers in a scene.
    public static let maximumLayerCount = 10_000
    /// The most script operations.
    public static let maximumOperationCount = 100_000
    /// The deepest nesting of groups (a group directly in an `add` has depth 1).
    public static let maximumGroupDepth = 16
    /// The most keyframes (and key times, timing functions, spline parameters) per animation.
    public static let maximumKeyframeCount = 100_000
    /// The most probes.
    public static let maximumProbeCount = 10_000
    /// The most samples, as explicit times or as frames.
    public static let maximumSampleCount = 1_000_000
    /// The highest frame rate of `sample.fps`.
    public static let maximumFramesPerSecond = 10_000.0
    /// The most readings of a result: samples × explicit probes (keeps the result document bounded).
    public static let maximumReadingCount = 20_000_000
    /// The highest replicator `instanceCount` (``LayerTree/maximumInstanceCount``).
    public static let maximumInstanceCount = LayerTree.maximumInstanceCount

    /// Decodes a scene from its JSON text.
    public static func decode(_ text: String) throws(SceneErrors) -> Scene {
        try decode(bytes: Array(text.utf8))
    }

    /// Decodes a scene from UTF-8 bytes (a leading byte-order mark is skipped).
    public static func decode(bytes: [UInt8]) throws(SceneErrors) -> Scene {
        try decode(try document(bytes))
    }

    /// The JSON document of UTF-8 bytes (a leading byte-order mark is skipped); a syntax error is a
    /// ``SceneErrors`` at the empty path.
    static func document(_ bytes: [UInt8]) throws(SceneErrors) -> JSONValue {
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        do {
            return try JSONParser().parse(bytes: bytes)
        } catch {
            throw SceneErrors([SceneError(path: "", message: error.description)])
        }
    }

    /// Decodes a scene from a parsed JSON document.
    public static func decode(_ document: JSONValue) throws(SceneErrors) -> Scene {
        var decoding = SceneDecoding()
        let scene = decoding.document(document)
        let errors = decoding.reader.takeErrors()
        guard errors.isEmpty, let scene else {
            throw SceneErrors(errors.isEmpty ? [SceneError(path: "", message: "invalid scene")] : errors)
        }
        return scene
    }
}

/// The state of one decoding: the reader collecting errors and the layers decoded so far.
struct SceneDecoding {
    var reader = SceneReader()

    /// A valid layer, as script operations and probes see it.
    struct LayerEntry {
        var id: String
        var parent: Int?
        var replicator: Replicator?
        /// The time of the `addLayer` operation that adds the layer (nil: listed in `layers`).
        var addedAt: Double? = nil
    }

    var layerEntries: [LayerEntry] = []
    var layerIndex: [String: Int] = [:]
    /// The time of the script operation being decoded (nil outside the script, or when its `at` is
    /// invalid): a reference to a layer added by `addLayer` must not come before the add.
    var operationTime: Double? = nil

    static func member(_ path: String, _ key: String) -> String { SceneReader.member(path, key) }
    static func element(_ path: String, _ index: Int) -> String { SceneReader.element(path, index) }
    /// A number in messages: the shortest form, as in result documents.
    static func text(_ x: Double) -> String { SceneResultWriter.number(x) }

    static let documentFields: Set<String> = [
        "format", "transactionDuration", "layers", "script", "sample", "probes",
    ]

    // MARK: Document

    mutating func document(_ value: JSONValue) -> Scene? {
        guard case let .object(members) = value else {
            reader.fail("", "expected a scene object, got \(value.brief)")
            return nil
        }
        var sections: [String: [SceneError]] = [:]

        // Layers first: the script and the probes refer to them. Errors are reassembled in document
        // order below.
        var layers: [SceneLayer] = []
        if let v = value["layers"] {
            layers = self.layers(v, at: "layers")
            sections["layers"] = reader.takeErrors()
        }
        if let v = value["format"] {
            if case let .string(s) = v, s == SceneDecoder.format {
            } else {
                reader.fail("format", "expected \"\(SceneDecoder.format)\", got \(v.brief)")
            }
            sections["format"] = reader.takeErrors()
        }
        var transactionDuration = 0.25
        if let v = value["transactionDuration"] {
            if let d = reader.number(v, at: "transactionDuration") {
                if d > 0 {
                    transactionDuration = d
                } else {
                    reader.fail("transactionDuration", "expected a number > 0, got \(v.brief)")
                }
            }
            sections["transactionDuration"] = reader.takeErrors()
        }
        var script: [ScriptOperation] = []
        if let v = value["script"] {
            script = self.script(v, at: "script")
            sections["script"] = reader.takeErrors()
        }
        var sample: SampleSpec?
        if let v = value["sample"] {
            sample = self.sample(v, at: "sample")
            sections["sample"] = reader.takeErrors()
        }
        var probes: [Probe]?
        if let v = value["probes"] {
            probes = self.probes(v, at: "probes", sampleCount: sample?.count ?? 0)
            sections["probes"] = reader.takeErrors()
        }

        for name in ["format", "layers", "sample"] where value[name] == nil {
            reader.fail("", "missing field \"\(name)\"")
        }
        for member in members {
            if let errors = sections[member.key] {
                reader.append(errors)
            } else {
                reader.fail(member.key, "unknown field")
            }
        }
        guard let sample else { return nil }
        return Scene(
            transactionDuration: transactionDuration, layers: layers, script: script, sample: sample,
            probes: probes)
    }

    // MARK: Layers

    static let layerFields: Set<String> = ["id", "parent", "timing", "model", "replicator"]
    static let replicatorFields: Set<String> = ["instanceCount", "instanceDelay"]
    /// Characters a layer id may not contain: the separators of the probe syntax.
    static let reservedIDCharacters: Set<Character> = [".", "@", "/", "[", "]"]

    mutating func layers(_ value: JSONValue, at path: String) -> [SceneLayer] {
        guard
            let elements = reader.array(
                value, at: path, maximumCount: SceneDecoder.maximumLayerCount, noun: "layers")
        else { return [] }
        // Every id in the document, to tell "listed after" from "no such layer".
        var allIDs = Set<String>()
        for element in elements {
            if case let .string(id)? = element["id"] { allIDs.insert(id) }
        }
        var result: [SceneLayer] = []
        for (index, element) in elements.enumerated() {
            let path = Self.element(path, index)
            let before = reader.errors.count
            guard reader.object(element, at: path, allowed: Self.layerFields) != nil else { continue }
            var id: String?
            if let v = element["id"] {
                id = layerID(v, at: Self.member(path, "id"))
            } else {
                reader.fail(path, "missing field \"id\"")
            }
            var parent: String?
            var parentIndex: Int?
            if let v = element["parent"] {
                let parentPath = Self.member(path, "parent")
                if let name = reader.string(v, at: parentPath) {
                    if let found = layerIndex[name] {
                        parent = name
                        parentIndex = found
                    } else if name == id {
                        reader.fail(parentPath, "a layer cannot be its own parent")
                    } else if allIDs.contains(name) {
                        reader.fail(
                            parentPath, "layer \"\(name)\" is listed after this layer (layers are listed parents first)")
                    } else {
                        reader.fail(parentPath, "no layer \"\(name)\"")
                    }
                }
            }
            var timeSpace = TimeSpace.identity
            if let v = element["timing"] {
                // Every TIMING field is read and checked; only the time-space fields act on a layer
                // (Docs/semantics.md §4.1, U15).
                timeSpace = reader.timing(v, at: Self.member(path, "timing")).timeSpace
            }
            var model: [(keyPath: AnimationKeyPath, value: AnimationValue)] = []
            if let v = element["model"] {
                model = modelValues(v, at: Self.member(path, "model"))
            }
            var replicator: Replicator?
            if let v = element["replicator"] {
                replicator = self.replicator(v, at: Self.member(path, "replicator"))
            }
            if let id, layerIndex[id] == nil {
                layerIndex[id] = layerEntries.count
                layerEntries.append(LayerEntry(id: id, parent: parentIndex, replicator: replicator))
            }
            if reader.errors.count == before, let id {
                result.append(
                    SceneLayer(id: id, parent: parent, timeSpace: timeSpace, model: model, replicator: replicator))
            }
        }
        return result
    }

    /// A new layer's id: a non-empty string without probe separators, not used by an earlier layer.
    mutating func layerID(_ value: JSONValue, at path: String) -> String? {
        guard let id = reader.string(value, at: path) else { return nil }
        if id.isEmpty {
            reader.fail(path, "expected a non-empty layer id")
            return nil
        }
        if id.contains(where: Self.reservedIDCharacters.contains) {
            reader.fail(path, "layer id \"\(id)\" contains one of . @ / [ ] (they separate the parts of a probe)")
            return nil
        }
        if layerIndex[id] != nil {
            reader.fail(path, "duplicate layer id \"\(id)\"")
            return nil
        }
        return id
    }

    mutating func replicator(_ value: JSONValue, at path: String) -> Replicator? {
        guard reader.object(value, at: path, allowed: Self.replicatorFields) != nil else { return nil }
        var replicator = Replicator()
        var valid = true
        if let v = value["instanceCount"] {
            if let count = reader.integer(
                v, at: Self.member(path, "instanceCount"), in: 0...SceneDecoder.maximumInstanceCount)
            {
                replicator.instanceCount = count
            } else {
                valid = false
            }
        }
        if let v = value["instanceDelay"] {
            if let delay = reader.number(v, at: Self.member(path, "instanceDelay")) {
                replicator.instanceDelay = delay
            } else {
                valid = false
            }
        }
        return valid ? replicator : nil
    }

    /// A layer reference in a script operation: an id of the layer list, or of an `addLayer` earlier in
    /// the script at a time ≤ the operation's (so that the layer exists when the operation applies).
    mutating func layerReference(_ value: JSONValue, at path: String) -> String? {
        guard let name = reader.string(value, at: path) else { return nil }
        guard let index = layerIndex[name] else {
            reader.fail(path, "no layer \"\(name)\"")
            return nil
        }
        if let added = layerEntries[index].addedAt, let time = operationTime, time < added {
            reader.fail(path, "layer \"\(name)\" is added at \(Self.text(added)), after this operation")
            return nil
        }
        return name
    }

    // MARK: Values

    /// `model` or `setModel.values`: values by key path, each decoded by its key path's kind.
    mutating func modelValues(_ value: JSONValue, at path: String) -> [(keyPath: AnimationKeyPath, value: AnimationValue)] {
        guard let members = reader.object(value, at: path) else { return [] }
        var result: [(keyPath: AnimationKeyPath, value: AnimationValue)] = []
        for (key, field) in members {
            let fieldPath = Self.member(path, key)
            guard let keyPath = keyPath(key, at: fieldPath) else { continue }
            if let v = self.value(field, for: keyPath, at: fieldPath) {
                result.append((keyPath, v))
            }
        }
        return result
    }

    /// A key path, or `nil` with the key path's error.
    mutating func keyPath(_ name: String, at path: String) -> AnimationKeyPath? {
        do {
            return try AnimationKeyPath(name)
        } catch {
            reader.fail(path, error.description)
            return nil
        }
    }

    /// A value of `keyPath`'s kind: the JSON shape alone decides nothing.
    mutating func value(_ json: JSONValue, for keyPath: AnimationKeyPath, at path: String) -> AnimationValue? {
        let kind = keyPath.valueKind
        if kind == .scalar {
            guard case .number = json else {
                reader.fail(path, "expected a number for \"\(keyPath.name)\", got \(json.brief)")
                return nil
            }
            return reader.number(json, at: path).map(AnimationValue.scalar)
        }
        guard case let .array(elements) = json, elements.count == kind.componentCount else {
            reader.fail(path, "expected \(Self.shape(of: kind)) for \"\(keyPath.name)\", got \(json.brief)")
            return nil
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let n = reader.number(element, at: Self.element(path, index)) { numbers.append(n) }
        }
        guard numbers.count == kind.componentCount else { return nil }
        switch kind {
        case .scalar: return .scalar(numbers[0])
        case .point: return .point(Point(x: numbers[0], y: numbers[1]))
        case .size: return .size(Size(width: numbers[0], height: numbers[1]))
        case .rect: return .rect(Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
        case .color: return .color(Color(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers[3]))
        case .transform:
            do {
                return .transform(try Transform3D(rowMajor: numbers))
            } catch {
                reader.fail(path, error.description)
                return nil
            }
        }
    }

    /// The JSON shape of a kind, for messages.
    static func shape(of kind: ValueKind) -> String {
        switch kind {
        case .scalar: return "a number"
        case .point: return "a point [x, y]"
        case .size: return "a size [width, height]"
        case .rect: return "a rect [x, y, width, height]"
        case .color: return "a color [red, green, blue, alpha]"
        case .transform: return "a transform of 16 numbers (row-major m11 ... m44)"
        }
    }
}
