import Synchronization

/// One language's dictionary: Hunspell plus a verdict cache, learned words and word lists.
///
/// Thread-safe. Verdicts are cached per word (real text repeats words a
/// great deal); learning or unlearning a word clears the cache.
public final class SpellDictionary: Sendable {
    public let info: DictionaryInfo
    public let engine: HunspellEngine
    private let compiled = CompiledSlot()
    private let cache: VerdictCache
    /// This dictionary's number among those this process loaded, for telling them apart (`VerdictStamp`).
    private let serial = SpellDictionary.serials.add(1, ordering: .relaxed).newValue
    private static let serials = Atomic<Int>(0)
    /// How many times the learned words changed.
    private let learnedGeneration = Atomic<Int>(0)
    /// Word memos kept between scans of checkers whose first dictionary this is (`SpellChecker.check`).
    let memos = WordMemoPool()
    /// Guesses already given, by word; cleared when the words or the dictionary change.
    let guessCache = GuessCache()
    /// Hunspell's suggest on a worker, bounded in time (`suggestBudget`).
    let budgetedSuggestions: BudgetedSuggestions
    private let learnedWords = Mutex<Set<String>>([])
    /// Folders searched for `<language>.freq` word frequencies.
    public let frequencyFolders: [String]
    private let storeStorage = Mutex<WordStore?>(nil)
    private let guesserStorage = Mutex<Guesser?>(nil)

    public var tag: LanguageTag { info.tag }

    /// Loads a dictionary; throws `DictionaryError` when its files are unusable.
    ///
    /// Word frequencies are looked for in `frequencyFolders`, then beside
    /// the dictionary. With a `compiled` form (`DictionaryCompiler.open`),
    /// words and guess indexes come from it and one Hunspell handle (not
    /// `handles`) loads in the background (or on first need, when the compiled form also proves words
    /// wrong); without one, they are built on first use. Guesses wait
    /// for Hunspell's own suggestions at most `suggestBudget` (nil: as long
    /// as they take; see `guesses(for:limit:)`), or `fallbackBudget` (nil:
    /// `suggestBudget`) where word frequencies make them a fallback.
    public init(info: DictionaryInfo, handles: Int = 2, frequencyFolders: [String] = [],
                compiled: CompiledDictionary? = nil, suggestBudget: Duration? = nil,
                fallbackBudget: Duration? = nil) throws(DictionaryError) {
        self.info = info
        self.frequencyFolders = Self.frequencySearchFolders(info: info, extra: frequencyFolders)
        if let compiled {
            // Hunspell answers only the words the compiled form cannot decide: one handle serves them, and a
            // second, loaded only when needed, answers them while the first runs a slow suggest. When the
            // compiled form also proves words wrong, many uses never need Hunspell: it loads on demand.
            self.engine = try HunspellEngine(info: info, handles: 2, declaredCharset: compiled.metadata.charset,
                                             loadInBackground: !compiled.rejects.isUsable)
            self.compiled.store(compiled)
        } else {
            self.engine = try HunspellEngine(info: info, handles: handles)
        }
        self.cache = VerdictCache()
        self.budgetedSuggestions = BudgetedSuggestions(budget: suggestBudget, fallbackBudget: fallbackBudget)
    }

    /// The folders searched for a dictionary's frequency file: `extra`, then the dictionary's own folder.
    static func frequencySearchFolders(info: DictionaryInfo, extra: [String]) -> [String] {
        var folders = extra
        let own = info.path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !folders.contains(own) { folders.append(own.isEmpty ? "." : own) }
        return folders
    }

    /// The compiled form in use, if any.
    public var compiledForm: CompiledDictionary? { compiled.load() }

    /// Starts using a compiled form of this dictionary's files, for accepting words and guessing.
    ///
    /// The caller checks that it is current (`DictionaryCompiler.open` does).
    /// Verdicts do not change (a compiled form holds only Hunspell's); cached
    /// guesses are dropped. Thread-safe; callers in flight finish with what they had.
    public func useCompiled(_ form: CompiledDictionary) {
        compiled.store(form)
        guesserStorage.withLock { $0 = nil }
        storeStorage.withLock { $0 = nil }
        guessCache.clear()
    }

    /// Whether the compiled form accepts the word with these UTF-8 bytes, decided from the bytes alone.
    ///
    /// True is the verdict `accepts(_:)` gives (learned words only add to it); false means "not known
    /// here": ask `accepts(_:)`. Makes no string. Thread-safe.
    @inline(__always)
    func acceptsFromCompiled(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        compiled.load()?.accepted.accepts(utf8: bytes) ?? false
    }

    /// Hints that `acceptsFromCompiled(utf8:)` is asked about these bytes soon (`AcceptTable.prefetch`).
    @inline(__always)
    func prefetchCompiled(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        compiled.load()?.accepted.prefetch(bytes)
    }

    /// Whether the dictionary (with learned words) accepts a word.
    ///
    /// Typographic apostrophes are treated like ASCII ones. A word the
    /// compiled form holds is decided there; any other goes to Hunspell.
    public func accepts(_ word: String) -> Bool {
        accepts(word, bytesNotAccepted: false)
    }

    /// `accepts(_:)`, with the compiled form's accept table read with `pread` rather than through the mapping.
    ///
    /// The same verdict, for a one-off question about a word this dictionary
    /// does not check (`alsoIn`): it maps none of the table's pages into this
    /// process (`AcceptTable.accepts(_:unmapped:)`).
    func acceptsUnmapped(_ word: String) -> Bool {
        accepts(word, bytesNotAccepted: false, unmapped: true)
    }

    /// `accepts(_:)`, told whether `acceptsFromCompiled(utf8:)` already answered no for the word's bytes.
    ///
    /// For an ASCII word that answer is the compiled form's whole answer, so the cache is asked first: a word
    /// it holds was not accepted by the compiled form (only such words are stored), and its verdict is final.
    func accepts(_ word: String, bytesNotAccepted: Bool, unmapped: Bool = false) -> Bool {
        if let verdict = verdictWithoutHunspell(word, bytesNotAccepted: bytesNotAccepted, unmapped: unmapped) { return verdict }
        return hunspellVerdict(word)
    }

    /// `accepts(_:bytesNotAccepted:)` when it needs no Hunspell handle that is still to load; else nil, and the
    /// handle starts loading in the background (`HunspellEngine.startLoading`).
    ///
    /// The same verdict, for a caller that asks about the word again later rather than wait for the load.
    func acceptsWithoutWaiting(_ word: String, bytesNotAccepted: Bool) -> Bool? {
        if let verdict = verdictWithoutHunspell(word, bytesNotAccepted: bytesNotAccepted, unmapped: false) { return verdict }
        guard engine.isLoaded else {
            engine.startLoading()
            return nil
        }
        return hunspellVerdict(word)
    }

    /// The verdict of the compiled form, the cache and the learned words, where they give one; nil: ask Hunspell.
    private func verdictWithoutHunspell(_ word: String, bytesNotAccepted: Bool, unmapped: Bool) -> Bool? {
        // Whether the cache was asked already: once a word is enough (a lock and the word's hash each time; a German
        // check asked it three times for each foreign word).
        var cacheAsked = false
        if let form = compiled.load() {
            // A letter the dictionary holds nowhere settles the word before any table is read.
            if form.rejects.rejectsByLetters(word), learnedWords.withLock({ $0.isEmpty }) { return false }
            if bytesNotAccepted, word.utf8.allSatisfy({ $0 < 0x80 }) {
                if let verdict = cache.lookup(word) { return verdict }
                cacheAsked = true
            } else if form.accepted.accepts(word, unmapped: unmapped) {
                return true
            }
            let hasTypographic = word.utf8.contains(0xE2) && word.contains("\u{2019}")
            let ascii = hasTypographic ? String(word.map { $0 == "\u{2019}" ? "'" : $0 }) : word
            if hasTypographic, form.accepted.accepts(ascii, unmapped: unmapped) { return true }
            // Hunspell accepts `a-b-c` through word breaking when it accepts each part (`RejectIndex.hyphenatedParts`), an
            // elided one (`d'entre-nous`) included; with `’` as its ICONV makes it, where that is all ICONV does with `’`.
            let breakable = hasTypographic && form.rejects.convertsTypographicApostrophe ? ascii : word
            if let parts = form.rejects.hyphenatedParts(breakable),
               parts.allSatisfy({ form.accepted.accepts($0, unmapped: unmapped) || form.rejects.acceptsElided($0) }) {
                return true
            }
            // An elided word on a suffixed form (Italian `dell'acqua`), which the accept table leaves out.
            if form.rejects.acceptsElided(word) || (hasTypographic && form.rejects.acceptsElided(ascii)) { return true }
            // Proving a word wrong spares loading Hunspell, and costs less than asking it once loaded: Hunspell's
            // search of a wrong word (its hash chains' `strcmp`, compounding) was a sixth of a repository's check.
            if form.rejects.isUsable {
                if !cacheAsked, let verdict = cache.lookup(word) { return verdict }
                cacheAsked = true
                // Proven wrong for Hunspell (both spellings it would be asked, or the one its ICONV makes of both), and no
                // learned word can save it.
                let proven = hasTypographic
                    ? form.rejects.rejects(ascii) && (form.rejects.convertsTypographicApostrophe || form.rejects.rejects(word))
                    : form.rejects.rejects(word)
                if proven, learnedWords.withLock({ $0.isEmpty }) {
                    cache.store(word, false)
                    return false
                }
            }
        }
        return cacheAsked ? nil : cache.lookup(word)
    }

    /// Hunspell's verdict (with the typographic apostrophe made ASCII, and the learned words), cached.
    private func hunspellVerdict(_ word: String) -> Bool {
        var verdict = engine.spell(word)
        if !verdict, word.utf8.contains(0xE2), word.contains("\u{2019}") {
            verdict = engine.spell(String(word.map { $0 == "\u{2019}" ? "'" : $0 }))
        }
        if !verdict, !learnedWords.withLock({ $0.isEmpty }) {
            verdict = learnedWords.withLock { $0.contains(word) }
        }
        cache.store(word, verdict)
        return verdict
    }

    /// Hunspell's own suggestions for a word, most likely first.
    public func hunspellSuggestions(_ word: String) -> [String] {
        var suggestions = engine.suggest(word)
        if suggestions.isEmpty, word.contains("\u{2019}") {
            suggestions = engine.suggest(String(word.map { $0 == "\u{2019}" ? "'" : $0 }))
        }
        return suggestions
    }

    /// What a verdict of this dictionary depends on that can change: which dictionary it is, and its learned words.
    struct VerdictStamp: Equatable, Sendable {
        var serial: Int
        var learnedGeneration: Int
    }

    /// This dictionary's stamp now.
    var verdictStamp: VerdictStamp {
        VerdictStamp(serial: serial, learnedGeneration: learnedGeneration.load(ordering: .acquiring))
    }

    /// Makes a word correct in this dictionary for the life of the process.
    func addLearned(_ word: String) {
        learnedWords.withLock { _ = $0.insert(word) }
        engine.add(word)
        learnedGeneration.add(1, ordering: .releasing)
        cache.clear()
        guessCache.clear()
        budgetedSuggestions.clear()
    }

    /// Undoes `addLearned`.
    func removeLearned(_ word: String) {
        learnedWords.withLock { _ = $0.remove(word) }
        engine.remove(word)
        learnedGeneration.add(1, ordering: .releasing)
        cache.clear()
        guessCache.clear()
        budgetedSuggestions.clear()
    }

    /// The words of the dictionary (with affixed forms and learned words), built on first use.
    public var wordList: WordList {
        WordList(store: wordStore, learned: learned)
    }

    /// The user's learned words for this dictionary.
    var learned: [String] { learnedWords.withLock { Array($0) } }

    /// Every form of the dictionary with its frequency, built once on first use.
    ///
    /// Concurrent first callers wait for the one build.
    var wordStore: WordStore {
        if let form = compiled.load() { return form.store }
        return storeStorage.withLock { stored in
            if let stored { return stored }
            let frequencies = WordFrequencies.locate(tag, folders: frequencyFolders).flatMap(WordFrequencies.load(path:))
            let store = WordStore(forms: WordFormExpander.formList(of: info), frequencies: frequencies)
            AllocatorTrim.releaseFreeMemory()
            stored = store
            return store
        }
    }

    /// Builds the guess engine now when a compiled form is in use, so that the first guess does not.
    ///
    /// With a compiled form this is cheap (its indexes are mapped, the
    /// `.aff` file's guess settings read), and a daemon does it before it
    /// gives back its start-up pages, so that serving guesses maps none of
    /// the code that reading the `.aff` file runs. Without one it does
    /// nothing: building the index in memory is the first guess's work.
    public func prepareGuesses() {
        guard compiled.load() != nil else { return }
        _ = guesser
    }

    /// Whether the guess engine is built (`prepareGuesses`, or a guess).
    var hasGuesser: Bool { guesserStorage.withLock { $0 != nil } }

    /// The guess engine with its deletion index, built once on first use.
    var guesser: Guesser {
        if let built = guesserStorage.withLock({ $0 }) { return built }
        if let form = compiled.load() {
            return guesserStorage.withLock { stored in
                if let stored { return stored }
                let guesser = Guesser(store: form.store, index: form.deletionIndex, phonetic: form.phonetic,
                                      affixes: AffixFile.load(path: info.affixPath), language: tag.language)
                stored = guesser
                return guesser
            }
        }
        let store = wordStore
        return guesserStorage.withLock { stored in
            if let stored { return stored }
            let guesser = Guesser(store: store, affixes: AffixFile.load(path: info.affixPath), language: tag.language)
            AllocatorTrim.releaseFreeMemory()
            stored = guesser
            return guesser
        }
    }
}

/// A sharded cache of spelling verdicts.
final class VerdictCache: Sendable {
    private static let shardCount = 16
    private static let shardCapacity = 1 << 15
    private let shards: [Locked<[String: Bool]>]

    init() {
        shards = (0..<Self.shardCount).map { _ in Locked([:]) }
    }

    private func shard(_ word: String) -> Int {
        var hasher = Hasher()
        hasher.combine(word.utf8.count)
        if let first = word.utf8.first { hasher.combine(first) }
        if let last = word.utf8.last { hasher.combine(last) }
        return Int(UInt(bitPattern: hasher.finalize()) % UInt(Self.shardCount))
    }

    func lookup(_ word: String) -> Bool? {
        shards[shard(word)].withLock { $0[word] }
    }

    func store(_ word: String, _ verdict: Bool) {
        shards[shard(word)].withLock { cache in
            if cache.count >= Self.shardCapacity { cache.removeAll(keepingCapacity: true) }
            cache[word] = verdict
        }
    }

    func clear() {
        for shard in shards { shard.withLock { $0.removeAll() } }
    }
}
