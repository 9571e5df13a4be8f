/// Cuts text into ranges of one language each: the documents, paragraphs or sentences, scored with a `LanguageScorer`.
///
/// At paragraph granularity a paragraph is one range unless one of its
/// sentences (of at least `minimumSentenceWords` words) is clearly in another
/// language, by `sentenceMargin` nats; then the paragraph is cut at sentence
/// boundaries and neighbouring sentences of one language are joined again.
/// Text without evidence (no letters, only emoji, only words that mix
/// scripts) gets no range. A paragraph's verdict is kept in `verdicts` (by
/// its bytes, the candidates, priors and `maximum`), and a paragraph seen
/// before is not scored again. Not thread-safe; make one per request.
struct LanguageIdentifier {
    var scorer: LanguageScorer
    let candidates: [LanguageCandidate]
    let maximum: Int
    let verdicts: KeptByContent<LanguageRange>
    /// Whether a paragraph is a block of lines between blank lines rather than one line.
    let joiningLines: Bool
    /// The blocks taken for the default language unscored (with `joiningLines` only).
    let settled: SettledBlocks?
    /// The settings part of every verdict's key.
    private let settings: ContentHash

    init(scorer: LanguageScorer, candidates: [LanguageCandidate], maximum: Int, verdicts: KeptByContent<LanguageRange>,
         joiningLines: Bool = false, settled: SettledBlocks? = nil) {
        self.scorer = scorer
        self.settled = settled
        self.candidates = candidates
        self.maximum = maximum
        self.verdicts = verdicts
        self.joiningLines = joiningLines
        var described = "\(scorer.model.key)|\(maximum)|\(joiningLines ? "blocks" : "lines")"
        for (candidate, prior) in zip(candidates, scorer.priors) { described += "|\(candidate.tag)=\(prior)" }
        settings = ContentHash(Array(described.utf8))
    }

    static let minimumSentenceWords = 3
    static let sentenceMargin = 6.0

    /// The ranges of `range` of `text`, in order.
    mutating func identify(_ text: TextBuffer, range: ByteRange, granularity: LanguageGranularity) throws(TextServicesError) -> [LanguageRange] {
        switch granularity {
        case .document:
            scorer.reserve(textBytes: range.byteCount)
            return result(range, scorer.evidence(text.bytes, range: range.ints)).map { [$0] } ?? []
        case .sentence:
            scorer.reserve(textBytes: range.byteCount)
            return try Tokenizer(granularity: .sentence).tokens(in: text, range: range).compactMap {
                result($0.range, scorer.evidence(text.bytes, range: $0.range.ints))
            }
        case .paragraph:
            var ranges: [LanguageRange] = []
            let lines = try Tokenizer(granularity: .paragraph).tokens(in: text, range: range).map(\.range)
            let paragraphs = joiningLines ? Self.blocks(of: lines, in: text.bytes) : lines
            // The settled blocks first, so that the scorer's memo is sized for the text that is scored.
            let settledWords = paragraphs.map { paragraph in
                joiningLines ? settled?.words(ofSettled: paragraph, in: text.bytes) : nil
            }
            scorer.reserve(textBytes: zip(paragraphs, settledWords).reduce(0) { $0 + ($1.1 == nil ? $1.0.byteCount : 0) })
            for (paragraph, words) in zip(paragraphs, settledWords) {
                if let settled, let words {
                    var range = LanguageRange(range: paragraph, language: settled.language, confidence: 1,
                                              hypotheses: [LanguageHypothesis(language: settled.language, confidence: 1)])
                    range.words = words
                    range.settled = true
                    ranges.append(range)
                    continue
                }
                let key = KeptByContent<LanguageRange>.Key(
                    content: text.bytes.withUnsafeBytes { ContentHash(UnsafeRawBufferPointer(rebasing: $0[paragraph.ints])) },
                    settings: settings)
                let start = paragraph.lowerBound
                if let known = verdicts.items(key, startingAt: start) {
                    ranges += known
                    continue
                }
                let found = try paragraphRanges(text, paragraph)
                verdicts.keep(found, key, startingAt: start)
                ranges += found
            }
            return ranges
        }
    }

    /// Lines joined into blocks where a line breaks off mid-sentence, as a hard-wrapped paragraph's lines do.
    ///
    /// A line continues the block before it when that block's last line ends
    /// (past trailing spaces) in a letter, a comma or a hyphen (ASCII's, or
    /// U+2010 where a typesetter broke a word, or a soft hyphen), unless the
    /// block is that one line and the line is indented deeper
    /// (`indentation`); a line with no letter (a blank line, or code masked
    /// away) ends a block. So a line ending in `.`, `:`, `;` or `{` (a
    /// sentence's end, code in a comment) starts afresh, and so does the body
    /// under a heading or an option (a manual page's `   Sygnały standardowe`
    /// over `       Linux supports the standard signals`, `-b,
    /// --number-nonblank` over its description). Only a block's first line
    /// counts: further down, a deeper line is as likely the masked tags of
    /// HTML or Markdown before a paragraph's next words.
    static func blocks(of lines: [ByteRange], in bytes: [UInt8]) -> [ByteRange] {
        var blocks: [ByteRange] = []
        var open: ByteRange?
        var lastIndentation = 0
        var lastLine = UTF8Offset(0)
        for line in lines {
            guard LanguageWordScanner.containsLetter(bytes, range: line.ints) else {
                if let block = open { blocks.append(block) }
                open = nil
                continue
            }
            let indentation = Self.indentation(bytes, line)
            if let block = open, block.lowerBound != lastLine || indentation <= lastIndentation,
               breaksOffMidSentence(bytes, block) {
                open = block.lowerBound..<line.upperBound
            } else {
                if let block = open { blocks.append(block) }
                open = line
            }
            lastIndentation = indentation
            lastLine = line.lowerBound
        }
        if let block = open { blocks.append(block) }
        return blocks
    }

    /// The column `line`'s text starts at: past its spaces and tabs (a tab to the next multiple of 8), and past a
    /// list item's marker (`-`, `*`, `+`, `•` or up to three digits and `.` or `)`, then a space), so that a wrapped
    /// item's next line, aligned with its text, is no deeper.
    static func indentation(_ bytes: [UInt8], _ line: ByteRange) -> Int {
        var index = line.lowerBound.rawValue
        let end = line.upperBound.rawValue
        var column = 0
        /// Moves past spaces and tabs.
        func skipBlanks() {
            while index < end {
                switch bytes[index] {
                case 0x20: column += 1
                case 0x09: column = (column / 8 + 1) * 8
                default: return
                }
                index += 1
            }
        }
        skipBlanks()
        var marker = index
        if marker < end, bytes[marker] == UInt8(ascii: "-") || bytes[marker] == UInt8(ascii: "*") || bytes[marker] == UInt8(ascii: "+") {
            marker += 1
        } else if marker + 3 <= end, bytes[marker] == 0xE2, bytes[marker + 1] == 0x80, bytes[marker + 2] == 0xA2 {
            marker += 3
        } else {
            while marker < end, marker - index < 3, bytes[marker] >= 0x30, bytes[marker] <= 0x39 { marker += 1 }
            if marker > index, marker < end, bytes[marker] == UInt8(ascii: ".") || bytes[marker] == UInt8(ascii: ")") {
                marker += 1
            } else {
                marker = index
            }
        }
        if marker > index, marker < end, bytes[marker] == 0x20 || bytes[marker] == 0x09 {
            column += marker - index == 3 && bytes[index] == 0xE2 ? 1 : marker - index
            index = marker
            skipBlanks()
        }
        return column
    }

    /// Whether `range` ends, past trailing white space, in a letter, a comma or a hyphen (`-`, U+2010 or U+00AD).
    static func breaksOffMidSentence(_ bytes: [UInt8], _ range: ByteRange) -> Bool {
        var end = range.upperBound.rawValue
        let start = range.lowerBound.rawValue
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D {
            end -= 1
        }
        guard end > start else { return false }
        let last = bytes[end - 1]
        if last == UInt8(ascii: ",") || last == UInt8(ascii: "-") { return true }
        // U+2010 (the hyphen a typesetter breaks a word with, as `man` does) and U+00AD (a soft hyphen).
        if end - start >= 3, bytes[end - 3] == 0xE2, bytes[end - 2] == 0x80, last == 0x90 { return true }
        if end - start >= 2, bytes[end - 2] == 0xC2, last == 0xAD { return true }
        var first = end - 1
        while first > start, bytes[first] & 0xC0 == 0x80 { first -= 1 }
        return LanguageWordScanner.containsLetter(bytes, range: first..<end)
    }

    private mutating func paragraphRanges(_ text: TextBuffer, _ paragraph: ByteRange) throws(TextServicesError) -> [LanguageRange] {
        let sentences = try joiningLines ? Self.sentencesOfBlock(text, paragraph)
            : Tokenizer(granularity: .sentence).tokens(in: text, range: paragraph).map(\.range)
        scorer.readAhead(text.bytes, range: paragraph.ints)
        var evidence: [LanguageEvidence] = []
        var whole = LanguageEvidence(candidates: candidates.count)
        for sentence in sentences {
            let found = scorer.evidence(text.bytes, range: sentence.ints)
            evidence.append(found)
            whole += found
        }
        guard whole.words > 0 else { return [] }
        let main = scorer.best(whole)
        var labels = [Int](repeating: main, count: sentences.count)
        var differs = false
        for (index, found) in evidence.enumerated() where found.words >= Self.minimumSentenceWords {
            let best = scorer.best(found)
            if best != main, found.scores[best] - found.scores[main] >= Self.sentenceMargin {
                labels[index] = best
                differs = true
            }
        }
        guard differs else { return result(paragraph, whole).map { [$0] } ?? [] }
        var ranges: [LanguageRange] = []
        var start = 0
        while start < sentences.count {
            var end = start + 1
            var joined = evidence[start]
            while end < sentences.count, labels[end] == labels[start] {
                joined += evidence[end]
                end += 1
            }
            let span = sentences[start].lowerBound..<sentences[end - 1].upperBound
            if let found = result(span, joined) { ranges.append(found) }
            start = end
        }
        return ranges
    }

    /// The sentences of a block of lines, its line breaks read as spaces.
    ///
    /// A line break ends a sentence for ICU (a paragraph separator), so a
    /// hard-wrapped paragraph's sentences would be its lines, and a line that
    /// holds the end of a French sentence, two English command names and the
    /// words between them, would be scored as an English sentence of its own.
    /// The copy has the block's bytes, so its offsets are the text's less the
    /// block's start.
    static func sentencesOfBlock(_ text: TextBuffer, _ block: ByteRange) throws(TextServicesError) -> [ByteRange] {
        let start = block.lowerBound.rawValue
        var bytes = Array(text.bytes[block.ints])
        var joined = false
        var index = 0
        let last = bytes.count - 1
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A, 0x0B, 0x0C, 0x0D:
                // A break at the block's very end ends it either way; only the inner ones join.
                if index < last { bytes[index] = 0x20; joined = true }
                index += 1
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85:
                bytes[index] = 0x20; bytes[index + 1] = 0x20; joined = true
                index += 2
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                bytes[index] = 0x20; bytes[index + 1] = 0x20; bytes[index + 2] = 0x20; joined = true
                index += 3
            default:
                index += 1
            }
        }
        guard joined else { return try Tokenizer(granularity: .sentence).tokens(in: text, range: block).map(\.range) }
        let copy = TextBuffer(validatedBytes: bytes)
        return try Tokenizer(granularity: .sentence).tokens(in: copy, range: copy.fullRange).map {
            UTF8Offset($0.range.lowerBound.rawValue + start)..<UTF8Offset($0.range.upperBound.rawValue + start)
        }
    }

    /// The range's verdict; nil without evidence.
    private func result(_ range: ByteRange, _ evidence: LanguageEvidence) -> LanguageRange? {
        guard evidence.words > 0 else { return nil }
        let ranked = scorer.ranked(evidence, limit: maximum)
        let hypotheses = ranked.prefix(maximum).map {
            LanguageHypothesis(language: candidates[$0.candidate].tag, confidence: Self.rounded($0.probability))
        }
        var found = LanguageRange(range: range, language: hypotheses[0].language, confidence: hypotheses[0].confidence,
                                  hypotheses: hypotheses)
        found.words = evidence.words
        found.scores = candidates.indices.map { evidence.scores[$0] + scorer.priors[$0] }
        found.knownWords = evidence.known
        return found
    }

    static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
