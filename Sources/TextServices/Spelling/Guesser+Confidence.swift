extension Guesser {
    /// The first guess for a misspelled word and its lead over the next different candidate, or nil when the ranker is unsure.
    ///
    /// Nil for a dictionary without word frequencies (Hunspell's order is
    /// not a score), a word too long to rank, and a best candidate whose
    /// slip costs more than `fallbackCost`.
    /// `accepts` verifies each candidate as in `guesses`.
    func confidence(for word: String, learned: [String], accepts: (String) -> Bool) -> GuessConfidence? {
        guard store.hasFrequencies, !word.isEmpty else { return nil }
        let converted = AffixFile.convert(word, inputConversions)
        let folded = WordList.fold(converted)
        let typed = folded.unicodeScalars.map(\.value)
        guard typed.count <= Self.maximumLength else { return nil }
        let ranked = rank(typed: typed, folded: folded, lowerCase: converted == folded, learned: learned)
        guard let top = ranked.first, top.cost <= Self.fallbackCost else { return nil }
        func verified(_ text: String) -> Bool {
            text.utf8.contains(0x20) ? text.split(separator: " ").allSatisfy { accepts(String($0)) } : accepts(text)
        }
        var first: (guess: String, score: Double)?
        for candidate in ranked {
            for surface in candidate.texts {
                let cased = Self.restoreCase(of: word, in: surface)
                guard let text = verified(cased) ? cased : cased != surface && verified(surface) ? surface : nil,
                      text != word, !Self.isFragment(text) else { continue }
                let output = AffixFile.convert(text, outputConversions)
                guard let best = first else {
                    first = (output, candidate.score)
                    continue
                }
                if output != best.guess { return GuessConfidence(guess: best.guess, margin: best.score - candidate.score) }
            }
        }
        return first.map { GuessConfidence(guess: $0.guess, margin: GuessConfidence.unopposed) }
    }
}
