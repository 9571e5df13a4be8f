/// A position in UTF-8 text, counted in bytes.
///
/// Every service works internally in byte offsets into UTF-8; offsets are
/// converted to the caller's unit only where they are reported.
public struct UTF8Offset: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ value: Int) { self.rawValue = value }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "\(rawValue)b" }
}

/// A half-open range of UTF-8 byte offsets.
public typealias ByteRange = Range<UTF8Offset>

extension Range where Bound == UTF8Offset {
    /// The range's length in bytes.
    public var byteCount: Int { upperBound.rawValue - lowerBound.rawValue }

    /// The same range as plain integers, for indexing byte arrays.
    public var ints: Range<Int> { lowerBound.rawValue..<upperBound.rawValue }

    public init(bytes: Range<Int>) {
        self = UTF8Offset(bytes.lowerBound)..<UTF8Offset(bytes.upperBound)
    }
}

/// The unit in which a client counts positions.
public enum PositionEncoding: String, Sendable, CaseIterable {
    /// UTF-16 code units: the default, as NSRange, LSP and JavaScript count.
    case utf16 = "utf-16"
    /// UTF-8 bytes.
    case utf8 = "utf-8"
    /// Unicode scalars.
    case utf32 = "utf-32"

    /// Parses a wire name, accepting the LSP spellings and a few common aliases.
    public init?(name: String) {
        switch name.lowercased() {
        case "utf-16", "utf16": self = .utf16
        case "utf-8", "utf8", "bytes": self = .utf8
        case "utf-32", "utf32", "scalars": self = .utf32
        default: return nil
        }
    }
}

/// A half-open range as a client sent or receives it.
public struct EncodedRange: Hashable, Sendable {
    public var start: Int
    public var end: Int
    public var encoding: PositionEncoding
    public init(start: Int, end: Int, encoding: PositionEncoding) {
        self.start = start
        self.end = end
        self.encoding = encoding
    }
}
