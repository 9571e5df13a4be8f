import TextServices
import TextServicesProtocol

/// Hunspell's filter modes: lines in, their misspelled words (`-l`), lines (`-L`) or one-word lines (`-w`) out.
///
/// With `printsCorrect` (`-G`) the correct words or lines come out
/// instead. Lines are taken in batches so a region costs a few round trips
/// to the services; the words of a batch come out in the order they
/// appear. Lines are bytes in the filter's encoding, without their line
/// terminators, and so are the lines returned. Inline directives
/// (`LineDirectives`) apply from their line on, within a file: words they
/// hide are not checked (nor printed), words they accept are correct. Not
/// thread-safe: one filter per input stream.
public final class IspellFilter {
    /// What the filter prints.
    public enum Mode: Sendable {
        /// Each misspelled word, one a line, as often as it occurs (`-l`).
        case words
        /// Each line with a misspelled word (`-L`).
        case lines
        /// Each line whose (first) word is misspelled: one word a line input (`-w`).
        case wordLines
    }

    private let speller: IspellSpeller
    private let mode: Mode
    private let printsCorrect: Bool
    private var tokenizer: IspellTokenizer
    private let encoding: TextEncoding
    private var directives = LineDirectives()

    /// Printed before each word in `words` mode (`FILE: ` when several files are checked, as Hunspell does).
    public var prefix = ""

    /// A filter over a speller, reading lines in `format` and `encoding`.
    public init(speller: IspellSpeller, mode: Mode, printsCorrect: Bool, format: IspellFormat,
                checksURLs: Bool = false, encoding: TextEncoding) {
        self.speller = speller
        self.mode = mode
        self.printsCorrect = printsCorrect
        self.encoding = encoding
        self.tokenizer = IspellTokenizer(affixPath: speller.affixPath, format: format, checksURLs: checksURLs)
    }

    /// Starts a new file: its format, and a tokenizer with no state left from the last one.
    public func startFile(format: IspellFormat) {
        tokenizer.format = format
        tokenizer.reset()
        directives = LineDirectives()
    }

    /// The output lines for a batch of input lines.
    ///
    /// Throws the speller's `ServiceError` when the services cannot check
    /// (nothing of the batch is printed then).
    public func process(_ lines: [[UInt8]]) throws(ServiceError) -> [[UInt8]] {
        var words: [[String]] = []
        // Per line, which words a directive accepts (correct whatever the dictionaries say).
        var acceptedWords: [[Bool]] = []
        var texts: [String] = []
        words.reserveCapacity(lines.count)
        for raw in lines {
            var line = raw[...]
            if line.last == 0x0D { line = line.dropLast() }
            guard let converted = encoding.utf8(from: Array(line)) else {
                speller.warn("a line is not valid \(encoding.name); skipped")
                words.append([])
                acceptedWords.append([])
                texts.append("")
                continue
            }
            let hidden = directives.hidden(in: converted)
            var tokens = tokenizer.words(in: converted[...]).filter { token in !hidden.contains { $0.overlaps(token) } }
            if mode == .wordLines { tokens = Array(tokens.prefix(1)) }
            let lineWords = tokens.map { IspellWords.word(converted[$0]) }
            words.append(lineWords)
            acceptedWords.append(lineWords.map(directives.accepted.contains))
            texts.append(String(decoding: converted, as: UTF8.self))
        }
        // Words a directive accepts are not asked about.
        let unknown = zip(words, acceptedWords).map { lineWords, accepted in zip(lineWords, accepted).filter { !$0.1 }.map(\.0) }
        let lineVerdicts = try verdicts(unknown, texts: texts)
        var output: [[UInt8]] = []
        for ((raw, lineWords), (accepted, verdicts)) in zip(zip(lines, words), zip(acceptedWords, lineVerdicts)) {
            let correct = zip(lineWords, accepted).map { word, isAccepted in isAccepted || verdicts[word]?.correct == true }
            switch mode {
            case .words:
                for (word, isCorrect) in zip(lineWords, correct) where isCorrect == printsCorrect {
                    output.append(Array(prefix.utf8) + (encoding.bytes(of: word) ?? Array(word.utf8)))
                }
            case .lines, .wordLines:
                guard !lineWords.isEmpty || mode == .lines else { continue }
                let misspelled = correct.contains(false)
                if misspelled != printsCorrect { output.append(raw) }
            }
        }
        return output
    }

    /// The verdicts on each line's words: one batch for all, or with automatic languages one batch per language found.
    private func verdicts(_ words: [[String]], texts: [String]) throws(ServiceError) -> [[String: IspellSpeller.Verdict]] {
        guard speller.detectsLanguage else {
            let all = try speller.verdicts(words.flatMap { $0 })
            return words.map { _ in all }
        }
        let found = speller.languages(of: texts.enumerated().map { words[$0.offset].isEmpty ? "" : $0.element })
        var lines: [String?: [Int]] = [:]
        for (index, language) in found.enumerated() { lines[language, default: []].append(index) }
        var result = words.map { _ in [String: IspellSpeller.Verdict]() }
        for (language, indices) in lines {
            let verdicts = try speller.verdicts(indices.flatMap { words[$0] }, language: language)
            for index in indices { result[index] = verdicts }
        }
        return result
    }
}
