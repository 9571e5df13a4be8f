import Foundation

/// Expands a Hunspell dictionary into every surface form its affix rules allow (the unmunch job).
///
/// Forms come from each .dic stem with its suffixes (and a second suffix
/// layer through continuation classes), its prefixes, and prefix + suffix
/// cross products. Forbidden stems and forms are left out; NEEDAFFIX and
/// ONLYINCOMPOUND stems give only their affixed forms; NOSUGGEST stems and
/// affixes give forms marked not suggestible. Compounds are not generated,
/// nor are an elision prefix's forms on suffixed words (`isElision`: Italian
/// `dell'`, French `qu'`): those cross products were 81-89% of the Italian and
/// French forms (37 and 3.2 million), so a word that holds one is left to
/// Hunspell, as a compound is. Nor, past `layerLimit`, is a stem's
/// second-suffix, prefix, suffix or crossed layer (`Layers`): Galician verbs
/// take 10,000-15,000 forms each through clitic classes on their endings,
/// Hebrew stems about 400 particle prefixes each, Hungarian stems thousands
/// of suffixes, and those words too are left to Hunspell.
struct WordFormExpander {
    /// One generated word.
    struct Form: Sendable, Equatable {
        var word: String
        /// False for NOSUGGEST words: accepted, but never offered.
        var suggestible: Bool
        /// A KEEPCASE flag is on its stem or affixes: Hunspell may refuse it capitalised or in capitals.
        var keepsCase = false
    }

    let affixes: AffixFile
    /// Past this many forms only stems are added, so a dictionary with
    /// explosive affix rules (Hungarian, Finnish) cannot exhaust memory.
    let maximumForms: Int
    /// A stem whose second suffixes, or whose prefixes alone, would give it more forms than this gets none of that layer
    /// (its suffixes and crossed forms have limits 4 and 64 times this: `layers(of:flags:prefixFlags:crossingFlags:)`).
    let layerLimit: Int
    /// The most forms asked in three spellings (`FormBudget.isAsked`) one stem may give; its forms stop at that many.
    ///
    /// `.max` but for a dictionary whose forms past its layer bounds still
    /// pass `FormBudget.askedForms` (Hungarian): `FormBudget.stemLimit` chooses it.
    var stemFormLimit = Int.max
    /// Whether `stemFormLimit` counts every form, not only those asked in three spellings (`FormBudget.everyFormLimit`).
    var countsEveryForm = false
    /// The most forms one stem's second-suffix or prefix layer may give in a compiled form (`layerLimit`).
    ///
    /// The most any Czech, Spanish, Portuguese or Italian stem gets is 12
    /// second-suffix forms and 60 prefixed ones, so their forms are all
    /// compiled; Galician's and Hebrew's cross products stay Hunspell's.
    static let compiledLayerLimit = 256

    /// The affix entries of each flag, by the scalar at a word's edge.
    private let suffixGroups: [UInt32: AffixGroup]
    private let prefixGroups: [UInt32: AffixGroup]
    /// Prefix flags whose every entry elides (`isElision`): applied to stems only, never crossed with suffixes.
    private let elisionFlags: Set<UInt32>
    /// Per suffix flag, how many second-suffix entries its entries' continuation classes name: a bound on the layer.
    private let secondSuffixEntries: [UInt32: Int]
    /// Which forms are plain (`FormList.isPlain`): Hunspell certainly accepts them as they are.
    let plainForms: PlainForms

    /// An expander of `affixes`' forms; `layerLimit` (none by default) bounds a stem's second-suffix and prefix layers.
    init(affixes: AffixFile, maximumForms: Int = 2_000_000, layerLimit: Int = .max) {
        self.affixes = affixes
        self.maximumForms = maximumForms
        self.layerLimit = layerLimit
        secondSuffixEntries = affixes.suffixes.mapValues { entries in
            entries.reduce(0) { sum, entry in
                sum + entry.continuation.flags.reduce(0) { $0 + (affixes.suffixes[$1]?.count ?? 0) }
            }
        }
        suffixGroups = affixes.suffixes.mapValues(AffixGroup.init)
        prefixGroups = affixes.prefixes.mapValues(AffixGroup.init)
        elisionFlags = Set(affixes.prefixes.compactMap { flag, entries in entries.allSatisfy(Self.isElision) ? flag : nil })
        plainForms = PlainForms(affixes: affixes)
    }

    /// An expander of `other`'s affixes with other bounds, sharing its tables of affix entries instead of building them again.
    ///
    /// Korean's 98,000 affix entries are 11 MB of such tables an expander; the
    /// compile's expansion and its case inference used to build three copies at once.
    init(sharingTablesOf other: WordFormExpander, maximumForms: Int, layerLimit: Int = .max) {
        affixes = other.affixes
        self.maximumForms = maximumForms
        self.layerLimit = layerLimit
        secondSuffixEntries = other.secondSuffixEntries
        suffixGroups = other.suffixGroups
        prefixGroups = other.prefixGroups
        elisionFlags = other.elisionFlags
        plainForms = other.plainForms
    }

    /// Whether a prefix entry writes an apostrophe (`l'`, `dell'A`, `qu’`): an article, pronoun or conjunction elided onto the word.
    ///
    /// Such a prefix multiplies every form of the words it takes (Italian has
    /// flags of 150 entries: `l'`, `dell'`, `sull'`... each also with the next
    /// letter capitalised), and the text that holds them is few distinct words.
    static func isElision(_ entry: AffixEntry) -> Bool {
        entry.kind == .prefix && entry.add.contains { $0 == "'" || $0 == "\u{2019}" }
    }

    /// Every form of the dictionary at `info`, up to `maximumForms`, each stem's layers bounded by `layerLimit`; empty when
    /// its files cannot be read.
    ///
    /// The in-memory guesser keeps the default budget; the compiler passes `Int.max` (no dictionary stops at a cap).
    static func forms(of info: DictionaryInfo, maximumForms: Int = 2_000_000, layerLimit: Int = compiledLayerLimit) -> [Form] {
        formList(of: info, maximumForms: maximumForms, layerLimit: layerLimit).forms
    }

    /// Every form of the dictionary at `info` as UTF-8 bytes, up to `maximumForms`, each stem's layers bounded by
    /// `layerLimit`; empty when its files cannot be read.
    ///
    /// With no cap and the layers bounded, a dictionary whose case spellings are not inferred keeps its forms asked in
    /// three spellings within `askedFormBudget` (`FormBudget`).
    static func formList(of info: DictionaryInfo, maximumForms: Int = 2_000_000, layerLimit: Int = compiledLayerLimit,
                         askedFormBudget: Int = FormBudget.askedForms) -> FormList {
        guard let data = FileManager.default.contents(atPath: info.affixPath) else { return FormList() }
        let affixBytes = [UInt8](data)
        let affixes = AffixFile(bytes: affixBytes)
        guard let text = dictionaryText(path: info.wordsPath, charset: affixes.charset) else { return FormList() }
        return formList(affixes: affixes, dictionaryText: text, maximumForms: maximumForms, layerLimit: layerLimit,
                        askedFormBudget: askedFormBudget) {
            CaseInference.decidedByAffixes(affixBytes)
                ?? CaseInference(affixBytes: affixBytes, affixes: affixes, wordsText: text).isEnabled
        }
    }

    /// `formList(of:maximumForms:layerLimit:askedFormBudget:)` of a parsed .aff and its decoded .dic text; `inferring`
    /// says whether the dictionary's case spellings are inferred (`CaseInference.isEnabled`).
    ///
    /// `inferring` is called at most once, before any form is expanded, and only with no cap and the layers bounded:
    /// the compiler answers it with the inference it builds anyway, so one is built, not two.
    static func formList(affixes: AffixFile, dictionaryText text: consuming String, maximumForms: Int, layerLimit: Int,
                         askedFormBudget: Int, sharingTablesOf shared: WordFormExpander? = nil, inferring: () -> Bool) -> FormList {
        var expander = shared.map { WordFormExpander(sharingTablesOf: $0, maximumForms: maximumForms, layerLimit: layerLimit) }
            ?? WordFormExpander(affixes: affixes, maximumForms: maximumForms, layerLimit: layerLimit)
        guard maximumForms == .max, layerLimit < .max else { return expander.expandAll(dictionaryText: consume text, tally: nil) }
        // A dictionary whose every form is asked three times keeps its forms within a budget of those questions: they are
        // tallied as they are expanded, and only when they pass it are the stems counted and the expansion made again.
        let inferring = inferring()
        // An inferring dictionary's forms past any count a compile can ask or hold (Arabic's): each stem keeps its first forms.
        if inferring {
            let limit = FormBudget.everyFormLimit(expander: expander, dictionaryText: text)
            if limit < .max {
                expander.countsEveryForm = true
                expander.stemFormLimit = limit
                return expander.expandAll(dictionaryText: consume text, tally: nil)
            }
        }
        let tally = inferring ? nil : FormBudget.Tally(budget: askedFormBudget)
        // A sample of the lines past the budget alone: the forms would be expanded only to be thrown away.
        if tally != nil, FormBudget.sampleExceeds(expander: expander, dictionaryText: text, budget: askedFormBudget) {
            expander.stemFormLimit = FormBudget.stemLimit(expander: expander, dictionaryText: text, budget: askedFormBudget)
            return expander.expandAll(dictionaryText: consume text, tally: nil)
        }
        let list = expander.expandAll(dictionaryText: copy text, tally: tally)
        guard let tally, tally.passed else { return list }
        _ = consume list
        expander.stemFormLimit = FormBudget.stemLimit(expander: expander, dictionaryText: text, budget: askedFormBudget)
        return expander.expandAll(dictionaryText: consume text, tally: nil)
    }

    /// The text of the .dic file at `path` decoded from `charset` (the .aff's `SET`); nil when it cannot be read or decoded.
    ///
    /// The file's bytes are freed on return: only the text stays (Mongolian's .dic is 17 MB).
    static func dictionaryText(path: String, charset: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return AffixFile.decode([UInt8](data), charset: charset)
    }

    /// Every form of a .dic file's text: on every core when there is no cap and the text is large (no run of lines then
    /// depends on another's count); stopped early once `tally` has passed its budget.
    private func expandAll(dictionaryText text: consuming String, tally: FormBudget.Tally?) -> FormList {
        if maximumForms == .max, text.utf8.count >= Self.everyCoreBytes { return expandOnEveryCore(dictionaryText: consume text, tally: tally) }
        var list = FormList()
        expand(lines: text[...], firstOfFile: true, into: &list, tally: tally)
        return list
    }

    /// Every form of the stems in a .dic file's text, as `expand(dictionaryText:into:)` gives them with no cap, expanded in
    /// runs of whole lines on every core and joined in the file's order.
    ///
    /// The list is the same, form for form: a stem's forms depend on its line
    /// alone. Expanding was a fifth of a Portuguese compile (10.5 million forms), on one core.
    ///
    /// The text is let go once the runs are expanded, before they are joined (the caller hands it over to free it there:
    /// Mongolian's is 17 MB).
    func expandOnEveryCore(dictionaryText text: consuming String, tally: FormBudget.Tally? = nil) -> FormList {
        var parts = Self.mapLineRunsOnEveryCore(text) { lines, firstOfFile in
            var part = FormList()
            expand(lines: lines, firstOfFile: firstOfFile, into: &part, tally: tally)
            return part
        }
        _ = consume text
        var list = FormList()
        list.reserveCapacity(forms: parts.reduce(0) { $0 + $1.count }, bytes: parts.reduce(0) { $0 + $1.bytes.count })
        for index in parts.indices {
            // Each run is freed once it is copied, and its memory given back (it sits in its thread's arena), so the list
            // and the runs are about one list in memory.
            list.append(contentsOf: parts[index])
            let large = parts[index].bytes.count >= Self.everyCoreBytes / 4
            parts[index] = FormList()
            if large { AllocatorTrim.releaseFreeMemory() }
        }
        return list
    }

    /// `body`'s result for each run of whole lines of a .dic file's text (about four runs a core; the flag says whether
    /// the run starts the file, with its count line), computed on every core and given in the file's order.
    static func mapLineRunsOnEveryCore<Result: Sendable>(_ text: String, _ body: @Sendable (Substring, Bool) -> Result) -> [Result] {
        let runs = lineRuns(text, count: max(1, ProcessInfo.processInfo.activeProcessorCount) * 4)
        let results = Locked([Result?](repeating: nil, count: runs.count))
        DispatchQueue.concurrentPerform(iterations: runs.count) { index in
            let result = body(runs[index], index == 0)
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// The smallest .dic text (in UTF-8 bytes) expanded on every core: 3 MiB (Czech, Portuguese, Hebrew, Galician and
    /// Ukrainian are larger; English, German and French smaller).
    ///
    /// A small dictionary gains nothing from more cores and its peak grows
    /// (measured: en_US's compile peaked at 56 MB instead of 48, 3.3x its
    /// compiled file instead of 2.9x, in the same time).
    static let everyCoreBytes = 3 << 20

    /// `text` cut into about `count` runs of whole lines (each cut just after a line feed), in order.
    static func lineRuns(_ text: String, count: Int) -> [Substring] {
        let utf8 = text.utf8
        let total = utf8.count
        var runs: [Substring] = []
        var start = utf8.startIndex
        for part in 1..<max(count, 1) {
            let target = utf8.index(utf8.startIndex, offsetBy: total * part / count)
            guard target > start, let feed = utf8[target...].firstIndex(of: 0x0A) else { continue }
            let cut = utf8.index(after: feed)
            runs.append(text[start..<cut])
            start = cut
        }
        runs.append(text[start...])
        return runs
    }

    /// Every form of the stems in a .dic file's text (the first line, a count, is skipped).
    func expand(dictionaryText text: String) -> [Form] {
        var list = FormList()
        expand(dictionaryText: text, into: &list)
        return list.forms
    }

    /// Appends every form of the stems in a .dic file's text to `list` (the first line, a count, is skipped).
    func expand(dictionaryText text: String, into list: inout FormList) {
        expand(lines: text[...], firstOfFile: true, into: &list)
    }

    /// Appends every form of the stems in some of a .dic file's lines to `list` (its first line, a count, is skipped).
    /// With a `tally`, the forms asked in three spellings are added to it as they go, and the lines stop once it has passed
    /// its budget.
    private func expand(lines text: Substring, firstOfFile: Bool, into list: inout FormList, tally: FormBudget.Tally? = nil) {
        // Room for many forms a line, unless each stem keeps at most a few (`everyFormLimit`: Mongolian keeps one, and
        // the reserve of 4 bytes of forms a byte of text was 112 MB of its heap's peak).
        let perLine = countsEveryForm ? min(stemFormLimit, 4) : 4
        let lines = perLine < 4 ? text.utf8.count { $0 == 0x0A } + 1 : text.utf8.count
        list.reserveCapacity(forms: min(text.utf8.count / 2, lines * perLine, maximumForms), bytes: text.utf8.count * perLine)
        var first = firstOfFile
        var asked = 0
        defer { if let tally { _ = tally.add(asked) } }
        for line in TextLines(text) {
            if let tally, asked >= 4096 {
                if tally.add(asked) { asked = 0; return }
                asked = 0
            }
            if first {
                first = false
                if line.allSatisfy({ $0.isNumber || $0 == " " }) { continue }
            }
            guard let (stem, flagText) = Self.splitEntry(line) else { continue }
            let flags = flagText.map { affixes.flags($0) } ?? .empty
            if list.count < maximumForms {
                let scalars = Array(stem.unicodeScalars)
                let plain = plainForms.isPlainStem(line: line, stem: scalars, flags: flags)
                expand(stem: scalars, flags: flags, plainStem: plain) {
                    list.append($0, suggestible: $1, keepsCase: $2, plain: $3)
                    if tally != nil, FormBudget.isAsked($0) { asked += 1 }
                }
            } else if !flags.contains(affixes.forbiddenWord), !flags.contains(affixes.needAffix),
                      !flags.contains(affixes.onlyInCompound) {
                list.append(stem, suggestible: !flags.contains(affixes.noSuggest), keepsCase: flags.contains(affixes.keepCase))
            }
        }
    }

    /// A .dic line's word (unescaped) and its flag field.
    ///
    /// Read as a walk by Characters reads it: a backslash before a slash
    /// writes a slash, a slash after some of the word starts the flags (up to
    /// a space or a tab), a tab or a space after some of the word ends it,
    /// each only as a Character of its own (a space and the combining mark
    /// after it are one, and part of the word). Those are found by their bytes,
    /// and only there is a Character asked for (`isCharacterOfItsOwn`): a walk
    /// by Characters was a tenth of a Mongolian compile.
    static func splitEntry(_ line: Substring) -> (String, Substring?)? {
        let bytes = line.utf8
        var wordBytes: [UInt8] = []
        wordBytes.reserveCapacity(bytes.count)
        var flags: Substring?
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index], next = bytes.index(after: index)
            guard byte == 0x5C || byte == 0x2F || byte == 0x09 || byte == 0x20, isCharacterOfItsOwn(line, index) else {
                wordBytes.append(byte)
                index = next
                continue
            }
            if byte == 0x5C, next < bytes.endIndex, bytes[next] == 0x2F, isCharacterOfItsOwn(line, next) {
                wordBytes.append(0x2F)
                index = bytes.index(after: next)
                continue
            }
            if byte == 0x2F, !wordBytes.isEmpty {
                var end = next
                while end < bytes.endIndex, !((bytes[end] == 0x20 || bytes[end] == 0x09) && isCharacterOfItsOwn(line, end)) {
                    end = bytes.index(after: end)
                }
                flags = line[next..<end]
                break
            }
            if byte == 0x09 || (byte == 0x20 && !wordBytes.isEmpty) { break }
            wordBytes.append(byte)
            index = next
        }
        let word = String(decoding: wordBytes, as: UTF8.self)
        // A word that starts and ends with a letter (almost every one) has nothing to trim: Foundation's trimming, which
        // bridges the word to NSString, was a tenth of a Mongolian compile.
        if let first = word.unicodeScalars.first, let last = word.unicodeScalars.last,
           Self.isNeverWhitespace(first), Self.isNeverWhitespace(last) {
            return (word, flags)
        }
        let trimmed = word.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : (trimmed, flags)
    }

    /// Whether the ASCII byte at `index` of `line` is a Character of its own there, as a walk by Characters from the
    /// line's start reads it.
    ///
    /// Only a scalar beyond ASCII can join one: a Prepend one before it, or
    /// an extending one after it (a combining mark). Between ASCII bytes (or
    /// an edge of the line) it stands alone; elsewhere the Characters around
    /// it are asked.
    @inline(__always)
    private static func isCharacterOfItsOwn(_ line: Substring, _ index: String.Index) -> Bool {
        let bytes = line.utf8
        let next = bytes.index(after: index)
        if (next == bytes.endIndex || bytes[next] < 0x80) && (index == bytes.startIndex || bytes[bytes.index(before: index)] < 0x80) {
            return true
        }
        let end = line.index(after: index)
        return end == next && line.index(before: end) == index
    }

    /// Whether `scalar` is in no Unicode version's whitespace (`CharacterSet.whitespaces`: Zs and tab): a letter, or a
    /// visible ASCII character.
    @inline(__always)
    private static func isNeverWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value > 0x20 && scalar.value < 0x7F : scalar.properties.isAlphabetic
    }

    /// Calls `emit` with every form of one stem: its scalars, whether it may be suggested, whether a KEEPCASE flag is on it,
    /// and whether it is plain (`PlainForms`: only when `plainStem` says the stem's line is).
    ///
    /// The scalars passed are a buffer reused for the next form: copy what must outlive the call. The forms stop at
    /// `stemFormLimit` asked ones.
    func expand(stem root: [Unicode.Scalar], flags: FlagSet, plainStem: Bool = false,
                emit: ([Unicode.Scalar], Bool, Bool, Bool) -> Void) {
        expand(stem: root, flags: flags, plainStem: plainStem, limit: stemFormLimit, emit: emit)
    }

    /// `expand(stem:flags:plainStem:emit:)` with the forms stopping at `limit` asked ones (`FormBudget.isAsked`);
    /// false when it stopped there, leaving out forms the rules allow.
    ///
    /// The forms given are the first of the unbounded order, so a smaller limit gives a prefix of a larger one's.
    @discardableResult
    func expand(stem root: [Unicode.Scalar], flags: FlagSet, plainStem: Bool = false, limit: Int,
                emit: ([Unicode.Scalar], Bool, Bool, Bool) -> Void) -> Bool {
        if flags.contains(affixes.forbiddenWord) { return true }
        var asked = 0, complete = true
        let suggestible = !flags.contains(affixes.noSuggest)
        let forbidden = affixes.forbiddenWord, noSuggest = affixes.noSuggest, keepCase = affixes.keepCase
        let stemKeepsCase = flags.contains(keepCase)
        // One buffer per depth of affixing, so no form allocates.
        var suffixed: [Unicode.Scalar] = [], twice: [Unicode.Scalar] = [], prefixed: [Unicode.Scalar] = []
        var crossed: [Unicode.Scalar] = []
        func output(_ scalars: [Unicode.Scalar], _ first: FlagSet, _ second: FlagSet? = nil, _ third: FlagSet? = nil,
                    plain: Bool = false) {
            if !complete || first.contains(forbidden) || second?.contains(forbidden) == true
                || third?.contains(forbidden) == true { return }
            if limit < .max, countsEveryForm || FormBudget.isAsked(scalars) {
                guard asked < limit else { complete = false; return }
                asked += 1
            }
            let hidden = first.contains(noSuggest) || second?.contains(noSuggest) == true || third?.contains(noSuggest) == true
            let keepsCase = stemKeepsCase || (keepCase != nil && (first.contains(keepCase)
                || second?.contains(keepCase) == true || third?.contains(keepCase) == true))
            emit(scalars, suggestible && !hidden, keepsCase, plain && plainForms.isPlainWord(scalars))
        }
        func standsAlone(_ continuation: FlagSet) -> Bool {
            !continuation.contains(affixes.needAffix) && !continuation.contains(affixes.onlyInCompound)
                && !continuation.contains(affixes.circumfix)
        }

        if !flags.contains(affixes.needAffix), !flags.contains(affixes.onlyInCompound) {
            output(root, .empty, plain: plainStem)
        }

        let prefixFlags = flags.flags.filter { affixes.prefixes[$0] != nil }
        // Elision prefixes go on the stem alone (below), not on suffixed forms.
        let crossingFlags = prefixFlags.filter { !elisionFlags.contains($0) }
        let layers = layers(of: root, flags: flags, prefixFlags: prefixFlags, crossingFlags: crossingFlags)
        for flag in flags.flags where layers.contains(.suffixes) {
            guard let group = suffixGroups[flag] else { continue }
            for suffix in group.candidates(for: root, kind: .suffix) where suffix.applies(to: root) {
                guard complete else { return false }
                suffix.apply(to: root, into: &suffixed)
                let cont = suffix.continuation
                let plainSuffix = plainStem && plainForms.isPlain(suffix)
                let plainBesideAnother = plainStem && plainForms.isPlainBesideAnother(suffix)
                if standsAlone(cont) { output(suffixed, cont, plain: plainSuffix) }
                // A second suffix through the first one's continuation classes.
                for second in cont.flags where layers.contains(.secondSuffixes) {
                    guard let secondGroup = suffixGroups[second] else { continue }
                    for outer in secondGroup.candidates(for: suffixed, kind: .suffix) where outer.applies(to: suffixed) {
                        guard complete else { return false }
                        outer.apply(to: suffixed, into: &twice)
                        if standsAlone(outer.continuation) && !cont.contains(affixes.circumfix) {
                            output(twice, cont, outer.continuation, plain: plainBesideAnother && plainForms.isPlain(outer))
                        }
                        guard suffix.crossProduct, outer.crossProduct, layers.isSuperset(of: [.prefixes, .crossed]) else { continue }
                        for prefixFlag in crossingFlags {
                            for prefix in prefixGroups[prefixFlag]!.candidates(for: twice, kind: .prefix)
                            where prefix.crossProduct && prefix.applies(to: twice) {
                                if prefix.continuation.contains(affixes.circumfix) != cont.contains(affixes.circumfix) { continue }
                                if prefix.continuation.contains(affixes.needAffix) || prefix.continuation.contains(affixes.onlyInCompound) { continue }
                                prefix.apply(to: twice, into: &crossed)
                                output(crossed, cont, outer.continuation, prefix.continuation)
                            }
                        }
                    }
                }
                guard suffix.crossProduct, layers.isSuperset(of: [.prefixes, .crossed]) else { continue }
                // Prefixes of the stem, or ones the suffix allows through its continuation classes.
                for (index, prefixFlag) in (crossingFlags + cont.flags).enumerated() {
                    if index >= crossingFlags.count, affixes.prefixes[prefixFlag] == nil || prefixFlags.contains(prefixFlag)
                        || elisionFlags.contains(prefixFlag) { continue }
                    for prefix in prefixGroups[prefixFlag]!.candidates(for: suffixed, kind: .prefix)
                    where prefix.crossProduct && prefix.applies(to: suffixed) {
                        let circumfixed = cont.contains(affixes.circumfix)
                        if prefix.continuation.contains(affixes.circumfix) != circumfixed { continue }
                        if prefix.continuation.contains(affixes.onlyInCompound) || cont.contains(affixes.onlyInCompound) { continue }
                        prefix.apply(to: suffixed, into: &crossed)
                        // Crossed through the stem's own prefix flag: Hunspell's cross-product lookup finds it, with a
                        // NEEDAFFIX suffix too (`isPlainBesideAnother`).
                        output(crossed, cont, prefix.continuation,
                               plain: plainBesideAnother && index < crossingFlags.count && plainForms.isPlain(prefix))
                    }
                }
            }
        }
        for flag in prefixFlags where layers.contains(.prefixes) {
            for prefix in prefixGroups[flag]!.candidates(for: root, kind: .prefix) where prefix.applies(to: root) {
                guard complete else { return false }
                prefix.apply(to: root, into: &prefixed)
                if standsAlone(prefix.continuation) {
                    output(prefixed, prefix.continuation, plain: plainStem && plainForms.isPlain(prefix))
                }
                // A suffix the prefix allows through its continuation classes.
                guard prefix.crossProduct, !elisionFlags.contains(flag), layers.contains(.crossed) else { continue }
                for second in prefix.continuation.flags where !flags.contains(second) {
                    guard let group = suffixGroups[second] else { continue }
                    for suffix in group.candidates(for: root, kind: .suffix) where suffix.crossProduct && suffix.applies(to: root) {
                        if suffix.continuation.contains(affixes.circumfix) != prefix.continuation.contains(affixes.circumfix) { continue }
                        suffix.apply(to: root, into: &suffixed)
                        prefix.apply(to: suffixed, into: &crossed)
                        output(crossed, prefix.continuation, suffix.continuation)
                    }
                }
            }
        }
        return complete
    }

    /// How many forms asked in three spellings one .dic line gives, up to `limit`, and whether it gives more.
    func askedForms(line: Substring, limit: Int) -> (count: Int, more: Bool) {
        guard let (stem, flagText) = Self.splitEntry(line) else { return (0, false) }
        let flags = flagText.map { affixes.flags($0) } ?? .empty
        var count = 0
        let complete = expand(stem: Array(stem.unicodeScalars), flags: flags, limit: limit) { scalars, _, _, _ in
            if FormBudget.isAsked(scalars) { count += 1 }
        }
        return (count, !complete)
    }

    /// How many forms one .dic line gives (with no `stemFormLimit`).
    func formCount(line: Substring) -> Int {
        guard let (stem, flagText) = Self.splitEntry(line) else { return 0 }
        let flags = flagText.map { affixes.flags($0) } ?? .empty
        var count = 0
        expand(stem: Array(stem.unicodeScalars), flags: flags, limit: .max) { _, _, _, _ in count += 1 }
        return count
    }

    /// The layers of a stem's forms that `layerLimit` may leave out.
    struct Layers: OptionSet {
        let rawValue: UInt8
        /// Forms with a second suffix, through the first one's continuation classes (and prefixes crossed onto them).
        static let secondSuffixes = Layers(rawValue: 1)
        /// Forms with a prefix: alone, crossed with a suffix, or with a suffix its continuation classes allow.
        static let prefixes = Layers(rawValue: 2)
        /// Forms with a suffix: every form but the stem and its prefixed forms.
        static let suffixes = Layers(rawValue: 4)
        /// Forms with both a prefix and a suffix.
        static let crossed = Layers(rawValue: 8)
        static let all: Layers = [.secondSuffixes, .prefixes, .suffixes, .crossed]
    }

    /// The layers of `root`'s forms within `layerLimit`: its second-suffix layer unless it would give more forms, and its
    /// prefix layer unless its prefixes alone would; its suffixes (and all built on them) unless they alone would give it
    /// four times as many (1,024), and its crossed forms unless its cross-product suffixes times its prefixes would
    /// number 64 times as many (16,384).
    ///
    /// Four in five Hungarian stems take 1,500-10,000 suffixes each, and
    /// their crossed forms reach 450,000 a stem; no Portuguese or Italian stem takes more
    /// than 565 suffixes or about 12,000 crossed forms. The counts stop past
    /// the limit, and are skipped where the entries the flags name cannot
    /// reach it. A layer left out costs no verdict: a word the compiled form
    /// lacks goes to Hunspell.
    private func layers(of root: [Unicode.Scalar], flags: FlagSet, prefixFlags: [UInt32],
                        crossingFlags: [UInt32]) -> Layers {
        guard layerLimit < .max else { return .all }
        var layers = Layers.all
        let suffixLimit = layerLimit * 4, crossedLimit = layerLimit * 64
        let suffixEntries = flags.flags.reduce(0) { $0 + (affixes.suffixes[$1]?.count ?? 0) }
        let crossingEntries = crossingFlags.reduce(0) { $0 + (affixes.prefixes[$1]?.count ?? 0) }
        if suffixEntries > suffixLimit || suffixEntries * crossingEntries > crossedLimit {
            var suffixes = 0, crossing = 0
            counting: for flag in flags.flags {
                guard let group = suffixGroups[flag] else { continue }
                for suffix in group.candidates(for: root, kind: .suffix) where suffix.applies(to: root) {
                    suffixes += 1
                    if suffix.crossProduct { crossing += 1 }
                    if suffixes > suffixLimit { break counting }
                }
            }
            if suffixes > suffixLimit {
                layers.subtract([.suffixes, .secondSuffixes, .crossed])
            } else if crossing > 0, !crossingFlags.isEmpty {
                var prefixes = 0
                for flag in crossingFlags {
                    for prefix in prefixGroups[flag]!.candidates(for: root, kind: .prefix)
                    where prefix.crossProduct && prefix.applies(to: root) {
                        prefixes += 1
                    }
                }
                if crossing * prefixes > crossedLimit { layers.remove(.crossed) }
            }
        }
        let secondBound = flags.flags.reduce(0) { $0 + (secondSuffixEntries[$1] ?? 0) } * (1 + crossingEntries)
        if layers.contains(.suffixes), secondBound > layerLimit, secondSuffixForms(of: root, flags: flags, crossingFlags: crossingFlags) > layerLimit {
            layers.remove(.secondSuffixes)
        }
        if prefixFlags.reduce(0, { $0 + (affixes.prefixes[$1]?.count ?? 0) }) > layerLimit {
            var count = 0
            counting: for flag in prefixFlags {
                for prefix in prefixGroups[flag]!.candidates(for: root, kind: .prefix) where prefix.applies(to: root) {
                    count += 1
                    if count > layerLimit { break counting }
                }
            }
            if count > layerLimit { layers.remove(.prefixes) }
        }
        return layers
    }

    /// How many forms `root`'s second suffixes give it, prefixes crossed onto them included, counted up to one past `layerLimit`.
    private func secondSuffixForms(of root: [Unicode.Scalar], flags: FlagSet, crossingFlags: [UInt32]) -> Int {
        var count = 0
        var suffixed: [Unicode.Scalar] = [], twice: [Unicode.Scalar] = []
        for flag in flags.flags {
            guard let group = suffixGroups[flag] else { continue }
            for suffix in group.candidates(for: root, kind: .suffix) where suffix.applies(to: root) && !suffix.continuation.isEmpty {
                suffix.apply(to: root, into: &suffixed)
                for second in suffix.continuation.flags {
                    guard let secondGroup = suffixGroups[second] else { continue }
                    for outer in secondGroup.candidates(for: suffixed, kind: .suffix) where outer.applies(to: suffixed) {
                        count += 1
                        if suffix.crossProduct, outer.crossProduct, !crossingFlags.isEmpty {
                            outer.apply(to: suffixed, into: &twice)
                            for prefixFlag in crossingFlags {
                                for prefix in prefixGroups[prefixFlag]!.candidates(for: twice, kind: .prefix)
                                where prefix.crossProduct && prefix.applies(to: twice) {
                                    count += 1
                                }
                            }
                        }
                        if count > layerLimit { return count }
                    }
                }
            }
        }
        return count
    }
}
