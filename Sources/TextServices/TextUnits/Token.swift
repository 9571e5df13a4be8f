/// One text unit found by a `Tokenizer`: where it is and, for words, what it is.
public struct Token: Hashable, Sendable {
    /// What a word-granularity token holds, from ICU's word rule status.
    public enum Kind: String, Sendable, CaseIterable {
        /// Letters (and marks, apostrophes, inner periods as UAX #29 joins them).
        case word
        /// Digits, with inner separators such as "3.14" or "1,000".
        case number
        /// Hiragana or katakana.
        case kana
        /// Ideographs (Han), split by ICU's dictionary.
        case ideo
        /// Spaces, punctuation, symbols and emoji: whatever is not a word.
        case other

        /// The kind ICU's word iterator reports through its rule status (UBRK_WORD_*).
        init(ruleStatus: Int) {
            switch ruleStatus {
            case 100..<200: self = .number
            case 200..<300: self = .word
            case 300..<400: self = .kana
            case 400..<500: self = .ideo
            default: self = .other
            }
        }

        /// Whether a words-only tokenization keeps this kind.
        public var isWordLike: Bool { self != .other }
    }

    /// Where the token is, in UTF-8 bytes of the whole text.
    public var range: ByteRange
    /// The token's kind for `word` granularity; nil for the others.
    public var kind: Kind?

    public init(range: ByteRange, kind: Kind? = nil) {
        self.range = range
        self.kind = kind
    }

    /// Whether the token counts as a unit when only words are wanted.
    func isUnit(wordsOnly: Bool) -> Bool {
        !wordsOnly || (kind?.isWordLike ?? true)
    }
}
