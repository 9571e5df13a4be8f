import TextServices

/// Cuts lines into words exactly as Hunspell's command-line tool does, in each of its input formats.
///
/// Word characters are letters as Hunspell 1.7 classifies them plus the
/// dictionary's `WORDCHARS` (read from its `.aff` file). The TeX and markup
/// tokenizers remember where they are between lines (inside a command's
/// arguments or a comment, say), so one tokenizer serves one input stream;
/// changing `format` starts afresh. Ranges are byte offsets into the line
/// given. Not thread-safe.
public struct IspellTokenizer {
    private let rules: IspellTokenRules
    private var tex: IspellTeXTokenizer
    private var markup: IspellMarkupTokenizer

    /// The format lines are read in.
    public var format: IspellFormat {
        didSet { reset() }
    }

    /// A tokenizer with the `WORDCHARS` of the dictionary whose `.aff` file is at `affixPath` (none when nil).
    ///
    /// Words in URLs, mail addresses and paths are skipped, as Hunspell
    /// skips them, unless `checksURLs`.
    public init(affixPath: String?, format: IspellFormat = .text, checksURLs: Bool = false) {
        let characters = affixPath.map {
            IspellWordCharacters(affixPath: $0, charset: AffixHeader.charset(affixPath: $0))
        } ?? IspellWordCharacters(extra: [])
        rules = IspellTokenRules(wordCharacters: characters, checksURLs: checksURLs)
        tex = IspellTeXTokenizer(rules: rules)
        markup = IspellMarkupTokenizer(rules: rules, dialect: format == .html ? .html : .xml)
        self.format = format
    }

    /// The words of a line (up to its first NUL), as byte ranges of the line.
    public mutating func words(in line: ArraySlice<UInt8>) -> [Range<Int>] {
        let text = IspellLine(line)
        switch format {
        case .text: return IspellTextTokenizer(rules: rules).tokens(in: text)
        case .tex: return tex.tokens(in: text)
        case .html, .xml: return markup.tokens(in: text)
        case .nroff: return IspellNroffTokenizer(rules: rules).tokens(in: text)
        case .firstField:
            guard let tab = text.bytes.firstIndex(of: UInt8(ascii: "\t")), tab > 0 else { return [] }
            return [0..<tab]
        }
    }

    /// Forgets where the stateful tokenizers were, as when the format changes.
    public mutating func reset() {
        tex = IspellTeXTokenizer(rules: rules)
        markup = IspellMarkupTokenizer(rules: rules, dialect: format == .html ? .html : .xml)
    }
}
