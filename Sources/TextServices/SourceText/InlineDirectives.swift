import Foundation

/// Spelling directives written in a file's own text (in a comment, or anywhere in prose), and what they hide.
///
/// Understood, in any file type, case-insensitively for the prefix:
///
/// - `textsvcd: ignore WORD...`, `cspell:ignore WORD...`, `cspell:words WORD...`:
///   the words are accepted in the whole file;
/// - `textsvcd: disable-next-line`, `cspell:disable-next-line`: the next line is not checked;
/// - `textsvcd: disable` … `textsvcd: enable` (and cspell's): the text between is not checked
///   (to the end of the file when no `enable` follows);
/// - `textsvcd: language de_DE`: the text after it, up to the next such directive, is checked in that
///   language (`textsvcd: language default` goes back to the door's languages).
///
/// `spell-checker:` and `spellchecker:` are taken for `cspell:`, as cspell
/// does. A directive's own text, from its prefix to the end of its line, is
/// never checked; one quoted as code (a backtick before it) is no directive.
/// Offsets are bytes of the text. A value; thread-safe.
public struct InlineDirectives: Sendable, Equatable {
    /// Words accepted in the whole file.
    public var words: [String] = []
    /// Byte ranges not to check: directives themselves, disabled lines and regions.
    public var hidden: [Range<Int>] = []
    /// Regions to check in another language, in order: the language tag and the byte range.
    public var languages: [(language: String, range: Range<Int>)] = []

    public static func == (lhs: InlineDirectives, rhs: InlineDirectives) -> Bool {
        lhs.words == rhs.words && lhs.hidden == rhs.hidden
            && lhs.languages.map(\.language) == rhs.languages.map(\.language) && lhs.languages.map(\.range) == rhs.languages.map(\.range)
    }

    /// Whether the text holds no directive at all.
    public var isEmpty: Bool { words.isEmpty && hidden.isEmpty && languages.isEmpty }

    public init() {}

    static let prefixes: [[UInt8]] = ["textsvcd:", "cspell:", "spell-checker:", "spellchecker:"].map { Array($0.utf8) }

    /// The directives of a text.
    public init(_ bytes: [UInt8]) {
        // Cheap test first: most files hold none of the prefixes.
        guard Self.mayHoldDirective(bytes) else { return }
        var lineStart = 0
        var disabledFrom: Int?
        var language: (tag: String, start: Int)?
        var hideNextLine = false
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let next = min(bytes.count, lineEnd + 1)
            if hideNextLine {
                hidden.append(lineStart..<lineEnd)
                hideNextLine = false
            }
            if let found = Self.directive(in: bytes, from: lineStart, to: lineEnd), let kind = found.kind {
                var understood = true
                switch kind {
                case .words(let list):
                    words += list
                case .disableNextLine:
                    hideNextLine = true
                case .disable:
                    // The region, from here, hides the directive itself.
                    if disabledFrom == nil { disabledFrom = found.at; understood = false }
                case .enable:
                    if let start = disabledFrom { hidden.append(start..<lineEnd); disabledFrom = nil; understood = false }
                case .language(let tag):
                    if let current = language { languages.append((current.tag, current.start..<found.at)) }
                    language = tag.lowercased() == "default" ? nil : (tag, next)
                }
                if understood { hidden.append(found.at..<lineEnd) }
            }
            lineStart = next
        }
        if let start = disabledFrom { hidden.append(start..<bytes.count) }
        if let current = language, current.start < bytes.count { languages.append((current.tag, current.start..<bytes.count)) }
    }

    /// What a directive asks for.
    enum Kind: Equatable {
        /// `ignore`, `words`, `word`: accept these words.
        case words([String])
        case disableNextLine
        case disable
        case enable
        /// `textsvcd: language TAG` (`default` for the door's languages).
        case language(String)
    }

    /// A directive found in a line: where its prefix starts, its words, whether its prefix is textsvcd's.
    struct Found {
        var at: Int
        var keyword: String
        var arguments: [String]
        var isOwn: Bool

        /// What it asks for, or nil for a keyword not understood (`cspell:language`, a `language` without a tag).
        var kind: Kind? {
            switch keyword {
            case "ignore", "words", "word":
                return .words(arguments.map { $0.trimmingCharacters(in: InlineDirectives.listPunctuation) }.filter { !$0.isEmpty })
            case "disable-next-line": return .disableNextLine
            case "disable": return .disable
            case "enable": return .enable
            case "language" where isOwn && InlineDirectives.isTag(arguments.first ?? "default"):
                return .language(arguments.first ?? "default")
            default: return nil
            }
        }
    }

    /// The first directive in `bytes[from..<to]` (one line; a line holds at most one), or nil.
    static func directive(in bytes: [UInt8], from: Int, to: Int) -> Found? {
        guard let (at, afterPrefix, isOwn) = findPrefix(in: bytes, from: from, to: to) else { return nil }
        let directive = words(bytes[afterPrefix..<to])
        guard let keyword = directive.first?.lowercased() else { return nil }
        return Found(at: at, keyword: keyword, arguments: Array(directive.dropFirst()), isOwn: isOwn)
    }

    /// Whether a word could be a language tag (`de_DE`, `pt-BR`, `default`): letters, digits, `_` and `-`.
    static func isTag(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39)
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }
    }

    static let listPunctuation = CharacterSet(charactersIn: ",;\"'`*/")

    /// Whether a whole prefix (`textsvcd:`, `cspell:`, ...) ends at some colon: a fast scan before the line-by-line one.
    ///
    /// Most texts hold none; those that hold `sticker:` or `Hacker:` are not read line by line for it.
    private static func mayHoldDirective(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var from = 0
            while from < buffer.count, let found = memchr(base + from, Int32(UInt8(ascii: ":")), buffer.count - from) {
                let colon = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if prefixes.contains(where: { prefix($0, endsAt: colon, in: buffer) }) { return true }
                from = colon + 1
            }
            return false
        }
    }

    /// Whether `prefix` (ending in a colon) ends at the colon at `colon`, its letters in either case, as `findPrefix` matches.
    private static func prefix(_ prefix: [UInt8], endsAt colon: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = colon + 1 - prefix.count
        guard start >= 0 else { return false }
        for offset in 0..<prefix.count - 1 where bytes[start + offset] | (prefix[offset] >= 0x61 ? 0x20 : 0) != prefix[offset] {
            return false
        }
        return true
    }

    /// The next directive prefix in `bytes[from..<to]` that starts a word: where it starts, where it ends, whether it is textsvcd's.
    private static func findPrefix(in bytes: [UInt8], from: Int, to: Int) -> (Int, Int, Bool)? {
        // Every prefix ends in a colon: a line without one holds none.
        guard from < to, bytes.withUnsafeBufferPointer({ memchr($0.baseAddress! + from, Int32(UInt8(ascii: ":")), to - from) != nil })
        else { return nil }
        var index = from
        while index < to {
            // A directive quoted as code (`textsvcd: disable`, in documentation) is not one.
            if index == 0 || (!isWordByte(bytes[index - 1]) && bytes[index - 1] != UInt8(ascii: "`")) {
                for (number, prefix) in prefixes.enumerated() where index + prefix.count <= to {
                    var matches = true
                    for offset in 0..<prefix.count where bytes[index + offset] | (prefix[offset] >= 0x61 ? 0x20 : 0) != prefix[offset] {
                        matches = false
                        break
                    }
                    if matches { return (index, index + prefix.count, number == 0) }
                }
            }
            index += 1
        }
        return nil
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (byte >= 0x30 && byte <= 0x39)
    }

    /// The whitespace-separated words of a directive, a closing comment marker (`*/`, `-->`) left out.
    private static func words(_ slice: ArraySlice<UInt8>) -> [String] {
        String(decoding: slice, as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "," })
            .map(String.init)
            .filter { $0 != "*/" && $0 != "-->" && $0 != "#}" && $0 != "%}" }
    }
}
