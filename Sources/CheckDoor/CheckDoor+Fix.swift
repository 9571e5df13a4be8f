import TextServices
import TextServicesProtocol

extension CheckDoor {
    /// One word `--fix` replaces.
    struct Replacement {
        var range: ByteRange
        var word: String
        var guess: String
    }

    /// The misspellings `--fix` replaces: those whose first guess is confident by the margin and mends a slip
    /// (`GuessConfidence.isSlipMend`), is no name, and whose word no other variant of its language accepts, the
    /// project's near words not putting another first, where a fix may go (`FixableText`: prose and comments, not
    /// strings unless asked) and (unless asked) not inside a code identifier.
    func replacements(for misspellings: [Misspelling], in input: CheckInput, project: Project,
                      fix: CheckFix) throws(ServiceError) -> [Replacement] {
        // With automatic languages each word is guessed in the language it was found in.
        let languages = options.languages ?? project.settings.languages?.value
        func key(_ misspelling: Misspelling) -> String { misspelling.word + "\u{0}" + (misspelling.language ?? "") }
        var words: [(key: String, word: String, languages: [String]?)] = []
        var seen = Set<String>()
        for misspelling in misspellings where seen.insert(key(misspelling)).inserted {
            words.append((key(misspelling), misspelling.word, misspelling.language.map { [$0] } ?? languages))
        }
        let outcomes = client.sendAll(words.map { SpellGuessesRequest(word: $0.word, languages: $0.languages, limit: 3, margin: true) })
        var confident: [String: String] = [:]
        var capitalised: [(key: String, lower: String, languages: [String]?)] = []
        for (entry, outcome) in zip(words, outcomes) {
            let answer = try outcome.get()
            guard let first = answer.guesses.first, GuessConfidence.isConfident(margin: answer.margin, threshold: fix.margin),
                  GuessConfidence.isSlipMend(entry.word, to: first),
                  project.words.guesses(near: entry.word, before: answer.guesses, limit: 1).first == first else { continue }
            confident[entry.key] = first
            if first.lowercased() != entry.word.lowercased(), first.lowercased() != first {
                capitalised.append((entry.key, first.lowercased(), entry.languages))
            }
        }
        func accepted(_ words: [String], languages: [String]?) throws(ServiceError) -> [Bool] {
            do {
                return try ClientWordChecking(client: client, languages: languages).accepts(words)
            } catch {
                throw ServiceError(wrapping: error)
            }
        }
        // A guess the dictionaries accept only with its capitals is a name (`Mikael` to `Michael`): the word is most
        // likely a name too, so it is reported, not fixed.
        for group in Dictionary(grouping: capitalised, by: { $0.languages?.joined(separator: ",") ?? "" }).values {
            for (entry, isAccepted) in zip(group, try accepted(group.map(\.lower), languages: group[0].languages)) where !isAccepted {
                confident[entry.key] = nil
            }
        }
        // A word another variant of its language spells so (`colour`, `initialise` checked in en_US) is that variant's
        // spelling, not a slip.
        let fixableWords = words.filter { confident[$0.key] != nil }
        if !fixableWords.isEmpty {
            let available = installedTags.tags { (try? client.send(SpellLanguagesRequest()).languages.map(\.tag)) ?? [] }
            let byLanguages = Dictionary(grouping: fixableWords, by: { ($0.languages ?? [options.languageLabel]).joined(separator: ",") })
            for (tags, group) in byLanguages {
                let own = tags.split(separator: ",").map(String.init)
                let codes = Set(own.map { LanguageTag($0)?.language ?? $0 })
                let variants = available.filter { !own.contains($0) && codes.contains(LanguageTag($0)?.language ?? $0) }
                guard !variants.isEmpty else { continue }
                for (entry, isAccepted) in zip(group, try accepted(group.map(\.word), languages: variants)) where isAccepted {
                    confident[entry.key] = nil
                }
            }
        }
        let bytes = input.text.bytes
        let fixable = confident.isEmpty ? nil : FixableText.mask(bytes, kind: documentKind(of: input, project: project),
                                                                      path: input.name, strings: fix.strings)
        return misspellings.compactMap { misspelling in
            guard let guess = confident[key(misspelling)], FixableText.allows(misspelling.range.ints, in: bytes, mask: fixable),
                  fix.identifiers || !Self.isInIdentifier(misspelling, in: bytes),
                  guess.lowercased() != misspelling.word.lowercased() || !Self.isInToken(misspelling, in: bytes) else { return nil }
            return Replacement(range: misspelling.range, word: misspelling.word, guess: guess)
        }
    }

    /// Whether a word is part of a code identifier: joined to letters, digits or `_` around it, or with a capital inside (camelCase).
    static func isInIdentifier(_ misspelling: Misspelling, in bytes: [UInt8]) -> Bool {
        func joins(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "_") || isWordByte(byte) }
        let range = misspelling.range.ints
        if range.lowerBound > 0, joins(bytes[range.lowerBound - 1]) { return true }
        if range.upperBound < bytes.count, joins(bytes[range.upperBound]) { return true }
        let letters = misspelling.word.dropFirst()
        return letters.contains(where: \.isUppercase) && !letters.allSatisfy { !$0.isLetter || $0.isUppercase }
    }

    /// Whether a word is joined by `-`, `.` or `/` to a letter or digit (`draft-murray-auth`, `lib/netscape.c`): a name's
    /// part, whose case is not changed.
    static func isInToken(_ misspelling: Misspelling, in bytes: [UInt8]) -> Bool {
        func isJoiner(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") }
        let range = misspelling.range.ints
        if range.lowerBound >= 2, isJoiner(bytes[range.lowerBound - 1]), isWordByte(bytes[range.lowerBound - 2]) { return true }
        if range.upperBound + 1 < bytes.count, isJoiner(bytes[range.upperBound]), isWordByte(bytes[range.upperBound + 1]) { return true }
        return false
    }

    /// Whether a byte is an ASCII letter or digit, or part of a character outside ASCII.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x30 && byte <= 0x39 || byte >= 0x80
    }

    /// The bytes of `text` with the replacements made (ranges in order, not overlapping).
    static func applying(_ replacements: [Replacement], to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        for replacement in replacements {
            let range = replacement.range.ints
            result += bytes[position..<range.lowerBound]
            result += Array(replacement.guess.utf8)
            position = range.upperBound
        }
        result += bytes[position...]
        return result
    }

    /// What `--fix` does with one input: the diff (`--dry-run`), or the file rewritten; the misspellings left are reported.
    func fixReport(_ input: CheckInput, misspellings: [Misspelling], project: Project, fix: CheckFix,
                   words: Int, language: String) throws(ServiceError) -> Report {
        let replacements = input.name == "-" ? [] : try replacements(for: misspellings, in: input, project: project, fix: fix)
        let fixed = Set(replacements.map(\.range.lowerBound))
        let left = misspellings.filter { !fixed.contains($0.range.lowerBound) }
        guard !replacements.isEmpty else {
            let guesses = try guessTable(for: left, project: project)
            return Report(lines: fix.dryRun ? [] : lines(for: left, in: input, guesses: guesses, language: language),
                          misspellings: left.count, words: words)
        }
        let updated = Self.applying(replacements, to: input.text.bytes)
        if fix.dryRun {
            return Report(lines: UnifiedDiff.lines(old: input.text.bytes, new: updated, path: input.name),
                          misspellings: misspellings.count, words: words)
        }
        do {
            try FileSystem.replace(input.name, expecting: input.text.bytes, with: updated)
        } catch {
            throw ServiceError(code: -32603, message: error.description)
        }
        let guesses = try guessTable(for: left, project: project)
        var report = Report(lines: lines(for: left, in: input, guesses: guesses, language: language), misspellings: left.count, words: words)
        let listed = replacements.prefix(5).map { "\($0.word) -> \($0.guess)" }.joined(separator: ", ")
        report.notes = ["\(input.name): fixed \(replacements.count) (\(listed)\(replacements.count > 5 ? ", ..." : ""))"]
        return report
    }
}
