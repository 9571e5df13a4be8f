/// The word, sentence and paragraph boundaries an edit menu needs around a selection.
///
/// Paragraphs end at LF, CR, CRLF, NEL and U+2029 (the terminator is not
/// part of the paragraph). Words and sentences come from ICU break
/// iterators run over a window: the selection's paragraphs, cut to
/// `padding` bytes either side of the selection so that a huge paragraph
/// costs no more than a small one. All offsets are UTF-8 bytes.
struct EditTextUnits {
    /// How far beyond the selection the window reaches, in bytes.
    static let padding = 16 << 10

    /// A boundary token: its range and whether it is a word (letters, digits, kana or ideographs).
    struct Token {
        var range: ByteRange
        var isWord: Bool
    }

    let text: TextBuffer
    let selection: ByteRange
    /// The part of the text being worked in (the request's `range`, or all of it).
    let bounds: ByteRange
    let locale: String
    /// The paragraphs the selection touches, without the last one's terminator.
    let paragraphs: ByteRange
    /// Where words and sentences are looked for.
    let window: ByteRange

    init(text: TextBuffer, selection: ByteRange, bounds: ByteRange, locale: String) {
        self.text = text
        self.selection = selection
        self.bounds = bounds
        self.locale = locale
        let bytes = text.bytes
        let start = Self.paragraphStart(at: selection.lowerBound.rawValue, in: bytes, limit: bounds.lowerBound.rawValue)
        // A selection that ends with a paragraph's terminator ends in that paragraph, not the next.
        let terminator = Self.separatorLength(endingAt: selection.upperBound.rawValue, in: bytes, limit: start)
        let last = max(selection.lowerBound.rawValue, selection.upperBound.rawValue - terminator)
        let end = Self.paragraphEnd(at: max(last, start), in: bytes, limit: bounds.upperBound.rawValue)
        paragraphs = ByteRange(bytes: start..<max(start, end))
        var lower = max(start, selection.lowerBound.rawValue - Self.padding)
        var upper = min(paragraphs.upperBound.rawValue, max(selection.upperBound.rawValue, lower) + Self.padding)
        while !text.isScalarBoundary(UTF8Offset(lower)) { lower -= 1 }
        while !text.isScalarBoundary(UTF8Offset(upper)) { upper += 1 }
        window = ByteRange(bytes: lower..<max(lower, upper))
    }

    /// Where misspellings touching the selection are looked for: about a kilobyte either side,
    /// widened to white space so that no word, compound or URL is cut.
    var spellingWindow: ByteRange {
        let bytes = text.bytes
        func isSpace(_ index: Int) -> Bool { bytes[index] == 0x20 || bytes[index] == 0x09 }
        var lower = max(window.lowerBound.rawValue, selection.lowerBound.rawValue - 1024)
        while lower > window.lowerBound.rawValue, !isSpace(lower - 1) { lower -= 1 }
        var upper = min(window.upperBound.rawValue, max(lower, selection.upperBound.rawValue) + 1024)
        while upper < window.upperBound.rawValue, !isSpace(upper) { upper += 1 }
        return ByteRange(bytes: lower..<max(lower, upper))
    }

    // MARK: Paragraphs

    /// The length of a paragraph terminator ending just before `offset`, or 0.
    static func separatorLength(endingAt offset: Int, in bytes: [UInt8], limit: Int) -> Int {
        guard offset > limit else { return 0 }
        let last = bytes[offset - 1]
        if last == 0x0A { return offset - 2 >= limit && bytes[offset - 2] == 0x0D ? 2 : 1 }
        if last == 0x0D { return 1 }
        if last == 0x85, offset - 2 >= limit, bytes[offset - 2] == 0xC2 { return 2 }
        if last == 0xA9, offset - 3 >= limit, bytes[offset - 2] == 0x80, bytes[offset - 3] == 0xE2 { return 3 }
        return 0
    }

    /// Whether a paragraph terminator starts at `offset`.
    static func separatorStarts(at offset: Int, in bytes: [UInt8], limit: Int) -> Bool {
        let byte = bytes[offset]
        if byte == 0x0A || byte == 0x0D { return true }
        if byte == 0xC2 { return offset + 1 < limit && bytes[offset + 1] == 0x85 }
        if byte == 0xE2 { return offset + 2 < limit && bytes[offset + 1] == 0x80 && bytes[offset + 2] == 0xA9 }
        return false
    }

    /// The start of the paragraph holding `offset`, not before `limit`.
    static func paragraphStart(at offset: Int, in bytes: [UInt8], limit: Int) -> Int {
        var index = offset
        while index > limit, separatorLength(endingAt: index, in: bytes, limit: limit) == 0 { index -= 1 }
        return index
    }

    /// The end of the paragraph holding `offset` (where its terminator starts), not after `limit`.
    static func paragraphEnd(at offset: Int, in bytes: [UInt8], limit: Int) -> Int {
        var index = offset
        while index < limit, !separatorStarts(at: index, in: bytes, limit: limit) { index += 1 }
        return index
    }

    // MARK: Words and sentences

    /// The window's tokens of one kind, in order, covering the window.
    func tokens(_ kind: BreakKind) -> [Token] {
        let base = window.lowerBound.rawValue
        let slice = Array(text.bytes[window.ints])
        let tokens: [Token]? = try? BreakIteratorPool.shared.withIterator(kind, locale: locale, text: slice) { iterator in
            var found: [Token] = []
            var start = iterator.first()
            while let end = iterator.next() {
                let isWord = kind == .word ? iterator.ruleStatus >= 100 : true
                found.append(Token(range: ByteRange(bytes: base + start..<base + end), isWord: isWord))
                start = end
            }
            return found
        }
        return tokens ?? []
    }

    /// The words the selection overlaps, or for a caret the word it is in or just after.
    func selectedWords(_ words: [Token]) -> [ByteRange] {
        let candidates = words.filter(\.isWord).map(\.range)
        if selection.isEmpty {
            let caret = selection.lowerBound
            if let inside = candidates.first(where: { $0.lowerBound <= caret && caret < $0.upperBound }) { return [inside] }
            if let before = candidates.first(where: { $0.upperBound == caret }) { return [before] }
            return []
        }
        return candidates.filter { $0.overlaps(selection) }
    }

    /// The one word the caret or the whole selection lies in, or nil (a selection reaching past one word, or no word).
    func enclosingWord(_ words: [Token]) -> ByteRange? {
        let selected = selectedWords(words)
        guard selected.count == 1, let word = selected.first else { return nil }
        guard selection.isEmpty || word.lowerBound <= selection.lowerBound && selection.upperBound <= word.upperBound else {
            return nil
        }
        return word
    }

    /// The selection widened to whole words, or nil when it holds no word.
    func word(_ words: [Token]) -> ByteRange? {
        let selected = selectedWords(words)
        guard let first = selected.first, let last = selected.last else { return nil }
        return min(first.lowerBound, selection.lowerBound)..<max(last.upperBound, selection.upperBound)
    }

    /// The selection widened to whole sentences, without the spaces around them.
    func sentence(_ sentences: [Token]) -> ByteRange? {
        let lower = selection.lowerBound
        let upper = selection.upperBound
        guard let first = sentences.first(where: { $0.range.lowerBound <= lower && lower < $0.range.upperBound })
                ?? sentences.last(where: { $0.range.upperBound == lower }) else { return nil }
        let last = selection.isEmpty ? first
            : sentences.last(where: { $0.range.lowerBound < upper && upper <= $0.range.upperBound }) ?? first
        let range = trimmed(first.range.lowerBound..<max(last.range.upperBound, upper))
        guard !range.isEmpty else { return nil }
        return min(range.lowerBound, selection.lowerBound)..<max(range.upperBound, selection.upperBound)
    }

    /// The paragraphs the selection touches, or nil when that is an empty line.
    func paragraph() -> ByteRange? {
        paragraphs.isEmpty ? nil : paragraphs
    }

    /// A range without white space (and line ends) at either end.
    func trimmed(_ range: ByteRange) -> ByteRange {
        var lower = range.lowerBound.rawValue
        var upper = range.upperBound.rawValue
        let string = text.string(range)
        for scalar in string.unicodeScalars {
            guard scalar.properties.isWhitespace else { break }
            lower += String(scalar).utf8.count
        }
        for scalar in string.unicodeScalars.reversed() {
            guard upper > lower, scalar.properties.isWhitespace else { break }
            upper -= String(scalar).utf8.count
        }
        return ByteRange(bytes: lower..<max(lower, upper))
    }
}
