import MediaTiming

extension SceneDecoder {
    /// Decodes one ANIMATION object of the scene format (Docs/scene-format.md: basic, keyframe, spring,
    /// group and transition animations, with the same fields, checks and limits as inside a scene's `add`
    /// operation) from UTF-8 bytes; a leading byte-order mark is skipped. Error paths are relative to the
    /// object (`timing.duration: …`; the object itself has the empty path).
    ///
    /// Cost: linear in the size of the document.
    public static func decodeAnimation(bytes: [UInt8]) throws(SceneErrors) -> Animation {
        let document = try document(bytes)
        var decoding = SceneDecoding()
        let animation = decoding.animation(document, at: "", depth: 0)
        let errors = decoding.reader.takeErrors()
        guard errors.isEmpty, let animation else {
            throw SceneErrors(errors.isEmpty ? [SceneError(path: "", message: "invalid animation")] : errors)
        }
        return animation
    }
}
