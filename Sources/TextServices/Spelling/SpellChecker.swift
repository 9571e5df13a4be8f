/// A misspelled word found in text.
public struct Misspelling: Sendable, Equatable {
    /// Where the word is, in bytes.
    public var range: ByteRange
    public var word: String
}

/// Checks text against one or more dictionaries, the way UITextChecker does.
///
/// A word is correct when any of the dictionaries accepts it, or it is in
/// the document's ignored words. Thread-safe (holds only immutable state and
/// thread-safe dictionaries).
public struct SpellChecker: Sendable {
    public let dictionaries: [SpellDictionary]
    public let ignoredWords: Set<String>

    public init(dictionaries: [SpellDictionary], ignoredWords: Set<String> = []) {
        precondition(!dictionaries.isEmpty, "a checker needs at least one dictionary")
        self.dictionaries = dictionaries
        self.ignoredWords = ignoredWords
    }

    /// The ICU locale used for word boundaries: the first dictionary's language.
    var locale: String { dictionaries[0].tag.bcp47 }

    /// Whether a single word is correct.
    public func accepts(_ word: String) -> Bool {
        if ignoredWords.contains(word) { return true }
        return dictionaries.contains { $0.accepts(word) }
    }

    /// The misspelled parts of a scanned word (the whole word, some of its parts, or nothing).
    func misspellings(of scanned: ScannedWord) -> [Misspelling] {
        if accepts(scanned.word) { return [] }
        if scanned.followedByPeriod, accepts(scanned.word + ".") { return [] }
        if scanned.parts.isEmpty { return [Misspelling(range: scanned.range, word: scanned.word)] }
        var found: [Misspelling] = []
        for (index, part) in scanned.parts.enumerated() where !accepts(part.word) {
            if index == scanned.parts.count - 1, scanned.followedByPeriod, accepts(part.word + ".") { continue }
            found.append(Misspelling(range: part.range, word: part.word))
        }
        return found
    }

    /// Finds misspelled words, as UITextChecker's rangeOfMisspelledWord does when `limit` is 1.
    ///
    /// Searches `range` (the whole text by default) from `startingAt` to its
    /// end (including a word that contains `startingAt`), then, if `wrap` is set, from its start up to `startingAt`. Stops
    /// after `limit` misspellings (nil for no limit). Byte offsets throughout.
    /// Returns the misspellings and the number of words examined.
    public func check(_ text: TextBuffer, range: ByteRange? = nil, startingAt: UTF8Offset? = nil,
                      wrap: Bool = false, limit: Int? = nil) -> (misspellings: [Misspelling], wordCount: Int) {
        let range = range ?? text.fullRange
        let start = min(max(startingAt ?? range.lowerBound, range.lowerBound), range.upperBound)
        if let limit, limit <= 0 { return ([], 0) }
        var found: [Misspelling] = []
        var wordCount = 0
        func scan(_ words: [ScannedWord]) -> Bool {
            for word in words {
                wordCount += 1
                for misspelling in misspellings(of: word) {
                    found.append(misspelling)
                    if let limit, found.count >= limit { return false }
                }
            }
            return true
        }
        let words = WordScanner.words(in: text, range: range, locale: locale)
        // A word that contains `startingAt` belongs to the first pass, so a search from a caret inside a word finds it.
        let firstAfter = words.firstIndex { $0.range.upperBound > start } ?? words.count
        if scan(Array(words[firstAfter...])), wrap {
            _ = scan(Array(words[..<firstAfter]))
        }
        return (found, wordCount)
    }
}
