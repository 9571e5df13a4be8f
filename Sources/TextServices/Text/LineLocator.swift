/// Maps byte offsets to 1-based line and column numbers, as compilers and `grep -n` print them.
///
/// Lines end at `\n`; columns count characters (extended grapheme clusters)
/// from 1. Offsets asked in increasing order each cost only the bytes since
/// the previous one, even many on one long line; an earlier offset starts
/// again from the top. Not thread-safe (it remembers where it is).
public struct LineLocator {
    private let bytes: [UInt8]
    private var scanned = 0
    private var line = 1
    private var lineStart = 0
    private var columnOffset = 0
    private var column = 1

    public init(_ text: TextBuffer) { bytes = text.bytes }

    /// The line and column of a byte offset on a scalar boundary.
    public mutating func locate(_ target: UTF8Offset) -> (line: Int, column: Int) {
        let offset = min(max(target.rawValue, 0), bytes.count)
        if offset < columnOffset {
            self = LineLocator(bytes: bytes)
        }
        let bytes = self.bytes
        bytes.withUnsafeBufferPointer { buffer in
            // Eight bytes at a time: a line feed is a zero byte of `word ^ 0x0A0A...`, and each zero byte (exactly those)
            // gets its top bit in `feeds`; the last one starts the line.
            let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, tops: UInt64 = 0x8080_8080_8080_8080
            while scanned + 8 <= offset {
                let word = UnsafeRawPointer(buffer.baseAddress!).loadUnaligned(fromByteOffset: scanned, as: UInt64.self)
                    ^ 0x0A0A_0A0A_0A0A_0A0A
                let feeds = ~(((word & lows) &+ lows) | word) & tops
                if feeds != 0 {
                    line += ByteTops.count(feeds)
                    lineStart = scanned + (63 - feeds.leadingZeroBitCount) / 8 + 1
                    columnOffset = lineStart
                    column = 1
                }
                scanned += 8
            }
            while scanned < offset {
                if buffer[scanned] == 0x0A {
                    line += 1
                    lineStart = scanned + 1
                    columnOffset = lineStart
                    column = 1
                }
                scanned += 1
            }
        }
        if offset > columnOffset {
            let span = bytes[columnOffset..<offset]
            // ASCII without a carriage return (the one ASCII pair that is a single character): a character a byte.
            column += span.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? span.count : String(decoding: span, as: UTF8.self).count
            columnOffset = offset
        }
        return (line, column)
    }

    /// The bytes of the line holding an offset, without its line ending (`\n` or `\r\n`).
    public func lineContent(containing target: UTF8Offset) -> Range<Int> {
        let offset = min(max(target.rawValue, 0), bytes.count)
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = offset
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }
}
