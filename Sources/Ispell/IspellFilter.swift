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
        words.reserveCapacity(lines.count)
        for raw in lines {
            var line = raw[...]
            if line.last == 0x0D { line = line.dropLast() }
            guard let converted = encoding.utf8(from: Array(line)) else {
                speller.warn("a line is not valid \(encoding.name); skipped")
                words.append([])
                acceptedWords.append([])
                continue
            }
            let hidden = directives.hidden(in: converted)
            var tokens = tokenizer.words(in: converted[...]).filter { token in !hidden.contains { $0.overlaps(token) } }
            if mode == .wordLines { tokens = Array(tokens.prefix(1)) }
            let lineWords = tokens.map { IspellWords.word(converted[$0]) }
            words.append(lineWords)
            acceptedWords.append(lineWords.map(directives.accepted.contains))
        }
        var unknown: [String] = []
        for (lineWords, accepted) in zip(words, acceptedWords) {
            unknown += zip(lineWords, accepted).filter { !$0.1 }.map(\.0)
        }
        let verdicts = try speller.verdicts(unknown)
        var output: [[UInt8]] = []
        for ((raw, lineWords), accepted) in zip(zip(lines, words), acceptedWords) {
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
}
