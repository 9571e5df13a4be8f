extension RequestHandler {
    /// `regex.find` and `regex.replace`: ICU regular expressions, as NSRegularExpression offers them.
    ///
    /// Beyond the contract: `options` may also be a list of option names, and
    /// holds `transparentBounds` and `withoutAnchoringBounds` for searches in
    /// a range; `regex.find` answers `truncated: true` when the server's
    /// `maximumResults` stopped it with matches left (a caller's own `limit`
    /// never sets it). The server's `regexTimeLimitMilliseconds` bounds each
    /// request (-32003).
    static func regexMethods(_ services: Services) -> [String: Method] {
        let limits = services.limits
        return [
            "regex.find": { params, _ in
                let text = try params.text()
                let range = try params.optionalRange(in: text)
                let regex = try regularExpression(params)
                let requested = try params.optionalCount("limit")
                let backwards = try params.bool("backwards", default: false)
                let found = try regex.matches(in: text, range: range, limit: min(requested ?? Int.max, limits.maximumResults),
                                              backwards: backwards, timeLimitMilliseconds: limits.regexTimeLimitMilliseconds)
                var encoder = OffsetEncoder(text, as: params.encoding)
                let names = regex.namedGroups
                let matches: [JSONValue] = found.matches.map { match in
                    let groups: [JSONValue] = match.groups.map { range in
                        range.map { .range(encoder.encode($0)) } ?? .null
                    }
                    var entry: JSONObject = ["range": groups[0], "groups": .array(groups)]
                    if !names.isEmpty {
                        var named = JSONObject()
                        for (name, number) in names { named[name] = groups[number] }
                        entry["names"] = .object(named)
                    }
                    return .object(entry)
                }
                var result: JSONObject = ["matches": .array(matches)]
                if found.hasMore, requested.map({ $0 > limits.maximumResults }) ?? true { result["truncated"] = true }
                return .object(result)
            },
            "regex.replace": { params, _ in
                let text = try params.text()
                let range = try params.optionalRange(in: text)
                let regex = try regularExpression(params)
                let template = try ReplacementTemplate(try params.string("template"), for: regex)
                let replaced = try regex.replacing(in: text, with: template, range: range, limit: try params.optionalCount("limit"),
                                                   timeLimitMilliseconds: limits.regexTimeLimitMilliseconds,
                                                   maximumBytes: limits.maximumTextBytes * 4)
                return ["text": .string(replaced.text), "count": .int(replaced.count)]
            },
        ]
    }

    /// The compiled `pattern` with its `options`.
    private static func regularExpression(_ params: Params) throws(ServiceError) -> RegularExpression {
        let pattern = try params.string("pattern")
        return try RegularExpression(pattern, options: try regexOptions(params), positionEncoding: params.encoding)
    }

    /// `options`: an object of booleans by option name, or a list of option names.
    private static func regexOptions(_ params: Params) throws(ServiceError) -> RegexOptions {
        guard params.has("options") else { return [] }
        var options: RegexOptions = []
        let known = RegexOptions.named.map(\.name).joined(separator: ", ")
        switch params.object["options"]! {
        case .object(let object):
            for (name, value) in object {
                guard let option = RegexOptions(name: name) else {
                    throw .invalidParams(field: "options.\(name)", "is not an option (known: \(known))")
                }
                guard let enabled = value.boolValue else {
                    throw .invalidParams(field: "options.\(name)", "must be a boolean, not \(value.typeName)")
                }
                if enabled { options.insert(option) }
            }
        case .array(let names):
            for value in names {
                guard let name = value.stringValue, let option = RegexOptions(name: name) else {
                    throw .invalidParams(field: "options", "must hold option names (known: \(known))")
                }
                options.insert(option)
            }
        default:
            throw .invalidParams(field: "options", "must be an object of booleans or a list of option names")
        }
        return options
    }
}
