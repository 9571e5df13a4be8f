extension SpellDictionary {
    /// Guesses for a word, most likely first; empty when the word is correct.
    ///
    /// The fast `Guesser` ranks candidates by frequency and typing-slip
    /// likelihood; Hunspell's suggestions come first for a language without
    /// frequency data and stand in when the fast path finds nothing.
    /// Hunspell's suggest runs on a worker and is waited for at most the
    /// dictionary's suggest budget (its shorter fallback budget in a language
    /// with frequencies); an answer that comes later is used from
    /// the next call for the word on. Complete answers are cached per word
    /// until the learned words or the compiled form change. Every guess is
    /// accepted by this dictionary. Without a compiled form the first call
    /// builds the index (a fraction of a second for en_US).
    ///
    /// `quick` (a whole-repository run) gives the ranker's guesses alone in
    /// a language with frequency data: Hunspell's suggest is not asked, and
    /// run-together compounds are mended only where entries compound by
    /// flag. The first guess is the same as without it whenever the ranker
    /// has one; a quick answer is not cached (a cached full one serves it).
    public func guesses(for word: String, limit: Int, quick: Bool = false) -> [String] {
        guard limit > 0, !word.isEmpty, !accepts(word) else { return [] }
        if let cached = guessCache.lookup(word, limit: limit) { return cached }
        var complete = !quick
        let guesser = guesser
        let skipsHunspell = quick && guesser.store.hasFrequencies
        let guesses = guesser.guesses(for: word, limit: limit, learned: learned, quick: quick,
                                      accepts: { self.accepts($0) },
                                      hunspell: {
                                          if skipsHunspell { return [] }
                                          if let found = budgetedSuggestions.suggestions(for: word, asFallback: guesser.store.hasFrequencies,
                                                                                         compute: { self.hunspellSuggestions(word) }) {
                                              return found
                                          }
                                          complete = false
                                          return []
                                      })
        let result = Self.keepApostropheStyle(of: word, in: guesses)
        if complete { guessCache.store(word, limit: limit, guesses: result) }
        return result
    }

    /// The first guess for a misspelled word and its lead over the next candidate, or nil when the ranker is unsure (`GuessConfidence`).
    ///
    /// Nil for a word the dictionary accepts. The guess is the one `guesses`
    /// gives first whenever the ranker, not Hunspell, decided the order.
    public func guessConfidence(for word: String) -> GuessConfidence? {
        guard !word.isEmpty, !accepts(word),
              var confidence = guesser.confidence(for: word, learned: learned, accepts: { self.accepts($0) }) else { return nil }
        confidence.guess = Self.keepApostropheStyle(of: word, in: [confidence.guess])[0]
        return confidence
    }

    /// Results in the typed word's apostrophe style: typographic (’) when it used one.
    static func keepApostropheStyle(of typed: String, in words: [String]) -> [String] {
        guard typed.contains("\u{2019}" as Character) else { return words }
        var seen = Set<String>()
        return words.map { $0.replacing("'", with: "\u{2019}") }.filter { seen.insert($0).inserted }
    }

    /// Words that complete a prefix, most likely first, in the prefix's case.
    ///
    /// Draws on every form of the dictionary (affixed forms too) and learned
    /// words, ranked by frequency, then length, then alphabetically (a
    /// language without a frequency list: length, then alphabetically). Every
    /// completion is a word the dictionary accepts as it stands: never a
    /// fragment (a leading or trailing hyphen), a NEEDAFFIX stem, an
    /// ONLYINCOMPOUND part or a forbidden form; a KEEPCASE word keeps its case. `Hel`
    /// gives `Hello`; `HEL` gives `HELLO`; a lower-case prefix keeps the
    /// dictionary's case (`lon` gives `London`). The prefix itself is not a completion.
    public func completions(for prefix: String, limit: Int) -> [String] {
        guard limit > 0, !prefix.isEmpty else { return [] }
        let store = wordStore
        let folded = WordList.fold(prefix)
        let foldedBytes = Array(folded.utf8)
        let best = store.mostCommonEntries(withPrefix: foldedBytes, count: limit * 2 + 4).map { entry in
            (zipf: store.scaledZipf[entry], length: store.keyLength(entry), entry: entry)
        }
        var ranked: [(zipf: UInt8, length: Int, word: String)] = []
        for item in best {
            for surface in store.surfaces(item.entry, suggestibleOnly: true) {
                ranked.append((item.zipf, item.length, surface))
                if surface == store.key(item.entry) { break }
            }
        }
        for word in learned {
            let key = WordList.fold(word)
            if key.utf8.count > foldedBytes.count, key.hasPrefix(folded) { ranked.append((30, key.utf8.count, word)) }
        }
        ranked.sort { a, b in
            if a.zipf != b.zipf { return a.zipf > b.zipf }
            if a.length != b.length { return a.length < b.length }
            return a.word < b.word
        }
        var seen = Set<String>()
        var result: [String] = []
        let learnedWords = Set(learned)
        for item in ranked where !Guesser.isFragment(item.word) {
            // The prefix's case where the dictionary allows it (KEEPCASE words keep theirs).
            var cased = Self.applyCase(of: prefix, to: item.word)
            if cased != item.word, !learnedWords.contains(item.word), !accepts(cased) { cased = item.word }
            // A frequency list's word the dictionary takes only capitalised (a German noun).
            if !learnedWords.contains(item.word), !accepts(cased),
               let capital = Guesser.capitalisedListedWord(cased, typed: prefix), accepts(capital) {
                cased = capital
            }
            guard cased.hasPrefix(prefix) || WordList.fold(cased).hasPrefix(folded) else { continue }
            // Only words the dictionary accepts as they stand: no NEEDAFFIX stem, ONLYINCOMPOUND part or forbidden form.
            guard learnedWords.contains(item.word) || accepts(cased) else { continue }
            if seen.insert(cased).inserted { result.append(cased) }
            if result.count == limit { break }
        }
        return Self.keepApostropheStyle(of: prefix, in: result)
    }

    /// Sizes of the guess and completion indexes (building them if needed): distinct forms, index groups, approximate bytes.
    public var suggestionIndexStatistics: (forms: Int, groups: Int, deletions: Int, bytes: Int) {
        let guesser = guesser
        return (guesser.store.count, guesser.index.groupCount, guesser.index.pairCount, guesser.memoryFootprint)
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
