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
/// (NEEDAFFIX and ONLYINCOMPOUND on affixes, FORBIDDENWORD, CIRCUMFIX and
/// homonym subtleties are ignored; a prefix crosses a suffix only when both
/// are cross products, as in Hunspell; where the rules name them, a stem
/// holding NEEDAFFIX is no word alone, KEEPCASE counts in the spellings
/// `spell` checks it in, and else a stem holding ONLYINCOMPOUND is no whole
/// word's root): when no derivation exists even then, Hunspell cannot accept
/// the word. With compounding, a spelling whose lower case the derivation
/// filter does not hold needs no search (`DerivationFilter`). Anything the argument does not
/// cover makes the answer "not proven" and the word goes to Hunspell:
/// dictionaries with COMPOUNDFLAG, a COMPOUNDRULE whose parts do not all
/// contain digits, IGNORE, COMPLEXPREFIXES, Turkic or Hungarian rules; words
/// with digits, spaces, a final period, a BREAK or ICONV pattern, or
/// characters whose case mapping could differ from Hunspell's own tables.
/// With COMPOUNDBEGIN, COMPOUNDMIDDLE or COMPOUNDEND (German) a spelling is
/// also proven to be no compound: no cut into parts of COMPOUNDMIN scalars
/// that each have a derivation (`compoundParts`); with CHECKSHARPS a word in
/// capitals is also tried with `ß` for `SS`, as Hunspell tries it.
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
        /// The entry combines with affixes of the other kind (`Y` on its group's first line).
        var crossProduct = false
        /// Hunspell applies the entry as this index reads it: its continuation classes name affix groups only, and a
        /// UTF-8 condition has no `.` beside a character beyond ASCII (`PlainForms.isPlain`).
        var isExact = false
    }

    /// The patterns, affixes and the verdict on the dictionary; nil rules mean "never proven".
    struct Rules: Sendable {
        var breakPatterns: [[UInt8]]
        var inputPatterns: [[UInt8]]
        /// Only ASCII words are judged (8-bit dictionaries: their case tables are Hunspell's own).
        var asciiOnly: Bool
        /// No word can be forbidden or warned away (no stem holds the FORBIDDENWORD flag, no FORBIDWARN): then a word
        /// broken at one BREAK pattern is correct when its parts are (`brokenParts`).
        var acceptsHyphenatedParts = false
        /// Nothing can refuse an exact derivation Hunspell's affix lookup finds (no FORBIDWARN, ONLYINCOMPOUND or
        /// SUBSTANDARD, no stem holding the FORBIDDENWORD flag; NEEDAFFIX, PSEUDOROOT and CIRCUMFIX act only through
        /// continuation classes, which exact entries hold none of): `acceptsElided` may answer.
        var acceptsElided = false
        /// KEEPCASE is declared: `acceptsElided` leaves out the spellings whose root `spell` refuses when it keeps case.
        var elisionKeepsCase = false
        /// The KEEPCASE flag's number on the stems (0: none, or not known): `rejects` and `acceptsElided` then search the
        /// spellings `spell` checks for KEEPCASE by whether a root that keeps case, or one that does not, is reachable.
        var keepCaseFlag: UInt16 = 0
        /// The NEEDAFFIX (or PSEUDOROOT) flag's number on the stems (0: none, or not known): a stem holding it is no
        /// word alone (`AffixIndex.derivable`).
        var needAffixFlag: UInt16 = 0
        /// The ONLYINCOMPOUND flag's number on the stems (0: none, or not known): no whole word's root holds it, as
        /// `checkword` (1.7) passes over such a homonym when it looks the word up and drops the root `affix_check`
        /// returns when it holds it.
        var onlyInCompoundFlag: UInt16 = 0
        /// ICONV turns every `’` into `'` (no anchor) and no other pattern holds `’`: Hunspell's verdict on a word holding
        /// `’` is its verdict on the word with `'` (French), so proving that one wrong proves both.
        var convertsTypographicApostrophe = false
        /// FULLSTRIP: a suffix may strip a whole stem (French `c'est`: `c'` on `est`, from `être` through `SFX zE être est`).
        var stripsWholeStems = false
        /// The ASCII letters, bit 0 for `a`, that a stem, an affix's appended text, a BREAK pattern or an ICONV input
        /// holds in either case, or that a case mapping of a scalar they hold gives (`letters(of:)`).
        var letters = RejectIndex.everyLetter
        /// COMPOUNDMIN when the dictionary joins words (COMPOUNDBEGIN, COMPOUNDMIDDLE or COMPOUNDEND), else 0: then a
        /// spelling is also tried as parts of at least this many scalars (`compoundParts`).
        var compoundMinimum = 0
        /// The flags of COMPOUNDBEGIN, COMPOUNDMIDDLE and COMPOUNDEND: every compound part's stem or affixes hold one.
        var compoundFlags = StemTable.AnyFlag.none
        /// CHECKSHARPS: a word in capitals with `SS` is also tried with `ß` for some of them (`sharpSpellings`).
        var checksSharps = false
        var affixes: [Affix]
    }

    /// `Rules.letters` with every letter: nothing is proven by letters.
    static let everyLetter: UInt32 = (1 << 26) - 1

    let rules: Rules?
    let stems: StemTable
    /// With compounding, the parts' spellings in lower case and their places (else empty).
    let parts: CompoundPartTable
    /// With compounding, the lower case of every spelling a whole word's derivation search may find (else empty).
    let derivations: DerivationFilter

    /// Whether Hunspell converts `’` to `'` before anything else (`Rules.convertsTypographicApostrophe`).
    var convertsTypographicApostrophe: Bool { rules?.convertsTypographicApostrophe ?? false }
    /// The affix entries, found by what they append.
    private let affixes: AffixIndex
    /// `Rules.keepCaseFlag`, `Rules.needAffixFlag` and `Rules.onlyInCompoundFlag` (0 without rules).
    private let keepCaseFlag: UInt16, needAffixFlag: UInt16, onlyInCompoundFlag: UInt16
    /// The break and input patterns, one after the other, and where each ends in `patternBytes`.
    private let patternBytes: [UInt8]
    private let breakPatternEnds: [Int]
    private let inputPatternEnds: [Int]

    init(rules: Rules?, stems: StemTable, parts: CompoundPartTable, derivations: DerivationFilter = .empty) {
        self.rules = rules
        self.stems = stems
        self.parts = parts
        self.derivations = derivations
        affixes = AffixIndex(rules?.affixes ?? [])
        keepCaseFlag = rules?.keepCaseFlag ?? 0
        needAffixFlag = rules?.needAffixFlag ?? 0
        onlyInCompoundFlag = rules?.onlyInCompoundFlag ?? 0
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

    static let unusable = RejectIndex(rules: nil, stems: StemTable(tables: .init(slots: Table([]), bytes: Table([]))), parts: .empty)

    var isUsable: Bool { rules != nil && !stems.tables.slots.isEmpty }

    // MARK: Judging

    /// Whether Hunspell certainly rejects `word`; false means "not proven" (ask Hunspell).
    func rejects(_ word: String) -> Bool {
        guard let rules, !stems.tables.slots.isEmpty else { return false }
        var word = word
        return word.withUTF8 { rejects($0, asciiOnly: rules.asciiOnly, depth: 0) }
    }

    /// Whether `word` holds an ASCII letter that the dictionary holds nowhere, in either case, so that Hunspell
    /// certainly rejects it; false means "not proven".
    ///
    /// The cheapest proof, for the words of another script's text (English in Russian). Every spelling `spell` hands
    /// to `checkword` holds the letter in one case or the other (Hunspell's tables map an ASCII letter only to its other
    /// case where this index is usable: Turkic rules are refused); ICONV leaves it, since no input pattern holds it;
    /// a BREAK pattern holds none of it, so a broken word has a part that holds it; and every derivation is made of
    /// stems and appended affix texts, whose letters and their case mappings `Rules.letters` counts. No compounding
    /// other than digit COMPOUNDRULE parts and no IGNORE reach here (`build`). An 8-bit dictionary judges ASCII words
    /// only. Thread-safe; allocates nothing.
    func rejectsByLetters(_ word: String) -> Bool {
        guard let rules, rules.letters != Self.everyLetter, !stems.tables.slots.isEmpty else { return false }
        var foreign = false
        for byte in word.utf8 {
            if byte >= 0x80 {
                if rules.asciiOnly { return false }
                continue
            }
            let bit = Self.letterBit(UInt32(byte))
            if bit != 0, rules.letters & bit == 0 { foreign = true }
        }
        return foreign
    }

    /// The `Rules.letters` bit of an ASCII letter in either case; 0 for any other value.
    private static func letterBit(_ value: UInt32) -> UInt32 {
        let folded = value | 0x20
        return value < 0x80 && folded >= 0x61 && folded <= 0x7A ? 1 << (folded - 0x61) : 0
    }

    /// The `Rules.letters` bits of the ASCII letters in `text`, and of those its scalars' case mappings give (`İ`, `ſ`).
    static func letters(of text: String) -> UInt32 {
        var bits: UInt32 = 0
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                bits |= letterBit(scalar.value)
                continue
            }
            let properties = scalar.properties
            for mapped in [properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping] {
                for scalar in mapped.unicodeScalars { bits |= letterBit(scalar.value) }
            }
        }
        return bits
    }

    private func rejects(_ original: UnsafeBufferPointer<UInt8>, asciiOnly: Bool, depth: Int) -> Bool {
        guard depth < 8, !original.isEmpty, original.count < 256 else { return false }
        for byte in original where byte >= 0x30 && byte <= 0x39 { return false }
        // ICONV applies before anything else.
        var inputStart = breakPatternEnds.last ?? 0
        for end in inputPatternEnds {
            if Self.find(patternBytes, inputStart..<end, in: original, from: 0) != nil { return false }
            inputStart = end
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
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 9 * spellingSize + derivationSize) { buffer -> Bool in
            let scratch = buffer.baseAddress!
            guard let spellings = CaseSpellings(bytes, asciiOnly: asciiOnly, into: scratch, stride: spellingSize) else { return false }
            let derivationScratch = scratch + 9 * spellingSize
            let filtered = scratch + 8 * spellingSize
            // Whether `spelling` (its case spelling `index`, -1 for a CHECKSHARPS variant) may be accepted by
            // `checkword`, alone or with a period after it.
            func mayBeFound(_ spelling: UnsafeMutablePointer<UInt8>, _ length: Int, index: Int, hidden: Bool) -> Bool {
                // Where `spell` refuses a root that keeps case, only a root that does not can accept the spelling, and none
                // can when the lookup of the spelling alone certainly returns one that keeps case. Without KEEPCASE in the
                // rules, a root holding ONLYINCOMPOUND accepts no whole word (`Rules.onlyInCompoundFlag`).
                let checked = keepCaseFlag != 0 && index >= 0 && spellings.keepCaseChecked(index)
                let filter = checked ? HomonymFilter.lacking(keepCaseFlag)
                    : onlyInCompoundFlag != 0 ? .lacking(onlyInCompoundFlag) : .none
                func mayAccept(_ count: Int) -> Bool {
                    let candidate = UnsafeBufferPointer(start: spelling, count: count)
                    if checked, stems.lookupCertainlyHolds(candidate, keepCaseFlag, excluding: needAffixFlag) { return false }
                    // A lower case no derivation has settles the spelling in one probe.
                    if derivations.isUsable, count <= AcceptTable.maximumKeyLength {
                        let length = CaseSpellings.lowerCased(candidate, into: filtered)
                        if length <= AcceptTable.maximumKeyLength,
                           !derivations.mayHold(UnsafeBufferPointer(start: filtered, count: length)) {
                            return false
                        }
                    }
                    return affixes.derivable(candidate, hidden: hidden, stems: stems, scratch: derivationScratch, filter: filter,
                                             needAffix: needAffixFlag)
                }
                if mayAccept(length) { return true }
                guard periods > 0 else { return false }
                spelling[length] = UInt8(ascii: ".")
                return mayAccept(length + 1)
            }
            // Compounds are tried once, in lower case: every spelling `spell` hands to `checkword` has this one, and so
            // has every case spelling of a part (`CompoundPartTable`).
            let minimum = rules?.compoundMinimum ?? 0
            func mayJoin(_ spelling: UnsafeMutablePointer<UInt8>, _ length: Int) -> Bool {
                guard minimum > 0 else { return false }
                if compoundParts(UnsafeBufferPointer(start: spelling, count: length), minimum: minimum) { return true }
                guard periods > 0 else { return false }
                spelling[length] = UInt8(ascii: ".")
                return compoundParts(UnsafeBufferPointer(start: spelling, count: length + 1), minimum: minimum)
            }
            // The compound cuts first: one probe each, where a spelling's derivation search tries every affix entry
            // that fits (a word that may be a compound needs no search to go to Hunspell).
            if minimum > 0 {
                let lowered = scratch + 7 * spellingSize
                if mayJoin(lowered, CaseSpellings.lowerCased(bytes, into: lowered)) { return false }
            }
            for index in 0..<spellings.count where mayBeFound(scratch + index * spellingSize, spellings.length(index), index: index,
                                                               hidden: spellings.hidden(index)) {
                return false
            }
            // CHECKSHARPS: a word in capitals with `SS` is tried in lower case, then capitalised, with `ß` for some of
            // its first five `ss` (`HunspellImpl::spellsharps`); `ß` and `ss` are both two bytes in UTF-8. The
            // capitalised ones have the lower-case ones' compounds. KEEPCASE is not applied to them (no filter: fewer
            // words proven wrong, never a wrong one).
            if rules?.checksSharps == true, spellings.inCapitals, !asciiOnly, Self.find(Self.capitalSS, 0..<2, in: bytes, from: 0) != nil {
                let variant = scratch + 6 * spellingSize
                // The capitalised spelling and the one in lower case, the last two.
                for index in (spellings.count - 2)..<spellings.count {
                    let spelling = UnsafeBufferPointer(start: scratch + index * spellingSize, count: spellings.length(index))
                    let inLowerCase = index == spellings.count - 1
                    let accepted = withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.maximumSharps) { positions -> Bool in
                        var found = 0, start = 0
                        while found < Self.maximumSharps, let position = Self.find(Self.smallSS, 0..<2, in: spelling, from: start) {
                            positions[found] = position
                            found += 1
                            start = position + 2
                        }
                        guard found > 0 else { return false }
                        for mask in 1..<(1 << found) {
                            variant.update(from: spelling.baseAddress!, count: spelling.count)
                            for bit in 0..<found where mask >> bit & 1 != 0 {
                                variant[positions[bit]] = 0xC3
                                variant[positions[bit] + 1] = 0x9F
                            }
                            if mayBeFound(variant, spelling.count, index: -1, hidden: true) { return true }
                            if inLowerCase, mayJoin(variant, spelling.count) { return true }
                        }
                        return false
                    }
                    if accepted { return false }
                }
            }
            // Hunspell breaks the spelling its case switch ends with: a word in capitals or capitalised is then
            // capitalised and in lower case after its first letter (`spell_internal`).
            var broken = bytes
            if spellings.foldsCase {
                let out = scratch + 5 * spellingSize
                broken = UnsafeBufferPointer(start: out, count: CaseSpellings.capitalised(bytes, into: out))
            }
            return !breakingMayAccept(broken, asciiOnly: asciiOnly, depth: depth)
        }
    }

    /// Whether `word` (in lower case) can be cut into two or more parts of at least `minimum` scalars each, the first
    /// of which may begin a compound, the last end one and any other stand between (`parts`); false means Hunspell's
    /// compounding cannot accept any case spelling of it.
    ///
    /// `AffixMgr::compound_check` (1.7) accepts a word only as such parts, cut where it is written (no CHECKCOMPOUNDPATTERN
    /// or SIMPLIFIEDTRIPLE, which `build` refuses), at least COMPOUNDMIN scalars long (`setcminmax`): a first part
    /// found by `lookup`, `suffix_check` or `prefix_check` holding COMPOUNDBEGIN, the rest a last part found by `lookup`
    /// or `affix_check` holding COMPOUNDEND, or (recursively) a compound whose first part holds COMPOUNDMIDDLE. What
    /// else narrows the parts Hunspell joins (ONLYINCOMPOUND, COMPOUNDPERMITFLAG, NEEDAFFIX, the homonym it picks, cross
    /// products of a part's prefix) is ignored. The first parts are found first, then the last (a misspelled start or
    /// end settles it in about n probes for n scalars), then the cuts reached between: at most about n²/2 probes, one
    /// hash lookup each.
    private func compoundParts(_ word: UnsafeBufferPointer<UInt8>, minimum: Int) -> Bool {
        var scalars = 0
        for byte in word where byte & 0xC0 != 0x80 { scalars += 1 }
        guard scalars >= 2 * minimum else { return false }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (scalars + 1)) { memory -> Bool in
            // `starts[k]`: where scalar k starts (k == scalars: the end); `marks[k]`: bit 1, a last part starts there;
            // bit 2, parts reach there from the start.
            let starts = memory.baseAddress!, marks = starts + scalars + 1
            var scalar = 0
            for (position, byte) in word.enumerated() where byte & 0xC0 != 0x80 {
                starts[scalar] = position
                scalar += 1
            }
            starts[scalars] = word.count
            marks.initialize(repeating: 0, count: scalars + 1)
            func places(_ from: Int, _ to: Int) -> UInt8 {
                parts.places(UnsafeBufferPointer(rebasing: word[starts[from]..<starts[to]]))
            }
            var anyFirst = false
            for to in minimum...(scalars - minimum) where places(0, to) & CompoundPartTable.begins != 0 {
                marks[to] = 2
                anyFirst = true
            }
            guard anyFirst else { return false }
            var anyLast = false
            for cut in minimum...(scalars - minimum) where places(cut, scalars) & CompoundPartTable.ends != 0 {
                if marks[cut] & 2 != 0 { return true }
                marks[cut] |= 1
                anyLast = true
            }
            guard anyLast, scalars >= 3 * minimum else { return false }
            for from in minimum...(scalars - 2 * minimum) where marks[from] & 2 != 0 {
                for to in (from + minimum)...(scalars - minimum) {
                    // A cut already reached, from which no last part starts, gains nothing by being reached again.
                    guard marks[to] & 1 != 0 || (marks[to] & 2 == 0 && to <= scalars - 2 * minimum) else { continue }
                    guard places(from, to) & CompoundPartTable.middles != 0 else { continue }
                    if marks[to] & 1 != 0 { return true }
                    marks[to] |= 2
                }
            }
            return false
        }
    }

    /// Hunspell tries at most five `ss` as `ß` (`MAXSHARPS`).
    static let maximumSharps = 5
    static let capitalSS: [UInt8] = [0x53, 0x53]
    static let smallSS: [UInt8] = [0x73, 0x73]

    /// Whether Hunspell's word breaking might accept a word it did not accept whole: false when every break it
    /// tries has a side proven wrong.
    ///
    /// As `HunspellImpl::spell_internal` (1.7): with ten break points or more it refuses the word; a pattern
    /// `^p` (`p$`) breaks off `p` at the start (end) and asks about the rest; any pattern as written breaks at its
    /// first occurrence and, when there is one, at its second, only when the first is neither at the start nor
    /// at the end, and asks about both sides. `word` is the spelling it breaks, without trailing periods.
    private func breakingMayAccept(_ word: UnsafeBufferPointer<UInt8>, asciiOnly: Bool, depth: Int) -> Bool {
        guard !breakPatternEnds.isEmpty else { return false }
        let count = word.count
        var points = 0
        var patternStart = 0
        for end in breakPatternEnds {
            var start = 0
            while let found = Self.find(patternBytes, patternStart..<end, in: word, from: start) {
                points += 1
                start = found + (end - patternStart)
            }
            patternStart = end
        }
        if points >= Self.maximumHyphenatedParts { return false }
        func mayAccept(_ part: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
            !rejects(UnsafeBufferPointer(rebasing: part), asciiOnly: asciiOnly, depth: depth + 1)
        }
        patternStart = 0
        for end in breakPatternEnds {
            defer { patternStart = end }
            let length = end - patternStart
            guard length > 1, length <= count else { continue }
            if patternBytes[patternStart] == UInt8(ascii: "^"), Self.find(patternBytes, (patternStart + 1)..<end, in: word, from: 0) == 0,
               mayAccept(word[(length - 1)...]) {
                return true
            }
            if patternBytes[end - 1] == UInt8(ascii: "$"),
               Self.find(patternBytes, patternStart..<(end - 1), in: word, from: count - length + 1) == count - length + 1,
               mayAccept(word[..<(count - length + 1)]) {
                return true
            }
        }
        patternStart = 0
        for end in breakPatternEnds {
            defer { patternStart = end }
            let length = end - patternStart
            guard let first = Self.find(patternBytes, patternStart..<end, in: word, from: 0), first > 0, first < count - length else { continue }
            // A side proven wrong settles a break: the right side is asked first, as Hunspell does.
            if mayAccept(word[(first + length)...]) && mayAccept(word[..<first]) { return true }
            if let second = Self.find(patternBytes, patternStart..<end, in: word, from: first + 1), second < count - length,
               mayAccept(word[(second + length)...]) && mayAccept(word[..<second]) {
                return true
            }
        }
        return false
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

    /// The parts of a word Hunspell certainly accepts when it accepts every part: the pieces its word breaking asks
    /// about, at the one BREAK pattern the word holds (French `créez-le`, `i.e`, `TERMINAL-JOB-mode`), two to ten of
    /// them; nil when that argument does not hold for the word or the dictionary.
    ///
    /// As `HunspellImpl::spell_internal` (1.7) breaks a word it did not accept whole: a piece in capitals is broken
    /// capitalised and in lower case after its first letter (`CTRL-C` as `Ctrl` and `c`), any other as written; with
    /// two break points or more it asks about the text after the second and the text before it (`a-b-c` as `c` and
    /// `a-b`, which it breaks again), with one about both sides, and a piece whose break point is at an end (`-`, the
    /// right side of `r--`) only whole. That route accepts the word when every piece does, unless a word is forbidden
    /// (`Rules.acceptsHyphenatedParts`) or a piece has ten break points or more. Another pattern in the word, anchored
    /// or not, leaves it to Hunspell.
    func hyphenatedParts(_ word: String) -> [String]? {
        guard let rules, rules.acceptsHyphenatedParts else { return nil }
        for scalar in word.unicodeScalars where Self.caseKind(scalar) == nil { return nil }
        let bytes = Array(word.utf8)
        // Hunspell refuses long words outright, converts ICONV patterns and strips periods and spaces first.
        guard bytes.count < 100, bytes.last != UInt8(ascii: "."), !bytes.contains(UInt8(ascii: " ")) else { return nil }
        var separator: [UInt8]?
        for pattern in rules.breakPatterns where Self.contains(bytes, pattern) {
            guard separator == nil, pattern.first != UInt8(ascii: "^"), pattern.last != UInt8(ascii: "$") else { return nil }
            separator = pattern
        }
        guard let separator else { return nil }
        var parts: [String] = []
        guard brokenPieces(word, at: separator, rules: rules, into: &parts), parts.count >= 2 else { return nil }
        return parts
    }

    /// Appends to `parts` the pieces `spell` asks about when it breaks `piece` at `separator` (`hyphenatedParts`); false
    /// when the route cannot be followed here (ten break points or more, an ICONV or other BREAK pattern in a piece).
    private func brokenPieces(_ piece: String, at separator: [UInt8], rules: Rules, into parts: inout [String]) -> Bool {
        var capitals = false, lowerCase = false
        for scalar in piece.unicodeScalars {
            switch Self.caseKind(scalar) {
            case .upper: capitals = true
            case .lower: lowerCase = true
            default: break
            }
        }
        // `spell` asks about the piece as written, and breaks it in the case its own case switch ends with.
        let spelling = capitals && !lowerCase ? Self.initialCapital(Self.lower(piece)) : piece
        let bytes = Array(spelling.utf8)
        for pattern in rules.inputPatterns where Self.contains(bytes, pattern) { return false }
        for pattern in rules.breakPatterns where pattern != separator && Self.contains(bytes, pattern) { return false }
        var points: [Int] = []
        var position = 0
        while position + separator.count <= bytes.count {
            if bytes[position..<(position + separator.count)].elementsEqual(separator) {
                points.append(position)
                position += separator.count
            } else {
                position += 1
            }
        }
        guard points.count < Self.maximumHyphenatedParts else { return false }
        // `found > 0 && found < wl - plen`, then the second occurrence when it fits the same bounds.
        let fits = { (point: Int) in point > 0 && point < bytes.count - separator.count }
        guard let first = points.first, fits(first) else {
            parts.append(piece)
            return true
        }
        // The second occurrence is searched from the byte after the first (`find(pattern, found + 1)`).
        let second = bytes.withUnsafeBufferPointer { Self.find(separator, 0..<separator.count, in: $0, from: first + 1) }
        let cut = second.map(fits) == true ? second! : first
        let left = String(decoding: bytes[..<cut], as: UTF8.self)
        let right = String(decoding: bytes[(cut + separator.count)...], as: UTF8.self)
        return brokenPieces(left, at: separator, rules: rules, into: &parts)
            && brokenPieces(right, at: separator, rules: rules, into: &parts)
    }

    /// Whether Hunspell certainly accepts `word` as an elided form: an exact cross-product prefix that writes an
    /// apostrophe (Italian `dell'`, `l'A`) on a .dic stem, alone or with one exact cross-product suffix, each
    /// entry's flag on the stem or in the other's continuation classes (`AffixIndex.elided`); false means "not known
    /// here".
    ///
    /// The compiled form leaves those cross products out (`WordFormExpander.isElision`), so Italian text held
    /// Hunspell's only words. Each case spelling `spell` hands to `checkword` is tried, except the capitalised one
    /// of a capitalised word, where a hidden homonym found first would refuse it; under KEEPCASE one whose root
    /// `spell` refuses when it keeps case (`CaseSpellings.keepCaseChecked`) counts only when no derivation of it
    /// reaches a root holding KEEPCASE (French `L'invite` through `l'invite`; not `L'ampère`, as `ampère/||` keeps
    /// case), and not where the rules know no KEEPCASE flag; `rules.acceptsElided` says no other option can refuse
    /// what the lookup finds. Words with digits, periods, ICONV
    /// patterns, or of 100 bytes or more are left to Hunspell, as are two suffixes.
    func acceptsElided(_ word: String) -> Bool {
        guard let rules, rules.acceptsElided, !stems.tables.slots.isEmpty else { return false }
        var word = word
        return word.withUTF8 { bytes -> Bool in
            guard bytes.count < 100, bytes.contains(UInt8(ascii: "'")) else { return false }
            for byte in bytes where (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ".") { return false }
            var inputStart = breakPatternEnds.last ?? 0
            for end in inputPatternEnds {
                if Self.find(patternBytes, inputStart..<end, in: bytes, from: 0) != nil { return false }
                inputStart = end
            }
            let spellingSize = 4 * bytes.count + 1
            let derivationSize = affixes.scratchSize(forWordOf: spellingSize)
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6 * spellingSize + derivationSize) { buffer -> Bool in
                let scratch = buffer.baseAddress!
                guard let spellings = CaseSpellings(bytes, asciiOnly: rules.asciiOnly, into: scratch, stride: spellingSize) else {
                    return false
                }
                for index in 0..<spellings.count where spellings.hidden(index) {
                    let checked = rules.elisionKeepsCase && spellings.keepCaseChecked(index)
                    guard !checked || rules.keepCaseFlag != 0 else { continue }
                    let spelling = UnsafeBufferPointer(start: scratch + index * spellingSize, count: spellings.length(index))
                    guard affixes.elided(spelling, stems: stems, stripsWhole: rules.stripsWholeStems, scratch: scratch + 6 * spellingSize) else {
                        continue
                    }
                    // `spell` refuses the root `checkword` returns here when it keeps case: certain only when no
                    // derivation of the spelling reaches a root that does.
                    if !checked || !affixes.derivable(spelling, hidden: true, stems: stems, scratch: scratch + 6 * spellingSize,
                                                      filter: .holding(rules.keepCaseFlag), needAffix: needAffixFlag) {
                        return true
                    }
                }
                return false
            }
        }
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
    /// every mapping used here leaves it as it is; so are `ª` and `º`, lower-case letters for Unicode
    /// but without a case pair in its mappings or in Hunspell's tables (`utf_info.hxx`).
    static func caseKind(_ scalar: Unicode.Scalar) -> CaseKind? {
        let value = scalar.value
        // The ordinal indicators `ª` and `º` (French `nº`): Unicode gives them no case mapping, and Hunspell's tables
        // map each to itself both ways, so `get_captype_utf8` counts them neutral.
        if value == 0xDF || value == 0xAA || value == 0xBA { return .neutral }
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

    /// Whether a scalar, and every scalar Hunspell's case tables map it to, is one `caseKind` does not trust.
    ///
    /// Cased scalars of IPA Extensions, Spacing Modifier Letters, Greek and Coptic, Phonetic Extensions and
    /// their Supplement, Superscripts and Subscripts, Latin Extended-D, and the micro, script small l and ohm
    /// signs: Hunspell 1.7's tables (`utf_info.hxx`) map each of them in upper and lower case to itself or to
    /// a cased scalar outside the blocks `caseKind` trusts. A judged word holds none of them, and neither does
    /// any case spelling Hunspell makes of one, so a stem that holds one can never be the root of a judged
    /// word, whatever its hidden homonym is.
    static func staysUntrusted(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        let listed = (value >= 0x250 && value <= 0x2FF) || (value >= 0x370 && value <= 0x3FF)
            || (value >= 0x1D00 && value <= 0x1DBF) || (value >= 0x2070 && value <= 0x209F)
            || (value >= 0xA720 && value <= 0xA7FF) || value == 0xB5 || value == 0x2113 || value == 0x2126
        return listed && caseKind(scalar) == nil
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
