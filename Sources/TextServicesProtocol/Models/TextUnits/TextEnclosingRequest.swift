import TextServices

/// `text.enclosing`: the unit that holds a position, or null.
///
/// Beyond the contract: `range`, `wordsOnly` and `direction` (which side of
/// the position to look at), and the unit's `kind` for words.
public struct TextEnclosingRequest: TextServicesRequest {
    public static let method = "text.enclosing"

    public var text: String
    public var position: Int
    public var granularity: String
    public var direction: String?
    public var locale: String?
    /// For sentences: false keeps every ICU boundary, even behind an abbreviation, ordinal or initial (default true).
    public var abbreviations: Bool?
    public var range: WireRange?
    public var wordsOnly: Bool?

    public init(text: String, position: Int, granularity: Granularity, direction: StorageDirection? = nil, locale: String? = nil) {
        self.text = text
        self.position = position
        self.granularity = granularity.rawValue
        self.direction = direction?.rawValue
        self.locale = locale
    }

    public struct Response: Codable, Sendable, Equatable {
        /// The unit, or null when the position is in none.
        public var range: WireRange?
        public var kind: String?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(range, forKey: .range)
            try container.encodeIfPresent(kind, forKey: .kind)
        }
    }

    public func handle(_ context: RequestContext) throws -> Response {
        let buffer = try context.text(text)
        let positions = context.positions(in: buffer)
        let range = try positions.range(self.range, field: "range")
        let position = try TextUnitParams.position(self.position, in: positions, range: range)
        let direction = try TextUnitParams.direction(self.direction)
        let tokenizer = try TextUnitParams.tokenizer(granularity: granularity, locale: locale, abbreviations: abbreviations,
                                                       context: context)
        guard let unit = try tokenizer.enclosingUnit(at: position, direction: direction, in: buffer, range: range,
                                                     wordsOnly: wordsOnly ?? false) else {
            return Response(range: nil, kind: nil)
        }
        return Response(range: positions.wire(unit.range), kind: unit.kind?.rawValue)
    }
}
