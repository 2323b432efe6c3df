import MediaTiming

/// The ANIMATION object (Docs/scene-format.md): basic, keyframe, spring, group and transition animations.
extension SceneDecoding {
    enum AnimationType: String, CaseIterable {
        case basic, keyframe, spring, group, transition
    }

    enum TransitionType: String, CaseIterable {
        case fade, push, moveIn, reveal
    }

    enum TransitionSubtype: String, CaseIterable {
        case fromLeft, fromRight, fromTop, fromBottom
    }


    static let commonAnimationFields: Set<String> = [
        "type", "keyPath", "timing", "timingFunction", "removedOnCompletion", "additive", "cumulative",
    ]
    static let basicFields: Set<String> = ["fromValue", "toValue", "byValue"]
    static let keyframeFields: Set<String> = [
        "values", "keyTimes", "timingFunctions", "calculationMode", "tensionValues", "continuityValues",
        "biasValues", "path", "rotationMode",
    ]
    static let springFields: Set<String> = basicFields.union([
        "mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping", "perceptualDuration", "bounce",
    ])
    static let groupFields: Set<String> = ["animations"]
    static let transitionFields: Set<String> = ["transitionType", "subtype", "startProgress", "endProgress"]
    static let allAnimationFields = commonAnimationFields.union(keyframeFields).union(springFields)
        .union(groupFields).union(transitionFields)

    static func fields(of type: AnimationType) -> Set<String> {
        switch type {
        case .basic: return commonAnimationFields.union(basicFields)
        case .keyframe: return commonAnimationFields.union(keyframeFields)
        case .spring: return commonAnimationFields.union(springFields)
        case .group: return commonAnimationFields.union(groupFields).subtracting(["keyPath"])
        case .transition: return commonAnimationFields.union(transitionFields).subtracting(["keyPath"])
        }
    }

    /// An animation; `depth` is the number of groups around it.
    mutating func animation(_ value: JSONValue, at path: String, depth: Int) -> Animation? {
        guard let members = reader.object(value, at: path) else { return nil }
        let before = reader.errors.count
        var type: AnimationType?
        if let v = value["type"] {
            type = reader.choice(v, at: Self.member(path, "type"), as: AnimationType.self)
        } else {
            reader.fail(path, "missing field \"type\"")
        }
        let allowed = type.map(Self.fields(of:)) ?? Self.allAnimationFields
        for member in members where !allowed.contains(member.key) {
            let memberPath = Self.member(path, member.key)
            if member.key == "keyPath", let type {
                reader.fail(memberPath, "a \(type.rawValue) animation has no keyPath")
            } else if let type, Self.allAnimationFields.contains(member.key) {
                reader.fail(memberPath, "unknown field (not a field of \(type.rawValue) animations)")
            } else {
                reader.fail(memberPath, "unknown field")
            }
        }

        var timing = Timing()
        if let v = value["timing"] { timing = reader.timing(v, at: Self.member(path, "timing")) }
        var timingFunction: TimingFunction?
        if let v = value["timingFunction"] {
            timingFunction = reader.timingFunction(v, at: Self.member(path, "timingFunction"))
        }
        let removedOnCompletion = optionalBool("removedOnCompletion", in: value, at: path) ?? true
        let additive = optionalBool("additive", in: value, at: path) ?? false
        let cumulative = optionalBool("cumulative", in: value, at: path) ?? false

        var keyPath: AnimationKeyPath?
        if let type, type != .group, type != .transition {
            if let v = required("keyPath", in: value, at: path) {
                let keyPathPath = Self.member(path, "keyPath")
                if let name = reader.string(v, at: keyPathPath) { keyPath = self.keyPath(name, at: keyPathPath) }
            }
        }

        var content: Animation.Content?
        switch type {
        case .basic?:
            if let keyPath, let values = basicValues(value, for: keyPath, at: path) {
                content = .property(
                    PropertyAnimation(
                        keyPath: keyPath, isAdditive: additive, isCumulative: cumulative, values: .basic(values)))
            }
        case .spring?:
            let values = keyPath.flatMap { basicValues(value, for: $0, at: path) }
            let parameters = springParameters(value, at: path)
            if let keyPath, let values, let parameters {
                content = .property(
                    PropertyAnimation(
                        keyPath: keyPath, isAdditive: additive, isCumulative: cumulative,
                        values: .spring(values, parameters)))
            }
        case .keyframe?:
            if let keyframes = keyframeValues(value, for: keyPath, at: path), let keyPath {
                content = .property(
                    PropertyAnimation(
                        keyPath: keyPath, isAdditive: additive, isCumulative: cumulative,
                        values: .keyframes(keyframes)))
            }
        case .group?:
            if let children = groupChildren(value, at: path, depth: depth) { content = .group(children) }
        case .transition?:
            if let transition = transition(value, at: path) { content = .transition(transition) }
        case nil:
            break
        }
        guard reader.errors.count == before, let content else { return nil }
        return Animation(
            timing: timing, timingFunction: timingFunction, removedOnCompletion: removedOnCompletion, content: content)
    }

    mutating func optionalBool(_ name: String, in value: JSONValue, at path: String) -> Bool? {
        value[name].flatMap { reader.bool($0, at: Self.member(path, name)) }
    }

    mutating func optionalNumber(_ name: String, in value: JSONValue, at path: String) -> Double? {
        value[name].flatMap { reader.number($0, at: Self.member(path, name)) }
    }

    // MARK: Basic and spring

    mutating func basicValues(_ value: JSONValue, for keyPath: AnimationKeyPath, at path: String) -> BasicValues? {
        let before = reader.errors.count
        var values = BasicValues()
        values.from = value["fromValue"].flatMap { self.value($0, for: keyPath, at: Self.member(path, "fromValue")) }
        values.to = value["toValue"].flatMap { self.value($0, for: keyPath, at: Self.member(path, "toValue")) }
        values.by = value["byValue"].flatMap { self.value($0, for: keyPath, at: Self.member(path, "byValue")) }
        if value["fromValue"] != nil, value["toValue"] != nil, value["byValue"] != nil {
            reader.fail(path, "at most two of fromValue, toValue and byValue may be set")
        }
        return reader.errors.count == before ? values : nil
    }

    /// A spring's parameters: `mass`, `stiffness` and `damping`, or `perceptualDuration` and `bounce`
    /// (`CASpringAnimation(perceptualDuration:bounce:)`, Docs/semantics.md §12.4), never both forms; then
    /// `initialVelocity` and `allowsOverdamping` (true by default in the perceptual form, as the
    /// initializer sets it). Checked with ``SpringCurve``'s rules.
    mutating func springParameters(_ value: JSONValue, at path: String) -> SpringParameters? {
        let before = reader.errors.count
        var parameters = SpringParameters()
        let perceptualFields = ["perceptualDuration", "bounce"].filter { value[$0] != nil }
        if perceptualFields.isEmpty {
            if let v = optionalNumber("mass", in: value, at: path) { parameters.mass = v }
            if let v = optionalNumber("stiffness", in: value, at: path) { parameters.stiffness = v }
            if let v = optionalNumber("damping", in: value, at: path) { parameters.damping = v }
        } else {
            for field in ["mass", "stiffness", "damping"] where value[field] != nil {
                reader.fail(
                    Self.member(path, field),
                    "a spring given by perceptualDuration and bounce has no \(field) (the two set mass, stiffness and damping)")
            }
            for field in ["perceptualDuration", "bounce"] where value[field] == nil {
                reader.fail(path, "missing field \"\(field)\" (perceptualDuration and bounce go together)")
            }
        }
        let duration = optionalNumber("perceptualDuration", in: value, at: path)
        let bounce = optionalNumber("bounce", in: value, at: path)
        if let v = optionalNumber("initialVelocity", in: value, at: path) { parameters.initialVelocity = v }
        let allowsOverdamping = optionalBool("allowsOverdamping", in: value, at: path)
        guard reader.errors.count == before else { return nil }
        do {
            if let duration, let bounce {
                parameters = try SpringParameters(
                    perceptualDuration: duration, bounce: bounce, initialVelocity: parameters.initialVelocity)
            }
            if let allowsOverdamping { parameters.allowsOverdamping = allowsOverdamping }
            _ = try SpringCurve(parameters)
        } catch {
            reportSpringError(error, parameters: parameters, perceptual: (duration, bounce), at: path)
            return nil
        }
        return parameters
    }

    /// Reports a spring error at the field it concerns.
    mutating func reportSpringError(
        _ error: SpringError, parameters: SpringParameters, perceptual: (duration: Double?, bounce: Double?),
        at path: String
    ) {
        switch error {
        case let .invalidParameter(parameter, _):
            let number: Double
            switch parameter {
            case .mass: number = parameters.mass
            case .stiffness: number = parameters.stiffness
            case .damping: number = parameters.damping
            case .initialVelocity: number = parameters.initialVelocity
            case .perceptualDuration: number = perceptual.duration ?? .nan
            case .bounce: number = perceptual.bounce ?? .nan
            }
            reader.fail(Self.member(path, parameter.rawValue), "expected a number > 0, got \(Self.text(number))")
        case .negativeDamping:
            reader.fail(Self.member(path, "damping"), "expected a number >= 0, got \(Self.text(parameters.damping))")
        case .bounceOutOfRange:
            reader.fail(
                Self.member(path, "bounce"), "expected a number > -1 and <= 1, got \(Self.text(perceptual.bounce ?? .nan))")
        case .unrepresentable:
            reader.fail(path, "the spring's natural frequency or damping ratio is out of Double's range")
        }
    }

    // MARK: Keyframes

    mutating func keyframeValues(_ value: JSONValue, for keyPath: AnimationKeyPath?, at path: String) -> KeyframeValues? {
        let before = reader.errors.count
        let limit = SceneDecoder.maximumKeyframeCount
        let hasPath = value["path"] != nil
        var keyframePath: Path?
        if let v = value["path"] {
            let pathPath = Self.member(path, "path")
            if let data = reader.string(v, at: pathPath) {
                do {
                    keyframePath = try Path(svgPathData: data)
                } catch {
                    reader.fail(pathPath, Self.message(for: error))
                }
            }
            if let keyPath, keyPath.valueKind != .point {
                reader.fail(pathPath, "a path animates a point key path, not \(keyPath.name) (\(keyPath.valueKind))")
            }
        }
        var rotationMode: RotationMode?
        if let v = value["rotationMode"] {
            let modePath = Self.member(path, "rotationMode")
            rotationMode = reader.choice(v, at: modePath, as: RotationMode.self)
            if rotationMode != nil, !hasPath {
                reader.fail(modePath, "rotationMode has no meaning without a path")
            }
        }
        var values: [AnimationValue] = []
        if let v = value["values"] {
            let valuesPath = Self.member(path, "values")
            if let elements = reader.array(v, at: valuesPath, maximumCount: limit, noun: "keyframes") {
                if elements.isEmpty { reader.fail(valuesPath, "expected at least one value") }
                if let keyPath {
                    values.reserveCapacity(elements.count)
                    for (index, element) in elements.enumerated() {
                        if let v = self.value(element, for: keyPath, at: Self.element(valuesPath, index)) {
                            values.append(v)
                        }
                    }
                }
            }
        } else if !hasPath {
            reader.fail(path, "missing field \"values\"")
        }
        let keyTimes = numbers("keyTimes", in: value, at: path, limit: limit)
        var timingFunctions: [TimingFunction]?
        if let v = value["timingFunctions"] {
            let functionsPath = Self.member(path, "timingFunctions")
            if let elements = reader.array(v, at: functionsPath, maximumCount: limit, noun: "timing functions") {
                var functions: [TimingFunction] = []
                for (index, element) in elements.enumerated() {
                    if let f = reader.timingFunction(element, at: Self.element(functionsPath, index)) {
                        functions.append(f)
                    }
                }
                timingFunctions = functions
            }
        }
        var calculationMode = CalculationMode.linear
        if let v = value["calculationMode"],
            let mode = reader.choice(v, at: Self.member(path, "calculationMode"), as: CalculationMode.self)
        {
            calculationMode = mode
        }
        let tension = numbers("tensionValues", in: value, at: path, limit: limit)
        let continuity = numbers("continuityValues", in: value, at: path, limit: limit)
        let bias = numbers("biasValues", in: value, at: path, limit: limit)
        guard reader.errors.count == before else { return nil }
        return KeyframeValues(
            values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: calculationMode,
            tensionValues: tension, continuityValues: continuity, biasValues: bias, path: keyframePath,
            rotationMode: rotationMode)
    }

    /// An optional array of finite numbers.
    mutating func numbers(_ name: String, in value: JSONValue, at path: String, limit: Int) -> [Double]? {
        guard let v = value[name] else { return nil }
        let listPath = Self.member(path, name)
        guard let elements = reader.array(v, at: listPath, maximumCount: limit, noun: "numbers") else { return nil }
        var result: [Double] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let n = reader.number(element, at: Self.element(listPath, index)) { result.append(n) }
        }
        return result.count == elements.count ? result : nil
    }

    // MARK: Groups and transitions

    mutating func groupChildren(_ value: JSONValue, at path: String, depth: Int) -> [Animation]? {
        guard depth < SceneDecoder.maximumGroupDepth else {
            reader.fail(path, "groups nested more than \(SceneDecoder.maximumGroupDepth) deep exceed the limit")
            return nil
        }
        guard let v = value["animations"] else { return [] }
        let listPath = Self.member(path, "animations")
        guard let elements = reader.array(v, at: listPath, maximumCount: Int.max) else { return nil }
        var children: [Animation] = []
        children.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let child = animation(element, at: Self.element(listPath, index), depth: depth + 1) {
                children.append(child)
            }
        }
        return children.count == elements.count ? children : nil
    }

    mutating func transition(_ value: JSONValue, at path: String) -> TransitionAnimation? {
        let before = reader.errors.count
        var transition = TransitionAnimation()
        if let v = value["transitionType"],
            let type = reader.choice(v, at: Self.member(path, "transitionType"), as: TransitionType.self)
        {
            transition.type = type.rawValue
        }
        if let v = value["subtype"],
            let subtype = reader.choice(v, at: Self.member(path, "subtype"), as: TransitionSubtype.self)
        {
            transition.subtype = subtype.rawValue
        }
        for name in ["startProgress", "endProgress"] {
            guard let v = optionalNumber(name, in: value, at: path) else { continue }
            guard (0...1).contains(v) else {
                reader.fail(Self.member(path, name), "expected a number in 0...1, got \(Self.text(v))")
                continue
            }
            if name == "startProgress" { transition.startProgress = v } else { transition.endProgress = v }
        }
        guard reader.errors.count == before else { return nil }
        if transition.endProgress < transition.startProgress {
            reader.fail(
                Self.member(path, "endProgress"),
                "endProgress \(Self.text(transition.endProgress)) is less than startProgress \(Self.text(transition.startProgress))")
            return nil
        }
        return transition
    }

    /// A message for an SVG path data error; offsets are 0-based UTF-8 positions in the string.
    static func message(for error: PathError) -> String { error.description }
}
