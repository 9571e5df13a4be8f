import TextServices

/// `regex.replace`: the text with the matches replaced by a template's expansion (`$1`, `${name}`, `\$`).
public struct RegexReplaceRequest: TextServicesRequest {
    public static let method = "regex.replace"

    public var pattern: String
    public var text: String
    public var template: String
    public var options: WireRegexOptions?
    public var range: WireRange?
    public var limit: Int?

    public init(pattern: String, text: String, template: String, options: RegexOptions = [], limit: Int? = nil) {
        self.pattern = pattern
        self.text = text
        self.template = template
        self.options = options.isEmpty ? nil : WireRegexOptions(options)
        self.limit = limit
    }

    public struct Response: Codable, Sendable, Equatable {
        public var text: String
        public var count: Int
    }

    public func handle(_ context: RequestContext) throws -> Response {
        let buffer = try context.text(text)
        let range = try context.positions(in: buffer).range(self.range, field: "range")
        let regex = try RegexParams.regularExpression(pattern, options: options, encoding: context.encoding)
        let replacement = try ReplacementTemplate(template, for: regex)
        let replaced = try regex.replacing(in: buffer, with: replacement, range: range,
                                           limit: try Validation.count(limit, field: "limit"),
                                           timeLimitMilliseconds: context.limits.regexTimeLimitMilliseconds,
                                           maximumBytes: context.limits.maximumTextBytes * 4)
        return Response(text: replaced.text, count: replaced.count)
    }
}
