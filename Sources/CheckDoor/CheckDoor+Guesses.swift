import TextServices
import TextServicesProtocol

extension CheckDoor {
    /// Guesses for each distinct misspelled word, asked all at once; near project words join the dictionary's.
    func guessTable(for misspellings: [Misspelling], project: Project) throws(ServiceError) -> [String: [String]] {
        let count = options.guessCount
        guard count > 0, !misspellings.isEmpty else { return [:] }
        var words: [String] = []
        var seen = Set<String>()
        for misspelling in misspellings where seen.insert(misspelling.word).inserted { words.append(misspelling.word) }
        let languages = options.languages ?? project.settings.languages?.value
        let outcomes = client.sendAll(words.map { SpellGuessesRequest(word: $0, languages: languages, limit: count) })
        var table: [String: [String]] = [:]
        for (word, outcome) in zip(words, outcomes) {
            table[word] = project.words.guesses(near: word, before: try outcome.get().guesses, limit: count)
        }
        return table
    }
}
