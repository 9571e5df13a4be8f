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
        for (key, outcome) in zip(missing, askGuesses(missing)) { known[key.word] = try outcome.get().guesses }
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
        for (key, outcome) in zip(keys, askGuesses(keys)) {
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

    /// The guesses for each key, asked all at once: quick ones with `quickGuesses`.
    ///
    /// A daemon older than `quick` (no `spell.guesses.quick` capability)
    /// refuses the param with -32602 naming it: those words are asked again without it.
    private func askGuesses(_ keys: [RunGuesses.Key]) -> [Result<SpellGuessesRequest.Response, ServiceError>] {
        func request(_ key: RunGuesses.Key, quick: Bool) -> SpellGuessesRequest {
            SpellGuessesRequest(word: key.word, languages: key.languages, limit: options.guessCount, quick: quick ? true : nil)
        }
        var outcomes = client.sendAll(keys.map { request($0, quick: options.quickGuesses) })
        guard options.quickGuesses else { return outcomes }
        let refused = outcomes.indices.filter { index in
            guard case .failure(let error) = outcomes[index] else { return false }
            return error.code == -32602 && error.data?["field"]?.stringValue == "quick"
        }
        guard !refused.isEmpty else { return outcomes }
        for (index, outcome) in zip(refused, client.sendAll(refused.map { request(keys[$0], quick: false) })) {
            outcomes[index] = outcome
        }
        return outcomes
    }
}
