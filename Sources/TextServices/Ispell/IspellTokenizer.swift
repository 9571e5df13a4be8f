/// Cuts the lines of the ispell pipe into words exactly as `hunspell -a` does, for plain text or TeX.
///
/// Word characters are letters as Hunspell 1.7 classifies them plus the
/// dictionary's `WORDCHARS` (read from its `.aff` file). The TeX tokenizer
/// remembers where it is between lines (inside a command's arguments, say),
/// so one tokenizer serves one input stream. Ranges are byte offsets into
/// the line given. Not thread-safe.
public struct IspellTokenizer {
    private let rules: IspellTokenRules
    private var tex: IspellTeXTokenizer

    /// A tokenizer with the `WORDCHARS` of the dictionary whose `.aff` file is at `affixPath` (none when nil).
    public init(affixPath: String?) {
        let characters = affixPath.map {
            IspellWordCharacters(affixPath: $0, charset: AffixHeader.charset(affixPath: $0))
        } ?? IspellWordCharacters(extra: [])
        rules = IspellTokenRules(wordCharacters: characters)
        tex = IspellTeXTokenizer(rules: rules)
    }

    /// The words of a line (up to its first NUL), as byte ranges of the line.
    public mutating func words(in line: ArraySlice<UInt8>, tex isTeX: Bool) -> [Range<Int>] {
        let text = IspellLine(line)
        return isTeX ? tex.tokens(in: text) : IspellTextTokenizer(rules: rules).tokens(in: text)
    }

    /// Forgets where the TeX tokenizer was (when TeX mode is switched on or off).
    public mutating func resetTeX() {
        tex = IspellTeXTokenizer(rules: rules)
    }
}
