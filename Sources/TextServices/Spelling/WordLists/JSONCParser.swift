/// A reader of JSON with comments and trailing commas, that remembers where each value starts.
///
/// Enough for configuration files: values are objects, arrays, strings and
/// other scalars (numbers, `true`, `false`, `null`, kept only as present).
/// Nesting is limited to `maximumDepth`.
struct JSONCParser {
    indirect enum Value {
        case object([Member])
        case array([Node])
        case string(String)
        case scalar
    }

    /// A value and the byte offset where it starts.
    struct Node {
        var value: Value
        var offset: Int

        /// Whether an object at any depth below holds a member named `key`.
        func containsKey(_ key: String) -> Bool {
            switch value {
            case .object(let members): return members.contains { $0.key == key || $0.node.containsKey(key) }
            case .array(let nodes): return nodes.contains { $0.containsKey(key) }
            default: return false
            }
        }
    }

    struct Member {
        var key: String
        var node: Node
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

    /// The one value of the document, with nothing but space and comments after it.
    mutating func document() throws(Failure) -> Node {
        try skipSpace()
        let node = try value(depth: 0)
        try skipSpace()
        guard index == bytes.count else { throw fail("unexpected text after the JSON value") }
        return node
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? index, reason: reason)
    }

    /// Skips white space, `// ...` to the end of the line and `/* ... */`.
    private mutating func skipSpace() throws(Failure) {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let start = index
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                guard index + 1 < bytes.count else { throw fail("a /* comment is not closed", at: start) }
                index += 2
            default:
                return
            }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> Node {
        guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
        guard index < bytes.count else { throw fail("unexpected end of the file: a value is missing") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [Member] = []
            try skipSpace()
            while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
                guard bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a quoted key or }") }
                let key = try string()
                try skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected : after the key") }
                index += 1
                try skipSpace()
                members.append(Member(key: key, node: try value(depth: depth + 1)))
                try separator(closing: UInt8(ascii: "}"))
            }
            guard index < bytes.count else { throw fail("an object is not closed with }", at: start) }
            index += 1
            return Node(value: .object(members), offset: start)
        case UInt8(ascii: "["):
            index += 1
            var elements: [Node] = []
            try skipSpace()
            while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
                elements.append(try value(depth: depth + 1))
                try separator(closing: UInt8(ascii: "]"))
            }
            guard index < bytes.count else { throw fail("an array is not closed with ]", at: start) }
            index += 1
            return Node(value: .array(elements), offset: start)
        case UInt8(ascii: "\""):
            return Node(value: .string(try string()), offset: start)
        default:
            while index < bytes.count, Self.isScalarByte(bytes[index]) { index += 1 }
            let token = String(decoding: bytes[start..<index], as: UTF8.self)
            guard !token.isEmpty else { throw fail("unexpected character") }
            guard ["true", "false", "null"].contains(token) || Double(token) != nil else {
                throw fail("\u{201C}\(token.prefix(40))\u{201D} is not a JSON value", at: start)
            }
            return Node(value: .scalar, offset: start)
        }
    }

    /// After a member or element: a comma (a trailing one is allowed) or the closing bracket.
    private mutating func separator(closing: UInt8) throws(Failure) {
        try skipSpace()
        guard index < bytes.count else { return }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            try skipSpace()
        } else if bytes[index] != closing {
            throw fail("expected , or \(Character(Unicode.Scalar(closing)))")
        }
    }

    private static func isScalarByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
    }

    /// A string at `index` (on its opening quote), with its escapes resolved.
    private mutating func string() throws(Failure) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flushRun(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 {
                throw fail(byte == 0x0A ? "a string is not closed on its line" : "a control character in a string")
            }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            flushRun(index)
            guard index + 1 < bytes.count else { break }
            let escape = bytes[index + 1]
            index += 2
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
                var value = try hex4()
                if (0xD800...0xDBFF).contains(value), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                   bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("an unpaired surrogate escape", at: index - 12) }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { throw fail("an unpaired surrogate escape", at: index - 6) }
                scalars.append(scalar)
            default:
                throw fail("an unknown escape \\\(Character(Unicode.Scalar(escape)))", at: index - 2)
            }
            runStart = index
        }
        throw fail("a string is not closed", at: start)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count,
              bytes[index..<index + 4].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }),
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw fail("\\u must be followed by four hex digits")
        }
        index += 4
        return value
    }
}
