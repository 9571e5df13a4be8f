import Foundation
import TextServices
import TextServicesProtocol

/// The `check` door: spell-checks inputs as the language server checks documents, and words what it found.
///
/// Each input is checked with the mask its type calls for (`CheckMode`),
/// through `client` (the daemon or this process), accepting the project's
/// words (`Project`); then the guesses for its distinct misspelled words are
/// asked all at once, near project words joining the dictionary's. `check`
/// returns the lines to print in the format asked for. Thread-safe: inputs
/// may be checked on several threads at once.
public struct CheckDoor: Sendable {
    public let client: any TextServicesClient
    public let options: CheckOptions
    /// Lines of gettext catalogs already checked in this run, shared by its inputs (`RepeatedLines`); nil to scan every line.
    public let lines: RepeatedLines?
    /// The dictionaries the service has, listed once for all the inputs `--fix` changes (`InstalledTags`).
    let installedTags = InstalledTags()

    /// A door for `options`; with `lines`, a catalog's line an earlier input held is not scanned again (a run's inputs
    /// must not change the words accepted while it runs: no `interactive` session).
    public init(client: any TextServicesClient, options: CheckOptions, lines: RepeatedLines? = nil) {
        self.client = client
        self.options = options
        self.lines = lines
    }

    /// What checking one input found.
    public struct Report: Sendable {
        /// The lines to print, in the format asked for, without line ends.
        public var lines: [String]
        /// How many misspellings were found.
        public var misspellings: Int
        /// How many words were checked (runs of letters in the text the mode reads).
        public var words = 0
        /// What was done to the input (`--fix`: the words replaced), for standard error.
        public var notes: [String] = []
        /// A gettext catalog's `Language:` when its translations were not checked (not a language asked for; "" when it names none).
        public var skippedTranslations: String?
        /// Words not reported because they are in a script none of their languages is written in, by script name.
        public var otherScripts: [String: Int] = [:]
        /// With `CheckOptions.interactive`: each misspelling with its guesses, in text order, to ask about (`lines` is empty).
        public var findings: [Finding] = []
    }

    /// A misspelling and its guesses (project words near it first), for a door that asks about each.
    public struct Finding: Sendable {
        public var misspelling: Misspelling
        public var guesses: [String]
    }

    /// What checking one input found, before guesses are asked and lines written.
    public struct Findings: Sendable {
        /// The misspellings, in text order (on the changed lines only, with `changedLines`).
        public var misspellings: [Misspelling]
        /// How many words were checked.
        public var words: Int
        /// The language findings are reported in (the tags asked for or configured, or the default's).
        public var language: String
        /// A gettext catalog's `Language:` when its translations were not checked (not a language asked for; "" when it names none).
        public var skippedTranslations: String?
        /// Words not reported because they are in a script none of their languages is written in
        /// (`OtherScripts.skip`), by script name.
        public var otherScripts: [String: Int] = [:]
        /// The keys (`CodeNames`) of the names the input's code uses (`find` with `names`; empty otherwise).
        public var names: Set<UInt64> = []
        /// The words that passed as acronyms or constants (`find` with `names`; empty otherwise), which a
        /// repository's vocabulary counts as flagged words.
        public var acronyms: [String] = []
        /// For each misspelling that is a part of a `snake_case` name (`nclear` in `bit_nclear`), the name; nil for
        /// the others (`find` with `names` in technical text; empty otherwise). A name the tree's code uses makes its
        /// part no typo (`RepositoryVocabulary.isName`).
        public var compounds: [String?] = []
    }

    /// Checks one input with its project's words.
    ///
    /// `onPieces` is told, between batches of a large input's pieces, how many
    /// of its bytes are checked. Throws the service's error (an unknown
    /// language, a daemon that went away).
    public func check(_ input: CheckInput, project: Project,
                      onPieces: (@Sendable (Int) -> Void)? = nil) throws(ServiceError) -> Report {
        try report(find(in: input, project: project, onPieces: onPieces), in: input, project: project)
    }

    /// Finds the misspellings of one input with its project's words, asking no guesses.
    ///
    /// `onPieces` is as in `check`. With `names`, the findings of a source
    /// file also hold the names its code uses (`CodeNames`), and those of an
    /// HTML or XML file the names of its tags, attributes and values (Maven's
    /// `<artifactId>templating-maven-plugin</artifactId>`), for a whole
    /// tree's `RepositoryVocabulary`. Throws the service's error.
    public func find(in input: CheckInput, project: Project, onPieces: (@Sendable (Int) -> Void)? = nil,
                     names: Bool = false) throws(ServiceError) -> Findings {
        let settings = project.settings
        let languages = options.languages ?? settings.languages?.value
        let checker = DocumentChecker(settings: settings)
        var misspellings: [Misspelling]
        let words: Int
        let skipped: String?
        var codeNames: Set<UInt64> = []
        var acronyms: [String] = []
        let kind = documentKind(of: input, project: project)
        do {
            let result = try checker.check(input.text, kind: kind, directives: InlineDirectives(input.text.bytes),
                                           checker: { regionLanguages in
                let checked = regionLanguages ?? languages
                var spelling = ClientWordChecking(client: client, languages: checked)
                spelling.onProgress = regionLanguages == nil ? onPieces : nil
                // Only catalogs repeat enough lines (their source strings) to pay for hashing every line: across git's
                // whole tree the memo cost more than it saved. Automatic languages read the whole text, so a line's
                // words are not its own: those are scanned whole.
                guard let lines, kind == .gettext, !(checked ?? []).contains(where: { $0.hasPrefix("auto") }) else {
                    return project.checker(spelling)
                }
                let context = (checked ?? []).joined(separator: ",") + "\n" + project.signature.joined(separator: "\n")
                return RepeatedLineChecking(project.checker(spelling), lines: lines, context: context)
            }, translations: { catalogLanguage in
                // Only in a language the run was asked to check in: another would load (and compile) its dictionary.
                GettextCatalog.tag(forLanguage: catalogLanguage, among: (languages ?? []).filter { !$0.hasPrefix("auto") })
            })
            misspellings = result.misspellings
            words = result.mask.visibleLetterRuns
            skipped = result.skippedTranslations
            if names {
                switch kind {
                case .source, .markup: codeNames = CodeNames.hidden(in: result.mask)
                default: break
                }
            }
            if names { acronyms = result.acronyms }
        } catch {
            throw ServiceError(wrapping: error)
        }
        if let changes = options.changedLines { misspellings = changes.filter(misspellings, in: input) }
        var otherScripts: [String: Int] = [:]
        // The list format is `hunspell -l`'s output (docs/protocol.md): Hunspell's verdict on every word unless asked otherwise.
        if (options.otherScripts ?? settings.otherScripts?.value ?? (options.format == .list ? .check : .skip)) == .skip {
            let tags = languages ?? options.languageLabel.split(separator: ",").map(String.init)
            (misspellings, otherScripts) = WritingScripts.partition(misspellings, languages: tags)
        }
        let language = (options.languages ?? settings.languages?.value)?.joined(separator: ",") ?? options.languageLabel
        var findings = Findings(misspellings: misspellings, words: words, language: language, skippedTranslations: skipped,
                                otherScripts: otherScripts, names: codeNames, acronyms: acronyms)
        if names, kind.isTechnical {
            findings.compounds = misspellings.map { Self.compound(around: $0.range, in: input.text.bytes) }
        }
        return findings
    }

    /// The `snake_case` name that the word at `range` is a part of (`bit_nclear`, `keypad_xmit`), or nil when it
    /// stands alone: the run of ASCII letters, digits and `_` around it, without `_` at its ends.
    static func compound(around range: ByteRange, in bytes: [UInt8]) -> String? {
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_")
        }
        var start = range.lowerBound.rawValue
        var end = range.upperBound.rawValue
        guard start <= end, end <= bytes.count else { return nil }
        while start > 0, isNameByte(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        while start < end, bytes[start] == UInt8(ascii: "_") { start += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: "_") { end -= 1 }
        guard start < range.lowerBound.rawValue || end > range.upperBound.rawValue,
              bytes[start..<end].contains(UInt8(ascii: "_")) else { return nil }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// What an input is checked as: by `--mode`, else the project's `mode`, else by its name and contents.
    func documentKind(of input: CheckInput, project: Project) -> DocumentKind {
        let mode = options.mode == .auto ? project.settings.mode.flatMap { CheckMode(rawValue: $0.value) } ?? .auto : options.mode
        return mode.kind(forPath: input.name == "-" ? nil : input.name, contents: input.text.bytes)
    }

    /// Asks the guesses for an input's findings and words them (or fixes the input, with `fix`).
    ///
    /// With `CheckOptions.interactive`, the report carries the findings with
    /// their guesses to ask about, and no lines. Words `asked` holds (a whole
    /// run's guesses, `runGuesses`) are not asked again. Throws the service's error.
    public func report(_ findings: Findings, in input: CheckInput, project: Project,
                       asked: RunGuesses = RunGuesses()) throws(ServiceError) -> Report {
        var report = try wordedReport(findings, in: input, project: project, asked: asked)
        report.skippedTranslations = findings.skippedTranslations
        report.otherScripts = findings.otherScripts
        return report
    }

    private func wordedReport(_ findings: Findings, in input: CheckInput, project: Project,
                              asked: RunGuesses) throws(ServiceError) -> Report {
        let misspellings = findings.misspellings
        if options.interactive {
            let guesses = try guessTable(for: misspellings, project: project)
            return Report(lines: [], misspellings: misspellings.count, words: findings.words,
                          findings: misspellings.map { Finding(misspelling: $0, guesses: guesses[$0.word] ?? []) })
        }
        if let fix = options.fix {
            return try fixReport(input, misspellings: misspellings, project: project, fix: fix, words: findings.words,
                                 language: findings.language)
        }
        let guesses = try guessTable(for: misspellings, project: project, asked: asked)
        return Report(lines: lines(for: misspellings, in: input, guesses: guesses, language: findings.language),
                      misspellings: misspellings.count, words: findings.words)
    }

    /// The output lines for an input's misspellings.
    func lines(for misspellings: [Misspelling], in input: CheckInput, guesses: [String: [String]], language: String) -> [String] {
        var locator = LineLocator(input.text)
        return misspellings.map { misspelling in
            let word = misspelling.word
            switch options.format {
            case .list:
                return word
            case .text:
                let (line, column) = locator.locate(misspelling.range.lowerBound)
                let suggestions = guesses[word] ?? []
                let suffix = suggestions.isEmpty ? "" : " -> " + suggestions.joined(separator: ", ")
                // With `--lang auto`, each word says the language it was checked in.
                let detected = misspelling.language.map { " [\($0)]" } ?? ""
                return "\(input.name):\(line):\(column): \(word)\(detected)\(suffix)"
            case .json:
                let (line, column) = locator.locate(misspelling.range.lowerBound)
                let range = input.text.encode(misspelling.range, as: options.encoding)
                var object: JSONObject = [
                    "path": .string(input.name), "line": .int(line), "column": .int(column),
                    "word": .string(word), "range": ["start": .int(range.start), "end": .int(range.end)],
                ]
                if options.guessCount > 0 { object["guesses"] = .strings(guesses[word] ?? []) }
                if let detected = misspelling.language { object["language"] = .string(detected) }
                if !misspelling.alsoIn.isEmpty { object["alsoIn"] = .strings(misspelling.alsoIn) }
                return JSONValue.object(object).serialized
            case .sarif, .github:
                return ciLine(for: misspelling, in: input, line: locator.locate(misspelling.range.lowerBound).line,
                              guesses: guesses[word] ?? [], language: misspelling.language ?? language)
            }
        }
    }
}
