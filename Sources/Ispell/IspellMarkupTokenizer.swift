import TextServices

/// Splits lines of XML or HTML into words as `hunspell -X` and `hunspell -H` do.
///
/// Text between tags is checked; tags, comments, `CDATA` and character
/// entities are skipped, and in HTML so are scripts, styles, code, samples,
/// keyboard input, variables, listings, addresses and preformatted text.
/// The `alt` and `title` attributes of `<img>` are checked, as Hunspell's
/// HTML parser does. State carries over from line to line (a comment or tag
/// may span lines), so use one tokenizer for a whole document. Ranges are
/// byte offsets into each line.
struct IspellMarkupTokenizer {
    /// Which constructs a dialect skips: pairs of opening and closing text, matched case-insensitively.
    struct Dialect {
        /// Skipped from the opening to the closing text; a plain tag (`<`, `>`) last.
        let skipped: [(open: [UInt8], close: [UInt8])]
        /// Tags whose attribute is checked: the tag's opening, then the attribute with its `=`.
        let checkedAttributes: [(tag: [UInt8], attribute: [UInt8])]

        static let xml = Dialect(skipped: pairs([("<!--", "-->"), ("<[cdata[", "]]>"), ("<", ">")]), checkedAttributes: [])

        static let html = Dialect(
            skipped: pairs([("<script", "</script>"), ("<style", "</style>"), ("<code", "</code>"), ("<samp", "</samp>"),
                            ("<kbd", "</kbd>"), ("<var", "</var>"), ("<listing", "</listing>"),
                            ("<address", "</address>"), ("<pre", "</pre>"), ("<!--", "-->"), ("<[cdata[", "]]>"),
                            ("<", ">")]),
            checkedAttributes: pairs([("<img", "alt="), ("<img", "title="), ("<a ", "title=")]).map { ($0.open, $0.close) })

        private static func pairs(_ list: [(String, String)]) -> [(open: [UInt8], close: [UInt8])] {
            list.map { (Array($0.0.utf8), Array($0.1.utf8)) }
        }
    }

    private enum State { case nonWord, word, tag, characterEntity, attribute }

    let rules: IspellTokenRules
    let dialect: Dialect
    private var state = State.nonWord
    private var previous = State.nonWord
    private var skipped = 0
    private var attributeTag = 0
    /// 0: the tag has no checked attribute; 1: it has one; 2: inside the checked attribute's name or value.
    private var attributeCheck = 0
    private var quote: UInt8 = 0

    private static let entityApostrophe = Array("&apos;".utf8)

    init(rules: IspellTokenRules, dialect: Dialect) {
        self.rules = rules
        self.dialect = dialect
    }

    mutating func tokens(in line: IspellLine) -> [Range<Int>] {
        let urls = rules.urlStarts(line)
        let apostropheIsWordCharacter = rules.wordCharacters.contains("'")
        let apostrophesJoin = rules.apostrophesJoin
        var result: [Range<Int>] = []
        var start = 0
        var head = 0
        while true {
            switch state {
            case .nonWord:
                previous = .nonWord
                if let found = Self.match(dialect.skipped.map(\.open), in: line, at: head) {
                    skipped = found
                    attributeCheck = 0
                    if let tag = Self.match(dialect.checkedAttributes.map(\.tag), in: line, at: head) {
                        attributeTag = tag
                        attributeCheck = 1
                    }
                    state = .tag
                } else if rules.isWordCharacter(line, at: head) {
                    state = .word
                    start = head
                } else if let entity = IspellTextTokenizer.entity(line, at: head) {
                    state = .word
                    start = head
                    head += entity
                } else if line[head] == UInt8(ascii: "&") {
                    state = .characterEntity
                }
            case .word:
                if let entity = IspellTextTokenizer.entity(line, at: head) {
                    head += entity
                } else if apostrophesJoin, line.starts(with: Self.entityApostrophe, at: head),
                          rules.isWordCharacter(line, at: head + Self.entityApostrophe.count) {
                    head += Self.entityApostrophe.count - 1
                } else if apostropheIsWordCharacter, line.starts(with: IspellTokenRules.typographicApostrophe, at: head),
                          rules.isWordCharacter(line, at: head + 3) {
                    head += 2
                } else if !rules.isWordCharacter(line, at: head) {
                    state = previous
                    if let token = rules.token(line, start, head, urls: urls) {
                        // As in Hunspell, the character that ended the word is read again in the state before it.
                        result.append(token)
                        continue
                    }
                }
            case .tag:
                if attributeCheck == 1,
                   let found = Self.match(dialect.checkedAttributes.map(\.attribute), in: line, at: head),
                   dialect.checkedAttributes[found].tag == dialect.checkedAttributes[attributeTag].tag {
                    attributeCheck = 2
                } else if attributeCheck > 0, line[head] == UInt8(ascii: ">") {
                    state = .nonWord
                } else if let found = Self.match(dialect.skipped.map(\.close), in: line, at: head),
                          dialect.skipped[found].close == dialect.skipped[skipped].close {
                    state = .nonWord
                    head += dialect.skipped[skipped].close.count - 1
                } else if dialect.skipped[skipped].open == [UInt8(ascii: "<")],
                          line[head] == UInt8(ascii: "\"") || line[head] == UInt8(ascii: "'") {
                    quote = line[head]
                    state = .attribute
                }
            case .attribute:
                previous = .attribute
                if line[head] == quote {
                    state = .tag
                    if attributeCheck == 2 { attributeCheck = 1 }
                } else if attributeCheck == 2, rules.isWordCharacter(line, at: head) {
                    state = .word
                    start = head
                } else if line[head] == UInt8(ascii: "&") {
                    state = .characterEntity
                }
            case .characterEntity:
                if line[head] == UInt8(ascii: ";") {
                    // The `;` is read again in the state before the entity.
                    state = previous
                    continue
                }
            }
            guard let next = line.next(after: head) else { break }
            head = next
        }
        return result
    }

    /// The first pattern that starts at `index`, comparing the line's bytes in ASCII lower case.
    private static func match(_ patterns: [[UInt8]], in line: IspellLine, at index: Int) -> Int? {
        patterns.firstIndex { pattern in
            for (offset, byte) in pattern.enumerated() {
                let input = line[index + offset]
                let lowered = input >= UInt8(ascii: "A") && input <= UInt8(ascii: "Z") ? input | 0x20 : input
                if lowered != byte { return false }
            }
            return true
        }
    }
}
