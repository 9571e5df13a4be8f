import TextServices

/// `spell.learn`: adds a word to the user's personal dictionary for a language; it is on disk when this answers.
public struct SpellLearnRequest: TextServicesRequest {
    public static let method = "spell.learn"
    public static let changesSharedState = true

    public var word: String
    public var language: String?

    public init(word: String, language: String? = nil) {
        self.word = word
        self.language = language
    }

    public func handle(_ context: RequestContext) throws -> EmptyResponse {
        try context.spelling.learn(word, language: language)
        return EmptyResponse()
    }
}

/// `spell.unlearn`: removes a learned word; the change is on disk when this answers.
public struct SpellUnlearnRequest: TextServicesRequest {
    public static let method = "spell.unlearn"
    public static let changesSharedState = true

    public var word: String
    public var language: String?

    public init(word: String, language: String? = nil) {
        self.word = word
        self.language = language
    }

    public func handle(_ context: RequestContext) throws -> EmptyResponse {
        try context.spelling.unlearn(word, language: language)
        return EmptyResponse()
    }
}

/// `spell.learned`: the learned words of a language, sorted.
public struct SpellLearnedRequest: TextServicesRequest {
    public static let method = "spell.learned"

    public var language: String?

    public init(language: String? = nil) {
        self.language = language
    }

    public struct Response: Codable, Sendable, Equatable {
        public var words: [String]
    }

    public func handle(_ context: RequestContext) throws -> Response {
        Response(words: try context.spelling.learnedWords(language: language))
    }
}
