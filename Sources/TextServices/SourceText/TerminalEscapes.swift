/// Finds the terminal escape sequences in captured terminal output (colours, cursor moves, hyperlinks).
///
/// Logs, test snapshots and `grep --color` captures kept in repositories
/// hold `ESC [ 1;33m`, `ESC [K` and the like glued to words (`\e[KWhenever`
/// was checked as `KWhenever`). Found as ECMA-48 defines them: control
/// sequences (`ESC [`, parameter and intermediate bytes, one final byte),
/// operating-system commands (`ESC ]` through BEL or `ESC \`), and two-byte
/// escapes (`ESC` and one byte from `@` to `~`, or `ESC (` and a charset
/// byte). Offsets are bytes of the text; a text with no ESC byte costs one
/// `memchr` pass.
enum TerminalEscapes {
    static let escape: UInt8 = 0x1B

    /// The byte ranges of the escape sequences in `bytes`, in order.
    static func ranges(in bytes: [UInt8]) -> [Range<Int>] {
        bytes.withUnsafeBytes { raw -> [Range<Int>] in
            guard var start = ByteSearch.firstIndex(raw, [escape], from: 0) else { return [] }
            var found: [Range<Int>] = []
            let count = raw.count
            while true {
                let end = sequenceEnd(raw, from: start, count: count)
                found.append(start..<end)
                guard end < count, let next = ByteSearch.firstIndex(raw, [escape], from: end) else { break }
                start = next
            }
            return found
        }
    }

    /// The byte ranges of a manual page's bold and underline in `bytes`, in order: each backspace with the character before it.
    ///
    /// A manual page captured without `col -b` writes bold as `c BS c` and
    /// underline as `_ BS c` (bat's `tests/examples/git-commit.man`), so its
    /// words were checked as `co`, `om`, `mm`. Hidden, the struck characters
    /// leave letters one by one, which no check reports. A text with no
    /// backspace costs one `memchr` pass.
    static func overstrikes(in bytes: [UInt8]) -> [Range<Int>] {
        bytes.withUnsafeBytes { raw -> [Range<Int>] in
            var found: [Range<Int>] = []
            var from = 0
            while let backspace = ByteSearch.firstIndex(raw, [0x08], from: from) {
                var start = backspace
                if start > 0 {
                    start -= 1
                    // Back to the first byte of the struck character (UTF-8 continuation bytes are 10xxxxxx).
                    while start > 0, backspace - start < 4, raw[start] & 0xC0 == 0x80 { start -= 1 }
                }
                found.append(max(start, found.last?.upperBound ?? 0)..<backspace + 1)
                from = backspace + 1
                guard from < raw.count else { break }
            }
            return found
        }
    }

    /// Where the sequence starting with the ESC at `start` ends (exclusive); a lone ESC is one byte.
    private static func sequenceEnd(_ bytes: UnsafeRawBufferPointer, from start: Int, count: Int) -> Int {
        var position = start + 1
        guard position < count else { return position }
        switch bytes[position] {
        case UInt8(ascii: "["):
            position += 1
            while position < count, (0x30...0x3F).contains(bytes[position]) { position += 1 }
            while position < count, (0x20...0x2F).contains(bytes[position]) { position += 1 }
            if position < count, (0x40...0x7E).contains(bytes[position]) { position += 1 }
            return position
        case UInt8(ascii: "]"):
            position += 1
            while position < count {
                if bytes[position] == 0x07 { return position + 1 }
                if bytes[position] == escape, position + 1 < count, bytes[position + 1] == UInt8(ascii: "\\") { return position + 2 }
                if bytes[position] == 0x0A { return position }
                position += 1
            }
            return position
        case UInt8(ascii: "("), UInt8(ascii: ")"):
            return min(position + 2, count)
        case 0x40...0x7E:
            return position + 1
        default:
            return position
        }
    }
}
