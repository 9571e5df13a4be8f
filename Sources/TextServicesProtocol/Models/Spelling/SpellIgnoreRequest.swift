import TextServices

/// `spell.ignore`: a word counts as correct in one document's checks until the document closes.
public struct SpellIgnoreRequest: TextServicesRequest {
    public static let method = "spell.ignore"

    public var word: String
    public var documentId: String

    public init(word: String, documentId: String) {
        self.word = word
        self.documentId = documentId
    }

    public func handle(_ context: RequestContext) throws -> EmptyResponse {
        try context.spelling.ignore(word, documentId: documentId)
        return EmptyResponse()
    }
}

/// `spell.ignored`: the words a document ignores, sorted.
public struct SpellIgnoredRequest: TextServicesRequest {
    public static let method = "spell.ignored"

    public var documentId: String

    public init(documentId: String) {
        self.documentId = documentId
    }

    public struct Response: Codable, Sendable, Equatable {
        public var words: [String]
    }

    public func handle(_ context: RequestContext) -> Response {
        Response(words: context.spelling.ignoredWords(documentId: documentId))
    }
}

/// `spell.closeDocument`: forgets a document's ignored words.
public struct SpellCloseDocumentRequest: TextServicesRequest {
    public static let method = "spell.closeDocument"

    public var documentId: String

    public init(documentId: String) {
        self.documentId = documentId
    }

    public func handle(_ context: RequestContext) -> EmptyResponse {
        context.spelling.closeDocument(documentId)
        return EmptyResponse()
    }
}
