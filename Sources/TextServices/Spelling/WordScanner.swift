/// A word the spell checker should judge, found in text.
///
/// Holds byte ranges only; the checker reads the bytes (and makes strings
/// only for words it has not judged before).
struct ScannedWord: Sendable {
    /// Where the word is, in bytes of the whole text.
    var range: Range<Int>
    /// Whether a period follows directly, so that `word.` may be an abbreviation.
    var followedByPeriod: Bool
    /// For a compound joined by hyphens, dots or inner underscores: its parts, checked one by one
    /// when the whole is not accepted. Empty for a simple word.
    var parts: [Range<Int>]
}

/// Splits text into the words a spell checker should judge.
///
/// Uses ICU word boundaries for the locale, then applies the rules of
/// docs/spelling.md: letters only (tokens with digits, numbers, kana and
/// ideographs are skipped), skipped chunks (URLs and the like, see
/// `SkipRules`), underscores trimmed, hyphenated words joined.
enum WordScanner {
    static let ruleStatusLetter = 200
    static let ruleStatusKana = 300

    /// The words in `range` of `text`, in order.
    static func words(in text: TextBuffer, range: ByteRange, locale: String) -> [ScannedWord] {
        let bytes = text.bytes
        let skipped = SkipRules.skippedRanges(in: bytes, range: range.ints)
        let tokens = self.tokens(bytes, range.ints, locale: locale)
        var words: [ScannedWord] = []
        var skipIndex = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard token.isWord, !followsDigitAndApostrophe(bytes, token.range.lowerBound) else { continue }
            while skipIndex < skipped.count, skipped[skipIndex].upperBound <= token.range.lowerBound { skipIndex += 1 }
            if skipIndex < skipped.count, skipped[skipIndex].lowerBound < token.range.upperBound { continue }
            let joinsNext = index + 1 < tokens.count && tokens[index + 1].isWord && isHyphen(bytes, tokens[index].range)
                && tokens[index].range.lowerBound == token.range.upperBound
                && tokens[index + 1].range.lowerBound == tokens[index].range.upperBound
            if !joinsNext {
                // The common case: a lone word, no arrays needed.
                if !containsDigit(bytes[token.range]), let word = makeWord(bytes, piece: token.range) { words.append(word) }
                continue
            }
            // Join `word-word-word` (hyphen-minus or U+2010 hyphen, no spaces) into one compound.
            var pieces = [token.range]
            while index + 1 < tokens.count, tokens[index + 1].isWord, isHyphen(bytes, tokens[index].range),
                  tokens[index].range.lowerBound == pieces.last!.upperBound,
                  tokens[index + 1].range.lowerBound == tokens[index].range.upperBound {
                pieces.append(tokens[index + 1].range)
                index += 2
            }
            // A piece with a digit is skipped and splits the compound (`RSX-11M` checks `RSX`).
            var group: [Range<Int>] = []
            for piece in pieces + [0..<0] {
                if piece.isEmpty || containsDigit(bytes[piece]) {
                    if !group.isEmpty, let word = makeWord(bytes, pieces: group) { words.append(word) }
                    group = []
                } else {
                    group.append(piece)
                }
            }
        }
        return words
    }

    /// Word tokens of `range`: whitespace-separated runs go to `FastWordSegmenter` when it handles
    /// them, and to ICU otherwise (consecutive ICU runs in one call). White space is not returned.
    static func tokens(_ bytes: [UInt8], _ range: Range<Int>, locale: String) -> [FastWordSegmenter.Token] {
        var tokens: [FastWordSegmenter.Token] = []
        tokens.reserveCapacity(range.count / 5)
        var pendingICU: Range<Int>?
        func flushICU() {
            guard let stretch = pendingICU else { return }
            pendingICU = nil
            icuTokens(bytes, stretch, locale: locale, into: &tokens)
        }
        bytes.withUnsafeBufferPointer { buffer in
            var index = range.lowerBound
            let end = range.upperBound
            while index < end {
                while index < end, SkipRules.isSpace(buffer[index]) { index += 1 }
                let runStart = index
                while index < end, !SkipRules.isSpace(buffer[index]) { index += 1 }
                guard runStart < index else { continue }
                let run = runStart..<index
                if FastWordSegmenter.canSegment(buffer, run) {
                    flushICU()
                    FastWordSegmenter.segment(buffer, run, into: &tokens)
                } else {
                    pendingICU = (pendingICU?.lowerBound ?? run.lowerBound)..<run.upperBound
                }
            }
        }
        flushICU()
        return tokens
    }

    /// ICU's word tokens for a stretch of text (letters only count as words; kana and ideographs do not).
    private static func icuTokens(_ bytes: [UInt8], _ stretch: Range<Int>, locale: String,
                                  into tokens: inout [FastWordSegmenter.Token]) {
        let base = stretch.lowerBound
        try? BreakIteratorPool.shared.withIterator(.word, locale: locale, text: Array(bytes[stretch])) { iterator in
            var start = iterator.first()
            while let end = iterator.next() {
                let status = iterator.ruleStatus
                if status >= ruleStatusLetter || !SkipRules.isSpace(bytes[base + start]) {
                    tokens.append((base + start..<base + end, status >= ruleStatusLetter && status < ruleStatusKana))
                }
                start = end
            }
        }
    }

    /// Whether a word is the tail of a number such as `2'nd` (ICU splits it; it is one token with a digit).
    private static func followsDigitAndApostrophe(_ bytes: [UInt8], _ start: Int) -> Bool {
        if start >= 2, bytes[start - 1] == UInt8(ascii: "'"), bytes[start - 2] >= 0x30, bytes[start - 2] <= 0x39 { return true }
        // U+2019 is E2 80 99.
        return start >= 4 && bytes[start - 3] == 0xE2 && bytes[start - 2] == 0x80 && bytes[start - 1] == 0x99
            && bytes[start - 4] >= 0x30 && bytes[start - 4] <= 0x39
    }

    private static func isHyphen(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        if range.count == 1 { return bytes[range.lowerBound] == UInt8(ascii: "-") }
        // U+2010 HYPHEN is E2 80 90.
        return range.count == 3 && bytes[range.lowerBound] == 0xE2 && bytes[range.lowerBound + 1] == 0x80
            && bytes[range.lowerBound + 2] == 0x90
    }

    private static func containsDigit(_ bytes: ArraySlice<UInt8>) -> Bool {
        if bytes.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) { return true }
        // Below U+0600 (Latin, Greek, Cyrillic, Armenian, Hebrew: lead bytes under 0xD8) the only decimal
        // digits are ASCII; asking for general categories cost a tenth of a Russian run.
        guard bytes.contains(where: { $0 >= 0xD8 }) else { return false }
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { $0.properties.generalCategory == .decimalNumber }
    }

    @inline(__always)
    private static func isPartSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    /// Builds the scanned word for a single token; nil when the rules skip it.
    private static func makeWord(_ bytes: [UInt8], piece: Range<Int>) -> ScannedWord? {
        var lower = piece.lowerBound
        var upper = piece.upperBound
        var hasSeparator = false
        var hasAt = false
        for index in piece {
            let byte = bytes[index]
            if byte == UInt8(ascii: "@") { hasAt = true }
            if isPartSeparator(byte) { hasSeparator = true }
        }
        if hasAt { return nil }
        if hasSeparator { return makeWord(bytes, pieces: [piece]) }
        while lower < upper, bytes[lower] == UInt8(ascii: "_") { lower += 1 }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: "_") { upper -= 1 }
        guard lower < upper else { return nil }
        let followedByPeriod = upper < bytes.count && bytes[upper] == UInt8(ascii: ".")
        return ScannedWord(range: lower..<upper, followedByPeriod: followedByPeriod, parts: [])
    }

    /// Builds the scanned word from ICU tokens; nil when the rules skip it.
    private static func makeWord(_ bytes: [UInt8], pieces: [Range<Int>]) -> ScannedWord? {
        var parts: [Range<Int>] = []
        for piece in pieces {
            var lower = piece.lowerBound
            var upper = piece.upperBound
            while lower < upper, bytes[lower] == UInt8(ascii: "_") { lower += 1 }
            while upper > lower, bytes[upper - 1] == UInt8(ascii: "_") { upper -= 1 }
            guard lower < upper else { continue }
            // ICU counts '@' as a letter (for addresses): a token with one is an address or a handle, not a word.
            if bytes[lower..<upper].contains(UInt8(ascii: "@")) { return nil }
            // Inner underscores and dots join words that are checked as parts (snake_case, "end.Next").
            if bytes[lower..<upper].contains(where: isPartSeparator) {
                var partStart = lower
                for position in lower...upper where position == upper || isPartSeparator(bytes[position]) {
                    if partStart < position { parts.append(partStart..<position) }
                    partStart = position + 1
                }
            } else {
                parts.append(lower..<upper)
            }
        }
        guard let first = parts.first, let last = parts.last else { return nil }
        let end = last.upperBound
        let followedByPeriod = end < bytes.count && bytes[end] == UInt8(ascii: ".")
        return ScannedWord(range: first.lowerBound..<end, followedByPeriod: followedByPeriod,
                           parts: parts.count > 1 ? parts : [])
    }
}
