import Foundation

/// The evidence a stretch of text gives for each candidate: summed log-likelihoods and how many words gave them.
struct LanguageEvidence {
    /// Natural-log likelihood per candidate, in candidate order.
    var scores: [Double]
    /// The words that counted.
    var words: Int
    /// Per candidate, how many distinct words of two or more letters of each scored stretch its frequency list holds
    /// (summed over stretches).
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
/// script no candidate uses, count for nothing, as does a letter alone that
/// no candidate's list holds. A word's scores depend only
/// on its bytes and the candidates, so each distinct word is scored once and
/// its contributions kept (up to `memoWords` words, found again by their
/// bytes in `ScoredWords`). Not thread-safe (scratch buffers); make one per
/// request.
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

    /// The score of a word a language's list holds, by its zipf times ten (index 0 unused).
    private static let knownScores: [Double] = (0...255).map { ln10 * (Double($0) / 10 - 9) }

    /// The most distinct words whose contributions are kept (a text's frequent words come first; with 33
    /// candidates the memo then holds at most about 4.5 MB).
    static let memoWords = 1 << 14

    /// Each distinct word seen, by its bytes; its number indexes `starts` and `stamps`.
    private var memo = ScoredWords()
    /// Per remembered word, where its contributions start in `contributions`; -1 for a word that is no evidence.
    private var starts: [Int32] = []
    /// Per remembered word, the `evidence` call that last counted it as known (`stamp` numbers the calls).
    private var stamps: [UInt32] = []
    private var stamp: UInt32 = 0
    /// Per remembered word, one contribution per candidate, in candidate order.
    private var contributions: [Double] = []
    /// Per remembered word and candidate (as `contributions`), 1 when the candidate's list holds the word.
    private var contributionsKnown: [UInt8] = []
    /// The word being scored: 1 for each candidate whose list holds it.
    private var wordKnown: [UInt8]
    /// Each candidate's script, in candidate order.
    private let candidateScripts: [LanguageScript]
    /// The scripts of the candidates, one bit each (`LanguageScript.rawValue`).
    private let scriptBits: UInt32
    private var known: [UInt8]
    private var trigramSums: [Float]
    /// Per language, the number of the last trigram whose postings named it (`trigramStamp` counts trigrams).
    private var trigramStamps: [UInt64]
    private var trigramStamp: UInt64 = 0
    /// The model indices of the candidates whose trigram sums are still needed for the word being scored.
    private var open: [Int]
    /// The hashes of the word's trigrams, in order, and where `readAhead` found their buckets.
    private var trigramHashes: [UInt64] = []
    private var trigramStarts: [Int] = []
    private var wordScores: [Double]
    /// The folded word being scored, as UTF-8.
    private var foldedBytes: [UInt8] = []
    /// The hashes of the words `readAhead` looks up, and their buckets' starts.
    private var aheadHashes: [UInt64] = []
    private var aheadStarts: [Int] = []
    /// The range `readAhead` last scanned, its words in order, and each word's number in the memo then (-1: none yet).
    private var aheadRange = 0..<0
    private var aheadWords: [LanguageWord] = []
    private var aheadNumbers: [Int32] = []
    /// What `readAhead` read (kept so that the reads are made).
    private(set) var readAheadValue: UInt32 = 0
    /// The most words `readAhead` looks up at once.
    static let readAheadBatch = 64

    init(model: LanguageModel, indices: [Int], priors: [Double]) {
        self.model = model
        self.indices = indices
        self.priors = priors
        known = [UInt8](repeating: 0, count: model.languages.count)
        trigramSums = [Float](repeating: 0, count: model.languages.count)
        trigramStamps = [UInt64](repeating: 0, count: model.languages.count)
        wordScores = [Double](repeating: 0, count: indices.count)
        wordKnown = [UInt8](repeating: 0, count: indices.count)
        open = []
        open.reserveCapacity(indices.count)
        candidateScripts = indices.map { model.scripts[$0] }
        scriptBits = candidateScripts.reduce(0) { $0 | 1 << UInt32($1.rawValue) }
    }

    /// Makes room for the distinct words of about `byteCount` bytes of text (one for every 16 bytes, up to `memoWords`).
    ///
    /// The memo's arrays then grow without copying, and the room no word fills is never touched.
    mutating func reserve(textBytes byteCount: Int) {
        let words = min(Self.memoWords, byteCount / 16 + 64)
        guard memo.count == 0, words > starts.capacity else { return }
        memo = ScoredWords(capacity: words)
        starts.reserveCapacity(words)
        stamps.reserveCapacity(words)
        // Up to twice the words' contributions, reserved (not touched): a text with more distinct words than
        // expected grows them less often.
        contributions.reserveCapacity(min(Self.memoWords, 2 * words) * indices.count)
        contributionsKnown.reserveCapacity(min(Self.memoWords, 2 * words) * indices.count)
    }

    /// Looks up in the model, ahead of scoring, the ASCII words of `range` not yet scored, a batch at a time.
    ///
    /// A lookup one word at a time waits for memory twice a new word (the
    /// model is larger than the caches); a batch's reads overlap
    /// (`LanguageModel.readAhead`), and `evidence` then finds them cached.
    /// The words of `range` are kept with their numbers in the memo, so that
    /// `evidence` over a part of `range` of the same bytes (a paragraph's
    /// sentences) neither scans them again nor looks up again a word met
    /// before. Changes no score.
    mutating func readAhead(_ bytes: [UInt8], range: Range<Int>) {
        aheadHashes.removeAll(keepingCapacity: true)
        aheadWords.removeAll(keepingCapacity: true)
        aheadNumbers.removeAll(keepingCapacity: true)
        aheadRange = range
        let model = model, scriptBits = scriptBits
        bytes.withUnsafeBufferPointer { buffer in
            LanguageWordScanner.forEachWord(in: bytes, range: range) { word in
                let range = word.range.ints
                let number = memo.number(range, in: buffer)
                aheadWords.append(word)
                aheadNumbers.append(number.map { Int32($0) } ?? -1)
                guard number == nil, word.isASCII, scriptBits & (1 << UInt32(word.script.rawValue)) != 0 else { return }
                aheadHashes.append(LanguageModel.hashFolded(ascii: UnsafeBufferPointer(rebasing: buffer[range])))
                if aheadHashes.count == Self.readAheadBatch { readAheadBatch(model) }
            }
        }
        if !aheadHashes.isEmpty { readAheadBatch(model) }
    }

    /// The words `readAhead` kept that make up `range` exactly, as positions in `aheadWords`; nil when `range` is not
    /// inside the range read ahead, or a kept word crosses one of its ends (a scan of `range` alone would cut it).
    private func aheadWords(in range: Range<Int>) -> Range<Int>? {
        guard aheadRange.lowerBound <= range.lowerBound, range.upperBound <= aheadRange.upperBound else { return nil }
        /// The position of the first kept word that ends after `offset`.
        func firstEnding(after offset: Int) -> Int {
            var low = 0, high = aheadWords.count
            while low < high {
                let middle = (low + high) / 2
                if aheadWords[middle].range.upperBound.rawValue <= offset { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let first = firstEnding(after: range.lowerBound)
        if first < aheadWords.count, aheadWords[first].range.lowerBound.rawValue < range.lowerBound { return nil }
        let end = firstEnding(after: range.upperBound)
        if end < aheadWords.count, aheadWords[end].range.lowerBound.rawValue < range.upperBound { return nil }
        return first..<end
    }

    private mutating func readAheadBatch(_ model: LanguageModel) {
        if aheadStarts.count < aheadHashes.count { aheadStarts = [Int](repeating: 0, count: Self.readAheadBatch) }
        let value = aheadHashes.withUnsafeBufferPointer { hashes in
            aheadStarts.withUnsafeMutableBufferPointer { model.readAhead(words: hashes, starts: $0) }
        }
        readAheadValue &+= value
        aheadHashes.removeAll(keepingCapacity: true)
    }

    /// The evidence of `range` of `bytes`; `known` counts each distinct word once.
    mutating func evidence(_ bytes: [UInt8], range: Range<Int>) -> LanguageEvidence {
        var evidence = LanguageEvidence(candidates: indices.count)
        stamp &+= 1
        if stamp == 0 {
            for number in stamps.indices { stamps[number] = 0 }
            stamp = 1
        }
        bytes.withUnsafeBufferPointer { buffer in
            if let kept = aheadWords(in: range) {
                for position in kept {
                    let number = aheadNumbers[position]
                    if add(aheadWords[position], number: number >= 0 ? Int(number) : nil, of: buffer, to: &evidence) {
                        evidence.words += 1
                    }
                }
                return
            }
            LanguageWordScanner.forEachWord(in: bytes, range: range) { word in
                if add(word, number: nil, of: buffer, to: &evidence) { evidence.words += 1 }
            }
        }
        return evidence
    }

    /// Adds one word's contributions, scoring it on first sight; false when the word is no evidence.
    ///
    /// `number` is the word's number in the memo when known (the memo only grows, so it stays right); nil looks it up.
    private mutating func add(_ word: LanguageWord, number remembered: Int?, of bytes: UnsafeBufferPointer<UInt8>,
                              to evidence: inout LanguageEvidence) -> Bool {
        let range = word.range.ints
        if let number = remembered ?? memo.number(range, in: bytes) {
            let start = Int(starts[number])
            guard start >= 0 else { return false }
            let first = stamps[number] != stamp
            stamps[number] = stamp
            Self.add(contributions, contributionsKnown, at: start, count: indices.count, counting: first, to: &evidence)
            return true
        }
        let remember = memo.count < Self.memoWords
        guard score(word, of: bytes) else {
            if remember, memo.store(range, in: bytes) {
                starts.append(-1)
                stamps.append(0)
            }
            return false
        }
        Self.add(wordScores, wordKnown, at: 0, count: indices.count, counting: true, to: &evidence)
        if remember, memo.store(range, in: bytes) {
            starts.append(Int32(contributions.count))
            stamps.append(stamp)
            contributions.append(contentsOf: wordScores)
            contributionsKnown.append(contentsOf: wordKnown)
        }
        return true
    }

    /// Adds `count` scores of `scores` from `start` to the evidence, and with `counting` the matching known flags.
    ///
    /// Four candidates at a time: each lane is the same IEEE addition as one at a time, so the sums are the same to the bit.
    @inline(__always)
    private static func add(_ scores: [Double], _ knownFlags: [UInt8], at start: Int, count: Int, counting: Bool,
                            to evidence: inout LanguageEvidence) {
        scores.withUnsafeBufferPointer { scores in
            evidence.scores.withUnsafeMutableBufferPointer { sums in
                guard let from = scores.baseAddress.map({ UnsafeRawPointer($0 + start) }),
                      let to = sums.baseAddress.map(UnsafeMutableRawPointer.init) else { return }
                var position = 0
                while position + 4 <= count {
                    let offset = position * MemoryLayout<Double>.stride
                    let sum = to.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
                        + from.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
                    to.storeBytes(of: sum, toByteOffset: offset, as: SIMD4<Double>.self)
                    position += 4
                }
                while position < count {
                    sums[position] += scores[start + position]
                    position += 1
                }
            }
        }
        guard counting else { return }
        knownFlags.withUnsafeBufferPointer { flags in
            evidence.known.withUnsafeMutableBufferPointer { known in
                guard let from = flags.baseAddress.map({ UnsafeRawPointer($0 + start) }),
                      let to = known.baseAddress.map(UnsafeMutableRawPointer.init) else { return }
                var position = 0
                while position + 4 <= count {
                    let offset = position * MemoryLayout<Int>.stride
                    let flags = SIMD4<Int>(truncatingIfNeeded: from.loadUnaligned(fromByteOffset: position, as: SIMD4<UInt8>.self))
                    to.storeBytes(of: to.loadUnaligned(fromByteOffset: offset, as: SIMD4<Int>.self) &+ flags, toByteOffset: offset,
                                  as: SIMD4<Int>.self)
                    position += 4
                }
                while position < count {
                    known[position] += Int(flags[start + position])
                    position += 1
                }
            }
        }
    }

    /// Folds the word into `foldedBytes` (as `LanguageWord.folded`), without a string for an ASCII word.
    private mutating func fold(_ word: LanguageWord, of bytes: UnsafeBufferPointer<UInt8>) {
        foldedBytes.removeAll(keepingCapacity: true)
        let range = word.range.ints
        if word.isASCII {
            for byte in bytes[range] { foldedBytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte) }
        } else {
            foldedBytes.append(contentsOf: CaseMapping.map(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self),
                                                           .lower).utf8)
        }
    }

    /// Scores one word into `wordScores` as the contribution to each candidate; false when the word is no evidence.
    private mutating func score(_ word: LanguageWord, of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let script = word.script
        guard script != .mixed, script != .other, scriptBits & (1 << UInt32(script.rawValue)) != 0 else { return false }
        fold(word, of: bytes)
        let model = model, foldedBytes = foldedBytes, knownScores = Self.knownScores
        let indices = indices, candidateScripts = candidateScripts
        var lacking = false
        var bestKnown: UInt8 = 0
        known.withUnsafeMutableBufferPointer { known in
            known.update(repeating: 0)
            foldedBytes.withUnsafeBufferPointer { folded in
                model.forEachWordScore(folded: folded) { language, scaled in known[language] = scaled }
            }
            for (position, index) in indices.enumerated() where candidateScripts[position] == script {
                if known[index] == 0 { lacking = true } else { bestKnown = max(bestKnown, known[index]) }
            }
        }
        // A letter alone that no candidate's list holds is a symbol (`LanguageModel.minimumLetterWordValue`); one
        // that some list holds scores, but is no known word (an option's or a list label's letter can be a word).
        if bestKnown == 0, word.isLetterAlone { return false }
        let knownFlag: UInt8 = word.isLetterAlone ? 0 : 1
        // An unknown word's score is at most the unseen word's (trigrams only lower it); when that is already
        // `clamp` below the best known score, every unknown score is clamped to the same floor, trigrams or not.
        let needsTrigrams = lacking
            && (bestKnown == 0 || knownScores[Int(bestKnown)] - Self.clamp < Self.unseenScore)
        if needsTrigrams {
            sumTrigrams(script, isASCII: word.isASCII, floor: bestKnown > 0 ? knownScores[Int(bestKnown)] - Self.clamp : nil)
        }
        let unseenScore = Self.unseenScore, trigramWeight = Self.trigramWeight, clamp = Self.clamp
        let known = known, trigramSums = trigramSums
        var best = -Double.infinity
        wordScores.withUnsafeMutableBufferPointer { scores in
            wordKnown.withUnsafeMutableBufferPointer { flags in
                for position in 0..<scores.count {
                    let index = indices[position]
                    let score: Double
                    var flag: UInt8 = 0
                    if candidateScripts[position] != script {
                        score = -.infinity
                    } else if known[index] > 0 {
                        score = knownScores[Int(known[index])]
                        flag = knownFlag
                    } else {
                        score = unseenScore + (needsTrigrams ? trigramWeight * Double(trigramSums[index]) : 0)
                    }
                    scores[position] = score
                    flags[position] = flag
                    best = max(best, score)
                }
                for position in 0..<scores.count {
                    scores[position] = max(scores[position], best - clamp) - best
                }
            }
        }
        return true
    }

    /// Sums the folded word's letter trigrams into `trigramSums` for the candidates of `script` whose lists lack it.
    ///
    /// Each sum takes its trigrams in the word's order, so the sums (and the scores) are the same to the bit
    /// whichever way they are stored; the stamps say which languages the current trigram's postings named. A sum
    /// only falls as trigrams are added, so once a candidate's score is at or below `floor` (the best known score
    /// less `clamp`, which the word's best score is at least) it ends clamped to the same value whatever its later
    /// trigrams; its sum is then no longer needed, and once no sum is, the rest of the word's trigrams are not read.
    /// The word's trigrams are read ahead together first (`LanguageModel.readAhead(trigrams:starts:)`), so that
    /// their misses overlap instead of each waiting for the one before.
    private mutating func sumTrigrams(_ script: LanguageScript, isASCII: Bool, floor: Double?) {
        open.removeAll(keepingCapacity: true)
        for (position, index) in indices.enumerated() where candidateScripts[position] == script && known[index] == 0 {
            open.append(index)
        }
        trigramHashes.removeAll(keepingCapacity: true)
        var previous: (UInt32, UInt32) = (0x5E, 0x5E)
        func append(_ next: UInt32) {
            trigramHashes.append(LanguageModel.trigramHash(previous.0, previous.1, next))
            previous = (previous.1, next)
        }
        if isASCII {
            for byte in foldedBytes { append(UInt32(byte)) }
        } else {
            for scalar in String(decoding: foldedBytes, as: UTF8.self).unicodeScalars { append(scalar.value) }
        }
        append(0x24)
        if trigramStarts.count < trigramHashes.count { trigramStarts = [Int](repeating: 0, count: trigramHashes.count) }
        let model = model
        let value = trigramHashes.withUnsafeBufferPointer { hashes in
            trigramStarts.withUnsafeMutableBufferPointer { model.readAhead(trigrams: hashes, starts: $0) }
        }
        readAheadValue &+= value
        let hashes = trigramHashes, unseenTrigram = model.unseenTrigram
        let unseenScore = Self.unseenScore, trigramWeight = Self.trigramWeight
        var counter = trigramStamp
        defer { trigramStamp = counter }
        trigramSums.withUnsafeMutableBufferPointer { sums in
            trigramStamps.withUnsafeMutableBufferPointer { stamps in
                open.withUnsafeMutableBufferPointer { openBuffer in
                    var openCount = openBuffer.count
                    for index in openBuffer.prefix(openCount) { sums[index] = 0 }
                    for hash in hashes {
                        counter += 1
                        let stamp = counter
                        model.forEachTrigramScore(hash) { language, value in
                            sums[language] -= Float(value) / LanguageModel.trigramScale
                            stamps[language] = stamp
                        }
                        for index in openBuffer.prefix(openCount) where stamps[index] != stamp { sums[index] += unseenTrigram[index] }
                        guard let floor else { continue }
                        var kept = 0
                        for slot in 0..<openCount {
                            let index = openBuffer[slot]
                            if unseenScore + trigramWeight * Double(sums[index]) > floor {
                                openBuffer[kept] = index
                                kept += 1
                            }
                        }
                        openCount = kept
                        if kept == 0 { return }
                    }
                }
            }
        }
    }

    /// How close two candidates' totals may be before `best` leaves the choice to `ranked`.
    static let nearTie = 1e-6

    /// The likeliest candidate by `evidence` (plus the priors): `ranked(evidence, limit: 1)`'s, without its probabilities.
    ///
    /// The probabilities keep the totals' order (the same `exp` of each
    /// total less the top one, over the same sum), except that two totals a
    /// few units in the last place apart may round to one probability, and
    /// then the lower index wins; so when the two best totals are within
    /// `nearTie`, `ranked` decides. Neither `exp` nor an array is needed
    /// otherwise: a paragraph's sentences each ask this.
    func best(_ evidence: LanguageEvidence) -> Int {
        var best = -1
        var top = -Double.infinity, second = -Double.infinity
        for position in indices.indices {
            let total = evidence.scores[position] + priors[position]
            if best < 0 || total > top {
                second = top
                top = total
                best = position
            } else if total > second {
                second = total
            }
        }
        guard best >= 0, top.isFinite, !(top - second < Self.nearTie) else { return ranked(evidence, limit: 1)[0].candidate }
        return best
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
