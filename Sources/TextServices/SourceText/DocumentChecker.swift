/// Spell-checks the prose of a document: what its kind leaves visible, minus text matching ignore patterns.
///
/// In code and technical prose (Markdown, commit messages, markup), words
/// the dictionaries reject are split at identifier boundaries (`camelCase`,
/// `HTTPServer`) and only the rejected parts are reported; parts shorter
/// than four letters and short all-capital parts (acronyms) pass. Plain
/// prose and TeX are checked word by word, as Hunspell checks them. In
/// code and technical prose (Markdown, commit messages, markup) the words of
/// `CodeVocabulary` and acronyms (`CVE`, `CVEs`) pass; in source code, words
/// of one or two letters and words in capitals (`EACCESS`: constants) too; in plain prose that quotes
/// `Lorem ipsum` (a misspelled `ipsum` in it), the filler's words. The names of a prose document's credits
/// (`CreditNames`) are not reported, and are counted as the acronyms are. The language server and
/// `textsvcd check` both check documents with it, through any `WordChecking`
/// (in this process or through the daemon): one call for the misspellings,
/// one for the verdicts on identifier parts. A project's config can turn
/// identifiers off (`checkIdentifiers`: an identifier is then not reported
/// at all) and move the length under which words pass
/// (`minimumWordLength`). Offsets are bytes of the document's text.
/// Thread-safe (patterns are used by one match at a time).
public struct DocumentChecker: Sendable {
    public let patterns: [IgnorePattern]
    public let checkStrings: Bool
    /// Whether identifiers (`camelCase`, `snake_case`) are checked part by part; when false they are not checked.
    public let checkIdentifiers: Bool
    /// In code and technical prose, identifier parts shorter than this pass, and so do words in code;
    /// nil for the defaults (parts under 4 letters, words in code under 3).
    public let minimumWordLength: Int?

    public init(patterns: [IgnorePattern] = [], checkStrings: Bool = true, checkIdentifiers: Bool = true,
                minimumWordLength: Int? = nil) {
        self.patterns = patterns
        self.checkStrings = checkStrings
        self.checkIdentifiers = checkIdentifiers
        self.minimumWordLength = minimumWordLength
    }

    /// A checker with a project's settings: `patterns` and the project's ignore patterns, its code options,
    /// and `checkStrings` where the project does not set it.
    public init(settings: ProjectSettings?, patterns: [IgnorePattern] = [], checkStrings: Bool = true) {
        self.init(patterns: patterns + (settings?.patterns ?? []), checkStrings: settings?.checkStrings?.value ?? checkStrings,
                  checkIdentifiers: settings?.checkIdentifiers?.value ?? true, minimumWordLength: settings?.minimumWordLength?.value)
    }

    /// What the checker saw of a document and what it found there.
    public struct Result: Sendable {
        /// The misspellings, in order.
        public var misspellings: [Misspelling]
        /// Which bytes were checked.
        public var mask: TextMask
        /// In a gettext catalog whose translations were not checked (no dictionary fits): its `Language:` ("" when absent).
        public var skippedTranslations: String?
        /// The words the dictionaries reject that passed as acronyms or constants (`CIDR`, `EACCESS`) or as names in
        /// a prose document's credits (`CreditNames`), one per occurrence: a repository's vocabulary counts them as it
        /// counts the flagged words, so a name credited in a change log is still the repository's own in `AUTHORS`.
        public var acronyms: [String]

        public init(misspellings: [Misspelling], mask: TextMask, skippedTranslations: String? = nil, acronyms: [String] = []) {
            self.misspellings = misspellings
            self.mask = mask
            self.skippedTranslations = skippedTranslations
            self.acronyms = acronyms
        }
    }

    /// The prose of `text` a document of `kind` shows, with terminal escape sequences and a manual page's bold and underline (`TerminalEscapes`), armored keys and certificates
    /// (`ArmoredBlocks`), the names on copyright lines (`CopyrightNames`) and before e-mail addresses and after `@author`
    /// (`AuthorNames`), and ignore-pattern matches hidden.
    ///
    /// `extra` are byte ranges hidden too (an inline directive's); `catalog` is a gettext catalog's reading, when made already.
    public func mask(_ text: TextBuffer, kind: DocumentKind, hiding extra: [Range<Int>] = [], catalog: GettextCatalog? = nil) -> TextMask {
        var mask = CheckableText.mask(text.bytes, kind: kind, checkStrings: checkStrings, catalog: catalog)
        for range in TerminalEscapes.ranges(in: text.bytes) + TerminalEscapes.overstrikes(in: text.bytes) + ArmoredBlocks.ranges(in: text.bytes)
            + CopyrightNames.ranges(in: text.bytes) + AuthorNames.ranges(in: text.bytes) { mask.hide(range) }
        for pattern in patterns {
            for range in pattern.matches(in: text.bytes) { mask.hide(range) }
        }
        for range in extra where !range.isEmpty { mask.hide(range) }
        return mask
    }

    /// The misspellings of a document, in order, at most `limit`, with the mask that was checked.
    ///
    /// `extra` are byte ranges not to check and `catalog` a gettext catalog's reading (see `mask(_:kind:hiding:catalog:)`).
    public func check(_ text: TextBuffer, kind: DocumentKind, using checker: some WordChecking,
                      hiding extra: [Range<Int>] = [], limit: Int = .max, catalog: GettextCatalog? = nil) throws -> Result {
        let bytes = text.bytes
        let mask = mask(text, kind: kind, hiding: extra, catalog: catalog)
        let found = try checker.misspellings(in: TextBuffer(validatedBytes: mask.masked()))
        let technical = kind.isTechnical
        let isCode = !kind.isProse
        // First the words whose verdicts decide what to report, asked all at once.
        var questions: [String] = []
        var asked = Set<String>()
        func ask(_ word: String) {
            if asked.insert(word).inserted { questions.append(word) }
        }
        // Each found word's identifier parts, split once for both passes below.
        let allParts = technical ? found.map { IdentifierSplitter.parts(of: $0.word) } : []
        func identifierParts(_ index: Int) -> [(range: Range<Int>, word: String)] {
            technical ? allParts[index] : []
        }
        for (index, misspelling) in found.enumerated() {
            if let (joined, _) = Self.escapedApostropheJoin(misspelling, bytes: bytes) { ask(joined) }
            guard checkIdentifiers else { continue }
            for part in identifierParts(index) where !passes(part.word, technical: technical) {
                ask(part.word)
            }
        }
        var verdicts: [String: Bool] = [:]
        if !questions.isEmpty {
            for (word, verdict) in zip(questions, try checker.accepts(questions)) { verdicts[word] = verdict }
        }
        func accepts(_ word: String) -> Bool {
            passes(word, technical: technical) || verdicts[word] == true
        }
        var result: [Misspelling] = []
        result.reserveCapacity(min(found.count, limit))
        var acronyms: [String] = []
        var skipUntil = 0
        // Names in a prose document's credits are not reported, but counted as the acronyms are.
        // Searched for only in the paragraphs that hold a misspelling: a credit never crosses a blank line.
        var credits: [Range<Int>] = []
        if kind.isProse, kind != .gettext {
            var searched = 0
            for misspelling in found where misspelling.range.lowerBound.rawValue >= searched {
                let paragraph = CreditNames.paragraph(around: misspelling.range.lowerBound.rawValue, in: bytes)
                credits += CreditNames.ranges(in: bytes, within: max(paragraph.lowerBound, searched)..<paragraph.upperBound)
                searched = max(paragraph.upperBound, misspelling.range.upperBound.rawValue)
            }
        }
        // Plain prose that quotes the filler of layouts and tests (`Lorem ipsum dolor sit amet`) lets its words pass too.
        // Only a word of five bytes lower-cases to `ipsum` (the lower case of no other scalar is one of its letters).
        let quotesLoremIpsum = !technical && found.contains { $0.word.utf8.count == 5 && $0.word.lowercased() == "ipsum" }
        var credit = 0
        for (index, misspelling) in found.enumerated() {
            if result.count >= limit { break }
            if misspelling.range.lowerBound.rawValue < skipUntil { continue }
            let start = misspelling.range.lowerBound.rawValue
            while credit < credits.count, credits[credit].upperBound <= start { credit += 1 }
            if credit < credits.count, credits[credit].contains(start) {
                acronyms.append(misspelling.word)
                acronyms += identifierParts(index).lazy.map(\.word).filter { $0 != misspelling.word }
                continue
            }
            if let (joined, end) = Self.escapedApostropheJoin(misspelling, bytes: bytes), verdicts[joined] == true {
                skipUntil = end
                continue
            }
            if technical, CodeVocabulary.contains(misspelling.word) { continue }
            if !technical, quotesLoremIpsum, CodeVocabulary.loremIpsum.contains(misspelling.word.lowercased()) { continue }
            if (technical && Self.isAcronym(misspelling.word, plural: true)) || (isCode && Self.isConstant(misspelling.word)) {
                acronyms.append(misspelling.word)
                continue
            }
            if isCode, Self.length(misspelling.word) < (minimumWordLength ?? 3) { continue }
            let parts = identifierParts(index)
            if !parts.isEmpty, !checkIdentifiers { continue }
            if parts.isEmpty {
                if Self.isPartOfCompound(misspelling.range, in: bytes, hyphens: isCode),
                   passes(misspelling.word, technical: technical)
                    || (technical && misspelling.word.allSatisfy { $0.isUppercase || $0.isNumber }) {
                    // The parts of `CLOUDSDK_ROOT_DIR` and other constants, in code or in technical prose, are names.
                    continue
                }
                result.append(misspelling)
                continue
            }
            let base = misspelling.range.lowerBound.rawValue
            for part in parts where !accepts(part.word) {
                result.append(Misspelling(range: ByteRange(bytes: base + part.range.lowerBound..<base + part.range.upperBound),
                                          word: part.word, language: misspelling.language))
            }
        }
        if result.count > limit { result.removeSubrange(limit...) }
        return Result(misspellings: result, mask: mask, acronyms: acronyms)
    }

    /// Whether an identifier part passes without asking the dictionaries.
    ///
    /// Parts shorter than four letters (`Num`, `Ptr`, `ctx`; `minimumWordLength` when set) are
    /// abbreviations, and short all-capital parts acronyms: both pass, as in other code spell checkers.
    private func passes(_ word: String, technical: Bool) -> Bool {
        Self.length(word) < (minimumWordLength ?? 4) || Self.isAcronym(word) || (technical && CodeVocabulary.contains(word))
    }

    /// Whether a word is one part of `snake_case` or `dotted.name` (the checker reports such parts alone).
    /// In code, `hyphens` counts `lsp-handler` as a compound too.
    static func isPartOfCompound(_ range: ByteRange, in bytes: [UInt8], hyphens: Bool) -> Bool {
        func isJoiner(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || (hyphens && byte == UInt8(ascii: "-"))
        }
        func isWordByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        let lower = range.lowerBound.rawValue
        let upper = range.upperBound.rawValue
        if lower >= 2, isJoiner(bytes[lower - 1]), isWordByte(bytes[lower - 2]) { return true }
        if upper + 1 < bytes.count, isJoiner(bytes[upper]), isWordByte(bytes[upper + 1]) { return true }
        return false
    }

    /// `UTF`, `JSON`, `HTTPS`: all capitals, at most five letters; with `plural`, also followed by `s` (`CVEs`, `LFs`).
    /// In code and technical prose these are acronyms or constants.
    static func isAcronym(_ word: String, plural: Bool = false) -> Bool {
        // ASCII by its bytes: Character's properties cost more than the rest of the test.
        var utf8 = word.utf8[...]
        if plural, utf8.count > 2, utf8.last == UInt8(ascii: "s") { utf8 = utf8.dropLast() }
        if utf8.allSatisfy({ $0 < 0x80 }) { return utf8.count <= 5 && utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A } }
        return word.count <= 5 && word.allSatisfy { $0.isUppercase }
    }

    /// `EACCESS`, `REMAINDERNEAR`: a word of ASCII capitals of any length, which in code names a constant or a macro.
    static func isConstant(_ word: String) -> Bool {
        isAcronym(word) || word.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
    }

    /// The word's length in characters (`String.count`), counted by bytes for ASCII.
    private static func length(_ word: String) -> Int {
        let utf8 = word.utf8
        return utf8.allSatisfy({ $0 < 0x80 }) ? utf8.count : word.count
    }

    /// For `couldn\'t` inside a string: the word joined across the escaped apostrophe and where it ends.
    ///
    /// When the joined word is correct, neither half is reported.
    private static func escapedApostropheJoin(_ misspelling: Misspelling, bytes: [UInt8]) -> (word: String, end: Int)? {
        let end = misspelling.range.upperBound.rawValue
        guard end + 2 < bytes.count, bytes[end] == UInt8(ascii: "\\"), bytes[end + 1] == UInt8(ascii: "'") else { return nil }
        var tail = end + 2
        while tail < bytes.count, (bytes[tail] | 0x20) >= UInt8(ascii: "a"), (bytes[tail] | 0x20) <= UInt8(ascii: "z") { tail += 1 }
        guard tail > end + 2 else { return nil }
        return (misspelling.word + "'" + String(decoding: bytes[end + 2..<tail], as: UTF8.self), tail)
    }
}
