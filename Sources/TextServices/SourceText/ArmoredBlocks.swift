/// Finds ASCII-armored blocks: PEM keys and certificates, PGP messages and signatures.
///
/// A block is a line that is only `-----BEGIN LABEL-----` (spaces around
/// it allowed), then lines of base64 (`A-Z a-z 0-9 + / =`) or armor headers
/// (`Version: 1`, `Proc-Type: 4,ENCRYPTED`) or blank lines, then a line
/// that is only `-----END LABEL-----`, as RFC 7468 and RFC 4880 write them.
/// Anything else between the two lines, or no END line, and it is no block:
/// source code that names the markers in strings (`"-----BEGIN PGP
/// SIGNATURE-----"`) and prose that quotes one keep all their words. Checked,
/// a block's base64 lines gave words such as `UCD` and `Utlmr`. Offsets are
/// bytes of the text; a text without `-----BEGIN ` costs one `memmem` pass.
enum ArmoredBlocks {
    static let begin = Array("-----BEGIN ".utf8)
    static let end = Array("-----END ".utf8)
    static let dashes = Array("-----".utf8)

    /// The byte ranges of the armored blocks in `bytes`, in order (each from its BEGIN line through its END line).
    static func ranges(in bytes: [UInt8]) -> [Range<Int>] {
        bytes.withUnsafeBytes { raw -> [Range<Int>] in
            var found: [Range<Int>] = []
            var position = 0
            while let marker = ByteSearch.firstIndex(raw, begin, from: position) {
                let first = ByteSearch.line(containing: marker, in: raw)
                position = first.upperBound
                guard isMarkerLine(raw, first, opening: true) else { continue }
                var line = first
                var closed: Range<Int>?
                while line.upperBound < raw.count {
                    line = ByteSearch.line(containing: line.upperBound, in: raw)
                    if isMarkerLine(raw, line, opening: false) {
                        closed = line
                        break
                    }
                    guard isBodyLine(raw, line) else { break }
                }
                guard let closed else { continue }
                found.append(first.lowerBound..<closed.upperBound)
                position = closed.upperBound
            }
            return found
        }
    }

    /// Whether a line (its line feed included) is only `-----BEGIN LABEL-----` (or END), spaces aside.
    private static func isMarkerLine(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>, opening: Bool) -> Bool {
        let content = trimmed(bytes, line)
        let prefix = opening ? begin : end
        guard content.count > prefix.count + dashes.count,
              bytes[content.lowerBound..<content.lowerBound + prefix.count].elementsEqual(prefix),
              bytes[content.upperBound - dashes.count..<content.upperBound].elementsEqual(dashes) else { return false }
        let label = bytes[content.lowerBound + prefix.count..<content.upperBound - dashes.count]
        return !label.isEmpty && label.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x20 }
    }

    /// Whether a line between the markers is base64, an armor header (`Name: value`) or blank.
    private static func isBodyLine(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>) -> Bool {
        let content = trimmed(bytes, line)
        if content.isEmpty { return true }
        let isBase64 = bytes[content].allSatisfy {
            (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0)
                || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "=")
        }
        if isBase64 { return true }
        // An armor header: a name of letters, digits and hyphens, a colon and a space.
        guard let colon = bytes[content].firstIndex(of: UInt8(ascii: ":")), colon > content.lowerBound,
              colon + 1 < content.upperBound, bytes[colon + 1] == 0x20 else { return false }
        return bytes[content.lowerBound..<colon].allSatisfy {
            (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-")
        }
    }

    /// A line without its line feed, carriage return and surrounding spaces and tabs.
    private static func trimmed(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>) -> Range<Int> {
        var lower = line.lowerBound, upper = line.upperBound
        while upper > lower, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[upper - 1]) { upper -= 1 }
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
        return lower..<upper
    }
}
