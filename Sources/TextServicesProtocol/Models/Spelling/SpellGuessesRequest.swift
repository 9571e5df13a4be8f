/// `spell.guesses`: guesses for a word (`word`, or the text of `range` in `text`), most likely first.
public struct SpellGuessesRequest: TextServicesRequest {
    public static let method = "spell.guesses"

    public var word: String?
    public var text: String?
    public var range: WireRange?
    public var language: String?
    public var languages: [String]?
    public var limit: Int?
    /// With `language: "auto"`: the languages to choose among.
    public var candidates: [String]?

    public init(word: String, languages: [String]? = nil, limit: Int? = nil) {
        self.word = word
        self.languages = languages
        self.limit = limit
    }

    public struct Response: Codable, Sendable, Equatable {
        public var guesses: [String]
        /// With `language: "auto"`: the language detected and used.
        public var language: String?
    }

    public func handle(_ context: RequestContext) throws -> Response {
        let word = try Validation.wordOrTextRange(word, text: text, range: range, key: "word", context: context)
        let spelling = context.services.spelling
        let limit = try Validation.count(self.limit, field: "limit") ?? 10
        if let auto = try AutoLanguage.candidates(language: language, languages: languages, candidates: candidates) {
            let detected = try AutoLanguage.language(word: word, text: text, range: range, candidates: auto, context: context)
            let checker = try spelling.checker(languages: [detected])
            return Response(guesses: spelling.guesses(for: word, checker: checker, limit: limit), language: detected)
        }
        let checker = try spelling.checker(languages: try LanguageSelection(language: language, languages: languages).languages)
        return Response(guesses: spelling.guesses(for: word, checker: checker, limit: limit))
    }
}
