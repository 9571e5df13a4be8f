import TextServices
import TextServicesProtocol

/// An open document: its text, version and kind, with conversions between byte offsets and LSP positions.
///
/// Lines end at `\n`, `\r\n` or `\r`, as LSP defines them. Conversions from
/// positions are lenient as the specification asks: a character past the
/// end of its line means the line's end, a line past the end means the end
/// of the text, and a position inside a code point moves to its start. Not
/// thread-safe; the language server owns its documents.
public struct LSPDocument: Sendable {
    public let uri: String
    public var languageId: String
    public var version: Int
    public var kind: DocumentKind
    public private(set) var text: TextBuffer
    /// The byte offset where each line starts.
    private var lineStarts: [Int]

    public init(uri: String, languageId: String, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.text = TextBuffer(text)
        self.kind = DocumentKind(languageId: languageId, path: Self.path(ofURI: uri), contents: self.text.bytes)
        self.lineStarts = Self.lineStarts(of: self.text.bytes)
    }

    /// The file path of a `file://` URI (percent-decoded), or the URI itself.
    static func path(ofURI uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var bytes: [UInt8] = []
        let raw = Array(uri.utf8.dropFirst(7))
        var index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: "%"), index + 2 < raw.count,
               let value = UInt8(String(decoding: raw[index + 1...index + 2], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(raw[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                starts.append(index)
            } else if byte == 0x0D {
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                starts.append(index)
            }
        }
        return starts
    }

    public var lineCount: Int { lineStarts.count }

    /// The byte range of a line without its terminator.
    func lineRange(_ line: Int) -> Range<Int> {
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : text.byteCount
        let bytes = text.bytes
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The byte offset of a position, clamped as LSP asks.
    public func offset(of position: LSPPosition, encoding: PositionEncoding) -> UTF8Offset {
        guard position.line < lineStarts.count else { return UTF8Offset(text.byteCount) }
        let line = lineRange(position.line)
        let lineStartUnits = text.encode(UTF8Offset(line.lowerBound), as: encoding)
        let lineEndUnits = text.encode(UTF8Offset(line.upperBound), as: encoding)
        let target = lineStartUnits + position.character
        if target >= lineEndUnits { return UTF8Offset(line.upperBound) }
        if let offset = text.byteOffset(target, in: encoding) { return offset }
        // Inside a surrogate pair: the start of that code point.
        var offset = line.lowerBound
        let bytes = text.bytes
        while offset < line.upperBound {
            let next = offset + UTF8Validation.sequenceLength(lead: bytes[offset])
            if text.encode(UTF8Offset(next), as: encoding) > target { break }
            offset = next
        }
        return UTF8Offset(offset)
    }

    /// The position of a byte offset (which must be on a scalar boundary).
    public func position(of offset: UTF8Offset, encoding: PositionEncoding) -> LSPPosition {
        let value = min(max(offset.rawValue, 0), text.byteCount)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= value { low = middle } else { high = middle - 1 }
        }
        let start = text.encode(UTF8Offset(lineStarts[low]), as: encoding)
        return LSPPosition(line: low, character: text.encode(UTF8Offset(value), as: encoding) - start)
    }

    /// The LSP range of a byte range.
    func range(_ range: ByteRange, encoding: PositionEncoding) -> LSPRange {
        LSPRange(start: position(of: range.lowerBound, encoding: encoding), end: position(of: range.upperBound, encoding: encoding))
    }

    /// A range's bytes, in order whichever end comes first.
    func byteRange(_ range: LSPRange, encoding: PositionEncoding) -> ByteRange {
        let lower = offset(of: range.start, encoding: encoding)
        let upper = offset(of: range.end, encoding: encoding)
        return min(lower, upper)..<max(lower, upper)
    }

    /// Applies one change: `text` replaces the change's range, or the whole text when it has none.
    mutating func apply(_ change: TextDocumentContentChangeEvent, encoding: PositionEncoding) {
        if let range = change.range {
            var bytes = text.bytes
            bytes.replaceSubrange(byteRange(range, encoding: encoding).ints, with: Array(change.text.utf8))
            replaceText(TextBuffer(validatedBytes: bytes))
        } else {
            replaceText(TextBuffer(change.text))
        }
    }

    private mutating func replaceText(_ buffer: TextBuffer) {
        text = buffer
        lineStarts = Self.lineStarts(of: buffer.bytes)
    }
}
