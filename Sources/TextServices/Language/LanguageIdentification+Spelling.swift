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
    /// Ranges are found in blocks of lines between blank lines, so each line
    /// of a hard-wrapped paragraph (or of a comment block, once masked) is
    /// judged with its block, and cut from it only as a sentence of another
    /// language is cut from a paragraph.
    /// A range is decided when at least `LanguageIdentifier.minimumSentenceWords`
    /// distinct words of each of its sentences (summed), and at least half its
    /// words, are in its language's frequency list. A decided range is checked
    /// in its own language only when that language's list holds more of its
    /// words than the default language's and it leads the default language by
    /// `LanguageIdentifier.sentenceMargin` nats (the margin that cuts a
    /// paragraph at a sentence), or when the two are written in different
    /// scripts; else in the default language. The main language is the one
    /// most decided ranges (by bytes) are then checked in, else the default
    /// language (when it is a candidate; else the language of most of the
    /// text); where it is not the default language, a decided range must lead
    /// it the same way too, and one of the main language is checked in it. A
    /// range that is not decided but touches a decided range of its own
    /// language (no blank line between) is checked in that language. Every
    /// other range, and the text between ranges, is checked in the main
    /// language unless it departs from it the same way, or its script differs
    /// and it is words of that script's language (not code); in a text of
    /// fewer words than that minimum (a word to guess or complete) the lead
    /// alone decides. So a short comment or a run of identifiers in code is
    /// not checked, and no dictionary loaded, in whatever language its letters
    /// happen to suit best.
    ///
    /// A text seen before with the same settings gets the spans it got then (kept in `models.spans`).
    public func spans(_ text: TextBuffer, range: ByteRange? = nil,
                      candidates requested: [String]?) throws(TextServicesError) -> (spans: [LanguageSpan], candidates: [LanguageCandidate]) {
        let candidates = try candidates(requested)
        let found = try keyedSpans(text, range: range ?? text.fullRange, candidates: candidates)
        return (found.spans, candidates)
    }

    /// `spans` among resolved candidates, with the hash of the range's bytes when it has letters (the key its spans are
    /// kept by); `settled` blocks are taken for the default language unscored.
    private func keyedSpans(_ text: TextBuffer, range: ByteRange, candidates: [LanguageCandidate], settled: SettledBlocks? = nil)
        throws(TextServicesError) -> (spans: [LanguageSpan], content: ContentHash?) {
        guard LanguageWordScanner.containsLetter(text.bytes, range: range.ints) else {
            return (try identifiedSpans(text, range: range, candidates: candidates, settled: settled), nil)
        }
        let model = try model(for: candidates)
        var settings = "\(model.key)|\(spelling.defaultLanguage)"
        for candidate in candidates { settings += "|\(candidate.tag)=\(candidate.code)" }
        if let settled { settings += "|\(settled.settings)" }
        let content = text.bytes.withUnsafeBytes { ContentHash(UnsafeRawBufferPointer(rebasing: $0[range.ints])) }
        let key = KeptByContent<LanguageSpan>.Key(content: content, settings: ContentHash(Array(settings.utf8)))
        if let kept = models.spans.items(key, startingAt: range.lowerBound) { return (kept, content) }
        let spans = try identifiedSpans(text, range: range, candidates: candidates, settled: settled)
        models.spans.keep(spans, key, startingAt: range.lowerBound)
        return (spans, content)
    }

    /// `spans` of `range`, found paragraph by paragraph.
    private func identifiedSpans(_ text: TextBuffer, range: ByteRange, candidates: [LanguageCandidate],
                                 settled: SettledBlocks?) throws(TextServicesError) -> [LanguageSpan] {
        let detected = try checkingRanges(text, range: range, candidates: candidates, settled: settled)
        /// The candidate `found` names, when its evidence is known.
        func best(_ found: LanguageRange) -> Int? {
            guard found.scores.count == candidates.count, found.knownWords.count == candidates.count else { return nil }
            return candidates.firstIndex { $0.tag == found.language }
        }
        /// Whether `found` is decided: enough of its words, and half of them, are in its language's list.
        func isDecided(_ found: LanguageRange) -> Bool {
            if found.settled { return true }
            return best(found).map { found.knownWords[$0] >= LanguageIdentifier.minimumSentenceWords && 2 * found.knownWords[$0] >= found.words }
                ?? false
        }
        func most(_ bytes: [String: Int]) -> String? {
            bytes.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
        }
        var allBytes: [String: Int] = [:]
        for found in detected { allBytes[found.language, default: 0] += found.range.byteCount }
        let defaultCode = LanguageTag(spelling.defaultLanguage)?.language
        let reference = candidates.first { $0.code == defaultCode }?.tag ?? most(allBytes) ?? candidates[0].tag
        let isTiny = detected.reduce(0) { $0 + $1.words } < LanguageIdentifier.minimumSentenceWords
        let model = detected.isEmpty ? nil : try model(for: candidates)
        func script(_ candidate: Int) -> LanguageScript? {
            model.flatMap { model in model.languages.firstIndex(of: candidates[candidate].code).map { model.scripts[$0] } }
        }
        /// Whether `found`'s own language, not `other`, checks it; `otherIsDecided` when `other` is the language of
        /// decided ranges (then a range in another script must be decided, or be words alone, every run of its letters
        /// evidence, and at least half of them in its language's list).
        func departs(_ found: LanguageRange, from other: String, otherIsDecided: Bool = false) -> Bool {
            guard let best = best(found), let other = candidates.firstIndex(where: { $0.tag == other }) else { return true }
            guard best != other else { return true }
            let lead = found.scores[best] - found.scores[other]
            // A text of a word or two (a word to guess or complete) has only its letters to go by: the lead decides.
            if script(best) != script(other) {
                guard !isTiny, otherIsDecided, !isDecided(found) else { return true }
                guard 2 * found.knownWords[best] >= found.words else { return false }
                var runs = 0
                LanguageWordScanner.forEachWord(in: text.bytes, range: found.range.ints, evidenceOnly: false) { _ in runs += 1 }
                return runs == found.words
            }
            return lead >= LanguageIdentifier.sentenceMargin
                && (isTiny || isDecided(found) && found.knownWords[best] > found.knownWords[other])
        }
        // Decided ranges first, against the default language; the main language is then the one most of them are in.
        var assigned = [String?](repeating: nil, count: detected.count)
        var decidedBytes: [String: Int] = [:]
        for (index, found) in detected.enumerated() where isDecided(found) {
            let language = departs(found, from: reference) ? found.language : reference
            assigned[index] = language
            decidedBytes[language, default: 0] += found.range.byteCount
        }
        let fallback = most(decidedBytes) ?? reference
        // Where the main language is not the default one, a decided range in another language must also depart from
        // the main language (a short Czech sentence that Slovak's list suits a little better stays Czech), and one of
        // the main language that did not lead the default one by enough is checked in the main language.
        if fallback != reference {
            for (index, found) in detected.enumerated() where assigned[index].map({ $0 != fallback }) ?? false {
                if found.language == fallback || !departs(found, from: fallback, otherIsDecided: true) { assigned[index] = fallback }
            }
        }
        // A range too short to be decided that touches a decided range of its own language (the rest of its
        // paragraph, after a line that ends a sentence) is checked in that language.
        for (index, found) in detected.enumerated() where assigned[index] == nil {
            for neighbour in [index - 1, index + 1] where detected.indices.contains(neighbour) && isDecided(detected[neighbour]) {
                let other = detected[neighbour]
                if assigned[neighbour] == found.language,
                   other.range.upperBound == found.range.lowerBound || found.range.upperBound == other.range.lowerBound {
                    assigned[index] = found.language
                }
            }
        }
        // A range that is not decided is checked in the main language, and so is one in another script whose words
        // are mostly in no list of its language or that holds code (commands, options, names and declarations in
        // Latin letters inside Russian text): `check` and the language server leave the words of other scripts
        // alone (`WritingScripts`), where the Latin language its letters suit best flagged them. A short phrase of
        // that script's language (`Рим` in English text), or any range of a text without decided ranges, keeps its
        // own language.
        for (index, found) in detected.enumerated() where assigned[index] == nil {
            assigned[index] = departs(found, from: fallback, otherIsDecided: !decidedBytes.isEmpty) ? found.language : fallback
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
        for (found, language) in zip(detected, assigned) {
            add(position..<found.range.lowerBound, fallback)
            add(found.range, language ?? fallback)
            position = found.range.upperBound
        }
        add(position..<range.upperBound, fallback)
        return spans
    }

    /// The ranges `identifiedSpans` decides from, with `scores` and `knownWords` in the order of `candidates`.
    ///
    /// Only the candidates of the scripts the range's letters are in are
    /// scored (`LanguageWordScanner.scripts`); the others get no score
    /// (`-infinity`) and no known word. That changes no decision: a word
    /// counts only for candidates of its own script, so the scored
    /// candidates' sums are the same to the bit, and each of them is at
    /// least what every unscored one would have summed (the clamp's floor
    /// on every word), the word's best candidate above it by the clamp, so
    /// no range's or sentence's likeliest language is an unscored one; the
    /// rules below read an unscored candidate's score only after its script
    /// differs from the range's, which decides alone. With Debian's
    /// dictionaries, a text in Latin letters alone scores 26 of the 33
    /// default candidates, one in Cyrillic alone 3. The confidences differ
    /// (they are not read here).
    func checkingRanges(_ text: TextBuffer, range: ByteRange, candidates: [LanguageCandidate],
                        settled: SettledBlocks? = nil) throws(TextServicesError) -> [LanguageRange] {
        guard LanguageWordScanner.containsLetter(text.bytes, range: range.ints) else { return [] }
        let model = try model(for: candidates)
        let scripts = LanguageWordScanner.scripts(in: text.bytes, range: range.ints)
        let scored = candidates.indices.filter { position in
            model.languages.firstIndex(of: candidates[position].code).map { scripts & 1 << UInt32(model.scripts[$0].rawValue) != 0 } ?? true
        }
        guard !scored.isEmpty else { return [] }
        let found = try identify(text, range: range, among: scored.map { candidates[$0] }, hints: [:], granularity: .paragraph,
                                 maximum: 1, joiningLines: true, settled: settled)
        guard scored.count < candidates.count else { return found }
        return found.map { range in
            guard range.scores.count == scored.count, range.knownWords.count == scored.count else { return range }
            var full = range
            full.scores = [Double](repeating: -.infinity, count: candidates.count)
            full.knownWords = [Int](repeating: 0, count: candidates.count)
            for (position, index) in scored.enumerated() {
                full.scores[index] = range.scores[position]
                full.knownWords[index] = range.knownWords[position]
            }
            return full
        }
    }

    /// Checks each span of `range` with its own language's dictionary (`language: "auto"`).
    ///
    /// Loads the dictionaries of the languages found, and the default
    /// language's (see below). A misspelling's `alsoIn` names the other
    /// candidates that accept the word: a loaded
    /// dictionary's verdict, or, for a language not loaded, its word list (the
    /// words its dictionary accepts); a language counts only for words in its
    /// own script (Debian's uk_UA dictionary accepts every Latin word).
    /// `startingAt`, `wrap` and `limit` work as in `SpellChecker.check`.
    ///
    /// When the default language is a candidate and its dictionary accepts
    /// most of the text's first words, the whole text is checked in it
    /// first, and the blocks it accepts whole are settled in it unscored
    /// (`SettledBlocks`); its verdicts then serve every span in the default
    /// language, and `wordCount` is its count of the text's words.
    public func check(_ text: TextBuffer, range: ByteRange? = nil, candidates requested: [String]?, documentId: String?,
                      startingAt: UTF8Offset? = nil, wrap: Bool = false,
                      limit: Int? = nil) throws(TextServicesError) -> (misspellings: [LanguageMisspelling], wordCount: Int) {
        let range = range ?? text.fullRange
        let candidates = try candidates(requested)
        let reference = referenceCheck(text, range: range, candidates: candidates, documentId: documentId)
        let (spans, content) = try keyedSpans(text, range: range, candidates: candidates, settled: reference?.settled)
        var checkers: [String: SpellChecker] = [:]
        var found: [LanguageMisspelling] = []
        var wordCount = reference?.settled.wordCount ?? 0
        var nextSettled = 0
        for span in spans {
            if let reference, span.language == reference.settled.language { checkers[span.language] = reference.checker }
            // The parts the reference check covered (its words are in its count), and those it left.
            for (part, covered) in reference?.settled.pieces(of: span.range) ?? [(span.range, false)] {
                if let reference, covered, span.language == reference.settled.language {
                    for misspelling in reference.settled.misspellings(in: part, from: &nextSettled) {
                        found.append(LanguageMisspelling(misspelling: misspelling, language: span.language, alsoIn: []))
                    }
                    continue
                }
                let checker: SpellChecker
                if let existing = checkers[span.language] {
                    checker = existing
                } else {
                    checker = try spelling.checker(language: span.language,
                                                   located: candidates.first { $0.tag == span.language }?.dictionary,
                                                   documentId: documentId)
                    checkers[span.language] = checker
                }
                let result = checker.check(text, range: part)
                if !covered { wordCount += result.wordCount }
                for misspelling in result.misspellings {
                    found.append(LanguageMisspelling(misspelling: misspelling, language: span.language, alsoIn: []))
                }
            }
        }
        let start = min(max(startingAt ?? range.lowerBound, range.lowerBound), range.upperBound)
        var ordered: [LanguageMisspelling]
        if found.contains(where: { $0.misspelling.range.upperBound <= start }) {
            ordered = found.filter { $0.misspelling.range.upperBound > start }
            if wrap { ordered += found.filter { $0.misspelling.range.upperBound <= start } }
        } else {
            // Every misspelling ends past the start (a whole text's check): the order is the text's, and no copy is made.
            ordered = found
            found = []
        }
        if let limit, limit < ordered.count { ordered.removeSubrange(limit...) }
        if !ordered.isEmpty {
            let model = try model(for: candidates)
            let others = AlsoInCandidates(candidates, model: model, checkers: checkers)
            let words = ordered.map(\.misspelling.word), languages = ordered.map(\.language)
            let settings = others.settings(model: model)
            if let content, let settings, let kept = models.alsoIn.alsoIn(text: content, settings: settings, words: words,
                                                                          languages: languages) {
                for index in ordered.indices { ordered[index].alsoIn = kept[index] }
                return (ordered, wordCount)
            }
            let listings = models.listings.listings(words, model: model, text: content)
            var rejecting = (tag: "", position: -1)
            for index in ordered.indices {
                let language = ordered[index].language
                if language != rejecting.tag { rejecting = (language, others.tags.firstIndex(of: language) ?? -1) }
                ordered[index].alsoIn = others.accepting(ordered[index].misspelling.word, listings[index], except: rejecting.position)
            }
            if let content, let settings {
                models.alsoIn.keep(ordered.map(\.alsoIn), text: content, settings: settings, words: words, languages: languages)
            }
        }
        return (ordered, wordCount)
    }

    /// The check of `range` in the language of its start, and its checker: the default language's when it is a
    /// candidate and accepts the start, else the language the start is scored in; nil when neither accepts it.
    ///
    /// The text's start, to its first blank line after `referenceProbeBytes`,
    /// is checked alone first, up to `referenceProbe` misspellings, so that a
    /// text in another language costs the default language's verdicts on a
    /// few dozen words (its rejections are the dear ones). When the default
    /// language rejects more than a quarter of them (or is no candidate), the
    /// start is scored as one stretch, and its likeliest candidate, when it is
    /// another, is asked the same way: a text in German, checked where the
    /// default language is English, then settles its German blocks unscored as
    /// an English text settles its English ones. The rest is checked from that
    /// blank line on, where no word can cross, in parts of about
    /// `referencePartBytes` looked at the same way; a part the language
    /// rejects more than a quarter of is left out (`SettledBlocks.parts`), so
    /// a German text that turns English costs the German verdicts on a few
    /// dozen words of each English part; a part that holds more misspellings
    /// than a look stops at, but few for its words, is checked again whole
    /// (its verdicts are in the checker's memo by then).
    func referenceCheck(_ text: TextBuffer, range: ByteRange, candidates: [LanguageCandidate],
                        documentId: String?) -> (checker: SpellChecker, settled: SettledBlocks)? {
        guard LanguageWordScanner.containsLetter(text.bytes, range: range.ints), let model = try? model(for: candidates) else {
            return nil
        }
        let probe = range.byteCount > Self.referenceProbeBytes
            ? range.lowerBound..<Self.blockCut(text, after: range.lowerBound.rawValue + Self.referenceProbeBytes, in: range) : range
        let code = LanguageTag(spelling.defaultLanguage)?.language
        let preferred = candidates.first { $0.code == code }
        if let preferred, let found = reference(preferred, text, range: range, probe: probe, candidates: candidates, model: model,
                                                 documentId: documentId) {
            return found
        }
        guard let start = try? identify(text, range: probe, among: candidates, hints: [:], granularity: .document, maximum: 1,
                                        joiningLines: false).first,
              let candidate = candidates.first(where: { $0.tag == start.language }), candidate.code != preferred?.code else {
            return nil
        }
        return reference(candidate, text, range: range, probe: probe, candidates: candidates, model: model, documentId: documentId)
    }

    /// `candidate`'s check of `range` (its start, `probe`, first) as `referenceCheck` makes it; nil when its dictionary
    /// does not load or it rejects more than a quarter of the start's words.
    private func reference(_ candidate: LanguageCandidate, _ text: TextBuffer, range: ByteRange, probe: ByteRange,
                           candidates: [LanguageCandidate], model: LanguageModel,
                           documentId: String?) -> (checker: SpellChecker, settled: SettledBlocks)? {
        guard let language = model.languages.firstIndex(of: candidate.code),
              let checker = try? spelling.checker(language: candidate.tag, located: candidate.dictionary, documentId: documentId)
        else { return nil }
        guard var (misspellings, wordCount) = look(checker, text, probe, memoBytes: range.byteCount) else { return nil }
        // The rest a part at a time, each looked at as the start was: a part in another language costs the verdicts
        // on a few dozen of its words, not on all of them, and is left to detection.
        var parts = [probe]
        var end = probe.upperBound
        while end < range.upperBound {
            let part = end..<Self.blockCut(text, after: end.rawValue + Self.referencePartBytes, in: range)
            end = part.upperBound
            guard let found = look(checker, text, part, memoBytes: range.byteCount) else { continue }
            misspellings += found.misspellings
            wordCount += found.wordCount
            if parts[parts.count - 1].upperBound == part.lowerBound {
                parts[parts.count - 1] = parts[parts.count - 1].lowerBound..<part.upperBound
            } else {
                parts.append(part)
            }
        }
        // Which rejected words another candidate's list of the same script holds (the listings `alsoIn` reads later,
        // looked up once).
        let others = Set(candidates.compactMap { other -> UInt8? in
            guard other.code != candidate.code, let position = model.languages.firstIndex(of: other.code),
                  model.scripts[position] == model.scripts[language] else { return nil }
            return UInt8(position)
        })
        let listings = models.listings.listings(misspellings.map(\.word), model: model)
        let foreign = listings.map { listing in
            listing.script == model.scripts[language] && listing.languages.contains { others.contains($0) }
        }
        var settled = SettledBlocks(language: candidate.tag, script: model.scripts[language], misspellings: misspellings,
                                    foreign: foreign, wordCount: wordCount)
        settled.parts = parts
        return (checker, settled)
    }

    /// `checker`'s verdicts on `part` of `text`, up to `referenceProbe` misspellings, then on all of it when those are
    /// few for its words; nil when they are more than a quarter of the words looked at.
    private func look(_ checker: SpellChecker, _ text: TextBuffer, _ part: ByteRange,
                      memoBytes: Int) -> (misspellings: [Misspelling], wordCount: Int)? {
        var (misspellings, wordCount) = checker.check(text, range: part, limit: Self.referenceProbe, memoBytes: memoBytes)
        guard misspellings.count * 4 <= wordCount else { return nil }
        if misspellings.count == Self.referenceProbe { (misspellings, wordCount) = checker.check(text, range: part) }
        return (misspellings, wordCount)
    }

    /// Where a part of `range` that runs at least to `offset` ends: after the first line break of the first blank line
    /// from there (where no word or block can cross), or at the range's end.
    static func blockCut(_ text: TextBuffer, after offset: Int, in range: ByteRange) -> UTF8Offset {
        let bytes = text.bytes, end = range.upperBound.rawValue
        var cut = offset
        while cut + 1 < end, !(bytes[cut] == 0x0A && bytes[cut + 1] == 0x0A) { cut += 1 }
        return cut + 1 < end ? UTF8Offset(cut + 1) : range.upperBound
    }

    /// How many misspellings `referenceCheck` finds at a text's start before it judges whether to go on.
    static let referenceProbe = 24
    /// About how many bytes of a text's start `referenceCheck` judges from.
    static let referenceProbeBytes = 2048
    /// About how many bytes of the rest `referenceCheck` judges at a time.
    static let referencePartBytes = 4096

    /// The candidates `alsoIn` may name, sorted by tag: each one's place in the model, its script, and its dictionary
    /// when the check loaded it (side by side, so that asking about a word copies none of them).
    private struct AlsoInCandidates {
        var tags: [String] = []
        var indices: [UInt8] = []
        var scripts: [LanguageScript] = []
        var checkers: [SpellChecker?] = []

        init(_ candidates: [LanguageCandidate], model: LanguageModel, checkers loaded: [String: SpellChecker]) {
            for candidate in candidates.sorted(by: { $0.tag < $1.tag }) {
                guard let index = model.languages.firstIndex(of: candidate.code) else { continue }
                tags.append(candidate.tag)
                indices.append(UInt8(index))
                scripts.append(model.scripts[index])
                checkers.append(loaded[candidate.tag])
            }
        }

        /// What `accepting` answers from besides the word: nil when a loaded dictionary's checker has ignored words
        /// (a document's, which are not kept).
        func settings(model: LanguageModel) -> KeptAlsoIn.Settings? {
            guard checkers.allSatisfy({ $0?.ignoredWords.isEmpty ?? true }) else { return nil }
            return KeptAlsoIn.Settings(model: model.key, tags: tags, stamps: checkers.map { $0?.dictionaries.map(\.verdictStamp) })
        }

        /// The candidates but the one at `except` that accept `word`, in the word's script only.
        ///
        /// A loaded dictionary answers for its language, its compiled accept table read without mapping its pages
        /// (`SpellChecker.acceptsUnmapped`); the model's word lists (the word's `listing`) answer for the rest.
        func accepting(_ word: String, _ listing: WordListings.Listing, except: Int) -> [String] {
            var accepting: [String] = []
            for position in tags.indices where position != except && scripts[position] == listing.script {
                if let checker = checkers[position] {
                    if checker.acceptsUnmapped(word) { accepting.append(tags[position]) }
                } else if listing.languages.contains(indices[position]) {
                    accepting.append(tags[position])
                }
            }
            return accepting
        }
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
