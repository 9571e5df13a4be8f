/// The token before a period as `scripts/sentence_corpus.py`'s `key_before_period` builds it.
enum SentenceKey {
    /// Letters and inner periods ("Dr", "p.m"; "z. B." as "z.B"), with the count of scalars of the last part.
    case word(String, scalars: Int)
    /// A whole token of digits, after a space or an opening bracket or quote: how many digits,
    /// whether a lower-case word or a comma comes right before it (`am 21.`, `Montag, 3.` rather than a list's `1.`),
    /// and whether it starts a line or follows a sentence end ("wollten. 4. Die": a list's label).
    case number(digits: Int, midSentence: Bool, atStart: Bool)

    /// What may come right before a number that is a token of its own.
    static let openers = "([\"'«„“‘"

    init?(_ bytes: [UInt8], period: Int) {
        var start = period
        while let (scalar, previous) = UTF8Scalars.before(bytes, start), scalar.isLetter || scalar == "." {
            start = previous
        }
        var tokenStart = start
        while tokenStart < period, bytes[tokenStart] == UInt8(ascii: ".") { tokenStart += 1 }
        guard tokenStart < period else {
            var digits = period
            while digits > 0, bytes[digits - 1] >= UInt8(ascii: "0"), bytes[digits - 1] <= UInt8(ascii: "9") { digits -= 1 }
            guard digits < period else { return nil }
            if let (scalar, _) = UTF8Scalars.before(bytes, digits),
               !scalar.properties.isWhitespace, !Self.openers.unicodeScalars.contains(scalar) {
                return nil  // part of a longer token: "Latin-2.", "%25.", "2.4.10."
            }
            var wordEnd = digits
            while let (scalar, previous) = UTF8Scalars.before(bytes, wordEnd), scalar.properties.isWhitespace { wordEnd = previous }
            // `am 21.`, and after a comma a date's day (`STŘEDA, 19. ČERVENCE`, `Montag, 3. Mai`).
            let lowerCaseBefore = wordEnd < digits
                && (UTF8Scalars.before(bytes, wordEnd).map { $0.0.properties.isLowercase || $0.0 == "," } ?? false)
            self = .number(digits: period - digits, midSentence: lowerCaseBefore, atStart: Self.startsSentence(bytes, digits))
            return
        }
        if let (scalar, _) = UTF8Scalars.before(bytes, start), scalar.properties.numericType != nil { return nil }
        let token = String(decoding: bytes[tokenStart..<period], as: UTF8.self)
        let scalars = token.unicodeScalars.count
        if !token.contains("."), scalars <= 2, start >= 3, bytes[start - 1] == 0x20, bytes[start - 2] == UInt8(ascii: ".") {
            var first = start - 2
            while let (scalar, previous) = UTF8Scalars.before(bytes, first), scalar.isLetter { first = previous }
            let previousWord = String(decoding: bytes[first..<(start - 2)], as: UTF8.self)
            let count = previousWord.unicodeScalars.count
            let standsAlone = UTF8Scalars.before(bytes, first).map { !$0.0.isLetter && $0.0.properties.numericType == nil } ?? true
            if (1...3).contains(count), standsAlone {
                self = .word(previousWord + "." + token, scalars: scalars)
                return
            }
        }
        self = .word(token, scalars: scalars)
    }

    /// Whether a token at `start` begins the text or a line, or follows a `.`, `!` or `?` (closing marks allowed) and spaces.
    static func startsSentence(_ bytes: [UInt8], _ start: Int) -> Bool {
        var index = start
        while let (scalar, previous) = UTF8Scalars.before(bytes, index), scalar.properties.isWhitespace {
            if scalar == "\n" || scalar == "\r" { return true }
            index = previous
        }
        guard index > 0 else { return true }
        guard index < start else { return false }
        let terminator = SentenceAbbreviations.beforeClosingMarks(bytes, index)
        guard terminator > 0 else { return false }
        let mark = bytes[terminator - 1]
        return mark == UInt8(ascii: ".") || mark == UInt8(ascii: "!") || mark == UInt8(ascii: "?")
    }
}
