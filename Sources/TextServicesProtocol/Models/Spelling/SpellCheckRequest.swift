import TextServices

/// `spell.check`: the misspelled words of a text, as UITextChecker finds them.
///
/// `startingAt`, `wrap` and `limit: 1` give UITextChecker's
/// rangeOfMisspelledWord; `guesses` attaches guesses to each misspelling;
/// `documentId` adds that document's ignored words.
public struct SpellCheckRequest: TextServicesRequest {
    public static let method = "spell.check"

    public var text: String
    public var language: String?
    public var languages: [String]?
    public var range: WireRange?
    public var startingAt: Int?
    public var wrap: Bool?
    public var limit: Int?
    public var documentId: String?
    public var guesses: GuessCount?

    public init(text: String, languages: [String]? = nil, range: WireRange? = nil, startingAt: Int? = nil,
                wrap: Bool? = nil, limit: Int? = nil, documentId: String? = nil, guesses: GuessCount? = nil) {
        self.text = text
        self.languages = languages
        self.range = range
        self.startingAt = startingAt
        self.wrap = wrap
        self.limit = limit
        self.documentId = documentId
        self.guesses = guesses
    }

    public struct Response: Codable, Sendable, Equatable {
        public var misspellings: [Misspelling]
        /// The words examined.
        public var wordCount: Int
    }

    public struct Misspelling: Codable, Sendable, Equatable {
        public var range: WireRange
        public var word: String
        public var guesses: [String]?
    }

    public func handle(_ context: RequestContext) throws -> Response {
        let buffer = try context.text(text)
        let positions = context.positions(in: buffer)
        let range = try positions.range(self.range, field: "range")
        let start = try startingAt.map { value throws(ServiceError) in try positions.offset(value, field: "startingAt") }
        if let range, let start, !range.contains(start), start != range.upperBound {
            throw ServiceError.invalidPosition(field: "startingAt", "is outside 'range'")
        }
        let limit = try Validation.count(self.limit, field: "limit")
        let guessLimit = guesses?.count ?? 0
        let spelling = context.services.spelling
        let checker = try spelling.checker(languages: try LanguageSelection(language: language, languages: languages).languages,
                                           documentId: documentId)
        let result = checker.check(buffer, range: range, startingAt: start, wrap: wrap ?? false, limit: limit)
        var encoder = positions.sequentialEncoder()
        let misspellings = result.misspellings.map { found in
            Misspelling(range: encoder.wire(found.range), word: found.word,
                        guesses: guessLimit > 0 ? spelling.guesses(for: found.word, checker: checker, limit: guessLimit) : nil)
        }
        return Response(misspellings: misspellings, wordCount: result.wordCount)
    }
}
