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
    /// With `language: "auto"`: the languages to choose among (default: every loadable dictionary's language).
    public var candidates: [String]?
    /// The text itself, for a client in this process (`TextServicesClient.handlesTextInProcess`): when set,
    /// `text` is ignored and `range` usually names the part to check, so a large document is neither copied
    /// nor validated again per piece. It never travels: encoding the request writes its text as `text`.
    public var buffer: TextBuffer?
    /// With `buffer`: the bytes of it that are this request's text, when that is a piece of it (nil: all of it).
    ///
    /// A client sends a large document to a daemon as pieces of its one buffer: each piece's bytes are written
    /// straight into its request line, with no copy of its own. The bounds must fall between scalars.
    public var bufferPiece: Range<Int>?

    enum CodingKeys: String, CodingKey {
        case text, language, languages, range, startingAt, wrap, limit, documentId, guesses, candidates
    }

    /// A request over a buffer this process holds (see `buffer`).
    public init(buffer: TextBuffer, languages: [String]? = nil, range: WireRange? = nil, documentId: String? = nil) {
        self.init(text: "", languages: languages, range: range, documentId: documentId)
        self.buffer = buffer
    }

    /// A request whose text is `piece` of a buffer this process holds (see `bufferPiece`).
    public init(piece: Range<Int>, of buffer: TextBuffer, languages: [String]? = nil, documentId: String? = nil) {
        self.init(buffer: buffer, languages: languages, documentId: documentId)
        bufferPiece = piece
    }

    /// The bytes of the request's text when it has a buffer.
    var bufferBytes: ArraySlice<UInt8>? {
        buffer.map { $0.bytes[bufferPiece ?? 0..<$0.byteCount] }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bufferBytes.map { String(decoding: $0, as: UTF8.self) } ?? text, forKey: .text)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeIfPresent(languages, forKey: .languages)
        try container.encodeIfPresent(range, forKey: .range)
        try container.encodeIfPresent(startingAt, forKey: .startingAt)
        try container.encodeIfPresent(wrap, forKey: .wrap)
        try container.encodeIfPresent(limit, forKey: .limit)
        try container.encodeIfPresent(documentId, forKey: .documentId)
        try container.encodeIfPresent(guesses, forKey: .guesses)
        try container.encodeIfPresent(candidates, forKey: .candidates)
    }

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
        /// With `language: "auto"`: the dictionary that rejected the word.
        public var language: String?
        /// With `language: "auto"`: other candidates whose dictionaries accept the word.
        public var alsoIn: [String]?
    }

    public func handle(_ context: RequestContext) throws -> Response {
        let buffer: TextBuffer
        if let given = self.buffer {
            let bytes = bufferPiece.map { given.bytes[$0].count } ?? given.byteCount
            guard bytes <= context.limits.maximumTextBytes else {
                throw ServiceError.tooLarge("'text'", limit: context.limits.maximumTextBytes)
            }
            buffer = bufferPiece.map { TextBuffer(validatedBytes: Array(given.bytes[$0])) } ?? given
        } else {
            buffer = try context.text(text)
        }
        let positions = context.positions(in: buffer)
        let range = try positions.range(self.range, field: "range")
        let start = try startingAt.map { value throws(ServiceError) in try positions.offset(value, field: "startingAt") }
        if let range, let start, !range.contains(start), start != range.upperBound {
            throw ServiceError.invalidPosition(field: "startingAt", "is outside 'range'")
        }
        let limit = try Validation.count(self.limit, field: "limit")
        let guessLimit = guesses?.count ?? 0
        let spelling = context.spelling
        if let candidates = try AutoLanguage.candidates(language: language, languages: languages, candidates: candidates) {
            let result = try context.languages.check(buffer, range: range, candidates: candidates.list,
                                                              documentId: documentId, startingAt: start, wrap: wrap ?? false,
                                                              limit: limit)
            var encoder = positions.sequentialEncoder()
            let misspellings = try result.misspellings.map { found in
                let guesses = guessLimit > 0
                    ? spelling.guesses(for: found.misspelling.word, checker: try spelling.checker(languages: [found.language]),
                                       limit: guessLimit)
                    : nil
                return Misspelling(range: encoder.wire(found.misspelling.range), word: found.misspelling.word, guesses: guesses,
                                   language: found.language, alsoIn: found.alsoIn.isEmpty ? nil : found.alsoIn)
            }
            return Response(misspellings: misspellings, wordCount: result.wordCount)
        }
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
