import Foundation

/// The evidence a stretch of text gives for each candidate: summed log-likelihoods and how many words gave them.
struct LanguageEvidence {
    /// Natural-log likelihood per candidate, in candidate order.
    var scores: [Double]
    /// The words that counted.
    var words: Int
    /// Per candidate, how many distinct words of each scored stretch its frequency list holds (summed over stretches).
    var known: [Int]

    init(candidates: Int) {
        scores = [Double](repeating: 0, count: candidates)
        words = 0
        known = [Int](repeating: 0, count: candidates)
    }

    static func += (left: inout LanguageEvidence, right: LanguageEvidence) {
        for index in left.scores.indices { left.scores[index] += right.scores[index] }
        for index in left.known.indices { left.known[index] += right.known[index] }
        left.words += right.words
    }
}

/// Scores words against a fixed set of candidates with a `LanguageModel`: naive Bayes over words, trigrams for unknown ones.
///
/// A word a language's list holds scores its frequency (log of zipf's
/// per-billion rate); a word it lacks scores the rate of an unseen word plus
/// the letter trigrams' log-probabilities in that language. A word in a
/// script a candidate is not written in counts against it, and no word
/// moves a candidate more than `clamp` below the best, so one name or
/// foreign word cannot outvote a sentence. Words that mix scripts, or whose
/// script no candidate uses, count for nothing. A word's scores depend only
/// on its bytes and the candidates, so each distinct word is scored once and
/// its contributions kept (up to `memoWords` words). Not thread-safe (scratch
/// buffers); make one per request.
struct LanguageScorer {
    let model: LanguageModel
    /// Model index of each candidate.
    let indices: [Int]
    /// Log prior (from hints) per candidate.
    let priors: [Double]

    /// The zipf of a word a list lacks.
    static let unseenZipf = 1.0
    /// How much the trigrams of an unknown word weigh.
    static let trigramWeight = 0.5
    /// The most one word can count against a candidate, in nats.
    static let clamp = 8.0
    private static let ln10 = log(10.0)
    /// The score of a word a language lacks, before its trigrams (which only lower it).
    private static let unseenScore = ln10 * (unseenZipf - 9)

    /// The score of a word a language's list holds with zipf times ten `scaled`.
    @inline(__always)
    private static func knownScore(_ scaled: UInt8) -> Double { ln10 * (Double(scaled) / 10 - 9) }

    /// The most distinct words whose contributions are kept (a text's frequent words come first; with 33
    /// candidates the memo then holds at most about 4.5 MB).
    static let memoWords = 1 << 14

    /// Each word seen (its bytes) and where its contributions start in `contributions`; -1 for a word that is no evidence.
    private var memo: [String: Int] = [:]
    /// Per remembered word, one contribution per candidate, in candidate order.
    private var contributions: [Double] = []
    /// Per remembered word and candidate (as `contributions`), 1 when the candidate's list holds the word.
    private var contributionsKnown: [UInt8] = []
    /// The word being scored: 1 for each candidate whose list holds it.
    private var wordKnown: [UInt8]
    /// The remembered words (by their place in `contributions`) the current `evidence` call has counted as known.
    private var seen = Set<Int>()
    private var known: [UInt8]
    private var trigramSums: [Float]
    /// Per language, the number of the last trigram whose postings named it (`trigramStamp` counts trigrams).
    private var trigramStamps: [UInt64]
    private var trigramStamp: UInt64 = 0
    private var wordScores: [Double]

    init(model: LanguageModel, indices: [Int], priors: [Double]) {
        self.model = model
        self.indices = indices
        self.priors = priors
        known = [UInt8](repeating: 0, count: model.languages.count)
        trigramSums = [Float](repeating: 0, count: model.languages.count)
        trigramStamps = [UInt64](repeating: 0, count: model.languages.count)
        wordScores = [Double](repeating: 0, count: indices.count)
        wordKnown = [UInt8](repeating: 0, count: indices.count)
    }

    /// The evidence of `range` of `bytes`; `known` counts each distinct word once.
    mutating func evidence(_ bytes: [UInt8], range: Range<Int>) -> LanguageEvidence {
        var evidence = LanguageEvidence(candidates: indices.count)
        seen.removeAll(keepingCapacity: true)
        LanguageWordScanner.forEachWord(in: bytes, range: range) { word in
            if add(word, of: bytes, to: &evidence) { evidence.words += 1 }
        }
        return evidence
    }

    /// Adds one word's contributions, scoring it on first sight; false when the word is no evidence.
    private mutating func add(_ word: LanguageWord, of bytes: [UInt8], to evidence: inout LanguageEvidence) -> Bool {
        // Short words (most of them) make a string without allocating.
        let key = String(decoding: bytes[word.range.ints], as: UTF8.self)
        if let start = memo[key] {
            guard start >= 0 else { return false }
            let first = seen.insert(start).inserted
            for position in indices.indices {
                evidence.scores[position] += contributions[start + position]
                if first { evidence.known[position] += Int(contributionsKnown[start + position]) }
            }
            return true
        }
        let remember = memo.count < Self.memoWords
        guard score(word, of: bytes) else {
            if remember { memo[key] = -1 }
            return false
        }
        for position in indices.indices {
            evidence.scores[position] += wordScores[position]
            evidence.known[position] += Int(wordKnown[position])
        }
        if remember {
            memo[key] = contributions.count
            seen.insert(contributions.count)
            contributions.append(contentsOf: wordScores)
            contributionsKnown.append(contentsOf: wordKnown)
        }
        return true
    }

    /// Scores one word into `wordScores` as the contribution to each candidate; false when the word is no evidence.
    private mutating func score(_ word: LanguageWord, of bytes: [UInt8]) -> Bool {
        guard word.script != .mixed, word.script != .other,
              indices.contains(where: { model.scripts[$0] == word.script }) else { return false }
        let folded = word.folded(in: bytes)
        for index in known.indices { known[index] = 0 }
        model.forEachWordScore(folded) { language, scaled in known[language] = scaled }
        var lacking = false
        var bestKnown = 0
        for index in indices where model.scripts[index] == word.script {
            if known[index] == 0 { lacking = true } else { bestKnown = max(bestKnown, Int(known[index])) }
        }
        // An unknown word's score is at most the unseen word's (trigrams only lower it); when that is already
        // `clamp` below the best known score, every unknown score is clamped to the same floor, trigrams or not.
        let needsTrigrams = lacking
            && (bestKnown == 0 || Self.knownScore(UInt8(bestKnown)) - Self.clamp < Self.unseenScore)
        if needsTrigrams {
            // Each sum takes its trigrams in the word's order, so the sums (and the scores) are the same to the bit
            // whichever way they are stored; the stamps say which languages the current trigram's postings named.
            let model = model, indices = indices
            var counter = trigramStamp
            defer { trigramStamp = counter }
            trigramSums.withUnsafeMutableBufferPointer { sums in
                trigramStamps.withUnsafeMutableBufferPointer { stamps in
                    sums.update(repeating: 0)
                    var previous: (UInt32, UInt32) = (0x5E, 0x5E)
                    func addTrigram(_ next: UInt32) {
                        counter += 1
                        let stamp = counter
                        model.forEachTrigramScore(LanguageModel.trigramHash(previous.0, previous.1, next)) { language, value in
                            sums[language] -= Float(value) / LanguageModel.trigramScale
                            stamps[language] = stamp
                        }
                        for index in indices where stamps[index] != stamp { sums[index] += model.unseenTrigram[index] }
                        previous = (previous.1, next)
                    }
                    for scalar in folded.unicodeScalars { addTrigram(scalar.value) }
                    addTrigram(0x24)
                }
            }
        }
        var best = -Double.infinity
        for (position, index) in indices.enumerated() {
            let score: Double
            if model.scripts[index] != word.script {
                score = -.infinity
            } else if known[index] > 0 {
                score = Self.knownScore(known[index])
            } else {
                score = Self.unseenScore + (needsTrigrams ? Self.trigramWeight * Double(trigramSums[index]) : 0)
            }
            wordScores[position] = score
            wordKnown[position] = model.scripts[index] == word.script && known[index] > 0 ? 1 : 0
            best = max(best, score)
        }
        for position in indices.indices {
            wordScores[position] = max(wordScores[position], best - Self.clamp) - best
        }
        return true
    }

    /// The `limit` likeliest candidates by `evidence` (plus the priors), most likely first, with probabilities over all candidates.
    ///
    /// Ties go to the lower candidate index. The probabilities of all the
    /// candidates sum to 1; a `limit` of a few picks them without sorting
    /// every candidate (the same ones, in the same order, as a full sort).
    func ranked(_ evidence: LanguageEvidence, limit: Int = .max) -> [(candidate: Int, probability: Double)] {
        var totals = [Double](repeating: 0, count: indices.count)
        var top = -Double.infinity
        for position in indices.indices {
            totals[position] = evidence.scores[position] + priors[position]
            top = max(top, totals[position])
        }
        if totals.isEmpty { top = 0 }
        var sum = 0.0
        for position in totals.indices {
            totals[position] = exp(totals[position] - top)
            sum += totals[position]
        }
        for position in totals.indices { totals[position] /= sum }
        /// Whether `a` ranks before `b`.
        func precedes(_ a: Int, _ b: Int) -> Bool { totals[a] != totals[b] ? totals[a] > totals[b] : a < b }
        guard limit < 4, limit < totals.count else {
            return totals.indices.sorted(by: precedes).prefix(limit).map { ($0, totals[$0]) }
        }
        var chosen: [(candidate: Int, probability: Double)] = []
        chosen.reserveCapacity(limit)
        while chosen.count < limit {
            var best = -1
            for position in totals.indices where !chosen.contains(where: { $0.candidate == position }) {
                if best < 0 || precedes(position, best) { best = position }
            }
            chosen.append((best, totals[best]))
        }
        return chosen
    }
}
