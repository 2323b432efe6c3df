import MediaTiming

/// Collects, frame by frame, every channel (``PreviewChannel``) of every recorded layer from the runtimes
/// that present them, quantized to the channel's precision.
///
/// A layer is either a runtime's layer, read with ``AnimationRuntime/presentationValue(of:layer:replica:)``
/// (its model with its animations applied, Docs/semantics.md §15; an absent property reads as its
/// `CALayer` default, ``LayerProperty/modelDefault``), or a fixed layer whose values the caller gives
/// (what the page adds around a player: a container, a flat colour for an image). Replicator instances
/// are not drawn, only the layer itself.
public struct PreviewRecorder: Sendable {
    enum Source: Sendable {
        case runtime(index: Int, layer: LayerID)
        case fixed(LayerValues)
    }

    /// The layers, superlayers first.
    public private(set) var layers: [PreviewLayer] = []
    /// The frames' media times, in recording order.
    public private(set) var times: [Double] = []
    var sources: [Source] = []
    /// Per layer, per channel, the quantized value of each frame.
    var series: [[[Int64]]] = []

    /// An empty recording.
    public init() {}

    /// Adds a layer drawn from `layer` of the runtime passed at position `runtimeIndex` to
    /// ``record(time:runtimes:changes:)``. Returns its index (for children's `parent`, which must be an
    /// earlier layer's index: anything else makes a root layer).
    @discardableResult
    public mutating func addLayer(id: String, parent: Int?, runtimeIndex: Int, layer: LayerID) -> Int {
        append(PreviewLayer(id: id, parent: parent), .runtime(index: runtimeIndex, layer: layer))
    }

    /// Adds a layer drawn from `values` read like a model (absent properties are their defaults), which the
    /// caller may change per frame (``record(time:runtimes:changes:)``). Returns its index.
    @discardableResult
    public mutating func addFixedLayer(
        id: String, parent: Int?, values: [(keyPath: AnimationKeyPath, value: AnimationValue)], borderColor: Color? = nil
    ) -> Int {
        var table = LayerValues()
        Self.set(values, in: &table)
        return append(PreviewLayer(id: id, parent: parent, borderColor: borderColor), .fixed(table))
    }

    static func set(_ values: [(keyPath: AnimationKeyPath, value: AnimationValue)], in table: inout LayerValues) {
        for (keyPath, value) in values {
            if let updated = try? keyPath.setting(value, in: table.value(of: keyPath.property)) {
                table.set(updated, for: keyPath.property)
            }
        }
    }

    /// A `parent` that is not the index of an earlier layer makes a root layer.
    mutating func append(_ layer: PreviewLayer, _ source: Source) -> Int {
        var layer = layer
        if let parent = layer.parent, !layers.indices.contains(parent) { layer.parent = nil }
        layers.append(layer)
        sources.append(source)
        series.append(Array(repeating: [], count: PreviewChannel.count))
        return layers.count - 1
    }

    /// Records one frame at `time`: every layer's channels read from `runtimes` as they are now (the caller
    /// has advanced them to `time`). O(layers × channels), plus the runtime's presentation reading. A layer
    /// added after earlier frames shows its first recorded values in those frames.
    ///
    /// - Throws: ``PreviewError/run(_:)`` when a runtime refuses a reading (an unknown layer, a value that
    ///   cannot be composed) or `runtimeIndex` names no runtime passed; the recording is then unchanged.
    /// `changes` sets values of fixed layers (by layer index) from this frame on.
    public mutating func record(
        time: Double, runtimes: [AnimationRuntime], changes: [Int: [(keyPath: AnimationKeyPath, value: AnimationValue)]] = [:]
    ) throws(PreviewError) {
        // Every reading first, into `frame`; the recording changes only once all of them succeeded.
        var frame: [[Int64]] = []
        frame.reserveCapacity(layers.count)
        var changedTables: [(Int, LayerValues)] = []
        for index in layers.indices {
            let read: (AnimationKeyPath) throws(PreviewError) -> AnimationValue
            switch sources[index] {
            case var .fixed(table):
                if let change = changes[index] {
                    Self.set(change, in: &table)
                    changedTables.append((index, table))
                }
                read = { keyPath in (try? table.value(of: keyPath)) ?? keyPath.property.modelDefault }
            case let .runtime(runtimeIndex, layer):
                guard runtimes.indices.contains(runtimeIndex) else { throw .run("no runtime \(runtimeIndex) for layer \"\(layers[index].id)\"") }
                read = { (keyPath) throws(PreviewError) in
                    do { return try runtimes[runtimeIndex].presentationValue(of: keyPath, layer: layer) } catch {
                        throw .run("at \(time): \(error)")
                    }
                }
            }
            var row: [Int64] = []
            row.reserveCapacity(PreviewChannel.count)
            var channel = 0
            for (keyPath, count) in PreviewChannel.keyPaths {
                let value = try read(keyPath)
                for component in 0..<count {
                    row.append(PreviewChannel.quantize(value.component(component), decimals: PreviewChannel.decimals[channel]))
                    channel += 1
                }
            }
            frame.append(row)
        }
        for (index, table) in changedTables { sources[index] = .fixed(table) }
        times.append(time)
        for (index, row) in frame.enumerated() {
            for (channel, value) in row.enumerated() {
                let missing = times.count - series[index][channel].count
                series[index][channel].append(contentsOf: repeatElement(value, count: missing))
            }
        }
    }

    /// The quantized series of `channel` of layer `layer` (one value per recorded frame; empty for an
    /// unknown layer or channel).
    public func series(layer: Int, channel: Int) -> [Int64] {
        guard series.indices.contains(layer), series[layer].indices.contains(channel) else { return [] }
        return series[layer][channel]
    }
}
