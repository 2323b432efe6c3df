/// An inconsistency the reference finds in its own state: a bug of the reference, not of the runtime.
public enum ReferenceError: Error, CustomStringConvertible {
    /// The delegate state disagrees with the phase it was derived from.
    case inconsistent(String)

    public var description: String {
        switch self {
        case let .inconsistent(what): return "reference inconsistent: \(what)"
        }
    }
}
