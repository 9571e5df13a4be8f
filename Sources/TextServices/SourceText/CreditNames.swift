/// Finds the names in a change log's credits: `(Jane Doe, issue 5343)`, `(from Michal Majchrowicz)`,
/// `[TJ Holowaychuck / Ryan Tomayko]`, `[#1913](…) by Jevin Sew` and `by Faheel Ahmad, kyoendo and Dan Rice`.
///
/// Change logs and release notes credit people in parentheses or brackets
/// and after `by` or `from` at an entry's end, and a dictionary knows few
/// of them. A credit is a list of entries split by `,`, `;`, `/`, `&` and
/// `and`: each entry a name (one to four words, capitalised or a particle
/// of a surname, `Vipul A M`, `GoGo tanaka`; a lone word of any case, a
/// handle: `kyoendo`, `7stud`), optionally after words that end in `by` or
/// `from` (`reported by`, `based on a patch from`) and before or after an
/// issue reference (`issue 5343`, `#1913`, `GitHub issue 1103`), or a
/// reference alone. A bracketed list is a credit when every entry is one
/// and one names a person plainly (two capitalised words, or a capitalised
/// word after `by`/`from`): `(Linux, macOS)`, `(docs, tests)` and `(caused
/// by timeouts)` are not. After ` by ` or ` from `, the rest of the entry
/// (its line and the lines that go on with it, up to a blank line or the
/// next item) is a credit when it is all names and either one has two
/// capitalised words or the word follows a reference (`)`, `]`, `#12`):
/// `fixed by upgrading` is not. Only the names' words are given, so
/// `from`, `issue` and the rest are still checked. Offsets are bytes of the
/// text; `DocumentChecker` searches prose documents that have misspellings.
enum CreditNames {
    /// The most bytes between a bracket and its close (the longest credits run over eight lines).
    static let maximumBracketLength = 800
    private static let openers = ByteSet("([")
    /// The words after which the rest of an entry may be a credit.
    private static let creditWords: [[UInt8]] = [Array(" by ".utf8), Array(" from ".utf8)]
    /// Words that lead a name in an entry when a `by` or `from` ends them (`reported by`, `patch from`).
    private static let leads: Set<[UInt8]> = Set(["by", "from"].map { Array($0.utf8) })
    /// Words of an issue reference (`issue 5343`, `in issue 12`, `issues 4842 and 4280`).
    private static let referenceWords: Set<[UInt8]> = Set(["issue", "issues", "in", "pr", "PR", "GH", "gh", "bug", "bugs",
                                                           "ticket", "tickets", "pull", "request", "see", "and", "GitHub", "GitLab"]
                                                          .map { Array($0.utf8) })
    /// Lower-case words inside a name: `AuthorNames`' particles, and Spanish `y` between two surnames.
    private static let particles = AuthorNames.particles.union([Array("y".utf8)])

    /// The byte ranges of the names in the credits of `bytes`, in order.
    static func ranges(in bytes: [UInt8]) -> [Range<Int>] {
        ranges(in: bytes, within: 0..<bytes.count)
    }

    /// The byte ranges of the names in the credits of `bytes[window]` (offsets in `bytes`), in order: a credit
    /// never crosses a blank line, so a paragraph is a window that holds all of its credits.
    static func ranges(in bytes: [UInt8], within window: Range<Int>) -> [Range<Int>] {
        bytes.withUnsafeBytes { whole -> [Range<Int>] in
            let raw = UnsafeRawBufferPointer(rebasing: whole[window])
            return names(in: raw).map { $0.lowerBound + window.lowerBound..<$0.upperBound + window.lowerBound }
        }
    }

    /// The names in the credits of `raw`, in order.
    private static func names(in raw: UnsafeRawBufferPointer) -> [Range<Int>] {
        var names: [Range<Int>] = []
        let openers = openers
        var position = 0
        while position < raw.count {
            position = ByteSearch.firstIndex(of: openers, in: raw, from: position)
            guard position < raw.count else { break }
            let close: UInt8 = raw[position] == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]")
            // A Markdown link's or reference's text (`[Getting Started](…)`) is a title, not a credit.
            if let end = closing(raw, from: position + 1, close: close), hasCapital(raw, position + 1..<end),
               close == UInt8(ascii: ")") || end + 1 >= raw.count
                || ![UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: ":")].contains(raw[end + 1]),
               let found = credit(raw, position + 1..<end, plainly: false) {
                names += found
                position = end + 1
            } else {
                position += 1
            }
        }
        for word in creditWords {
            position = 0
            while let found = ByteSearch.firstIndex(raw, word, from: position) {
                position = found + word.count
                let entry = position..<entryEnd(raw, from: position)
                let plainly = followsReference(raw, found)
                if plainly || hasCapital(raw, entry), let credit = credit(raw, entry, plainly: plainly) {
                    names += credit
                    position = entry.upperBound
                }
            }
        }
        return names.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// The paragraph around `offset`: from after the blank line before it to the blank line after it, at most
    /// `maximumParagraph` bytes either way.
    static func paragraph(around offset: Int, in bytes: [UInt8]) -> Range<Int> {
        func isBlankLineEnd(_ index: Int) -> Bool {
            // `bytes[index]` is a line feed; whether the line it ends holds only spaces and tabs.
            var cursor = index - 1
            while cursor >= 0, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 || bytes[cursor] == 0x0D { cursor -= 1 }
            return cursor < 0 || bytes[cursor] == 0x0A
        }
        var start = min(offset, bytes.count)
        let lowest = max(0, offset - maximumParagraph)
        while start > lowest, !(bytes[start - 1] == 0x0A && isBlankLineEnd(start - 1)) { start -= 1 }
        var end = min(offset, bytes.count)
        let highest = min(bytes.count, offset + maximumParagraph)
        // Forward from line feed to line feed (`memchr`): only a line feed can end a paragraph.
        while end < highest {
            guard let lineFeed = bytes.withUnsafeBytes({ ByteSearch.firstIndex(of: 0x0A, in: $0, from: end) }), lineFeed < highest else {
                end = highest
                break
            }
            end = lineFeed
            if isBlankLineEnd(lineFeed) { break }
            end += 1
        }
        return start..<end
    }

    /// The most bytes a paragraph window reaches on either side of a word: more than a bracketed credit's
    /// `maximumBracketLength`, so a credit that holds the word is inside.
    static let maximumParagraph = 1024

    /// The index of the `close` that ends a bracket opened before `from`, or nil when another bracket opens first,
    /// a blank line or the text's end comes first, or it is further than `maximumBracketLength`.
    private static func closing(_ raw: UnsafeRawBufferPointer, from: Int, close: UInt8) -> Int? {
        var index = from
        let limit = min(raw.count, from + maximumBracketLength)
        var lineIsBlank = false
        while index < limit {
            let byte = raw[index]
            switch byte {
            case close: return index
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: ")"), UInt8(ascii: "]"): return nil
            case 0x0A:
                if lineIsBlank { return nil }
                lineIsBlank = true
            case 0x20, 0x09, 0x0D: break
            default: lineIsBlank = false
            }
            index += 1
        }
        return nil
    }

    /// Where the entry that goes on from `from` ends: its line's end, or a later line's when the lines after it
    /// go on with it (not blank, not a list item or a heading); at most three lines.
    private static func entryEnd(_ raw: UnsafeRawBufferPointer, from: Int) -> Int {
        var end = from
        for _ in 0..<3 {
            guard let lineFeed = ByteSearch.firstIndex(of: 0x0A, in: raw, from: end) else { return raw.count }
            end = lineFeed
            var next = lineFeed + 1
            while next < raw.count, raw[next] == 0x20 || raw[next] == 0x09 { next += 1 }
            guard next < raw.count else { return end }
            switch raw[next] {
            case 0x0A, 0x0D, UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "#"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return end
            default: end = lineFeed + 1
            }
        }
        return end
    }

    /// Whether `range` holds a capital letter or a byte outside ASCII: a credit that names no one plainly needs one.
    private static func hasCapital(_ raw: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        for index in range where raw[index] &- UInt8(ascii: "A") < 26 || raw[index] >= 0x80 { return true }
        return false
    }

    /// Whether the ` by ` at `at` follows an issue reference or a link: `)`, `]` or `#12` right before it.
    private static func followsReference(_ raw: UnsafeRawBufferPointer, _ at: Int) -> Bool {
        guard at > 0 else { return false }
        if raw[at - 1] == UInt8(ascii: ")") || raw[at - 1] == UInt8(ascii: "]") { return true }
        var index = at
        while index > 0, raw[index - 1] &- UInt8(ascii: "0") < 10 { index -= 1 }
        return index < at && index > 0 && raw[index - 1] == UInt8(ascii: "#")
    }

    /// A word of a credit and what it looks like.
    private struct Word {
        var range: Range<Int>
        var bytes: [UInt8]
        var isCapitalised: Bool
        var hasLetter: Bool
        var isNumber: Bool
    }

    /// The names' words when `range` is a credit; `plainly` when it is one without a name of two capitalised words.
    private static func credit(_ raw: UnsafeRawBufferPointer, _ range: Range<Int>, plainly: Bool) -> [Range<Int>]? {
        var entries: [[Word]] = [[]]
        var index = range.lowerBound
        var last = range.upperBound
        // A sentence's full stop ends the credit.
        while last > index, raw[last - 1] == 0x20 || raw[last - 1] == 0x0D || raw[last - 1] == 0x09 || raw[last - 1] == 0x0A { last -= 1 }
        if last > index, raw[last - 1] == UInt8(ascii: ".") { last -= 1 }
        while index < last {
            let byte = raw[index]
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "&") {
                entries.append([])
                index += 1
                continue
            }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            guard isWordByte(byte) else { return nil }
            let start = index
            while index < last, isWordByte(raw[index]) { index += 1 }
            let bytes = Array(raw[start..<index])
            if bytes == Array("and".utf8) {
                entries.append([])
                continue
            }
            entries[entries.count - 1].append(word(bytes, start..<index))
        }
        var names: [Range<Int>] = []
        var plain = plainly
        for entry in entries where !entry.isEmpty {
            guard let (name, led) = name(in: entry) else { return nil }
            if name.isEmpty { continue }
            let capitalised = name.filter(\.isCapitalised).count
            if capitalised >= 2 || (led && capitalised >= 1) { plain = true }
            names += name.map(\.range)
        }
        return plain && !names.isEmpty ? names : nil
    }

    /// The name an entry holds (empty for a reference alone) and whether `by` or `from` led it; nil when it is neither.
    private static func name(in entry: [Word]) -> ([Word], led: Bool)? {
        var words = entry[...]
        var led = false
        // Through the last `by` or `from` in the entry's first five words: what comes before says what was done.
        if let lead = words.prefix(6).lastIndex(where: { leads.contains($0.bytes) }), lead < words.endIndex - 1,
           words[..<lead].allSatisfy({ !$0.isCapitalised || $0.range.lowerBound == entry[0].range.lowerBound }) {
            words = words[(lead + 1)...]
            led = true
        }
        words = trimmedReference(words)
        if words.isEmpty { return ([], led) }
        guard words.count <= 4 else { return nil }
        if words.count == 1 {
            return words[words.startIndex].hasLetter ? (Array(words), led) : nil
        }
        // Several words: capitalised, initials or particles; of two, the second may be in lower case (`GoGo tanaka`).
        guard words.first!.isCapitalised else { return nil }
        for word in words.dropFirst() where !word.isCapitalised && !particles.contains(word.bytes) {
            guard words.count == 2, word.hasLetter else { return nil }
        }
        return (Array(words), led)
    }

    /// An entry without the issue reference at its start or end (`issue 5343`, `4280 from`, `in issue 12`, `#12`);
    /// a number alone is a reference when it has three digits or more (`UCS Level 2` keeps its `2`).
    private static func trimmedReference(_ words: ArraySlice<Word>) -> ArraySlice<Word> {
        func referenced(_ run: ArraySlice<Word>) -> Bool {
            run.contains(where: \.isNumber) && run.contains { !$0.isNumber || $0.bytes.count >= 3 }
        }
        var words = words
        var end = words.endIndex
        while end > words.startIndex, isReference(words[end - 1]) { end -= 1 }
        if referenced(words[end...]) { words = words[..<end] }
        var start = words.startIndex
        while start < words.endIndex, isReference(words[start]) { start += 1 }
        if referenced(words[..<start]) {
            words = words[start...]
            // `issues 4842 and 4280 from Moritz Angermann`: a lead after the reference.
            if let first = words.first, leads.contains(first.bytes) { words = words.dropFirst() }
        }
        return words
    }

    private static func isReference(_ word: Word) -> Bool {
        word.isNumber || referenceWords.contains(word.bytes)
    }

    private static func word(_ bytes: [UInt8], _ range: Range<Int>) -> Word {
        var hasLetter = false
        var digits = 0
        for byte in bytes {
            if (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte >= 0x80 { hasLetter = true }
            if byte &- UInt8(ascii: "0") < 10 { digits += 1 }
        }
        let first = bytes[0]
        let isCapitalised: Bool
        if first < 0x80 {
            isCapitalised = first &- UInt8(ascii: "A") < 26
        } else {
            isCapitalised = String(decoding: bytes, as: UTF8.self).unicodeScalars.first?.properties.isUppercase ?? false
        }
        let isNumber = !hasLetter && digits > 0
            || (first == UInt8(ascii: "#") && digits == bytes.count - 1 && digits > 0)
            || (bytes.starts(with: Array("GH-".utf8)) && digits == bytes.count - 3 && digits > 0)
        return Word(range: range, bytes: bytes, isCapitalised: isCapitalised, hasLetter: hasLetter, isNumber: isNumber)
    }

    /// Letters, digits and what names and handles hold: `'`, `-`, `.`, `_`, `@`, and `#` for references.
    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte >= 0x80 || byte &- UInt8(ascii: "0") < 10
            || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "#")
    }
}
