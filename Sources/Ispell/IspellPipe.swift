import Foundation
import TextServices
import TextServicesProtocol

/// The `ispell -a` / `hunspell -a` pipe protocol: lines of text in, one verdict line per word out.
///
/// For each input line: `*` for a correct word (`+ ROOT` with
/// `reportRoots`), `& WORD COUNT OFFSET: GUESS, ...` for a misspelled word
/// with guesses, `# WORD OFFSET` for one without, then an empty line.
/// OFFSET counts characters from the start of the input line, as Hunspell
/// counts them (the `^` of an escaped line included). Words are cut exactly
/// as `hunspell -a` cuts them (`IspellTokenizer`), so editors that map
/// offsets and count lines see no difference; verdicts and guesses come
/// from the client: one `spell.checkWords` per line, then the guesses of its
/// misspelled words pipelined. Lines starting with a command character
/// answer nothing: `*word` learns a word (saved to the personal dictionary
/// at once), `&word` learns its lower-case form, `@word` accepts a word for
/// this session, `#` saves (a no-op, learned words are already saved),
/// `!`/`%` enter and leave terse mode, `` ` `` verbose mode, `+`/`-` TeX
/// mode, `~ext` picks a mode by file type, and `^` escapes a line of text.
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

    private let client: any TextServicesClient
    private let requested: [String]?
    /// The dictionaries in use, first one first (learned words go to the first).
    public let languages: [String]
    private var sessionWords: Set<String> = []
    private var options: Options
    private var verbose = false
    private var tokenizer: IspellTokenizer
    /// Called with a message for standard error (a word that could not be learned, for instance).
    public var warn: (String) -> Void = { _ in }

    /// The first line the pipe writes, which tools such as Emacs read to recognise the protocol.
    public static func banner(version: String = TextServicesVersion.version) -> String {
        "@(#) International Ispell Version 3.2.06 (but really textsvcd \(version))"
    }

    /// Opens the pipe on `languages` (the default language when nil).
    ///
    /// Throws the client's `ServiceError`: -32001 when a language has no
    /// dictionary, or the daemon's unavailability.
    public init(client: any TextServicesClient, languages: [String]?, options: Options = Options()) throws(ServiceError) {
        self.client = client
        self.requested = languages
        self.options = options
        let resolved = try client.send(SpellCheckWordsRequest(words: [], languages: languages)).languages
        self.languages = resolved
        // The word characters come from the first dictionary's .aff file, wherever the services found it.
        let dictionaries = try client.send(SpellLanguagesRequest()).languages
        let affixPath = dictionaries.first { $0.tag == resolved.first }.map { entry in
            entry.path.hasSuffix(".dic") ? String(entry.path.dropLast(4)) + ".aff" : entry.path + ".aff"
        }
        self.tokenizer = IspellTokenizer(affixPath: affixPath)
    }

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
            return check(line, skip: 1)
        default:
            return check(line, skip: 0)
        }
    }

    private func setTeX(_ on: Bool) {
        options.tex = on
        tokenizer.resetTeX()
    }

    private func check(_ full: ArraySlice<UInt8>, skip: Int) -> [String] {
        let body = full.dropFirst(skip)
        let tokens = tokenizer.words(in: body, tex: options.tex)
        let bytes = Array(body)
        let words = tokens.map { token -> String in
            let word = String(decoding: bytes[token], as: UTF8.self)
            return word.contains("&apos;") ? word.replacingOccurrences(of: "&apos;", with: "'") : word
        }
        let unknown = Array(Set(words.filter { !sessionWords.contains($0) }))
        var verdicts: [String: (correct: Bool, root: String?)] = [:]
        var guesses: [String: [String]] = [:]
        do {
            let answer = try client.send(SpellCheckWordsRequest(words: unknown, languages: requested,
                                                                roots: options.reportRoots ? true : nil))
            for (index, word) in unknown.enumerated() {
                verdicts[word] = (answer.correct[index], answer.roots?[index] ?? nil)
            }
            let misspelled = unknown.filter { verdicts[$0]?.correct == false }
            let requests = misspelled.map { SpellGuessesRequest(word: $0, languages: requested, limit: options.maximumGuesses) }
            for (word, outcome) in zip(misspelled, client.sendAll(requests)) {
                guesses[word] = ((try? outcome.get())?.guesses ?? []).filter { !$0.isEmpty && !$0.contains(",") }
            }
        } catch {
            warn("cannot check a line: \(error.message)")
            return [""]
        }
        var output: [String] = []
        let fullBytes = Array(full)
        for (token, word) in zip(tokens, words) {
            let verdict = sessionWords.contains(word) ? (correct: true, root: nil) : verdicts[word] ?? (false, nil)
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
            let byteOffset = token.lowerBound + skip
            let offset = fullBytes[..<byteOffset].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
            let wordGuesses = guesses[word] ?? []
            if wordGuesses.isEmpty {
                output.append("# \(word) \(offset)")
            } else {
                output.append("& \(word) \(wordGuesses.count) \(offset): \(wordGuesses.joined(separator: ", "))")
            }
        }
        output.append("")
        return output
    }

    private func learn(_ raw: String) {
        let word = raw.trimmingCharacters(in: .whitespaces)
        guard !word.isEmpty else { return }
        do {
            _ = try client.send(SpellLearnRequest(word: word, language: languages.first))
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
    }
}
