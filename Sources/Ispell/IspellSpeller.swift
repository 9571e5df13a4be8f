import Foundation
import TextServices
import TextServicesProtocol

/// The verdicts and guesses of the ispell doors: the services' own, with the words one session accepts or forbids.
///
/// Words go to the services in batches (`spell.checkWords`, then the
/// guesses of the misspelled ones pipelined), so a line or a whole region
/// costs a few round trips. `@word` accepts a word for the session in the
/// forms Hunspell would accept an added word (a lower-case word also
/// Capitalised and in capitals); `@*word` and a personal list's `*word`
/// forbid one. With `projectPath` set, the project's words
/// (`.textsvcd/words.txt` there and above, see `ProjectWords`) are accepted
/// and offered as guesses, read again when their file changes. Not
/// thread-safe: one speller per input stream.
public final class IspellSpeller {
    /// A word's verdict: correct or not, and with `roots` the stem a correct word was accepted through.
    public struct Verdict: Sendable, Equatable {
        public var correct: Bool
        public var root: String?
    }

    /// The dictionaries in use, first one first (learned words go to the first).
    public let languages: [String]
    /// The first dictionary's `.aff` file, whose `WORDCHARS` the tokenizers use (nil when the services did not say).
    public let affixPath: String?
    /// The most guesses per word (Hunspell's own limit is 15).
    public var maximumGuesses = 15
    /// Words with an ASCII apostrophe are misspelled (`--check-apostrophe`: typographic apostrophes are wanted).
    public var rejectsASCIIApostrophes = false
    /// The words learned in this session (`*word`), oldest first, until `takeLearned()`.
    public private(set) var learned: [String] = []
    /// Called with a message for standard error (a word that could not be learned, for instance).
    public var warn: (String) -> Void = { _ in }
    /// The file or folder whose project words apply (the working folder, or the file being read); nil for none.
    public var projectPath: String?

    /// Whether each line's language is detected (`auto` or `auto:TAG,...` asked for): its words are then checked and guessed in it.
    public let detectsLanguage: Bool

    private let client: any TextServicesClient
    private let requested: [String]?
    /// With automatic languages: the candidates named (nil for every loadable dictionary's language).
    private let candidates: [String]?
    private var accepted: Set<String> = []
    private var forbidden: Set<String> = []
    private var warnedProblems: Set<String> = []

    /// The most words in one `spell.checkWords` request.
    static let batchSize = 5_000

    /// Opens the speller on `languages` (the services' default when nil).
    ///
    /// Throws the client's `ServiceError`: -32001 when a language has no
    /// dictionary, or the daemon's unavailability.
    /// With `auto` (or `auto:TAG,...`) the speller detects each line's
    /// language (`language(of:)`); `languages` are then the candidates
    /// named, or the default language when none are.
    public init(client: any TextServicesClient, languages: [String]?) throws(ServiceError) {
        self.client = client
        let automatic = languages?.count == 1 && (languages![0] == "auto" || languages![0].hasPrefix("auto:"))
        self.detectsLanguage = automatic
        self.candidates = automatic && languages![0].hasPrefix("auto:")
            ? languages![0].dropFirst(5).split(separator: ",").map(String.init) : nil
        self.requested = automatic ? candidates : languages
        let resolved = try client.send(SpellCheckWordsRequest(words: [], languages: requested)).languages
        self.languages = resolved
        let dictionaries = try client.send(SpellLanguagesRequest()).languages
        self.affixPath = dictionaries.first { $0.tag == resolved.first }.map { Self.affixPath(ofDictionary: $0.path) }
    }

    /// The `.aff` file beside a dictionary's `.dic` file.
    static func affixPath(ofDictionary path: String) -> String {
        (path.hasSuffix(".dic") ? String(path.dropLast(4)) : path) + ".aff"
    }

    /// Accepts `word` until the session ends (`@word`); a word given as `word/affixes` is accepted as `word`.
    public func accept(_ entry: String) {
        let word = Self.word(ofEntry: entry)
        guard !word.isEmpty else { return }
        for form in Self.forms(of: word) {
            accepted.insert(form)
            forbidden.remove(form)
        }
    }

    /// Rejects `word` until the session ends, even where a dictionary has it (`@*word`).
    public func forbid(_ entry: String) {
        let word = Self.word(ofEntry: entry)
        guard !word.isEmpty else { return }
        for form in Self.forms(of: word) {
            forbidden.insert(form)
            accepted.remove(form)
        }
    }

    /// Learns `word` into the personal dictionary of the first language, through the services (`*word`).
    ///
    /// When the services cannot learn it, the word is accepted for this session and `warn` says why.
    public func learn(_ entry: String) {
        let word = Self.word(ofEntry: entry)
        guard !word.isEmpty else { return }
        learned.append(word)
        do {
            _ = try client.send(SpellLearnRequest(word: word, language: languages.first))
        } catch {
            warn("could not learn '\(word)': \(error.message); accepted for this session only")
        }
        accept(word)
    }

    /// The words learned since the last call, which a personal word list (`-p FILE`) saves on `#`.
    public func takeLearned() -> [String] {
        defer { learned = [] }
        return learned
    }

    /// With automatic languages, the language each of `texts` is in (one request each, pipelined); nil where none was found.
    ///
    /// Without automatic languages every answer is nil. A text the services
    /// could not place (no letters, an error) gets nil too: its words are
    /// then checked in `languages`.
    public func languages(of texts: [String]) -> [String?] {
        guard detectsLanguage else { return texts.map { _ in nil } }
        let requests = texts.map { TextLanguageRequest(text: $0, candidates: candidates, granularity: .document, maximum: 1) }
        return client.sendAll(requests).map { (try? $0.get())?.ranges.first?.language }
    }

    /// The languages words are checked and guessed in: `language` (a detected one), else those asked for.
    private func asked(_ language: String?) -> [String]? {
        if let language { return [language] }
        return detectsLanguage ? languages : requested
    }

    /// The verdicts on `words` (duplicates allowed), keyed by word; in `language` when given (a detected language).
    public func verdicts(_ words: [String], roots: Bool = false, language: String? = nil) throws(ServiceError) -> [String: Verdict] {
        var result: [String: Verdict] = [:]
        var unknown: [String] = []
        var seen = Set<String>()
        let project = projectWords()
        for word in words where seen.insert(word).inserted {
            if forbidden.contains(word) || (rejectsASCIIApostrophes && word.contains("'")) {
                result[word] = Verdict(correct: false)
            } else if accepted.contains(word) || project?.accepts(word) == true {
                result[word] = Verdict(correct: true)
            } else {
                unknown.append(word)
            }
        }
        var start = 0
        while start < unknown.count {
            let batch = Array(unknown[start..<min(unknown.count, start + Self.batchSize)])
            let answer = try client.send(SpellCheckWordsRequest(words: batch, languages: asked(language), roots: roots ? true : nil))
            for (index, word) in batch.enumerated() {
                result[word] = Verdict(correct: answer.correct[index], root: answer.roots?[index] ?? nil)
            }
            start += batch.count
        }
        return result
    }

    /// The guesses for each of `words` (in `language` when given), most likely first; a word whose guesses could not be had gets none.
    ///
    /// Guesses with a comma are left out: the pipe separates guesses with commas. Near project words join the dictionary's.
    public func guesses(_ words: [String], language: String? = nil) -> [String: [String]] {
        let requests = words.map { SpellGuessesRequest(word: $0, languages: asked(language), limit: maximumGuesses) }
        let project = projectWords()
        var result: [String: [String]] = [:]
        for (word, outcome) in zip(words, client.sendAll(requests)) {
            var guesses = (try? outcome.get())?.guesses ?? []
            if let project { guesses = project.words.guesses(near: word, before: guesses, limit: maximumGuesses) }
            result[word] = guesses.filter { !$0.isEmpty && !$0.contains(",") }
        }
        return result
    }

    /// What the project of `projectPath` says (nil when it has no words); a problem in a words or config file is warned about once.
    private func projectWords() -> Project? {
        guard let projectPath else { return nil }
        let project = Project.nearest(to: projectPath)
        for problem in project.problems + project.errors where warnedProblems.insert(problem).inserted { warn(problem) }
        return project.words.isEmpty && project.settings.words.isEmpty ? nil : project
    }

    /// The word of a personal-list or `@` entry: without `/affixes`, trimmed.
    static func word(ofEntry entry: String) -> String {
        var word = entry.trimmingCharacters(in: .whitespaces)
        if let slash = word.dropFirst().firstIndex(of: "/") { word = String(word[..<slash]) }
        return word
    }

    /// The forms Hunspell accepts an added word in: itself, and a lower-case word Capitalised and in capitals.
    static func forms(of word: String) -> [String] {
        guard let first = word.first, first.isLowercase else { return [word] }
        return [word, first.uppercased() + word.dropFirst(), word.uppercased()]
    }
}
