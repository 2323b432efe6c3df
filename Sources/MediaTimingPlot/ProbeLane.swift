import MediaTimingScene

/// One lane of a diagram: a probe's sampled values over time, with its own value axis.
public struct ProbeLane: Sendable {
    /// How a lane's values are drawn.
    public enum Kind: Hashable, Sendable {
        /// Numbers: one polyline per component, named in order.
        case numeric(components: [String])
        /// Names (phases): a step line over the categories, bottom to top.
        case categorical(categories: [String])
    }

    /// The probe's name (its name in the result document).
    public var name: String
    /// The unit of its values (``ValueUnits/unit(of:)``).
    public var unit: String
    /// How its values are drawn.
    public var kind: Kind
    /// The top of the lane's plot area.
    public var top: Double
    /// The height of the lane's plot area.
    public var height: Double
    /// Values (or category indices) to vertical coordinates: the domain's lower end at the bottom.
    public var valueScale: LinearScale

    /// Creates a lane.
    public init(name: String, unit: String, kind: Kind, top: Double, height: Double, valueScale: LinearScale) {
        self.name = name
        self.unit = unit
        self.kind = kind
        self.top = top
        self.height = height
        self.valueScale = valueScale
    }

    /// The phase names in the order a categorical lane stacks them, bottom to top; other names follow in
    /// order of appearance.
    public static let phaseOrder = ["absent", "before", "active", "after"]

    /// The value of component `component` of a reading as the lane plots it: the number, the category's
    /// index for a name, or `nil` for a gap (null, a missing component, a non-finite number).
    public func plotted(_ value: ProbeValue, component: Int) -> Double? {
        switch (kind, value) {
        case let (.numeric, .number(v)) where component == 0 && v.isFinite: return v
        case let (.numeric, .numbers(vs)) where component < vs.count && vs[component].isFinite: return vs[component]
        case let (.categorical(categories), .text(name)) where component == 0:
            return categories.firstIndex(of: name).map(Double.init)
        default: return nil
        }
    }

    /// The kind of lane that shows `values`, and the value range it needs (`nil` when nothing is finite).
    static func kind(of values: [ProbeValue], quantity: Probe.Quantity?) -> (Kind, ClosedRange<Double>?) {
        var names: [String] = []
        var count = 0
        var lower = Double.infinity, upper = -Double.infinity
        for value in values {
            switch value {
            case let .text(name): if !names.contains(name) { names.append(name) }
            case let .number(v):
                count = max(count, 1)
                if v.isFinite { lower = min(lower, v); upper = max(upper, v) }
            case let .numbers(vs):
                count = max(count, vs.count)
                for v in vs where v.isFinite { lower = min(lower, v); upper = max(upper, v) }
            case .null: break
            }
        }
        if !names.isEmpty && count == 0 {
            let ordered = phaseOrder.filter(names.contains) + names.filter { !phaseOrder.contains($0) }
            let categories = ordered.count == names.count && names.allSatisfy(phaseOrder.contains) ? phaseOrder : ordered
            return (.categorical(categories: categories), -0.5...(Double(categories.count) - 0.5))
        }
        let components = ValueUnits.componentNames(of: quantity, count: max(count, 1))
        return (.numeric(components: components), lower <= upper ? lower...upper : nil)
    }
}
