/// A misspelled word found in text.
public struct Misspelling: Sendable, Equatable {
    /// Where the word is, in bytes.
    public var range: ByteRange
    public var word: String
    /// With automatic languages: the tag of the dictionary that rejected the word.
    public var language: String?
    /// With automatic languages: the other candidates that accept the word.
    public var alsoIn: [String] = []

    public init(range: ByteRange, word: String, language: String? = nil, alsoIn: [String] = []) {
        self.range = range
        self.word = word
        self.language = language
        self.alsoIn = alsoIn
    }
}

/// Checks text against one or more dictionaries, the way UITextChecker does.
///
/// A word is correct when any of the dictionaries accepts it, or it is in
/// the document's ignored words. Thread-safe (holds only immutable state and
/// thread-safe dictionaries).
public struct SpellChecker: Sendable {
    public let dictionaries: [SpellDictionary]
    public let ignoredWords: Set<String>

    public init(dictionaries: [SpellDictionary], ignoredWords: Set<String> = []) {
        precondition(!dictionaries.isEmpty, "a checker needs at least one dictionary")
        self.dictionaries = dictionaries
        self.ignoredWords = ignoredWords
    }

    /// The ICU locale used for word boundaries: the first dictionary's language.
    ///
    /// The first dictionary's word characters (`WordRules`) also decide how words are cut.
    var locale: String { dictionaries[0].tag.bcp47 }

    /// Whether a single word is correct.
    public func accepts(_ word: String) -> Bool {
        if ignoredWords.contains(word) { return true }
        return dictionaries.contains { $0.accepts(word) }
    }

    /// `accepts(_:)`, reading the compiled forms' accept tables without mapping them (`SpellDictionary.acceptsUnmapped`).
    ///
    /// For a question about a word these dictionaries do not check (`alsoIn`).
    func acceptsUnmapped(_ word: String) -> Bool {
        if ignoredWords.contains(word) { return true }
        return dictionaries.contains { $0.acceptsUnmapped(word) }
    }

    /// `accepts(_:)` for a word whose bytes no compiled form accepted (`SpellDictionary.acceptsFromCompiled`); nil
    /// when `waits` is false and the verdict needs a Hunspell handle that is still loading.
    private func acceptsNotFromCompiled(_ word: String, waits: Bool) -> Bool? {
        if ignoredWords.contains(word) { return true }
        guard !waits else { return dictionaries.contains { $0.accepts(word, bytesNotAccepted: true) } }
        var unknown = false
        for dictionary in dictionaries {
            switch dictionary.acceptsWithoutWaiting(word, bytesNotAccepted: true) {
            case true?: return true
            case false?: break
            case nil: unknown = true
            }
        }
        return unknown ? nil : false
    }

    /// The misspelled parts of a scanned word (the whole word, some of its parts, or nothing).
    func misspellings(of scanned: ScannedWord, in text: TextBuffer, memo: inout WordMemo) -> [Misspelling] {
        misspellings(of: scanned, in: text, memo: &memo, waits: true)!
    }

    /// `misspellings(of:in:memo:)`; nil when `waits` is false and a verdict it needs waits for Hunspell to load.
    private func misspellings(of scanned: ScannedWord, in text: TextBuffer, memo: inout WordMemo, waits: Bool) -> [Misspelling]? {
        let bytes = text.bytes
        guard let whole = judge(scanned.range, bytes, &memo, waits: waits) else { return nil }
        if whole { return [] }
        if scanned.followedByPeriod {
            guard let abbreviation = judge(scanned.range.lowerBound..<scanned.range.upperBound + 1, bytes, &memo, waits: waits) else {
                return nil
            }
            if abbreviation { return [] }
        }
        if scanned.parts.isEmpty { return [misspelling(scanned.range, text)] }
        var found: [Misspelling] = []
        for (index, part) in scanned.parts.enumerated() {
            guard let correct = judge(part, bytes, &memo, waits: waits) else { return nil }
            if correct { continue }
            if index == scanned.parts.count - 1, scanned.followedByPeriod {
                guard let abbreviation = judge(part.lowerBound..<part.upperBound + 1, bytes, &memo, waits: waits) else { return nil }
                if abbreviation { continue }
            }
            found.append(misspelling(part, text))
        }
        if found.isEmpty, scanned.judgedWhole { return [misspelling(scanned.range, text)] }
        return found
    }

    private func misspelling(_ range: Range<Int>, _ text: TextBuffer) -> Misspelling {
        let byteRange = ByteRange(bytes: range)
        return Misspelling(range: byteRange, word: text.string(byteRange))
    }

    /// The verdict on the word at `range`, from the memo or, the first time, from the dictionaries; nil when `waits` is
    /// false and the verdict needs a Hunspell handle that is still loading.
    private func judge(_ range: Range<Int>, _ bytes: [UInt8], _ memo: inout WordMemo, waits: Bool) -> Bool? {
        if let verdict = memo.lookup(range, in: bytes) { return verdict }
        // Most words are accepted by a compiled form straight from the text's bytes, without a string.
        let fromCompiled = bytes.withUnsafeBufferPointer { buffer in
            let word = UnsafeBufferPointer(rebasing: buffer[range])
            return dictionaries.contains { $0.acceptsFromCompiled(utf8: word) }
        }
        guard let verdict = fromCompiled ? true : acceptsNotFromCompiled(String(decoding: bytes[range], as: UTF8.self), waits: waits) else {
            return nil
        }
        memo.store(range, in: bytes, verdict)
        return verdict
    }

    /// Finds misspelled words, as UITextChecker's rangeOfMisspelledWord does when `limit` is 1.
    ///
    /// Searches `range` (the whole text by default) from `startingAt` to its
    /// end (including a word that contains `startingAt`), then, if `wrap` is set, from its start up to `startingAt`. Stops
    /// after `limit` misspellings (nil for no limit). Byte offsets throughout.
    /// Returns the misspellings and the number of words examined.
    public func check(_ text: TextBuffer, range: ByteRange? = nil, startingAt: UTF8Offset? = nil,
                      wrap: Bool = false, limit: Int? = nil) -> (misspellings: [Misspelling], wordCount: Int) {
        check(text, range: range, startingAt: startingAt, wrap: wrap, limit: limit, memoBytes: nil)
    }

    /// `check`, where a new memo is sized for `memoBytes` bytes of text (by default the range's): for a caller that
    /// checks a text's start first and the rest with the same memo, so the memo is not grown word by word.
    func check(_ text: TextBuffer, range: ByteRange? = nil, startingAt: UTF8Offset? = nil, wrap: Bool = false, limit: Int? = nil,
               memoBytes: Int?) -> (misspellings: [Misspelling], wordCount: Int) {
        let range = range ?? text.fullRange
        let start = min(max(startingAt ?? range.lowerBound, range.lowerBound), range.upperBound)
        if let limit, limit <= 0 { return ([], 0) }
        // One value for the scan's state: a closure or nested function capturing several variables made every
        // access to them a dynamic exclusivity check (3% of a check's CPU).
        // The memo of the last scan with the same dictionaries goes on (a repository's files, a text's pieces, a
        // daemon's requests share the words judged before); a document's ignored words make its verdicts its own.
        let memoKey = ignoredWords.isEmpty ? WordMemoPool.Key(dictionaries: dictionaries.map(\.verdictStamp)) : nil
        let memos = dictionaries[0].memos
        let memoBytes = memoBytes ?? range.byteCount
        var scan = Scan(checker: self, text: text, limit: limit,
                        memo: memoKey.map { memos.take($0, textBytes: memoBytes) } ?? WordMemo(textBytes: memoBytes))
        defer { if let memoKey { memos.give(scan.memo, memoKey) } }
        let rules = WordRules.of(dictionaries[0])
        if start == range.lowerBound {
            // From the start: no second pass, so the words are judged as they are found, with no array of them. With no
            // limit, a word that needs Hunspell while it loads is put off to the end (`Scan.putOff`).
            scan.putsOff = limit == nil
            text.bytes.withUnsafeBufferPointer { bytes in
                WordScanner.forEachWord(in: text, range: range, locale: locale, rules: rules,
                                        ahead: { scan.lookAhead($0, $1, bytes) }) { scan.take($0) }
            }
            scan.judgePutOff()
            return (scan.found, scan.wordCount)
        }
        let words = WordScanner.words(in: text, range: range, locale: locale, rules: rules)
        // A word that contains `startingAt` belongs to the first pass, so a search from a caret inside a word finds it.
        let firstAfter = words.firstIndex { $0.range.upperBound > start.rawValue } ?? words.count
        if words[firstAfter...].allSatisfy({ scan.take($0) }), wrap {
            _ = words[..<firstAfter].allSatisfy { scan.take($0) }
        }
        return (scan.found, scan.wordCount)
    }

    /// What one scan has found so far, with its memo.
    private struct Scan {
        let checker: SpellChecker
        let text: TextBuffer
        let limit: Int?
        var memo: WordMemo
        var found: [Misspelling] = []
        var wordCount = 0
        /// The memo's stores (its misses) when the scan began.
        private let storesAtStart: Int

        init(checker: SpellChecker, text: TextBuffer, limit: Int?, memo: WordMemo) {
            self.checker = checker
            self.text = text
            self.limit = limit
            self.memo = memo
            storesAtStart = memo.stores
        }

        /// Prefetches what judging the word at `range` will read (`LookAhead`); changes nothing but timing.
        ///
        /// `mutating` so that the memo is reached in place from the scanner's closure: a read access copied
        /// it, retaining and releasing its arrays for every word.
        @inline(__always)
        mutating func lookAhead(_ range: Range<Int>, _ stage: LookAhead, _ bytes: UnsafeBufferPointer<UInt8>) {
            switch stage {
            case .far:
                memo.prefetch(range, in: bytes)
            case .near:
                // Only while the memo misses often (a fresh process, new text): with a warm memo, as in a daemon's
                // re-checks, the extra probe for every word cost more than the few misses it would hide.
                guard (memo.stores - storesAtStart) * 32 > wordCount, memo.lookup(range, in: bytes) == nil else { return }
                let word = UnsafeBufferPointer(rebasing: bytes[range])
                for dictionary in checker.dictionaries { dictionary.prefetchCompiled(utf8: word) }
            }
        }

        /// Judges one word; false once `limit` misspellings are found.
        mutating func take(_ word: ScannedWord) -> Bool {
            wordCount += 1
            guard let misspellings = checker.misspellings(of: word, in: text, memo: &memo, waits: !putsOff) else {
                putOff.append((word, found.count))
                return true
            }
            for misspelling in misspellings {
                found.append(misspelling)
                if let limit, found.count >= limit { return false }
            }
            return true
        }

        /// Whether a word whose verdict needs Hunspell while it loads waits in `putOff` instead of for the load
        /// (only with no limit: the misspellings are all found, then put in order).
        var putsOff = false
        /// The words put off, each with how many misspellings were found before it.
        private var putOff: [(word: ScannedWord, position: Int)] = []

        /// Judges the words put off, waiting for Hunspell now, and puts their misspellings among the others in text order.
        mutating func judgePutOff() {
            guard !putOff.isEmpty else { return }
            var merged: [Misspelling] = []
            merged.reserveCapacity(found.count + putOff.count)
            var next = 0
            for (word, position) in putOff {
                merged += found[next..<position]
                next = position
                merged += checker.misspellings(of: word, in: text, memo: &memo)
            }
            merged += found[next...]
            found = merged
            putOff = []
        }
    }
}
