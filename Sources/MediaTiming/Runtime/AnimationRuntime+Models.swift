/// The layers' model values (Docs/semantics.md §15).
extension AnimationRuntime {
    /// Sets a model value at `time`. With `implicit`, also adds Core Animation's default action for the
    /// change, as `CALayer` does outside a disabled transaction (as the custom-property clock face relies on): a basic animation from the
    /// presentation value at `time` to the new model value, lasting the transaction duration, with the
    /// `default` timing function, under the key path's name.
    @discardableResult
    public mutating func setModelValue(
        _ value: AnimationValue, for keyPath: AnimationKeyPath, of layer: LayerID, at time: Double, implicit: Bool = false
    ) throws(RuntimeError) -> [AnimationEvent] {
        var events = try advance(to: time)
        let name = try layerName(layer)
        let previous = implicit ? try presentationValue(of: keyPath, layer: layer) : nil
        do throws(ValueError) {
            guard value.kind == keyPath.valueKind else {
                throw ValueError.kindMismatch(expected: keyPath.valueKind, got: value.kind)
            }
            try value.validate()
            let updated = try keyPath.setting(value, in: models[layer.index].value(of: keyPath.property))
            models[layer.index].set(updated, for: keyPath.property)
            plan.invalidate(layer.index)
            presentations[layer.index].ensure(keyPath.property)
        } catch {
            throw .model(layer: name, keyPath: keyPath.name, error)
        }
        presentationTime = nil
        if let previous {
            let action = Animation.basic(
                keyPath, from: previous, timing: Timing(duration: transactionDuration), timingFunction: .default)
            events += try add(action, forKey: keyPath.name, to: layer, at: time)
        }
        return events.sorted(by: AnimationEvent.ordered)
    }

    /// The model value of a key path (its Core Animation default if never set).
    public func modelValue(of keyPath: AnimationKeyPath, layer: LayerID) throws(RuntimeError) -> AnimationValue {
        let name = try layerName(layer)
        do { return try models[layer.index].value(of: keyPath) } catch {
            throw .model(layer: name, keyPath: keyPath.name, error)
        }
    }
}
