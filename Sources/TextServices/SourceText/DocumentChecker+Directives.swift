extension DocumentChecker {
    /// The misspellings of a document whose inline directives (`InlineDirectives`) apply.
    ///
    /// Words a directive ignores are accepted, disabled lines and regions
    /// are hidden, and the `textsvcd: language TAG` regions of each tag are
    /// checked together with `checker([TAG])`; the rest with `checker(nil)`
    /// (the door's languages). In a gettext catalog (`GettextCatalog`), the
    /// translations are checked with `checker([TAG])` for the tag
    /// `translations` gives the header's `Language:` (one the door was asked
    /// to check in), and not at all when it gives nil: the result's
    /// `skippedTranslations` then names the language. A misspelling found in
    /// another language's region carries its tag (`Misspelling.language`).
    /// Misspellings come in
    /// text order, at most `limit`; the mask is the one the rest was checked
    /// with. Throws what the checker throws.
    public func check(_ text: TextBuffer, kind: DocumentKind, directives: InlineDirectives,
                      checker: (_ languages: [String]?) -> any WordChecking,
                      translations: (_ catalogLanguage: String) -> String? = { _ in nil }, limit: Int = .max) throws -> Result {
        var directives = directives
        var skipped: String?
        // A catalog is read once, for its translations here and for the mask.
        let catalog = kind == .gettext ? GettextCatalog(text.bytes) : nil
        if let catalog {
            if let language = catalog.language, let tag = translations(language) {
                directives.languages += catalog.translations.map { (tag, $0) }
            } else {
                directives.hidden += catalog.translations
                if !catalog.translations.isEmpty { skipped = catalog.language ?? "" }
            }
        }
        var result = try check(text, kind: kind, directives: directives, checker: checker, limit: limit, catalog: catalog)
        result.skippedTranslations = skipped
        return result
    }

    private func check(_ text: TextBuffer, kind: DocumentKind, directives: InlineDirectives,
                       checker: (_ languages: [String]?) -> any WordChecking, limit: Int, catalog: GettextCatalog?) throws -> Result {
        guard !directives.isEmpty else { return try check(text, kind: kind, using: checker(nil), limit: limit, catalog: catalog) }
        let accepted = AcceptedSpellings(directives.words)
        func checkAccepting<Base: WordChecking>(_ base: Base, hiding: [Range<Int>]) throws -> Result {
            try check(text, kind: kind, using: AcceptingWords(base, spellings: accepted), hiding: hiding, limit: limit, catalog: catalog)
        }
        let main = try checkAccepting(checker(nil), hiding: directives.hidden + directives.languages.map(\.range))
        guard !directives.languages.isEmpty else { return main }
        var found = main.misspellings
        // One check per language, whatever the number of its regions (a catalog has thousands).
        var order: [String] = []
        var regions: [String: [Range<Int>]] = [:]
        for (language, range) in directives.languages {
            if regions[language] == nil { order.append(language) }
            regions[language, default: []].append(range)
        }
        let end = text.bytes.count
        for language in order {
            var outside: [Range<Int>] = []
            var start = 0
            for range in regions[language]!.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if range.lowerBound > start { outside.append(start..<range.lowerBound) }
                start = max(start, range.upperBound)
            }
            if start < end { outside.append(start..<end) }
            // Each word says the language it was checked in, so that its guesses come from that dictionary.
            found += try checkAccepting(checker([language]), hiding: outside + directives.hidden).misspellings.map { misspelling in
                var tagged = misspelling
                if tagged.language == nil { tagged.language = language }
                return tagged
            }
        }
        found.sort { $0.range.lowerBound < $1.range.lowerBound }
        return Result(misspellings: Array(found.prefix(limit)), mask: main.mask, acronyms: main.acronyms)
    }
}
