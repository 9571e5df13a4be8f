/// A stretch of text and the language it was found to be in.
public struct LanguageRange: Sendable, Equatable {
    /// UTF-8 byte offsets into the text.
    public var range: ByteRange
    /// The candidate's tag (`en_US`, `de_DE`), as the caller or the dictionaries name it.
    public var language: String
    /// The probability of `language`, 0 to 1, among the candidates.
    public var confidence: Double
    /// The likeliest candidates, most likely first (`language` among them), at most the requested number.
    public var hypotheses: [LanguageHypothesis]
    /// How many words gave evidence.
    var words = 0
    /// Each candidate's log-likelihood with its prior, in the identification's candidate order (empty when not known).
    var scores: [Double] = []
    /// Per candidate (as `scores`), how many of the words its frequency list holds.
    var knownWords: [Int] = []
    /// Whether the range was taken for the default language unscored, its dictionary accepting every word (`SettledBlocks`).
    var settled = false

    public init(range: ByteRange, language: String, confidence: Double, hypotheses: [LanguageHypothesis]) {
        self.range = range
        self.language = language
        self.confidence = confidence
        self.hypotheses = hypotheses
    }
}

/// One candidate language and its probability.
public struct LanguageHypothesis: Sendable, Equatable {
    public var language: String
    public var confidence: Double

    public init(language: String, confidence: Double) {
        self.language = language
        self.confidence = confidence
    }
}

/// How finely a text is cut into ranges of one language.
public enum LanguageGranularity: String, Sendable, CaseIterable {
    /// The whole text is one range.
    case document
    /// Each paragraph is one range, cut at sentence boundaries where its sentences differ.
    case paragraph
    /// Each sentence is one range.
    case sentence
}
