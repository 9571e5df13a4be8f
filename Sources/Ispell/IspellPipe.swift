import Foundation
import TextServices
import TextServicesProtocol

/// The `ispell -a` / `hunspell -a` pipe protocol: lines of text in, one verdict line per word out.
///
/// For each input line: `*` for a correct word (`+ ROOT` with
/// `reportRoots`), `& WORD COUNT OFFSET: GUESS, ...` for a misspelled word
/// with guesses, `# WORD OFFSET` for one without, then an empty line.
/// OFFSET counts characters from the start of the input line, as Hunspell
/// counts them (the `^` of an escaped line included; bytes in an encoding
/// other than UTF-8). Words are cut exactly as Hunspell cuts them
/// (`IspellTokenizer`), so editors that map offsets and count lines see no
/// difference; verdicts and guesses come from an `IspellSpeller`. Lines
/// starting with a command character answer nothing: `*word` learns a word
/// (saved to the personal dictionary at once), `&word` learns its
/// lower-case form, `@word` accepts it for this session and `@*word`
/// forbids it, `#` saves the session's learned words to the personal word
/// list (`-p FILE`), `!`/`%` enter and leave terse mode, `` ` `` verbose
/// mode, `+` TeX mode and `-` the starting format, `~type` picks a format
/// by name (`tex`, `html`, `xml`, `nroff`, `text`), and `^` escapes a line
/// of text. Inline directives in the text lines (`textsvcd: ignore WORD`,
/// `disable-next-line`, `disable` … `enable`, cspell's) apply from their
/// line on, for this pipe (`LineDirectives`): a word they hide or accept is
/// answered as correct. Not thread-safe: one pipe per input stream.
public final class IspellPipe {
    /// How the pipe starts; the commands above change terse mode and the format later.
    public struct Options: Sendable {
        /// Print nothing for correct words (`-a` with `!`).
        public var terse = false
        /// The format lines are read in (`-t`, `-H`, `-X`, `-n`, `-1`); `-` returns to it.
        public var format = IspellFormat.text
        /// Answer `+ ROOT` instead of `*` when a word is correct through an affix (as ispell does).
        public var reportRoots = false
        /// Check the words of URLs, mail addresses and paths too (`--check-url`).
        public var checksURLs = false

        public init() {}
    }

    private let speller: IspellSpeller
    private var options: Options
    private var verbose = false
    private var tokenizer: IspellTokenizer
    private let encoding: TextEncoding
    private let personalList: IspellPersonalList?
    private var directives = LineDirectives()

    /// The dictionaries in use, first one first.
    public var languages: [String] { speller.languages }

    /// Opens the pipe on a speller, reading and writing `encoding`, saving learned words to `personalList` on `#`.
    public init(speller: IspellSpeller, options: Options = Options(), encoding: TextEncoding,
                personalList: IspellPersonalList? = nil) {
        self.speller = speller
        self.options = options
        self.encoding = encoding
        self.personalList = personalList
        self.tokenizer = IspellTokenizer(affixPath: speller.affixPath, format: options.format, checksURLs: options.checksURLs)
    }

    /// Handles one input line (without its line terminator); returns the output lines, without terminators.
    ///
    /// The line's bytes are in the pipe's encoding, and so are the strings
    /// returned meant to be written (`TextEncoding.bytes(of:)` can write
    /// every one of them).
    public func process(_ input: [UInt8]) -> [String] {
        var raw = input[...]
        if raw.last == 0x0D { raw = raw.dropLast() }
        guard let converted = encoding.utf8(from: Array(raw)) else {
            speller.warn("a line is not valid \(encoding.name); skipped")
            return [""]
        }
        let line = converted[...]
        let argument = String(decoding: line.dropFirst(), as: UTF8.self)
        switch line.first {
        case UInt8(ascii: "*"):
            speller.learn(argument)
        case UInt8(ascii: "&"):
            speller.learn(argument.lowercased())
        case UInt8(ascii: "@"):
            if argument.hasPrefix("*") { speller.forbid(String(argument.dropFirst())) } else { speller.accept(argument) }
        case UInt8(ascii: "#"):
            save()
        case UInt8(ascii: "!"):
            options.terse = true
        case UInt8(ascii: "%"):
            options.terse = false
            verbose = false
        case UInt8(ascii: "`"):
            verbose = true
        case UInt8(ascii: "+"):
            tokenizer.format = .tex
        case UInt8(ascii: "-"):
            tokenizer.format = options.format
        case UInt8(ascii: "~"):
            if let format = Self.format(named: argument) { tokenizer.format = format ?? options.format }
        case UInt8(ascii: "^"):
            return check(line, skip: 1)
        default:
            return check(line, skip: 0)
        }
        return []
    }

    /// The format ispell's `~type` names: a format, `.some(nil)` for the starting one, nil for an unknown name.
    static func format(named name: String) -> IspellFormat?? {
        switch name.trimmingCharacters(in: .whitespaces).lowercased() {
        case "tex", "latex", "ltx", "sty", "cls", "bib", "context": return .some(.tex)
        case "html", "htm", "xhtml", "sgml": return .some(.html)
        case "xml": return .some(.xml)
        case "nroff", "troff", "man": return .some(.nroff)
        case "", "text", "txt", "plain", "plaintex": return .some(nil)
        default: return nil
        }
    }

    /// The first line the pipe writes, which ispell clients read: Emacs takes the program for Hunspell from it.
    ///
    /// The `(but really Hunspell VERSION)` part names the Hunspell library
    /// textsvcd runs, so clients use UTF-8 and Hunspell's word characters;
    /// textsvcd's own version follows, outside the parentheses clients parse.
    public static func banner(hunspell: String = LibraryVersions.hunspell.version ?? "1.7",
                              version: String = TextServicesVersion.version) -> String {
        "@(#) International Ispell Version 3.2.06 (but really Hunspell \(hunspell)) textsvcd \(version)"
    }

    /// What `-v` prints: the banner, then the libraries textsvcd runs with.
    public static func versionText() -> String {
        [banner(), "", "textsvcd \(TextServicesVersion.version): spelling by \(LibraryVersions.hunspell), text by ICU \(LibraryVersions.icu)."]
            .joined(separator: "\n")
    }

    private func save() {
        let words = speller.takeLearned()
        guard let personalList, !words.isEmpty else { return }
        do {
            try personalList.append(words)
        } catch {
            speller.warn("cannot save to \(personalList.path): \(error); the words are in the personal dictionary")
        }
    }

    private func check(_ full: ArraySlice<UInt8>, skip: Int) -> [String] {
        let body = full.dropFirst(skip)
        let tokens = tokenizer.words(in: body)
        let bytes = Array(body)
        let words = tokens.map { IspellWords.word(bytes[$0]) }
        let hidden = directives.hidden(in: bytes)
        // Words a directive hides or accepts are correct without asking.
        let skipped = zip(tokens, words).map { token, word in
            hidden.contains { $0.overlaps(token) } || directives.accepted.contains(word)
        }
        var verdicts: [String: IspellSpeller.Verdict]
        let guesses: [String: [String]]
        // With automatic languages the line is checked in its own language.
        let language = speller.detectsLanguage && !words.isEmpty
            ? speller.languages(of: [String(decoding: bytes, as: UTF8.self)]).first ?? nil : nil
        do {
            verdicts = try speller.verdicts(zip(words, skipped).filter { !$0.1 }.map(\.0), roots: options.reportRoots,
                                            language: language)
            guesses = speller.guesses(Array(Set(words.filter { verdicts[$0]?.correct == false })), language: language)
        } catch {
            speller.warn("cannot check a line: \(error.message)")
            return [""]
        }
        var output: [String] = []
        let fullBytes = Array(full)
        for ((token, word), isSkipped) in zip(zip(tokens, words), skipped) {
            let verdict = isSkipped ? IspellSpeller.Verdict(correct: true) : verdicts[word] ?? IspellSpeller.Verdict(correct: false)
            if verdict.correct {
                if options.terse { continue }
                if verbose {
                    output.append("* \(word)")
                } else if options.reportRoots, let root = verdict.root {
                    output.append("+ \(root)")
                } else {
                    output.append("*")
                }
                continue
            }
            let offset = offset(of: token.lowerBound + skip, in: fullBytes)
            let wordGuesses = (guesses[word] ?? []).filter { encoding.isUTF8 || encoding.bytes(of: $0) != nil }
            if wordGuesses.isEmpty {
                output.append("# \(word) \(offset)")
            } else {
                output.append("& \(word) \(wordGuesses.count) \(offset): \(wordGuesses.joined(separator: ", "))")
            }
        }
        output.append("")
        return output
    }

    /// Where a word starts, as Hunspell reports it: characters of a UTF-8 line, bytes of a line in another encoding.
    private func offset(of byteOffset: Int, in line: [UInt8]) -> Int {
        let prefix = line[..<byteOffset]
        if encoding.isUTF8 { return prefix.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) } }
        return encoding.bytes(of: String(decoding: prefix, as: UTF8.self))?.count ?? prefix.count
    }
}
