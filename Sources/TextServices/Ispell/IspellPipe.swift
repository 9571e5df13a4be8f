import Foundation

/// The `ispell -a` / `hunspell -a` pipe protocol: lines of text in, one verdict line per word out.
///
/// For each input line: `*` for a correct word (`+ ROOT` with
/// `reportRoots`), `& WORD COUNT OFFSET: GUESS, ...` for a misspelled word
/// with guesses, `# WORD OFFSET` for one without, then an empty line.
/// OFFSET counts characters from the start of the input line, as Hunspell
/// counts them (the `^` of an escaped line included). Words are cut exactly
/// as `hunspell -a` cuts them, so editors that map offsets and count lines
/// see no difference; verdicts and guesses come from textsvcd's spelling
/// service. Lines starting with a command character answer nothing:
/// `*word` learns a word (saved to the personal dictionary at once),
/// `&word` learns its lower-case form, `@word` accepts a word for this
/// session, `#` saves (a no-op, learned words are already saved), `!`/`%`
/// enter and leave terse mode, `` ` `` verbose mode, `+`/`-` TeX mode,
/// `~ext` picks a mode by file type, and `^` escapes a line of text.
/// Not thread-safe: one pipe per input stream.
public final class IspellPipe {
    /// How the pipe starts; the commands above change terse and TeX mode later.
    public struct Options: Sendable {
        /// Print nothing for correct words (`-a` with `!`).
        public var terse = false
        /// Tokenize as TeX (`-t`).
        public var tex = false
        /// Answer `+ ROOT` instead of `*` when a word is correct through an affix (as ispell does).
        public var reportRoots = false
        /// The most guesses per word (Hunspell's own limit is 15).
        public var maximumGuesses = 15

        public init() {}
    }

    private let spelling: SpellingService
    private let dictionaries: [SpellDictionary]
    private var checker: SpellChecker
    private var sessionWords: Set<String> = []
    private var options: Options
    private var verbose = false
    private let rules: IspellTokenRules
    private var texTokenizer: IspellTeXTokenizer
    /// Called with a message for standard error (a word that could not be learned, for instance).
    public var warn: (String) -> Void = { _ in }

    /// The first line the pipe writes, which tools such as Emacs read to recognise the protocol.
    public static func banner(version: String = TextServicesVersion.version) -> String {
        "@(#) International Ispell Version 3.2.06 (but really textsvcd \(version))"
    }

    /// Opens the dictionaries for `languages` (the default language when nil).
    ///
    /// Throws `ServiceError` -32001 when a language has no dictionary.
    public init(spelling: SpellingService, languages: [String]?, options: Options = Options()) throws(ServiceError) {
        self.spelling = spelling
        let checker = try spelling.checker(languages: languages)
        self.checker = checker
        self.dictionaries = checker.dictionaries
        self.options = options
        let first = checker.dictionaries[0]
        self.rules = IspellTokenRules(wordCharacters: IspellWordCharacters(affixPath: first.info.affixPath,
                                                                           charset: first.engine.charset))
        self.texTokenizer = IspellTeXTokenizer(rules: rules)
    }

    /// The language tags in use, first one first (learned words go to the first).
    public var languages: [String] { dictionaries.map(\.tag.tag) }

    /// Handles one input line (without its line terminator); returns the output lines, without terminators.
    public func process(_ input: [UInt8]) -> [String] {
        var line = input[...]
        if line.last == 0x0D { line = line.dropLast() }
        let first = line.first
        let argument = String(decoding: line.dropFirst(), as: UTF8.self)
        switch first {
        case UInt8(ascii: "*"):
            learn(argument)
            return []
        case UInt8(ascii: "&"):
            learn(argument.lowercased())
            return []
        case UInt8(ascii: "@"):
            acceptForSession(argument)
            return []
        case UInt8(ascii: "#"):
            return []
        case UInt8(ascii: "!"):
            options.terse = true
            return []
        case UInt8(ascii: "%"):
            options.terse = false
            verbose = false
            return []
        case UInt8(ascii: "`"):
            verbose = true
            return []
        case UInt8(ascii: "+"):
            setTeX(true)
            return []
        case UInt8(ascii: "-"):
            setTeX(false)
            return []
        case UInt8(ascii: "~"):
            let type = argument.trimmingCharacters(in: .whitespaces).lowercased()
            if ["tex", "latex", "ltx", "sty", "cls", "bib", "context"].contains(type) {
                setTeX(true)
            } else if ["nroff", "troff", "text", "txt", "plain", "plaintex"].contains(type) || type.isEmpty {
                setTeX(false)
            }
            return []
        case UInt8(ascii: "^"):
            return check(IspellLine(line), skip: 1)
        default:
            return check(IspellLine(line), skip: 0)
        }
    }

    private func setTeX(_ on: Bool) {
        options.tex = on
        texTokenizer = IspellTeXTokenizer(rules: rules)
    }

    private func check(_ full: IspellLine, skip: Int) -> [String] {
        let text = IspellLine(full.bytes.dropFirst(skip))
        let tokens: [Range<Int>]
        if options.tex {
            tokens = texTokenizer.tokens(in: text)
        } else {
            tokens = IspellTextTokenizer(rules: rules).tokens(in: text)
        }
        var output: [String] = []
        for token in tokens {
            var word = String(decoding: text.bytes[token], as: UTF8.self)
            if word.contains("&apos;") { word = word.replacingOccurrences(of: "&apos;", with: "'") }
            if checker.accepts(word) {
                if options.terse { continue }
                if verbose {
                    output.append("* \(word)")
                } else if options.reportRoots, let root = root(of: word) {
                    output.append("+ \(root)")
                } else {
                    output.append("*")
                }
                continue
            }
            let byteOffset = token.lowerBound + skip
            let offset = full.bytes[..<byteOffset].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
            let guesses = spelling.guesses(for: word, checker: checker, limit: options.maximumGuesses)
                .filter { !$0.isEmpty && !$0.contains(",") }
            if guesses.isEmpty {
                output.append("# \(word) \(offset)")
            } else {
                output.append("& \(word) \(guesses.count) \(offset): \(guesses.joined(separator: ", "))")
            }
        }
        output.append("")
        return output
    }

    /// The dictionary form a word was accepted through, when it differs from the word.
    private func root(of word: String) -> String? {
        for dictionary in dictionaries where dictionary.accepts(word) {
            guard let stem = dictionary.engine.stems(word).first else { return nil }
            return stem.lowercased() == word.lowercased() ? nil : stem
        }
        return nil
    }

    private func learn(_ raw: String) {
        let word = raw.trimmingCharacters(in: .whitespaces)
        guard !word.isEmpty else { return }
        do {
            try spelling.learn(word, language: dictionaries[0].tag.tag)
        } catch {
            warn("could not learn '\(word)': \(error.message)")
            acceptForSession(word)
        }
    }

    /// `@word`: accepted until the pipe closes; `@*word` takes that back. `word/affixes` accepts the word.
    private func acceptForSession(_ raw: String) {
        var word = raw.trimmingCharacters(in: .whitespaces)
        var remove = false
        if word.hasPrefix("*") {
            remove = true
            word.removeFirst()
        }
        if let slash = word.dropFirst().firstIndex(of: "/") { word = String(word[..<slash]) }
        guard !word.isEmpty else { return }
        if remove { sessionWords.remove(word) } else { sessionWords.insert(word) }
        checker = SpellChecker(dictionaries: dictionaries, ignoredWords: sessionWords)
    }
}
