/// Hides what in a Vim help file (`doc/*.txt` of a plugin, `ft=help`) is not prose.
///
/// Hidden: example blocks (after a line that ends in ` >` or ` >vim`, or is `>`, up to a
/// line that starts with `<` or with a character other than white space),
/// tags (`*fzf-options*`), links (`|g:fzf_colors|`), options (`'runtimepath'`),
/// arguments (`{dict}`), keys (`<buffer>`, `<C-R>`), code spans and the
/// modeline. Offsets are bytes of the text.
enum VimHelpMasker {
    static func mask(_ bytes: [UInt8]) -> TextMask {
        var mask = TextMask(bytes: bytes, visible: true)
        var inExample = false
        for line in LineSplitter.lines(bytes) {
            if inExample {
                let first = line.isEmpty ? nil : bytes[line.lowerBound]
                if first == nil || first == 0x20 || first == 0x09 {
                    mask.hide(line)
                    continue
                }
                inExample = false
                if first == UInt8(ascii: "<") {
                    mask.hide(line.lowerBound..<line.lowerBound + 1)
                }
            }
            if isModeline(bytes, line) {
                mask.hide(line)
                continue
            }
            hideInline(bytes, line, into: &mask)
            if let marker = exampleMarker(bytes, line) {
                mask.hide(marker)
                inExample = true
            }
        }
        return mask
    }

    /// Whether the last lines of `bytes` hold a Vim modeline that sets the file type to `help`.
    static func isHelp(_ bytes: [UInt8]) -> Bool {
        let tail = bytes.suffix(400)
        guard let last = LineSplitter.lines(Array(tail)).last(where: { !$0.isEmpty }) else { return false }
        return isModeline(Array(tail), last)
    }

    private static func isModeline(_ bytes: [UInt8], _ line: Range<Int>) -> Bool {
        let text = String(decoding: bytes[line], as: UTF8.self)
        guard text.contains("vim:") || text.contains("vi:") else { return false }
        return text.contains("ft=help") || text.contains("filetype=help")
    }

    /// The range of the `>` (or `>vim`, `>lua`) that opens an example block at the end of `line`, if it does.
    private static func exampleMarker(_ bytes: [UInt8], _ line: Range<Int>) -> Range<Int>? {
        var end = line.upperBound
        while end > line.lowerBound, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D { end -= 1 }
        var marker = end
        while marker > line.lowerBound, bytes[marker - 1] &- UInt8(ascii: "a") < 26, end - marker < 12 { marker -= 1 }
        guard marker > line.lowerBound, bytes[marker - 1] == UInt8(ascii: ">") else { return nil }
        marker -= 1
        guard marker == line.lowerBound || bytes[marker - 1] == 0x20 || bytes[marker - 1] == 0x09 else { return nil }
        return marker..<end
    }

    /// Hides the tags, links, options, arguments, keys and code spans of one line.
    private static func hideInline(_ bytes: [UInt8], _ line: Range<Int>, into mask: inout TextMask) {
        var index = line.lowerBound
        while index < line.upperBound {
            let byte = bytes[index]
            let close: UInt8?
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "|"), UInt8(ascii: "`"): close = byte
            case UInt8(ascii: "'"): close = byte
            case UInt8(ascii: "{"): close = UInt8(ascii: "}")
            case UInt8(ascii: "<"): close = UInt8(ascii: ">")
            default: close = nil
            }
            guard let close, index + 2 < line.upperBound, index == line.lowerBound || !isWordByte(bytes[index - 1]),
                  let end = closing(close, in: bytes, from: index + 1, to: line.upperBound, opener: byte) else {
                index += 1
                continue
            }
            mask.hide(index..<end + 1)
            index = end + 1
        }
    }

    /// Where the `close` of a markup that opened before `start` is: on the same line, with no white space inside,
    /// and for an option (`'`) only letters.
    private static func closing(_ close: UInt8, in bytes: [UInt8], from start: Int, to end: Int, opener: UInt8) -> Int? {
        var cursor = start
        while cursor < end, cursor - start < 80 {
            let byte = bytes[cursor]
            if byte == close { return cursor > start ? cursor : nil }
            if byte == 0x20 || byte == 0x09 { return nil }
            if opener == UInt8(ascii: "'"), !((byte | 0x20) &- UInt8(ascii: "a") < 26) { return nil }
            cursor += 1
        }
        return nil
    }

    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte >= 0x80
    }
}
