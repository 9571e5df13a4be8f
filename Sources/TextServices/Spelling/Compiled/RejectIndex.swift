import Foundation

/// Proves that Hunspell rejects a word, without Hunspell: the compiled form's "certainly wrong" answer.
///
/// Hunspell accepts a word outside compounds and word breaking only when
/// `checkword` finds it for one of the case spellings `spell` tries: as a
/// .dic stem, or as a stem with at most one prefix and two suffixes whose
/// strip, append and condition fit and whose flags the stem or the other
/// affixes' continuation classes carry (`affentry.cxx`, `affixmgr.cxx`).
/// This index holds every stem (with the hidden capitalised homonyms
/// Hunspell adds for mixed-case and capitalised stems) and every affix entry,
/// and searches those derivations with *fewer* restrictions than Hunspell's
/// (NEEDAFFIX, FORBIDDENWORD, ONLYINCOMPOUND, CIRCUMFIX, KEEPCASE, cross
/// products and homonym subtleties are ignored): when no derivation exists
/// even then, Hunspell cannot accept the word. Anything the argument does not
/// cover makes the answer "not proven" and the word goes to Hunspell:
/// dictionaries with compounding (other than a COMPOUNDRULE whose parts all
/// contain digits), IGNORE, COMPLEXPREFIXES, CHECKSHARPS, Turkic or Hungarian
/// rules; words with digits, spaces, a final period, a BREAK or ICONV pattern,
/// or characters whose case mapping could differ from Hunspell's own tables.
/// Built by `DictionaryCompiler`, which also checks it against every form
/// Hunspell accepted (one refused form and the index is not used).
/// Thread-safe (immutable). Judging a word allocates nothing on the heap: its case spellings and candidate
/// roots are written into temporary scratch memory (`CaseSpellings`, `AffixIndex`).
final class RejectIndex: Sendable {
    struct Affix: Sendable {
        var isPrefix: Bool
        var flag: UInt16
        var strip: [UInt8]
        var add: [UInt8]
        /// Continuation flags, sorted.
        var continuation: [UInt16]
        var condition: AffixCondition
    }

    /// The patterns, affixes and the verdict on the dictionary; nil rules mean "never proven".
    struct Rules: Sendable {
        var breakPatterns: [[UInt8]]
        var inputPatterns: [[UInt8]]
        /// Only ASCII words are judged (8-bit dictionaries: their case tables are Hunspell's own).
        var asciiOnly: Bool
        /// Hunspell splits words at a hyphen (`BREAK` as by default) and no word can be forbidden or warned
        /// away (no FORBIDDENWORD or FORBIDWARN, single-character flags): then `a-b` is correct when `a` and `b` are.
        var acceptsHyphenatedParts = false
        var affixes: [Affix]
    }

    let rules: Rules?
    let stems: StemTable
    /// The affix entries, found by what they append.
    private let affixes: AffixIndex
    /// The break and input patterns, one after the other, and where each ends in `patternBytes`.
    private let patternBytes: [UInt8]
    private let breakPatternEnds: [Int]
    private let inputPatternEnds: [Int]

    init(rules: Rules?, stems: StemTable) {
        self.rules = rules
        self.stems = stems
        affixes = AffixIndex(rules?.affixes ?? [])
        var bytes: [UInt8] = [], breakEnds: [Int] = [], inputEnds: [Int] = []
        for pattern in rules?.breakPatterns ?? [] {
            bytes += pattern
            breakEnds.append(bytes.count)
        }
        for pattern in rules?.inputPatterns ?? [] {
            bytes += pattern
            inputEnds.append(bytes.count)
        }
        patternBytes = bytes
        breakPatternEnds = breakEnds
        inputPatternEnds = inputEnds
    }

    static let unusable = RejectIndex(rules: nil, stems: StemTable(tables: .init(slots: Table([]), bytes: Table([]))))

    var isUsable: Bool { rules != nil && !stems.tables.slots.isEmpty }

    // MARK: Judging

    /// Whether Hunspell certainly rejects `word`; false means "not proven" (ask Hunspell).
    func rejects(_ word: String) -> Bool {
        guard let rules, !stems.tables.slots.isEmpty else { return false }
        var word = word
        return word.withUTF8 { rejects($0, asciiOnly: rules.asciiOnly, hyphens: rules.acceptsHyphenatedParts, depth: 0) }
    }

    private func rejects(_ original: UnsafeBufferPointer<UInt8>, asciiOnly: Bool, hyphens: Bool, depth: Int) -> Bool {
        guard depth < 8, !original.isEmpty, original.count < 256 else { return false }
        for byte in original where byte >= 0x30 && byte <= 0x39 { return false }
        // ICONV applies before anything else.
        var patternStart = 0
        for end in inputPatternEnds {
            if Self.find(patternBytes, patternStart..<end, in: original, from: 0) != nil { return false }
            patternStart = end
        }
        // Hunspell strips trailing periods, then also tries the word with one (abbreviations).
        var count = original.count
        while count > 0, original[count - 1] == UInt8(ascii: ".") { count -= 1 }
        guard count > 0 else { return false }
        let periods = original.count - count
        let bytes = UnsafeBufferPointer(rebasing: original[..<count])
        // The spellings `HunspellImpl::spell` hands to `checkword`, written one after the other (each with room for a
        // period after it), with whether hidden capitalised homonyms (ONLYUPCASEFLAG) may answer.
        let spellingSize = 4 * count + 1
        let derivationSize = affixes.scratchSize(forWordOf: spellingSize)
        let found = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 5 * spellingSize + derivationSize) { buffer -> Bool? in
            let scratch = buffer.baseAddress!
            guard let spellings = CaseSpellings(bytes, asciiOnly: asciiOnly, into: scratch, stride: spellingSize) else { return nil }
            let derivations = scratch + 5 * spellingSize
            for index in 0..<spellings.count {
                let spelling = scratch + index * spellingSize
                let length = spellings.length(index)
                let hidden = spellings.hidden(index)
                if affixes.derivable(UnsafeBufferPointer(start: spelling, count: length), hidden: hidden, stems: stems, scratch: derivations) {
                    return true
                }
                if periods > 0 {
                    spelling[length] = UInt8(ascii: ".")
                    if affixes.derivable(UnsafeBufferPointer(start: spelling, count: length + 1), hidden: hidden, stems: stems,
                                         scratch: derivations) {
                        return true
                    }
                }
            }
            return false
        }
        guard let found, !found else { return false }
        // A word not accepted whole with ten break points or more Hunspell refuses without breaking it
        // (`HunspellImpl::spell`); with `acceptsHyphenatedParts`, `-` is one of its patterns, so counting hyphens
        // alone never overstates its count.
        if hyphens, bytes.count(where: { $0 == UInt8(ascii: "-") }) >= Self.maximumHyphenatedParts { return true }
        // Word breaking: Hunspell accepts the word when both sides of a break pattern are accepted (one side for
        // a pattern at an end). Every occurrence must have a side proven wrong here; an empty side never is.
        patternStart = 0
        for end in breakPatternEnds {
            defer { patternStart = end }
            let length = end - patternStart
            var start = 0
            while let position = Self.find(patternBytes, patternStart..<end, in: bytes, from: start) {
                start = position + 1
                // A side proven wrong settles this occurrence: the other side is not searched (with many hyphens,
                // searching both sides of each one at every depth was most of this function's time).
                if position > 0,
                   rejects(UnsafeBufferPointer(rebasing: bytes[..<position]), asciiOnly: asciiOnly, hyphens: hyphens, depth: depth + 1) {
                    continue
                }
                let right = position + length < bytes.count
                    && rejects(UnsafeBufferPointer(rebasing: bytes[(position + length)...]), asciiOnly: asciiOnly, hyphens: hyphens,
                               depth: depth + 1)
                if !right { return false }
            }
        }
        return true
    }

    /// Where `pattern` (the bytes of `text` in `range`) next occurs in `word` at or after `start`, if anywhere.
    static func find(_ text: [UInt8], _ range: Range<Int>, in word: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let length = range.count
        guard length > 0, start >= 0, start + length <= word.count else { return nil }
        let first = text[range.lowerBound]
        for position in start...(word.count - length) where word[position] == first {
            var index = 1
            while index < length, word[position + index] == text[range.lowerBound + index] { index += 1 }
            if index == length { return position }
        }
        return nil
    }

    /// The parts of a word Hunspell certainly accepts when it accepts every part: one to nine hyphens, none at
    /// an end or next to another; nil when that argument does not hold for the word or the dictionary.
    ///
    /// Hunspell breaks `a-b-c` at its second hyphen and checks `c` and `a-b` (which it breaks again), so every
    /// part accepted means the whole is; at ten break points it refuses the word.
    func hyphenatedParts(_ word: String) -> [String]? {
        guard let rules, rules.acceptsHyphenatedParts else { return nil }
        let bytes = Array(word.utf8)
        // Hunspell refuses long words outright, converts ICONV patterns and strips periods and spaces first.
        guard bytes.count < 100, bytes.last != UInt8(ascii: "."), !bytes.contains(UInt8(ascii: " ")) else { return nil }
        let parts = bytes.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.count <= Self.maximumHyphenatedParts, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        for pattern in rules.inputPatterns where Self.contains(bytes, pattern) { return nil }
        return parts.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Hunspell refuses a word with ten break points or more.
    static let maximumHyphenatedParts = 10

    enum CaseKind { case upper, lower, neutral }

    /// How Hunspell's case tables class a scalar, or nil when they might class or map it otherwise than Unicode does.
    ///
    /// Cased letters are trusted only in blocks whose case pairs have not changed since Unicode 1.1
    /// (ASCII, Latin-1, Latin Extended-A, basic Cyrillic), without the letters whose mappings are
    /// special (İ, ı, ĸ, ŉ, ſ); other scalars only when Unicode gives them no case mapping at all. `ß`
    /// is neutral, as in Hunspell's tables (no simple upper case: `STRAß` is in capitals for it), and
    /// every mapping used here leaves it as it is.
    static func caseKind(_ scalar: Unicode.Scalar) -> CaseKind? {
        let value = scalar.value
        if value == 0xDF { return .neutral }
        if value < 0x80 {
            if value >= 0x41 && value <= 0x5A { return .upper }
            if value >= 0x61 && value <= 0x7A { return .lower }
            if value < 0x20 || value == 0x20 || value == 0x7F { return nil }
            return .neutral
        }
        let trusted = (value >= 0xC0 && value <= 0xFF && value != 0xD7 && value != 0xF7 && value != 0xDF)
            || (value >= 0x100 && value <= 0x17F && ![0x130, 0x131, 0x138, 0x149, 0x17F].contains(value))
            || (value >= 0x400 && value <= 0x45F)
        let properties = scalar.properties
        if trusted {
            if properties.isUppercase { return .upper }
            if properties.isLowercase { return .lower }
            return nil
        }
        if properties.changesWhenCaseMapped || properties.isCased || properties.isWhitespace
            || properties.generalCategory == .control || properties.generalCategory == .format {
            return nil
        }
        return .neutral
    }

    /// Lower case, scalar by scalar (only called on trusted scalars, whose mappings are single scalars).
    static func lower(_ word: String) -> String {
        String(String.UnicodeScalarView(word.unicodeScalars.map { scalar in
            let mapped = scalar.properties.lowercaseMapping.unicodeScalars
            return mapped.count == 1 ? mapped.first! : scalar
        }))
    }

    /// The first scalar in upper case.
    static func initialCapital(_ word: String) -> String {
        guard let first = word.unicodeScalars.first else { return word }
        let mapped = first.properties.uppercaseMapping.unicodeScalars
        guard mapped.count == 1, let upper = mapped.first else { return word }
        var scalars = word.unicodeScalars
        scalars.replaceSubrange(scalars.startIndex...scalars.startIndex, with: [upper])
        return String(scalars)
    }

    static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        guard !pattern.isEmpty, pattern.count <= bytes.count else { return false }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            if bytes[start..<(start + pattern.count)].elementsEqual(pattern) { return true }
        }
        return false
    }
}
