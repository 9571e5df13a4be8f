/// What a check does with a word written in a script that none of its languages is written in.
public enum OtherScripts: String, Sendable, CaseIterable {
    /// Judged like any other word, as Hunspell does: an English dictionary rejects `Привет`.
    case check
    /// Not reported, and counted by script (`WritingScripts.partition`): an English
    /// dictionary has no opinion on a Cyrillic or Hangul word.
    case skip
}

/// The scripts languages are written in, and the words written in none of them.
///
/// A language's scripts are ICU's for its tag (`ru` Cyrillic, `sr_Latn`
/// Latin, `ja` Hiragana, Katakana and Han, `ko` Hangul and Han). A word is in
/// another script when it has letters and none of them belongs to one of the
/// scripts; digits, punctuation and combining marks belong to no script, so
/// a Latin word with one Cyrillic letter (`Hеllo`) is still Latin's to judge.
/// Thread-safe.
public enum WritingScripts {
    private static let known = Locked<[String: Set<Int32>]>([:])
    private static let common: Int32 = 0, inherited: Int32 = 1, latin: Int32 = 25, unknown: Int32 = 103
    /// Composite codes ICU may give a locale, spelled out as the scripts of its letters.
    private static let composites: [Int32: [Int32]] = [
        105: [17, 20, 22],  // `Jpan`: Han, Hiragana, Katakana
        119: [17, 18],      // `Kore`: Han, Hangul
        73: [17], 74: [17], // `Hans`, `Hant`: Han
        54: [20, 22],       // `Hrkt`: Hiragana, Katakana
    ]

    /// The scripts the language of `tag` is written in; empty when ICU knows none (then no word is in another script).
    public static func scripts(ofLanguage tag: String) -> Set<Int32> {
        if let found = known.withLock({ $0[tag] }) { return found }
        var scripts = Set<Int32>()
        // ICU answers `Zzzz` (unknown) for a tag it cannot place (`zz_ZZ`): that names no script.
        for code in ScriptCodes.of(locale: tag) where code != common && code != inherited && code != unknown && code >= 0 {
            if let parts = composites[code] { scripts.formUnion(parts) } else { scripts.insert(code) }
        }
        known.withLock { $0[tag] = scripts }
        return scripts
    }

    /// The name of the script `word` is written in when none of its letters is in `scripts`; nil otherwise.
    ///
    /// Nil too when `scripts` is empty or the word has no letter of a known script.
    public static func otherScript(of word: String, writtenIn scripts: Set<Int32>) -> String? {
        guard !scripts.isEmpty else { return nil }
        var other: Int32?
        for scalar in word.unicodeScalars where scalar.properties.isAlphabetic {
            let code = scalar.isASCII ? latin : ScriptCodes.of(scalar.value)
            if code == common || code == inherited || code == unknown { continue }
            if scripts.contains(code) { return nil }
            if other == nil { other = code }
        }
        return other.map { ScriptCodes.name($0) ?? "script \($0)" }
    }

    /// Splits misspellings into those a dictionary of their language could judge and, by script name, how many are in another script.
    ///
    /// A misspelling's languages are its own `language` (automatic
    /// detection, a `textsvcd: language` region), else `languages`; entries
    /// starting `auto`, or of a language whose scripts ICU does not know, leave every word in.
    public static func partition(_ misspellings: [Misspelling], languages: [String]) -> (kept: [Misspelling], other: [String: Int]) {
        // Any language of unknown scripts (or automatic) leaves every word to the dictionaries.
        let each = languages.map { $0.hasPrefix("auto") ? [] : scripts(ofLanguage: $0) }
        let shared = each.contains(where: \.isEmpty) ? [] : each.reduce(into: Set<Int32>()) { $0.formUnion($1) }
        var kept: [Misspelling] = []
        kept.reserveCapacity(misspellings.count)
        var other: [String: Int] = [:]
        for misspelling in misspellings {
            let allowed = misspelling.language.map { Self.scripts(ofLanguage: $0) } ?? shared
            if let script = otherScript(of: misspelling.word, writtenIn: allowed) {
                other[script, default: 0] += 1
            } else {
                kept.append(misspelling)
            }
        }
        return (kept, other)
    }
}
