import Foundation

extension RejectIndex {
    /// The index for a dictionary's files, or `unusable` (with the reason) when the argument does not cover it.
    static func build(info: DictionaryInfo) -> (index: RejectIndex, reason: String?) {
        guard let affixData = FileManager.default.contents(atPath: info.affixPath),
              let wordsData = FileManager.default.contents(atPath: info.wordsPath) else { return (.unusable, "unreadable files") }
        let affixBytes = [UInt8](affixData)
        let affixes = AffixFile(bytes: affixBytes)
        return build(affixBytes: affixBytes, affixes: affixes,
                     wordsText: AffixFile.decode([UInt8](wordsData), charset: affixes.charset))
    }

    /// `build(info:)` from files the caller has read: the .aff's bytes, those bytes parsed, and the .dic decoded in the
    /// .aff's charset (nil when it could not be: then `unusable`).
    ///
    /// The compiler reads and parses them once for the expander, the case inference and this index (Korean's 11 MB .aff
    /// parsed twice was about 77 MB of its compile's peak).
    static func build(affixBytes: [UInt8], affixes: AffixFile, wordsText: String?) -> (index: RejectIndex, reason: String?) {
        let charset = affixes.charset
        let isUTF8 = HunspellEngine.isUTF8(charset)
        guard let affixText = AffixFile.decode(affixBytes, charset: charset), let wordsText else { return (.unusable, "charset") }
        var compoundRuleFlags: [UInt32] = []
        var breakPatterns: [String]? = nil
        var forbidWarn = false
        var refusesFound = false
        var keepsCase = false
        var apostropheConversions = 0, otherApostropheConversions = 0
        // Directives that let Hunspell accept words this index cannot derive; any of them (matched as
        // Hunspell matches keywords, by prefix) makes the dictionary unusable here.
        // COMPOUNDBEGIN, COMPOUNDMIDDLE, COMPOUNDEND and COMPOUNDPERMITFLAG only choose which parts Hunspell joins
        // (`compoundParts` joins any), CHECKSHARPS only adds spellings (`sharpSpellings`); the directives in
        // `refusedWithCompounds` change what a part is, or how parts meet.
        let refused = ["IGNORE", "COMPLEXPREFIXES", "COMPOUNDFLAG", "COMPOUNDFIRST", "COMPOUNDLAST", "CHECKCOMPOUNDPATTERN",
                       "COMPOUNDSYLLABLE", "SYLLABLENUM", "COMPOUNDROOT", "FORCEUCASE"]
        let refusedWithCompounds = ["COMPOUNDRULE", "SIMPLIFIEDTRIPLE", "COMPOUNDMORESUFFIXES"]
        var compounds = false, checksSharps = false
        // COMPOUNDBEGIN, COMPOUNDMIDDLE and COMPOUNDEND, in that order (nil: not declared).
        var compoundFlagTexts: [Substring?] = [nil, nil, nil]
        var compoundMinimum = 3
        // One line at a time: the array of Hungarian's .aff lines was 3 MB of its compile's early peak.
        for line in TextLines(affixText) {
            for keyword in refused where line.hasPrefix(keyword) { return (.unusable, keyword) }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if line.hasPrefix("CHECKSHARPS") { checksSharps = true }
            for (place, keyword) in ["COMPOUNDBEGIN", "COMPOUNDMIDDLE", "COMPOUNDEND"].enumerated() where line.hasPrefix(keyword) {
                guard fields.count >= 2 else { return (.unusable, "compound flag") }
                compounds = true
                compoundFlagTexts[place] = fields[1]
            }
            // Hunspell's `parse_num`: the second field, at least 1 (3 when the .aff has no COMPOUNDMIN).
            if line.hasPrefix("COMPOUNDMIN") {
                guard fields.count >= 2, let value = Int(fields[1]) else { return (.unusable, "COMPOUNDMIN") }
                compoundMinimum = max(1, value)
            }
            if line.hasPrefix("LANG"), fields.count >= 2 {
                let language = fields[1].prefix(2).lowercased()
                if ["hu", "tr", "az"].contains(language) || fields[1].lowercased().hasPrefix("crh") { return (.unusable, "LANG") }
            }
            if line.hasPrefix("COMPOUNDRULE"), fields.count >= 2, Int(fields[1]) == nil {
                for scalar in fields[1].unicodeScalars where !"*?()".unicodeScalars.contains(scalar) {
                    compoundRuleFlags.append(scalar.value)
                }
                if affixes.flagMode != .character && affixes.flagMode != .unicode { return (.unusable, "COMPOUNDRULE flags") }
            }
            if line.hasPrefix("FORBIDWARN") { forbidWarn = true }
            // Options that can refuse a word the affix lookup found (`acceptsElided`). NEEDAFFIX, PSEUDOROOT and CIRCUMFIX
            // refuse only through an affix's continuation classes, which an exact entry holds none of; FORBIDDENWORD only
            // through a stem holding it (below); KEEPCASE only in the spellings `CaseSpellings.keepCaseChecked` names.
            for keyword in ["FORBIDWARN", "ONLYINCOMPOUND", "SUBSTANDARD"] where line.hasPrefix(keyword) {
                refusesFound = true
            }
            if line.hasPrefix("KEEPCASE") { keepsCase = true }
            if line.hasPrefix("ICONV"), fields.count >= 3 {
                if fields[1] == "’", fields[2] == "'" {
                    apostropheConversions += 1
                } else if fields[1].contains("’") {
                    otherApostropheConversions += 1
                }
            }
            if line.hasPrefix("BREAK"), fields.count >= 2 {
                if breakPatterns == nil {
                    breakPatterns = []
                } else {
                    breakPatterns!.append(String(fields[1]))
                }
            }
        }
        // Hunspell's default word breaking: "-", "^-" and "-$". Patterns are kept as written, anchors included
        // (`RejectIndex.rejects` reads them as Hunspell does).
        let patterns = (breakPatterns ?? ["-", "^-", "-$"]).map { Array($0.utf8) }
        let unanchored = patterns.map { pattern in
            var text = pattern[...]
            if text.first == UInt8(ascii: "^") { text = text.dropFirst() }
            if text.last == UInt8(ascii: "$") { text = text.dropLast() }
            return text
        }
        if unanchored.contains(where: \.isEmpty) { return (.unusable, "empty BREAK pattern") }
        if compounds {
            for line in affixText.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
                for keyword in refusedWithCompounds where line.hasPrefix(keyword) { return (.unusable, "\(keyword) with compounds") }
            }
        }
        if affixes.flagMode == .character, isUTF8, compoundRuleFlags.contains(where: { $0 >= 0x80 }) {
            return (.unusable, "non-ASCII COMPOUNDRULE flags")
        }
        let inputPatterns = affixes.inputConversions.map { Array($0.from.utf8) }
        if inputPatterns.contains(where: \.isEmpty) { return (.unusable, "empty ICONV pattern") }
        // Hunspell reads single-character flags byte by byte (an affix's own flag is its name's first byte, a flag
        // list holds every byte); the affix parser reads scalars. Flags are compared here as Hunspell has them.
        let byteFlags = affixes.flagMode == .character && isUTF8
        func listFlags(_ flags: [UInt32]) -> [UInt32] {
            guard byteFlags else { return flags }
            return flags.flatMap { value in
                Unicode.Scalar(value).map { Array(String($0).utf8).map(UInt32.init) } ?? [value]
            }
        }
        func ownFlag(_ flag: UInt32) -> UInt32 {
            guard byteFlags, let scalar = Unicode.Scalar(flag) else { return flag }
            return UInt32(String(scalar).utf8.first!)
        }

        // Dense flag numbers for the flags affixes use (other flags cannot matter).
        var dense: [UInt32: UInt16] = [:]
        func number(_ flag: UInt32) -> UInt16? {
            if let known = dense[flag] { return known }
            guard dense.count < 0xFFFF else { return nil }
            let value = UInt16(dense.count + 1)
            dense[flag] = value
            return value
        }
        var entries: [Affix] = []
        let plainForms = PlainForms(affixes: affixes)
        for entry in affixes.prefixes.values.joined().map({ $0 }) + affixes.suffixes.values.joined().map({ $0 }) {
            guard let flag = number(ownFlag(entry.flag)) else { return (.unusable, "too many flags") }
            var continuation: [UInt16] = []
            for flag in listFlags(entry.continuation.flags) {
                guard let value = number(flag) else { return (.unusable, "too many flags") }
                continuation.append(value)
            }
            continuation = Array(Set(continuation))
            entries.append(Affix(isPrefix: entry.kind == .prefix, flag: flag,
                                 strip: Array(String(String.UnicodeScalarView(entry.strip)).utf8),
                                 add: Array(String(String.UnicodeScalarView(entry.add)).utf8),
                                 continuation: continuation.sorted(), condition: entry.condition,
                                 crossProduct: entry.crossProduct, isExact: plainForms.isPlain(entry)))
        }
        let digits = Set((0x30...0x39).map { UInt8($0) })
        // Every string an affix strips must be made of scalars whose case Hunspell maps as Unicode does; what it
        // appends may also hold scalars no judged word holds (`staysUntrusted`: French `µ`), as it then never applies.
        for entry in entries {
            let strip = String(decoding: entry.strip, as: UTF8.self), add = String(decoding: entry.add, as: UTF8.self)
            if strip.unicodeScalars.contains(where: { Self.caseKind($0) == nil })
                || add.unicodeScalars.contains(where: { Self.caseKind($0) == nil && !Self.staysUntrusted($0) }) {
                return (.unusable, "affix characters")
            }
        }
        // The KEEPCASE and NEEDAFFIX flags get numbers too, so the stems that hold them say so (`Rules.keepCaseFlag`,
        // `Rules.needAffixFlag`).
        let keepCaseFlag = affixes.keepCase.flatMap { number(ownFlag($0)) } ?? 0
        let needAffixFlag = affixes.needAffix.flatMap { number(ownFlag($0)) } ?? 0
        // And ONLYINCOMPOUND, which no whole word's root holds (`Rules.onlyInCompoundFlag`).
        let onlyInCompoundFlag = affixes.onlyInCompound.flatMap { number(ownFlag($0)) } ?? 0
        let stripsDigits = entries.contains { $0.strip.contains(where: digits.contains) }
        if !compoundRuleFlags.isEmpty, stripsDigits {
            return (.unusable, "COMPOUNDRULE with affixes that strip digits")
        }

        // The compound flags get numbers before the stems are read, so that every stem keeps them.
        var compoundFlags: [UInt16] = [0, 0, 0]
        for (place, text) in compoundFlagTexts.enumerated() {
            guard let text else { continue }
            guard let parsed = affixes.flagMode.parseSingle(text), let flag = number(ownFlag(parsed)) else {
                return (.unusable, "compound flag")
            }
            compoundFlags[place] = flag
        }
        // Stems, read both as Hunspell reads a .dic line and as the expander does (the union is never smaller).
        var stems = StemTable.Builder()
        // Whether a stem holds the FORBIDDENWORD flag: the declared one, or Hunspell's default (65510), which no
        // single-character flag and no pair of a UTF-8 file's bytes can be.
        let forbiddenFlag: UInt32? = affixes.forbiddenWord ?? {
            switch affixes.flagMode {
            case .character: nil
            case .numeric, .unicode: 65510
            case .long: isUTF8 ? nil : 0xFF << 16 | 0xE6
            }
        }()
        var stemForbidden = false
        var letters = entries.reduce(0) { $0 | Self.letters(of: String(decoding: $1.add, as: UTF8.self)) }
        for pattern in patterns + affixes.inputConversions.map({ Array($0.from.utf8) }) {
            letters |= Self.letters(of: String(decoding: pattern, as: UTF8.self))
        }
        func add(_ word: String, _ flagText: Substring?) -> String? {
            guard !word.isEmpty else { return nil }
            letters |= Self.letters(of: word)
            let ownFlags = flagText.map { affixes.flags($0).flags } ?? []
            if let forbiddenFlag, ownFlags.contains(forbiddenFlag) { stemForbidden = true }
            let flags = listFlags(ownFlags)
            if !compoundRuleFlags.isEmpty, flags.contains(where: compoundRuleFlags.contains),
               !word.utf8.contains(where: digits.contains) {
                return "COMPOUNDRULE part without digits: \(word)"
            }
            // A space stays in every form of the stem (no affix strips one), and no judged word has one. A stem no
            // judged word can reach may hold any scalar: one with an ASCII digit (no judged word has one, and no affix
            // strips one back) or with a scalar that `staysUntrusted`, as Hunspell's hidden homonym of it does too
            // (French `1ʳᵉ`, `α`, `Ω`, `Dᴏꜱꜱᴍᴀɴɴ`).
            let unreachable = (!stripsDigits && word.utf8.contains(where: digits.contains))
                || word.unicodeScalars.contains(where: Self.staysUntrusted)
            if !unreachable, word.unicodeScalars.contains(where: { Self.caseKind($0) == nil && $0 != " " }) {
                return "stem characters: \(word)"
            }
            let known = flags.compactMap { dense[$0] }.sorted()
            guard word.utf8.count <= AcceptTable.maximumKeyLength else { return "stem over 255 bytes" }
            stems.add(key: word.utf8, hidden: false, flags: known)
            // Hunspell's hidden capitalised homonym (`add_hidden_capitalized_word`), added for every stem with capitals.
            if word.unicodeScalars.contains(where: { $0.properties.isUppercase || $0.properties.changesWhenLowercased }) {
                let hidden = Self.initialCapital(Self.lower(word))
                // One over 255 bytes (lower case can be longer) leaves no table to build, as before.
                if !hidden.utf8.elementsEqual(word.utf8) { stems.add(key: hidden.utf8, hidden: true, flags: known) }
            }
            return nil
        }
        var first = true
        for line in TextLines(wordsText, separatedBy: { $0 == "\n" }) {
            if first {
                first = false
                if line.allSatisfy({ $0.isNumber || $0 == " " || $0 == "\r" }) { continue }
            }
            let readings = Self.hunspellEntries(line)
            for (position, (word, flags)) in readings.enumerated() {
                // The two readings agree on most lines: one homonym, not two equal ones.
                if position > 0, readings[0].0 == word, readings[0].1 == flags { continue }
                if let problem = add(word, flags) { return (.unusable, problem) }
            }
        }
        guard let table = stems.build() else { return (.unusable, "stem table") }
        var rules = Rules(breakPatterns: patterns, inputPatterns: inputPatterns, asciiOnly: !isUTF8, affixes: entries)
        // No word can be forbidden when no stem holds the flag: `checkword` (1.7) tests it on the root it found only.
        // With compounds a part in capitals can be accepted while the spelling Hunspell breaks is not (`HAUS-TÜR` is
        // broken as `Haus-tür`, and `tür` may only join).
        rules.acceptsHyphenatedParts = !forbidWarn && !stemForbidden && !compounds
        rules.acceptsElided = !refusesFound && !stemForbidden
        rules.elisionKeepsCase = keepsCase
        // ONLYINCOMPOUND homonyms, which `checkword` also passes over, would make `StemTable.lookupCertainlyHolds` wrong.
        rules.keepCaseFlag = keepsCase && affixes.onlyInCompound == nil ? keepCaseFlag : 0
        rules.needAffixFlag = needAffixFlag
        rules.onlyInCompoundFlag = onlyInCompoundFlag
        rules.convertsTypographicApostrophe = apostropheConversions > 0 && otherApostropheConversions == 0
        rules.stripsWholeStems = affixes.fullStrip
        rules.letters = letters
        rules.compoundMinimum = compounds ? compoundMinimum : 0
        rules.compoundFlags = StemTable.AnyFlag(first: compoundFlags[0], second: compoundFlags[1], third: compoundFlags[2])
        rules.checksSharps = checksSharps
        let built = compounds ? CompoundPartTable.build(stems: table, affixes: entries, begin: compoundFlags[0], middle: compoundFlags[1],
                                                         end: compoundFlags[2], onlyInCompound: onlyInCompoundFlag)
            : (parts: .empty, derivations: .empty)
        return (RejectIndex(rules: rules, stems: table, parts: built.parts, derivations: built.derivations), nil)
    }

    /// The (word, flags) readings of one .dic line: Hunspell's (`HashMgr::load_tables`) and the expander's.
    static func hunspellEntries(_ line: Substring) -> [(String, Substring?)] {
        // Without a blank, tab, colon or backslash both readings split at the first '/' after the first character.
        let plain = !line.utf8.contains { $0 == 0x20 || $0 == 0x09 || $0 == 0x3A || $0 == 0x5C || $0 == 0x0D }
        if plain, line.utf8.first != UInt8(ascii: "/") {
            guard let slash = line.utf8.firstIndex(of: UInt8(ascii: "/")) else { return [(String(line), nil)] }
            return [(String(line[..<slash]), line[line.utf8.index(after: slash)...])]
        }
        var results: [(String, Substring?)] = []
        var text = String(line)
        if text.hasSuffix("\r") { text.removeLast() }
        var scalars = Array(text.unicodeScalars)
        // A morphological field starts at "xx:" after a blank; a tab starts the old-style one.
        var cut: Int?
        var position = 0
        while position < scalars.count {
            if scalars[position] == ":", position > 3, scalars[position - 3] == " " || scalars[position - 3] == "\t" {
                var start = position - 3
                while start > 0, scalars[start - 1] == " " || scalars[start - 1] == "\t" { start -= 1 }
                cut = start == 0 ? nil : start
                break
            }
            position += 1
        }
        if let tab = scalars.firstIndex(of: "\t"), cut == nil || tab < cut! { cut = tab }
        if let cut { scalars = Array(scalars[..<cut]) }
        // The flags start after the first '/' that is not escaped ("\\/") and not the line's first character;
        // as in Hunspell, after a leading '/' the split falls at the next position whatever it holds.
        var slash: Int? = scalars.firstIndex(of: "/")
        while let position = slash {
            if position == 0 {
                slash = 1
                continue
            }
            if scalars[position - 1] != "\\" { break }
            scalars.remove(at: position - 1)
            slash = scalars[position...].firstIndex(of: "/")
        }
        if slash == scalars.count { slash = nil }
        func string(_ part: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(part)) }
        if let slash {
            results.append((string(scalars[..<slash]), Substring(string(scalars[(slash + 1)...]))))
        } else {
            results.append((string(scalars[...]), nil))
        }
        if let (word, flags) = WordFormExpander.splitEntry(line) { results.append((word, flags)) }
        return results
    }

    // MARK: Storage

    /// The rules as bytes for the compiled file (an empty section: not usable).
    func encodedRules() -> [UInt8] {
        guard let rules else { return [] }
        // 8: after the NEEDAFFIX flag's number the ONLYINCOMPOUND flag's. 7 added after `letters` COMPOUNDMIN and the
        // three compound flags, and CHECKSHARPS among the options; 6 added `letters` after the options, and after the
        // affixes the KEEPCASE and NEEDAFFIX flags' numbers; 5 added `elisionKeepsCase`, `convertsTypographicApostrophe`
        // and `stripsWholeStems`; in 4 `acceptsElided` meant no KEEPCASE, NEEDAFFIX or FORBIDDENWORD; 3 held neither
        // cross products nor exactness; 2 held break patterns without their anchors.
        var out: [UInt8] = [8]
        func put16(_ value: Int) { out.append(UInt8(value & 0xFF)); out.append(UInt8((value >> 8) & 0xFF)) }
        func put32(_ value: Int) { put16(value & 0xFFFF); put16(value >> 16) }
        func bytes(_ value: [UInt8]) { put16(value.count); out += value }
        out.append((rules.asciiOnly ? 1 : 0) | (rules.acceptsHyphenatedParts ? 2 : 0) | (rules.acceptsElided ? 4 : 0)
            | (rules.elisionKeepsCase ? 8 : 0) | (rules.convertsTypographicApostrophe ? 16 : 0) | (rules.stripsWholeStems ? 32 : 0)
            | (rules.checksSharps ? 64 : 0))
        put32(Int(rules.letters))
        out.append(UInt8(min(255, rules.compoundMinimum)))
        [rules.compoundFlags.first, rules.compoundFlags.second, rules.compoundFlags.third].forEach { put16(Int($0)) }
        put16(rules.breakPatterns.count)
        rules.breakPatterns.forEach(bytes)
        put16(rules.inputPatterns.count)
        rules.inputPatterns.forEach(bytes)
        put32(rules.affixes.count)
        for affix in rules.affixes {
            out.append((affix.isPrefix ? 1 : 0) | (affix.crossProduct ? 2 : 0) | (affix.isExact ? 4 : 0))
            put16(Int(affix.flag))
            bytes(affix.strip)
            bytes(affix.add)
            put16(affix.continuation.count)
            affix.continuation.forEach { put16(Int($0)) }
            bytes(Array(affix.condition.text.utf8))
        }
        // After the affixes, so that a reader of version 5 without it reads the rest as before and ignores it.
        put16(Int(rules.keepCaseFlag))
        put16(Int(rules.needAffixFlag))
        put16(Int(rules.onlyInCompoundFlag))
        return out
    }

    /// Reads rules written by `encodedRules`; nil for an empty, short or malformed section (then nothing is proven).
    static func decodeRules(_ table: Table<UInt8>) -> Rules? {
        var cursor = 0
        var failed = false
        func byte() -> Int {
            guard cursor < table.count else { failed = true; return 0 }
            defer { cursor += 1 }
            return Int(table[cursor])
        }
        func get16() -> Int { byte() | byte() << 8 }
        func get32() -> Int { get16() | get16() << 16 }
        func bytes() -> [UInt8] {
            let count = get16()
            guard cursor + count <= table.count else { failed = true; return [] }
            defer { cursor += count }
            return Array(table.slice(cursor..<(cursor + count)))
        }
        guard table.count > 0, byte() == 8 else { return nil }
        let options = byte()
        let letters = UInt32(get32() & Int(everyLetter))
        let compoundMinimum = byte()
        let compoundFlags = StemTable.AnyFlag(first: UInt16(get16()), second: UInt16(get16()), third: UInt16(get16()))
        let asciiOnly = options & 1 != 0
        let breakPatterns = (0..<get16()).map { _ in bytes() }
        let inputPatterns = (0..<get16()).map { _ in bytes() }
        let count = get32()
        guard !failed, count <= table.count else { return nil }
        var affixes: [Affix] = []
        affixes.reserveCapacity(count)
        for _ in 0..<count {
            let kind = byte()
            let flag = UInt16(get16())
            let strip = bytes()
            let add = bytes()
            let continuation = (0..<get16()).map { _ in UInt16(get16()) }
            let condition = AffixCondition(parsing: Substring(String(decoding: bytes(), as: UTF8.self)))
            if failed { return nil }
            affixes.append(Affix(isPrefix: kind & 1 != 0, flag: flag, strip: strip, add: add, continuation: continuation,
                                 condition: condition, crossProduct: kind & 2 != 0, isExact: kind & 4 != 0))
        }
        let keepCaseFlag = UInt16(get16())
        let needAffixFlag = UInt16(get16())
        let onlyInCompoundFlag = UInt16(get16())
        guard !failed, breakPatterns.allSatisfy({ !$0.isEmpty }), inputPatterns.allSatisfy({ !$0.isEmpty }) else { return nil }
        var rules = Rules(breakPatterns: breakPatterns, inputPatterns: inputPatterns, asciiOnly: asciiOnly, affixes: affixes)
        rules.keepCaseFlag = keepCaseFlag
        rules.needAffixFlag = needAffixFlag
        rules.onlyInCompoundFlag = onlyInCompoundFlag
        rules.acceptsHyphenatedParts = options & 2 != 0
        rules.acceptsElided = options & 4 != 0
        rules.elisionKeepsCase = options & 8 != 0
        rules.convertsTypographicApostrophe = options & 16 != 0
        rules.stripsWholeStems = options & 32 != 0
        rules.letters = letters
        rules.checksSharps = options & 64 != 0
        rules.compoundMinimum = compoundMinimum
        rules.compoundFlags = compoundFlags
        return rules
    }
}
