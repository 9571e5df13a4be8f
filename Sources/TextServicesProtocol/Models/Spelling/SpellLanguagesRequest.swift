import TextServices

/// `spell.languages`: every dictionary the server can use, and where it comes from.
public struct SpellLanguagesRequest: ParameterlessRequest {
    public static let method = "spell.languages"

    public init() {}

    public struct Response: Codable, Sendable, Equatable {
        public var languages: [Language]
    }

    public struct Language: Codable, Sendable, Equatable {
        public var tag: String
        public var name: String?
        /// `bundled`, `user` or `system`.
        public var source: String
        /// The dictionary's `.dic` file.
        public var path: String
    }

    public func handle(_ context: RequestContext) -> Response {
        Response(languages: context.spelling.availableLanguages().map { info in
            Language(tag: info.tag.tag, name: LanguageNames.displayName(info.tag), source: info.source.rawValue, path: info.wordsPath)
        })
    }
}
