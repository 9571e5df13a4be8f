/// A JSON parser over UTF-8 bytes: strict (RFC 8259) for the wire, or JSONC for configuration files.
///
/// Rejects malformed UTF-8, trailing data and nesting deeper than
/// `maximumDepth`, reporting the byte offset of the fault. An unpaired
/// surrogate escape (`"\ud800"`) is valid JSON text (RFC 8259 allows it) but
/// no Unicode string can hold it: such a string value becomes
/// `JSONValue.invalidUnicode` (with U+FFFD in its place), so the message can
/// still be read and answered, and an object key gets U+FFFD. With
/// `Syntax.jsonc`, `//` and `/* */` comments count as white space and a
/// comma may follow the last member or element, as cspell and VS Code read
/// their settings; everything else is as strict. `parseLocated` also gives
/// the byte offset where each value starts, for messages that name a line.
public struct JSONParser {
    /// Which JSON the parser accepts.
    public enum Syntax: Sendable {
        /// RFC 8259 JSON, as the wire carries it.
        case json
        /// JSON with `//` and `/* */` comments and trailing commas.
        case jsonc
    }

    /// One step from a document's root to a value inside it: an object member's key or an array index.
    public enum PathComponent: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// A parsed document and the byte offset where each of its values starts.
    public struct LocatedDocument: Sendable {
        /// The document's value.
        public var value: JSONValue
        var offsets: [[PathComponent]: Int]

        /// The byte offset where the value at `path` starts (of the last one, for a repeated key), or nil when there is none.
        public func offset(of path: [PathComponent]) -> Int? {
            offsets[path]
        }
    }

    /// Why a document is not acceptable JSON.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at byte \(offset)" }

        public init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }
    }

    public static let defaultMaximumDepth = 128

    /// Parses one JSON document.
    ///
    /// Throws `Failure` with the byte offset of the first error.
    public static func parse(_ bytes: [UInt8], syntax: Syntax = .json,
                             maximumDepth: Int = defaultMaximumDepth) throws(Failure) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
            try parse(buffer, syntax: syntax, maximumDepth: maximumDepth)
        }
    }

    /// Parses one JSON document, noting where each value starts.
    ///
    /// Throws `Failure` with the byte offset of the first error.
    public static func parseLocated(_ bytes: [UInt8], syntax: Syntax = .json,
                                    maximumDepth: Int = defaultMaximumDepth) throws(Failure) -> LocatedDocument {
        try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
            var reader = Reader(buffer: buffer, syntax: syntax, maximumDepth: maximumDepth, locates: true)
            let value = try reader.document()
            return LocatedDocument(value: value, offsets: reader.offsets)
        }
    }

    /// Parses one JSON document from a string.
    public static func parse(_ text: String, syntax: Syntax = .json,
                             maximumDepth: Int = defaultMaximumDepth) throws(Failure) -> JSONValue {
        try parse(Array(text.utf8), syntax: syntax, maximumDepth: maximumDepth)
    }

    /// Parses one JSON document from a buffer that must stay valid during the call.
    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>, syntax: Syntax = .json,
                             maximumDepth: Int = defaultMaximumDepth) throws(Failure) -> JSONValue {
        var reader = Reader(buffer: buffer, syntax: syntax, maximumDepth: maximumDepth, locates: false)
        return try reader.document()
    }

    struct Reader {
        let buffer: UnsafeBufferPointer<UInt8>
        let maximumDepth: Int
        let allowsComments: Bool
        let locates: Bool
        var index = 0
        /// Where each value starts, by its path (only when `locates`).
        var offsets: [[PathComponent]: Int] = [:]
        var path: [PathComponent] = []

        init(buffer: UnsafeBufferPointer<UInt8>, syntax: Syntax, maximumDepth: Int, locates: Bool) {
            self.buffer = buffer
            self.maximumDepth = maximumDepth
            self.allowsComments = syntax == .jsonc
            self.locates = locates
        }

        func fail(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

        mutating func document() throws(Failure) -> JSONValue {
            try skipSpace()
            let value = try value(depth: 0)
            try skipSpace()
            if index != buffer.count { throw fail("unexpected data after the JSON value") }
            return value
        }

        /// Skips white space, and with JSONC `// ...` to the end of the line and `/* ... */`.
        mutating func skipSpace() throws(Failure) {
            while index < buffer.count {
                switch buffer[index] {
                case 0x20, 0x09, 0x0A, 0x0D:
                    index += 1
                case UInt8(ascii: "/") where allowsComments && index + 1 < buffer.count && buffer[index + 1] == UInt8(ascii: "/"):
                    while index < buffer.count, buffer[index] != 0x0A { index += 1 }
                case UInt8(ascii: "/") where allowsComments && index + 1 < buffer.count && buffer[index + 1] == UInt8(ascii: "*"):
                    let start = index
                    index += 2
                    while index + 1 < buffer.count, !(buffer[index] == UInt8(ascii: "*") && buffer[index + 1] == UInt8(ascii: "/")) {
                        index += 1
                    }
                    guard index + 1 < buffer.count else { throw Failure(offset: start, reason: "a /* comment is not closed") }
                    index += 2
                default:
                    return
                }
            }
        }

        /// Whether a trailing comma is followed by the closing bracket (JSONC only); consumes the bracket.
        mutating func closesAfterComma(_ closing: UInt8) throws(Failure) -> Bool {
            guard allowsComments else { return false }
            try skipSpace()
            guard index < buffer.count, buffer[index] == closing else { return false }
            index += 1
            return true
        }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard index < buffer.count else { throw fail("unexpected end of JSON") }
            if locates { offsets[path] = index }
            switch buffer[index] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""):
                let (string, valid) = try string()
                return valid ? .string(string) : .invalidUnicode(string)
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw fail("unexpected character")
            }
        }

        mutating func literal(_ word: String) throws(Failure) {
            let expected = Array(word.utf8)
            guard index + expected.count <= buffer.count else { throw fail("invalid literal") }
            for offset in 0..<expected.count where buffer[index + offset] != expected[offset] {
                throw fail("invalid literal")
            }
            index += expected.count
        }

        mutating func object(depth: Int) throws(Failure) -> JSONValue {
            if depth > maximumDepth { throw fail("nesting deeper than \(maximumDepth)") }
            index += 1
            var object = JSONObject()
            try skipSpace()
            if index < buffer.count, buffer[index] == UInt8(ascii: "}") {
                index += 1
                return .object(object)
            }
            while true {
                try skipSpace()
                guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
                let key = try string().value
                try skipSpace()
                guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                index += 1
                try skipSpace()
                if locates { path.append(.key(key)) }
                object[key] = try value(depth: depth)
                if locates { path.removeLast() }
                try skipSpace()
                guard index < buffer.count else { throw fail("unexpected end of JSON") }
                if buffer[index] == UInt8(ascii: ",") {
                    index += 1
                    if try closesAfterComma(UInt8(ascii: "}")) { return .object(object) }
                    continue
                }
                if buffer[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(object)
                }
                throw fail("expected ',' or '}'")
            }
        }

        mutating func array(depth: Int) throws(Failure) -> JSONValue {
            if depth > maximumDepth { throw fail("nesting deeper than \(maximumDepth)") }
            index += 1
            var elements: [JSONValue] = []
            try skipSpace()
            if index < buffer.count, buffer[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                try skipSpace()
                if locates { path.append(.index(elements.count)) }
                elements.append(try value(depth: depth))
                if locates { path.removeLast() }
                try skipSpace()
                guard index < buffer.count else { throw fail("unexpected end of JSON") }
                if buffer[index] == UInt8(ascii: ",") {
                    index += 1
                    if try closesAfterComma(UInt8(ascii: "]")) { return .array(elements) }
                    continue
                }
                if buffer[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(elements)
                }
                throw fail("expected ',' or ']'")
            }
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            guard index + 4 <= buffer.count else { throw fail("truncated \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = buffer[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw fail("invalid \\u escape")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        /// A string and whether it is valid Unicode (false when an unpaired surrogate escape became U+FFFD).
        mutating func string() throws(Failure) -> (value: String, valid: Bool) {
            index += 1  // opening quote
            let start = index
            // Fast path: no escapes.
            index = ByteScan.stringStop(in: buffer, from: index)
            if index < buffer.count, buffer[index] == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: buffer[start..<index])
                guard let text = String(validating: slice, as: UTF8.self) else {
                    index = start + Self.firstInvalidUTF8Offset(in: slice)
                    throw fail("invalid UTF-8")
                }
                index += 1
                return (text, true)
            }
            // A text with line breaks escapes one byte in dozens: the bytes between escapes are copied as runs, into
            // room for the whole literal found first (a document's text would otherwise be copied at each doubling).
            var end = index
            while end < buffer.count, buffer[end] != UInt8(ascii: "\"") {
                end = ByteScan.stringStop(in: buffer, from: end + (buffer[end] == UInt8(ascii: "\\") ? 2 : 1))
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Swift.min(end, buffer.count) - start)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<index]))
            var valid = true
            while true {
                guard index < buffer.count else { throw fail("unterminated string") }
                let byte = buffer[index]
                switch byte {
                case UInt8(ascii: "\""):
                    guard let text = String(validating: bytes, as: UTF8.self) else {
                        index = start + bytes.withUnsafeBufferPointer(Self.firstInvalidUTF8Offset)
                        throw fail("invalid UTF-8")
                    }
                    index += 1
                    return (text, valid)
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < buffer.count else { throw fail("unterminated string") }
                    let escape = buffer[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): bytes.append(0x22)
                    case UInt8(ascii: "\\"): bytes.append(0x5C)
                    case UInt8(ascii: "/"): bytes.append(0x2F)
                    case UInt8(ascii: "b"): bytes.append(0x08)
                    case UInt8(ascii: "f"): bytes.append(0x0C)
                    case UInt8(ascii: "n"): bytes.append(0x0A)
                    case UInt8(ascii: "r"): bytes.append(0x0D)
                    case UInt8(ascii: "t"): bytes.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if scalar >= 0xD800, scalar < 0xDC00 {
                            // A high surrogate needs a low one right after it.
                            if index + 6 <= buffer.count, buffer[index] == UInt8(ascii: "\\"), buffer[index + 1] == UInt8(ascii: "u") {
                                let mark = index
                                index += 2
                                let low = try hex4()
                                if low >= 0xDC00, low < 0xE000 {
                                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                                } else {
                                    index = mark
                                    scalar = 0xFFFD
                                    valid = false
                                }
                            } else {
                                scalar = 0xFFFD
                                valid = false
                            }
                        } else if scalar >= 0xDC00, scalar < 0xE000 {
                            scalar = 0xFFFD
                            valid = false
                        }
                        bytes.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalar)!)!)
                    default:
                        index -= 1
                        throw fail("invalid escape")
                    }
                default:
                    if byte < 0x20 { throw fail("control character in string") }
                    let run = index
                    index = ByteScan.stringStop(in: buffer, from: index + 1)
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[run..<index]))
                }
            }
        }

        /// The offset of the first byte that does not start a well-formed UTF-8 sequence (the count when there is none).
        static func firstInvalidUTF8Offset(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var offset = 0
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded): offset += encoded.count
                case .error, .emptyInput: return offset
                }
            }
        }

        mutating func number() throws(Failure) -> JSONValue {
            let start = index
            var isInteger = true
            if buffer[index] == UInt8(ascii: "-") { index += 1 }
            guard index < buffer.count, buffer[index] >= 0x30, buffer[index] <= 0x39 else { throw fail("invalid number") }
            if buffer[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                while index < buffer.count, buffer[index] >= 0x30, buffer[index] <= 0x39 { index += 1 }
            }
            if index < buffer.count, buffer[index] == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                guard index < buffer.count, buffer[index] >= 0x30, buffer[index] <= 0x39 else { throw fail("invalid number") }
                while index < buffer.count, buffer[index] >= 0x30, buffer[index] <= 0x39 { index += 1 }
            }
            if index < buffer.count, buffer[index] == UInt8(ascii: "e") || buffer[index] == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if index < buffer.count, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-") { index += 1 }
                guard index < buffer.count, buffer[index] >= 0x30, buffer[index] <= 0x39 else { throw fail("invalid number") }
                while index < buffer.count, buffer[index] >= 0x30, buffer[index] <= 0x39 { index += 1 }
            }
            // An integer of up to 18 digits cannot overflow: it is read from the bytes, with no string made.
            let digits = index - start - (buffer[start] == UInt8(ascii: "-") ? 1 : 0)
            if isInteger, digits <= 18 {
                var value = 0
                for position in index - digits..<index { value = value &* 10 &+ Int(buffer[position] &- UInt8(ascii: "0")) }
                return .int(buffer[start] == UInt8(ascii: "-") ? -value : value)
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
            if isInteger, let value = Int(text) { return .int(value) }
            guard let value = Double(text) else { throw fail("invalid number") }
            // 1e400 would become infinity, which JSON cannot write back (an echoed id would turn into null).
            guard value.isFinite else {
                index = start
                throw fail("number out of range")
            }
            return .double(value)
        }
    }
}
