/// A run of letters that counts as evidence of a language: its bytes and its script.
struct LanguageWord {
    var range: ByteRange
    var script: LanguageScript
    /// Whether every byte is ASCII (then folding is a byte map).
    var isASCII: Bool
    /// Whether the word is one scalar: a letter alone, without a mark.
    var isLetterAlone: Bool

    /// The word in lower case, as the frequency lists hold words (`WordList.fold`); `bytes` is the scanned text.
    func folded(in bytes: [UInt8]) -> String {
        let slice = bytes[range.ints]
        guard isASCII else {
            // `WordList.fold` without its apostrophe step: a word here holds letters and marks only.
            return CaseMapping.map(String(decoding: slice, as: UTF8.self), .lower)
        }
        return String(unsafeUninitializedCapacity: slice.count) { buffer in
            for (offset, byte) in slice.enumerated() { buffer[offset] = byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte }
            return slice.count
        }
    }
}

/// Finds the words of UTF-8 text for language identification.
///
/// A word is a run of letters (and the marks that follow them); digits,
/// apostrophes, hyphens and everything else end it. Simpler and much faster
/// than the ICU word iterator, which suits evidence counting: a contraction
/// splits into its parts, and each part is looked up on its own.
///
/// Six kinds of run are no evidence and are not words here, since the
/// frequency lists count them unevenly or they are code: a run that touches
/// a digit (`3c73a1d`, `x86`, `i18n`, `5h`); a run that `_` joins to a
/// letter or digit (`command_not_found_handle`); a run that `(` and a digit
/// or `)` follow, a manual page's or a function's name (`zsh(1)`, `free()`:
/// a line of them in a Russian page's "see also" was checked in English or
/// Danish); two or three capitals,
/// which are mostly an acronym in any language (`DES`, `RSA`, `США`); the short part of a
/// contraction, one or two letters after an apostrophe that follows a
/// letter (`weren't`, `it's`, `I'll`, `qu'il`); and a letter alone that is
/// not set off by spaces as a word is (`$i`, `a[i]`, `-H`, `N:M`, `i.e.`).
/// The wordfreq lists hold French and Italian elisions (`l`, `d`) as words,
/// while SymSpell's English list holds neither `t`, `s`, `ll` nor `ve`, so
/// each English contraction counted up to the clamp against English; and
/// English's `i` (the pronoun) made every `$i` English. An elision's letter
/// before its apostrophe (`l'homme`, `d'un`, `I'm`) does count: the lists
/// that hold it hold it as a word.
enum LanguageWordScanner {
    /// Calls `body` with each word of `range` in `bytes`, in order.
    ///
    /// With `evidenceOnly` (the default) the runs that are no evidence are passed over; without it every run of letters is a word.
    static func forEachWord(in bytes: [UInt8], range: Range<Int>, evidenceOnly: Bool = true, _ body: (LanguageWord) -> Void) {
        forEachWordWhile(in: bytes, range: range, evidenceOnly: evidenceOnly) { word in
            body(word)
            return true
        }
    }

    /// `forEachWord(in:range:evidenceOnly:_:)`, stopping after the first word for which `body` returns false.
    static func forEachWordWhile(in bytes: [UInt8], range: Range<Int>, evidenceOnly: Bool = true,
                                 _ body: (LanguageWord) -> Bool) {
        var index = range.lowerBound
        let end = range.upperBound
        var wordStart = -1
        var script = LanguageScript.other
        var ascii = true
        var letters = 0
        var capitals = 0
        var marks = 0
        /// What the scalar before the current one was, for the word that starts at the current one.
        var previousIsDigit = false
        /// Whether the scalar before was `_` after a letter, a mark or a digit: a join inside an identifier.
        var previousIsJoin = false
        var previousIsElision = false
        var previousIsLetter = false
        var startsAtDigit = false
        var startsAfterElision = false
        var going = true
        func finish(_ upTo: Int) {
            guard wordStart >= 0 else { return }
            defer { wordStart = -1 }
            if evidenceOnly {
                if startsAtDigit || upTo < end && bytes[upTo] >= 0x30 && bytes[upTo] <= 0x39 { return }
                if upTo + 1 < end, bytes[upTo] == 0x5F, Self.isWordByte(bytes[upTo + 1]) { return }
                // A manual page's or a function's name: `ls(1)`, `mmap(2)`, `free()`.
                if upTo + 1 < end, bytes[upTo] == UInt8(ascii: "("),
                   bytes[upTo + 1] == UInt8(ascii: ")") || bytes[upTo + 1] >= 0x30 && bytes[upTo + 1] <= 0x39 { return }
                if startsAfterElision && letters <= 2 { return }
                if letters >= 2 && letters <= 3 && capitals == letters { return }
                // An elision's letter (`l'homme`, `d'un`, `I'm`) is set off by its apostrophe: the lists that hold it count it.
                if letters == 1, !Self.isApostropheBeforeLetter(bytes, at: upTo, end: end),
                   !Self.standsAlone(bytes, wordStart..<upTo, within: range) { return }
            }
            going = body(LanguageWord(range: UTF8Offset(wordStart)..<UTF8Offset(upTo), script: script, isASCII: ascii,
                                      isLetterAlone: letters == 1 && marks == 0))
        }
        while index < end, going {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : UTF8Validation.sequenceLength(lead: lead)
            guard length > 0, index + length <= end else {
                finish(index)
                previousIsDigit = false
                previousIsJoin = false
                previousIsElision = false
                previousIsLetter = false
                index += 1
                continue
            }
            let value = Self.scalar(bytes, at: index, length: length)
            let isLetter: Bool
            var isCapital = false
            var isMark = false
            if length == 1 {
                isCapital = lead >= 0x41 && lead <= 0x5A
                isLetter = isCapital || (lead >= 0x61 && lead <= 0x7A)
            } else if let scalar = Unicode.Scalar(value) {
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .titlecaseLetter:
                    isLetter = true
                    isCapital = true
                case .lowercaseLetter, .otherLetter, .modifierLetter:
                    isLetter = true
                case .nonspacingMark, .spacingMark:
                    isLetter = false
                    isMark = true
                default:
                    isLetter = false
                }
            } else {
                isLetter = false
            }
            if isLetter {
                if wordStart < 0 {
                    wordStart = index
                    script = .other
                    ascii = true
                    letters = 0
                    capitals = 0
                    marks = 0
                    startsAtDigit = previousIsDigit || previousIsJoin
                    startsAfterElision = previousIsElision
                }
                letters += 1
                if isCapital { capitals += 1 }
                if length > 1 { ascii = false }
                script = script.joined(with: length == 1 ? .latin : LanguageScript.of(value))
                // The ASCII letters after it, taken as the loop would take them one by one (each Latin, and each
                // leaves the flags below as a letter does), without the loop's cost a byte.
                var next = index + length
                while next < end, (bytes[next] | 0x20) >= 0x61, (bytes[next] | 0x20) <= 0x7A {
                    letters += 1
                    if bytes[next] <= 0x5A { capitals += 1 }
                    next += 1
                }
                if next > index + length {
                    script = script.joined(with: .latin)
                    previousIsJoin = false
                    previousIsElision = false
                    previousIsLetter = true
                    previousIsDigit = false
                    index = next
                    continue
                }
            } else if isMark, wordStart >= 0 {
                ascii = false
                marks += 1
            } else {
                finish(index)
            }
            previousIsJoin = lead == 0x5F && (previousIsLetter || previousIsDigit)
            previousIsElision = previousIsLetter && Self.isApostrophe(value)
            previousIsLetter = isLetter || isMark && wordStart >= 0
            previousIsDigit = lead >= 0x30 && lead <= 0x39
            index += length
        }
        if going { finish(end) }
    }

    /// Whether the letter at `word` is set off as a word is: a space (or the range's edge) before it, and after it a
    /// space, the edge, or one of `,.;:!?` that a space or the edge follows.
    ///
    /// Spaces are ASCII white space, U+00A0 and U+202F. A letter that stands
    /// otherwise is a symbol: `$i`, `a[i]`, `-H`, `N:M`, `i.e.`, `(a)`.
    private static func standsAlone(_ bytes: [UInt8], _ word: Range<Int>, within range: Range<Int>) -> Bool {
        func isSpace(endingAt index: Int) -> Bool {
            guard index >= range.lowerBound else { return true }
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: return true
            case 0xA0: return index - 1 >= range.lowerBound && bytes[index - 1] == 0xC2
            case 0xAF: return index - 2 >= range.lowerBound && bytes[index - 2] == 0xE2 && bytes[index - 1] == 0x80
            default: return false
            }
        }
        func isSpace(startingAt index: Int) -> Bool {
            guard index < range.upperBound else { return true }
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: return true
            case 0xC2: return index + 1 < range.upperBound && bytes[index + 1] == 0xA0
            case 0xE2: return index + 2 < range.upperBound && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xAF
            default: return false
            }
        }
        guard isSpace(endingAt: word.lowerBound - 1) else { return false }
        let after = word.upperBound
        if isSpace(startingAt: after) { return true }
        switch bytes[after] {
        case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "?"):
            return isSpace(startingAt: after + 1)
        default:
            return false
        }
    }

    /// Whether `byte` can continue an identifier after `_`: an ASCII letter or digit, or the lead of a longer scalar.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x30 && byte <= 0x39
    }

    /// Whether `value` is an apostrophe: U+0027, or U+2019 (the typographic one).
    private static func isApostrophe(_ value: UInt32) -> Bool { value == 0x27 || value == 0x2019 }

    /// Whether the scalar at `index` is an apostrophe and a letter follows it before `end`.
    private static func isApostropheBeforeLetter(_ bytes: [UInt8], at index: Int, end: Int) -> Bool {
        guard index < end else { return false }
        let length: Int
        if bytes[index] == 0x27 {
            length = 1
        } else if index + 3 <= end, bytes[index] == 0xE2, bytes[index + 1] == 0x80, bytes[index + 2] == 0x99 {
            length = 3
        } else {
            return false
        }
        let next = index + length
        guard next < end else { return false }
        let lead = bytes[next]
        if lead < 0x80 { return (lead | 0x20) >= 0x61 && (lead | 0x20) <= 0x7A }
        let nextLength = UTF8Validation.sequenceLength(lead: lead)
        guard nextLength > 1, next + nextLength <= end,
              let scalar = Unicode.Scalar(Self.scalar(bytes, at: next, length: nextLength)) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .modifierLetter: return true
        default: return false
        }
    }

    /// The scripts (`1 << LanguageScript.rawValue`) that the words `forEachWord` finds in `range` of `bytes` can be in.
    ///
    /// A superset: an ASCII byte counts only as a letter, but any other
    /// scalar counts by `LanguageScript.of` whether it is a letter or not
    /// (`×` counts as Latin), and a word that mixes scripts counts for each.
    /// No script outside it is any word's.
    static func scripts(in bytes: [UInt8], range: Range<Int>) -> UInt32 {
        var found: UInt32 = 0
        var index = range.lowerBound
        let end = range.upperBound
        let latin: UInt32 = 1 << UInt32(LanguageScript.latin.rawValue)
        bytes.withUnsafeBufferPointer { bytes in
            let raw = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[..<end])
            while index < end {
                // Once a Latin letter is found, ASCII bytes add nothing: they are passed over eight at a time.
                if found & latin != 0 {
                    guard let next = ByteSearch.firstNonASCII(raw, from: index) else { break }
                    index = next
                }
                let lead = bytes[index]
                if lead < 0x80 {
                    if (lead | 0x20) >= 0x61 && (lead | 0x20) <= 0x7A { found |= 1 << UInt32(LanguageScript.latin.rawValue) }
                    index += 1
                    continue
                }
                let length = UTF8Validation.sequenceLength(lead: lead)
                guard length > 1, index + length <= end else {
                    index += 1
                    continue
                }
                var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
                found |= 1 << UInt32(LanguageScript.of(value).rawValue)
                index += length
            }
        }
        return found
    }

    /// Whether `range` of `bytes` holds any letter.
    static func containsLetter(_ bytes: [UInt8], range: Range<Int>) -> Bool {
        if bytes[range].contains(where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) { return true }
        var found = false
        forEachWord(in: bytes, range: range, evidenceOnly: false) { _ in found = true }
        return found
    }

    /// Whether every letter in `range` of `bytes` that is not ASCII is a Latin letter (`LanguageScript.of`), so that
    /// every word there is of Latin script.
    ///
    /// Passes over ASCII eight bytes at a time; cheaper than scanning the words when only their script is asked.
    static func lettersAreLatin(_ bytes: [UInt8], range: Range<Int>) -> Bool {
        bytes.withUnsafeBytes { raw in
            let searched = UnsafeRawBufferPointer(rebasing: raw[..<range.upperBound])
            var index = range.lowerBound
            while let found = ByteSearch.firstNonASCII(searched, from: index) {
                let length = UTF8Validation.sequenceLength(lead: raw[found])
                guard length > 0, found + length <= range.upperBound else {
                    index = found + 1
                    continue
                }
                let value = scalar(bytes, at: found, length: length)
                if let scalar = Unicode.Scalar(value), LanguageScript.of(value) != .latin {
                    switch scalar.properties.generalCategory {
                    case .uppercaseLetter, .titlecaseLetter, .lowercaseLetter, .otherLetter, .modifierLetter: return false
                    default: break
                    }
                }
                index = found + length
            }
            return true
        }
    }

    private static func scalar(_ bytes: [UInt8], at index: Int, length: Int) -> UInt32 {
        var value = UInt32(bytes[index])
        switch length {
        case 1: return value
        case 2: value &= 0x1F
        case 3: value &= 0x0F
        default: value &= 0x07
        }
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return value
    }
}
