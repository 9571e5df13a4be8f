/// Decides which expanded forms Hunspell certainly accepts as they are, so the compiler need not ask it.
///
/// A form is *plain* when it is a .dic stem alone, or a stem with one
/// suffix, two suffixes (the second through the first one's continuation
/// class), one prefix, or a prefix and a suffix crossed through flags on the
/// stem itself, where the stem's .dic line holds only the word and affix
/// flags (no escaped slash, control character, morphological field or
/// option flag such as NOSUGGEST, KEEPCASE, WARN or a compound flag; NEEDAFFIX
/// may be there, `needAffix`), each
/// affix entry's continuation flags name affix groups only (no option flag
/// but NEEDAFFIX on a first suffix under a second one or crossed with a
/// prefix, `isPlainBesideAnother`)
/// and its condition is one Hunspell reads as
/// written (in UTF-8, a condition holding `.` and a character beyond ASCII is
/// not: Hunspell 1.7.1 misreads `[áéíóúŕýô].a`, so Slovak `balustrád` is
/// refused), and the word holds only lower-case or caseless letters,
/// combining marks, `'`, inner hyphens and inner `"` of the Basic Multilingual Plane
/// after a first scalar that may also be a capital (Hunspell looks a word up
/// as written first), none of them in an ICONV pattern or IGNORE, in fewer
/// than 100 bytes. Hunspell's affix lookup then finds the form, and nothing
/// in the dictionary can refuse what it finds, provided the dictionary has
/// no COMPLEXPREFIXES or ONLYINCOMPOUND (a first-found root carrying
/// ONLYINCOMPOUND refuses a word another root derives) and no affix carries
/// FORBIDDENWORD. FULLSTRIP only lets the lookup find more roots (an affix
/// that replaces a whole stem), which the expander does not make: under it
/// only forms in lower case are plain, since a capitalised one could reach a
/// hidden capitalised homonym (below) through such a root. The compiler also
/// needs `CaseInference` to be enabled and
/// the word not to be a forbidden stem (no FORBIDWARN or forbidden
/// entry with affixes) and, capitalised, not to be a form a hidden
/// capitalised homonym reaches (`CaseInference.hiddenCapitalised`); it infers
/// the capitalised and capitals verdicts when `CaseInference` takes the word,
/// and asks them otherwise. Thread-safe (immutable).
struct PlainForms: Sendable {
    /// Whether the dictionary allows trusting any form.
    let isEnabled: Bool
    /// The dictionary is UTF-8 (conditions are matched by Hunspell's UTF-8 code).
    let isUTF8: Bool
    /// Whether a form's first scalar may be a capital (not under FULLSTRIP).
    private let capitalisedPlain: Bool
    /// Every flag the .aff names for an option (NEEDAFFIX, WARN, compound flags...): a stem carrying one (but `needAffix`)
    /// is not plain.
    private let optionFlags: Set<UInt32>
    /// The flags that name an affix group.
    private let affixFlags: Set<UInt32>
    /// The NEEDAFFIX flag, when no other option shares it.
    ///
    /// On a stem it keeps only the bare stem out (the expander never gives
    /// it): Hunspell's `checkword` skips a NEEDAFFIX homonym found as the
    /// word is, and its affix lookup finds and keeps a NEEDAFFIX root like
    /// any other (`SfxEntry::checkword`, `PfxEntry::checkword` test the
    /// root for the affix's flag alone). On a suffix it asks for another
    /// affix, which the form has under a second suffix or beside a prefix:
    /// the two-suffix lookup (`suffix_check_twosfx`) passes the second's
    /// class, and the cross-product lookup the prefix (`ppfx`), and with
    /// either `suffix_check` allows a suffix's NEEDAFFIX (with the prefix, when
    /// the prefix holds none). Basque's stems and most of its first suffixes
    /// carry it; its prefixed verb forms (`berr`, `bir`, `bait`) were 115,000 of
    /// its 165,000 forms asked.
    private let needAffix: UInt32?
    /// Scalars of ICONV patterns and IGNORE characters in the Basic Multilingual Plane (the only one a plain word's scalars
    /// come from), one bit each: Hunspell rewrites a word holding one before its lookup. A bit table, not a set: hashing
    /// every scalar of every form was a twentieth of a Ukrainian compile.
    private let conversionBits: [UInt64]

    /// Trusts nothing.
    static let disabled = PlainForms(isEnabled: false, isUTF8: true, capitalisedPlain: false, optionFlags: [], affixFlags: [],
                                     needAffix: nil, conversionScalars: [])

    private static let planeWords = 0x10000 / 64

    private init(isEnabled: Bool, isUTF8: Bool, capitalisedPlain: Bool, optionFlags: Set<UInt32>, affixFlags: Set<UInt32>,
                 needAffix: UInt32?, conversionScalars: Set<Unicode.Scalar>) {
        self.isEnabled = isEnabled
        self.isUTF8 = isUTF8
        self.capitalisedPlain = capitalisedPlain
        self.optionFlags = optionFlags
        self.affixFlags = affixFlags
        self.needAffix = needAffix
        var bits = [UInt64](repeating: 0, count: Self.planeWords)
        for scalar in conversionScalars where scalar.value < 0x10000 { bits[Int(scalar.value >> 6)] |= 1 << (scalar.value & 63) }
        self.conversionBits = bits
    }

    /// What the parsed .aff file allows.
    init(affixes: AffixFile) {
        let forbidden = affixes.forbiddenWord
        let affixCarriesForbidden = forbidden != nil && (affixes.prefixes.values.contains { $0.contains { $0.continuation.contains(forbidden) } }
            || affixes.suffixes.values.contains { $0.contains { $0.continuation.contains(forbidden) } })
        let enabled = !affixes.complexPrefixes && affixes.onlyInCompound == nil && !affixCarriesForbidden
        var scalars = Set<Unicode.Scalar>()
        for conversion in affixes.inputConversions { scalars.formUnion(conversion.from.unicodeScalars) }
        // Hunspell removes IGNORE characters from the word, the stems and the additions: a word holding none reads the same.
        scalars.formUnion(affixes.ignoredScalars)
        self.init(isEnabled: enabled, isUTF8: HunspellEngine.isUTF8(affixes.charset), capitalisedPlain: !affixes.fullStrip,
                  optionFlags: affixes.optionFlags, affixFlags: Set(affixes.prefixes.keys).union(affixes.suffixes.keys),
                  needAffix: affixes.needAffix.flatMap { affixes.sharedOptionFlags.contains($0) ? nil : $0 },
                  conversionScalars: scalars)
    }

    /// Whether a .dic line's stem, with its flags, may give plain forms (`line` is the whole line as read).
    func isPlainStem(line: Substring, stem: [Unicode.Scalar], flags: FlagSet) -> Bool {
        guard isEnabled else { return false }
        for byte in line.utf8 where byte < 0x20 || byte == 0x20 || byte == 0x5C || byte == 0x7F { return false }
        for flag in flags.flags where flag != needAffix && (!affixFlags.contains(flag) || optionFlags.contains(flag)) { return false }
        return isPlainWord(stem)
    }

    /// Whether an affix entry keeps a plain stem's form plain.
    ///
    /// Its continuation classes may only name affix groups: Hunspell's lookup
    /// looks at an entry's continuation only for option flags (NEEDAFFIX,
    /// CIRCUMFIX, ONLYINCOMPOUND...) and for the class a second suffix needs,
    /// so Czech `Novákův` (`SFX P 0 ův/Y`) is found as a suffix-free entry's
    /// form is, and `Novákova` through `Y` on it as a second suffix.
    @inline(__always)
    func isPlain(_ entry: AffixEntry) -> Bool {
        !(isUTF8 && entry.condition.mixesAnyWithNonASCII)
            && entry.continuation.flags.allSatisfy { affixFlags.contains($0) && !optionFlags.contains($0) }
    }

    /// Whether a suffix keeps a plain stem's form plain under a second suffix, or crossed with a plain prefix (one
    /// whose continuation holds no NEEDAFFIX): `isPlain`, but its continuation may also hold NEEDAFFIX (`needAffix`).
    @inline(__always)
    func isPlainBesideAnother(_ entry: AffixEntry) -> Bool {
        !(isUTF8 && entry.condition.mixesAnyWithNonASCII)
            && entry.continuation.flags.allSatisfy { $0 == needAffix || affixFlags.contains($0) && !optionFlags.contains($0) }
    }

    /// Whether a form of plain stem and entries may be trusted: its characters and its length.
    ///
    /// Its first scalar may be a capital (`initialCapitalLower`): a capitalised
    /// form Hunspell looks up as written before any other spelling, so its
    /// affix lookup finds it as it finds a lower-case one (the compiler still
    /// asks the forms a hidden capitalised homonym may reach:
    /// `CaseInference.hiddenCapitalised`).
    func isPlainWord(_ scalars: [Unicode.Scalar]) -> Bool {
        var bytes = 0
        for (offset, scalar) in scalars.enumerated() {
            if scalar == "-" || scalar == "\"" {
                // An inner hyphen or quotation mark (Hebrew's gershayim, `ב"ה`): a word Hunspell looks up whole before
                // any BREAK applies, and whose case neither changes.
                guard offset > 0, offset < scalars.count - 1 else { return false }
            } else if offset == 0, capitalisedPlain, Self.initialCapitalLower(scalar) != nil {
                // A capital first: a capitalised form.
            } else {
                guard Self.isWordScalar(scalar) else { return false }
            }
            // Every scalar that got here is of the Basic Multilingual Plane.
            if conversionBits[Int(scalar.value >> 6)] & (1 << (scalar.value & 63)) != 0 { return false }
            bytes += scalar.utf8.count
        }
        return bytes > 0 && bytes < 100
    }

    /// A lower-case or caseless letter or a combining mark of the Basic Multilingual Plane, or `'`.
    @inline(__always)
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x10000 && wordScalars[Int(scalar.value)]
    }

    /// The lower case of a capital of the Basic Multilingual Plane whose lower case is one word scalar with it as its capital
    /// (`É` gives `é`), or nil for any other scalar (a title-case digraph such as `ǅ`, dotted `İ`, a lower-case letter).
    @inline(__always)
    static func initialCapitalLower(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard scalar.value < 0x10000 else { return nil }
        let lower = initialCapitals[Int(scalar.value)]
        return lower == 0 ? nil : Unicode.Scalar(lower)
    }

    /// The word with its first scalar in lower case when it is a capitalised form (`initialCapitalLower`), else nil.
    static func lowerInitial(_ word: String) -> String? {
        guard let first = word.unicodeScalars.first, let lower = initialCapitalLower(first) else { return nil }
        var scalars = String.UnicodeScalarView()
        scalars.append(lower)
        scalars.append(contentsOf: word.unicodeScalars.dropFirst())
        return String(scalars)
    }

    /// `initialCapitalLower` of every scalar of the Basic Multilingual Plane (0 for none), asked of the scalar properties once.
    private static let initialCapitals: [UInt16] = (0..<0x10000).map { value in
        if value < 0x80 { return value >= 0x41 && value <= 0x5A ? UInt16(value + 0x20) : 0 }
        guard let scalar = Unicode.Scalar(UInt32(value)), scalar.properties.isUppercase,
              scalar.properties.generalCategory == .uppercaseLetter else { return 0 }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        guard lower.count == 1, let small = lower.first, small.value < 0x10000, isWordScalar(small),
              small.properties.uppercaseMapping.unicodeScalars.elementsEqual([scalar]) else { return 0 }
        return UInt16(small.value)
    }

    /// `isWordScalar` of every scalar of the Basic Multilingual Plane, asked of the scalar properties once.
    private static let wordScalars: [Bool] = (0..<0x10000).map { value in
        if value < 0x80 { return (value >= 0x61 && value <= 0x7A) || value == 0x27 }
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return false }
        let properties = scalar.properties
        // No capital of any kind: Hunspell takes the word as written (NOCAP).
        if properties.changesWhenLowercased || properties.isUppercase { return false }
        switch properties.generalCategory {
        case .lowercaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }
}
