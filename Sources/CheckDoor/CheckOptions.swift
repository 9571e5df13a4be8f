import TextServices
import TextServicesProtocol

/// What a `check` run was asked for: the output, the guesses, the mode and the languages.
public struct CheckOptions: Sendable {
    /// How findings are printed.
    public var format: CheckFormat
    /// Guesses per misspelling in text and JSON output (0 for none; `list` never shows any).
    public var guesses: Int
    /// What to read of each file.
    public var mode: CheckMode
    /// The unit of the `range` in JSON output.
    public var encoding: PositionEncoding
    /// The languages asked for, or nil for the default.
    public var languages: [String]?
    /// The language findings are reported in (SARIF's `language` property): the tags asked for, or the default's.
    public var languageLabel = "en_US"
    /// What is done with words in a script none of the languages is written in (`--other-scripts`), or nil for
    /// the project's `other-scripts`, else `.skip` (`.check` in the list format, which is `hunspell -l`'s).
    public var otherScripts: OtherScripts?
    /// Only misspellings on these lines are reported (`--diff`, `--staged`), or nil for all.
    public var changedLines: ChangedLines?
    /// Replace confident misspellings in the files (`--fix`), or nil to only report.
    public var fix: CheckFix?
    /// Ask about each misspelling (`--interactive`): reports carry `findings` instead of lines.
    public var interactive = false
    /// When a folder is walked, the rule by which words the tree itself uses again and again are not
    /// reported (`RepositoryVocabulary`), or nil to report every word (`--no-repository-words`).
    public var repositoryVocabulary: RepositoryVocabulary.Rule? = .standard
    /// Guesses from the frequency ranker alone, without Hunspell's slow suggest (`SpellGuessesRequest.quick`):
    /// set by `CheckRun` when a folder is walked, unless `interactive`. `--fix` decides with the full guesses all the same.
    public var quickGuesses = false

    public init(format: CheckFormat = .text, guesses: Int = 3, mode: CheckMode = .auto,
                encoding: PositionEncoding = .utf16, languages: [String]? = nil) {
        self.format = format
        self.guesses = guesses
        self.mode = mode
        self.encoding = encoding
        self.languages = languages
    }

    /// The guesses to ask for each distinct misspelled word.
    var guessCount: Int { format == .list ? 0 : max(0, guesses) }
}
