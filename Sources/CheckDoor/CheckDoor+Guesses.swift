import TextServices
import TextServicesProtocol

extension CheckDoor {
    /// Guesses for each distinct misspelled word, asked all at once; near project words join the dictionary's.
    func guessTable(for misspellings: [Misspelling], project: Project) throws(ServiceError) -> [String: [String]] {
        let count = options.guessCount
        guard count > 0, !misspellings.isEmpty else { return [:] }
        let languages = options.languages ?? project.settings.languages?.value
        var words: [String] = []
        var wordLanguages: [[String]?] = []
        var seen = Set<String>()
        for misspelling in misspellings where seen.insert(misspelling.word).inserted {
            words.append(misspelling.word)
            // With `--lang auto`, each word is guessed in the language it was found in.
            wordLanguages.append(misspelling.language.map { [$0] } ?? languages)
        }
        let outcomes = client.sendAll(zip(words, wordLanguages).map { SpellGuessesRequest(word: $0, languages: $1, limit: count) })
        var table: [String: [String]] = [:]
        for (word, outcome) in zip(words, outcomes) {
            table[word] = project.words.guesses(near: word, before: try outcome.get().guesses, limit: count)
        }
        return table
    }
}
