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
/// Thread-safe (immutable). A class, so that judging a word (and every closure of its search) shares the
/// index instead of copying its tables' references.
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
    /// Suffix entries by the last byte of what they append (index 256: appending nothing).
    private let suffixesByLastByte: [[Int]]
    /// Prefix entries by the first byte of what they append (index 256: appending nothing).
    private let prefixesByFirstByte: [[Int]]
    /// Suffix entries whose continuation classes hold a flag, by that flag and the last byte they append
    /// (`flag << 9 | byte`, byte 256 for nothing): the inner suffix of a two-suffix form.
    private let innerSuffixes: [UInt32: [Int]]

    init(rules: Rules?, stems: StemTable) {
        self.rules = rules
        self.stems = stems
        var suffixes = [[Int]](repeating: [], count: 257)
        var prefixes = [[Int]](repeating: [], count: 257)
        for (index, affix) in (rules?.affixes ?? []).enumerated() {
            if affix.isPrefix {
                prefixes[affix.add.first.map(Int.init) ?? 256].append(index)
            } else {
                suffixes[affix.add.last.map(Int.init) ?? 256].append(index)
            }
        }
        var inner: [UInt32: [Int]] = [:]
        for (index, affix) in (rules?.affixes ?? []).enumerated() where !affix.isPrefix {
            for flag in affix.continuation {
                inner[UInt32(flag) << 9 | UInt32(affix.add.last.map(Int.init) ?? 256), default: []].append(index)
            }
        }
        suffixesByLastByte = suffixes
        prefixesByFirstByte = prefixes
        innerSuffixes = inner
    }

    static let unusable = RejectIndex(rules: nil, stems: StemTable(tables: .init(slots: Table([]), bytes: Table([]))))

    var isUsable: Bool { rules != nil && !stems.tables.slots.isEmpty }

    // MARK: Judging

    /// Whether Hunspell certainly rejects `word`; false means "not proven" (ask Hunspell).
    func rejects(_ word: String) -> Bool {
        guard let rules, !stems.tables.slots.isEmpty else { return false }
        return rejects(word, rules: rules, depth: 0)
    }

    private func rejects(_ word: String, rules: Rules, depth: Int) -> Bool {
        guard depth < 8 else { return false }
        let original = Array(word.utf8)
        guard !original.isEmpty, original.count < 256, !original.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        // ICONV applies before anything else.
        for pattern in rules.inputPatterns where Self.contains(original, pattern) { return false }
        // Hunspell strips trailing periods, then also tries the word with one (abbreviations).
        var bytes = original
        var periods = 0
        while bytes.last == UInt8(ascii: ".") { bytes.removeLast(); periods += 1 }
        guard !bytes.isEmpty else { return false }
        let stripped = periods == 0 ? word : String(decoding: bytes, as: UTF8.self)
        var capitals = 0, neutral = 0, count = 0
        var firstCapital = false
        for scalar in stripped.unicodeScalars {
            guard let kind = Self.caseKind(scalar), !(rules.asciiOnly && !scalar.isASCII) else { return false }
            if kind == .upper {
                capitals += 1
                if count == 0 { firstCapital = true }
            }
            if kind == .neutral { neutral += 1 }
            count += 1
        }
        // The spellings `HunspellImpl::spell` hands to `checkword`; `hidden` says whether hidden capitalised
        // homonyms (ONLYUPCASEFLAG) may answer.
        var candidates: [(word: [UInt8], hidden: Bool)] = []
        if capitals == 0 {
            candidates.append((bytes, true))
        } else if capitals == 1 && firstCapital {
            candidates.append((bytes, false))
            candidates.append((Array(Self.lower(stripped).utf8), true))
        } else if capitals == count || capitals + neutral == count {
            candidates.append((bytes, true))
            let lower = Self.lower(stripped)
            if let apostrophe = lower.utf8.firstIndex(of: UInt8(ascii: "'")),
               lower.utf8.distance(from: lower.utf8.startIndex, to: apostrophe) < lower.utf8.count - 1 {
                let head = String(lower[...apostrophe])
                let tail = String(lower[lower.index(after: apostrophe)...])
                let joined = head + Self.initialCapital(tail)
                candidates.append((Array(joined.utf8), true))
                candidates.append((Array(Self.initialCapital(joined).utf8), true))
            }
            candidates.append((Array(Self.initialCapital(lower).utf8), true))
            candidates.append((Array(lower.utf8), true))
        } else {
            candidates.append((bytes, true))
        }
        if periods > 0 {
            candidates += candidates.map { ($0.word + [UInt8(ascii: ".")], $0.hidden) }
        }
        for candidate in candidates where derivable(candidate.word, hidden: candidate.hidden, rules: rules) { return false }
        // A word not accepted whole with ten break points or more Hunspell refuses without breaking it
        // (`HunspellImpl::spell`); with `acceptsHyphenatedParts`, `-` is one of its patterns, so counting hyphens
        // alone never overstates its count.
        if rules.acceptsHyphenatedParts, bytes.count(where: { $0 == UInt8(ascii: "-") }) >= Self.maximumHyphenatedParts { return true }
        // Word breaking: Hunspell accepts the word when both sides of a break pattern are accepted (one side for
        // a pattern at an end). Every occurrence must have a side proven wrong here; an empty side never is.
        for pattern in rules.breakPatterns {
            var start = 0
            while start + pattern.count <= bytes.count {
                defer { start += 1 }
                guard bytes[start..<(start + pattern.count)].elementsEqual(pattern) else { continue }
                // A side proven wrong settles this occurrence: the other side is not searched (with many hyphens,
                // searching both sides of each one at every depth was most of this function's time).
                if start > 0, rejects(String(decoding: bytes[..<start], as: UTF8.self), rules: rules, depth: depth + 1) { continue }
                let right = start + pattern.count < bytes.count
                    && rejects(String(decoding: bytes[(start + pattern.count)...], as: UTF8.self), rules: rules, depth: depth + 1)
                if !right { return false }
            }
        }
        return true
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

    /// Whether some derivation (stem, suffix, prefix, prefix + suffix, two suffixes, prefix + two suffixes) could give `word`.
    private func derivable(_ word: [UInt8], hidden: Bool, rules: Rules) -> Bool {
        if stems.anyHomonym(word, hidden: hidden, where: { _ in true }) { return true }
        let affixes = rules.affixes
        // Suffix, then two suffixes (the inner one must allow the outer one's flag).
        let bySuffix = anySuffix(of: word, affixes, suffixesByLastByte) { outer, root in
            if stems.anyHomonym(root, hidden: hidden, where: { $0.contains(outer.flag) }) { return true }
            return anyInnerSuffix(of: root, allowing: outer.flag, affixes) { inner, innerRoot in
                stems.anyHomonym(innerRoot, hidden: hidden, where: { $0.contains(inner.flag) })
            }
        }
        if bySuffix { return true }
        // Prefix, with no suffix, one or two.
        return anyPrefix(of: word, affixes) { prefix, root in
            if stems.anyHomonym(root, hidden: hidden, where: { $0.contains(prefix.flag) }) { return true }
            return anySuffix(of: root, affixes, suffixesByLastByte) { outer, suffixRoot in
                if stems.anyHomonym(suffixRoot, hidden: hidden, where: { flags in
                    (flags.contains(outer.flag) || prefix.continuation.contains(outer.flag))
                        && (flags.contains(prefix.flag) || outer.continuation.contains(prefix.flag))
                }) { return true }
                return anyInnerSuffix(of: suffixRoot, allowing: outer.flag, affixes) { inner, innerRoot in
                    stems.anyHomonym(innerRoot, hidden: hidden, where: { flags in
                        flags.contains(inner.flag) || prefix.continuation.contains(inner.flag)
                    })
                }
            }
        }
    }

    /// Whether `body` holds for some suffix entry whose append ends `word`, with the root it leaves
    /// (strip restored, condition met).
    private func anySuffix(of word: [UInt8], _ affixes: [Affix], _ buckets: [[Int]], _ body: (Affix, [UInt8]) -> Bool) -> Bool {
        if let last = word.last, anySuffix(in: buckets[Int(last)], word, affixes, body) { return true }
        return anySuffix(in: buckets[256], word, affixes, body)
    }

    /// The same over the suffixes whose continuation classes hold `flag`.
    private func anyInnerSuffix(of word: [UInt8], allowing flag: UInt16, _ affixes: [Affix],
                                _ body: (Affix, [UInt8]) -> Bool) -> Bool {
        let key = UInt32(flag) << 9
        if let last = word.last, let list = innerSuffixes[key | UInt32(last)], anySuffix(in: list, word, affixes, body) { return true }
        if let list = innerSuffixes[key | 256] { return anySuffix(in: list, word, affixes, body) }
        return false
    }

    private func anySuffix(in list: [Int], _ word: [UInt8], _ affixes: [Affix], _ body: (Affix, [UInt8]) -> Bool) -> Bool {
        for index in list {
            let affix = affixes[index]
            let keep = word.count - affix.add.count
            guard keep >= 0, word.withUnsafeBufferPointer({ buffer in
                affix.add.withUnsafeBufferPointer { add in
                    add.isEmpty || memcmp(buffer.baseAddress! + keep, add.baseAddress!, add.count) == 0
                }
            }) else { continue }
            var root = [UInt8]()
            root.reserveCapacity(keep + affix.strip.count)
            root += word[..<keep]
            root += affix.strip
            guard affix.condition.matchesEnd(ofUTF8: root) else { continue }
            if body(affix, root) { return true }
        }
        return false
    }

    /// Whether `body` holds for some prefix entry whose append starts `word`, with the root it leaves.
    private func anyPrefix(of word: [UInt8], _ affixes: [Affix], _ body: (Affix, [UInt8]) -> Bool) -> Bool {
        func visit(_ list: [Int]) -> Bool {
            for index in list {
                let affix = affixes[index]
                guard affix.add.count <= word.count, word.prefix(affix.add.count).elementsEqual(affix.add) else { continue }
                var root = [UInt8]()
                root.reserveCapacity(affix.strip.count + word.count - affix.add.count)
                root += affix.strip
                root += word[affix.add.count...]
                guard affix.condition.matchesStart(ofUTF8: root) else { continue }
                if body(affix, root) { return true }
            }
            return false
        }
        if let first = word.first, visit(prefixesByFirstByte[Int(first)]) { return true }
        return visit(prefixesByFirstByte[256])
    }
}


extension Array where Element == UInt16 {
    @inline(__always)
    func contains(_ flag: UInt16) -> Bool {
        for value in self where value == flag { return true }
        return false
    }
}
