import TextServices

/// Where a word sits on its line, as CI tools count: line from 1, columns in UTF-16 code units from 1, end exclusive.
///
/// SARIF's default `columnKind` and GitHub's annotations both count UTF-16
/// code units. A word never spans lines.
public struct SourceSpan: Sendable, Equatable {
    public var line: Int
    public var startColumn: Int
    public var endColumn: Int

    public init(line: Int, startColumn: Int, endColumn: Int) {
        self.line = line
        self.startColumn = startColumn
        self.endColumn = endColumn
    }

    /// The span of a byte range of `text` that lies on line `line`.
    public init(_ range: ByteRange, in text: TextBuffer, line: Int) {
        let bytes = text.bytes
        let start = range.lowerBound.rawValue
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        func utf16Count(_ slice: ArraySlice<UInt8>) -> Int { String(decoding: slice, as: UTF8.self).utf16.count }
        let before = utf16Count(bytes[lineStart..<start])
        self.init(line: line, startColumn: before + 1,
                  endColumn: before + 1 + utf16Count(bytes[start..<range.upperBound.rawValue]))
    }
}
