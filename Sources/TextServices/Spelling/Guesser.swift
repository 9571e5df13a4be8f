/// Fast spelling guesses: candidates from a deletion index and the .aff tables, ranked by a noisy channel.
///
/// Candidates come from every dictionary form within edit distance 2
/// (`DeletionIndex`), the .aff `REP` and `MAP` tables, and splitting a
/// run-together word. Each is scored by how common it is (zipf frequency)
/// minus how unlikely the typing slip is (`EditModel`: keyboard neighbours,
/// doubled and dropped letters, swaps, similar sounds). The caller verifies
/// every guess with the dictionary and supplies Hunspell's own suggestions,
/// used first for languages without frequency data and as a fallback when
/// the fast path finds nothing. Immutable and thread-safe.
final class Guesser: Sendable {
    let store: WordStore
    let index: DeletionIndex
    let model: EditModel
    /// English sound-alike groups; nil for other languages.
    let phonetic: PhoneticIndex?
    private let replacements: [AffixFile.Replacement]
    /// The replacements' folded `from` patterns, indexed by their first letter.
    private let replacementIndex: ReplacementIndex
    /// Whether each replacement's `to` is its own fold: then a folded word with it put in needs no folding.
    private let replacementKeepsFold: [Bool]
    private let mapGroups: [[String]]
    /// Each `MAP` group's members that are one Character: the ones a word's letter can be.
    private let mapLetters: [Set<Character>]
    /// Whether the dictionary makes compounds (German, Dutch, Swedish...): then a typo inside a long
    /// compound is mended part by part (`compoundCandidates`).
    private let compounds: Bool
    /// Whether entries compound by flag (`AffixFile.compoundsByFlag`); a quick guess mends compounds only then.
    private let compoundsByFlag: Bool
    let inputConversions: [(from: String, to: String)]
    let outputConversions: [(from: String, to: String)]

    /// How many zipf points one unit of edit cost is worth.
    static let costWeight = 2.5
    /// The zipf value assumed for a dictionary word missing from the frequency list.
    static let unknownZipf = 1.0
    /// The cost above which a best guess is poor: run-together compounds are tried too, and a confidence is not given.
    static let fallbackCost = 2.6
    /// The cost of a slip the .aff `REP` table lists (`f` for `ph`).
    static let replacementCost = 1.3
    /// The cost of a word that sounds like the typed one but is more than two edits away.
    static let soundAlikeCost = 2.0
    /// The extra cost of a capitalised-only word (a name) for a lower-case typo.
    static let capitalisationCost = 0.4
    /// The cost of a missing space between two words.
    static let splitCost = 2.2
    /// Words longer than this (in characters) get no fast candidates.
    static let maximumLength = 48

    /// Builds the indexes over a store for a language (ISO 639 code); English gets the English phonetic index.
    convenience init(store: WordStore, affixes: AffixFile?, language: String = "en") {
        self.init(store: store, index: DeletionIndex(store: store),
                  phonetic: language == "en" ? PhoneticIndex(store: store) : nil, affixes: affixes, language: language)
    }

    /// A guesser over indexes built earlier (or mapped from a compiled dictionary).
    ///
    /// The keyboard is the .aff `KEY` line's, else the language's national
    /// layout (`KeyboardLayout.national`), else QWERTY; sound-alike letters
    /// are the language's (`EditModel.sounds`, with the one-letter `REP` swaps).
    init(store: WordStore, index: DeletionIndex, phonetic: PhoneticIndex?, affixes: AffixFile?, language: String = "en") {
        self.store = store
        self.index = index
        self.phonetic = phonetic
        let affixes = affixes ?? AffixFile()
        let keyboard = !affixes.keyboardRows.isEmpty
            ? KeyboardLayout(groups: affixes.keyboardRows.map { $0.map { Unicode.Scalar(WordList.fold(String($0)).unicodeScalars.first!.value)! } })
            : KeyboardLayout.national(language: language) ?? .qwerty
        self.model = EditModel(keyboard: keyboard, similarSounds: EditModel.sounds(for: language, replacements: affixes.replacements))
        let replacements = affixes.replacements.map { rep in
            var folded = rep
            folded.from = WordList.fold(rep.from)
            return folded
        }
        self.replacements = replacements
        self.replacementIndex = ReplacementIndex(patterns: replacements.map { Array($0.from) },
                                                 anchoredStart: replacements.map(\.anchoredStart), anchoredEnd: replacements.map(\.anchoredEnd))
        self.replacementKeepsFold = replacements.map { WordList.fold($0.to) == $0.to }
        self.mapGroups = affixes.mapGroups.map { $0.map(WordList.fold) }
        self.mapLetters = mapGroups.map { Set($0.filter { $0.count == 1 }.map { Character($0) }) }
        self.compounds = affixes.compounds
        self.compoundsByFlag = affixes.compoundsByFlag
        self.inputConversions = affixes.inputConversions
        self.outputConversions = affixes.outputConversions
    }

    /// A scored candidate: a store entry, or a phrase of several words.
    private struct Candidate {
        var cost: Double
        var zipf: Double
    }

    /// Guesses for a misspelled word, most likely first, in the word's case.
    ///
    /// `accepts` verifies each guess (the dictionary's verdict); `learned`
    /// are the user's words; `hunspell` is called only when its suggestions
    /// are needed. `quick` mends run-together compounds only in a
    /// dictionary whose entries compound by flag (not English, whose
    /// `COMPOUNDRULE`s join numerals alone). The word itself is never among the guesses.
    func guesses(for word: String, limit: Int, learned: [String], quick: Bool = false,
                 accepts: (String) -> Bool, hunspell: () -> [String]) -> [String] {
        guard limit > 0, !word.isEmpty else { return [] }
        let converted = AffixFile.convert(word, inputConversions)
        let folded = WordList.fold(converted)
        let typed = folded.unicodeScalars.map(\.value)
        let lowerCase = converted == folded
        let ranked = typed.count <= Self.maximumLength
            ? rank(typed: typed, folded: folded, lowerCase: lowerCase, learned: learned) : []

        var result: [String] = []
        var seen = Set<String>([word])
        func offer(_ guess: String) {
            guard result.count < limit, !Self.isFragment(guess), seen.insert(guess).inserted else { return }
            result.append(guess)
        }
        var hunspellUsed = false
        if !store.hasFrequencies {
            hunspellUsed = true
            for guess in hunspell() { offer(guess) }
        }
        func verified(_ text: String) -> Bool {
            text.utf8.contains(0x20) ? text.split(separator: " ").allSatisfy { accepts(String($0)) } : accepts(text)
        }
        for (text, _, _) in ranked where result.count < limit {
            for surface in text {
                let cased = Self.restoreCase(of: word, in: surface)
                let output = AffixFile.convert(cased, outputConversions)
                if verified(cased) { offer(output) } else if cased != surface, verified(surface) {
                    offer(AffixFile.convert(surface, outputConversions))
                } else if let capital = Self.capitalisedListedWord(surface, typed: word), verified(capital) {
                    // A word of the frequency list (folded) that the dictionary takes only capitalised: a German noun.
                    offer(AffixFile.convert(capital, outputConversions))
                }
            }
        }
        if quick ? compoundsByFlag : compounds, (Self.minimumCompoundLength...Self.maximumLength).contains(typed.count), result.count < limit,
           ranked.isEmpty || ranked[0].cost > Self.fallbackCost {
            for compound in compoundCandidates(typed) where result.count < limit {
                let cased = Self.restoreCase(of: word, in: compound)
                if verified(cased) {
                    offer(AffixFile.convert(cased, outputConversions))
                } else if let capital = Self.capitalisedListedWord(compound, typed: word), verified(capital) {
                    offer(AffixFile.convert(capital, outputConversions))
                }
            }
        }
        // With frequencies, Hunspell's suggest (20-150 ms in the big dictionaries) is asked only when the ranker has
        // nothing: filling in after poor candidates changed no first guess and no top 5 in any of the 13 tuning sets
        // (docs/benchmarks.md, "Spelling guesses in every language"), and it made the slowest hundredth of guesses.
        if !hunspellUsed, result.isEmpty {
            for guess in hunspell() { offer(guess) }
        }
        return result
    }

    /// Candidates with their spellings, best first, with the cost of the slip and the score they were ranked by.
    ///
    /// A lower-case typed word gets only the lower-case spelling of an entry
    /// that has one (`dolly`, not also `Dolly`).
    func rank(typed: [UInt32], folded: String, lowerCase: Bool, learned: [String],
              splitting: Bool = true) -> [(texts: [String], cost: Double, score: Double)] {
        var entries = CheapestCosts()
        var phrases: [String: Candidate] = [:]
        let maxDistance = typed.count <= 3 ? 1 : 2
        var scratch: [Int] = []

        func consider(entry: Int, cost: Double) {
            entries.offer(entry, cost: cost)
        }

        // Distances are counted without diacritics, so every accent left out counts as nothing here
        // (the edit model charges it a little).
        let strippedTyped = Diacritics.stripped(typed)
        // A key is decoded no further than one letter past the longest within reach: that letter refuses it.
        let longest = typed.count + maxDistance + 1
        let key = DecodedKey(capacity: 4 * longest)
        let distances = PrefixSharingDistance(typed: strippedTyped, limit: maxDistance, maximumKeyLength: longest)
        var costScratch = EditModel.CostScratch(model: model, typed: typed)
        let candidates = index.candidateEntries(for: typed)
        // The groups lie far apart in the store: each one's first key is fetched from memory while those before it
        // are ranked (its offset four groups ahead, its bytes two ahead).
        for (position, range) in candidates.enumerated() {
            if position + 4 < candidates.count { store.prefetchOffset(candidates[position + 4].lowerBound) }
            if position + 2 < candidates.count { store.prefetchKey(candidates[position + 2].lowerBound) }
            var entry = range.lowerBound
            while entry < range.upperBound {
                defer { entry += 1 }
                let bytes = store.keyBytes(entry)
                // A key has at most as many scalars as bytes: one too short is passed over before decoding.
                if bytes.count + maxDistance < typed.count { continue }
                let decoded = key.decode(bytes, maximumScalars: longest)
                guard distances.distance(to: key.bases) <= maxDistance else {
                    // Every following key that begins with the letters already too far off is passed over at once
                    // (the forms of one stem: thousands of Portuguese and Czech keys a group).
                    let refused = distances.refusedPrefix
                    if refused > 0, refused <= decoded {
                        if refused <= index.prefixLength {
                            // The keys of one group share their first `prefixLength` letters without diacritics, which
                            // is how distances count them (a shorter key's group holds only keys of those same letters).
                            entry = range.upperBound - 1
                        } else {
                            let prefix = UnsafeBufferPointer(rebasing: bytes[..<key.byteCount(ofFirst: refused)])
                            entry = store.endOfRun(from: entry, sharing: prefix, before: range.upperBound) - 1
                        }
                    }
                    continue
                }
                // Within reach, so the key was decoded whole (it has at most `longest - 1` letters).
                guard store.isSuggestible(entry) else { continue }
                let keyScalars = Array(key.scalars)
                let cost = keyScalars == typed ? 0.1 : model.cost(intended: keyScalars, scratch: &costScratch)
                consider(entry: entry, cost: cost)
            }
        }

        if let phonetic {
            // Words within two edits are already in; these are the farther sound-alikes.
            for entry in phonetic.entries(soundingLike: typed).prefix(500) where !entries.contains(Int(entry)) && store.isSuggestible(Int(entry)) {
                let scalars = DeletionIndex.scalars(store.keyBytes(Int(entry)))
                let distance = EditModel.distance(typed[...], scalars[...], limit: 4, scratch: &scratch)
                guard distance >= 3, distance <= 4 else { continue }
                consider(entry: Int(entry), cost: Self.soundAlikeCost + 0.4 * Double(distance - 3))
            }
        }

        for (text, cost) in tableCandidates(folded) {
            if text.utf8.contains(0x20) {
                addPhrase(text, cost: cost, to: &phrases)
            } else if let entry = store.find(Array(text.utf8)), store.isSuggestible(entry) {
                consider(entry: entry, cost: cost)
            }
        }
        for (left, right) in splitting ? splits(typed) : [] {
            addPhrase(left + " " + right, cost: Self.splitCost, to: &phrases, minimumZipf: 3.5, singleLetterMinimum: 5.5, penalty: 0.5)
        }

        var scored: [(texts: [String], cost: Double, score: Double)] = []
        let hasFrequencies = store.hasFrequencies
        func score(_ candidate: Candidate) -> Double {
            hasFrequencies ? candidate.zipf - Self.costWeight * candidate.cost : -candidate.cost
        }
        entries.forEach { entry, cost in
            var surfaces = store.surfaces(entry, suggestibleOnly: true)
            let zipf = store.scaledZipf[entry] > 0 ? Double(store.scaledZipf[entry]) / 10 : Self.unknownZipf
            var candidate = Candidate(cost: cost, zipf: zipf)
            if lowerCase {
                let key = store.key(entry)
                if surfaces.contains(key) {
                    surfaces = [key]
                } else if !surfaces.isEmpty {
                    // Only capitalised spellings (names): a lower-case typist less likely meant one.
                    candidate.cost += Self.capitalisationCost
                }
            }
            if !surfaces.isEmpty { scored.append((surfaces, candidate.cost, score(candidate))) }
        }
        for (phrase, candidate) in phrases { scored.append(([phrase], candidate.cost, score(candidate))) }
        for word in learned {
            let scalars = WordList.fold(word).unicodeScalars.map(\.value)
            let distance = EditModel.distance(typed[...], scalars[...], limit: maxDistance, scratch: &scratch)
            guard distance <= maxDistance else { continue }
            let candidate = Candidate(cost: distance == 0 ? 0.1 : model.cost(intended: scalars, scratch: &costScratch), zipf: 3)
            scored.append(([word], candidate.cost, score(candidate)))
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.texts[0] < $1.texts[0] }
        return scored
    }

    /// Typed words at least this long (in letters) may be compounds to mend part by part.
    static let minimumCompoundLength = 8
    /// A compound's part that is kept as typed is at least this long.
    static let minimumCompoundPart = 3

    /// Compounds made by mending one part of a typed compound, most likely first (not yet verified).
    ///
    /// The longest known beginning (a word of the store, or one followed by a
    /// linking `s`) is kept and the rest guessed as a word (`Maus|tastenn` →
    /// `Maustasten`); likewise the longest known ending (`Exlposiv|kraft` →
    /// `Explosivkraft`). The dictionary decides whether each result is a word.
    private func compoundCandidates(_ typed: [UInt32]) -> [String] {
        var scored: [(String, Double)] = []
        func text(_ scalars: ArraySlice<UInt32>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars.compactMap(Unicode.Scalar.init))
            return String(view)
        }
        func known(_ part: ArraySlice<UInt32>) -> Bool {
            part.count >= Self.minimumCompoundPart && store.find(Array(text(part).utf8)) != nil
        }
        func mend(_ part: ArraySlice<UInt32>) -> [(texts: [String], cost: Double)] {
            guard part.count >= Self.minimumCompoundPart else { return [] }
            let folded = text(part)
            return rank(typed: Array(part), folded: folded, lowerCase: true, learned: [], splitting: false).prefix(3).map { ($0.texts, $0.cost) }
        }
        let n = typed.count
        // The longest known beginning, the rest mended.
        for cut in stride(from: n - Self.minimumCompoundPart, through: Self.minimumCompoundPart, by: -1) {
            let head = typed[..<cut]
            let linked = head.last == 0x73 && known(head.dropLast())
            guard known(head) || linked else { continue }
            for (texts, cost) in mend(typed[cut...]) {
                for tail in texts.prefix(1) where !tail.utf8.contains(0x20) { scored.append((text(head) + WordList.fold(tail), cost)) }
            }
            break
        }
        // The longest known ending, the rest mended.
        for cut in Self.minimumCompoundPart...(n - Self.minimumCompoundPart) {
            let tail = typed[cut...]
            guard known(tail) else { continue }
            for (texts, cost) in mend(typed[..<cut]) {
                for head in texts.prefix(1) where !head.utf8.contains(0x20) { scored.append((WordList.fold(head) + text(tail), cost)) }
            }
            break
        }
        scored.sort { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        var seen = Set<String>()
        return scored.map(\.0).filter { seen.insert($0).inserted }
    }

    /// Adds a phrase whose every word is a suggestible entry at least as common as the minimums.
    private func addPhrase(_ phrase: String, cost: Double, to phrases: inout [String: Candidate],
                           minimumZipf: Double = 0, singleLetterMinimum: Double = 0, penalty: Double = 0) {
        var zipf = Double.infinity
        for part in phrase.split(separator: " ") {
            guard let entry = store.find(Array(part.utf8)), store.isSuggestible(entry) else { return }
            let value = store.scaledZipf[entry] > 0 ? Double(store.scaledZipf[entry]) / 10 : Self.unknownZipf
            if value < minimumZipf || (part.count == 1 && value < singleLetterMinimum) { return }
            zipf = min(zipf, value)
        }
        guard zipf.isFinite else { return }
        if let existing = phrases[phrase], existing.cost <= cost { return }
        phrases[phrase] = Candidate(cost: cost, zipf: zipf - penalty)
    }

    /// Words made by the .aff `REP` and `MAP` tables, with the cost of each.
    private func tableCandidates(_ folded: String) -> [(String, Double)] {
        var result: [(String, Double)] = []
        let bytes = Array(folded.utf8)
        // An ASCII word without a carriage return (the only ASCII pair that is one Character) is matched by bytes.
        if bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            for match in replacementIndex.matches(ascii: bytes) {
                let replaced = Self.splice(bytes, match.start, match.start + match.length, replacements[match.replacement].to)
                result.append((replacementKeepsFold[match.replacement] ? replaced : WordList.fold(replaced), Self.replacementCost))
            }
            if !mapGroups.isEmpty { appendMapCandidates(Array(folded), bytes: bytes, offsets: Array(0...bytes.count), to: &result) }
            return result
        }
        let characters = Array(folded)
        // Where each Character begins in the word's UTF-8, and where the word ends.
        var offsets: [Int] = []
        offsets.reserveCapacity(characters.count + 1)
        var offset = 0
        for character in characters {
            offsets.append(offset)
            offset += character.utf8.count
        }
        offsets.append(offset)
        for match in replacementIndex.matches(characters) {
            // `to` put in place of the pattern; the rest of a folded word lowers to itself, so only a `to` that does not needs folding.
            let replaced = Self.splice(bytes, offsets[match.start], offsets[match.start + match.length], replacements[match.replacement].to)
            result.append((replacementKeepsFold[match.replacement] ? replaced : WordList.fold(replaced), Self.replacementCost))
        }
        appendMapCandidates(characters, bytes: bytes, offsets: offsets, to: &result)
        return result
    }

    /// The words the .aff `MAP` groups make of `characters`, each with its cost.
    ///
    /// `bytes` is the word's UTF-8 and `offsets` where each of its Characters begins there, with the end last.
    private func appendMapCandidates(_ characters: [Character], bytes: [UInt8], offsets: [Int], to result: inout [(String, Double)]) {
        for (group, letters) in zip(mapGroups, mapLetters) where !letters.isEmpty {
            for (position, character) in characters.enumerated() where letters.contains(character) {
                let own = String(character)
                for other in group where other != own {
                    result.append((Self.splice(bytes, offsets[position], offsets[position + 1], other), 0.3))
                }
            }
        }
    }

    /// The word of `bytes` with the bytes `lower..<upper` (whole Characters) replaced by `middle`, made in one go.
    private static func splice(_ bytes: [UInt8], _ lower: Int, _ upper: Int, _ middle: String) -> String {
        var middle = middle
        return middle.withUTF8 { inserted in
            String(unsafeUninitializedCapacity: lower + inserted.count + bytes.count - upper) { buffer in
                var written = 0
                for byte in bytes[..<lower] { buffer[written] = byte; written += 1 }
                for byte in inserted { buffer[written] = byte; written += 1 }
                for byte in bytes[upper...] { buffer[written] = byte; written += 1 }
                return written
            }
        }
    }

    /// Ways to split a run-together word into two words (each checked later).
    private func splits(_ typed: [UInt32]) -> [(String, String)] {
        guard typed.count >= 3 else { return [] }
        var result: [(String, String)] = []
        // A one-letter word may open a run-together pair ("alot") but not close one. textsvcd: ignore alot
        for cut in 1..<(typed.count - 1) {
            var left = String.UnicodeScalarView()
            var right = String.UnicodeScalarView()
            left.append(contentsOf: typed[..<cut].compactMap(Unicode.Scalar.init))
            right.append(contentsOf: typed[cut...].compactMap(Unicode.Scalar.init))
            let leftWord = String(left)
            let rightWord = String(right)
            if store.find(Array(leftWord.utf8)) != nil, store.find(Array(rightWord.utf8)) != nil {
                result.append((leftWord, rightWord))
            }
        }
        return result
    }

    /// Whether a word is a piece of one rather than a word: it begins or ends with a hyphen
    /// (`-strass`, `Test-`: the parts of truncated compounds, which Hunspell accepts in text).
    /// In a phrase (`Test -fehlern`), any of its words.
    static func isFragment(_ word: String) -> Bool {
        if word.utf8.contains(0x20) { return word.split(separator: " ").contains { isFragment(String($0)) } }
        guard let first = word.unicodeScalars.first, let last = word.unicodeScalars.last else { return true }
        return hyphens.contains(first) || hyphens.contains(last)
    }

    private static let hyphens: Set<Unicode.Scalar> = ["-", "\u{2010}", "\u{2011}", "\u{00AD}"]

    /// The capitalised form of a lower-case single word (a frequency list's folded spelling), unless
    /// the typed word is in capitals (then `restoreCase` already tried them); nil otherwise.
    static func capitalisedListedWord(_ surface: String, typed: String) -> String? {
        guard !surface.utf8.contains(0x20), let first = surface.first, first.isLowercase else { return nil }
        let capital = CaseMapping.map(String(first), .upper) + surface.dropFirst()
        return capital == surface ? nil : capital
    }

    /// A dictionary spelling in the case pattern of the typed word.
    ///
    /// `TEH` gives `THE`, `Teh` gives `The`; a lower-case word keeps the
    /// dictionary's case (`londn` gives `London`).
    static func restoreCase(of typed: String, in surface: String) -> String {
        let letters = typed.unicodeScalars.filter { $0.properties.isAlphabetic }
        guard let first = letters.first else { return surface }
        if letters.count >= 2, letters.allSatisfy({ $0.properties.isUppercase }) {
            return CaseMapping.map(surface, .upper)
        }
        if first.properties.isUppercase, let initial = surface.first, initial.isLowercase {
            return CaseMapping.map(String(initial), .upper) + surface.dropFirst()
        }
        return surface
    }

    /// Approximate heap bytes held by the store and index.
    var memoryFootprint: Int { store.memoryFootprint + index.memoryFootprint + (phonetic?.memoryFootprint ?? 0) }
}
