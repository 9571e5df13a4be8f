import TextServices

/// Converts positions in one text between a client's unit and the services' byte offsets.
///
/// Reading refuses, with -32005 naming the field, a position outside the
/// text, a reversed range, or a position that splits a code point; nothing
/// is clamped. Writing counts UTF-8 offsets in the client's unit.
public struct TextPositions: Sendable {
    public let text: TextBuffer
    public let encoding: PositionEncoding

    public init(text: TextBuffer, encoding: PositionEncoding) {
        self.text = text
        self.encoding = encoding
    }

    /// The byte offset of a position the client sent.
    public func offset(_ value: Int, field: String) throws(ServiceError) -> UTF8Offset {
        let length = text.length(in: encoding)
        guard value >= 0, value <= length else {
            throw .invalidPosition(field: field, "\(value) is outside 0...\(length) (\(encoding.rawValue))")
        }
        guard let offset = text.byteOffset(value, in: encoding) else {
            throw .invalidPosition(field: field, "\(value) splits a code point (\(encoding.rawValue))")
        }
        return offset
    }

    /// The byte range of a range the client sent.
    public func range(_ range: WireRange, field: String) throws(ServiceError) -> ByteRange {
        guard range.start <= range.end else {
            throw .invalidPosition(field: field, "start \(range.start) is after end \(range.end)")
        }
        let lower = try offset(range.start, field: "\(field).start")
        let upper = try offset(range.end, field: "\(field).end")
        return lower..<upper
    }

    /// An optional range the client sent.
    public func range(_ range: WireRange?, field: String) throws(ServiceError) -> ByteRange? {
        guard let range else { return nil }
        return try self.range(range, field: field) as ByteRange
    }

    /// A byte offset in the client's unit.
    public func wire(_ offset: UTF8Offset) -> Int {
        text.encode(offset, as: encoding)
    }

    /// A byte range in the client's unit.
    public func wire(_ range: ByteRange) -> WireRange {
        let encoded = text.encode(range, as: encoding)
        return WireRange(start: encoded.start, end: encoded.end)
    }

    /// An encoder for many offsets in increasing order, each costing only the bytes since the last.
    public func sequentialEncoder() -> SequentialPositions {
        SequentialPositions(encoder: OffsetEncoder(text, as: encoding))
    }
}

/// Converts byte offsets that mostly increase (tokens, matches) to a client's unit cheaply.
public struct SequentialPositions {
    var encoder: OffsetEncoder

    public mutating func wire(_ range: ByteRange) -> WireRange {
        let encoded = encoder.encode(range)
        return WireRange(start: encoded.start, end: encoded.end)
    }
}
