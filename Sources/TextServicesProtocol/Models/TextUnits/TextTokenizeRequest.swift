import TextServices

/// `text.tokenize`: the units of a granularity in a text (UITextInputTokenizer's units).
///
/// Beyond the contract: `limit` (the answer says `truncated: true` when more
/// tokens were left; the server's `maximumResults` caps every answer), and
/// `compact: true` for a smaller answer `{ranges: [start, end, ...], kinds?}`
/// (the CLI uses it; a million tokens encode several times faster).
public struct TextTokenizeRequest: TextServicesRequest {
    public static let method = "text.tokenize"

    public var text: String
    public var granularity: String
    public var locale: String?
    /// For sentences: false keeps every ICU boundary, even behind an abbreviation, ordinal or initial (default true).
    public var abbreviations: Bool?
    public var range: WireRange?
    public var wordsOnly: Bool?
    public var limit: Int?
    public var compact: Bool?

    public init(text: String, granularity: Granularity, locale: String? = nil, wordsOnly: Bool? = nil,
                limit: Int? = nil, compact: Bool? = nil, abbreviations: Bool? = nil) {
        self.abbreviations = abbreviations
        self.text = text
        self.granularity = granularity.rawValue
        self.locale = locale
        self.wordsOnly = wordsOnly
        self.limit = limit
        self.compact = compact
    }

    public struct Response: Codable, Sendable, Equatable {
        public var tokens: [WireToken]?
        /// With `compact`: each token's start and end, flattened.
        public var ranges: [Int]?
        /// With `compact`, for words: each token's kind.
        public var kinds: [String]?
        public var truncated: Bool?

        public init(tokens: [WireToken]?, ranges: [Int]?, kinds: [String]?, truncated: Bool?) {
            self.tokens = tokens
            self.ranges = ranges
            self.kinds = kinds
            self.truncated = truncated
        }
    }

    public func handle(_ context: RequestContext) throws -> Response {
        let buffer = try context.text(text)
        let positions = context.positions(in: buffer)
        let range = try positions.range(self.range, field: "range")
        let tokenizer = try TextUnitParams.tokenizer(granularity: granularity, locale: locale, abbreviations: abbreviations,
                                                       context: context)
        let limit = context.resultLimit(try Validation.count(self.limit, field: "limit"))
        let compact = compact ?? false
        var encoder = positions.sequentialEncoder()
        var tokens: [WireToken] = []
        var ranges: [Int] = []
        var kinds: [String] = []
        var count = 0
        var truncated = false
        try tokenizer.forEachToken(in: buffer, range: range, wordsOnly: wordsOnly ?? false) { token in
            guard count < limit else {
                truncated = true
                return false
            }
            count += 1
            let wire = encoder.wire(token.range)
            if compact {
                ranges.append(wire.start)
                ranges.append(wire.end)
                if let kind = token.kind { kinds.append(kind.rawValue) }
            } else {
                tokens.append(WireToken(range: wire, kind: token.kind?.rawValue))
            }
            return true
        }
        return Response(tokens: compact ? nil : tokens, ranges: compact ? ranges : nil,
                        kinds: compact && tokenizer.granularity == .word ? kinds : nil, truncated: truncated ? true : nil)
    }
}
