/// Finds ASCII-armored blocks: PEM keys and certificates, PGP messages and signatures.
///
/// A block runs from a line `-----BEGIN LABEL-----` through the line
/// `-----END LABEL-----` (or the end of the text when that line is missing),
/// as RFC 7468 and RFC 4880 write them, wherever it sits (a `.pem` file, a
/// string in a test). Its base64 lines are no prose: checked, they gave
/// words such as `UCD` and `XNlcjpw`. Offsets are bytes of the text; a text
/// without `-----BEGIN ` costs one `memmem` pass.
enum ArmoredBlocks {
    static let begin = Array("-----BEGIN ".utf8)
    static let end = Array("-----END ".utf8)

    /// The byte ranges of the armored blocks in `bytes`, in order.
    static func ranges(in bytes: [UInt8]) -> [Range<Int>] {
        bytes.withUnsafeBytes { raw -> [Range<Int>] in
            var found: [Range<Int>] = []
            var position = 0
            while let start = ByteSearch.firstIndex(raw, begin, from: position) {
                guard let close = ByteSearch.firstIndex(raw, end, from: start + begin.count) else {
                    found.append(start..<raw.count)
                    break
                }
                let stop = ByteSearch.line(containing: close, in: raw).upperBound
                found.append(start..<stop)
                position = stop
            }
            return found
        }
    }
}
