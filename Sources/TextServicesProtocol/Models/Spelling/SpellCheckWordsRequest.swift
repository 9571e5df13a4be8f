import TextServices

/// `spell.checkWords`: whether each of several words is correct, in one round trip.
///
/// Beyond the contract. The editor doors use it for what they judge word by
/// word (the parts of `camelCase` identifiers, the words of an ispell line).
/// `documentId` adds that document's ignored words. The answer names the
/// dictionaries that judged (`en` resolves to `en_US`), so `words: []`
/// checks that languages are usable.
public struct SpellCheckWordsRequest: TextServicesRequest {
    public static let method = "spell.checkWords"

    public var words: [String]
    public var language: String?
    public var languages: [String]?
    public var documentId: String?
    /// Also answer, for each correct word, the dictionary form it was accepted through.
    public var roots: Bool?

    public init(words: [String], languages: [String]? = nil, documentId: String? = nil, roots: Bool? = nil) {
        self.words = words
        self.languages = languages
        self.documentId = documentId
        self.roots = roots
    }

    public struct Response: Codable, Sendable, Equatable {
        /// One verdict per word, in the order asked.
        public var correct: [Bool]
        /// The tags of the dictionaries used, first one first.
        public var languages: [String]
        /// With `roots`: per word, the stem it was accepted through when that differs from the word (ispell's `+ ROOT`).
        public var roots: [String?]?
    }

    public func handle(_ context: RequestContext) throws -> Response {
        guard words.count <= context.limits.maximumResults else {
            throw ServiceError(code: -32004, message: "Too many words: \(words.count) (limit \(context.limits.maximumResults))",
                               data: ["limit": .int(context.limits.maximumResults)])
        }
        let checker = try context.spelling.checker(
            languages: try LanguageSelection(language: language, languages: languages).languages, documentId: documentId)
        let correct = words.map { checker.accepts($0) }
        let roots = roots == true ? zip(words, correct).map { word, correct in correct ? Self.root(of: word, in: checker) : nil } : nil
        return Response(correct: correct, languages: checker.dictionaries.map(\.tag.tag), roots: roots)
    }

    /// The stem Hunspell accepts a word through, when it differs from the word other than in case.
    static func root(of word: String, in checker: SpellChecker) -> String? {
        for dictionary in checker.dictionaries where dictionary.accepts(word) {
            guard let stem = dictionary.engine.stems(word).first else { return nil }
            return stem.lowercased() == word.lowercased() ? nil : stem
        }
        return nil
    }
}
