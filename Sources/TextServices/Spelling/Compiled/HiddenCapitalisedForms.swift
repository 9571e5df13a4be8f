/// The lower case of every form a hidden capitalised homonym may give (`CaseInference.hiddenCapitalised`), held without
/// expanding the stems whose flags give every stem the same endings.
///
/// Flags *end uniformly* when they name no prefix group and every suffix
/// entry they reach (their own, and those of the continuation classes on
/// them) strips nothing, has no condition and names no prefix group: the
/// expander then gives any stem the same endings after it. A stem with such
/// flags is kept as a head (its lower case, and that of its capitalised
/// spelling) with its flags' endings, expanded once per set of flags; any
/// other stem's forms are expanded and kept one by one. Basque's 864 acronyms
/// (`EAJ/23,1`) gave tens of millions of forms that way, and are 47 sets of
/// endings. `contains` answers as the set of every form would for a word of
/// scalars that map and compare on their own (`isPlainScript`); any other word
/// is taken to be held while some endings are, so the compiler asks Hunspell
/// about it. Thread-safe (immutable).
struct HiddenCapitalisedForms: Sendable, Equatable {
    /// Every form kept one by one, lower-cased, and the lower case of every stem.
    private var expanded = CompactStringSet()
    /// Per head, the indices in `endings` of the flags it takes.
    private(set) var heads: [String: [Int]] = [:]
    /// Per set of flags that end uniformly, the lower case of every ending they give (the empty one for the bare stem).
    private var endings: [Set<String>] = []
    /// The UTF-8 length of the longest head.
    private var longestHead = 0

    init() {}

    /// Whether `word` (in lower case) may be the lower case of a form; exact for a word of `isPlainScript` scalars.
    func contains(_ word: String) -> Bool {
        if expanded.contains(word) { return true }
        guard !heads.isEmpty else { return false }
        let scalars = word.unicodeScalars
        guard scalars.allSatisfy(Self.isPlainScript) else { return true }
        var cut = scalars.startIndex, bytes = 0
        while cut < scalars.endIndex {
            bytes += scalars[cut].utf8.count
            guard bytes <= longestHead else { return false }
            cut = scalars.index(after: cut)
            guard let flagSets = heads[String(scalars[..<cut])] else { continue }
            let rest = String(scalars[cut...])
            for index in flagSets where endings[index].contains(rest) { return true }
        }
        return false
    }

    /// Whether the lower case and canonical form of a scalar are its own alone: one below the combining marks
    /// (U+0300), or a Cyrillic one that is not a combining mark (U+0400-U+0482, U+048A-U+052F).
    ///
    /// None of them composes with a neighbour, none has a decomposition
    /// another sequence of them shares, and none but the Greek capital sigma
    /// (not among them) lower-cases by its context in ICU's root locale. So a
    /// string of them lower-cases as its parts do, one after another, and
    /// equals another such string exactly when their scalars are equal.
    @inline(__always)
    static func isPlainScript(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x300 || (0x400..<0x483).contains(value) || (0x48A..<0x530).contains(value)
    }

    /// Builds the forms from the .dic lines of stems that have a hidden capitalised homonym.
    struct Builder {
        private let affixes: AffixFile
        private let expander: WordFormExpander
        private var forms = HiddenCapitalisedForms()
        /// Per set of flags, the index of its endings, or nil when they do not end uniformly.
        private var endingsOfFlags: [[UInt32]: Int?] = [:]

        init(affixes: AffixFile) {
            self.init(affixes: affixes, expander: WordFormExpander(affixes: affixes, maximumForms: .max))
        }

        /// A builder that expands with `expander` (of `affixes`, with no bounds).
        init(affixes: AffixFile, expander: WordFormExpander) {
            self.affixes = affixes
            self.expander = expander
        }

        /// Adds the forms Hunspell's hidden homonym of `stem` (and the stem's lower case) gives with `flags`.
        mutating func add(stem: String, flags: FlagSet) {
            let lower = CaseVariants.lower(stem)
            forms.expanded.insert(lower)
            let spellings = [lower, CaseVariants.capitalised(lower)], heads = Set(spellings.map(CaseVariants.lower))
            if ([stem] + spellings + heads).allSatisfy(Self.isPlain), let index = uniformEndings(flags, stem: lower) {
                for head in heads {
                    if forms.heads[head, default: []].contains(index) { continue }
                    forms.heads[head, default: []].append(index)
                    forms.longestHead = max(forms.longestHead, head.utf8.count)
                }
                return
            }
            for spelling in spellings {
                expander.expand(stem: Array(spelling.unicodeScalars), flags: flags) { scalars, _, _, _ in
                    var form = String.UnicodeScalarView()
                    form.append(contentsOf: scalars)
                    forms.expanded.insert(CaseVariants.lower(String(form)))
                }
            }
        }

        /// The forms added.
        func finished() -> HiddenCapitalisedForms { forms }

        private static func isPlain(_ text: String) -> Bool { text.unicodeScalars.allSatisfy(HiddenCapitalisedForms.isPlainScript) }

        /// The index of the endings of `flags` when they end uniformly, expanded from `stem` the first time; nil otherwise.
        private mutating func uniformEndings(_ flags: FlagSet, stem: String) -> Int? {
            if let known = endingsOfFlags[flags.flags] { return known }
            var found: Int?
            if endsUniformly(flags) {
                let root = Array(stem.unicodeScalars)
                var tails = Set<String>(), plain = true
                expander.expand(stem: root, flags: flags) { scalars, _, _, _ in
                    guard plain, scalars.count >= root.count, scalars[..<root.count].elementsEqual(root) else {
                        plain = false
                        return
                    }
                    var tail = String.UnicodeScalarView()
                    tail.append(contentsOf: scalars[root.count...])
                    let text = String(tail), lower = CaseVariants.lower(text)
                    if !Self.isPlain(text) || !Self.isPlain(lower) { plain = false }
                    tails.insert(lower)
                }
                if plain {
                    found = forms.endings.count
                    forms.endings.append(tails)
                }
            }
            endingsOfFlags[flags.flags] = .some(found)
            return found
        }

        /// Whether `flags` end uniformly: the expander gives every stem the same endings after it.
        private func endsUniformly(_ flags: FlagSet) -> Bool {
            func plainSuffixes(_ flag: UInt32) -> Bool {
                affixes.suffixes[flag]?.allSatisfy { $0.strip.isEmpty && $0.condition.elements.isEmpty } ?? true
            }
            for flag in flags.flags {
                if affixes.prefixes[flag] != nil || !plainSuffixes(flag) { return false }
                for entry in affixes.suffixes[flag] ?? [] {
                    for next in entry.continuation.flags where affixes.prefixes[next] != nil || !plainSuffixes(next) { return false }
                }
            }
            return true
        }
    }
}
