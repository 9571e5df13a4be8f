/// A reader of one JSON document value by value, into typed models without a `JSONValue` tree.
///
/// It is `JSONParser` underneath, as strict (RFC 8259 JSON only): each read
/// throws `JSONParser.Failure` at the first byte that is not what was asked
/// for, or that is not JSON. A model reads an object's members in the order
/// they come (`object`), an array's elements (`array`), and scalars; a member
/// it does not know it reads as a `value()` and drops. Not thread-safe; the
/// bytes must stay valid while it reads.
public struct JSONCursor {
    var reader: JSONParser.Reader
    var depth = 0

    /// Reads one whole document with `body`, then requires the end of the bytes.
    public static func read<T>(_ bytes: UnsafeBufferPointer<UInt8>,
                               _ body: (inout JSONCursor) throws(JSONParser.Failure) -> T) throws(JSONParser.Failure) -> T {
        var cursor = JSONCursor(reader: JSONParser.Reader(buffer: bytes, syntax: .json, maximumDepth: JSONParser.defaultMaximumDepth,
                                                          locates: false))
        try cursor.reader.skipSpace()
        let value = try body(&cursor)
        try cursor.reader.skipSpace()
        guard cursor.reader.index == bytes.count else { throw cursor.reader.fail("unexpected data after the JSON value") }
        return value
    }

    /// The next byte, 0 at the end.
    private var next: UInt8 { reader.index < reader.buffer.count ? reader.buffer[reader.index] : 0 }

    /// Reads an object, calling `member` with each key in turn; `member` must read that member's value.
    public mutating func object(_ member: (inout JSONCursor, String) throws(JSONParser.Failure) -> Void) throws(JSONParser.Failure) {
        try items(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), kind: "an object") { (cursor: inout JSONCursor) throws(JSONParser.Failure) in
            guard cursor.next == UInt8(ascii: "\"") else { throw cursor.reader.fail("expected a string key") }
            let key = try cursor.reader.string().value
            try cursor.reader.skipSpace()
            guard cursor.next == UInt8(ascii: ":") else { throw cursor.reader.fail("expected ':'") }
            cursor.reader.index += 1
            try cursor.reader.skipSpace()
            try member(&cursor, key)
        }
    }

    /// Reads an array, calling `element` once for each element; `element` must read it.
    public mutating func array(_ element: (inout JSONCursor) throws(JSONParser.Failure) -> Void) throws(JSONParser.Failure) {
        try items(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), kind: "an array", element)
    }

    /// Reads a container from `open` to `close`, `item` reading each member or element between the commas.
    private mutating func items(open: UInt8, close: UInt8, kind: String,
                                _ item: (inout JSONCursor) throws(JSONParser.Failure) -> Void) throws(JSONParser.Failure) {
        guard next == open else { throw reader.fail("expected \(kind)") }
        try enter()
        reader.index += 1
        try reader.skipSpace()
        if next == close {
            reader.index += 1
            depth -= 1
            return
        }
        while true {
            try reader.skipSpace()
            try item(&self)
            try reader.skipSpace()
            switch next {
            case UInt8(ascii: ","): reader.index += 1
            case close:
                reader.index += 1
                depth -= 1
                return
            case 0 where reader.index == reader.buffer.count: throw reader.fail("unexpected end of JSON")
            default: throw reader.fail("expected ',' or '\(Character(Unicode.Scalar(close)))'")
            }
        }
    }

    /// Reads a number written as an integer that `Int` holds (`3`, not `3.0` or `3e0`).
    public mutating func int() throws(JSONParser.Failure) -> Int {
        let start = reader.index
        guard next == UInt8(ascii: "-") || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")) else {
            throw reader.fail("expected an integer")
        }
        guard case .int(let value) = try reader.number() else { throw JSONParser.Failure(offset: start, reason: "expected an integer") }
        return value
    }

    /// Reads a string; one that held an unpaired surrogate escape (`JSONValue.invalidUnicode`) is refused.
    public mutating func string() throws(JSONParser.Failure) -> String {
        let start = reader.index
        guard next == UInt8(ascii: "\"") else { throw reader.fail("expected a string") }
        let (value, valid) = try reader.string()
        guard valid else { throw JSONParser.Failure(offset: start, reason: "a string with an unpaired surrogate") }
        return value
    }

    /// Reads `null` when it comes next and says so; reads nothing otherwise.
    public mutating func null() throws(JSONParser.Failure) -> Bool {
        guard next == UInt8(ascii: "n") else { return false }
        try reader.literal("null")
        return true
    }

    /// Reads any value as a tree (for a member the model does not know).
    public mutating func value() throws(JSONParser.Failure) -> JSONValue {
        try reader.value(depth: depth)
    }

    private mutating func enter() throws(JSONParser.Failure) {
        depth += 1
        if depth > reader.maximumDepth { throw reader.fail("nesting deeper than \(reader.maximumDepth)") }
    }
}
