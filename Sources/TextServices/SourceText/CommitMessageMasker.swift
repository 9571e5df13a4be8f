/// Hides what in a git commit message is not prose.
///
/// Hidden: comment lines (starting with `#`, git's default comment
/// character), everything below the scissors line that `git commit -v`
/// adds before the diff, trailers (`Signed-off-by: Name <mail>`) and code
/// spans. The subject and body stay visible.
enum CommitMessageMasker {
    static func mask(_ bytes: [UInt8]) -> TextMask {
        var mask = TextMask(bytes: bytes, visible: true)
        let lines = LineSplitter.lines(bytes)
        let scissors = Array("------------------------ >8 ------------------------".utf8)
        for (number, line) in lines.enumerated() {
            guard line.lowerBound < line.upperBound, bytes[line.lowerBound] == UInt8(ascii: "#") else { continue }
            if bytes[line].starts(with: [UInt8(ascii: "#"), 0x20] + scissors) {
                mask.hide(line.lowerBound..<bytes.count)
                return finish(&mask, lines: Array(lines[..<number]))
            }
            mask.hide(line)
        }
        return finish(&mask, lines: lines)
    }

    private static func finish(_ mask: inout TextMask, lines: [Range<Int>]) -> TextMask {
        let bytes = mask.bytes
        for line in lines where isTrailer(bytes, line) { mask.hide(line) }
        for line in lines { ProseMarkup.hideCodeMarkup(in: &mask, range: line, inComment: false) }
        return mask
    }

    /// `Key-Word: value` with a hyphenated key, or a well-known one-word key.
    private static func isTrailer(_ bytes: [UInt8], _ line: Range<Int>) -> Bool {
        var cursor = line.lowerBound
        while cursor < line.upperBound, isKeyByte(bytes[cursor]) { cursor += 1 }
        guard cursor > line.lowerBound, cursor + 1 < line.upperBound, bytes[cursor] == UInt8(ascii: ":"),
              bytes[cursor + 1] == 0x20 else { return false }
        let key = String(decoding: bytes[line.lowerBound..<cursor], as: UTF8.self)
        return key.contains("-") || ["Cc", "Fixes", "Closes", "Resolves", "Refs", "See", "Bug", "Issue", "Reviewers"].contains(key)
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
    }
}
