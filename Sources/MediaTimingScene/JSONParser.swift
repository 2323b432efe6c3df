/// A strict JSON parser (RFC 8259) with limits that keep hostile input bounded: document size, nesting
/// depth, and the number of values. Errors name the line and column.
public struct JSONParser {
    /// A malformed or oversized document.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// 1-based line of the problem.
        public var line: Int
        /// 1-based column (in UTF-8 bytes) of the problem.
        public var column: Int
        /// What is wrong.
        public var message: String

        public var description: String { "line \(line), column \(column): \(message)" }
    }

    /// The largest document accepted, in bytes.
    public var maximumBytes = 64 << 20
    /// The deepest nesting of arrays and objects accepted.
    public var maximumDepth = 64
    /// The most values (of any kind) accepted in one document.
    public var maximumValues = 4_000_000

    /// Creates a parser with the default limits.
    public init() {}

    /// Parses a whole document.
    public func parse(_ text: String) throws(Error) -> JSONValue {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return try parse(bytes: bytes)
    }

    /// Parses a whole document from UTF-8 bytes.
    public func parse(bytes: [UInt8]) throws(Error) -> JSONValue {
        guard bytes.count <= maximumBytes else {
            throw Error(line: 1, column: 1, message: "document larger than \(maximumBytes) bytes")
        }
        var reader = Reader(bytes: bytes, limits: self)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.position == bytes.count else { throw reader.error("unexpected text after the document") }
        return value
    }

    struct Reader {
        let bytes: [UInt8]
        let limits: JSONParser
        var position = 0
        var values = 0

        init(bytes: [UInt8], limits: JSONParser) {
            self.bytes = bytes
            self.limits = limits
        }

        func error(_ message: String) -> Error {
            var line = 1, column = 1
            for byte in bytes[..<min(position, bytes.count)] {
                if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return Error(line: line, column: column, message: message)
        }

        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
        }

        mutating func expect(_ literal: String, _ value: JSONValue) throws(Error) -> JSONValue {
            let start = position
            for byte in literal.utf8 {
                guard current == byte else {
                    position = start
                    throw error("invalid literal, expected \(literal)")
                }
                position += 1
            }
            return value
        }

        mutating func value(depth: Int) throws(Error) -> JSONValue {
            values += 1
            guard values <= limits.maximumValues else { throw error("more than \(limits.maximumValues) values") }
            guard let byte = current else { throw error("unexpected end of document") }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "n"): return try expect("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("unexpected character '\(Unicode.Scalar(byte))'")
            }
        }

        mutating func object(depth: Int) throws(Error) -> JSONValue {
            guard depth <= limits.maximumDepth else { throw error("nesting deeper than \(limits.maximumDepth)") }
            position += 1
            var members: [(key: String, value: JSONValue)] = []
            var keys = Set<String>()
            skipSpace()
            if current == UInt8(ascii: "}") { position += 1; return .object(members) }
            while true {
                skipSpace()
                guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
                let keyStart = position
                let key = try string()
                guard keys.insert(key).inserted else {
                    position = keyStart
                    throw error("duplicate member \"\(key)\"")
                }
                skipSpace()
                guard current == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
                position += 1
                skipSpace()
                members.append((key, try value(depth: depth)))
                skipSpace()
                if current == UInt8(ascii: ",") { position += 1; continue }
                if current == UInt8(ascii: "}") { position += 1; return .object(members) }
                throw error("expected ',' or '}' in an object")
            }
        }

        mutating func array(depth: Int) throws(Error) -> JSONValue {
            guard depth <= limits.maximumDepth else { throw error("nesting deeper than \(limits.maximumDepth)") }
            position += 1
            var elements: [JSONValue] = []
            skipSpace()
            if current == UInt8(ascii: "]") { position += 1; return .array(elements) }
            while true {
                skipSpace()
                elements.append(try value(depth: depth))
                skipSpace()
                if current == UInt8(ascii: ",") { position += 1; continue }
                if current == UInt8(ascii: "]") { position += 1; return .array(elements) }
                throw error("expected ',' or ']' in an array")
            }
        }

        mutating func number() throws(Error) -> Double {
            let start = position
            if current == UInt8(ascii: "-") { position += 1 }
            guard let first = current, first >= 0x30, first <= 0x39 else { throw error("invalid number") }
            if first == 0x30 {
                position += 1
            } else {
                while let d = current, d >= 0x30, d <= 0x39 { position += 1 }
            }
            if current == UInt8(ascii: ".") {
                position += 1
                guard let d = current, d >= 0x30, d <= 0x39 else { throw error("invalid number: digits expected after '.'") }
                while let d = current, d >= 0x30, d <= 0x39 { position += 1 }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                position += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
                guard let d = current, d >= 0x30, d <= 0x39 else { throw error("invalid number: exponent digits expected") }
                while let d = current, d >= 0x30, d <= 0x39 { position += 1 }
            }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            // Correctly rounded; out-of-range magnitudes become ±infinity or ±0, which callers reject or
            // accept by field.
            guard let value = Double(text) else { throw error("invalid number") }
            return value
        }

        mutating func string() throws(Error) -> String {
            position += 1
            var scalars = String.UnicodeScalarView()
            var runStart = position
            func flush(_ reader: Reader, _ scalars: inout String.UnicodeScalarView, upTo end: Int) {
                if end > runStart {
                    scalars.append(contentsOf: String(decoding: reader.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
                }
            }
            while true {
                guard let byte = current else { throw error("unterminated string") }
                if byte == UInt8(ascii: "\"") {
                    flush(self, &scalars, upTo: position)
                    position += 1
                    return String(scalars)
                }
                if byte < 0x20 { throw error("control character in a string") }
                if byte == UInt8(ascii: "\\") {
                    flush(self, &scalars, upTo: position)
                    position += 1
                    guard let escape = current else { throw error("unterminated escape") }
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
                            else { throw error("unpaired surrogate") }
                            position += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00..<0xE000).contains(code) {
                            throw error("unpaired surrogate")
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                        scalars.append(scalar)
                    default: throw error("invalid escape")
                    }
                    runStart = position
                    continue
                }
                position += 1
            }
        }

        mutating func hex4() throws(Error) -> UInt32 {
            var code: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = current else { throw error("invalid \\u escape") }
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: throw error("invalid \\u escape")
                }
                code = code << 4 | digit
                position += 1
            }
            return code
        }
    }
}
