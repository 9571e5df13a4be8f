import Foundation

/// Expands a Hunspell dictionary into every surface form its affix rules allow (the unmunch job).
///
/// Forms come from each .dic stem with its suffixes (and a second suffix
/// layer through continuation classes), its prefixes, and prefix + suffix
/// cross products. Forbidden stems and forms are left out; NEEDAFFIX and
/// ONLYINCOMPOUND stems give only their affixed forms; NOSUGGEST stems and
/// affixes give forms marked not suggestible. Compounds are not generated.
struct WordFormExpander {
    /// One generated word.
    struct Form: Sendable, Equatable {
        var word: String
        /// False for NOSUGGEST words: accepted, but never offered.
        var suggestible: Bool
    }

    let affixes: AffixFile
    /// Past this many forms only stems are added, so a dictionary with
    /// explosive affix rules (Hungarian, Finnish) cannot exhaust memory.
    let maximumForms: Int

    init(affixes: AffixFile, maximumForms: Int = 2_000_000) {
        self.affixes = affixes
        self.maximumForms = maximumForms
    }

    /// Every form of the dictionary at `info`, up to `maximumForms`; empty when its files cannot be read.
    ///
    /// The in-memory guesser keeps the default budget; the compiler passes `Int.max` (no dictionary stops at a cap).
    static func forms(of info: DictionaryInfo, maximumForms: Int = 2_000_000) -> [Form] {
        guard let affixes = AffixFile.load(path: info.affixPath),
              let data = FileManager.default.contents(atPath: info.wordsPath),
              let text = AffixFile.decode([UInt8](data), charset: affixes.charset) else { return [] }
        return WordFormExpander(affixes: affixes, maximumForms: maximumForms).expand(dictionaryText: text)
    }

    /// Every form of the stems in a .dic file's text (the first line, a count, is skipped).
    func expand(dictionaryText text: String) -> [Form] {
        var forms: [Form] = []
        forms.reserveCapacity(min(text.utf8.count / 2, maximumForms))
        var first = true
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            if first {
                first = false
                if line.allSatisfy({ $0.isNumber || $0 == " " }) { continue }
            }
            guard let (stem, flagText) = Self.splitEntry(line) else { continue }
            let flags = flagText.map { affixes.flags($0) } ?? .empty
            if forms.count < maximumForms {
                expand(stem: stem, flags: flags) { forms.append($0) }
            } else if !flags.contains(affixes.forbiddenWord), !flags.contains(affixes.needAffix),
                      !flags.contains(affixes.onlyInCompound) {
                forms.append(Form(word: stem, suggestible: !flags.contains(affixes.noSuggest)))
            }
        }
        return forms
    }

    /// A .dic line's word (unescaped) and its flag field.
    static func splitEntry(_ line: Substring) -> (String, Substring?)? {
        var word = ""
        var index = line.startIndex
        var flags: Substring?
        while index < line.endIndex {
            let character = line[index]
            if character == "\\", line.index(after: index) < line.endIndex, line[line.index(after: index)] == "/" {
                word.append("/")
                index = line.index(index, offsetBy: 2)
                continue
            }
            if character == "/", !word.isEmpty {
                var end = line.index(after: index)
                while end < line.endIndex, line[end] != " ", line[end] != "\t" { end = line.index(after: end) }
                flags = line[line.index(after: index)..<end]
                break
            }
            if character == "\t" || (character == " " && !word.isEmpty) { break }
            word.append(character)
            index = line.index(after: index)
        }
        let trimmed = word.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : (trimmed, flags)
    }

    /// Calls `emit` with every form of one stem.
    func expand(stem: String, flags: FlagSet, emit: (Form) -> Void) {
        if flags.contains(affixes.forbiddenWord) { return }
        let suggestible = !flags.contains(affixes.noSuggest)
        let root = Array(stem.unicodeScalars)
        func output(_ scalars: [Unicode.Scalar], _ carried: FlagSet...) {
            for set in carried where set.contains(affixes.forbiddenWord) { return }
            let hidden = carried.contains { $0.contains(affixes.noSuggest) }
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars)
            emit(Form(word: String(word), suggestible: suggestible && !hidden))
        }
        func standsAlone(_ continuation: FlagSet) -> Bool {
            !continuation.contains(affixes.needAffix) && !continuation.contains(affixes.onlyInCompound)
                && !continuation.contains(affixes.circumfix)
        }

        if !flags.contains(affixes.needAffix), !flags.contains(affixes.onlyInCompound) {
            output(root)
        }

        let prefixFlags = flags.flags.filter { affixes.prefixes[$0] != nil }
        for flag in flags.flags {
            guard let entries = affixes.suffixes[flag] else { continue }
            for suffix in entries where suffix.applies(to: root) {
                let suffixed = suffix.apply(to: root)
                let cont = suffix.continuation
                if standsAlone(cont) { output(suffixed, cont) }
                // A second suffix through the first one's continuation classes.
                for second in cont.flags {
                    guard let secondEntries = affixes.suffixes[second] else { continue }
                    for outer in secondEntries where outer.applies(to: suffixed) {
                        let twice = outer.apply(to: suffixed)
                        if standsAlone(outer.continuation) && !cont.contains(affixes.circumfix) {
                            output(twice, cont, outer.continuation)
                        }
                        guard suffix.crossProduct, outer.crossProduct else { continue }
                        for prefixFlag in prefixFlags {
                            for prefix in affixes.prefixes[prefixFlag]! where prefix.crossProduct && prefix.applies(to: twice) {
                                if prefix.continuation.contains(affixes.circumfix) != cont.contains(affixes.circumfix) { continue }
                                if prefix.continuation.contains(affixes.needAffix) || prefix.continuation.contains(affixes.onlyInCompound) { continue }
                                output(prefix.apply(to: twice), cont, outer.continuation, prefix.continuation)
                            }
                        }
                    }
                }
                guard suffix.crossProduct else { continue }
                // Prefixes of the stem, or ones the suffix allows through its continuation classes.
                let crossFlags = prefixFlags + cont.flags.filter { affixes.prefixes[$0] != nil && !prefixFlags.contains($0) }
                for prefixFlag in crossFlags {
                    for prefix in affixes.prefixes[prefixFlag]! where prefix.crossProduct && prefix.applies(to: suffixed) {
                        let circumfixed = cont.contains(affixes.circumfix)
                        if prefix.continuation.contains(affixes.circumfix) != circumfixed { continue }
                        if prefix.continuation.contains(affixes.onlyInCompound) || cont.contains(affixes.onlyInCompound) { continue }
                        output(prefix.apply(to: suffixed), cont, prefix.continuation)
                    }
                }
            }
        }
        for flag in prefixFlags {
            for prefix in affixes.prefixes[flag]! where prefix.applies(to: root) {
                let prefixed = prefix.apply(to: root)
                if standsAlone(prefix.continuation) { output(prefixed, prefix.continuation) }
                // A suffix the prefix allows through its continuation classes.
                guard prefix.crossProduct else { continue }
                for second in prefix.continuation.flags where !flags.contains(second) {
                    guard let entries = affixes.suffixes[second] else { continue }
                    for suffix in entries where suffix.crossProduct && suffix.applies(to: root) {
                        if suffix.continuation.contains(affixes.circumfix) != prefix.continuation.contains(affixes.circumfix) { continue }
                        output(prefix.apply(to: suffix.apply(to: root)), prefix.continuation, suffix.continuation)
                    }
                }
            }
        }
    }
}
