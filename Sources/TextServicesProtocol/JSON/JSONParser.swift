import TextServices

/// A strict JSON parser over UTF-8 bytes (RFC 8259).
///
/// Rejects malformed UTF-8, trailing data and nesting deeper than
/// `maximumDepth`, reporting the byte offset of the fault. An unpaired
/// surrogate escape (`"\ud800"`) is valid JSON text (RFC 8259 allows it) but
/// no Unicode string can hold it: such a string value becomes
/// `JSONValue.invalidUnicode` (with U+FFFD in its place), so the message can
/// still be read and answered, and an object key gets U+FFFD.
public struct JSONParser {
    /// Why a document is not acceptable JSON.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at byte \(offset)" }
    }

    public static let defaultMaximumDepth = 128

    /// Parses one JSON document.
    ///
    /// Throws `Failure` with the byte offset of the first error.
    public static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws(Failure) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
            try parse(buffer, maximumDepth: maximumDepth)
        }
    }

    /// Parses one JSON document from a string.
    public static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws(Failure) -> JSONValue {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }

    /// Parses one JSON document from a buffer that must stay valid during the call.
    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int = defaultMaximumDepth) throws(Failure) -> JSONValue {
        var parser = Reader(buffer: buffer, maximumDepth: maximumDepth)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        if parser.index != buffer.count { throw parser.fail("unexpected data after the JSON value") }
        return value
    }

    private struct Reader {
        let buffer: UnsafeBufferPointer<UInt8>
        let maximumDepth: Int
        var index = 0

        init(buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
            self.buffer = buffer
            self.maximumDepth = maximumDepth
        }

        func fail(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

        mutating func skipSpace() {
            while index < buffer.count {
                switch buffer[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard index < buffer.count else { throw fail("unexpected end of JSON") }
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
            skipSpace()
            if index < buffer.count, buffer[index] == UInt8(ascii: "}") {
                index += 1
                return .object(object)
            }
            while true {
                skipSpace()
                guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
                let key = try string().value
                skipSpace()
                guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                index += 1
                skipSpace()
                object[key] = try value(depth: depth)
                skipSpace()
                guard index < buffer.count else { throw fail("unexpected end of JSON") }
                if buffer[index] == UInt8(ascii: ",") {
                    index += 1
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
            skipSpace()
            if index < buffer.count, buffer[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                skipSpace()
                elements.append(try value(depth: depth))
                skipSpace()
                guard index < buffer.count else { throw fail("unexpected end of JSON") }
                if buffer[index] == UInt8(ascii: ",") {
                    index += 1
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
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: buffer[start..<index])
                    if let bad = UTF8Validation.firstInvalidOffset(in: slice) {
                        index = start + bad
                        throw fail("invalid UTF-8")
                    }
                    index += 1
                    return (String(decoding: slice, as: UTF8.self), true)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                index += 1
            }
            index = start
            var bytes: [UInt8] = []
            var valid = true
            while true {
                guard index < buffer.count else { throw fail("unterminated string") }
                let byte = buffer[index]
                switch byte {
                case UInt8(ascii: "\""):
                    if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
                        index = start + bad
                        throw fail("invalid UTF-8")
                    }
                    index += 1
                    return (String(decoding: bytes, as: UTF8.self), valid)
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
                    bytes.append(byte)
                    index += 1
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
