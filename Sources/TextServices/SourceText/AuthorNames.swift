/// Finds the names written before e-mail addresses (`Jane Doe <jane@example.org>`, `Signed-off-by: itchyny <…>`) and
/// after a documentation comment's `@author` tag (`@author Kevin Bourrillion`).
///
/// AUTHORS files, change logs, trailers and package metadata name people
/// this way, and a dictionary knows few of them. After `@author` (Javadoc,
/// JSDoc, PHPDoc), the words to the line's end are given, up to the first
/// word in lower case that is not the first, a particle or `and`. Up to four words right
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
    static let particles: Set<[UInt8]> = Set(["van", "von", "der", "den", "de", "da", "di", "du", "del", "della", "dos",
                                               "das", "la", "le", "ten", "ter", "bin", "ibn"].map { Array($0.utf8) })

    /// The byte ranges of the words naming the owner of each e-mail address in `bytes`, in order.
    static func ranges(in bytes: [UInt8]) -> [Range<Int>] {
        bytes.withUnsafeBytes { raw -> [Range<Int>] in
            var names: [Range<Int>] = []
            var position = 0
            var lastEnd = 0
            while position < raw.count, let found = ByteSearch.firstIndex(raw, at, from: position) {
                position = found + 1
                if let tagEnd = authorTagEnd(raw, at: found) {
                    let words = wordsAfter(raw, tagEnd)
                    names += words
                    lastEnd = words.last?.upperBound ?? tagEnd
                    position = lastEnd
                    continue
                }
                guard let start = addressStart(raw, at: found), start >= lastEnd else { continue }
                names += wordsBefore(raw, start, notBefore: lastEnd).reversed()
                lastEnd = found
            }
            return names
        }
    }

    private static let authorTag: [UInt8] = Array("author".utf8)

    /// Where the `@author` or `@authors` tag whose `@` is at `at` ends, or nil when there is none: the tag is
    /// followed by a space or a tab and not preceded by a letter or a digit (`user@author.org` is none).
    private static func authorTagEnd(_ raw: UnsafeRawBufferPointer, at: Int) -> Int? {
        var end = at + 1 + authorTag.count
        guard end < raw.count, at == 0 || !isLocalPartByte(raw[at - 1]),
              authorTag.indices.allSatisfy({ raw[at + 1 + $0] == authorTag[$0] }) else { return nil }
        if raw[end] == UInt8(ascii: "s") { end += 1 }
        guard end < raw.count, raw[end] == 0x20 || raw[end] == 0x09 else { return nil }
        return end
    }

    /// The name words after an `@author` tag that ends at `start`, on its line: each word up to the first in lower
    /// case other than the first word (a handle: `@author itchyny`), a particle or `and`.
    private static func wordsAfter(_ raw: UnsafeRawBufferPointer, _ start: Int) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var index = start
        while index < raw.count, raw[index] != 0x0A {
            let byte = raw[index]
            guard isNameByte(byte) else {
                // Between names: white space, commas and `&` only; anything else (`<`, `(`, `*`) ends them.
                guard byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "&") else { break }
                index += 1
                continue
            }
            let wordStart = index
            while index < raw.count, isNameByte(raw[index]) { index += 1 }
            let word = Array(raw[wordStart..<index])
            if !words.isEmpty, raw[wordStart] &- UInt8(ascii: "a") < 26, word != Array("and".utf8), !particles.contains(word) { break }
            words.append(wordStart..<index)
        }
        return words
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
