/// Splits text into units of one granularity, as UITextInputTokenizer and NSString's enumeration do.
///
/// Character, word, sentence and line units come from ICU break iterators
/// run on the UTF-8 bytes directly (no UTF-16 copy); paragraph and document
/// units are computed from the bytes. All offsets are UTF-8 byte offsets into
/// the whole text; convert them only where they are reported.
///
/// A `range` limits the work to part of the text, but boundaries are always
/// those of the whole text (so context outside the range still counts), with
/// the range's ends added: a unit that crosses an end is clipped to it.
///
/// With `wordsOnly`, word tokens of kind `other` (spaces, punctuation) are
/// not units: they are dropped from tokenizations and ignored by the
/// queries. It changes nothing for the other granularities.
///
/// Thread-safe: a tokenizer holds no state; ICU iterators come from a pool.
public struct Tokenizer: Sendable {
    public let granularity: Granularity
    /// The ICU locale ("" for the root rules), e.g. `th`, `ja`, `de@ss=standard`, `en@lb=strict`.
    public let locale: String
    /// For sentences: the language's abbreviations, ordinals and initials, whose periods end no sentence; nil for ICU's boundaries alone.
    public let sentenceAbbreviations: SentenceAbbreviations?

    /// A tokenizer for a granularity and locale.
    ///
    /// Throws `.invalidArgument` (`locale`) for a locale that is not a plausible ICU
    /// or BCP 47 identifier. A well-formed locale ICU knows nothing about
    /// gets the root rules, as ICU does. `sentenceAbbreviations` only
    /// matters for the sentence granularity: ICU's boundaries behind the
    /// language's abbreviations, ordinals and initials are dropped (a subset
    /// of ICU's boundaries, so units still cover the text with no gaps).
    public init(granularity: Granularity, locale: String = "",
                sentenceAbbreviations: SentenceAbbreviations? = nil) throws(TextServicesError) {
        self.granularity = granularity
        self.locale = try Self.validatedLocale(locale)
        self.sentenceAbbreviations = granularity == .sentence ? sentenceAbbreviations : nil
    }

    static func validatedLocale(_ locale: String) throws(TextServicesError) -> String {
        guard locale.utf8.count <= 100 else { throw .invalidArgument(argument: "locale", reason: "is too long") }
        let allowed = locale.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
                 UInt8(ascii: "@"), UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }
        guard allowed else {
            throw .invalidArgument(argument: "locale", reason: "must be a locale identifier such as en_US, th or de@ss=standard")
        }
        return locale
    }

    /// Every token in `range` (the whole text by default), in order.
    ///
    /// Without `wordsOnly` the tokens cover the range with no gaps.
    public func tokens(in text: TextBuffer, range: ByteRange? = nil, wordsOnly: Bool = false) throws(TextServicesError) -> [Token] {
        var tokens: [Token] = []
        try forEachToken(in: text, range: range, wordsOnly: wordsOnly) { token in
            tokens.append(token)
            return true
        }
        return tokens
    }

    /// Calls `body` with each token in `range` in order, until it returns false.
    public func forEachToken(in text: TextBuffer, range: ByteRange? = nil, wordsOnly: Bool = false,
                             _ body: (Token) -> Bool) throws(TextServicesError) {
        let range = range ?? text.fullRange
        let lower = range.lowerBound.rawValue
        let upper = range.upperBound.rawValue
        guard lower < upper else { return }
        let isWord = granularity == .word
        try withCursor(text) { cursor in
            var start = lower
            var next = cursor.following(lower)
            while start < upper, let boundary = next {
                let end = min(boundary, upper)
                let token = Token(range: UTF8Offset(start)..<UTF8Offset(end),
                                  kind: isWord ? Token.Kind(ruleStatus: cursor.ruleStatus) : nil)
                if token.isUnit(wordsOnly: wordsOnly), !body(token) { return }
                start = end
                next = cursor.next()
            }
        }
    }

    /// Runs `body` with a boundary cursor of this granularity over `text`.
    func withCursor<T>(_ text: TextBuffer, _ body: (BoundaryCursor) -> T) throws(TextServicesError) -> T {
        guard let kind = granularity.breakKind else {
            let cursor: BoundaryCursor = granularity == .paragraph
                ? ParagraphBoundaries(text.bytes) : DocumentBoundaries(count: text.byteCount)
            return body(cursor)
        }
        do {
            return try BreakIteratorPool.shared.withIterator(kind, locale: locale, text: text.bytes) { iterator in
                guard let sentenceAbbreviations else { return body(iterator) }
                return body(AbbreviationAwareSentences(iterator, bytes: text.bytes, abbreviations: sentenceAbbreviations))
            }
        } catch {
            throw .internalFailure("cannot open an ICU \(granularity.rawValue) break iterator for locale '\(locale)': \(error)")
        }
    }
}
