extension RequestHandler {
    static func spellingMethods(_ services: Services) -> [String: Method] {
        let spelling = services.spelling
        return [
            "spell.languages": { _, _ in
                let languages: [JSONValue] = spelling.availableLanguages().map { info in
                    var entry: JSONObject = ["tag": .string(info.tag.tag)]
                    if let name = LanguageNames.displayName(info.tag) { entry["name"] = .string(name) }
                    entry["source"] = .string(info.source.rawValue)
                    entry["path"] = .string(info.wordsPath)
                    return .object(entry)
                }
                return ["languages": .array(languages)]
            },
            "spell.check": { params, _ in
                let text = try params.text()
                let range = try params.optionalRange(in: text)
                let startingAt = try params.optionalPosition("startingAt", in: text)
                if let range, let startingAt, !range.contains(startingAt), startingAt != range.upperBound {
                    throw ServiceError.invalidPosition(field: "startingAt", "is outside 'range'")
                }
                let wrap = try params.bool("wrap", default: false)
                let limit = try params.optionalCount("limit")
                let guessLimit = try guessCount(params)
                let checker = try spelling.checker(languages: try requestedLanguages(params),
                                                   documentId: try params.optionalString("documentId"))
                let result = checker.check(text, range: range, startingAt: startingAt, wrap: wrap, limit: limit)
                let misspellings: [JSONValue] = result.misspellings.map { misspelling in
                    var entry: JSONObject = [
                        "range": .range(text.encode(misspelling.range, as: params.encoding)),
                        "word": .string(misspelling.word),
                    ]
                    if guessLimit > 0 {
                        entry["guesses"] = .strings(spelling.guesses(for: misspelling.word, checker: checker, limit: guessLimit))
                    }
                    return .object(entry)
                }
                return ["misspellings": .array(misspellings), "wordCount": .int(result.wordCount)]
            },
            "spell.guesses": { params, _ in
                let word = try wordOrTextRange(params, key: "word")
                let checker = try spelling.checker(languages: try requestedLanguages(params))
                let limit = try params.optionalCount("limit") ?? 10
                return ["guesses": .strings(spelling.guesses(for: word, checker: checker, limit: limit))]
            },
            "spell.complete": { params, _ in
                let prefix = try wordOrTextRange(params, key: "prefix")
                let checker = try spelling.checker(languages: try requestedLanguages(params))
                let limit = try params.optionalCount("limit") ?? 10
                return ["completions": .strings(spelling.completions(for: prefix, checker: checker, limit: limit))]
            },
            "spell.ignore": { params, _ in
                let word = try params.string("word")
                try SpellingService.validateWord(word)
                try spelling.ignore(word, documentId: try params.string("documentId"))
                return [:]
            },
            "spell.ignored": { params, _ in
                ["words": .strings(spelling.ignoredWords(documentId: try params.string("documentId")))]
            },
            "spell.closeDocument": { params, _ in
                spelling.closeDocument(try params.string("documentId"))
                return [:]
            },
            "spell.learn": { params, _ in
                try spelling.learn(try params.string("word"), language: try params.optionalString("language"))
                return [:]
            },
            "spell.unlearn": { params, _ in
                try spelling.unlearn(try params.string("word"), language: try params.optionalString("language"))
                return [:]
            },
            "spell.learned": { params, _ in
                ["words": .strings(try spelling.learnedWords(language: try params.optionalString("language")))]
            },
        ]
    }

    /// `languages` (a list) or `language` (one tag), or nil for the default.
    static func requestedLanguages(_ params: Params) throws(ServiceError) -> [String]? {
        if let list = try params.optionalStringArray("languages") {
            guard !list.isEmpty else { throw .invalidParams(field: "languages", "must not be empty") }
            return list
        }
        if let one = try params.optionalString("language") {
            return one.split(separator: ",").map(String.init)
        }
        return nil
    }

    /// `guesses: true` (5 per word), a number (at most that many), or absent/false (none).
    static func guessCount(_ params: Params) throws(ServiceError) -> Int {
        guard params.has("guesses") else { return 0 }
        let value = params.object["guesses"]!
        if let flag = value.boolValue { return flag ? 5 : 0 }
        if let count = value.intValue, count >= 0 { return min(count, 100) }
        throw .invalidParams(field: "guesses", "must be a boolean or a non-negative integer")
    }

    /// A word given directly, or as `{text, range}`.
    static func wordOrTextRange(_ params: Params, key: String) throws(ServiceError) -> String {
        if params.has(key) { return try params.string(key) }
        guard params.has("text") else { throw .invalidParams(field: key, "is required (or give 'text' and 'range')") }
        let text = try params.text()
        let range = try params.range("range", in: text)
        return text.string(range)
    }
}
