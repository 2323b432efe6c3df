import MediaTiming

/// `sample` and `probes` (Docs/scene-format.md, "The document" and "Probes").
extension SceneDecoding {
    static let sampleFields: Set<String> = ["times", "from", "to", "fps"]

    mutating func sample(_ value: JSONValue, at path: String) -> SampleSpec? {
        guard reader.object(value, at: path, allowed: Self.sampleFields) != nil else { return nil }
        let hasFrames = value["from"] != nil || value["to"] != nil || value["fps"] != nil
        if let v = value["times"] {
            if hasFrames {
                reader.fail(path, "expected either \"times\" or \"from\", \"to\" and \"fps\", not both")
                return nil
            }
            return times(v, at: Self.member(path, "times"))
        }
        guard hasFrames else {
            reader.fail(path, "expected \"times\", or \"from\", \"to\" and \"fps\"")
            return nil
        }
        let before = reader.errors.count
        let from = required("from", in: value, at: path).flatMap { reader.number($0, at: Self.member(path, "from")) }
        let to = required("to", in: value, at: path).flatMap { reader.number($0, at: Self.member(path, "to")) }
        let fps = required("fps", in: value, at: path).flatMap { reader.number($0, at: Self.member(path, "fps")) }
        if let fps, !(fps > 0 && fps <= SceneDecoder.maximumFramesPerSecond) {
            reader.fail(
                Self.member(path, "fps"),
                "expected a number > 0 and <= \(Int(SceneDecoder.maximumFramesPerSecond)) (limit), got \(Self.text(fps))")
        }
        if let from, let to, to < from {
            reader.fail(Self.member(path, "to"), "expected a number >= from (\(Self.text(from))), got \(Self.text(to))")
        }
        guard reader.errors.count == before, let from, let to, let fps else { return nil }
        let limit = SceneDecoder.maximumSampleCount
        guard SampleSpec.frameCount(from: from, to: to, fps: fps, limit: limit) != nil else {
            reader.fail(
                path,
                "the frames from \(Self.text(from)) to \(Self.text(to)) at \(Self.text(fps)) fps exceed the limit of "
                    + "\(limit) samples")
            return nil
        }
        return .frames(from: from, to: to, fps: fps)
    }

    mutating func times(_ value: JSONValue, at path: String) -> SampleSpec? {
        guard
            let elements = reader.array(
                value, at: path, maximumCount: SceneDecoder.maximumSampleCount, noun: "samples")
        else { return nil }
        let before = reader.errors.count
        var times: [Double] = []
        times.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let elementPath = Self.element(path, index)
            guard let t = reader.number(element, at: elementPath) else { continue }
            if let last = times.last, t < last {
                reader.fail(elementPath, "sample times must be in ascending order: \(Self.text(t)) follows \(Self.text(last))")
            }
            times.append(t)
        }
        return reader.errors.count == before ? .times(times) : nil
    }

    // MARK: Probes

    mutating func probes(_ value: JSONValue, at path: String, sampleCount: Int) -> [Probe]? {
        guard
            let elements = reader.array(value, at: path, maximumCount: SceneDecoder.maximumProbeCount, noun: "probes")
        else { return nil }
        let before = reader.errors.count
        var probes: [Probe] = []
        probes.reserveCapacity(elements.count)
        var names = Set<String>()
        for (index, element) in elements.enumerated() {
            let probePath = Self.element(path, index)
            guard let text = reader.string(element, at: probePath) else { continue }
            guard names.insert(text).inserted else {
                reader.fail(probePath, "duplicate probe \"\(text)\"")
                continue
            }
            if let probe = probe(text, at: probePath) { probes.append(probe) }
        }
        let readings = sampleCount.multipliedReportingOverflow(by: elements.count)
        if readings.overflow || readings.partialValue > SceneDecoder.maximumReadingCount {
            reader.fail(
                path,
                "\(elements.count) probes × \(sampleCount) samples exceed the limit of "
                    + "\(SceneDecoder.maximumReadingCount) readings")
        }
        return reader.errors.count == before ? probes : nil
    }

    static let probeSyntax = "LAYER.KEYPATH, LAYER@time or LAYER/KEY@phase|iteration|progress|time"

    /// Parses one probe:
    /// ```
    /// PROBE := LAYER ( "." KEYPATH | "@time" | "/" KEY "@" ("phase" | "iteration" | "progress" | "time") )
    /// LAYER := ID ( "[" DIGITS "]" )*
    /// ```
    /// `ID` runs to the first `.`, `@`, `/` or `[` (layer ids contain none of them); `KEY` runs to the
    /// last `@`.
    mutating func probe(_ text: String, at path: String) -> Probe? {
        let scalars = Array(text.unicodeScalars)
        var position = 0
        while position < scalars.count, !".@/[".unicodeScalars.contains(scalars[position]) { position += 1 }
        let id = String(String.UnicodeScalarView(scalars[0..<position]))
        guard !id.isEmpty else {
            reader.fail(path, "expected \(Self.probeSyntax), got \"\(text)\"")
            return nil
        }
        var replica: [Int] = []
        while position < scalars.count, scalars[position] == "[" {
            var end = position + 1
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
            let digits = String(String.UnicodeScalarView(scalars[(position + 1)..<end]))
            guard end < scalars.count, scalars[end] == "]", !digits.isEmpty, digits.count <= 9, let index = Int(digits)
            else {
                reader.fail(path, "expected an instance index [k] after \"\(id)\", got \"\(text)\"")
                return nil
            }
            replica.append(index)
            position = end + 1
        }
        let rest = String(String.UnicodeScalarView(scalars[position...]))
        let quantity: Probe.Quantity
        if rest.hasPrefix(".") {
            let name = String(rest.dropFirst())
            guard let keyPath = keyPath(name, at: path) else { return nil }
            quantity = .presentation(keyPath)
        } else if rest == "@time" {
            quantity = .layerTime
        } else if rest.hasPrefix("/"), let at = rest.lastIndex(of: "@") {
            let key = String(rest[rest.index(after: rest.startIndex)..<at])
            let what = rest[rest.index(after: at)...]
            guard !key.isEmpty else {
                reader.fail(path, "expected an animation key after \"/\", got \"\(text)\"")
                return nil
            }
            switch what {
            case "phase": quantity = .phase(key: key)
            case "iteration": quantity = .iteration(key: key)
            case "progress": quantity = .progress(key: key)
            case "time": quantity = .animationTime(key: key)
            default:
                reader.fail(path, "expected @phase, @iteration, @progress or @time after the key, got \"\(text)\"")
                return nil
            }
        } else {
            reader.fail(path, "expected \(Self.probeSyntax), got \"\(text)\"")
            return nil
        }
        guard let layer = layerIndex[id] else {
            reader.fail(path, "no layer \"\(id)\"")
            return nil
        }
        guard checkReplica(replica, of: layer, in: text, at: path) else { return nil }
        return Probe(layer: id, replica: replica, quantity: quantity, name: text)
    }

    /// Checks a replica path against the layer's replicator ancestors, outermost first: at most one index
    /// per ancestor, each below the ancestor's `instanceCount` (instance 0 always exists).
    mutating func checkReplica(_ replica: [Int], of layer: Int, in text: String, at path: String) -> Bool {
        guard !replica.isEmpty else { return true }
        var ancestors: [Int] = []
        var current = layerEntries[layer].parent
        var steps = 0
        while let index = current, steps <= layerEntries.count {
            if layerEntries[index].replicator != nil { ancestors.append(index) }
            current = layerEntries[index].parent
            steps += 1
        }
        ancestors.reverse()
        let id = layerEntries[layer].id
        guard replica.count <= ancestors.count else {
            let count = ancestors.count
            if count == 0 {
                reader.fail(path, "layer \"\(id)\" is not inside a replicator: \"\(text)\" names an instance")
            } else {
                reader.fail(
                    path,
                    "layer \"\(id)\" is inside \(count) replicator\(count == 1 ? "" : "s"): "
                        + "\"\(text)\" names \(replica.count) instance indices")
            }
            return false
        }
        for (index, ancestor) in zip(replica, ancestors) {
            let replicator = layerEntries[ancestor].replicator ?? Replicator()
            guard index < max(replicator.instanceCount, 1) else {
                reader.fail(
                    path,
                    "replicator \"\(layerEntries[ancestor].id)\" has no instance \(index) "
                        + "(instanceCount \(replicator.instanceCount))")
                return false
            }
        }
        return true
    }
}

extension SampleSpec {
    /// The number of sampling instants; saturates at `Int.max` for frame ranges too long to count.
    public var count: Int {
        switch self {
        case let .times(times): return times.count
        case let .frames(from, to, fps): return Self.frameCount(from: from, to: to, fps: fps, limit: 1 << 52) ?? .max
        }
    }

    /// The sampling instant `index` (`0 ..< count`): `times[index]`, or `from + index/fps` for frames.
    public func time(at index: Int) -> Double {
        switch self {
        case let .times(times): return times[index]
        case let .frames(from, _, fps): return from + Double(index) / fps
        }
    }

    /// The number of frames `n ≥ 0` with `from + n/fps ≤ to`, or `nil` when it exceeds `limit` or the
    /// range is not finite. Rejects `(to − from)·fps ≥ limit` first, then finds the count with the frame
    /// formula itself, so that rounding cannot add or drop a frame: `from + n/fps` never decreases as `n`
    /// grows, so the first `n` past `to` is found by bisection over `1 ... limit + 1`, in at most 53 steps
    /// even when `1/fps` is below half an ulp of `from` and the frames collapse onto one instant
    /// (Docs/hostile-input.md; a linear search took 2⁵² steps for `from = to = 1e300`).
    static func frameCount(from: Double, to: Double, fps: Double, limit: Int) -> Int? {
        guard from.isFinite, to.isFinite, fps.isFinite, fps > 0 else { return nil }
        guard to >= from else { return 0 }
        let span = (to - from) * fps
        guard span.isFinite, span < Double(limit) else { return nil }
        var low = 1, high = limit + 1  // frame 0 (`from`) is ≤ `to`; the answer lies in low...high
        while low < high {
            let middle = low + (high - low) / 2
            if from + Double(middle) / fps > to { high = middle } else { low = middle + 1 }
        }
        return low <= limit ? low : nil
    }
}
