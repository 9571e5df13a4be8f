/// Converts byte offsets of one text to a client's unit, fast when they come in ascending order.
///
/// Reporting thousands of tokens or matches converts offsets in nearly
/// ascending order; the encoder scans forward from the last offset it
/// converted instead of starting at a checkpoint each time, and falls back
/// to `TextBuffer.encode` for jumps. Offsets must lie on scalar boundaries.
/// Not thread-safe (a value with its own position).
public struct OffsetEncoder {
    public let text: TextBuffer
    public let encoding: PositionEncoding
    private let bytes: [UInt8]
    private var byte = 0
    private var value = 0
    private static let longestScan = 1024

    public init(_ text: TextBuffer, as encoding: PositionEncoding) {
        self.text = text
        self.encoding = encoding
        self.bytes = text.bytes
    }

    /// The offset in the encoder's unit.
    public mutating func encode(_ offset: UTF8Offset) -> Int {
        let target = offset.rawValue
        if encoding == .utf8 { return target }
        if target < byte || target - byte > Self.longestScan {
            byte = target
            value = text.encode(offset, as: encoding)
            return value
        }
        let wide = encoding == .utf16
        var index = byte
        var count = value
        while index < target {
            let lead = bytes[index]
            if lead & 0xC0 != 0x80 { count += wide && lead >= 0xF0 ? 2 : 1 }
            index += 1
        }
        byte = target
        value = count
        return count
    }

    /// The range in the encoder's unit.
    public mutating func encode(_ range: ByteRange) -> EncodedRange {
        let start = encode(range.lowerBound)
        let end = encode(range.upperBound)
        return EncodedRange(start: start, end: end, encoding: encoding)
    }
}
