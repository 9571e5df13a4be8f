/// Spell-checks the prose of a document: what its kind leaves visible, minus text matching ignore patterns.
///
/// Words the dictionaries reject are split at identifier boundaries
/// (`camelCase`, `HTTPServer`) and only the rejected parts are reported;
/// parts shorter than four letters and short all-capital parts (acronyms)
/// pass. In source code, words of one or two letters and short all-capital
/// words pass too; in code and technical prose (Markdown, commit messages,
/// markup) so do the words of `CodeVocabulary`. Offsets are bytes of the document's text. Not thread-safe (holds
/// compiled patterns); build one per check or keep it on one queue.
struct DocumentChecker {
    let checker: SpellChecker
    let patterns: [IgnorePattern]
    let checkStrings: Bool

    /// The misspellings of a document, in order, at most `limit`, with the mask that was checked.
    func check(_ document: LSPDocument, limit: Int) -> (misspellings: [Misspelling], mask: TextMask) {
        let bytes = document.text.bytes
        var mask = CheckableText.mask(bytes, kind: document.kind, checkStrings: checkStrings)
        for pattern in patterns {
            for range in pattern.matches(in: bytes) { mask.hide(range) }
        }
        let masked = TextBuffer(validatedBytes: mask.masked())
        let found = checker.check(masked).misspellings
        let technical = document.kind.isTechnical
        let isCode = !document.kind.isProse
        var result: [Misspelling] = []
        var skipUntil = 0
        for misspelling in found {
            if result.count >= limit { break }
            if misspelling.range.lowerBound.rawValue < skipUntil { continue }
            if let joinedEnd = escapedApostropheJoin(misspelling, bytes: bytes) {
                skipUntil = joinedEnd
                continue
            }
            if technical, CodeVocabulary.contains(misspelling.word) { continue }
            if isCode, Self.isAcronym(misspelling.word) || misspelling.word.count <= 2 { continue }
            let parts = IdentifierSplitter.parts(of: misspelling.word)
            if parts.isEmpty {
                if Self.isPartOfCompound(misspelling.range, in: bytes, hyphens: isCode),
                   acceptsIdentifierPart(misspelling.word, technical: technical)
                    || (isCode && misspelling.word.allSatisfy { $0.isUppercase || $0.isNumber }) {
                    // The parts of `CLOUDSDK_ROOT_DIR` and other constants in code are names, not words.
                    continue
                }
                result.append(misspelling)
                continue
            }
            let base = misspelling.range.lowerBound.rawValue
            for part in parts where !acceptsIdentifierPart(part.word, technical: technical) {
                result.append(Misspelling(range: ByteRange(bytes: base + part.range.lowerBound..<base + part.range.upperBound),
                                          word: part.word))
            }
        }
        return (Array(result.prefix(limit)), mask)
    }

    /// Parts of identifiers shorter than four letters (`Num`, `Ptr`, `ctx`) are abbreviations, and
    /// short all-capital parts acronyms: both pass, as in other code spell checkers.
    private func acceptsIdentifierPart(_ word: String, technical: Bool) -> Bool {
        if word.count < 4 || Self.isAcronym(word) { return true }
        if technical, CodeVocabulary.contains(word) { return true }
        return checker.accepts(word)
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

    /// `UTF`, `JSON`, `HTTPS`: all capitals, at most five letters. In code these are acronyms or constants.
    static func isAcronym(_ word: String) -> Bool {
        word.count <= 5 && word.allSatisfy { $0.isUppercase }
    }

    /// For `couldn\'t` inside a string: when the word joined across the escaped apostrophe is correct,
    /// the end of the joined word (so its second half is not reported either).
    private func escapedApostropheJoin(_ misspelling: Misspelling, bytes: [UInt8]) -> Int? {
        let end = misspelling.range.upperBound.rawValue
        guard end + 2 < bytes.count, bytes[end] == UInt8(ascii: "\\"), bytes[end + 1] == UInt8(ascii: "'") else { return nil }
        var tail = end + 2
        while tail < bytes.count, (bytes[tail] | 0x20) >= UInt8(ascii: "a"), (bytes[tail] | 0x20) <= UInt8(ascii: "z") { tail += 1 }
        guard tail > end + 2 else { return nil }
        let joined = misspelling.word + "'" + String(decoding: bytes[end + 2..<tail], as: UTF8.self)
        return checker.accepts(joined) ? tail : nil
    }
}
