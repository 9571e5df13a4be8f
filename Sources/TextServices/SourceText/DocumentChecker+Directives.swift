extension DocumentChecker {
    /// The misspellings of a document whose inline directives (`InlineDirectives`) apply.
    ///
    /// Words a directive ignores are accepted, disabled lines and regions
    /// are hidden, and each `textsvcd: language TAG` region is checked on its
    /// own with `checker([TAG])`; the rest with `checker(nil)` (the door's
    /// languages). Misspellings come in text order, at most `limit`; the mask
    /// is the one the rest was checked with. Throws what the checker throws.
    public func check(_ text: TextBuffer, kind: DocumentKind, directives: InlineDirectives,
                      checker: (_ languages: [String]?) -> any WordChecking, limit: Int = .max) throws -> Result {
        guard !directives.isEmpty else { return try check(text, kind: kind, using: checker(nil), limit: limit) }
        let accepted = AcceptedSpellings(directives.words)
        func checkAccepting<Base: WordChecking>(_ base: Base, hiding: [Range<Int>]) throws -> Result {
            try check(text, kind: kind, using: AcceptingWords(base, spellings: accepted), hiding: hiding, limit: limit)
        }
        let main = try checkAccepting(checker(nil), hiding: directives.hidden + directives.languages.map(\.range))
        guard !directives.languages.isEmpty else { return main }
        var found = main.misspellings
        let end = text.bytes.count
        for region in directives.languages {
            let outside = [0..<region.range.lowerBound, region.range.upperBound..<end] + directives.hidden
            found += try checkAccepting(checker([region.language]), hiding: outside).misspellings
        }
        found.sort { $0.range.lowerBound < $1.range.lowerBound }
        return Result(misspellings: Array(found.prefix(limit)), mask: main.mask)
    }
}
