import MediaTiming
import MediaTimingScene

/// The unit of a probe's values as a lane's axis shows it, and the names of its components.
public enum ValueUnits {
    /// The unit label for values of `quantity` (`nil`: not known, `"value"`).
    public static func unit(of quantity: Probe.Quantity?) -> String {
        guard let quantity else { return "value" }
        switch quantity {
        case .layerTime: return "layer local time, s"
        case .animationTime: return "active local time, s"
        case .phase: return "phase"
        case .iteration: return "iteration index"
        case .progress: return "progress after the timing function"
        case let .presentation(keyPath): return unit(ofKeyPath: keyPath)
        }
    }

    /// The unit of a key path's values: radians for rotations, points for positions, sizes and
    /// translations, factors for scales, 0–1 for opacity and colors, and so on.
    public static func unit(ofKeyPath keyPath: AnimationKeyPath) -> String {
        let name = keyPath.name
        if name.hasPrefix("transform.rotation") { return "rad" }
        if name.hasPrefix("transform.scale") { return "scale factor" }
        if name.hasPrefix("transform.translation") || name.hasPrefix("position") || name.hasPrefix("bounds")
            || name == "cornerRadius"
        {
            return "pt"
        }
        if name == "transform" { return "matrix entries" }
        if name == "opacity" { return "opacity, 0–1" }
        if name == "backgroundColor" { return "color components, 0–1" }
        if name == "anchorPoint" || name == "contentsRect" { return "unit coordinates" }
        if name == TransitionAnimation.progressKeyPath { return "transition progress" }
        return "custom property value"
    }

    /// The names of the `count` components of a probe's values (`x`, `y`; `red` … `alpha`; `m11` … `m44`),
    /// from the key path's value kind when known, else `[0]`, `[1]`, ….
    public static func componentNames(of quantity: Probe.Quantity?, count: Int) -> [String] {
        if case let .presentation(keyPath)? = quantity, keyPath.valueKind.componentCount == count {
            return (0..<count).map { keyPath.valueKind.componentName($0) }
        }
        return count == 1 ? ["value"] : (0..<count).map { "[\($0)]" }
    }
}
