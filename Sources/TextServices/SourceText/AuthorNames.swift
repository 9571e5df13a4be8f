/// Finds the names written before e-mail addresses: `Jane Doe <jane@example.org>`, `Signed-off-by: itchyny <…>`.
///
/// AUTHORS files, change logs, trailers and package metadata name people
/// this way, and a dictionary knows few of them. Up to four words right
/// before an address on its line are given: back to the line's start or to
/// punctuation that ends a label (`:`, `,`, `;`, `(`, `"`), and no further
/// than the first word in lower case other than a particle of a surname
/// (`Benoit de Chezelles`; `Thanks to Jane Doe <…>` gives `to Jane Doe`, so
/// `Thanks` is still checked). The address itself is left to the
/// checker's own rules. Offsets are bytes of the text; a text without `@`
/// costs one `memchr`-style pass.
enum AuthorNames {
    static let maximumWords = 4
    private static let at: [UInt8] = [UInt8(ascii: "@")]
    /// Lower-case words inside a name (`van`, `de`), after which the name goes on.
    private static let particles: Set<[UInt8]> = Set(["van", "von", "der", "den", "de", "da", "di", "du", "del", "della", "dos",
                                                       "das", "la", "le", "ten", "ter", "bin", "ibn"].map { Array($0.utf8) })

    /// The byte ranges of the words naming the owner of each e-mail address in `bytes`, in order.
    static func ranges(in bytes: [UInt8]) -> [Range<Int>] {
        bytes.withUnsafeBytes { raw -> [Range<Int>] in
            var names: [Range<Int>] = []
            var position = 0
            var lastEnd = 0
            while position < raw.count, let found = ByteSearch.firstIndex(raw, at, from: position) {
                position = found + 1
                guard let start = addressStart(raw, at: found), start >= lastEnd else { continue }
                names += wordsBefore(raw, start, notBefore: lastEnd).reversed()
                lastEnd = found
            }
            return names
        }
    }

    /// Where the address holding the `@` at `at` starts (its `<` or `(` when bracketed), or nil when it is no address:
    /// a local part of letters, digits and `._%+-`, and a domain with a dot.
    private static func addressStart(_ raw: UnsafeRawBufferPointer, at: Int) -> Int? {
        var start = at
        while start > 0, isLocalPartByte(raw[start - 1]) { start -= 1 }
        guard start < at else { return nil }
        var end = at + 1
        var dots = 0
        while end < raw.count, isDomainByte(raw[end]) {
            if raw[end] == UInt8(ascii: ".") { dots += 1 }
            end += 1
        }
        guard dots > 0, end > at + 2 else { return nil }
        if start > 0, raw[start - 1] == UInt8(ascii: "<") || raw[start - 1] == UInt8(ascii: "(") { start -= 1 }
        return start
    }

    /// The words before `start` on its line that name the address's owner, nearest first.
    private static func wordsBefore(_ raw: UnsafeRawBufferPointer, _ start: Int, notBefore limit: Int) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var index = start
        while words.count < maximumWords {
            while index > limit, raw[index - 1] == 0x20 || raw[index - 1] == 0x09 { index -= 1 }
            let end = index
            while index > limit, isNameByte(raw[index - 1]) { index -= 1 }
            guard index < end else { break }
            words.append(index..<end)
            if raw[index] &- UInt8(ascii: "a") < 26, !particles.contains(Array(raw[index..<end])) { break }
        }
        return words
    }

    @inline(__always)
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte >= 0x80 || byte &- UInt8(ascii: "0") < 10
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "_")
    }

    @inline(__always)
    private static func isLocalPartByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    @inline(__always)
    private static func isDomainByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }
}
