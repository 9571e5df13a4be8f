/// The words of a dictionary, with affixed forms and learned words, for completion.
///
/// Immutable and thread-safe. Lookups are case-insensitive; results come in
/// the dictionary's own case. The dictionary's forms live in a shared compact
/// `WordStore`; learned words ride alongside, so learning a word is cheap.
public struct WordList: Sendable {
    let store: WordStore
    /// Learned words as (folded key, word), sorted by key.
    let learned: [(key: String, word: String)]

    /// A list of just these words (all suggestible, no frequencies).
    public init(words: [String]) {
        self.init(store: WordStore(forms: words.map { .init(word: $0, suggestible: true) }, frequencies: nil), learned: [])
    }

    init(store: WordStore, learned: [String]) {
        self.store = store
        self.learned = learned.map { (Self.fold($0), $0) }.sorted { $0.key < $1.key || ($0.key == $1.key && $0.word < $1.word) }
    }

    /// The number of distinct folded forms (dictionary and learned).
    public var count: Int { store.count + learned.count }

    /// A word folded for lookup: lower case, typographic apostrophes as ASCII.
    static func fold(_ word: String) -> String {
        var ascii = true
        for byte in word.utf8 where byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) {
            ascii = false
            break
        }
        if ascii { return word }
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: word.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
        }
        let lowered = CaseMapping.map(word, .lower)
        // U+2019 is E2 80 99 in UTF-8: a word without an E2 byte has none to replace.
        return lowered.utf8.contains(0xE2) ? lowered.replacing("\u{2019}", with: "'") : lowered
    }

    /// `fold(word)`, with `unchanged` remembering which scalars ICU's lower case leaves as they are.
    ///
    /// The store's builder asks ICU about each scalar once (`isOwnFold`)
    /// instead of about every form (a tenth of a Russian compile).
    static func fold(_ word: String, unchanged: inout ScalarByteMemo) -> String {
        isOwnFold(word, unchanged: &unchanged) ? word : fold(word)
    }

    /// Whether `fold(word)` is `word` itself, byte for byte: no scalar changes in lower case and none is a typographic apostrophe.
    ///
    /// In the root locale only a capital sigma's lower case depends on the
    /// scalars around it, and it always changes; so a word whose every scalar
    /// lowers to itself lowers to itself. `unchanged` keeps ICU's answer for
    /// each scalar seen.
    static func isOwnFold(_ word: String, unchanged: inout ScalarByteMemo) -> Bool {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return !word.utf8.contains { $0 >= 0x41 && $0 <= 0x5A } }
        for scalar in word.unicodeScalars {
            let same = unchanged.value(scalar) { scalar in
                let text = String(scalar)
                return scalar != "\u{2019}" && CaseMapping.map(text, .lower).utf8.elementsEqual(text.utf8) ? 1 : 0
            }
            if same == 0 { return false }
        }
        return true
    }

    /// Every word whose folded form starts with the folded prefix, in key order (learned words last).
    public func words(withPrefix prefix: String) -> [String] {
        let key = Self.fold(prefix)
        var result: [String] = []
        for entry in store.range(withPrefix: Array(key.utf8)) {
            result += store.surfaces(entry, suggestibleOnly: false)
        }
        for item in learned where item.key.hasPrefix(key) { result.append(item.word) }
        return result
    }
}
