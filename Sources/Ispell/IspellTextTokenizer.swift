import TextServices

/// Splits a line into words exactly as `hunspell -a` does for plain text.
///
/// Words are runs of word characters (`IspellWordCharacters`); an apostrophe
/// between two word characters stays inside the word; a few Latin-1 HTML
/// entities count as letters; words inside URLs, mail addresses and paths
/// are skipped. Ranges are byte offsets into the line.
struct IspellTextTokenizer {
    let rules: IspellTokenRules

    /// The entities Hunspell's text parser reads as letters.
    static let latin1Entities: [[UInt8]] = [
        "&Agrave;", "&Atilde;", "&Aring;", "&AElig;", "&Egrave;", "&Ecirc;", "&Igrave;", "&Iuml;", "&ETH;", "&Ntilde;",
        "&Ograve;", "&Oslash;", "&Ugrave;", "&THORN;", "&agrave;", "&atilde;", "&aring;", "&aelig;", "&egrave;",
        "&ecirc;", "&igrave;", "&iuml;", "&eth;", "&ntilde;", "&ograve;", "&oslash;", "&ugrave;", "&thorn;", "&yuml;",
    ].map { Array($0.utf8) }

    func tokens(in line: IspellLine) -> [Range<Int>] {
        let urls = rules.urlStarts(line)
        let apostrophesJoin = rules.apostrophesJoin
        let asciiApostropheIsWordCharacter = rules.wordCharacters.contains("'")
        var result: [Range<Int>] = []
        var inWord = false
        var start = 0
        var head = 0
        while true {
            if !inWord {
                if rules.isWordCharacter(line, at: head) {
                    inWord = true
                    start = head
                } else if let entity = Self.entity(line, at: head) {
                    inWord = true
                    start = head
                    head += entity
                }
            } else if let entity = Self.entity(line, at: head) {
                head += entity
            } else if apostrophesJoin, line[head] == UInt8(ascii: "'"), rules.isWordCharacter(line, at: head + 1) {
                head += 1
            } else if asciiApostropheIsWordCharacter, line.starts(with: IspellTokenRules.typographicApostrophe, at: head),
                      rules.isWordCharacter(line, at: head + 3) {
                head += 2
            } else if !rules.isWordCharacter(line, at: head) {
                inWord = false
                if let token = rules.token(line, start, head, urls: urls) {
                    result.append(token)
                    continue
                }
            }
            guard let next = line.next(after: head) else { break }
            head = next
        }
        return result
    }

    /// The length of the Latin-1 entity that starts at `index` (Hunspell reads these as letters), or nil.
    static func entity(_ line: IspellLine, at index: Int) -> Int? {
        guard line[index] == UInt8(ascii: "&") else { return nil }
        return Self.latin1Entities.first { line.starts(with: $0, at: index) }?.count
    }
}
