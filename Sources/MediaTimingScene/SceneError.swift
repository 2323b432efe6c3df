/// One problem in a scene document, at a JSON path (Docs/scene-format.md, "Errors"):
/// `layers[2].timing.speed: expected a finite number, got "fast"`.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is, e.g. `script[4].add.layer` (empty for the document itself).
    public var path: String
    /// What is wrong.
    public var message: String

    /// Creates an error at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Every problem found in a scene document: a scene that cannot be evaluated produces no partial result.
public struct SceneErrors: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, in document order.
    public var errors: [SceneError]

    /// Creates the list.
    public init(_ errors: [SceneError]) { self.errors = errors }

    /// One line per problem.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
