import OrderedCollections
import TextServices

/// `regex.find`: the matches of an ICU regular expression, as NSRegularExpression finds them.
///
/// Beyond the contract: `options` may also be a list of option names and
/// holds `transparentBounds` and `withoutAnchoringBounds` for searches in a
/// range; the answer says `truncated: true` when the server's
/// `maximumResults` stopped it with matches left (a caller's own `limit`
/// never sets it). The server's `regexTimeLimitMilliseconds` bounds each
/// request (-32003).
public struct RegexFindRequest: TextServicesRequest {
    public static let method = "regex.find"

    public var pattern: String
    public var text: String
    public var options: WireRegexOptions?
    public var range: WireRange?
    public var limit: Int?
    public var backwards: Bool?

    public init(pattern: String, text: String, options: RegexOptions = [], limit: Int? = nil, backwards: Bool? = nil) {
        self.pattern = pattern
        self.text = text
        self.options = options.isEmpty ? nil : WireRegexOptions(options)
        self.limit = limit
        self.backwards = backwards
    }

    public struct Response: Codable, Sendable, Equatable {
        public var matches: [Match]
        public var truncated: Bool?
    }

    public struct Match: Codable, Sendable, Equatable {
        public var range: WireRange
        /// `groups[0]` is the whole match; a group that took no part is null.
        public var groups: [WireRange?]
        /// The named groups' ranges, by name.
        public var names: OrderedDictionary<String, WireRange?>?

        enum CodingKeys: String, CodingKey { case range, groups, names }

        public init(range: WireRange, groups: [WireRange?], names: OrderedDictionary<String, WireRange?>?) {
            self.range = range
            self.groups = groups
            self.names = names
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            range = try container.decode(WireRange.self, forKey: .range)
            groups = try container.decode([WireRange?].self, forKey: .groups)
            if container.contains(.names) {
                let named = try container.nestedContainer(keyedBy: JSONKey.self, forKey: .names)
                var names = OrderedDictionary<String, WireRange?>()
                for key in named.allKeys { names[key.stringValue] = try named.decodeIfPresent(WireRange.self, forKey: key) }
                self.names = names
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(range, forKey: .range)
            var list = container.nestedUnkeyedContainer(forKey: .groups)
            for group in groups {
                if let group { try list.encode(group) } else { try list.encodeNil() }
            }
            if let names {
                var named = container.nestedContainer(keyedBy: JSONKey.self, forKey: .names)
                for (name, range) in names {
                    if let range { try named.encode(range, forKey: JSONKey(name)) } else { try named.encodeNil(forKey: JSONKey(name)) }
                }
            }
        }
    }

    public func handle(_ context: RequestContext) throws -> Response {
        let buffer = try context.text(text)
        let positions = context.positions(in: buffer)
        let range = try positions.range(self.range, field: "range")
        let regex = try RegexParams.regularExpression(pattern, options: options, encoding: context.encoding)
        let requested = try Validation.count(limit, field: "limit")
        let ceiling = context.limits.maximumResults
        let found = try regex.matches(in: buffer, range: range, limit: min(requested ?? Int.max, ceiling),
                                      backwards: backwards ?? false,
                                      timeLimitMilliseconds: context.limits.regexTimeLimitMilliseconds)
        var encoder = positions.sequentialEncoder()
        let named = regex.namedGroups
        let matches = found.matches.map { match in
            let groups = match.groups.map { range in range.map { encoder.wire($0) } }
            var names: OrderedDictionary<String, WireRange?>?
            if !named.isEmpty {
                var table = OrderedDictionary<String, WireRange?>()
                for (name, number) in named { table[name] = .some(groups[number]) }
                names = table
            }
            return Match(range: groups[0]!, groups: groups, names: names)
        }
        let truncated = found.hasMore && (requested.map { $0 > ceiling } ?? true)
        return Response(matches: matches, truncated: truncated ? true : nil)
    }
}
