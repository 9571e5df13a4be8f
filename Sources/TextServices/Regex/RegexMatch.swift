/// One match of a regular expression: the byte ranges of the whole match and of each capture group.
public struct RegexMatch: Hashable, Sendable {
    /// `groups[0]` is the whole match; `groups[n]` is group n, nil when it took no part in the match.
    public var groups: [ByteRange?]

    public init(groups: [ByteRange?]) {
        precondition(groups.first != nil && groups[0] != nil, "a match has a whole-match range")
        self.groups = groups
    }

    /// The whole match, in UTF-8 bytes of the text.
    public var range: ByteRange { groups[0]! }
}
