/// `spell.guesses`: guesses for a word (`word`, or the text of `range` in `text`), most likely first.
public struct SpellGuessesRequest: TextServicesRequest {
    public static let method = "spell.guesses"

    public var word: String?
    public var text: String?
    public var range: WireRange?
    public var language: String?
    public var languages: [String]?
    public var limit: Int?
    /// Whether to answer the first guess's `margin` too.
    public var margin: Bool?
    /// With `language: "auto"`: the languages to choose among.
    public var candidates: [String]?
    /// The ranker's guesses alone, without Hunspell's slow suggest (a whole-repository run); the first guess is unchanged.
    public var quick: Bool?

    public init(word: String, languages: [String]? = nil, limit: Int? = nil, margin: Bool? = nil, quick: Bool? = nil) {
        self.word = word
        self.languages = languages
        self.limit = limit
        self.margin = margin
        self.quick = quick
    }

    public struct Response: Codable, Sendable, Equatable {
        public var guesses: [String]
        /// How far the first guess's score leads the next candidate's (`GuessConfidence`), when asked and the ranker is sure of it.
        public var margin: Double?
        /// With `language: "auto"`: the language detected and used.
        public var language: String?
    }

    public func handle(_ context: RequestContext) throws -> Response {
        let word = try Validation.wordOrTextRange(word, text: text, range: range, key: "word", context: context)
        let spelling = context.spelling
        let limit = try Validation.count(self.limit, field: "limit") ?? 10
        var detected: String?
        let languages: [String]?
        if let auto = try AutoLanguage.candidates(language: language, languages: self.languages, candidates: candidates) {
            let tag = try AutoLanguage.language(word: word, text: text, range: range, candidates: auto, context: context)
            detected = tag
            languages = [tag]
        } else {
            languages = try LanguageSelection(language: language, languages: self.languages).languages
        }
        let checker = try spelling.checker(languages: languages)
        let guesses = spelling.guesses(for: word, checker: checker, limit: limit, quick: quick == true)
        guard margin == true, let confidence = spelling.guessConfidence(for: word, checker: checker),
              confidence.guess == guesses.first else { return Response(guesses: guesses, language: detected) }
        return Response(guesses: guesses, margin: confidence.margin, language: detected)
    }
}
