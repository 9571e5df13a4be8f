import TextServices

/// `text.language`: which language each part of a text is in, as NLLanguageRecognizer and NLTagger say.
///
/// Candidates default to the languages of the loadable dictionaries (one
/// per language); `hints` weigh them; `granularity` (default `paragraph`)
/// says how finely to cut; `maximum` (default 3) caps each range's
/// hypotheses. Text without letters gets no range.
public struct TextLanguageRequest: TextServicesRequest {
    public static let method = "text.language"

    public var text: String
    public var candidates: [String]?
    public var hints: [String: Double]?
    public var granularity: String?
    public var maximum: Int?
    public var range: WireRange?

    public init(text: String, candidates: [String]? = nil, hints: [String: Double]? = nil,
                granularity: LanguageGranularity? = nil, maximum: Int? = nil) {
        self.text = text
        self.candidates = candidates
        self.hints = hints
        self.granularity = granularity?.rawValue
        self.maximum = maximum
    }

    public struct Response: Codable, Sendable, Equatable {
        public var ranges: [WireLanguageRange]
    }

    public func handle(_ context: RequestContext) throws -> Response {
        let buffer = try context.text(text)
        let positions = context.positions(in: buffer)
        let range = try positions.range(self.range, field: "range")
        let granularity = try Self.granularity(self.granularity)
        let maximum = try Validation.count(self.maximum, field: "maximum") ?? 3
        guard maximum > 0 else { throw ServiceError.invalidParams(field: "maximum", "must be at least 1") }
        let found = try context.languages.identify(buffer, range: range, candidates: candidates,
                                                             hints: hints ?? [:], granularity: granularity, maximum: maximum)
        var encoder = positions.sequentialEncoder()
        return Response(ranges: found.map { WireLanguageRange($0, range: encoder.wire($0.range)) })
    }

    /// The granularity a wire name gives (nil: paragraph); -32602 for another name.
    static func granularity(_ name: String?) throws(ServiceError) -> LanguageGranularity {
        guard let name else { return .paragraph }
        guard let granularity = LanguageGranularity(rawValue: name) else {
            throw .invalidParams(field: "granularity", "must be one of document, paragraph, sentence")
        }
        return granularity
    }
}

/// A range of one language as the wire carries it.
public struct WireLanguageRange: Codable, Sendable, Equatable {
    public var range: WireRange
    public var language: String
    public var confidence: Double
    public var hypotheses: [WireLanguageHypothesis]

    public init(range: WireRange, language: String, confidence: Double, hypotheses: [WireLanguageHypothesis]) {
        self.range = range
        self.language = language
        self.confidence = confidence
        self.hypotheses = hypotheses
    }

    init(_ found: LanguageRange, range: WireRange) {
        self.range = range
        self.language = found.language
        self.confidence = found.confidence
        self.hypotheses = found.hypotheses.map { WireLanguageHypothesis(language: $0.language, confidence: $0.confidence) }
    }
}

/// One hypothesis of a `WireLanguageRange`.
public struct WireLanguageHypothesis: Codable, Sendable, Equatable {
    public var language: String
    public var confidence: Double

    public init(language: String, confidence: Double) {
        self.language = language
        self.confidence = confidence
    }
}
