/// Why a ``Path`` could not be built, parsed from SVG path data, or measured.
///
/// Parsing errors carry `offset`, the position of the problem in the input counted in UTF-8
/// code units from the start of the string (for the ASCII text of SVG path data this is the
/// character position, except that a CR LF pair counts as two). Builder errors carry
/// `elementIndex`, the index the rejected element would have had in ``Path/elements``.
/// No input ever traps: every problem is reported with one of these cases.
public enum PathError: Error, Hashable, Sendable {
    /// The SVG path data holds no command (empty or only whitespace), or a path with no
    /// elements was given to ``MeasuredPath/init(_:)``.
    case emptyPath
    /// The SVG path data is longer than ``Path/maximumSVGPathDataLength`` UTF-8 code units.
    case inputTooLong(length: Int, limit: Int)
    /// The path would have more than ``Path/maximumElementCount`` elements.
    case tooManyElements(limit: Int)
    /// Where a command letter was expected the input holds `character`, which is not one of
    /// `M L H V Q C Z` or their lowercase (relative) forms. `S`, `T` and `A` are not
    /// supported (the scene format allows `M L H V Q C Z` only); a number after `Z` also lands
    /// here, since `Z` takes no arguments.
    case unknownCommand(Unicode.Scalar, offset: Int)
    /// The arguments of `command` end early: a number was expected at `offset` (the input
    /// ends, or holds something that does not start a number, or a comma is not followed by a
    /// number, or an exponent has no digits).
    case missingNumber(command: Unicode.Scalar, offset: Int)
    /// The number at `offset` overflows a `Double`, or its magnitude, or the magnitude of the
    /// absolute coordinate it produces (relative commands add it to the current point),
    /// exceeds ``Path/maximumCoordinateMagnitude``.
    case numberOutOfRange(offset: Int)
    /// The SVG path data does not start with `M` or `m`; `offset` is that first command.
    case missingInitialMove(offset: Int)
    /// A point given to the builder has a NaN or infinite coordinate.
    case nonFiniteCoordinate(elementIndex: Int)
    /// A point given to the builder has a coordinate of magnitude above
    /// ``Path/maximumCoordinateMagnitude``.
    case coordinateOutOfRange(elementIndex: Int)
    /// A drawing element (line, curve or close) was added before any ``PathElement/move(to:)``.
    case noCurrentPoint(elementIndex: Int)
}

extension PathError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .emptyPath: return "expected SVG path data, got an empty path"
        case let .inputTooLong(length, limit): return "SVG path data of \(length) bytes exceeds the limit of \(limit)"
        case let .tooManyElements(limit): return "a path with more than \(limit) elements exceeds the limit"
        case let .unknownCommand(character, offset):
            return "SVG path data: unknown command \"\(character)\" at offset \(offset) (expected M L H V Q C Z)"
        case let .missingNumber(command, offset): return "SVG path data: \(command) expects a number at offset \(offset)"
        case let .numberOutOfRange(offset): return "SVG path data: the number at offset \(offset) is out of range"
        case let .missingInitialMove(offset): return "SVG path data must start with M or m (offset \(offset))"
        case let .nonFiniteCoordinate(index): return "path element \(index): a coordinate is not finite"
        case let .coordinateOutOfRange(index): return "path element \(index): a coordinate exceeds \(Path.maximumCoordinateMagnitude)"
        case let .noCurrentPoint(index): return "path element \(index): drawing before a move"
        }
    }
}
