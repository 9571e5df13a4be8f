/// How a regular expression is compiled and matched, as NSRegularExpression's options are.
///
/// The first eight are the contract's names (`caseInsensitive`, `anchored`,
/// `multiline`, `dotAll`, `comments`, `literal`, `unicodeWordBoundaries`,
/// `errorOnUnknownEscapes`). The last two are NSRegularExpression's matching
/// options for searches inside a range: by default `^` and `$` match at the
/// range's ends and lookaround cannot see past them; `transparentBounds`
/// lets lookaround and `\b` see the text around the range, and
/// `withoutAnchoringBounds` stops `^` and `$` from matching at the range's
/// ends (unless those are the text's ends or line ends in multiline mode).
public struct RegexOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Letters match regardless of case (full Unicode case folding).
    public static let caseInsensitive = RegexOptions(rawValue: 1 << 0)
    /// Matches must start at the start of the range, and each further match where the previous one ended.
    public static let anchored = RegexOptions(rawValue: 1 << 1)
    /// `^` and `$` match at line starts and ends, not only at the text's.
    public static let multiline = RegexOptions(rawValue: 1 << 2)
    /// `.` matches line terminators too.
    public static let dotAll = RegexOptions(rawValue: 1 << 3)
    /// Whitespace and `#` comments in the pattern are ignored.
    public static let comments = RegexOptions(rawValue: 1 << 4)
    /// The whole pattern is literal text.
    public static let literal = RegexOptions(rawValue: 1 << 5)
    /// `\b` uses Unicode's word boundaries (UAX #29) instead of the simple word/non-word test.
    public static let unicodeWordBoundaries = RegexOptions(rawValue: 1 << 6)
    /// An escape of a letter that has no meaning (`\q`) is an error instead of the letter.
    public static let errorOnUnknownEscapes = RegexOptions(rawValue: 1 << 7)
    /// Lookaround and `\b` see the text outside the range.
    public static let transparentBounds = RegexOptions(rawValue: 1 << 8)
    /// `^` and `$` do not match at the range's ends merely because the range ends there.
    public static let withoutAnchoringBounds = RegexOptions(rawValue: 1 << 9)

    /// Every option with its wire name, in the contract's order.
    public static let named: [(name: String, option: RegexOptions)] = [
        ("caseInsensitive", .caseInsensitive), ("anchored", .anchored), ("multiline", .multiline),
        ("dotAll", .dotAll), ("comments", .comments), ("literal", .literal),
        ("unicodeWordBoundaries", .unicodeWordBoundaries), ("errorOnUnknownEscapes", .errorOnUnknownEscapes),
        ("transparentBounds", .transparentBounds), ("withoutAnchoringBounds", .withoutAnchoringBounds),
    ]

    /// The option a wire name stands for.
    public init?(name: String) {
        guard let entry = Self.named.first(where: { $0.name == name }) else { return nil }
        self = entry.option
    }

    /// The options ICU compiles into the pattern (the others apply when matching).
    var compileFlags: RegexFlags {
        var flags: RegexFlags = []
        if contains(.caseInsensitive) { flags.insert(.caseInsensitive) }
        if contains(.multiline) { flags.insert(.multiline) }
        if contains(.dotAll) { flags.insert(.dotAll) }
        if contains(.comments) { flags.insert(.comments) }
        if contains(.literal) { flags.insert(.literal) }
        if contains(.unicodeWordBoundaries) { flags.insert(.unicodeWordBoundaries) }
        if contains(.errorOnUnknownEscapes) { flags.insert(.errorOnUnknownEscapes) }
        return flags
    }
}
