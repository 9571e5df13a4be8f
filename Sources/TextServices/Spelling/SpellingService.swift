import Synchronization

/// Spelling for the whole process: loaded dictionaries, learned words, per-document ignores.
///
/// Dictionaries load on first use and stay loaded. Learned words live in
/// files that other processes may change too: each use of a dictionary first
/// checks (one `stat`) whether its learned words changed on disk, and
/// observers hear of every change, whoever made it. Every method is
/// thread-safe. Errors are `TextServicesError`s: `.unknownLanguage` for a
/// language without a usable dictionary, `.invalidArgument` for a bad word.
public final class SpellingService: Sendable {
    public let configuration: Configuration
    public let locator: DictionaryLocator
    private let loaded = Mutex<[LanguageTag: SpellDictionary]>([:])
    /// The tag each requested name resolved to, for dictionaries already loaded.
    private let resolved = Mutex<[String: LanguageTag]>([:])
    private let personal = Mutex<[LanguageTag: PersonalDictionary]>([:])
    private let loading = Mutex<Void>(())
    private let ignores = Mutex(IgnoredWords())
    private let observers = Mutex<[WeakSpellingObserver]>([])
    /// Dictionaries (by path) whose compiled form is being made in the background.
    let compiling = Mutex<Set<String>>([])
    let backgroundCompiles = Mutex<(any CompileLauncher)?>(nil)

    public init(configuration: Configuration) {
        self.configuration = configuration
        self.locator = DictionaryLocator(configuration: configuration)
    }

    public var defaultLanguage: String { LanguageTag(configuration.defaultLanguage)?.tag ?? configuration.defaultLanguage }

    /// Every dictionary in the search path.
    public func availableLanguages() -> [DictionaryInfo] { locator.available() }

    var personalFolder: String { configuration.dataHome + "/personal" }

    /// The dictionary for a tag, loading it (and its learned words) on first use.
    ///
    /// A name that resolved once keeps its dictionary for the life of the
    /// process. The learned words are brought up to date with the file first.
    public func dictionary(_ language: String?) throws(TextServicesError) -> SpellDictionary {
        let requested = language ?? defaultLanguage
        if let tag = resolved.withLock({ $0[requested] }), let dictionary = loaded.withLock({ $0[tag] }) {
            refreshLearned(dictionary)
            return dictionary
        }
        let info: DictionaryInfo
        do {
            info = try locator.locate(requested)
        } catch {
            throw .unknownLanguage(language: requested, reason: error.message, available: error.available)
        }
        if let dictionary = loaded.withLock({ $0[info.tag] }) {
            resolved.withLock { $0[requested] = info.tag }
            refreshLearned(dictionary)
            return dictionary
        }
        let dictionary: SpellDictionary
        var isNew = false
        do {
            dictionary = try loading.withLock { _ throws(DictionaryError) -> SpellDictionary in
                if let dictionary = loaded.withLock({ $0[info.tag] }) { return dictionary }
                let dictionary = try SpellDictionary(info: info, frequencyFolders: locator.searchPath.map(\.folder),
                                                     compiled: compiler?.open(info),
                                                     suggestBudget: configuration.hunspellSuggestBudget)
                for word in personalDictionary(info.tag).all { dictionary.addLearned(word) }
                loaded.withLock { $0[info.tag] = dictionary }
                resolved.withLock { $0[requested] = info.tag }
                isNew = true
                return dictionary
            }
        } catch {
            throw .unknownLanguage(language: requested, reason: error.message, available: error.available)
        }
        if isNew, dictionary.compiledForm == nil, let launcher = backgroundCompiles.withLock({ $0 }) {
            compileInBackground(dictionary, launcher: launcher)
        }
        return dictionary
    }

    /// Follows a change another process made to a dictionary's learned words.
    private func refreshLearned(_ dictionary: SpellDictionary) {
        apply(personalDictionary(dictionary.tag).refresh(), to: dictionary)
    }

    /// Applies a change of learned words to a loaded dictionary and tells the observers.
    private func apply(_ change: PersonalDictionary.Change, to dictionary: SpellDictionary) {
        guard !change.isEmpty else { return }
        for word in change.added { dictionary.addLearned(word) }
        for word in change.removed { dictionary.removeLearned(word) }
        let event = LearnedWordsChange(language: dictionary.tag.tag, learned: change.added.sorted(),
                                       unlearned: change.removed.sorted())
        for observer in observers.withLock({ list in
            list.removeAll { $0.observer == nil }
            return list.compactMap(\.observer)
        }) {
            observer.learnedWordsDidChange(event)
        }
    }

    /// Tells `observer` of every later change to learned words, in this process or (noticed on use) in another.
    ///
    /// Held weakly.
    public func addObserver(_ observer: any SpellingObserver) {
        observers.withLock { $0.append(WeakSpellingObserver(observer: observer)) }
    }

    private func personalDictionary(_ tag: LanguageTag) -> PersonalDictionary {
        personal.withLock { map in
            if let existing = map[tag] { return existing }
            let created = PersonalDictionary(folder: personalFolder, tag: tag)
            map[tag] = created
            return created
        }
    }

    /// A checker for the given languages (or the default), with a document's ignored words.
    public func checker(languages: [String]? = nil, documentId: String? = nil) throws(TextServicesError) -> SpellChecker {
        var dictionaries: [SpellDictionary] = []
        for language in languages ?? [defaultLanguage] {
            let dictionary = try dictionary(language)
            if !dictionaries.contains(where: { $0 === dictionary }) { dictionaries.append(dictionary) }
        }
        if dictionaries.isEmpty { dictionaries.append(try dictionary(nil)) }
        let ignored = documentId.map { id in ignores.withLock { $0.words(documentId: id) } } ?? []
        return SpellChecker(dictionaries: dictionaries, ignoredWords: ignored)
    }

    // MARK: Guesses and completions

    /// Guesses for a misspelled word, most likely first; empty for a correct word.
    public func guesses(for word: String, checker: SpellChecker, limit: Int = 10) -> [String] {
        guard !word.isEmpty, limit > 0 else { return [] }
        var lists: [[String]] = []
        for dictionary in checker.dictionaries {
            lists.append(dictionary.guesses(for: word, limit: limit))
        }
        return Self.interleave(lists, limit: limit)
    }

    /// How sure the first guess for a word is, with one dictionary; nil with several (their guesses interleave) or when unsure.
    public func guessConfidence(for word: String, checker: SpellChecker) -> GuessConfidence? {
        guard checker.dictionaries.count == 1, !checker.ignoredWords.contains(word) else { return nil }
        return checker.dictionaries[0].guessConfidence(for: word)
    }

    /// Completions for a prefix, most likely first, in the prefix's case.
    public func completions(for prefix: String, checker: SpellChecker, limit: Int = 10) -> [String] {
        guard !prefix.isEmpty, limit > 0 else { return [] }
        var lists: [[String]] = []
        for dictionary in checker.dictionaries {
            lists.append(dictionary.completions(for: prefix, limit: limit))
        }
        return Self.interleave(lists, limit: limit)
    }

    static func interleave(_ lists: [[String]], limit: Int) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        var index = 0
        while result.count < limit, lists.contains(where: { index < $0.count }) {
            for list in lists where index < list.count && result.count < limit {
                if seen.insert(list[index]).inserted { result.append(list[index]) }
            }
            index += 1
        }
        return result
    }

    // MARK: Ignored words (per document)

    /// Ignores a word in one document's checks until the document closes.
    ///
    /// Throws `.tooLarge` when the document already ignores the most words one may
    /// (`IgnoredWords.maximumWordsPerDocument`) and `.invalidArgument` for a bad
    /// word or an overlong document id; may forget the least recently used other documents.
    public func ignore(_ word: String, documentId: String) throws(TextServicesError) {
        try Self.validateWord(word)
        try ignores.withLock { (ignores: inout IgnoredWords) throws(TextServicesError) in
            try ignores.insert(word, documentId: documentId)
        }
    }

    public func ignoredWords(documentId: String) -> [String] {
        ignores.withLock { $0.words(documentId: documentId).sorted() }
    }

    public func closeDocument(_ documentId: String) {
        ignores.withLock { $0.remove(documentId: documentId) }
    }

    // MARK: Learned words (persistent)

    /// Learns a word for a language; it is on disk when this returns.
    ///
    /// Words other processes learned meanwhile are kept (and taken in).
    public func learn(_ word: String, language: String?) throws(TextServicesError) {
        try Self.validateWord(word)
        let dictionary = try dictionary(language)
        do {
            apply(try personalDictionary(dictionary.tag).add(word), to: dictionary)
        } catch {
            throw .internalFailure("could not save the personal dictionary: \(error)")
        }
    }

    /// Forgets a learned word; the change is on disk when this returns.
    public func unlearn(_ word: String, language: String?) throws(TextServicesError) {
        try Self.validateWord(word)
        let dictionary = try dictionary(language)
        do {
            apply(try personalDictionary(dictionary.tag).remove(word), to: dictionary)
        } catch {
            throw .internalFailure("could not save the personal dictionary: \(error)")
        }
    }

    /// The learned words of a language, sorted.
    public func learnedWords(language: String?) throws(TextServicesError) -> [String] {
        let dictionary = try dictionary(language)
        return personalDictionary(dictionary.tag).all
    }

    /// Checks a word given to learn, unlearn or ignore: not empty, at most 256 bytes, no spaces or control characters.
    public static func validateWord(_ word: String) throws(TextServicesError) {
        guard !word.isEmpty else { throw .invalidArgument(argument: "word", reason: "must not be empty") }
        guard word.utf8.count <= 256 else { throw .invalidArgument(argument: "word", reason: "is longer than 256 bytes") }
        guard !word.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) else {
            throw .invalidArgument(argument: "word", reason: "must be a single word without spaces or control characters")
        }
    }
}
