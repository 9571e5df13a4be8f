/// A reader of a TOML document's top-level keys: the pairs before its first table header, and where each starts.
///
/// Values are strings (basic, literal and their multi-line forms, escapes
/// resolved), arrays (over several lines, with comments and a trailing
/// comma), inline tables, and other scalars (numbers, booleans, dates: kept
/// only as present). Keys may be bare, quoted or dotted. Reading stops at
/// the first `[table]` or `[[array]]` header, since every top-level key
/// comes before it. Nesting is limited to `maximumDepth`.
struct TOMLTopLevelReader {
    indirect enum Value {
        case string(String)
        case array([Node])
        case table([Pair])
        case scalar
    }

    /// A value and the byte offset where it starts.
    struct Node {
        var value: Value
        var offset: Int
    }

    /// `key = value`, the key split at its dots.
    struct Pair {
        var key: [String]
        var keyOffset: Int
        var value: Node
    }

    struct Failure: Error {
        var offset: Int
        var reason: String
    }

    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index: Int

    init(bytes: [UInt8], start: Int = 0) {
        self.bytes = bytes
        self.index = start
    }

    /// The top-level pairs, in order.
    mutating func pairs() throws(Failure) -> [Pair] {
        var pairs: [Pair] = []
        while true {
            skipBlankLines()
            guard index < bytes.count, bytes[index] != UInt8(ascii: "[") else { return pairs }
            let keyOffset = index
            let key = try self.key()
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw fail("expected = after the key") }
            index += 1
            skipSpaces()
            pairs.append(Pair(key: key, keyOffset: keyOffset, value: try value(depth: 0)))
            skipSpaces()
            skipComment()
            guard index >= bytes.count || isNewline(bytes[index]) else { throw fail("expected the end of the line after the value") }
        }
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? index, reason: reason)
    }

    private func isNewline(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    private mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }

    private mutating func skipComment() {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "#") else { return }
        while index < bytes.count, !isNewline(bytes[index]) { index += 1 }
    }

    /// Skips spaces, comments and line ends.
    private mutating func skipBlankLines() {
        while index < bytes.count {
            skipSpaces()
            skipComment()
            guard index < bytes.count, isNewline(bytes[index]) else { return }
            index += 1
        }
    }

    private static func isBareKeyByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    /// A key: bare, "basic" or 'literal' parts joined by dots.
    private mutating func key() throws(Failure) -> [String] {
        var parts: [String] = []
        while true {
            skipSpaces()
            guard index < bytes.count else { throw fail("expected a key") }
            switch bytes[index] {
            case UInt8(ascii: "\""): parts.append(try basicString())
            case UInt8(ascii: "'"): parts.append(try literalString())
            default:
                let start = index
                while index < bytes.count, Self.isBareKeyByte(bytes[index]) { index += 1 }
                guard index > start else { throw fail("expected a key") }
                parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
            }
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ".") else { return parts }
            index += 1
        }
    }

    private func startsWith(_ text: String) -> Bool {
        let pattern = Array(text.utf8)
        return index + pattern.count <= bytes.count && Array(bytes[index..<index + pattern.count]) == pattern
    }

    private mutating func value(depth: Int) throws(Failure) -> Node {
        guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
        guard index < bytes.count, !isNewline(bytes[index]) else { throw fail("a value is missing") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return Node(value: .string(startsWith("\"\"\"") ? try multilineBasicString() : try basicString()), offset: start)
        case UInt8(ascii: "'"):
            return Node(value: .string(startsWith("'''") ? try multilineLiteralString() : try literalString()), offset: start)
        case UInt8(ascii: "["):
            index += 1
            var elements: [Node] = []
            while true {
                skipBlankLines()
                guard index < bytes.count else { throw fail("an array is not closed with ]", at: start) }
                if bytes[index] == UInt8(ascii: "]") { break }
                elements.append(try value(depth: depth + 1))
                skipBlankLines()
                guard index < bytes.count else { throw fail("an array is not closed with ]", at: start) }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] != UInt8(ascii: "]") {
                    throw fail("expected , or ] in an array")
                }
            }
            index += 1
            return Node(value: .array(elements), offset: start)
        case UInt8(ascii: "{"):
            index += 1
            var pairs: [Pair] = []
            skipSpaces()
            while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
                let keyOffset = index
                let key = try self.key()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw fail("expected = after the key") }
                index += 1
                skipSpaces()
                pairs.append(Pair(key: key, keyOffset: keyOffset, value: try value(depth: depth + 1)))
                skipSpaces()
                guard index < bytes.count, !isNewline(bytes[index]) else { break }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipSpaces()
                } else if bytes[index] != UInt8(ascii: "}") {
                    throw fail("expected , or } in an inline table")
                }
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
                throw fail("an inline table is not closed with } on its line", at: start)
            }
            index += 1
            return Node(value: .table(pairs), offset: start)
        default:
            try scalar()
            return Node(value: .scalar, offset: start)
        }
    }

    /// A number, boolean or date: letters, digits and `+-._:`, and a date's space before its time.
    private mutating func scalar() throws(Failure) {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") {
                index += 1
            } else if byte == 0x20, index - start == 10, index + 1 < bytes.count,
                      bytes[index + 1] >= UInt8(ascii: "0"), bytes[index + 1] <= UInt8(ascii: "9") {
                index += 1  // 1979-05-27 07:32:00
            } else {
                break
            }
        }
        guard index > start else { throw fail("unexpected character in a value") }
    }

    /// A "basic string" on one line, escapes resolved.
    private mutating func basicString() throws(Failure) -> String {
        let start = index
        index += 1
        var result = String.UnicodeScalarView()
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(result)
            }
            if isNewline(byte) { break }
            if byte == UInt8(ascii: "\\") {
                result.append(try escape())
            } else {
                result.append(contentsOf: takeScalar())
            }
        }
        throw fail("a string is not closed on its line", at: start)
    }

    /// A """multi-line basic string""": a newline right after the opening quotes is dropped, a backslash at a line's end joins lines.
    private mutating func multilineBasicString() throws(Failure) -> String {
        let start = index
        index += 3
        skipOneNewline()
        var result = String.UnicodeScalarView()
        while index < bytes.count {
            if startsWith("\"\"\"") {
                index += 3
                // Up to two more quotes belong to the string.
                var extra = 0
                while index < bytes.count, bytes[index] == UInt8(ascii: "\""), extra < 2 {
                    result.append("\"")
                    index += 1
                    extra += 1
                }
                return String(result)
            }
            if bytes[index] == UInt8(ascii: "\\") {
                var look = index + 1
                while look < bytes.count, bytes[look] == 0x20 || bytes[look] == 0x09 { look += 1 }
                if look < bytes.count, isNewline(bytes[look]) {
                    index = look
                    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
                    continue
                }
                result.append(try escape())
            } else {
                result.append(contentsOf: takeScalar())
            }
        }
        throw fail("a \"\"\" string is not closed", at: start)
    }

    /// A 'literal string' on one line, taken as written.
    private mutating func literalString() throws(Failure) -> String {
        let start = index
        index += 1
        let contentStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "'") {
            if isNewline(bytes[index]) { throw fail("a string is not closed on its line", at: start) }
            index += 1
        }
        guard index < bytes.count else { throw fail("a string is not closed on its line", at: start) }
        let text = String(decoding: bytes[contentStart..<index], as: UTF8.self)
        index += 1
        return text
    }

    /// A '''multi-line literal string''', taken as written (a newline right after the opening quotes is dropped).
    private mutating func multilineLiteralString() throws(Failure) -> String {
        let start = index
        index += 3
        skipOneNewline()
        let contentStart = index
        while index < bytes.count, !startsWith("'''") { index += 1 }
        guard index < bytes.count else { throw fail("a ''' string is not closed", at: start) }
        var end = index
        index += 3
        while index < bytes.count, bytes[index] == UInt8(ascii: "'"), index - end < 5 { index += 1 }
        end = index - 3
        return String(decoding: bytes[contentStart..<end], as: UTF8.self)
    }

    private mutating func skipOneNewline() {
        if startsWith("\r\n") { index += 2 } else if index < bytes.count, bytes[index] == 0x0A { index += 1 }
    }

    /// The scalars of one UTF-8 sequence at `index` (the file is known to be UTF-8).
    private mutating func takeScalar() -> String.UnicodeScalarView {
        let length = min(UTF8Validation.sequenceLength(lead: bytes[index]), bytes.count - index)
        let text = String(decoding: bytes[index..<index + length], as: UTF8.self)
        index += length
        return text.unicodeScalars
    }

    /// An escape at `index` (on its backslash): `\b \t \n \f \r \" \\ \e \uXXXX \UXXXXXXXX`.
    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        let start = index
        guard index + 1 < bytes.count else { throw fail("a string ends in a backslash") }
        let code = bytes[index + 1]
        index += 2
        switch code {
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "e"): return "\u{1B}"
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let digits = code == UInt8(ascii: "u") ? 4 : 8
            guard index + digits <= bytes.count,
                  bytes[index..<index + digits].allSatisfy({ Self.isHexDigit($0) }),
                  let value = UInt32(String(decoding: bytes[index..<index + digits], as: UTF8.self), radix: 16),
                  let scalar = Unicode.Scalar(value) else {
                throw fail("\\\(Character(Unicode.Scalar(code))) must be followed by \(digits) hex digits of a Unicode scalar", at: start)
            }
            index += digits
            return scalar
        default:
            throw fail("an unknown escape \\\(Character(Unicode.Scalar(code)))", at: start)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
}
