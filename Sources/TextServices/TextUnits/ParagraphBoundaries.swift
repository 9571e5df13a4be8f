/// Paragraph boundaries: after every LF, CR, CR LF, NEL (U+0085), FF and PARAGRAPH SEPARATOR (U+2029).
///
/// Works on the UTF-8 bytes directly; U+2028 LINE SEPARATOR and VT do not
/// end a paragraph (they break lines within one), as in NSString's paragraph
/// enumeration. Not thread-safe.
final class ParagraphBoundaries: BoundaryCursor {
    private let bytes: [UInt8]
    private var current = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var ruleStatus: Int { 0 }

    /// Whether a paragraph terminator ends right before `offset` (and a CR is not followed by its LF).
    private func terminatorEnds(at offset: Int) -> Bool {
        guard offset > 0 else { return false }
        let last = bytes[offset - 1]
        switch last {
        case 0x0A, 0x0C: return true
        case 0x0D: return offset == bytes.count || bytes[offset] != 0x0A
        case 0x85: return offset >= 2 && bytes[offset - 2] == 0xC2
        case 0xA9: return offset >= 3 && bytes[offset - 3] == 0xE2 && bytes[offset - 2] == 0x80
        default: return false
        }
    }

    func isBoundary(_ offset: Int) -> Bool {
        offset == 0 || offset == bytes.count || (offset > 0 && offset < bytes.count && terminatorEnds(at: offset))
    }

    func following(_ offset: Int) -> Int? {
        guard offset < bytes.count else { return nil }
        var index = max(offset, 0) + 1
        let count = bytes.count
        bytes.withUnsafeBytes { raw in
            while index < count {
                // The last byte of a terminator is a control byte under 0x0E or a byte outside ASCII: eight bytes
                // holding neither end no terminator, so the eight boundaries after them are passed over at once.
                while index + 7 <= count, Self.holdsNoTerminatorEnd(raw.loadUnaligned(fromByteOffset: index - 1, as: UInt64.self)) {
                    index = min(index + 8, count)
                }
                if index >= count || terminatorEnds(at: index) { break }
                index += 1
            }
        }
        current = index
        return index
    }

    /// Whether none of the eight bytes of `chunk` is under 0x0E or outside ASCII.
    @inline(__always)
    private static func holdsNoTerminatorEnd(_ chunk: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // Bit 7 of a byte of `chunk - 0x0E...` with bit 7 clear in `chunk` marks a byte under 0x0E (the lowest such byte
        // is always marked, so some byte is marked whenever one is under 0x0E).
        return (chunk | ((chunk &- ones &* 0x0E) & ~chunk)) & highs == 0
    }

    func next() -> Int? { following(current) }

    func preceding(_ offset: Int) -> Int? {
        guard offset > 0 else { return nil }
        var index = min(offset, bytes.count) - 1
        while index > 0, !terminatorEnds(at: index) { index -= 1 }
        current = index
        return index
    }
}
