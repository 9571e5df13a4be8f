/// A word the spell checker should judge, found in text.
///
/// Holds byte ranges only; the checker reads the bytes (and makes strings
/// only for words it has not judged before).
struct ScannedWord: Sendable {
    /// Where the word is, in bytes of the whole text.
    var range: Range<Int>
    /// Whether a period follows directly, so that `word.` may be an abbreviation.
    var followedByPeriod: Bool
    /// For a compound joined by hyphens, dots or inner underscores (or apostrophes, when the dictionary does
    /// not join at them): its parts, checked one by one when the whole is not accepted. Empty for a simple word.
    var parts: [Range<Int>]
    /// Whether the dictionary's verdict on the whole compound stands: when it rejects the whole and every
    /// part is correct on its own, the whole is reported (see `WordRules`).
    var judgedWhole = false
}

/// Splits text into the words a spell checker should judge.
///
/// Uses ICU word boundaries for the locale, then applies the rules of
/// docs/spelling.md: letters only (tokens with digits, numbers, kana and
/// ideographs are skipped), skipped chunks (URLs and the like, see
/// `SkipRules`), underscores trimmed, hyphenated words joined, and the
/// dictionary's own word characters (`WordRules`).
enum WordScanner {
    static let ruleStatusLetter = 200
    static let ruleStatusKana = 300

    /// The words in `range` of `text`, in order, cut as `rules` say.
    static func words(in text: TextBuffer, range: ByteRange, locale: String, rules: WordRules = .standard) -> [ScannedWord] {
        var words: [ScannedWord] = []
        forEachWord(in: text, range: range, locale: locale, rules: rules) { word in
            words.append(word)
            return true
        }
        return words
    }

    /// Calls `body` with each word in `range` of `text`, in order, cut as `rules` say, until it returns false.
    ///
    /// Tokens are made and judged a batch of white-space-separated runs at a time in one buffer, so a large
    /// range costs no token or word array of its size (no word joins across white space).
    ///
    /// `ahead` is called with the range of a word token twice before `body` gets its word, `.far` and then
    /// `.near` (`LookAhead`), so a caller can prefetch what it will look the word up in (the token's range is
    /// the word's, or holds it).
    static func forEachWord(in text: TextBuffer, range: ByteRange, locale: String, rules: WordRules = .standard,
                            ahead: (Range<Int>, LookAhead) -> Void = { _, _ in }, _ body: (ScannedWord) -> Bool) {
        let bytes = text.bytes
        let batch = WordBatch(bytes: bytes, limit: range.ints, rules: rules)
        // The runs `SkipRules` skips give no tokens: one pass over the bytes finds the runs, skips and tokens.
        forEachTokenBatch(bytes, range.ints, locale: locale, skippingRules: true) { tokens in
            batch.words(of: tokens, ahead: ahead, body)
        }
    }

    /// Turns batches of tokens (without those of the runs `SkipRules` skips) into scanned words.
    private struct WordBatch {
        let bytes: [UInt8]
        let limit: Range<Int>
        let rules: WordRules

        /// Calls `body` with the words of `tokens` (whole white-space-separated runs), and `ahead` with the
        /// word tokens `LookAhead.far` and `LookAhead.near` tokens before them; false when `body` stopped.
        func words(of tokens: [FastWordSegmenter.Token], ahead: (Range<Int>, LookAhead) -> Void,
                   _ body: (ScannedWord) -> Bool) -> Bool {
            let far = LookAhead.far.distance, near = LookAhead.near.distance
            for (offset, token) in tokens.prefix(far).enumerated() where token.isWord {
                ahead(token.range, .far)
                if offset < near { ahead(token.range, .near) }
            }
            var index = 0
            while index < tokens.count {
                if index + far < tokens.count, tokens[index + far].isWord { ahead(tokens[index + far].range, .far) }
                if index + near < tokens.count, tokens[index + near].isWord { ahead(tokens[index + near].range, .near) }
                let token = tokens[index]
                index += 1
                guard token.isWord, !WordScanner.followsDigitAndApostrophe(bytes, token.range.lowerBound) else { continue }
                let joinsNext = index + 1 < tokens.count && tokens[index + 1].isWord && WordScanner.isHyphen(bytes, tokens[index].range)
                    && tokens[index].range.lowerBound == token.range.upperBound
                    && tokens[index + 1].range.lowerBound == tokens[index].range.upperBound
                if !joinsNext {
                    if token.isPlain {
                        // ASCII letters alone: what `makeLoneWord` would make, without looking at each byte again.
                        let end = token.range.upperBound
                        var word = ScannedWord(range: token.range, followedByPeriod: end < bytes.count && bytes[end] == UInt8(ascii: "."),
                                               parts: [])
                        WordScanner.attachEdges(&word, bytes, limit, rules)
                        guard body(word) else { return false }
                        continue
                    }
                    // The common case: a lone word, no arrays needed.
                    if var word = WordScanner.makeLoneWord(bytes, token.range, rules) {
                        WordScanner.attachEdges(&word, bytes, limit, rules)
                        guard body(word) else { return false }
                    }
                    continue
                }
                // Join `word-word-word` (hyphen-minus or U+2010 hyphen, no spaces) into one compound.
                var pieces = [token.range]
                while index + 1 < tokens.count, tokens[index + 1].isWord, WordScanner.isHyphen(bytes, tokens[index].range),
                      tokens[index].range.lowerBound == pieces.last!.upperBound,
                      tokens[index + 1].range.lowerBound == tokens[index].range.upperBound {
                    pieces.append(tokens[index + 1].range)
                    index += 2
                }
                // A piece with a digit is skipped and splits the compound (`RSX-11M` checks `RSX`).
                var group: [Range<Int>] = []
                for piece in pieces + [0..<0] {
                    if piece.isEmpty || WordScanner.containsDigit(bytes[piece]) {
                        if !group.isEmpty, var word = WordScanner.makeWord(bytes, pieces: group, rules) {
                            WordScanner.attachEdges(&word, bytes, limit, rules)
                            guard body(word) else { return false }
                        }
                        group = []
                    } else {
                        group.append(piece)
                    }
                }
            }
            return true
        }
    }

    /// Word tokens of `range`: whitespace-separated runs go to `FastWordSegmenter` when it handles
    /// them, and to ICU otherwise (consecutive ICU runs in one call). White space is not returned.
    static func tokens(_ bytes: [UInt8], _ range: Range<Int>, locale: String) -> [FastWordSegmenter.Token] {
        var all: [FastWordSegmenter.Token] = []
        forEachTokenBatch(bytes, range, locale: locale) { tokens in
            all += tokens
            return true
        }
        return all
    }

    /// Calls `body` with the tokens of `range` in batches of whole white-space-separated runs, in order, until it
    /// returns false; the batch's buffer is reused, so its tokens must not be kept.
    ///
    /// With `skippingRules`, a run whose chunk `SkipRules` skips (a URL, a path, ...) gives no tokens.
    static func forEachTokenBatch(_ bytes: [UInt8], _ range: Range<Int>, locale: String, skippingRules: Bool = false,
                                  _ body: ([FastWordSegmenter.Token]) -> Bool) {
        // One iterator for all of the range's ICU stretches (the pool's lock, taken per stretch, was contended).
        do {
            try BreakIteratorPool.shared.withIterator(.word, locale: locale) { iterator in
                forEachTokenBatch(bytes, range, iterator: iterator, skippingRules: skippingRules, body)
            }
        } catch {
            // No iterator for the locale: the stretches ICU would cut have no words.
            forEachTokenBatch(bytes, range, iterator: nil, skippingRules: skippingRules, body)
        }
    }

    private static func forEachTokenBatch(_ bytes: [UInt8], _ range: Range<Int>, iterator: BreakIterator?,
                                          skippingRules: Bool, _ body: ([FastWordSegmenter.Token]) -> Bool) {
        /// Tokens are handed over once a batch holds about this many (a buffer that stays in the cache).
        let batchSize = 1024
        var tokens: [FastWordSegmenter.Token] = []
        tokens.reserveCapacity(batchSize + 64)
        var pendingICU: Range<Int>?
        // `flushStretch` is no nested function: one capturing `tokens` made every use of it a dynamic exclusivity check.
        let finished: Bool = bytes.withUnsafeBufferPointer { buffer in
            var index = range.lowerBound
            let end = range.upperBound
            while index < end {
                index = SkipRules.endOfSpaces(buffer, from: index, to: end)
                let runStart = index
                let scanned = endOfRun(buffer, from: index, to: end)
                index = scanned.end
                let lettersOnly = scanned.lettersOnly
                guard runStart < index else { continue }
                let run = runStart..<index
                if lettersOnly {
                    // ASCII letters alone (most runs of prose): no skip rule takes them, and they are one word token.
                    flushStretch(&pendingICU, bytes, iterator: iterator, into: &tokens)
                    tokens.append((run, true, true))
                    if tokens.count >= batchSize {
                        guard body(tokens) else { return false }
                        tokens.removeAll(keepingCapacity: true)
                    }
                    continue
                }
                if skippingRules, SkipRules.skippedChunk(bytes, run) != nil {
                    // An ICU stretch never takes in a skipped run.
                    flushStretch(&pendingICU, bytes, iterator: iterator, into: &tokens)
                    continue
                }
                if FastWordSegmenter.canSegment(buffer, run) {
                    flushStretch(&pendingICU, bytes, iterator: iterator, into: &tokens)
                    FastWordSegmenter.segment(buffer, run, into: &tokens)
                    if tokens.count >= batchSize {
                        guard body(tokens) else { return false }
                        tokens.removeAll(keepingCapacity: true)
                    }
                } else {
                    pendingICU = (pendingICU?.lowerBound ?? run.lowerBound)..<run.upperBound
                }
            }
            return true
        }
        guard finished else { return }
        flushStretch(&pendingICU, bytes, iterator: iterator, into: &tokens)
        if !tokens.isEmpty { _ = body(tokens) }
    }

    /// Where the white-space-separated run at `start` ends (the first `SkipRules.isSpace` byte, or `end`), and
    /// whether it holds ASCII letters alone.
    ///
    /// Eight bytes at a time: a run's end is one test of a word of bytes, not a test of each byte.
    @inline(__always)
    static func endOfRun(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (end: Int, lettersOnly: Bool) {
        var index = start
        var lettersOnly = true
        let top: UInt64 = 0x8080_8080_8080_8080, low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        while index + 8 <= end {
            let word = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self)
            // Lane by lane, for bytes under 0x80 (no sum below carries into the next lane): letters are 0x61...0x7A
            // once lower-cased, white space 0x09...0x0D or 0x20; a byte of 0x80 or more is neither.
            let ascii = ~word & top
            let letters = ByteTops.asciiLetters(word) & ascii
            let seven = word & low
            let controls = (seven &+ 0x7777_7777_7777_7777) & ~(seven &+ 0x7272_7272_7272_7272)
            let other = word ^ 0x2020_2020_2020_2020
            let blanks = ~(((other & low) &+ low) | other) & ~low
            let spaces = (controls | blanks) & ascii
            guard spaces != 0 else {
                if letters != top { lettersOnly = false }
                index += 8
                continue
            }
            let before = spaces.trailingZeroBitCount >> 3
            let lanes = (UInt64(1) << (before << 3)) &- 1
            if (letters ^ top) & lanes != 0 { lettersOnly = false }
            return (index + before, lettersOnly)
        }
        while index < end {
            let byte = buffer[index]
            if (byte | 0x20) &- UInt8(ascii: "a") < 26 {
                index += 1
                continue
            }
            if SkipRules.isSpace(byte) { break }
            lettersOnly = false
            index += 1
        }
        return (index, lettersOnly)
    }

    /// Appends ICU's tokens for the stretch of runs `pending` holds, if any, and empties it (nothing without an iterator).
    private static func flushStretch(_ pending: inout Range<Int>?, _ bytes: [UInt8], iterator: BreakIterator?,
                                     into tokens: inout [FastWordSegmenter.Token]) {
        guard let stretch = pending else { return }
        pending = nil
        if let iterator { icuTokens(bytes, stretch, iterator: iterator, into: &tokens) }
    }

    /// ICU's word tokens for a stretch of text (letters only count as words; kana and ideographs do not).
    private static func icuTokens(_ bytes: [UInt8], _ stretch: Range<Int>, iterator: BreakIterator,
                                  into tokens: inout [FastWordSegmenter.Token]) {
        let base = stretch.lowerBound
        iterator.setText(Array(bytes[stretch]))
        var start = iterator.first()
        while let end = iterator.next() {
            let status = iterator.ruleStatus
            if status >= ruleStatusLetter || !SkipRules.isSpace(bytes[base + start]) {
                tokens.append((base + start..<base + end, status >= ruleStatusLetter && status < ruleStatusKana, false))
            }
            start = end
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

    /// The length in bytes of the part separator at `index` (`_`, `.`, and apostrophes where they do not
    /// join words), or 0.
    @inline(__always)
    private static func separatorLength(_ bytes: [UInt8], _ index: Int, _ rules: WordRules) -> Int {
        switch bytes[index] {
        case UInt8(ascii: "_"), UInt8(ascii: "."): return 1
        case UInt8(ascii: "'"): return rules.apostrophesJoin ? 0 : 1
        case 0xE2:
            // U+2019 is E2 80 99.
            guard !rules.apostrophesJoin, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x99
            else { return 0 }
            return 3
        default: return 0
        }
    }

    /// The scanned word for a single token without a digit (`containsDigit`); nil when it has one or the rules skip
    /// it. One pass over the bytes answers both.
    private static func makeLoneWord(_ bytes: [UInt8], _ piece: Range<Int>, _ rules: WordRules) -> ScannedWord? {
        var hasSeparator = false, hasAt = false, mayHaveOtherDigit = false
        for index in piece {
            let byte = bytes[index]
            switch byte {
            case 0x30...0x39: return nil
            case UInt8(ascii: "@"): hasAt = true
            case UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "'"), 0xE2:
                if separatorLength(bytes, index, rules) > 0 { hasSeparator = true }
            default: break
            }
            if byte >= 0xD8 { mayHaveOtherDigit = true }
        }
        if mayHaveOtherDigit, containsDigit(bytes[piece]) { return nil }
        if hasAt { return nil }
        if hasSeparator { return makeWord(bytes, pieces: [piece], rules) }
        var lower = piece.lowerBound
        var upper = piece.upperBound
        while lower < upper, bytes[lower] == UInt8(ascii: "_") { lower += 1 }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: "_") { upper -= 1 }
        guard lower < upper else { return nil }
        let followedByPeriod = upper < bytes.count && bytes[upper] == UInt8(ascii: ".")
        return ScannedWord(range: lower..<upper, followedByPeriod: followedByPeriod, parts: [])
    }

    /// Builds the scanned word from ICU tokens (several when joined by hyphens); nil when the rules skip it.
    private static func makeWord(_ bytes: [UInt8], pieces: [Range<Int>], _ rules: WordRules) -> ScannedWord? {
        var parts: [Range<Int>] = []
        // Hunspell judges the compound whole only when every separator in it is one of the dictionary's word
        // characters; at any other it cuts the text first.
        var wordCharacterSeparators = 0
        var otherSeparators = 0
        for piece in pieces.dropLast() {
            if rules.hyphenIsWordCharacter, bytes[piece.upperBound] == UInt8(ascii: "-") {
                wordCharacterSeparators += 1
            } else {
                otherSeparators += 1
            }
        }
        for piece in pieces {
            var lower = piece.lowerBound
            var upper = piece.upperBound
            while lower < upper, bytes[lower] == UInt8(ascii: "_") { lower += 1 }
            while upper > lower, bytes[upper - 1] == UInt8(ascii: "_") { upper -= 1 }
            guard lower < upper else { continue }
            // ICU counts '@' as a letter (for addresses): a token with one is an address or a handle, not a word.
            if bytes[lower..<upper].contains(UInt8(ascii: "@")) { return nil }
            // Inner underscores and dots join words that are checked as parts (snake_case, "end.Next"), and so do
            // apostrophes when the dictionary does not join at them (Italian "c'e").
            var partStart = lower
            var position = lower
            while position < upper {
                let length = separatorLength(bytes, position, rules)
                guard length > 0 else {
                    position += 1
                    continue
                }
                if partStart < position { parts.append(partStart..<position) }
                if bytes[position] == UInt8(ascii: "."), rules.periodIsWordCharacter {
                    wordCharacterSeparators += 1
                } else {
                    otherSeparators += 1
                }
                position += length
                partStart = position
            }
            if partStart < upper { parts.append(partStart..<upper) }
        }
        guard let first = parts.first, let last = parts.last else { return nil }
        let end = last.upperBound
        let followedByPeriod = end < bytes.count && bytes[end] == UInt8(ascii: ".")
        return ScannedWord(range: first.lowerBound..<end, followedByPeriod: followedByPeriod,
                           parts: parts.count > 1 ? parts : [], judgedWhole: parts.count > 1 && wordCharacterSeparators > 0 && otherSeparators == 0)
    }

    /// Extends a word over the hyphens and the period that the dictionary counts as word characters
    /// (`WordRules`), as Hunspell's tokenizer does: `Arbeits-` and `-kompott` before `und`, `-i`, `.changes`.
    ///
    /// Hyphens after a letter or digit (`32-Bit`, `foo--bar`) or before one stay out, and so do the dots of
    /// an ellipsis (`...und`). Stays inside `limit`.
    private static func attachEdges(_ word: inout ScannedWord, _ bytes: [UInt8], _ limit: Range<Int>, _ rules: WordRules) {
        guard rules.hyphenIsWordCharacter || rules.periodIsWordCharacter else { return }
        let hyphen = UInt8(ascii: "-")
        let period = UInt8(ascii: ".")
        var lower = word.range.lowerBound
        var upper = word.range.upperBound
        if rules.hyphenIsWordCharacter {
            var start = lower
            while start > limit.lowerBound, bytes[start - 1] == hyphen { start -= 1 }
            if start < lower, !letterOrDigit(bytes, endingAt: start, limit) { lower = start }
            var end = upper
            while end < limit.upperBound, bytes[end] == hyphen { end += 1 }
            if end > upper, !letterOrDigit(bytes, startingAt: end, limit) { upper = end }
        }
        if rules.periodIsWordCharacter, lower == word.range.lowerBound, lower > limit.lowerBound, bytes[lower - 1] == period,
           lower - 1 == limit.lowerBound
            || (bytes[lower - 2] != period && !letterOrDigit(bytes, endingAt: lower - 1, limit)) {
            lower -= 1
        }
        guard lower != word.range.lowerBound || upper != word.range.upperBound else { return }
        word.range = lower..<upper
        word.followedByPeriod = upper < bytes.count && bytes[upper] == period
    }

    /// Whether the character that ends at `index` is a letter or a digit (false at the start of `limit`).
    private static func letterOrDigit(_ bytes: [UInt8], endingAt index: Int, _ limit: Range<Int>) -> Bool {
        guard index > limit.lowerBound else { return false }
        var start = index - 1
        while start > limit.lowerBound, bytes[start] & 0xC0 == 0x80, index - start < 4 { start -= 1 }
        return isLetterOrDigit(bytes[start..<index])
    }

    /// Whether the character that starts at `index` is a letter or a digit (false at the end of `limit`).
    private static func letterOrDigit(_ bytes: [UInt8], startingAt index: Int, _ limit: Range<Int>) -> Bool {
        guard index < limit.upperBound else { return false }
        var end = index + 1
        while end < limit.upperBound, bytes[end] & 0xC0 == 0x80, end - index < 4 { end += 1 }
        return isLetterOrDigit(bytes[index..<end])
    }

    private static func isLetterOrDigit(_ character: ArraySlice<UInt8>) -> Bool {
        guard let first = character.first else { return false }
        if first < 0x80 {
            return (first >= 0x30 && first <= 0x39) || (first | 0x20 >= 0x61 && first | 0x20 <= 0x7A)
        }
        guard let scalar = String(decoding: character, as: UTF8.self).unicodeScalars.first else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
