#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

import MediaTiming

/// Key paths of the scene format: parsing, defaults, reading and writing components
/// (Docs/semantics.md §10.5).
@Suite struct AnimationKeyPathTests {
    static let known: [(String, LayerProperty, KeyPathComponent?, ValueKind)] = [
        ("opacity", .opacity, nil, .scalar),
        ("position", .position, nil, .point),
        ("position.x", .position, .x, .scalar),
        ("position.y", .position, .y, .scalar),
        ("bounds", .bounds, nil, .rect),
        ("bounds.size", .bounds, .size, .size),
        ("bounds.origin.y", .bounds, .originY, .scalar),
        ("anchorPoint", .anchorPoint, nil, .point),
        ("cornerRadius", .cornerRadius, nil, .scalar),
        ("backgroundColor", .backgroundColor, nil, .color),
        ("contentsRect", .contentsRect, nil, .rect),
        ("contentsRect.size.width", .contentsRect, .sizeWidth, .scalar),
        ("transform", .transform, nil, .transform),
        ("transform.rotation", .transform, .rotation, .scalar),
        ("transform.rotation.x", .transform, .rotationX, .scalar),
        ("transform.rotation.y", .transform, .rotationY, .scalar),
        ("transform.rotation.z", .transform, .rotationZ, .scalar),
        ("transform.scale", .transform, .scale, .scalar),
        ("transform.scale.x", .transform, .scaleX, .scalar),
        ("transform.scale.y", .transform, .scaleY, .scalar),
        ("transform.scale.z", .transform, .scaleZ, .scalar),
        ("transform.translation", .transform, .translation, .size),
        ("transform.translation.x", .transform, .translationX, .scalar),
        ("transform.translation.y", .transform, .translationY, .scalar),
        ("transform.translation.z", .transform, .translationZ, .scalar),
    ]

    @Test("scene-format key paths parse to their property, component and kind", arguments: known)
    func parse(_ name: String, _ property: LayerProperty, _ component: KeyPathComponent?, _ kind: ValueKind) throws {
        let path = try AnimationKeyPath(name)
        #expect(path.property == property)
        #expect(path.component == component)
        #expect(path.valueKind == kind)
        #expect(path.description == name)
    }

    @Test("the named key path constants equal their parsed names")
    func constantsEqualParsed() throws {
        let constants: [(AnimationKeyPath, String)] = [
            (.opacity, "opacity"), (.position, "position"), (.bounds, "bounds"), (.transform, "transform"),
            (.transformRotation, "transform.rotation"), (.transformRotationZ, "transform.rotation.z"),
            (.transformScale, "transform.scale"), (.transformTranslation, "transform.translation"),
            (.anchorPoint, "anchorPoint"), (.cornerRadius, "cornerRadius"), (.backgroundColor, "backgroundColor"),
            (AnimationKeyPath(property: .custom("borderWidth")), "borderWidth"),
            (AnimationKeyPath(property: .anchorPoint), "anchorPoint"),
        ]
        for (constant, name) in constants {
            #expect(try AnimationKeyPath(name) == constant)
            #expect(constant.name == name)
        }
    }

    @Test("any other name is a custom scalar property defaulting to 0",
          arguments: ["time", "volume", "audio.volume", "transition.progress", "transformX", "Opacity"])
    func custom(_ name: String) throws {
        let path = try AnimationKeyPath(name)
        #expect(path.property == .custom(name))
        #expect(path.component == nil)
        #expect(path.valueKind == .scalar)
        #expect(path.modelDefault == .scalar(0))
    }

    @Test("empty names and empty segments are malformed", arguments: ["", ".", "position.", ".x", "a..b"])
    func malformed(_ name: String) {
        #expect(throws: ValueError.malformedKeyPath(name)) { try AnimationKeyPath(name) }
    }

    @Test("a named property with an unknown field is an error, not a custom property",
          arguments: ["position.z", "opacity.x", "transform.rotation.w", "transform.skew", "bounds.size.depth",
                      "bounds.x", "anchorPoint.width"])
    func unknownComponent(_ name: String) {
        #expect(throws: ValueError.unknownKeyPathComponent(name)) { try AnimationKeyPath(name) }
    }

    @Test("a key path from parts must pair a property with a field of its kind") func fromParts() throws {
        #expect(try AnimationKeyPath(property: .transform, component: .rotationZ).name == "transform.rotation.z")
        #expect(throws: ValueError.kindMismatch(expected: .transform, got: .point)) {
            try AnimationKeyPath(property: .position, component: .rotationZ)
        }
    }

    static let defaults: [(String, AnimationValue)] = [
        ("opacity", .scalar(1)),
        ("position", .point(Point(x: 0, y: 0))),
        ("bounds", .rect(Rect(x: 0, y: 0, width: 0, height: 0))),
        ("anchorPoint", .point(Point(x: 0.5, y: 0.5))),
        ("cornerRadius", .scalar(0)),
        ("backgroundColor", .color(Color(red: 0, green: 0, blue: 0, alpha: 0))),
        ("contentsRect", .rect(Rect(x: 0, y: 0, width: 1, height: 1))),
        ("transform", .transform(transform(identityRows))),
        ("anchorPoint.y", .scalar(0.5)),
        ("contentsRect.size", .size(Size(width: 1, height: 1))),
        ("transform.scale.x", .scalar(1)),
        ("transform.scale", .scalar(1)),
        ("transform.rotation.z", .scalar(0)),
        ("transform.translation", .size(Size(width: 0, height: 0))),
    ]

    @Test("model defaults are CALayer's", arguments: defaults)
    func modelDefaults(_ name: String, _ expected: AnimationValue) throws {
        #expect(try AnimationKeyPath(name).modelDefault == expected)
    }

    @Test("position.x replaces x and keeps y; bounds.size keeps the origin") func structFields() throws {
        let position = PropertyValue.value(.point(Point(x: 1, y: 2)))
        let x = try AnimationKeyPath("position.x")
        #expect(try x.value(in: position) == .scalar(1))
        #expect(try x.setting(.scalar(7), in: position) == .value(.point(Point(x: 7, y: 2))))
        let bounds = PropertyValue.value(.rect(Rect(x: 1, y: 2, width: 3, height: 4)))
        let size = try AnimationKeyPath("bounds.size")
        #expect(try size.value(in: bounds) == .size(Size(width: 3, height: 4)))
        #expect(
            try size.setting(.size(Size(width: 30, height: 40)), in: bounds)
                == .value(.rect(Rect(x: 1, y: 2, width: 30, height: 40))))
    }

    @Test("a transform component replaces that component and leaves the others") func transformField() throws {
        // Scale 2 (x, y), then 30° about z, then translate (5, 6): S·R·T by hand.
        let s = 0.5, c = 3.0.squareRoot() / 2
        let base = PropertyValue.value(
            .transform(transform([[2 * c, 2 * s, 0, 0], [-2 * s, 2 * c, 0, 0], [0, 0, 1, 0], [5, 6, 0, 1]])))
        let rotation = try AnimationKeyPath("transform.rotation.z")
        expectClose(scalar(try rotation.value(in: base)), .pi / 6, tolerance: 1e-15)
        let turned = try rotation.setting(.scalar(.pi / 3), in: base)
        expectClose(scalar(try AnimationKeyPath("transform.scale.x").value(in: turned)), 2, tolerance: 1e-15)
        expectClose(scalar(try AnimationKeyPath("transform.translation.y").value(in: turned)), 6, tolerance: 1e-15)
        guard case let .transform(m) = try AnimationKeyPath("transform").value(in: turned) else {
            Issue.record("not a transform")
            return
        }
        // Scale 2, 60°, translate (5, 6).
        expectMatrix(m, [[2 * s, 2 * c, 0, 0], [-2 * c, 2 * s, 0, 0], [0, 0, 1, 0], [5, 6, 0, 1]], tolerance: 1e-14)
        // transform.rotation is transform.rotation.z.
        #expect(try AnimationKeyPath("transform.rotation").value(in: turned) == .scalar(.pi / 3))
    }

    @Test("a written angle reads back exactly, unwrapped (19π/3)") func unwrappedAngle() throws {
        let path = try AnimationKeyPath("transform.rotation.z")
        let angle = 19 * Double.pi / 3
        let value = try path.setting(.scalar(angle), in: path.propertyDefault)
        #expect(try path.value(in: value) == .scalar(angle))
        guard case let .transform(m) = try AnimationKeyPath("transform").value(in: value) else {
            Issue.record("not a transform")
            return
        }
        expectMatrix(m, zRotationRows(.pi / 3), tolerance: 1e-14)
    }

    @Test("translation is a size (x, y) and keeps z; scale writes all three factors") func translationAndScale() throws {
        let base = PropertyValue.value(.transform(.translation(x: 1, y: 2, z: 3)))
        let translation = try AnimationKeyPath("transform.translation")
        #expect(try translation.value(in: base) == .size(Size(width: 1, height: 2)))
        let moved = try translation.setting(.size(Size(width: 10, height: 20)), in: base)
        #expect(try AnimationKeyPath("transform.translation.z").value(in: moved) == .scalar(3))
        let scaled = try AnimationKeyPath("transform.scale").setting(.scalar(2), in: moved)
        guard case let .transform(m) = try AnimationKeyPath("transform").value(in: scaled) else {
            Issue.record("not a transform")
            return
        }
        expectMatrix(m, [[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0], [10, 20, 3, 1]], tolerance: 0)
    }

    @Test("additive key paths add to the running value; additive transforms concatenate (U17)") func additive() throws {
        let x = try AnimationKeyPath("position.x")
        let added = try x.applying(.scalar(5), to: .value(.point(Point(x: 1, y: 2))), additive: true)
        #expect(added == .value(.point(Point(x: 6, y: 2))))
        let rotation = try AnimationKeyPath("transform.rotation.z")
        let start = try rotation.setting(.scalar(1), in: rotation.propertyDefault)
        #expect(try rotation.value(in: rotation.adding(.scalar(2.5), to: start)) == .scalar(3.5))
        // Whole transform: Concat(anim, running) with running = translate (10, 0), anim = 90° about z.
        let whole = try AnimationKeyPath("transform")
        let composed = try whole.adding(
            .transform(.rotation(angle: .pi / 2, x: 0, y: 0, z: 1)), to: .value(.transform(.translation(x: 10, y: 0, z: 0))))
        guard case let .value(.transform(m)) = composed else {
            Issue.record("not a matrix")
            return
        }
        #expect(m.m41 == 10 && m.m42 == 0)
    }

    @Test("kind mismatches, NaN values and undecomposable bases are typed errors") func errors() throws {
        let opacity = try AnimationKeyPath("opacity")
        #expect(throws: ValueError.kindMismatch(expected: .scalar, got: .point)) {
            try opacity.setting(.point(.zero), in: opacity.propertyDefault)
        }
        #expect(throws: ValueError.kindMismatch(expected: .point, got: .scalar)) {
            try AnimationKeyPath("position").value(in: .value(.scalar(1)))
        }
        #expect(throws: ValueError.nonFiniteComponent(.scalar, index: 0, .notANumber)) {
            try opacity.setting(.scalar(.nan), in: opacity.propertyDefault)
        }
        let singular = PropertyValue.value(.transform(.scale(x: 0, y: 1, z: 1)))
        #expect(throws: ValueError.notDecomposable) {
            try AnimationKeyPath("transform.rotation.z").value(in: singular)
        }
        #expect(throws: ValueError.notDecomposable) {
            try AnimationKeyPath("transform.scale").setting(.scalar(1), in: singular)
        }
        // The whole transform of a singular matrix is fine.
        #expect(try AnimationKeyPath("transform").value(in: singular) == .transform(.scale(x: 0, y: 1, z: 1)))
    }
}
