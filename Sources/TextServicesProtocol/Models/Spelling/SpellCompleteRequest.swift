/// `spell.complete`: words that complete a prefix (`prefix`, or the text of `range` in `text`), most likely first, in the prefix's case.
public struct SpellCompleteRequest: TextServicesRequest {
    public static let method = "spell.complete"

    public var prefix: String?
    public var text: String?
    public var range: WireRange?
    public var language: String?
    public var languages: [String]?
    public var limit: Int?

    public init(prefix: String, languages: [String]? = nil, limit: Int? = nil) {
        self.prefix = prefix
        self.languages = languages
        self.limit = limit
    }

    public struct Response: Codable, Sendable, Equatable {
        public var completions: [String]
    }

    public func handle(_ context: RequestContext) throws -> Response {
        let prefix = try Validation.wordOrTextRange(prefix, text: text, range: range, key: "prefix", context: context)
        let spelling = context.spelling
        let checker = try spelling.checker(languages: try LanguageSelection(language: language, languages: languages).languages)
        let limit = try Validation.count(self.limit, field: "limit") ?? 10
        return Response(completions: spelling.completions(for: prefix, checker: checker, limit: limit))
    }
}
