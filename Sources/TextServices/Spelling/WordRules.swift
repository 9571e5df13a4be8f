import Synchronization

/// Which punctuation a dictionary counts as part of words, read from the `WORDCHARS` line of its .aff file.
///
/// Hunspell's tokenizer keeps the dictionary's `WORDCHARS` inside words and
/// joins an apostrophe between letters only when `'` or `’` is one of them;
/// Hunspell then judges that whole word with the .aff's `BREAK` and compound
/// rules. `WordScanner` follows the same cut, so German `Arbeits-` and Dutch
/// `zwart-wit` (`BREAK 0`) reach Hunspell whole, and Italian `c'e` is checked
/// as `c` and `e`. `standard` is the scanner's behaviour without a dictionary,
/// and also what en_US's `WORDCHARS 0123456789’` gives.
struct WordRules: Sendable, Equatable {
    /// Whether an apostrophe between letters keeps them one word (`'` or `’` in WORDCHARS).
    var apostrophesJoin: Bool
    /// Whether a hyphen-minus is a word character: hyphens at a word's edge belong to the word, and the
    /// dictionary's verdict on a hyphenated compound as a whole stands.
    var hyphenIsWordCharacter: Bool
    /// Whether a period is a word character: a period just before a word belongs to it, and the dictionary's
    /// verdict on a dotted compound as a whole stands.
    var periodIsWordCharacter: Bool

    static let standard = WordRules(apostrophesJoin: true, hyphenIsWordCharacter: false, periodIsWordCharacter: false)

    init(apostrophesJoin: Bool, hyphenIsWordCharacter: Bool, periodIsWordCharacter: Bool) {
        self.apostrophesJoin = apostrophesJoin
        self.hyphenIsWordCharacter = hyphenIsWordCharacter
        self.periodIsWordCharacter = periodIsWordCharacter
    }

    /// The rules for a dictionary's `WORDCHARS` characters.
    init(wordCharacters: Set<Unicode.Scalar>) {
        self.init(apostrophesJoin: wordCharacters.contains("'") || wordCharacters.contains("\u{2019}"),
                  hyphenIsWordCharacter: wordCharacters.contains("-"),
                  periodIsWordCharacter: wordCharacters.contains("."))
    }

    private static let cache = Mutex<[String: WordRules]>([:])

    /// The rules of a loaded dictionary, read from its .aff file once per process.
    static func of(_ dictionary: SpellDictionary) -> WordRules {
        let path = dictionary.info.affixPath
        if let known = cache.withLock({ $0[path] }) { return known }
        let characters = IspellWordCharacters(affixPath: path, charset: dictionary.engine.charset)
        let rules = WordRules(wordCharacters: characters.extra)
        cache.withLock { $0[path] = rules }
        return rules
    }
}
