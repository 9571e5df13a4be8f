import Synchronization

/// Spelling for the whole process: loaded dictionaries, learned words, per-document ignores.
///
/// Dictionaries load on first use and stay loaded. Every method is
/// thread-safe. Errors are `ServiceError`s ready for the wire (-32001 for an
/// unknown language, -32602 for a bad word).
public final class SpellingService: Sendable {
    public let configuration: Configuration
    public let locator: DictionaryLocator
    private let loaded = Mutex<[LanguageTag: SpellDictionary]>([:])
    private let personal = Mutex<[LanguageTag: PersonalDictionary]>([:])
    private let loading = Mutex<Void>(())
    private let ignores = Mutex(IgnoredWords())
    /// The tag each requested name resolved to (`en` to `en_US`).
    private let resolved = Mutex<[String: LanguageTag]>([:])
    /// Dictionaries (by path) whose compiled form is being made in the background.
    let compiling = Mutex<Set<String>>([])

    public init(configuration: Configuration) {
        self.configuration = configuration
        self.locator = DictionaryLocator(configuration: configuration)
    }

    public var defaultLanguage: String { LanguageTag(configuration.defaultLanguage)?.tag ?? configuration.defaultLanguage }

    /// Every dictionary in the search path.
    public func availableLanguages() -> [DictionaryInfo] { locator.available() }

    var personalFolder: String { configuration.dataHome + "/personal" }

    /// The dictionary for a tag, loading it (and its learned words) on first use.
    public func dictionary(_ language: String?) throws(ServiceError) -> SpellDictionary {
        let requested = language ?? defaultLanguage
        // Locating scans the dictionary folders (hundreds of files with many languages installed): once per name.
        if let tag = resolved.withLock({ $0[requested] }), let dictionary = loaded.withLock({ $0[tag] }) { return dictionary }
        let info: DictionaryInfo
        do {
            info = try locator.locate(requested)
        } catch {
            throw ServiceError(code: -32001, message: error.message,
                               data: ["language": .string(requested), "available": .strings(error.available)])
        }
        resolved.withLock { names in
            if names.count >= 1024 { names.removeAll() }
            names[requested] = info.tag
        }
        if let dictionary = loaded.withLock({ $0[info.tag] }) { return dictionary }
        do {
            return try loading.withLock { _ throws(DictionaryError) -> SpellDictionary in
                if let dictionary = loaded.withLock({ $0[info.tag] }) { return dictionary }
                let dictionary = try SpellDictionary(info: info, frequencyFolders: locator.searchPath.map(\.folder),
                                                     compiled: compiler?.open(info),
                                                     suggestBudget: configuration.hunspellSuggestBudget)
                for word in personalDictionary(info.tag).all { dictionary.addLearned(word) }
                loaded.withLock { $0[info.tag] = dictionary }
                return dictionary
            }
        } catch {
            throw ServiceError(code: -32001, message: error.message,
                               data: ["language": .string(requested), "available": .strings(error.available)])
        }
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
    public func checker(languages: [String]? = nil, documentId: String? = nil) throws(ServiceError) -> SpellChecker {
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
    /// Throws -32004 when the document already ignores the most words one may
    /// (`IgnoredWords.maximumWordsPerDocument`) and -32602 for an overlong
    /// document id; may forget the least recently used other documents.
    public func ignore(_ word: String, documentId: String) throws(ServiceError) {
        try ignores.withLock { (ignores: inout IgnoredWords) throws(ServiceError) in
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
    public func learn(_ word: String, language: String?) throws(ServiceError) {
        try Self.validateWord(word)
        let dictionary = try dictionary(language)
        do {
            if try personalDictionary(dictionary.tag).add(word) { dictionary.addLearned(word) }
        } catch {
            throw .internalError("could not save the personal dictionary: \(error)")
        }
    }

    /// Forgets a learned word; the change is on disk when this returns.
    public func unlearn(_ word: String, language: String?) throws(ServiceError) {
        try Self.validateWord(word)
        let dictionary = try dictionary(language)
        do {
            if try personalDictionary(dictionary.tag).remove(word) { dictionary.removeLearned(word) }
        } catch {
            throw .internalError("could not save the personal dictionary: \(error)")
        }
    }

    /// The learned words of a language, sorted.
    public func learnedWords(language: String?) throws(ServiceError) -> [String] {
        let dictionary = try dictionary(language)
        return personalDictionary(dictionary.tag).all
    }

    static func validateWord(_ word: String) throws(ServiceError) {
        guard !word.isEmpty else { throw .invalidParams(field: "word", "must not be empty") }
        guard word.utf8.count <= 256 else { throw .invalidParams(field: "word", "is longer than 256 bytes") }
        guard !word.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) else {
            throw .invalidParams(field: "word", "must be a single word without spaces or control characters")
        }
    }
}
