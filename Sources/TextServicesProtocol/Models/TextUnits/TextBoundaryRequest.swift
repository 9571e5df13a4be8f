import TextServices

/// `text.boundary`: the next unit boundary strictly after (or before) a position.
///
/// Beyond the contract: `range` and `wordsOnly` as `text.tokenize` takes
/// them, and the answer's `atBoundary` and `withinUnit` for the position in
/// the given direction (UITextInputTokenizer's other two queries).
public struct TextBoundaryRequest: TextServicesRequest {
    public static let method = "text.boundary"

    public var text: String
    public var position: Int
    public var granularity: String
    public var direction: String
    public var locale: String?
    /// For sentences: false keeps every ICU boundary, even behind an abbreviation, ordinal or initial (default true).
    public var abbreviations: Bool?
    public var range: WireRange?
    public var wordsOnly: Bool?

    public init(text: String, position: Int, granularity: Granularity, direction: StorageDirection, locale: String? = nil) {
        self.text = text
        self.position = position
        self.granularity = granularity.rawValue
        self.direction = direction.rawValue
        self.locale = locale
    }

    public struct Response: Codable, Sendable, Equatable {
        /// The boundary, or null when none is left that way.
        public var position: Int?
        public var atBoundary: Bool
        public var withinUnit: Bool

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(position, forKey: .position)
            try container.encode(atBoundary, forKey: .atBoundary)
            try container.encode(withinUnit, forKey: .withinUnit)
        }
    }

    public func handle(_ context: RequestContext) throws -> Response {
        let buffer = try context.text(text)
        let positions = context.positions(in: buffer)
        let range = try positions.range(self.range, field: "range")
        let position = try TextUnitParams.position(self.position, in: positions, range: range)
        let direction = try TextUnitParams.direction(self.direction)!
        let tokenizer = try TextUnitParams.tokenizer(granularity: granularity, locale: locale, abbreviations: abbreviations,
                                                       context: context)
        let wordsOnly = wordsOnly ?? false
        let boundary = try tokenizer.boundary(from: position, direction: direction, in: buffer, range: range, wordsOnly: wordsOnly)
        return Response(
            position: boundary.map { positions.wire($0) },
            atBoundary: try tokenizer.isAtBoundary(position, direction: direction, in: buffer, range: range, wordsOnly: wordsOnly),
            withinUnit: try tokenizer.isWithinUnit(position, direction: direction, in: buffer, range: range, wordsOnly: wordsOnly))
    }
}
