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
    /// ``record(time:runtimes:)``. Returns its index (for children's `parent`).
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

    mutating func append(_ layer: PreviewLayer, _ source: Source) -> Int {
        layers.append(layer)
        sources.append(source)
        series.append(Array(repeating: [], count: PreviewChannel.count))
        return layers.count - 1
    }

    /// Records one frame at `time`: every layer's channels read from `runtimes` as they are now (the caller
    /// has advanced them to `time`). O(layers × channels), plus the runtime's presentation reading.
    ///
    /// - Throws: ``PreviewError/run(_:)`` when a runtime refuses a reading (an unknown layer, a value that
    ///   cannot be composed) or `runtimeIndex` names no runtime passed.
    /// `changes` sets values of fixed layers (by layer index) from this frame on.
    public mutating func record(
        time: Double, runtimes: [AnimationRuntime], changes: [Int: [(keyPath: AnimationKeyPath, value: AnimationValue)]] = [:]
    ) throws(PreviewError) {
        times.append(time)
        for index in layers.indices {
            switch sources[index] {
            case var .fixed(table):
                if let change = changes[index] {
                    Self.set(change, in: &table)
                    sources[index] = .fixed(table)
                }
                var channel = 0
                for (keyPath, count) in PreviewChannel.keyPaths {
                    let value = (try? table.value(of: keyPath)) ?? keyPath.property.modelDefault
                    for component in 0..<count {
                        series[index][channel].append(PreviewChannel.quantize(value.component(component), decimals: PreviewChannel.decimals[channel]))
                        channel += 1
                    }
                }
            case let .runtime(runtimeIndex, layer):
                guard runtimes.indices.contains(runtimeIndex) else { throw .run("no runtime \(runtimeIndex) for layer \"\(layers[index].id)\"") }
                var channel = 0
                for (keyPath, count) in PreviewChannel.keyPaths {
                    let value: AnimationValue
                    do { value = try runtimes[runtimeIndex].presentationValue(of: keyPath, layer: layer) } catch {
                        throw .run("at \(time): \(error)")
                    }
                    for component in 0..<count {
                        series[index][channel].append(PreviewChannel.quantize(value.component(component), decimals: PreviewChannel.decimals[channel]))
                        channel += 1
                    }
                }
            }
        }
    }

    /// The quantized series of `channel` of layer `layer` (one value per recorded frame).
    public func series(layer: Int, channel: Int) -> [Int64] { series[layer][channel] }
}
