/// How many guesses to attach to each misspelling: `true` (5), `false` (none) or a number (at most that, up to 100).
public struct GuessCount: Codable, Sendable, Equatable {
    public var count: Int

    public init(_ count: Int) {
        self.count = min(max(count, 0), 100)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            count = flag ? 5 : 0
        } else if let number = try? container.decode(Int.self), number >= 0 {
            count = min(number, 100)
        } else {
            throw ServiceError.invalidParams(field: JSONValueDecoder.fieldName(decoder.codingPath),
                                             "must be a boolean or a non-negative integer")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(count)
    }
}
