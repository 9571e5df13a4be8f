import Foundation

/// Decides from a dictionary's affix data when a lower-case form Hunspell accepts is accepted capitalised and in capitals too.
///
/// `HunspellImpl::spell` checks a capitalised or all-capitals word by
/// looking up its lower-case spelling with `checkword`, the same lookup that
/// accepted the lower-case form itself. That answer can differ only through
/// directives that look at case (FORBIDDENWORD entries spelled as a
/// variant, CHECKSHARPS, FORBIDWARN, Turkic case rules; KEEPCASE
/// on the entry the lookup finds, which the caller rules out per form: forms of
/// a KEEPCASE stem are asked), through rules that rewrite the word first
/// (IGNORE, ICONV and BREAK patterns: a word holding a pattern's
/// `patternWitness` is asked in every case, and a pattern with none turns
/// inferring off), or through case mappings Hunspell's tables make
/// differently (`RejectIndex.caseKind`). A dictionary with none of those
/// lets the compiler ask Hunspell once for a lower-case form instead of
/// three times. FORBIDDENWORD is allowed when the .dic is known
/// (`init(affixPath:wordsPath:)`): the spellings Hunspell forbids are then
/// those entries' stems and the forms their affixes give them, and a form
/// whose lower case one of them has is asked in every case (`checkword`
/// forbids only a word found as an entry, or derived from one, that carries
/// the flag). FORCEUCASE is allowed the same way: it refuses only a compound
/// whose last part carries it and that is not capitalised or in capitals, so a
/// capitalised or capitals spelling is refused no more often than the lower
/// case; a word ending in a form of such an entry is asked in every case
/// (`forcedCaseEndings`). Thread-safe (immutable).
struct CaseInference: Sendable {
    /// Whether the affix data allows inferring at all.
    let isEnabled: Bool
    /// Only ASCII words, and words of `provenLetters`, are inferred (8-bit dictionaries: their case tables are Hunspell's own).
    let asciiOnly: Bool
    /// Letters beyond ASCII an 8-bit dictionary's case tables are proven to map as ICU does (`provenEightBitLetters`).
    let provenLetters: Set<Unicode.Scalar>
    /// Witnesses of ICONV, IGNORE and BREAK patterns: a word holding one is asked in every case (see `patternWitness`).
    let witnesses: Set<Unicode.Scalar>
    /// The lower case of every .dic stem carrying FORBIDDENWORD: a form spelled so is asked in every case.
    let forbiddenSpellings: CompactStringSet
    /// The lower case of every form a hidden capitalised homonym may give: a capitalised form spelled so is asked.
    ///
    /// Hunspell adds to an entry in capitals with flags (`NASA/S`) or in
    /// mixed case (`McDonald`) a hidden capitalised copy with its flags and
    /// ONLYUPCASE (`Nasa`), which refuses a capitalised word its lookup finds
    /// through that copy first. Expanded from the copy and from the entry's lower case, with the entry's flags.
    let hiddenCapitalised: HiddenCapitalisedForms
    /// Every form of the .dic entries carrying FORCEUCASE, as written and in lower case: a word ending in one is asked.
    ///
    /// Hunspell tests FORCEUCASE only on a compound's last part, found by
    /// looking the word's ending up (`compound_check`); there a part's flag
    /// refuses the lower-case word and nothing else, but a capitalised or
    /// capitals spelling that passes it may meet a rule the lower case never
    /// reached. A word with no such ending reads the same in every spelling.
    /// Expanded from the entry as written, in lower case and capitalised
    /// (its hidden homonym), with every affix and no layer bound, including
    /// forms the expander leaves out as words (NEEDAFFIX, ONLYINCOMPOUND and
    /// CIRCUMFIX continuations, which compounds allow).
    let forcedCaseEndings: WordEndings

    /// Never infers: every spelling is asked.
    static let disabled = CaseInference(isEnabled: false, asciiOnly: true, witnesses: [])

    private init(isEnabled: Bool, asciiOnly: Bool, witnesses: Set<Unicode.Scalar>, forbiddenSpellings: CompactStringSet = [],
                 hiddenCapitalised: HiddenCapitalisedForms = HiddenCapitalisedForms(), provenLetters: Set<Unicode.Scalar> = [],
                 forcedCaseEndings: WordEndings = .none) {
        self.isEnabled = isEnabled
        self.asciiOnly = asciiOnly
        self.provenLetters = provenLetters
        self.witnesses = witnesses
        self.forbiddenSpellings = forbiddenSpellings
        self.hiddenCapitalised = hiddenCapitalised
        self.forcedCaseEndings = forcedCaseEndings
    }

    /// The inference the .aff file at `affixPath` allows; `disabled` when it cannot be read (FORBIDDENWORD turns it off).
    init(affixPath: String) {
        guard let data = FileManager.default.contents(atPath: affixPath) else { self = .disabled; return }
        self.init(affixBytes: [UInt8](data))
    }

    /// The inference a dictionary's .aff and .dic files allow; `disabled` when they cannot be read.
    ///
    /// Unlike `init(affixPath:)`, a FORBIDDENWORD flag leaves inferring on when
    /// no .dic line carrying it also carries an affix flag; the forbidden
    /// stems are then remembered (`forbiddenSpellings`). An 8-bit dictionary
    /// infers the words of the letters its case tables are proven to map as
    /// ICU does (`provenEightBitLetters`, which asks Hunspell), not ASCII
    /// words alone. The .dic also gives `hiddenCapitalised`.
    init(affixPath: String, wordsPath: String) {
        guard let data = FileManager.default.contents(atPath: affixPath) else { self = .disabled; return }
        let affixBytes = [UInt8](data)
        guard Self.scan(affixBytes).enabled else { self = .disabled; return }
        let affixes = AffixFile(bytes: affixBytes)
        self.init(affixBytes: affixBytes, affixes: affixes,
                  wordsText: WordFormExpander.dictionaryText(path: wordsPath, charset: affixes.charset))
    }

    /// `init(affixPath:wordsPath:)` from files already read: the .aff's bytes, those bytes parsed, and the decoded .dic
    /// (nil when it could not be read or decoded: then `disabled`).
    ///
    /// The compiler reads and parses each file once and shares them with the expander. `decided` is called once with
    /// `isEnabled` as soon as it is known, before the sets of the forbidden and hidden spellings are built.
    ///
    /// `expander`, an expander of `affixes`, lends its tables of affix entries to the inference's own (the compile's, built once).
    /// The text is released once its lines are read, before the sets are built (Mongolian's is 17 MB).
    init(affixBytes: [UInt8], affixes: AffixFile, wordsText: consuming String?, expander: WordFormExpander? = nil,
         decided: (Bool) -> Void = { _ in }) {
        let scan = Self.scan(affixBytes)
        var told = false
        let text = consume wordsText
        guard scan.enabled, text != nil,
              let entries = Self.scanEntries(affixes: affixes, text: (consume text)!, forbids: scan.forbids,
                                             forcesCase: scan.forcesCase, expander: expander,
                                             decided: { told = true; decided($0) }) else {
            if !told { decided(false) }
            self = .disabled
            return
        }
        let proven = scan.asciiOnly ? Self.provenEightBitLetters(charset: scan.charset) : []
        self.init(isEnabled: true, asciiOnly: scan.asciiOnly, witnesses: scan.witnesses, forbiddenSpellings: entries.forbidden,
                  hiddenCapitalised: entries.hidden, provenLetters: proven, forcedCaseEndings: entries.forcedCase)
    }

    /// Whether the .aff file at `affixPath` allows inferring at all (FORBIDDENWORD aside); false when it cannot be read.
    static func infersCase(affixPath: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: affixPath) else { return false }
        return scan([UInt8](data)).enabled
    }

    /// Whether the dictionary's .aff and .dic files allow inferring (`init(affixPath:wordsPath:)`'s `isEnabled`), reading
    /// the .dic only under FORBIDDENWORD, where its forbidden entries decide.
    static func infersCase(affixPath: String, wordsPath: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: affixPath) else { return false }
        return decidedByAffixes([UInt8](data)) ?? CaseInference(affixPath: affixPath, wordsPath: wordsPath).isEnabled
    }

    /// Whether the .aff bytes allow inferring when they alone decide it; nil under FORBIDDENWORD or FORCEUCASE, where the
    /// entries of the .dic decide (`init(affixBytes:affixes:wordsText:)`'s `isEnabled`).
    static func decidedByAffixes(_ affixBytes: [UInt8]) -> Bool? {
        let scan = scan(affixBytes)
        guard scan.enabled else { return false }
        return scan.forbids || scan.forcesCase ? nil : true
    }

    /// The inference the bytes of an .aff file allow (off under FORBIDDENWORD and FORCEUCASE: the entries carrying them
    /// are not known).
    init(affixBytes: [UInt8]) {
        let scan = Self.scan(affixBytes)
        self.init(isEnabled: scan.enabled && !scan.forbids && !scan.forcesCase, asciiOnly: scan.asciiOnly,
                  witnesses: scan.witnesses)
    }

    /// The lower case of the stems of the .dic lines carrying the FORBIDDENWORD flag and of every form their affix flags
    /// give them (`forbiddenSpellings`), and `hiddenCapitalised`; nil when those forms pass `forbiddenFormLimit` or a
    /// forbidden line carries an elision prefix's flag. Under FORCEUCASE, also the forms of the entries carrying it
    /// (`forcedCaseEndings`); nil when they pass `forbiddenFormLimit`, one carries an elision prefix's flag, or the
    /// .aff's flag could not be read.
    ///
    /// `decided` is called with true as soon as the answer is known not to be nil, before the sets of the forbidden and
    /// hidden spellings are built: the expansion of a dictionary under FORBIDDENWORD waits for that answer alone
    /// (`DictionaryCompiler.expandedForms`).
    private static func scanEntries(affixes: AffixFile, text: consuming String, forbids: Bool, forcesCase: Bool, expander: WordFormExpander?,
                                    decided: (Bool) -> Void)
        -> (forbidden: CompactStringSet, hidden: HiddenCapitalisedForms, forcedCase: WordEndings)? {
        let forbidden = forbids ? affixes.forbiddenWord : nil
        if forbids && forbidden == nil { return nil }
        let forced = forcesCase ? affixes.forceUpperCase : nil
        if forcesCase && forced == nil { return nil }
        let lines = readEntries(affixes: affixes, text: text, forbidden: forbidden, forced: forced)
        _ = consume text
        // One expander with no bounds, whose tables every expansion below shares.
        let unbounded = expander.map { WordFormExpander(sharingTablesOf: $0, maximumForms: .max, layerLimit: .max) }
            ?? WordFormExpander(affixes: affixes, maximumForms: .max, layerLimit: .max)
        let forbiddenAffixFlags = lines.forbidden.map { entry in
            FlagSet(entry.flags.flags.filter { affixes.prefixes[$0] != nil || affixes.suffixes[$0] != nil })
        }
        // An elision prefix is never crossed with suffixes by the expander: a forbidden or forced entry carrying one
        // leaves inferring off.
        for flags in forbiddenAffixFlags + lines.forced.map(\.flags) {
            for flag in flags.flags where affixes.prefixes[flag]?.allSatisfy(WordFormExpander.isElision) == true { return nil }
        }
        // The forbidden entries' forms are counted first, without keeping one: a dictionary past the limit is known
        // before any set is built (Hungarian's count stops at the million).
        if forbidden != nil, !forbiddenFormsFit(expander: unbounded, entries: zip(lines.forbidden, forbiddenAffixFlags).map { ($0.stem, $1) }) {
            return nil
        }
        var forcedForms = WordEndings.none
        if forced != nil {
            guard let forms = forcedCaseForms(affixes: affixes, entries: lines.forced) else { return nil }
            forcedForms = forms
        }
        decided(true)
        var spellings = CompactStringSet()
        var unboundedExpander = unbounded
        unboundedExpander.countsEveryForm = true
        for (entry, affixFlags) in zip(lines.forbidden, forbiddenAffixFlags) {
            spellings.insert(CaseVariants.lower(entry.stem))
            // Hunspell forbids every word its lookup derives from the entry too: each form the entry's affixes give it,
            // expanded as if it were not forbidden, with no layer bound (their count is within the limit).
            guard !affixFlags.isEmpty else { continue }
            unboundedExpander.expand(stem: Array(entry.stem.unicodeScalars), flags: affixFlags, limit: .max) { scalars, _, _, _ in
                var form = String.UnicodeScalarView()
                form.append(contentsOf: scalars)
                spellings.insert(CaseVariants.lower(String(form)))
            }
        }
        var hidden = HiddenCapitalisedForms.Builder(affixes: affixes, expander: unbounded)
        for entry in lines.hidden { hidden.add(stem: entry.stem, flags: entry.flags) }
        return (spellings, hidden.finished(), forcedForms)
    }

    /// The forms of the .dic entries carrying FORCEUCASE (`forcedCaseEndings`), as written, in lower case and capitalised,
    /// each also in lower case; nil when they pass `forbiddenFormLimit`.
    private static func forcedCaseForms(affixes: AffixFile, entries: [(stem: String, flags: FlagSet)]) -> WordEndings? {
        var forms = Set<String>()
        let expander = Self.everyDerivationExpander(affixes)
        for entry in entries {
            let lower = CaseVariants.lower(entry.stem)
            for spelling in Set([entry.stem, lower, CaseVariants.capitalised(lower)]) {
                forms.insert(spelling)
                forms.insert(CaseVariants.lower(spelling))
                let complete = expander.expand(stem: Array(spelling.unicodeScalars), flags: entry.flags,
                                               limit: Self.forbiddenFormLimit - forms.count) { scalars, _, _, _ in
                    var form = String.UnicodeScalarView()
                    form.append(contentsOf: scalars)
                    let written = String(form)
                    forms.insert(written)
                    forms.insert(CaseVariants.lower(written))
                }
                if !complete { return nil }
            }
        }
        return WordEndings(forms)
    }

    /// An expander that gives every form Hunspell's affix lookup may derive from a stem inside a compound: no layer bound,
    /// every form counted, and no form left out for NEEDAFFIX, ONLYINCOMPOUND, CIRCUMFIX or FORBIDDENWORD flags.
    private static func everyDerivationExpander(_ affixes: AffixFile) -> WordFormExpander {
        var relaxed = affixes
        relaxed.needAffix = nil
        relaxed.onlyInCompound = nil
        relaxed.circumfix = nil
        relaxed.forbiddenWord = nil
        var expander = WordFormExpander(affixes: relaxed, maximumForms: .max, layerLimit: .max)
        expander.countsEveryForm = true
        return expander
    }

    /// The .dic lines `scanEntries` reads, each list in the file's order.
    private struct EntryLines: Sendable {
        /// The stems and flags of the lines carrying the FORBIDDENWORD flag.
        var forbidden: [(stem: String, flags: FlagSet)] = []
        /// The stems and flags of the other lines whose stem may have a hidden capitalised homonym (`mayHaveHiddenCapitalised`).
        var hidden: [(stem: String, flags: FlagSet)] = []
        /// The stems and flags of the lines carrying the FORCEUCASE flag (also in one of the lists above when they qualify).
        var forced: [(stem: String, flags: FlagSet)] = []
    }

    /// The lines of `text` (a .dic file's) carrying the flag `forbidden` or `forced` (none when nil), and those whose stem
    /// may have a hidden capitalised homonym, read on every core.
    ///
    /// One pass for all: Mongolian's 574,000 lines were split and their flags
    /// read twice, on one core, while the expansion waited for the answer.
    private static func readEntries(affixes: AffixFile, text: String, forbidden: UInt32?, forced: UInt32?) -> EntryLines {
        let parts = WordFormExpander.mapLineRunsOnEveryCore(text) { run, firstOfFile -> EntryLines in
            var part = EntryLines()
            for line in entryLines(run, firstOfFile: firstOfFile) {
                let hasFlags = line.utf8.contains(0x2F)
                let mixedCase = Self.mayHaveHiddenCapitalised(line)
                guard ((forbidden != nil || forced != nil) && hasFlags) || mixedCase,
                      let (stem, flagText) = WordFormExpander.splitEntry(line) else { continue }
                let flags = flagText.map { affixes.flags($0) } ?? .empty
                if let forced, flags.contains(forced) { part.forced.append((stem, flags)) }
                if let forbidden, flags.contains(forbidden) {
                    part.forbidden.append((stem, flags))
                } else if mixedCase, !flags.contains(affixes.forbiddenWord) {
                    part.hidden.append((stem, flags))
                }
            }
            return part
        }
        var lines = EntryLines()
        for part in parts {
            lines.forbidden += part.forbidden
            lines.hidden += part.hidden
            lines.forced += part.forced
        }
        return lines
    }

    /// The most forms the forbidden .dic lines' affixes may give before inferring is left off: 1 million.
    ///
    /// Mongolian's 80 forbidden lines with affix flags give more than
    /// 100,000; Hungarian's 277 forbidden lines with more flags pass the
    /// million (a Hungarian stem gives hundreds of thousands of forms unbounded).
    static let forbiddenFormLimit = 1_000_000

    /// Whether the forms the affix flags of the forbidden entries (stems and their affix flags) give them number at most
    /// `forbiddenFormLimit`, expanded with no layer bound and stopped past it.
    private static func forbiddenFormsFit(expander unbounded: WordFormExpander, entries: [(stem: String, affixFlags: FlagSet)]) -> Bool {
        var expander = unbounded
        expander.countsEveryForm = true
        var count = 0
        for (stem, affixFlags) in entries where !affixFlags.isEmpty {
            let complete = expander.expand(stem: Array(stem.unicodeScalars), flags: affixFlags,
                                           limit: forbiddenFormLimit - count) { _, _, _, _ in count += 1 }
            if !complete { return false }
        }
        return true
    }

    /// The entry lines of (part of) a .dic text: split at line feeds (on bytes: splitting into Characters was most of a
    /// pass), a carriage return before one dropped, and the text's first line left out when it is the entry count.
    private static func entryLines(_ text: Substring, firstOfFile: Bool) -> some Sequence<Substring> {
        text.utf8.split(separator: 0x0A, omittingEmptySubsequences: true).lazy.enumerated().compactMap { index, bytes -> Substring? in
            var line = Substring(bytes)
            if line.utf8.last == 0x0D { line = line.dropLast() }
            if firstOfFile, index == 0, line.allSatisfy({ $0.isNumber || $0 == " " }) { return nil }
            return line
        }
    }

    /// Whether a .dic line's word has a capital after its first scalar (`NASA`, `McDonald`): Hunspell may add a hidden
    /// capitalised homonym for it (it does for an entry in mixed case, or in capitals with flags).
    private static func mayHaveHiddenCapitalised(_ line: Substring) -> Bool {
        var previous: Unicode.Scalar = " "
        for (offset, scalar) in line.unicodeScalars.enumerated() {
            if scalar == "/" && previous != "\\" && offset > 0 { return false }
            if scalar == "\t" || (scalar == " " && offset > 0) { return false }
            if offset > 0, scalar.isASCII ? (scalar.value >= 0x41 && scalar.value <= 0x5A) : scalar.properties.changesWhenLowercased {
                return true
            }
            previous = scalar
        }
        return false
    }

    /// What the .aff text allows: inferring at all, under a FORBIDDENWORD or FORCEUCASE flag or not, and the witnesses.
    private static func scan(_ affixBytes: [UInt8])
        -> (enabled: Bool, forbids: Bool, forcesCase: Bool, asciiOnly: Bool, charset: String, witnesses: Set<Unicode.Scalar>) {
        let charset = AffixFile.declaredCharset(affixBytes) ?? "ISO8859-1"
        guard let text = AffixFile.decode(affixBytes, charset: charset) else { return (false, false, false, true, charset, []) }
        // Matched as Hunspell matches keywords, by prefix. WARN alone changes no verdict (FORBIDWARN does).
        // CHECKCOMPOUNDCASE is not among them: it refuses only compounds (`cpdcase_check` in `compound_check`), and a
        // capitalised or capitals word Hunspell does not find as it is falls back to `checkword` on the lower-case spelling.
        // FORCEUCASE is not among them either: it refuses only lower-case compounds (`forcedCaseEndings`).
        let refused = ["CHECKSHARPS", "FORBIDWARN", "COMPLEXPREFIXES"]
        var enabled = true
        var forbids = false, forcesCase = false
        // The replacements of CHECKCOMPOUNDPATTERN lines (a third field), which rewrite a compound's junction before
        // its last part is looked up: matters only under FORCEUCASE, whose endings are then not the word's own.
        var replaced: [Substring] = []
        var breakHeaderSeen = false
        var witnesses = Set<Unicode.Scalar>()
        // Cut on bytes, one line at a time (a line feed or carriage return is a Character of its own; the array of
        // Hungarian's 2 MB .aff's lines was 2 MB of its compile's early peak), and a line that starts with no
        // keyword's capital skipped before any Character is compared: Korean's 11 MB of affix rules in Hangul jamo went
        // through Unicode normalization line by line, a fifth of its compile.
        lines: for line in TextLines(text) {
            guard let initial = line.utf8.first, Self.keywordInitials.contains(initial) else { continue }
            for keyword in refused where line.hasPrefix(keyword) { enabled = false; break lines }
            if line.hasPrefix("FORBIDDENWORD") { forbids = true }
            if line.hasPrefix("FORCEUCASE") { forcesCase = true }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            // Hunspell reads every field past the second as the replacement, a comment's `#` too (Dutch's patterns).
            if line.hasPrefix("CHECKCOMPOUNDPATTERN"), fields.count >= 4 { replaced.append(fields[3]) }
            // Turkic languages map `i` and `I` otherwise. Hungarian's own rules (LANG hu) concern dashes, which inferred
            // words never hold, and compounds, which the lower-case fallback checks in the same spelling.
            if line.hasPrefix("LANG"), fields.count >= 2 {
                let language = fields[1].lowercased()
                if ["tr", "az"].contains(where: { language.hasPrefix($0) }) || language.hasPrefix("crh") {
                    enabled = false
                    break
                }
            }
            if line.hasPrefix("BREAK"), fields.count >= 2 {
                if !breakHeaderSeen {
                    breakHeaderSeen = true
                } else if !fields[1].contains("-") {
                    // A pattern holding a hyphen applies only to words holding one, and those are never inferred;
                    // any other splits only a word holding its witness.
                    var pattern = fields[1]
                    if pattern.hasPrefix("^") { pattern = pattern.dropFirst() }
                    if pattern.hasSuffix("$") { pattern = pattern.dropLast() }
                    guard let witness = Self.patternWitness(pattern) else {
                        enabled = false
                        break
                    }
                    witnesses.insert(witness)
                }
            }
            // Split by scalars: a space and the combining mark after it (Ukrainian ignores U+0301) are one Character.
            let ignored = line.hasPrefix("IGNORE") ? line.unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" }) : []
            if ignored.count >= 2 {
                // Hunspell removes these from a word before looking at its case: a word holding none reads the same.
                for scalar in ignored[1] {
                    guard let witness = Self.patternWitness(Substring(String(scalar))) else {
                        enabled = false
                        break lines
                    }
                    witnesses.insert(witness)
                }
            }
            if line.hasPrefix("ICONV"), fields.count >= 3 {
                let patterns = fields[1...].prefix(2).joined()
                guard patterns.unicodeScalars.contains(where: { $0.properties.changesWhenCaseMapped }) else { continue }
                guard let witness = Self.patternWitness(fields[1]) else {
                    enabled = false
                    break
                }
                witnesses.insert(witness)
            }
        }
        if enabled, forcesCase {
            // A word holding no replacement's witness is looked up in its own endings.
            for pattern in replaced {
                guard let witness = Self.patternWitness(pattern) else { enabled = false; break }
                witnesses.insert(witness)
            }
        }
        return (enabled, forbids, forcesCase, !HunspellEngine.isUTF8(charset), charset, witnesses)
    }

    /// The first bytes of the keywords `scan` reads: C, F, L, B and I (CHECKSHARPS, COMPLEXPREFIXES, FORCEUCASE,
    /// FORBIDWARN, FORBIDDENWORD, LANG, BREAK, IGNORE, ICONV).
    private static let keywordInitials: Set<UInt8> = [0x43, 0x46, 0x4C, 0x42, 0x49]

    /// A scalar whose absence from a word `followsLowerCase` takes keeps `pattern` out of the word and its variants.
    ///
    /// Hunspell rewrites a word by ICONV, removes its IGNORE characters and
    /// splits it at BREAK patterns before or instead of looking at its case,
    /// so a word holding such a pattern is asked in every case (it holds the
    /// witness) and one holding none reads the same in all three spellings.
    /// Such a word holds caseless scalars and lower-case letters whose
    /// capitals map back to them; its variants hold those and their capitals.
    /// So a caseless scalar of the pattern, or a lower-case one (`a`, or a
    /// ligature such as `ﬁ`, which refuses the word itself), is in a variant
    /// only when it is in the word, and a capital (`A`) only when its lower
    /// case is, if that lower case has it as its capital: then the lower case
    /// is the witness. nil when the pattern has none (a title-case digraph,
    /// the Kelvin sign): inferring is then off for the dictionary.
    static func patternWitness(_ pattern: Substring) -> Unicode.Scalar? {
        // The rarest kind first: a caseless scalar or a letter that refuses the word anyway, then a lower-case letter
        // (`e` of French `e` + U+0301 would send every word with an `e` to Hunspell), then a capital's lower case.
        var lowerWitness: Unicode.Scalar?, capitalWitness: Unicode.Scalar?
        for scalar in pattern.unicodeScalars {
            let properties = scalar.properties
            if !properties.changesWhenCaseMapped { return scalar }
            if properties.changesWhenLowercased || properties.changesWhenTitlecased && !properties.changesWhenUppercased {
                // Scalars compared, not strings: `==` takes the Kelvin sign for `K`.
                let lower = CaseVariants.lower(String(scalar)).unicodeScalars
                if capitalWitness == nil, lower.count == 1, CaseVariants.upper(String(lower)).unicodeScalars.elementsEqual([scalar]) {
                    capitalWitness = lower.first
                }
                continue
            }
            let upper = CaseVariants.upper(String(scalar)).unicodeScalars
            if upper.count != 1 || !CaseVariants.lower(String(upper)).unicodeScalars.elementsEqual([scalar]) { return scalar }
            if lowerWitness == nil { lowerWitness = scalar }
        }
        return lowerWitness ?? capitalWitness
    }

    /// What `inferredVariants` learned of each scalar (its case mappings through ICU), kept by one thread for the words it infers.
    struct ScalarMemo {
        fileprivate var answers = ScalarByteMemo()

        init() {}
    }

    private static let refusedScalar: UInt8 = 1
    private static let lowerScalar: UInt8 = 2
    private static let changesInCapitals: UInt8 = 4

    /// The case spellings of `word` Hunspell certainly accepts once it accepted `word` as it is (`AcceptTable.capitalised`
    /// and `.upper` where they differ from `word`), or nil when `followsLowerCase(word)` is false and they must be asked.
    ///
    /// The same answer as `followsLowerCase`, found scalar by scalar: the
    /// scalars it takes (lower-case letters of blocks with plain case pairs,
    /// and caseless ones) map without context in ICU's root locale, so the
    /// word's round trip holds exactly when the round trip of each of its
    /// scalars does. `memo` keeps the mappings of every scalar seen, asked of
    /// ICU once, instead of four mappings of every word (a fifth of a Russian
    /// compile).
    ///
    /// `innerHyphens` takes a hyphen inside the word as a caseless scalar: only for a plain form
    /// (`PlainForms`), which Hunspell finds whole by its affix lookup, so its capitalised and
    /// capitals spellings reach that same lookup in lower case before any BREAK applies.
    ///
    /// `capitalisedForm` asks about the form that is `word` with its first scalar in capitals (`word` is its
    /// lower case): only `AcceptTable.upper` can then be given, when a scalar after the first changes in capitals.
    func inferredVariants(_ word: String, memo: inout ScalarMemo, innerHyphens: Bool = false,
                          capitalisedForm: Bool = false) -> UInt8? {
        guard isEnabled else { return nil }
        if !forbiddenSpellings.isEmpty, forbiddenSpellings.contains(word) { return nil }
        if forcedCaseEndings.endsAny(word) { return nil }
        var sawLower = false, first = true
        var variants: UInt8 = 0
        for scalar in word.unicodeScalars {
            if innerHyphens, scalar == "-", !first {
                continue
            }
            let answer = memo.answers.value(scalar, scalarAnswer)
            if answer & Self.refusedScalar != 0 { return nil }
            if answer & Self.lowerScalar != 0 { sawLower = true }
            if answer & Self.changesInCapitals != 0, !(capitalisedForm && first) {
                variants |= AcceptTable.upper
                if first { variants |= AcceptTable.capitalised }
            }
            first = false
        }
        return sawLower ? variants : nil
    }

    /// `followsLowerCase`'s conditions on one scalar, and whether its capital differs from it.
    private func scalarAnswer(_ scalar: Unicode.Scalar) -> UInt8 {
        if asciiOnly && !scalar.isASCII && !provenLetters.contains(scalar) { return Self.refusedScalar }
        if !witnesses.isEmpty, witnesses.contains(scalar) { return Self.refusedScalar }
        var answer: UInt8 = 0
        switch RejectIndex.caseKind(scalar) {
        case .lower: answer = Self.lowerScalar
        case .neutral: if scalar == "." || scalar == "-" { return Self.refusedScalar }
        default: return Self.refusedScalar
        }
        let text = String(scalar), upper = CaseVariants.upper(text)
        guard upper.unicodeScalars.count == 1, CaseVariants.lower(upper) == text else { return Self.refusedScalar }
        if upper != text { answer |= Self.changesInCapitals }
        return answer
    }

    /// Whether Hunspell, having accepted `word` as it is, certainly accepts its capitalised and all-capitals spellings.
    ///
    /// True only for a word of lower-case letters and neutral characters
    /// (no period, no hyphen: abbreviations and word breaking take other
    /// paths) whose variants map back to it exactly.
    func followsLowerCase(_ word: String) -> Bool {
        guard isEnabled else { return false }
        if !forbiddenSpellings.isEmpty, forbiddenSpellings.contains(word) { return false }
        if forcedCaseEndings.endsAny(word) { return false }
        var sawLower = false
        for scalar in word.unicodeScalars {
            if asciiOnly && !scalar.isASCII && !provenLetters.contains(scalar) { return false }
            if !witnesses.isEmpty, witnesses.contains(scalar) { return false }
            switch RejectIndex.caseKind(scalar) {
            case .lower: sawLower = true
            case .neutral: if scalar == "." || scalar == "-" { return false }
            default: return false
            }
        }
        guard sawLower else { return false }
        let capitalised = CaseVariants.capitalised(word), upper = CaseVariants.upper(word)
        let count = word.unicodeScalars.count
        return capitalised.unicodeScalars.count == count && upper.unicodeScalars.count == count
            && CaseVariants.lowerFirst(capitalised) == word && CaseVariants.lower(upper) == word
    }
}
