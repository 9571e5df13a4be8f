/// A misspelling found by checking each range with its own language's dictionary.
public struct LanguageMisspelling: Sendable, Equatable {
    public var misspelling: Misspelling
    /// The tag of the dictionary that rejected the word.
    public var language: String
    /// Other candidates that accept the word, sorted.
    public var alsoIn: [String]
}

/// A stretch of text and the dictionary that checks it.
public struct LanguageSpan: Sendable, Equatable {
    public var range: ByteRange
    public var language: String
}

extension LanguageIdentification {
    /// Spans covering `range` with no gaps, each with the language it is checked in.
    ///
    /// The text's main language is the one that covers most of its decided
    /// ranges (paragraph granularity; decided: at least
    /// `LanguageIdentifier.minimumSentenceWords` words of evidence). A
    /// range takes another language only on the evidence that cuts a
    /// paragraph at a sentence: that many words and a lead of
    /// `LanguageIdentifier.sentenceMargin` nats over the main language, or
    /// a language written in another script than the main one. So a short comment in
    /// code (`Update`, `can`) is not checked, and its dictionary not loaded,
    /// in whatever language its few words happen to suit best. A text with
    /// no decided range keeps each range's own language. Text between
    /// ranges (no evidence: no letters, or only words that mix scripts) takes
    /// the main language, else the language covering most of the text, else
    /// the default language when it is a candidate, else the first candidate.
    public func spans(_ text: TextBuffer, range: ByteRange? = nil,
                      candidates requested: [String]?) throws(TextServicesError) -> (spans: [LanguageSpan], candidates: [LanguageCandidate]) {
        let candidates = try candidates(requested)
        let range = range ?? text.fullRange
        let detected = try identify(text, range: range, candidates: candidates.map(\.tag), maximum: 1)
        var decidedBytes: [String: Int] = [:]
        var allBytes: [String: Int] = [:]
        for found in detected {
            allBytes[found.language, default: 0] += found.range.byteCount
            if found.words >= LanguageIdentifier.minimumSentenceWords { decidedBytes[found.language, default: 0] += found.range.byteCount }
        }
        func most(_ bytes: [String: Int]) -> String? {
            bytes.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
        }
        let defaultCode = LanguageTag(spelling.defaultLanguage)?.language
        let fallback = most(decidedBytes) ?? most(allBytes) ?? candidates.first { $0.code == defaultCode }?.tag ?? candidates[0].tag
        // Without a decided range (a few words in all), each range keeps what its words suggest.
        let main = decidedBytes.isEmpty ? nil : candidates.firstIndex { $0.tag == fallback }
        let model = detected.isEmpty ? nil : try model(for: candidates)
        func script(_ candidate: Int) -> LanguageScript? {
            model.flatMap { model in model.languages.firstIndex(of: candidates[candidate].code).map { model.scripts[$0] } }
        }
        /// The language `found` is checked in: its own where the evidence departs from the main language.
        func language(of found: LanguageRange) -> String {
            guard let main, found.scores.count == candidates.count,
                  let best = candidates.firstIndex(where: { $0.tag == found.language }), best != main else { return found.language }
            let lead = found.scores[best] - found.scores[main]
            let departs = script(best) != script(main)
                || (found.words >= LanguageIdentifier.minimumSentenceWords && lead >= LanguageIdentifier.sentenceMargin)
            return departs ? found.language : fallback
        }
        var spans: [LanguageSpan] = []
        var position = range.lowerBound
        func add(_ span: ByteRange, _ language: String) {
            guard !span.isEmpty else { return }
            if let last = spans.last, last.language == language, last.range.upperBound == span.lowerBound {
                spans[spans.count - 1].range = last.range.lowerBound..<span.upperBound
            } else {
                spans.append(LanguageSpan(range: span, language: language))
            }
        }
        for found in detected {
            add(position..<found.range.lowerBound, fallback)
            add(found.range, language(of: found))
            position = found.range.upperBound
        }
        add(position..<range.upperBound, fallback)
        return (spans, candidates)
    }

    /// Checks each span of `range` with its own language's dictionary (`language: "auto"`).
    ///
    /// Loads only the dictionaries of the languages found. A misspelling's
    /// `alsoIn` names the other candidates that accept the word: a loaded
    /// dictionary's verdict, or, for a language not loaded, its word list (the
    /// words its dictionary accepts); a language counts only for words in its
    /// own script (Debian's uk_UA dictionary accepts every Latin word).
    /// `startingAt`, `wrap` and `limit` work as in `SpellChecker.check`.
    public func check(_ text: TextBuffer, range: ByteRange? = nil, candidates requested: [String]?, documentId: String?,
                      startingAt: UTF8Offset? = nil, wrap: Bool = false,
                      limit: Int? = nil) throws(TextServicesError) -> (misspellings: [LanguageMisspelling], wordCount: Int) {
        let range = range ?? text.fullRange
        let (spans, candidates) = try spans(text, range: range, candidates: requested)
        var checkers: [String: SpellChecker] = [:]
        var found: [LanguageMisspelling] = []
        var wordCount = 0
        for span in spans {
            let checker: SpellChecker
            if let existing = checkers[span.language] {
                checker = existing
            } else {
                checker = try spelling.checker(languages: [span.language], documentId: documentId)
                checkers[span.language] = checker
            }
            let result = checker.check(text, range: span.range)
            wordCount += result.wordCount
            found += result.misspellings.map { LanguageMisspelling(misspelling: $0, language: span.language, alsoIn: []) }
        }
        let model = try model(for: candidates)
        for index in found.indices {
            found[index].alsoIn = alsoIn(found[index].misspelling.word, except: found[index].language,
                                         candidates: candidates, checkers: checkers, model: model)
        }
        let start = min(max(startingAt ?? range.lowerBound, range.lowerBound), range.upperBound)
        var ordered = found.filter { $0.misspelling.range.upperBound > start }
        if wrap { ordered += found.filter { $0.misspelling.range.upperBound <= start } }
        if let limit { ordered = Array(ordered.prefix(limit)) }
        return (ordered, wordCount)
    }

    private func alsoIn(_ word: String, except language: String, candidates: [LanguageCandidate],
                        checkers: [String: SpellChecker], model: LanguageModel) -> [String] {
        var script = LanguageScript.other
        for scalar in word.unicodeScalars where scalar.properties.isAlphabetic { script = script.joined(with: .of(scalar.value)) }
        var known = Set<Int>()
        model.forEachWordScore(WordList.fold(word)) { index, _ in known.insert(index) }
        var accepting: [String] = []
        for candidate in candidates where candidate.tag != language {
            guard let index = model.languages.firstIndex(of: candidate.code), model.scripts[index] == script else { continue }
            if checkers[candidate.tag].map({ $0.accepts(word) }) ?? known.contains(index) { accepting.append(candidate.tag) }
        }
        return accepting.sorted()
    }

    /// The language of the text around `range` (its paragraph's, or the sentence's where the paragraph is cut), or of `word` alone.
    ///
    /// For `spell.guesses` and `spell.complete` with `language: "auto"`.
    public func language(at range: ByteRange?, in text: TextBuffer, candidates requested: [String]?) throws(TextServicesError) -> String {
        let (spans, candidates) = try spans(text, candidates: requested)
        let position = range?.lowerBound ?? text.fullRange.lowerBound
        let span = spans.first { $0.range.contains(position) } ?? spans.last { $0.range.lowerBound <= position } ?? spans.first
        return span?.language ?? candidates[0].tag
    }
}
