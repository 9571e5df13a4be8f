import Foundation
import Synchronization

/// Language identification for the whole process: the candidates, the shared model, and `identify`.
///
/// Candidates default to the languages of the dictionaries this process can
/// load that have word frequencies, one per language: the default
/// language's variant when it is one of them, else the dictionary a bare
/// language code finds (`de` → `de_DE`). Detection needs no dictionary: the
/// model is built from the frequency files once, kept in the compiled
/// dictionaries' cache folder (`languages-<key>.tsvlang`, rebuilt when any
/// source file changes) and mapped, so every process shares it.
/// Thread-safe.
public final class LanguageIdentification: Sendable {
    let spelling: SpellingService
    let models: Models
    private let defaults = Mutex<(time: ContinuousClock.Instant, candidates: [LanguageCandidate])?>(nil)
    /// The candidate each requested tag resolved to in this scope; like a dictionary's name, kept for the life of the process.
    private let resolved = Mutex<[String: LanguageCandidate]>([:])

    /// The model in use, the lock that builds one, and what is kept across requests (the paragraphs' verdicts, the
    /// checked texts' spans, the misspelled words' listings), shared by every scope.
    final class Models: Sendable {
        let current = Mutex<LanguageModel?>(nil)
        let building = Mutex<Void>(())
        /// Each paragraph's language ranges, by its bytes and the identification's settings.
        let verdicts = KeptByContent<LanguageRange>(capacity: 8_192)
        /// The spans a whole text was checked in with `auto`, by its bytes and the settings (`spans`).
        let spans = KeptByContent<LanguageSpan>(capacity: 256)
        let listings = WordListings()
        /// The misspellings' `alsoIn` of the last texts checked, by their bytes.
        let alsoIn = KeptAlsoIn()
    }

    public init(spelling: SpellingService) {
        self.spelling = spelling
        self.models = Models()
    }

    private init(spelling: SpellingService, models: Models) {
        self.spelling = spelling
        self.models = models
    }

    /// The same identification over a session's spelling scope (`SpellingService.scoped(to:)`).
    ///
    /// Candidates are then found on that scope's dictionary search path and
    /// its default language; the language model stays shared.
    public func scoped(to spelling: SpellingService) -> LanguageIdentification {
        spelling === self.spelling ? self : LanguageIdentification(spelling: spelling, models: models)
    }

    /// Gives back the pages of the language model in use that lookups mapped since the last call.
    ///
    /// For a long-lived process, once it is at rest
    /// (`LanguageModel.releaseResidentPages`): scoring a text not seen
    /// before maps most of the model, and a re-check (kept verdicts) maps
    /// none of it. Does nothing when no lookup read the model since.
    public func releaseModelPages() {
        models.current.withLock { $0 }?.releaseResidentPages()
    }

    /// Whether a lookup has read the language model in use since `releaseModelPages` last gave its pages back.
    public var modelHasBeenRead: Bool { models.current.withLock { $0 }?.hasBeenRead ?? false }

    /// The candidates every request gets without `candidates`, sorted by tag.
    ///
    /// Found at most once a second in a process, and kept in the cache
    /// folder for the next process while the search path's folders hold the
    /// same files (`KeptCandidates`).
    public func defaultCandidates() -> [LanguageCandidate] {
        let now = ContinuousClock.now
        if let cached = defaults.withLock({ $0 }), now - cached.time < .seconds(1) { return cached.candidates }
        let folders = spelling.locator.searchPath.map(\.folder)
        let stamps = KeptCandidates.stamps(folders)
        let kept = spelling.configuration.compiledDictionaries.map {
            KeptCandidates.path(cacheFolder: $0, defaultLanguage: spelling.defaultLanguage, folders: folders)
        }
        if let kept, let candidates = KeptCandidates.load(kept, folders: folders, stamps: stamps) {
            defaults.withLock { $0 = (now, candidates) }
            return candidates
        }
        let candidates = findDefaultCandidates()
        if let kept, KeptCandidates.canKeep(folders, stamps: stamps, now: Date().timeIntervalSince1970) {
            KeptCandidates.store(candidates, at: kept, folders: folders, stamps: stamps)
        }
        defaults.withLock { $0 = (now, candidates) }
        return candidates
    }

    /// `defaultCandidates` found afresh from the search path's files.
    ///
    /// Each language is located among its own dictionaries only (no other
    /// can answer for it), and each folder is listed once for the frequency
    /// files rather than asked for each path: with Debian's 136 dictionaries
    /// (61 languages, 33 with word lists), locating each language among all
    /// of them and up to ten `access` calls a language were about 5% of a
    /// fresh process's `check --lang auto` of a 9,000-word English file.
    private func findDefaultCandidates() -> [LanguageCandidate] {
        let available = spelling.availableLanguages()
        let preferred = LanguageTag(spelling.defaultLanguage)
        var byLanguage: [String: [DictionaryInfo]] = [:]
        for info in available { byLanguage[info.tag.language, default: []].append(info) }
        var listings: [String: Set<String>?] = [:]
        var folders: [Substring: [String]] = [:]
        var byCode: [String: LanguageCandidate] = [:]
        for (code, sameLanguage) in byLanguage.sorted(by: { $0.key < $1.key }) {
            // As `locate` chooses, but its files are checked only once the language is known to have word frequencies.
            let info: DictionaryInfo?
            var checked = true
            if let preferred, preferred.language == code, let exact = sameLanguage.first(where: { $0.tag == preferred }) {
                info = exact
            } else {
                let among = LanguageTag(dictionaryName: code)?.language == code ? sameLanguage : available
                info = spelling.locator.preferred(code, among: among)
                checked = false
            }
            guard let info else { continue }
            let folder = info.path[..<(info.path.lastIndex(of: "/") ?? info.path.startIndex)]
            let searched = folders[folder] ?? frequencyFolders(info)
            folders[folder] = searched
            // The listing found the `.aff` readable a moment ago, so of `locate`'s check only the `.dic` is left.
            guard let path = WordFrequencies.locate(info.tag, folders: searched, listings: &listings),
                  checked || FileSystem.isReadable(info.wordsPath) else { continue }
            byCode[code] = LanguageCandidate(info, frequencyPath: path)
        }
        return byCode.values.sorted { $0.tag < $1.tag }
    }

    /// The candidates for requested tags (nil: the defaults), one per language, first tag winning.
    ///
    /// Throws `.unknownLanguage` (with the default candidates as the
    /// available list) for a tag without a dictionary or without word
    /// frequencies, and `.invalidArgument` for an empty list.
    public func candidates(_ requested: [String]?) throws(TextServicesError) -> [LanguageCandidate] {
        guard let requested else {
            let defaults = defaultCandidates()
            guard !defaults.isEmpty else {
                throw .unknownLanguage(language: "auto", reason: "no dictionary with word frequencies to detect languages among",
                                       available: [])
            }
            return defaults
        }
        guard !requested.isEmpty else { throw .invalidArgument(argument: "candidates", reason: "must not be empty") }
        var chosen: [LanguageCandidate] = []
        var listing: [DictionaryInfo]?
        for tag in requested {
            let candidate = try resolvedCandidate(tag, listing: &listing)
            if !chosen.contains(where: { $0.code == candidate.code }) { chosen.append(candidate) }
        }
        return chosen
    }

    /// The candidate a requested tag names, found once and then remembered (a tag that fails is looked up again next time).
    ///
    /// `listing` is the search path's dictionaries, listed on the first tag not yet resolved and then reused.
    private func resolvedCandidate(_ tag: String, listing: inout [DictionaryInfo]?) throws(TextServicesError) -> LanguageCandidate {
        if let known = resolved.withLock({ $0[tag] }) { return known }
        let info: DictionaryInfo
        do {
            let all = listing ?? spelling.locator.available()
            listing = all
            info = try spelling.locator.locate(tag, among: all)
        } catch {
            throw .unknownLanguage(language: tag, reason: error.message, available: defaultCandidates().map(\.tag))
        }
        guard let candidate = candidate(info) else {
            throw .unknownLanguage(language: tag,
                                   reason: "no word frequencies for '\(info.tag.tag)' (\(info.tag.language).freq), which detection needs",
                                   available: defaultCandidates().map(\.tag))
        }
        resolved.withLock { $0[tag] = candidate }
        return candidate
    }

    private func candidate(_ info: DictionaryInfo) -> LanguageCandidate? {
        WordFrequencies.locate(info.tag, folders: frequencyFolders(info)).map { LanguageCandidate(info, frequencyPath: $0) }
    }

    private func frequencyFolders(_ info: DictionaryInfo) -> [String] {
        SpellDictionary.frequencySearchFolders(info: info, extra: spelling.locator.searchPath.map(\.folder))
    }

    /// The ranges of `range` of `text` (the whole text by default), each with its language.
    ///
    /// `hints` weigh candidates (a tag's prior relative to 1 for the
    /// others; must be positive and name candidates); `maximum` caps each
    /// range's hypotheses. Text without evidence gets no range.
    public func identify(_ text: TextBuffer, range: ByteRange? = nil, candidates requested: [String]? = nil,
                         hints: [String: Double] = [:], granularity: LanguageGranularity = .paragraph,
                         maximum: Int = 3) throws(TextServicesError) -> [LanguageRange] {
        try identify(text, range: range, among: try candidates(requested), hints: hints, granularity: granularity, maximum: maximum,
                     joiningLines: false)
    }

    /// `identify` among candidates already resolved (as `candidates(_:)` gives them, so they are not looked up again),
    /// where with `joiningLines` a paragraph is a block of lines between blank lines (a hard-wrapped paragraph).
    /// `settled` blocks are taken for the default language unscored (`SettledBlocks`; with `joiningLines` only).
    func identify(_ text: TextBuffer, range: ByteRange?, among candidates: [LanguageCandidate], hints: [String: Double],
                  granularity: LanguageGranularity, maximum: Int, joiningLines: Bool,
                  settled: SettledBlocks? = nil) throws(TextServicesError) -> [LanguageRange] {
        guard maximum > 0 else { throw .invalidArgument(argument: "maximum", reason: "must be at least 1") }
        var priors = [Double](repeating: 0, count: candidates.count)
        for (tag, weight) in hints {
            guard weight.isFinite, weight > 0 else {
                throw .invalidArgument(argument: "hints", reason: "weights must be positive numbers ('\(tag)' has \(weight))")
            }
            let code = LanguageTag(tag)?.language ?? tag
            guard let index = candidates.firstIndex(where: { $0.tag == tag || $0.code == code }) else {
                throw .invalidArgument(argument: "hints", reason: "'\(tag)' is not one of the candidates \(candidates.map(\.tag))")
            }
            priors[index] = log(weight)
        }
        let range = range ?? text.fullRange
        guard LanguageWordScanner.containsLetter(text.bytes, range: range.ints) else { return [] }
        let model = try model(for: candidates)
        let indices = candidates.map { candidate in model.languages.firstIndex(of: candidate.code)! }
        var identifier = LanguageIdentifier(scorer: LanguageScorer(model: model, indices: indices, priors: priors),
                                            candidates: candidates, maximum: min(maximum, candidates.count),
                                            verdicts: models.verdicts, joiningLines: joiningLines, settled: settled)
        return try identifier.identify(text, range: range, granularity: granularity)
    }

    /// A model that knows every language of `candidates`, built or mapped on first need.
    ///
    /// The model in use serves while it knows them all; otherwise the
    /// shared model of every bundled word list, when one is compiled (an
    /// install does) and the candidates' lists are all among them; otherwise
    /// the model of exactly these candidates (cached by its own key), built
    /// here when no cache holds it.
    public func model(for candidates: [LanguageCandidate]) throws(TextServicesError) -> LanguageModel {
        if let model = models.current.withLock({ $0 }), candidates.allSatisfy({ model.languages.contains($0.code) }) { return model }
        return try models.building.withLock { _ throws(TextServicesError) -> LanguageModel in
            if let model = models.current.withLock({ $0 }), candidates.allSatisfy({ model.languages.contains($0.code) }) { return model }
            if let model = sharedModel(for: candidates) {
                models.current.withLock { $0 = model }
                return model
            }
            var sources: [String: LanguageModel.Source] = [:]
            for candidate in candidates where sources[candidate.code] == nil {
                sources[candidate.code] = .init(code: candidate.code, frequencyPath: candidate.frequencyPath)
            }
            let ordered = sources.keys.sorted().map { sources[$0]! }
            do {
                let model = try LanguageModel.open(ordered, cacheFolder: spelling.configuration.compiledDictionaries,
                                                   sharedFolders: spelling.configuration.systemCompiledDictionaries)
                models.current.withLock { $0 = model }
                return model
            } catch {
                throw .internalFailure("cannot build the language model: \(error)")
            }
        }
    }

    /// The compiled model of every word list in the bundled dictionaries folder, when it covers `candidates`; never built here.
    ///
    /// Looked for in the install's read-only folders, then the cache
    /// (`textsvcd dictionaries compile --language-model` writes it).
    private func sharedModel(for candidates: [LanguageCandidate]) -> LanguageModel? {
        let configuration = spelling.configuration
        guard let folder = configuration.bundledDictionaries else { return nil }
        let sources = LanguageModel.sources(inFolder: folder)
        let paths = Set(sources.map(\.frequencyPath))
        guard !sources.isEmpty, candidates.allSatisfy({ paths.contains($0.frequencyPath) }) else { return nil }
        let folders = configuration.systemCompiledDictionaries + (configuration.compiledDictionaries.map { [$0] } ?? [])
        return LanguageModel.cached(LanguageModel.key(of: sources), folders: folders)
    }
}
