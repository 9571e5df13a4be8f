/// What one language's sentence ends look like: its abbreviations, whether it writes ordinals, and its sentence starters.
///
/// Read from `dictionaries/sentences/<language>.txt`, which
/// `scripts/make-sentence-data.py` learns from real text (Punkt-style). After
/// ICU puts a sentence boundary behind a period, `joins(_:at:)` says whether
/// the period belongs to an abbreviation, an ordinal or an initial instead, so
/// the boundary is dropped. Immutable and thread-safe.
public struct SentenceAbbreviations: Sendable, Equatable {
    /// The language the data is for ("de").
    public let language: String
    /// Abbreviations that join whatever follows ("Dr", "z.B", "ca").
    public let titles: Set<String>
    /// Abbreviations that join unless a sentence starter follows ("usw", "Inc").
    public let abbreviations: Set<String>
    /// Capitalised words that mostly start sentences ("The", "Die").
    public let starters: Set<String>
    /// Whether a number of one to three digits with a period is an ordinal ("am 21. Januar").
    public let writesOrdinals: Bool
    /// How many starters a language's data needs before they, not capitals, say where a sentence starts after a unit.
    ///
    /// Bulgarian's data holds 24 (a few hundred fortune cookies), every other language's more than 200.
    static let startersThatTell = 100

    public init(language: String, titles: Set<String>, abbreviations: Set<String>, starters: Set<String>,
                writesOrdinals: Bool) {
        self.language = language
        self.titles = titles
        self.abbreviations = abbreviations
        self.starters = starters
        self.writesOrdinals = writesOrdinals
    }

    /// Parses a data file: `ordinals yes|no`, `title KEY`, `abbreviation KEY`, `starter WORD`; `#` starts a comment line.
    ///
    /// Throws `.invalidArgument` naming the line of a line it does not know.
    public init(language: String, contents: String) throws(TextServicesError) {
        var titles = Set<String>(), abbreviations = Set<String>(), starters = Set<String>()
        var ordinals = false
        for (index, line) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else {
                throw .invalidArgument(argument: "sentences/\(language).txt", reason: "line \(index + 1) is not 'KIND VALUE'")
            }
            let value = String(parts[1])
            switch parts[0] {
            case "ordinals": ordinals = value == "yes"
            case "title": titles.insert(value)
            case "abbreviation": abbreviations.insert(value)
            case "starter": starters.insert(value)
            default:
                throw .invalidArgument(argument: "sentences/\(language).txt", reason: "line \(index + 1) has an unknown kind '\(parts[0])'")
            }
        }
        self.init(language: language, titles: titles, abbreviations: abbreviations, starters: starters,
                  writesOrdinals: ordinals)
    }

    /// The offset before the closing quotes and brackets that end at `end` (`!"`, `?»`, `!”)`).
    static func beforeClosingMarks(_ bytes: [UInt8], _ end: Int) -> Int {
        var index = end
        while index > 0 {
            switch bytes[index - 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                index -= 1
            case 0xBB where index >= 2 && bytes[index - 2] == 0xC2:
                index -= 2
            case let byte where (byte == 0x9D || byte == 0x99) && index >= 3 && bytes[index - 3] == 0xE2 && bytes[index - 2] == 0x80:
                index -= 3
            default:
                return index
            }
        }
        return index
    }

    /// `beforeClosingMarks(_:_:)`, also past the quotes German and Czech close with (`«`, `“`, `‘`, `‹`, `›`) when a `!` or `?` stands right before them.
    ///
    /// `»*«, »?« und`, `„Wo?“ fragte er`: glued to the mark, these close a quote; elsewhere (`. « Il`) they may open one.
    static func beforeClosingMarksAfterMark(_ bytes: [UInt8], _ end: Int) -> Int {
        let plain = beforeClosingMarks(bytes, end)
        guard plain > 0, [0xAB, 0x9C, 0x98, 0xB9, 0xBA].contains(bytes[plain - 1]) else { return plain }
        var index = plain
        while index > 0 {
            let plain = beforeClosingMarks(bytes, index)
            if plain < index {
                index = plain
            } else if index >= 2, bytes[index - 2] == 0xC2, bytes[index - 1] == 0xAB {
                index -= 2
            } else if index >= 3, bytes[index - 3] == 0xE2, bytes[index - 2] == 0x80,
                      [0x9C, 0x98, 0xB9, 0xBA].contains(bytes[index - 1]) {
                index -= 3
            } else {
                break
            }
        }
        guard index < plain, index > 0, bytes[index - 1] == UInt8(ascii: "!") || bytes[index - 1] == UInt8(ascii: "?") else {
            return plain
        }
        return index
    }

    /// Whether the sentence boundary ICU found at byte `boundary` of `bytes` is not a sentence end.
    ///
    /// Only a boundary behind a period and spaces (no line or paragraph
    /// break) is ever joined: after a title abbreviation always; after another
    /// abbreviation, an ordinal (a number of up to three digits after a
    /// lower-case word), or a single capital letter (an initial) when
    /// the next word is not a sentence starter (an initial also needs a
    /// capitalised word after it); and inside a spaced abbreviation ("z. B.")
    /// whose joined form ("z.B") is listed. A `!` or `?` before a lower-case
    /// word, closing quotes or brackets between them or not, ends no sentence either, as ICU already rules for periods
    /// (but a `?` glued to a word, alone or ending a run of marks, does, and so does a glued `!` in a line that starts
    /// in lower case; a German closing quote glued to the mark, `»?« und`, counts as closing), nor
    /// does a terminator glued to the next character (`.Z`, `(!=)`). A bracketed ellipsis (`(...)`, `[...]`) after a
    /// sentence end opens the sentence after it, and at a line's end closes the one before. Looks at a few bytes on
    /// each side; no allocation beyond the two short keys.
    public func joins(_ bytes: [UInt8], at boundary: Int) -> Bool {
        joins(bytes, at: boundary, label: true)
    }

    /// `joins(_:at:)`, with the rule for a list's label only when `label` (it looks one period back, once).
    private func joins(_ bytes: [UInt8], at boundary: Int, label: Bool) -> Bool {
        guard boundary > 0, boundary < bytes.count else { return false }
        if let end = Self.bracketedEllipsis(bytes, from: boundary), Self.endsLine(bytes, from: end) {
            return true  // `for all! [...]` at a paragraph's end: the cut text belongs to the sentence before
        }
        if Self.followsBracketedEllipsisAtStart(bytes, boundary) {
            return true  // `matchs. (...) Les universités`: an ellipsis between sentences opens the one after
        }
        var period = boundary
        while period > 0 {
            let byte = bytes[period - 1]
            if byte == 0x20 || byte == 0x09 {
                period -= 1
            } else if byte == 0xA0, period >= 2, bytes[period - 2] == 0xC2 {
                period -= 2
            } else {
                break
            }
        }
        guard period < boundary else {
            // A terminator glued to what follows ("(!=)", "#!/bin/sh", ".Z") ends no sentence.
            let glued = bytes[boundary - 1]
            return (glued == UInt8(ascii: ".") || glued == UInt8(ascii: "!") || glued == UInt8(ascii: "?"))
                && !(UTF8Scalars.at(bytes, boundary)?.0.properties.isWhitespace ?? true)
        }
        guard period > 0 else { return false }
        if let (closing, after) = UTF8Scalars.at(bytes, boundary), "»”)]\"".unicodeScalars.contains(closing),
           UTF8Scalars.at(bytes, after).map({ !$0.0.isLetter && $0.0.properties.numericType == nil
                   && !(closing == "\"" && SentenceKey.openers.unicodeScalars.contains($0.0)) }) ?? true,
           [UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?")].contains(bytes[period - 1]),
           closing != "\"" || !Self.capitalAfterSpaces(bytes, after) || Self.closesAQuote(bytes, boundary) {
            // `« Tu viens ? »`, `PS1="What next, master? " changes`: a closing quote after a spaced mark starts nothing
            // (opens(_:at:) cuts after it); German `»Nicht«` opens with the same sign, glued to its word, and so
            // does a straight quote glued to the word it opens, or, before a capital, the first of a pair on its line
            // (French `fin. " Il part "`).
            return true
        }
        let next = NextWord(bytes, at: boundary)
        let terminator = Self.beforeClosingMarksAfterMark(bytes, period)
        if terminator > 0, bytes[terminator - 1] == UInt8(ascii: "!") || bytes[terminator - 1] == UInt8(ascii: "?") {
            // textsvcd: disable-next-line (the last example is Italian)
            // "Yahoo! is", "which is ! by default", "«Basta!» disse": ICU's own rule for periods (SB8), for ! and ? too.
            if terminator == period, bytes[period - 1] == UInt8(ascii: "?") {
                // A `?` glued to a word, or a run of marks glued to one that ends in it (`quality???`), ends its
                // sentence (`where did you grow up? india?`).
                var mark = period - 1
                while mark > 0, bytes[mark - 1] == UInt8(ascii: "!") || bytes[mark - 1] == UInt8(ascii: "?") { mark -= 1 }
                if let (before, _) = UTF8Scalars.before(bytes, mark), before.isLetter { return false }
            }
            let lowerCase = next.word.unicodeScalars.first?.properties.isLowercase ?? false
            if lowerCase, terminator == period {
                // In a line that starts in lower case, a writer who does not capitalise (chat: `i don't know why he
                // won't eat though! i have tried`), a `!` glued to a word ends its sentence before a lower-case word too.
                var mark = period - 1
                while mark > 0, bytes[mark - 1] == UInt8(ascii: "!") || bytes[mark - 1] == UInt8(ascii: "?") { mark -= 1 }
                if UTF8Scalars.before(bytes, mark).map({ $0.0.isLetter }) ?? false, Self.lineStartsLowerCase(bytes, before: mark) {
                    return false
                }
            }
            return lowerCase
        }
        guard bytes[period - 1] == UInt8(ascii: ".") else { return false }
        if Self.staysInBrackets(bytes, period: period - 1, boundary: boundary) { return true }
        guard var key = SentenceKey(bytes, period: period - 1) else { return false }
        if case .word(let word, let scalars) = key, let dot = word.utf8.lastIndex(of: UInt8(ascii: ".")),
           !titles.contains(word), !abbreviations.contains(word) {
            let last = String(word[word.utf8.index(after: dot)...])
            if titles.contains(last) || abbreviations.contains(last), period - 2 - last.utf8.count >= 0,
               bytes[period - 2 - last.utf8.count] == 0x20 {
                // A spaced key no list holds whose last word a list holds (`out. Dr`, keyed `out.Dr`) is that word:
                // `out.` ended a sentence.
                key = .word(last, scalars: scalars)
            }
        }
        // A letter with a period after it is an initial (`av. J.-C.`), not the starter word it spells (French `J'ai`).
        let isInitial = next.word.unicodeScalars.count == 1 && next.end < bytes.count && bytes[next.end] == UInt8(ascii: ".")
        let startsSentence = next.isCapitalised && !isInitial && starters.contains(next.word)
        switch key {
        case .word(let word, let scalars):
            // `Mm. Alright.`, `Hmm. Now`: a hesitation ends its sentence, whatever a list of units says (`mm`).
            if Self.isHesitation(word) { return false }
            if titles.contains(word) { return true }
            if scalars <= 3, next.end < bytes.count, bytes[next.end] == UInt8(ascii: "."),
               (1...2).contains(next.word.unicodeScalars.count) {
                // The first half of a spaced abbreviation ("z. B.", "т. е."), keyed as "z.B".
                let joined = word + "." + next.word
                if titles.contains(joined) || abbreviations.contains(joined) { return true }
            }
            if abbreviations.contains(word) {
                // A unit after a number before a capitalised word ends its sentence (`над 10 000 лв. Предполага`),
                // unless that word is abbreviated too (an era: `493 av. J.-C.`, `40 v. Chr.`). Where the data knows
                // the language's sentence starters, they tell instead (German nouns: `2,5 Mio. Euro`).
                if next.isCapitalised, starters.count < Self.startersThatTell,
                   !(next.end < bytes.count && bytes[next.end] == UInt8(ascii: ".")),
                   Self.followsNumber(bytes, period - 1 - word.utf8.count) { return false }
                // An era after a year (`około 1600 r. p.n.e. Kananejskie`) ends its sentence before a capitalised word
                // too, in every language, unless the sentence so far is a date (`1 stycznia 49 r. p.n.e. Marek`).
                if word.utf8.contains(UInt8(ascii: ".")), next.isCapitalised,
                   !(next.end < bytes.count && bytes[next.end] == UInt8(ascii: ".")),
                   let number = Self.amountBefore(bytes, period - 1 - word.utf8.count), !opensWithDate(bytes, number: number) {
                    return false
                }
                return !startsSentence
            }
            if scalars == 1, word.unicodeScalars.count == 1, word.unicodeScalars.first!.properties.isLowercase,
               next.isCapitalised, Self.standsAlone(bytes, before: period - 1 - word.utf8.count) {
                // An era: one lower-case letter before a capitalised abbreviation of up to three letters with its own
                // period (`n. Chr.`, `v. Chr.`, `a. C.`, `d. C.`); what follows the era decides as after any other key.
                if (1...3).contains(next.word.unicodeScalars.count), Self.isLowerOrTitleCase(next.word),
                   next.end < bytes.count, bytes[next.end] == UInt8(ascii: ".") { return true }
                // A year's unit that closes a date opening its sentence (`W 1955 r. Mishima`,
                // `9 września 2009 r. Aldrin`): a date alone is no sentence.
                if let number = Self.yearBefore(bytes, period - 1 - word.utf8.count), opensWithDate(bytes, number: number) {
                    return true
                }
            }
            if scalars == 1, let letter = word.unicodeScalars.first, word.unicodeScalars.count == 1,
               (0x370...0x52F).contains(letter.value), letter.properties.isLowercase,
               Self.standsAlone(bytes, before: period - 1 - word.utf8.count),
               !Self.followsNumber(bytes, period - 1 - word.utf8.count) {
                // One lower-case Greek or Cyrillic letter ("г. Москва", "с. Тополчане", "м. Київ"): no variable is
                // written so, and the one-letter words of these languages (prepositions, conjunctions) end no sentence.
                // After a number it is a unit that often does ("през 2003 г. Забрана").
                return !startsSentence
            }
            if (2...4).contains(scalars), !word.utf8.contains(UInt8(ascii: ".")), !Self.hasVowel(word), Self.isLowerOrTitleCase(word),
               word.unicodeScalars.first!.properties.isUppercase || word.unicodeScalars.first!.value >= 0x370,
               starters.count >= Self.startersThatTell || !Self.followsNumber(bytes, period - 1 - word.utf8.count) {
                // A word without a vowel is an abbreviation (`Mrs`, `Drs`, `Nr`, `пл`, `гр`, `млрд`, `3 Std. Anfahrt`),
                // unless it is a unit after a number where the data cannot tell a sentence starter ("10 000 лв.") or,
                // in Latin letters and lower case, a command's name ("xz", "cd").
                return !startsSentence
            }
            if let (first, _) = UTF8Scalars.at(bytes, boundary), first.properties.numericType != nil, scalars <= 3,
               !word.utf8.contains(UInt8(ascii: ".")), Self.isLowerOrTitleCase(word),
               scalars == 1 || word.unicodeScalars.first!.properties.isUppercase,
               Self.standsAlone(bytes, before: period - 1 - word.utf8.count) {
                // One letter, or a capitalised word of up to three, before a number: "c. 1230", "p. 12", "L. 90.000", "Dec. 25"
                // (four letters are a word that ends its sentence as often: `Cuba. 42`, `Rome. 1574`, unless a list holds it).
                return true
            }
            // A name's bracketed part may follow its initials (`G.R. (Fred) Walter`, `T.A. (Tecnologie d'Avanguardia)`).
            guard next.isCapitalised || (bytes[boundary] == UInt8(ascii: "(") && NextWord(bytes, at: boundary + 1).isCapitalised)
            else { return false }
            // `dr. B. Plesch` is keyed `dr.B`: its last part is the initial.
            let initial = Self.isInitials(word) || (word.utf8.contains(UInt8(ascii: ".")) && Self.isInitials(String(word.split(separator: ".").last ?? "")))
            guard initial, Self.initialStandsAlone(bytes, period: period - 1) else { return false }
            // An initial before another ("A. I. Rabin") joins even when that letter is a word that starts sentences, and
            // so does a run of initials that opens its sentence (`P.S. I am moving`, `N.B. The`): no sentence is only
            // that. One letter may be one (`O. | Okay.`, a word spelled out).
            return !startsSentence
                || (Self.isInitials(word) && word.utf8.contains(UInt8(ascii: ".")) && SentenceKey.startsSentence(bytes, period - 1 - word.utf8.count))
        case .number(let digits, let midSentence, let atStart):
            // A list's label ("wollten. 4. Die gängige Auffassung", "947. Mutamenti del letto") starts its sentence,
            // unless the period before it is an abbreviation's ("op nr. 29. Bijna").
            if label, atStart, digits <= 4, next.isCapitalised,
               !joins(bytes, at: period - 1 - digits, label: false) { return true }
            return writesOrdinals && digits <= 3 && midSentence && !startsSentence
        }
    }

    /// Whether the period at `period` stands inside parentheses that close after `boundary` before any other terminator (`(мал. 285)`, `(distr. da Palazzo)`).
    ///
    /// A sentence that ended there would leave the rest of the parenthesis
    /// without an end of its own. Looks back at most 120 bytes and ahead at most 80, on one line.
    static func staysInBrackets(_ bytes: [UInt8], period: Int, boundary: Int) -> Bool {
        var index = period
        let lowest = max(0, period - 120)
        var opened = false
        scan: while index > lowest {
            index -= 1
            switch bytes[index] {
            case UInt8(ascii: "("): opened = true; break scan
            case UInt8(ascii: ")"), UInt8(ascii: "\n"): return false
            default: continue
            }
        }
        guard opened else { return false }
        var ahead = period + 1
        let highest = min(bytes.count, boundary + 80)
        while ahead < highest {
            switch bytes[ahead] {
            case UInt8(ascii: ")"): return ahead >= boundary
            case UInt8(ascii: "("), UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: "\n"): return false
            default: ahead += 1
            }
        }
        return false
    }

    /// The offset after a bracketed ellipsis (`(...)`, `[...]`, `[…]`) that starts at `start`, or nil.
    static func bracketedEllipsis(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start + 2 < bytes.count else { return nil }
        let close: UInt8
        switch bytes[start] {
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        case UInt8(ascii: "["): close = UInt8(ascii: "]")
        default: return nil
        }
        var index = start + 1
        if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA6 {
            index += 3
        } else {
            while index < bytes.count, bytes[index] == UInt8(ascii: ".") { index += 1 }
            guard index - start - 1 == 3 else { return nil }
        }
        return index < bytes.count && bytes[index] == close ? index + 1 : nil
    }

    /// Whether a currency sign (`$`, `€`, `£`) right before a digit starts at `offset` (`$205m`, `€5`): it opens a sentence as a number does.
    static func currencyBeforeDigit(_ bytes: [UInt8], _ offset: Int) -> Bool {
        let width: Int
        switch bytes[offset] {
        case UInt8(ascii: "$"): width = 1
        case 0xE2 where offset + 2 < bytes.count && bytes[offset + 1] == 0x82 && bytes[offset + 2] == 0xAC: width = 3
        case 0xC2 where offset + 1 < bytes.count && bytes[offset + 1] == 0xA3: width = 2
        default: return false
        }
        return offset + width < bytes.count && bytes[offset + width] >= UInt8(ascii: "0") && bytes[offset + width] <= UInt8(ascii: "9")
    }

    /// Whether only spaces stand between `offset` and the end of its line or of the text.
    static func endsLine(_ bytes: [UInt8], from offset: Int) -> Bool {
        var index = offset
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index == bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D
    }

    /// Whether the spaces before `boundary` follow a bracketed ellipsis that itself follows a sentence end or a line's start.
    static func followsBracketedEllipsisAtStart(_ bytes: [UInt8], _ boundary: Int) -> Bool {
        var end = boundary
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        guard end < boundary, end >= 5, bytes[end - 1] == UInt8(ascii: ")") || bytes[end - 1] == UInt8(ascii: "]") else { return false }
        guard let start = [end - 5, end - 3].first(where: { $0 >= 0 && bracketedEllipsis(bytes, from: $0) == end }) else { return false }
        var before = start
        while before > 0, bytes[before - 1] == 0x20 || bytes[before - 1] == 0x09 { before -= 1 }
        guard before > 0, bytes[before - 1] != 0x0A else { return true }
        guard before < start else { return false }
        let terminator = beforeClosingMarks(bytes, before)
        guard terminator > 0 else { return false }
        return [UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?")].contains(bytes[terminator - 1])
    }

    /// Whether spaces and then an upper-case letter or a digit follow at `offset`.
    static func capitalAfterSpaces(_ bytes: [UInt8], _ offset: Int) -> Bool {
        var index = offset
        guard index < bytes.count, bytes[index] == 0x20 else { return false }
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        guard let (scalar, _) = UTF8Scalars.at(bytes, index) else { return false }
        return scalar.properties.isUppercase || scalar.properties.numericType != nil
    }

    /// Whether the straight quote at `offset` closes one its line opened: an odd number of straight quotes stands before it on its line.
    ///
    /// Looks back at most 1,000 bytes; a longer line counts as not.
    static func closesAQuote(_ bytes: [UInt8], _ offset: Int) -> Bool {
        guard let start = lineStart(bytes, before: offset) else { return false }
        return bytes[start..<offset].lazy.filter { $0 == UInt8(ascii: "\"") }.count % 2 == 1
    }

    /// Where the line that holds `offset` starts (after its line feed or carriage return, or at 0); nil when that is
    /// more than 1,000 bytes back, which the line tests count as no line of theirs.
    static func lineStart(_ bytes: [UInt8], before offset: Int) -> Int? {
        var start = offset
        let lowest = max(0, offset - 1000)
        while start > lowest, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        return start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D ? start : nil
    }

    /// Whether the line that holds `offset` starts with a lower-case letter before it (spaces and opening quotes or brackets allowed before that letter; not an option's `-v`): a writer who does not capitalise.
    ///
    /// Looks back at most 1,000 bytes; a longer line counts as not.
    static func lineStartsLowerCase(_ bytes: [UInt8], before offset: Int) -> Bool {
        guard var index = lineStart(bytes, before: offset) else { return false }
        while index < offset, let (scalar, next) = UTF8Scalars.at(bytes, index) {
            if scalar.isLetter { return scalar.properties.isLowercase }
            guard scalar.properties.isWhitespace || SentenceKey.openers.unicodeScalars.contains(scalar) else { return false }
            index = next
        }
        return false
    }

    /// Whether a word holds a vowel: a, e, i, o, u or y, a Cyrillic vowel (ъ too, Bulgarian's), or any accented Latin letter.
    static func hasVowel(_ word: String) -> Bool {
        word.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0xC0...0x24F: return true
            case 0x41...0x7A: return "aeiouyAEIOUY".unicodeScalars.contains(scalar)
            default: return "аеёиоуыэюяіїєъАЕЁИОУЫЭЮЯІЇЄЪ".unicodeScalars.contains(scalar)
            }
        }
    }

    /// Whether a word is all lower-case, or one capital before lower-case letters ("Mrs", "пл"; not "PHP").
    static func isLowerOrTitleCase(_ word: String) -> Bool {
        word.unicodeScalars.dropFirst().allSatisfy { $0.properties.isLowercase }
    }

    /// Whether the token that ends at `end` (spaces between) is a number ("2003 г.").
    static func followsNumber(_ bytes: [UInt8], _ end: Int) -> Bool {
        var index = end
        while index > 0, bytes[index - 1] == 0x20 { index -= 1 }
        return index < end && index > 0 && bytes[index - 1] >= UInt8(ascii: "0") && bytes[index - 1] <= UInt8(ascii: "9")
    }

    /// Where the year (a number of three or four digits standing alone) that ends before `end`, spaces between, starts, or nil.
    static func yearBefore(_ bytes: [UInt8], _ end: Int) -> Int? {
        var index = end
        while index > 0, bytes[index - 1] == 0x20 { index -= 1 }
        guard index < end else { return nil }
        var start = index
        while start > 0, bytes[start - 1] >= UInt8(ascii: "0"), bytes[start - 1] <= UInt8(ascii: "9") { start -= 1 }
        guard (3...4).contains(index - start), standsAlone(bytes, before: start) else { return nil }
        return start
    }

    /// Where the number that ends before `start`, spaces and a one-letter unit with its period allowed between (`1600 r. p.n.e.`, `330 v. Chr.`), starts, or nil.
    ///
    /// The number stands alone (not `2:30 p.m.`).
    static func amountBefore(_ bytes: [UInt8], _ start: Int) -> Int? {
        var index = start
        while index > 0, bytes[index - 1] == 0x20 { index -= 1 }
        guard index < start else { return nil }
        if index >= 2, bytes[index - 1] == UInt8(ascii: "."), let (letter, before) = UTF8Scalars.before(bytes, index - 1),
           letter.isLetter, letter.properties.isLowercase, before > 0, bytes[before - 1] == 0x20 {
            index = before
            while index > 0, bytes[index - 1] == 0x20 { index -= 1 }
        }
        var digits = index
        while digits > 0, bytes[digits - 1] >= UInt8(ascii: "0"), bytes[digits - 1] <= UInt8(ascii: "9") { digits -= 1 }
        guard digits < index, standsAlone(bytes, before: digits) else { return nil }
        return digits
    }

    /// Whether the number at `number` follows only a date's first words since its sentence's start (`W 1955`, `W styczniu 2011`, `9 września 2009`).
    ///
    /// One or two words or numbers stand before it, spaces alone between them: the first a number (a day) or
    /// a sentence starter of the language of one or two letters (a preposition: `W`, `Od`, `В`, `V`), the
    /// other a number or a lower-case word; not `Było ich 900 k.`
    func opensWithDate(_ bytes: [UInt8], number: Int) -> Bool {
        var index = number
        var words: [String] = []
        while !SentenceKey.startsSentence(bytes, index) {
            guard words.count < 2 else { return false }
            var end = index
            while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
            guard end < index else { return false }
            var start = end
            while let (scalar, previous) = UTF8Scalars.before(bytes, start), scalar.isLetter || scalar.properties.numericType != nil {
                start = previous
            }
            guard start < end else { return false }  // a comma, a quote, a bracket: more than a date
            words.append(String(decoding: bytes[start..<end], as: UTF8.self))
            index = start
        }
        guard let first = words.last else { return false }  // `2011 r.` alone: a unit's amount may be a sentence (`900 k.`)
        func isNumber(_ word: String) -> Bool { word.unicodeScalars.first!.properties.numericType != nil }
        return (isNumber(first) || first.unicodeScalars.count <= 2 && starters.contains(first))
            && words.dropLast().allSatisfy { isNumber($0) || $0.unicodeScalars.first!.properties.isLowercase }
    }

    /// Whether the token that starts at `start` stands alone: at the text's start or after a space or an opening bracket or quote.
    ///
    /// An apostrophe glued to a letter is inside a word (`isn't`, `ім'я`), not a quote that opens one.
    static func standsAlone(_ bytes: [UInt8], before start: Int) -> Bool {
        guard let (scalar, previous) = UTF8Scalars.before(bytes, start) else { return true }
        if scalar == "'", let (letter, _) = UTF8Scalars.before(bytes, previous), letter.isLetter { return false }
        return scalar.properties.isWhitespace || SentenceKey.openers.unicodeScalars.contains(scalar)
    }

    /// Whether the capital at `offset` follows `? »`, `! ”` or `. »` written with spaces (French typography), where ICU cut before the closing mark.
    func followsSpacedClosingMark(_ bytes: [UInt8], _ offset: Int) -> Bool {
        var end = offset
        while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
        let closing = Self.beforeClosingMarks(bytes, end)
        guard end < offset, closing < end else { return false }
        var terminator = closing
        while terminator > 0, bytes[terminator - 1] == 0x20 || (bytes[terminator - 1] == 0xA0 && terminator >= 2 && bytes[terminator - 2] == 0xC2) {
            terminator -= bytes[terminator - 1] == 0xA0 ? 2 : 1
        }
        guard terminator < closing, terminator > 0 else { return false }
        // A straight quote that opens a pair (French `fin. " Il part "`) is no closing mark.
        if bytes[closing] == UInt8(ascii: "\""), !Self.closesAQuote(bytes, closing) { return false }
        switch bytes[terminator - 1] {
        case UInt8(ascii: "!"), UInt8(ascii: "?"):
            return true
        case UInt8(ascii: "."):
            guard case .word(let word, _)? = SentenceKey(bytes, period: terminator - 1) else { return false }
            return !titles.contains(word) && !abbreviations.contains(word) && !Self.isInitials(word)
        default:
            return false
        }
    }

    /// The first scalar at or after `offset` that is not an opening quote or bracket or a Spanish opening mark (`- "Avete`, `— «Sì`, `- ¿Qué`).
    static func scalarAfterOpeningQuotes(_ bytes: [UInt8], _ offset: Int) -> Unicode.Scalar? {
        var index = offset
        while let (scalar, next) = UTF8Scalars.at(bytes, index) {
            guard SentenceKey.openers.unicodeScalars.contains(scalar) || scalar == "»" || scalar == "”" || scalar == "¿" || scalar == "¡"
            else { return scalar }
            index = next
        }
        return nil
    }

    /// Whether the letter before the period at `period` stands after a space, an opening bracket or quote, or another initial's period.
    ///
    /// An option or a key glued to a dash or a caret (`-X.`, `Control-N.`, `^X.`) is no initial; a hyphenated
    /// first name's second initial (`J.-P.`) is.
    static func initialStandsAlone(_ bytes: [UInt8], period: Int) -> Bool {
        guard let (_, letter) = UTF8Scalars.before(bytes, period) else { return false }
        guard let (scalar, before) = UTF8Scalars.before(bytes, letter) else { return true }
        if scalar == "-" { return before > 0 && bytes[before - 1] == UInt8(ascii: ".") }
        return scalar.properties.isWhitespace || scalar == "." || SentenceKey.openers.unicodeScalars.contains(scalar)
    }

    /// Whether a word is a hesitation sound: two to six of the letters h and m, an m among them, capitalised and the rest in lower case (`Mm`, `Hmm`, `Mhm`; not the unit `hm`).
    static func isHesitation(_ word: String) -> Bool {
        let bytes = word.utf8
        guard (2...6).contains(bytes.count), let first = bytes.first, first == UInt8(ascii: "H") || first == UInt8(ascii: "M")
        else { return false }
        var hasM = first == UInt8(ascii: "M")
        for byte in bytes.dropFirst() {
            guard byte == UInt8(ascii: "h") || byte == UInt8(ascii: "m") else { return false }
            hasM = hasM || byte == UInt8(ascii: "m")
        }
        return hasM
    }

    /// Whether a key is one or more initials: single capital letters joined by periods ("A", "J.M", "H.R.F").
    static func isInitials(_ key: String) -> Bool {
        key.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            part.unicodeScalars.count == 1 && part.unicodeScalars.first!.properties.isUppercase
        }
    }

    /// Whether the token that ends at the period at `period` is a number glued to other signs (`AK-47`, `$100`, `303-832-8160`), or to an ending of two letters or more that no list holds (`5th`, `21st`).
    ///
    /// No abbreviation and no ordinal is written so; a token with an inner period (a date, a version) or a
    /// one-letter ending (Polish `1990r.`, a year's unit) is not one. Looks back to the token's start.
    func isGluedNumber(_ bytes: [UInt8], period: Int) -> Bool {
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var start = period
        while start > 0, ![0x20, 0x09, 0x0A, 0x0D, 0xA0].contains(bytes[start - 1]) { start -= 1 }
        while start < period, SentenceKey.openers.utf8.contains(bytes[start]) { start += 1 }
        let token = bytes[start..<period]
        guard token.count >= 2, !token.contains(UInt8(ascii: ".")), token.contains(where: isDigit), !token.allSatisfy(isDigit)
        else { return false }
        var letters = period
        while let (scalar, previous) = UTF8Scalars.before(bytes, letters), previous >= start, scalar.isLetter { letters = previous }
        guard letters < period else { return isDigit(bytes[period - 1]) }
        guard letters > start, isDigit(bytes[letters - 1]) else { return false }
        let ending = String(decoding: bytes[letters..<period], as: UTF8.self)
        return ending.unicodeScalars.count >= 2 && !titles.contains(ending) && !abbreviations.contains(ending)
    }

    /// Whether an ellipsis (two periods or more, or `…`) glued to a letter starts at `offset` (`...Now`, `…a`).
    static func gluedEllipsis(_ bytes: [UInt8], _ offset: Int) -> Bool {
        var index = offset
        if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA6 {
            index += 3
        } else {
            while index < bytes.count, bytes[index] == UInt8(ascii: ".") { index += 1 }
            guard index - offset >= 2 else { return false }
        }
        return UTF8Scalars.at(bytes, index)?.0.isLetter ?? false
    }

    /// Whether a sentence starts at byte `offset` where ICU puts no boundary.
    ///
    /// Each case follows a `.`, `!` or `?` (closing marks allowed) and
    /// spaces on the same line, where that end is not an abbreviation's, an
    /// ordinal's or an initial's (`joins(_:at:)` would not join it): a dash that
    /// opens a line of dialogue or a list item before a capital or a digit, opening quotes and Spanish marks allowed
    /// between (`- Да, очаквам`, `-- A cabeça`, `— NORTON`, `- "Avete`, `- ¿Qué`), or before a lower-case word after a
    /// period behind a word of four letters or more (`les femmes. - si vous`; not `vas... - сказала`), and Dutch opening
    /// quotes typed as two commas before a capital (`,,Het meet`), which
    /// Unicode's rule SB8a keeps in the sentence before; a capital after a mark and a closing quote written
    /// with spaces (`« Tu viens ? » Il part`); a lower-case word (opening quotes allowed) after a period behind
    /// a word of four letters or more, or, in a line that starts in lower case, a lower-case letter after a period
    /// behind a lower-case word of two or three letters that no list knows; and,
    /// after a period that follows a word of four letters or more, a number
    /// or a currency sign before a digit (`this week. 2005 is going to rock!`, `history. $205m was`;
    /// not `art. 6 della legge`), which rule SB8 keeps there when a lower-case word follows it. Looks at a few
    /// bytes on each side.
    public func opens(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard offset > 1, offset < bytes.count else { return false }
        let first = bytes[offset]
        let isDigit = (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) || Self.currencyBeforeDigit(bytes, offset)
        let isCommaQuote = first == UInt8(ascii: ",") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: ",")
        let isDash = first == UInt8(ascii: "-")
            || (first == 0xE2 && offset + 2 < bytes.count && bytes[offset + 1] == 0x80 && (bytes[offset + 2] == 0x93 || bytes[offset + 2] == 0x94))
        let isLoneMark = first == UInt8(ascii: "?")
            && (offset + 1 == bytes.count || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset + 1]))
        let isEllipsis = Self.gluedEllipsis(bytes, offset)
        let opening = isDigit || isCommaQuote || isDash || isLoneMark || isEllipsis ? nil : Self.scalarAfterOpeningQuotes(bytes, offset)
        if let opening, opening.properties.isUppercase, UTF8Scalars.at(bytes, offset)?.0 == opening {
            return followsSpacedClosingMark(bytes, offset)
        }
        let isLowerCase = opening?.properties.isLowercase ?? false
        guard isDigit || isCommaQuote || isLowerCase || isDash || isLoneMark || isEllipsis else { return false }
        var end = offset
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || (bytes[end - 1] == 0xA0 && end >= 2 && bytes[end - 2] == 0xC2) {
            end -= bytes[end - 1] == 0xA0 ? 2 : 1
        }
        guard end < offset, end > 0 else { return false }
        let terminator = Self.beforeClosingMarks(bytes, end)
        guard terminator > 0 else { return false }
        let mark = bytes[terminator - 1]
        guard mark == UInt8(ascii: ".") || mark == UInt8(ascii: "!") || mark == UInt8(ascii: "?") else { return false }
        if mark == UInt8(ascii: "."), terminator == end, case .word(let word, _)? = SentenceKey(bytes, period: end - 1),
           Self.isInitials(word), SentenceKey.startsSentence(bytes, end - 1 - word.utf8.count) {
            return false  // "R. -- A ideia": an interview's speaker opens the turn (`GNU C. - Да` ends in a letter)
        }
        // `ГУ "Митници". 300 семейства`, `(programma "Pericle"). uno dei`: no abbreviation ends in a closing quote or bracket.
        if mark == UInt8(ascii: "."), terminator == end, isDigit || isLowerCase || isLoneMark, end >= 2,
            Self.beforeClosingMarks(bytes, end - 1) < end - 1 { return !joins(bytes, at: offset) }
        if isLowerCase {
            // "you should get one. no, i am not kidding", `. "non si viene`: a period after a word of four letters or more
            // that no list knows (joins(_:at:) below), opening quotes allowed before the lower-case letter.
            guard mark == UInt8(ascii: "."), terminator == end, end < 2 || bytes[end - 2] != UInt8(ascii: ".") else { return false }
            guard case .word(let word, let scalars)? = SentenceKey(bytes, period: end - 1) else {
                // `Nov 5th. preferably`, `call 303-832-8160. they`: no abbreviation or ordinal is written so.
                return isGluedNumber(bytes, period: end - 1) && !joins(bytes, at: offset)
            }
            guard scalars >= 2 else { return false }
            if scalars < 4 {
                // A shorter word in lower case that no list knows, in a line that starts in lower case (a writer who does
                // not capitalise: `make sure you have a dish of water for it. as they can drink a lot.`), right before
                // a lower-case letter.
                guard UTF8Scalars.at(bytes, offset)?.0.properties.isLowercase ?? false,
                      word.unicodeScalars.allSatisfy({ $0.properties.isLowercase }), !titles.contains(word),
                      !abbreviations.contains(word), Self.lineStartsLowerCase(bytes, before: end) else { return false }
            }
            guard !Self.isInitials(word), !word.utf8.contains(UInt8(ascii: ".")), Self.hasVowel(word),
                  !Self.followsNumber(bytes, end - 1 - word.utf8.count)
            else { return false }  // nor after an ellipsis, "z.B.", "млрд." or a unit after a number ("57 proc." before a lower-case word)
        } else if isCommaQuote {
            // Dutch opening quotes typed as two commas (`,,Het meet`): Unicode's SB8a keeps a comma in the sentence before.
            var after = offset + 2
            while after < bytes.count, bytes[after] == 0x20 { after += 1 }
            guard let (letter, _) = UTF8Scalars.at(bytes, after), letter.properties.isUppercase else { return false }
        } else if isDigit {
            // After a word of four letters or more, or a year (`le 1er janvier 2008. 23 épreuves`), closing quotes or
            // brackets allowed after the period (`"go with the flow." 2005 will be`).
            guard mark == UInt8(ascii: ".") else { return false }
            switch SentenceKey(bytes, period: terminator - 1) {
            case .word(_, let scalars)? where scalars >= 4: break
            case .number(let digits, _, _)? where digits == 4: break
            case nil where isGluedNumber(bytes, period: terminator - 1): break  // `an AK-47. $60m - Estimated`
            default: return false
            }
        } else if isEllipsis {
            // `You've all won! ...Now comes the fun part`, `to this day. ...a drop in the birth rate`: an ellipsis glued to
            // the word after it opens its sentence, not after another ellipsis (a pause: `fizyk... ...wyciąga`).
            guard terminator < 2 || (bytes[terminator - 2] != UInt8(ascii: ".") && bytes[terminator - 2] != 0xA6) else { return false }
        } else if isLoneMark {
            // `with any questions. ? Best regards.`: a `?` standing alone after a sentence's period is a character lost
            // in conversion (a bullet, a space), a sentence of its own; not after an ellipsis or initials (`R.E.M. ?`).
            guard mark == UInt8(ascii: "."), terminator == end, end < 2 || bytes[end - 2] != UInt8(ascii: ".") else { return false }
            if case .word(let word, _)? = SentenceKey(bytes, period: end - 1), word.utf8.contains(UInt8(ascii: ".")) || Self.isInitials(word) {
                return false
            }
        } else {
            var dash = offset
            while dash < bytes.count, bytes[dash] == UInt8(ascii: "-") { dash += 1 }
            if dash == offset {
                // U+2013 EN DASH or U+2014 EM DASH.
                guard offset + 2 < bytes.count, bytes[offset + 1] == 0x80, bytes[offset + 2] == 0x93 || bytes[offset + 2] == 0x94 else { return false }
                dash = offset + 3
            }
            guard dash - offset <= 3, dash < bytes.count, bytes[dash] == 0x20,
                  let first = Self.scalarAfterOpeningQuotes(bytes, dash + 1),
                  first.properties.isUppercase || first.properties.numericType != nil || first.properties.isLowercase
            else { return false }
            if first.properties.isLowercase {
                // A list item or a line of dialogue written in lower case (`chez les hommes. - si vous avez`,
                // `Przejrzałam materiały. – przemieniło.`), after a period behind a word of four letters or more,
                // not an ellipsis (`Ну и запросы у вас... - сказала база`).
                guard mark == UInt8(ascii: "."), terminator == end, end >= 2, bytes[end - 2] != UInt8(ascii: "."),
                      case .word(let word, let scalars)? = SentenceKey(bytes, period: end - 1), scalars >= 4,
                      !word.utf8.contains(UInt8(ascii: ".")), Self.hasVowel(word),
                      !Self.followsNumber(bytes, end - 1 - word.utf8.count) else { return false }
            }
        }
        return !joins(bytes, at: offset)
    }
}
