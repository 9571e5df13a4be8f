/// The token before a period as `scripts/sentence_corpus.py`'s `key_before_period` builds it.
enum SentenceKey {
    /// Letters and inner periods ("Dr", "p.m"; "z. B." as "z.B"), with the count of scalars of the last part.
    case word(String, scalars: Int)
    /// A whole token of digits, after a space or an opening bracket or quote: how many digits, and
    /// whether a lower-case word comes right before it ("am 21." rather than a list's "1.").
    case number(digits: Int, midSentence: Bool)

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
            let lowerCaseBefore = wordEnd < digits && (UTF8Scalars.before(bytes, wordEnd).map { $0.0.properties.isLowercase } ?? false)
            self = .number(digits: period - digits, midSentence: lowerCaseBefore)
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
}
