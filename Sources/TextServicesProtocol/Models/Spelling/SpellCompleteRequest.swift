/// `spell.complete`: words that complete a prefix (`prefix`, or the text of `range` in `text`), most likely first, in the prefix's case.
public struct SpellCompleteRequest: TextServicesRequest {
    public static let method = "spell.complete"

    public var prefix: String?
    public var text: String?
    public var range: WireRange?
    public var language: String?
    public var languages: [String]?
    public var limit: Int?
    /// With `language: "auto"`: the languages to choose among.
    public var candidates: [String]?

    public init(prefix: String, languages: [String]? = nil, limit: Int? = nil) {
        self.prefix = prefix
        self.languages = languages
        self.limit = limit
    }

    public struct Response: Codable, Sendable, Equatable {
        public var completions: [String]
        /// With `language: "auto"`: the language detected and used.
        public var language: String?
    }

    public func handle(_ context: RequestContext) throws -> Response {
        let prefix = try Validation.wordOrTextRange(prefix, text: text, range: range, key: "prefix", context: context)
        let spelling = context.spelling
        let limit = try Validation.count(self.limit, field: "limit") ?? 10
        if let auto = try AutoLanguage.candidates(language: language, languages: languages, candidates: candidates) {
            let detected = try AutoLanguage.language(word: prefix, text: text, range: range, candidates: auto, context: context)
            let checker = try spelling.checker(languages: [detected])
            return Response(completions: spelling.completions(for: prefix, checker: checker, limit: limit), language: detected)
        }
        let checker = try spelling.checker(languages: try LanguageSelection(language: language, languages: languages).languages)
        return Response(completions: spelling.completions(for: prefix, checker: checker, limit: limit))
    }
}
