import TextServices

/// `language: "auto"`: the request detects each range's language among `candidates`.
///
/// `"auto:en_US,de_DE"` is the same as `"auto"` with those candidates (the
/// command line's `--lang auto:...`).
enum AutoLanguage {
    /// The candidates of an automatic request (`list` nil: the defaults); nil when the request names its languages.
    ///
    /// -32602 for `candidates` without `language: "auto"`, and for both a
    /// candidate list in `language` and `candidates`.
    static func candidates(language: String?, languages: [String]?,
                           candidates: [String]?) throws(ServiceError) -> AutoCandidates? {
        let named = language ?? (languages?.count == 1 ? languages?[0] : nil)
        guard let named, named == "auto" || named.hasPrefix("auto:") else {
            if candidates != nil { throw .invalidParams(field: "candidates", "needs language \"auto\"") }
            return nil
        }
        if named.hasPrefix("auto:") {
            guard candidates == nil else { throw .invalidParams(field: "candidates", "is given twice (also in 'language')") }
            let list = named.dropFirst(5).split(separator: ",").map(String.init)
            guard !list.isEmpty else { throw .invalidParams(field: "language", "names no candidate after 'auto:'") }
            return AutoCandidates(list: list)
        }
        return AutoCandidates(list: candidates)
    }
}

/// The candidates an automatic request names; `list` nil means every loadable dictionary's language.
struct AutoCandidates {
    var list: [String]?
}

extension AutoLanguage {
    /// The language an automatic `spell.guesses` or `spell.complete` uses: that of the text around `range`, or of `word` alone.
    static func language(word: String, text: String?, range: WireRange?, candidates: AutoCandidates,
                         context: RequestContext) throws -> String {
        let languages = context.languages
        if let text, let range {
            let buffer = try context.text(text)
            let byteRange = try context.positions(in: buffer).range(range, field: "range")
            return try languages.language(at: byteRange, in: buffer, candidates: candidates.list)
        }
        return try languages.language(at: nil, in: TextBuffer(word), candidates: candidates.list)
    }
}
