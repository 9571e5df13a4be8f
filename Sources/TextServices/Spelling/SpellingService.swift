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
    /// What every scope of the process shares (see `scoped(to:)`).
    let shared: SharedState
    /// The dictionary file (its path without extension) each requested name resolved to in this scope.
    private let resolved = Mutex<[String: String]>([:])

    /// Loaded dictionaries keyed by their files, learned words, per-document ignores, observers and compiles.
    ///
    /// One per process: a scope with another search path that resolves a
    /// name to the same files uses the same loaded dictionary.
    final class SharedState: Sendable {
        let loaded = Mutex<[String: SpellDictionary]>([:])
        let personal = Mutex<[LanguageTag: PersonalDictionary]>([:])
        let loading = Mutex<Void>(())
        let ignores = Mutex(IgnoredWords())
        let observers = Mutex<[WeakSpellingObserver]>([])
        /// Dictionaries (by path) whose compiled form is being made in the background.
        let compiling = Mutex<Set<String>>([])
        let backgroundCompiles = Mutex<(any CompileLauncher)?>(nil)
        let scopes = Mutex<[SpellingContext: SpellingService]>([:])
    }

    /// The most scopes kept at once; past it, the kept ones are dropped (their dictionaries stay loaded).
    static let maximumScopes = 64

    public convenience init(configuration: Configuration) {
        self.init(configuration: configuration, shared: SharedState())
    }

    private init(configuration: Configuration, shared: SharedState) {
        self.configuration = configuration
        self.locator = DictionaryLocator(configuration: configuration)
        self.shared = shared
        self.defaultLanguage = LanguageTag(configuration.defaultLanguage)?.tag ?? configuration.defaultLanguage
    }

    /// This process's spelling as a client's environment decides it: its dictionary search path and default language.
    ///
    /// The scope finds dictionaries in `context.dictionaryPaths` (in front of
    /// the bundled and system folders) and uses `context.defaultLanguage` when
    /// a request names none; loaded dictionaries, learned and ignored words and
    /// observers are this service's. Scopes are kept per context, so a client
    /// that comes back finds its names resolved. Thread-safe.
    public func scoped(to context: SpellingContext) -> SpellingService {
        var configuration = self.configuration
        configuration.dictionaryPaths = context.dictionaryPaths
        if let language = context.defaultLanguage { configuration.defaultLanguage = language }
        if configuration.dictionaryPaths == self.configuration.dictionaryPaths,
           configuration.defaultLanguage == self.configuration.defaultLanguage { return self }
        return shared.scopes.withLock { scopes in
            if let existing = scopes[context] { return existing }
            if scopes.count >= Self.maximumScopes { scopes.removeAll() }
            let scope = SpellingService(configuration: configuration, shared: shared)
            scopes[context] = scope
            return scope
        }
    }

    /// The configuration's default language as a normalised tag (else as configured), read once.
    public let defaultLanguage: String

    /// Every dictionary in the search path.
    public func availableLanguages() -> [DictionaryInfo] { locator.available() }

    var personalFolder: String { configuration.dataHome + "/personal" }

    /// The dictionary for a tag, loading it (and its learned words) on first use.
    ///
    /// A name that resolved once keeps its dictionary for the life of the
    /// process. The learned words are brought up to date with the file first.
    public func dictionary(_ language: String?) throws(TextServicesError) -> SpellDictionary {
        try dictionary(language, located: nil)
    }

    /// `dictionary(_:)`, where `located` (when given) is what `locator` found for the name, so it is not looked up again.
    func dictionary(_ language: String?, located: DictionaryInfo?) throws(TextServicesError) -> SpellDictionary {
        let requested = language ?? defaultLanguage
        if let path = resolved.withLock({ $0[requested] }), let dictionary = shared.loaded.withLock({ $0[path] }) {
            refreshLearned(dictionary)
            return dictionary
        }
        let info: DictionaryInfo
        do {
            if let located { info = located } else { info = try locator.locate(requested) }
        } catch {
            throw .unknownLanguage(language: requested, reason: error.message, available: error.available)
        }
        if let dictionary = shared.loaded.withLock({ $0[info.path] }) {
            resolved.withLock { $0[requested] = info.path }
            refreshLearned(dictionary)
            return dictionary
        }
        let dictionary: SpellDictionary
        var isNew = false
        do {
            dictionary = try shared.loading.withLock { _ throws(DictionaryError) -> SpellDictionary in
                if let dictionary = shared.loaded.withLock({ $0[info.path] }) { return dictionary }
                let dictionary = try SpellDictionary(info: info, frequencyFolders: locator.searchPath.map(\.folder),
                                                     compiled: compiler?.open(info),
                                                     suggestBudget: configuration.hunspellSuggestBudget,
                                                     fallbackBudget: configuration.hunspellFallbackBudget)
                for word in personalDictionary(info.tag).all { dictionary.addLearned(word) }
                shared.loaded.withLock { $0[info.path] = dictionary }
                resolved.withLock { $0[requested] = info.path }
                isNew = true
                return dictionary
            }
        } catch {
            throw .unknownLanguage(language: requested, reason: error.message, available: error.available)
        }
        if isNew, dictionary.compiledForm == nil, let launcher = shared.backgroundCompiles.withLock({ $0 }) {
            compileInBackground(dictionary, launcher: launcher)
        }
        return dictionary
    }

    /// Follows a change another process made to a dictionary's learned words.
    private func refreshLearned(_ dictionary: SpellDictionary) {
        apply(personalDictionary(dictionary.tag).refresh(), to: dictionary)
    }

    /// Applies a change of learned words to a loaded dictionary and tells the observers.
    ///
    /// Every loaded dictionary of the language takes it (scopes may have loaded it from different files).
    private func apply(_ change: PersonalDictionary.Change, to dictionary: SpellDictionary) {
        guard !change.isEmpty else { return }
        let sameLanguage = shared.loaded.withLock { $0.values.filter { $0.tag == dictionary.tag && $0 !== dictionary } }
        for target in [dictionary] + sameLanguage {
            for word in change.added { target.addLearned(word) }
            for word in change.removed { target.removeLearned(word) }
        }
        let event = LearnedWordsChange(language: dictionary.tag.tag, learned: change.added.sorted(),
                                       unlearned: change.removed.sorted())
        for observer in shared.observers.withLock({ list in
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
        shared.observers.withLock { $0.append(WeakSpellingObserver(observer: observer)) }
    }

    private func personalDictionary(_ tag: LanguageTag) -> PersonalDictionary {
        shared.personal.withLock { map in
            if let existing = map[tag] { return existing }
            let created = PersonalDictionary(folder: personalFolder, tag: tag)
            map[tag] = created
            return created
        }
    }

    /// A checker for one language whose dictionary `locator` found as `located`, with a document's ignored words.
    func checker(language: String, located: DictionaryInfo?, documentId: String?) throws(TextServicesError) -> SpellChecker {
        let dictionary = try dictionary(language, located: located)
        let ignored = documentId.map { id in shared.ignores.withLock { $0.words(documentId: id) } } ?? []
        return SpellChecker(dictionaries: [dictionary], ignoredWords: ignored)
    }

    /// A checker for the given languages (or the default), with a document's ignored words.
    public func checker(languages: [String]? = nil, documentId: String? = nil) throws(TextServicesError) -> SpellChecker {
        var dictionaries: [SpellDictionary] = []
        for language in languages ?? [defaultLanguage] {
            let dictionary = try dictionary(language)
            if !dictionaries.contains(where: { $0 === dictionary }) { dictionaries.append(dictionary) }
        }
        if dictionaries.isEmpty { dictionaries.append(try dictionary(nil)) }
        let ignored = documentId.map { id in shared.ignores.withLock { $0.words(documentId: id) } } ?? []
        return SpellChecker(dictionaries: dictionaries, ignoredWords: ignored)
    }

    // MARK: Guesses and completions

    /// Guesses for a misspelled word, most likely first; empty for a correct word.
    ///
    /// `quick`: the ranker's guesses alone, as a whole-repository run asks (`SpellDictionary.guesses(for:limit:quick:)`).
    public func guesses(for word: String, checker: SpellChecker, limit: Int = 10, quick: Bool = false) -> [String] {
        guard !word.isEmpty, limit > 0 else { return [] }
        var lists: [[String]] = []
        for dictionary in checker.dictionaries {
            lists.append(dictionary.guesses(for: word, limit: limit, quick: quick))
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
        try shared.ignores.withLock { (ignores: inout IgnoredWords) throws(TextServicesError) in
            try ignores.insert(word, documentId: documentId)
        }
    }

    public func ignoredWords(documentId: String) -> [String] {
        shared.ignores.withLock { $0.words(documentId: documentId).sorted() }
    }

    public func closeDocument(_ documentId: String) {
        shared.ignores.withLock { $0.remove(documentId: documentId) }
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
