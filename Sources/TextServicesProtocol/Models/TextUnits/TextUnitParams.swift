import TextServices

/// Reading the params the text-unit methods share: the granularity, the locale, the direction and the position.
enum TextUnitParams {
    /// The tokenizer a `granularity` name, `locale` and `abbreviations` ask for.
    ///
    /// Sentences know the abbreviations, ordinals and initials of the
    /// locale's language (the server's default language without a locale)
    /// unless `abbreviations` is false.
    static func tokenizer(granularity name: String, locale: String?, abbreviations: Bool?,
                          context: RequestContext) throws -> Tokenizer {
        guard let granularity = Granularity(name: name) else {
            let names = Granularity.allCases.map(\.rawValue).joined(separator: ", ")
            throw ServiceError.invalidParams(field: "granularity", "must be one of \(names), not \"\(name)\"")
        }
        var data: SentenceAbbreviations?
        if granularity == .sentence, abbreviations ?? true {
            let language = locale.flatMap { $0.isEmpty ? nil : $0 } ?? context.services.configuration.defaultLanguage
            data = context.services.sentenceAbbreviations.abbreviations(for: language)
        }
        return try Tokenizer(granularity: granularity, locale: locale ?? "", sentenceAbbreviations: data)
    }

    /// `direction`: "forward" or "backward".
    static func direction(_ name: String?) throws(ServiceError) -> StorageDirection? {
        guard let name else { return nil }
        guard let direction = StorageDirection(rawValue: name.lowercased()) else {
            throw .invalidParams(field: "direction", "must be \"forward\" or \"backward\", not \"\(name)\"")
        }
        return direction
    }

    /// `position`, which must lie inside `range` when one is given.
    static func position(_ value: Int, in positions: TextPositions, range: ByteRange?) throws(ServiceError) -> UTF8Offset {
        let position = try positions.offset(value, field: "position")
        if let range, position < range.lowerBound || position > range.upperBound {
            throw .invalidPosition(field: "position", "is outside 'range'")
        }
        return position
    }
}

/// A token on the wire: `{range, kind?}`.
public struct WireToken: Codable, Sendable, Equatable {
    public var range: WireRange
    /// For words: `word`, `number`, `kana`, `ideo` or `other`.
    public var kind: String?

    public init(range: WireRange, kind: String?) {
        self.range = range
        self.kind = kind
    }
}
