/// The SVG path data reader behind ``Path/init(svgPathData:)``.
///
/// It walks the UTF-8 code units once, with no recursion and no unchecked indexing; every
/// malformed input ends in a ``PathError`` carrying the UTF-8 offset of the problem.
/// Grammar (SVG 1.1 §8.3.9, restricted to `M L H V Q C Z`):
/// - whitespace is space, tab, LF, CR, FF; a comma (with whitespace around it) may separate
///   two numbers or two argument groups, never a command letter from its arguments;
/// - a number is `sign? (digits ('.' digits?)? | '.' digits) exponent?`, exponent
///   `('e'|'E') sign? digits`; the longest such prefix is taken, so `1-2` is two numbers and
///   `.5.5` is `0.5 0.5`; an `e` that is not followed by digits is not part of the number.
struct SVGPathParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var path = Path()
    private var current = Point.zero
    private var subpathStart = Point.zero

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses `text` into a path (see ``Path/init(svgPathData:)`` for the contract).
    static func parse(_ text: String) throws(PathError) -> Path {
        var text = text
        let length = text.utf8.count
        if length > Path.maximumSVGPathDataLength {
            throw .inputTooLong(length: length, limit: Path.maximumSVGPathDataLength)
        }
        let result: Result<Path, PathError> = text.withUTF8 { buffer in
            var parser = SVGPathParser(bytes: buffer)
            do throws(PathError) {
                try parser.run()
                return .success(parser.path)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // MARK: Driver

    private mutating func run() throws(PathError) {
        var sawCommand = false
        while true {
            skipWhitespace()
            guard index < bytes.count else { break }
            let commandOffset = index
            let byte = bytes[index]
            guard let command = Command(byte) else {
                throw .unknownCommand(scalar(at: index), offset: index)
            }
            if !sawCommand, command != .move {
                throw .missingInitialMove(offset: commandOffset)
            }
            sawCommand = true
            index += 1
            let relative = byte >= UInt8(ascii: "a")
            try parseArguments(command, letter: Unicode.Scalar(byte), relative: relative)
        }
        if !sawCommand { throw .emptyPath }
    }

    /// Reads the argument groups of one command letter (one or more groups for all but `Z`).
    private mutating func parseArguments(_ command: Command, letter: Unicode.Scalar, relative: Bool) throws(PathError) {
        if command == .close {
            try append(.closeSubpath)
            current = subpathStart
            return
        }
        var command = command
        var first = true
        while true {
            var values = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
            var offsets = (0, 0, 0, 0, 0, 0)
            let count = command.argumentCount
            for k in 0..<count {
                if k > 0 { skipCommaAndWhitespace() } else { skipWhitespace() }
                let offset = index
                let value = try number(for: letter)
                switch k {
                case 0: values.0 = value; offsets.0 = offset
                case 1: values.1 = value; offsets.1 = offset
                case 2: values.2 = value; offsets.2 = offset
                case 3: values.3 = value; offsets.3 = offset
                case 4: values.4 = value; offsets.4 = offset
                default: values.5 = value; offsets.5 = offset
                }
            }
            let base = relative ? current : Point.zero
            switch command {
            case .move:
                let p = try point(base, values.0, values.1, offsets.0, offsets.1)
                if first {
                    try append(.move(to: p))
                    subpathStart = p
                } else {
                    try append(.line(to: p))
                }
                current = p
            case .line:
                let p = try point(base, values.0, values.1, offsets.0, offsets.1)
                try append(.line(to: p))
                current = p
            case .horizontal:
                let x = try coordinate(base.x, values.0, offsets.0)
                let p = Point(x: x, y: current.y)
                try append(.line(to: p))
                current = p
            case .vertical:
                let y = try coordinate(base.y, values.0, offsets.0)
                let p = Point(x: current.x, y: y)
                try append(.line(to: p))
                current = p
            case .quadratic:
                let c = try point(base, values.0, values.1, offsets.0, offsets.1)
                let p = try point(base, values.2, values.3, offsets.2, offsets.3)
                try append(.quadCurve(to: p, control: c))
                current = p
            case .cubic:
                let c1 = try point(base, values.0, values.1, offsets.0, offsets.1)
                let c2 = try point(base, values.2, values.3, offsets.2, offsets.3)
                let p = try point(base, values.4, values.5, offsets.4, offsets.5)
                try append(.curve(to: p, control1: c1, control2: c2))
                current = p
            case .close:
                return
            }
            if command == .move { command = .line }
            first = false
            // Another argument group follows if, after optional whitespace and one optional
            // comma, a number starts; a comma not followed by a number is an error.
            skipWhitespace()
            var sawComma = false
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                sawComma = true
                index += 1
                skipWhitespace()
            }
            if index < bytes.count, Self.startsNumber(bytes[index]) { continue }
            if sawComma { throw .missingNumber(command: letter, offset: index) }
            return
        }
    }

    private mutating func append(_ element: PathElement) throws(PathError) {
        // The parser only produces finite, in-range points after a leading move, so the only
        // error the builder can raise here is the element limit.
        try path.append(element)
    }

    private func point(_ base: Point, _ x: Double, _ y: Double, _ xOffset: Int, _ yOffset: Int) throws(PathError) -> Point {
        Point(x: try coordinate(base.x, x, xOffset), y: try coordinate(base.y, y, yOffset))
    }

    private func coordinate(_ base: Double, _ value: Double, _ offset: Int) throws(PathError) -> Double {
        let v = base + value
        guard v.isFinite, Path.isInRange(v) else { throw .numberOutOfRange(offset: offset) }
        return v
    }

    // MARK: Lexing

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    private mutating func skipCommaAndWhitespace() {
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
        }
    }

    /// Reads one number at `index`, or throws `missingNumber` at `index` if none starts there.
    private mutating func number(for letter: Unicode.Scalar) throws(PathError) -> Double {
        let start = index
        var i = index
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while i < bytes.count, Self.isDigit(bytes[i]) { i += 1; digits += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            var j = i + 1
            var fraction = 0
            while j < bytes.count, Self.isDigit(bytes[j]) { j += 1; fraction += 1 }
            if digits + fraction > 0 {
                i = j
                digits += fraction
            }
        }
        guard digits > 0 else { throw .missingNumber(command: letter, offset: start) }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
            if j < bytes.count, Self.isDigit(bytes[j]) {
                while j < bytes.count, Self.isDigit(bytes[j]) { j += 1 }
                i = j
            }
        }
        index = i
        let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let value = Double(token), value.isFinite, Path.isInRange(value) else {
            throw .numberOutOfRange(offset: start)
        }
        return value
    }

    /// The Unicode scalar starting at UTF-8 offset `offset` (which follows ASCII text only, so
    /// it is a scalar boundary), or U+FFFD if the bytes there are not valid UTF-8.
    private func scalar(at offset: Int) -> Unicode.Scalar {
        var iterator = UnsafeBufferPointer(rebasing: bytes[offset...]).makeIterator()
        var decoder = UTF8()
        switch decoder.decode(&iterator) {
        case .scalarValue(let s): return s
        case .emptyInput, .error: return "\u{FFFD}"
        }
    }

    private static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }

    private static func isDigit(_ b: UInt8) -> Bool {
        b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
    }

    private static func startsNumber(_ b: UInt8) -> Bool {
        isDigit(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
    }

    /// The supported commands, independent of case.
    private enum Command: Equatable {
        case move, line, horizontal, vertical, quadratic, cubic, close

        init?(_ byte: UInt8) {
            switch byte | 0x20 {  // ASCII lowercase; bytes that are not letters map to non-letters
            case UInt8(ascii: "m"): self = .move
            case UInt8(ascii: "l"): self = .line
            case UInt8(ascii: "h"): self = .horizontal
            case UInt8(ascii: "v"): self = .vertical
            case UInt8(ascii: "q"): self = .quadratic
            case UInt8(ascii: "c"): self = .cubic
            case UInt8(ascii: "z"): self = .close
            default: return nil
            }
        }

        var argumentCount: Int {
            switch self {
            case .move, .line: 2
            case .horizontal, .vertical: 1
            case .quadratic: 4
            case .cubic: 6
            case .close: 0
            }
        }
    }
}
