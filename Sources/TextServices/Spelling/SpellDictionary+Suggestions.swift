extension SpellDictionary {
    /// Guesses for a word, most likely first; empty when the word is correct.
    public func guesses(for word: String, limit: Int) -> [String] {
        if accepts(word) { return [] }
        return Array(hunspellSuggestions(word).prefix(limit))
    }

    /// Words that complete a prefix, most likely first, in the prefix's case.
    ///
    /// `Hel` gives `Hello`; `HEL` gives `HELLO`; a lower-case prefix keeps the
    /// dictionary's case (`lon` gives `London`). The prefix itself is not a completion.
    public func completions(for prefix: String, limit: Int) -> [String] {
        let candidates = wordList.words(withPrefix: prefix).filter { $0.count > prefix.count }
        let ranked = candidates.sorted { a, b in
            let aLower = a.first.map { $0.isLowercase } ?? false
            let bLower = b.first.map { $0.isLowercase } ?? false
            if a.count != b.count { return a.count < b.count }
            if aLower != bLower { return aLower }
            return a < b
        }
        var seen = Set<String>()
        var result: [String] = []
        for word in ranked {
            let cased = Self.applyCase(of: prefix, to: word)
            guard cased.hasPrefix(prefix) || WordList.fold(cased).hasPrefix(WordList.fold(prefix)) else { continue }
            if seen.insert(cased).inserted { result.append(cased) }
            if result.count == limit { break }
        }
        return result
    }

    /// A word in the case pattern of a typed prefix.
    static func applyCase(of prefix: String, to word: String) -> String {
        let letters = prefix.filter(\.isLetter)
        if letters.count >= 2, letters.allSatisfy(\.isUppercase) { return CaseMapping.map(word, .upper) }
        if let first = prefix.first, first.isUppercase, let wordFirst = word.first {
            return CaseMapping.map(String(wordFirst), .upper) + word.dropFirst()
        }
        return word
    }
}
