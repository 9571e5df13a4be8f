extension RequestHandler {
    /// `text.tokenize`, `text.boundary` and `text.enclosing`: UITextInputTokenizer's queries.
    ///
    /// Beyond the contract: `text.tokenize` takes `limit` and answers
    /// `truncated: true` when more tokens were left (the server's
    /// `maximumResults` caps every answer), and `compact: true` for a
    /// smaller answer `{ranges: [start, end, start, end...], kinds?: [kind...]}`
    /// (the CLI uses it; a million tokens encode several times faster);
    /// `text.boundary` and
    /// `text.enclosing` take `range` and `wordsOnly` as `text.tokenize` does;
    /// `text.boundary` also answers `atBoundary` and `withinUnit` for the
    /// position in the given direction; `text.enclosing` takes an optional
    /// `direction` and answers the unit's `kind`.
    static func textUnitMethods(_ services: Services) -> [String: Method] {
        let ceiling = services.limits.maximumResults
        return [
            "text.tokenize": { params, _ in
                let text = try params.text()
                let range = try params.optionalRange(in: text)
                let tokenizer = try tokenizer(params)
                let wordsOnly = try params.bool("wordsOnly", default: false)
                let limit = min(try params.optionalCount("limit") ?? ceiling, ceiling)
                let compact = try params.bool("compact", default: false)
                var encoder = OffsetEncoder(text, as: params.encoding)
                var tokens: [JSONValue] = []
                var ranges: [JSONValue] = []
                var kinds: [JSONValue] = []
                var count = 0
                var truncated = false
                try tokenizer.forEachToken(in: text, range: range, wordsOnly: wordsOnly) { token in
                    guard count < limit else {
                        truncated = true
                        return false
                    }
                    count += 1
                    if compact {
                        let encoded = encoder.encode(token.range)
                        ranges.append(.int(encoded.start))
                        ranges.append(.int(encoded.end))
                        if let kind = token.kind { kinds.append(.string(kind.rawValue)) }
                    } else {
                        tokens.append(tokenJSON(token, &encoder))
                    }
                    return true
                }
                var result: JSONObject = [:]
                if compact {
                    result["ranges"] = .array(ranges)
                    if tokenizer.granularity == .word { result["kinds"] = .array(kinds) }
                } else {
                    result["tokens"] = .array(tokens)
                }
                if truncated { result["truncated"] = true }
                return .object(result)
            },
            "text.boundary": { params, _ in
                let text = try params.text()
                let range = try params.optionalRange(in: text)
                let position = try position(params, in: text, range: range)
                let direction = try direction(params, required: true)!
                let tokenizer = try tokenizer(params)
                let wordsOnly = try params.bool("wordsOnly", default: false)
                let boundary = try tokenizer.boundary(from: position, direction: direction, in: text,
                                                      range: range, wordsOnly: wordsOnly)
                let atBoundary = try tokenizer.isAtBoundary(position, direction: direction, in: text,
                                                            range: range, wordsOnly: wordsOnly)
                let withinUnit = try tokenizer.isWithinUnit(position, direction: direction, in: text,
                                                            range: range, wordsOnly: wordsOnly)
                return [
                    "position": boundary.map { .int(text.encode($0, as: params.encoding)) } ?? .null,
                    "atBoundary": .bool(atBoundary),
                    "withinUnit": .bool(withinUnit),
                ]
            },
            "text.enclosing": { params, _ in
                let text = try params.text()
                let range = try params.optionalRange(in: text)
                let position = try position(params, in: text, range: range)
                let direction = try direction(params, required: false)
                let tokenizer = try tokenizer(params)
                let wordsOnly = try params.bool("wordsOnly", default: false)
                guard let unit = try tokenizer.enclosingUnit(at: position, direction: direction, in: text,
                                                             range: range, wordsOnly: wordsOnly) else {
                    return ["range": .null]
                }
                var encoder = OffsetEncoder(text, as: params.encoding)
                return tokenJSON(unit, &encoder)
            },
        ]
    }

    /// `{range, kind?}` for a token.
    private static func tokenJSON(_ token: Token, _ encoder: inout OffsetEncoder) -> JSONValue {
        let range = encoder.encode(token.range)
        let rangeValue: JSONValue = ["start": .int(range.start), "end": .int(range.end)]
        if let kind = token.kind { return ["range": rangeValue, "kind": .string(kind.rawValue)] }
        return ["range": rangeValue]
    }

    /// The tokenizer `granularity` and `locale` ask for.
    private static func tokenizer(_ params: Params) throws(ServiceError) -> Tokenizer {
        let name = try params.string("granularity")
        guard let granularity = Granularity(name: name) else {
            let names = Granularity.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidParams(field: "granularity", "must be one of \(names), not \"\(name)\"")
        }
        return try Tokenizer(granularity: granularity, locale: try params.optionalString("locale") ?? "")
    }

    /// `position`, which must lie inside `range` when one is given.
    private static func position(_ params: Params, in text: TextBuffer, range: ByteRange?) throws(ServiceError) -> UTF8Offset {
        let position = try params.position("position", in: text)
        if let range, position < range.lowerBound || position > range.upperBound {
            throw .invalidPosition(field: "position", "is outside 'range'")
        }
        return position
    }

    /// `direction`: "forward" or "backward".
    private static func direction(_ params: Params, required: Bool) throws(ServiceError) -> StorageDirection? {
        guard required || params.has("direction") else { return nil }
        let name = try params.string("direction")
        guard let direction = StorageDirection(rawValue: name.lowercased()) else {
            throw .invalidParams(field: "direction", "must be \"forward\" or \"backward\", not \"\(name)\"")
        }
        return direction
    }
}
