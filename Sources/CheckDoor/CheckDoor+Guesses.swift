import TextServices
import TextServicesProtocol

extension CheckDoor {
    /// Guesses for each distinct misspelled word, asked all at once; near project words join the dictionary's.
    ///
    /// Words `asked` already holds (a whole run's guesses) are not asked again.
    func guessTable(for misspellings: [Misspelling], project: Project,
                    asked: RunGuesses = RunGuesses()) throws(ServiceError) -> [String: [String]] {
        let count = options.guessCount
        guard count > 0, !misspellings.isEmpty else { return [:] }
        let keys = guessKeys(for: misspellings, project: project)
        var known: [String: [String]] = [:]
        var missing: [RunGuesses.Key] = []
        for key in keys {
            if let guesses = asked.guesses(for: key) { known[key.word] = guesses } else { missing.append(key) }
        }
        let outcomes = client.sendAll(missing.map(guessRequest))
        for (key, outcome) in zip(missing, outcomes) { known[key.word] = try outcome.get().guesses }
        var table: [String: [String]] = [:]
        for key in keys {
            table[key.word] = project.words.guesses(near: key.word, before: known[key.word] ?? [], limit: count)
        }
        return table
    }

    /// Guesses for every distinct misspelled word of many inputs, asked at once (the requests spread over every core).
    ///
    /// Each input's findings come with its project (its languages). Empty
    /// when no guesses are shown (`--guesses 0`, `--format list`),
    /// `--interactive` or `--fix`, which ask their own.
    public func runGuesses(for inputs: [(findings: Findings, project: Project)]) -> RunGuesses {
        guard options.guessCount > 0, !options.interactive, options.fix == nil else { return RunGuesses() }
        var keys: [RunGuesses.Key] = []
        var seen = Set<RunGuesses.Key>()
        for input in inputs {
            for key in guessKeys(for: input.findings.misspellings, project: input.project) where seen.insert(key).inserted {
                keys.append(key)
            }
        }
        var table: [RunGuesses.Key: [String]] = [:]
        for (key, outcome) in zip(keys, client.sendAll(keys.map(guessRequest))) {
            if case .success(let answer) = outcome { table[key] = answer.guesses }
        }
        return RunGuesses(table)
    }

    /// The distinct words of misspellings in text order, each with the languages it is guessed in.
    private func guessKeys(for misspellings: [Misspelling], project: Project) -> [RunGuesses.Key] {
        let languages = options.languages ?? project.settings.languages?.value
        var keys: [RunGuesses.Key] = []
        var seen = Set<String>()
        for misspelling in misspellings where seen.insert(misspelling.word).inserted {
            // With `--lang auto`, each word is guessed in the language it was found in.
            keys.append(RunGuesses.Key(word: misspelling.word, languages: misspelling.language.map { [$0] } ?? languages))
        }
        return keys
    }

    private func guessRequest(_ key: RunGuesses.Key) -> SpellGuessesRequest {
        SpellGuessesRequest(word: key.word, languages: key.languages, limit: options.guessCount,
                            quick: options.quickGuesses ? true : nil)
    }
}
