import Testing
@testable import TextServices

/// Which runs of letters count as evidence of a language: not those glued to digits, nor a contraction's short part.
struct LanguageWordScannerTests {
    static func words(_ text: String, evidenceOnly: Bool = true) -> [String] {
        let bytes = Array(text.utf8)
        var found: [String] = []
        LanguageWordScanner.forEachWord(in: bytes, range: 0..<bytes.count, evidenceOnly: evidenceOnly) { word in
            found.append(String(decoding: bytes[word.range.ints], as: UTF8.self))
        }
        return found
    }

    @Test func runsTouchingADigitAreNoEvidence() {
        #expect(Self.words("ce83eda, 3c73a1d x86 i18n 5h h5 v2.3 A4 the 10 km") == ["the", "km"])
        #expect(Self.words("x86 i18n", evidenceOnly: false) == ["x", "i", "n"])
    }

    @Test func aContractionsShortPartIsNoEvidenceAndItsLongPartIs() {
        #expect(Self.words("weren't it's we're don't") == ["weren", "it", "we", "don"])
    }

    @Test func anElisionsLetterBeforeItsApostropheIsEvidence() {
        #expect(Self.words("l'homme qu'il dell'anno c’est I'll") == ["l", "homme", "qu", "dell", "anno", "c", "est", "I"])
        #expect(Self.words("(l'homme) $d'un") == ["l", "homme", "d"])
        #expect(Self.words("l'homme I'll", evidenceOnly: false) == ["l", "homme", "I", "ll"])
    }

    @Test func runsThatAnUnderscoreJoinsAreNoEvidence() {
        #expect(Self.words("appelée command_not_found_handle, MAX_PATH x_1 _emphasis_ __init__ mot_") == ["appelée", "emphasis", "init", "mot"])
        #expect(Self.words("command_not", evidenceOnly: false) == ["command", "not"])
    }

    @Test func aManualPagesOrAFunctionsNameIsNoEvidence() {
        #expect(Self.words("voir ls(1), zsh(1) et free() ou mmap (2), file(s) f(x)") == ["voir", "et", "ou", "mmap", "file"])
        #expect(Self.words("ls(1) free()", evidenceOnly: false) == ["ls", "free"])
    }

    @Test func twoOrThreeCapitalsAreAnAcronymAndNoEvidence() {
        #expect(Self.words("DES RSA США Des des NULL DÉS Ab") == ["Des", "des", "NULL", "Ab"])
        #expect(Self.words("DES", evidenceOnly: false) == ["DES"])
    }

    @Test func aLetterAloneCountsOnlyWhenSpacesSetItOff() {
        #expect(Self.words("a dog, y pan; в доме. I think: à Paris a") == ["a", "dog", "y", "pan", "в", "доме", "I", "think", "à", "Paris", "a"])
        #expect(Self.words("$i a[i] -H N:M i.e. (a) x=1 f(x) e-mail") == ["mail"])
        #expect(Self.words("la\u{00A0}a\u{202F}b") == ["la", "a", "b"])
        #expect(Self.words("$i -H", evidenceOnly: false) == ["i", "H"])
    }

    @Test func anApostropheWithoutALetterOnBothSidesCutsNothingAway() {
        // A quote, a possessive of a plural and a lone letter before a quote are words as before.
        #expect(Self.words("the boys' toys, 'tis o' the") == ["the", "boys", "toys", "tis", "the"])
        #expect(Self.words("'tis", evidenceOnly: false) == ["tis"])
    }
}

/// The byte loops that pass over eight bytes at a time answer as a loop over every byte.
struct EightBytesAtATimeTests {
    /// Random UTF-8 text from pieces that matter to the loops: letters of three scripts, line and paragraph ends, tabs.
    static func randomText(_ generator: inout some RandomNumberGenerator, length: Int) -> [UInt8] {
        let pieces = ["a", "Z", " ", "word ", "\n", "\r", "\r\n", "\u{0C}", "\t", "\u{0B}", "\u{85}", "\u{2028}", "\u{2029}",
                      "é", "д", "λ", "’", "×", "1", "_", "\u{7F}", "\u{0D}\u{0D}"]
        var bytes: [UInt8] = []
        while bytes.count < length { bytes += Array(pieces.randomElement(using: &generator)!.utf8) }
        return bytes
    }

    /// `LanguageWordScanner.scripts` without passing over ASCII: every byte looked at.
    static func plainScripts(_ bytes: [UInt8], _ range: Range<Int>) -> UInt32 {
        var found: UInt32 = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let lead = bytes[index]
            if lead < 0x80 {
                if (lead | 0x20) >= 0x61 && (lead | 0x20) <= 0x7A { found |= 1 << UInt32(LanguageScript.latin.rawValue) }
                index += 1
                continue
            }
            let length = UTF8Validation.sequenceLength(lead: lead)
            guard length > 1, index + length <= range.upperBound else {
                index += 1
                continue
            }
            var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            found |= 1 << UInt32(LanguageScript.of(value).rawValue)
            index += length
        }
        return found
    }

    /// The paragraph boundaries after `offset` found one byte at a time (`ParagraphBoundaries`' own rule).
    static func plainFollowing(_ bytes: [UInt8], _ offset: Int) -> Int? {
        guard offset < bytes.count else { return nil }
        func ends(_ at: Int) -> Bool {
            switch bytes[at - 1] {
            case 0x0A, 0x0C: return true
            case 0x0D: return at == bytes.count || bytes[at] != 0x0A
            case 0x85: return at >= 2 && bytes[at - 2] == 0xC2
            case 0xA9: return at >= 3 && bytes[at - 3] == 0xE2 && bytes[at - 2] == 0x80
            default: return false
            }
        }
        var index = max(offset, 0) + 1
        while index < bytes.count, !ends(index) { index += 1 }
        return index
    }

    @Test func scriptsPassingOverASCIIAreScriptsOfEveryByte() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let bytes = Self.randomText(&generator, length: Int.random(in: 0...120, using: &generator))
            let start = Int.random(in: 0...bytes.count, using: &generator)
            let end = Int.random(in: start...bytes.count, using: &generator)
            #expect(LanguageWordScanner.scripts(in: bytes, range: start..<end) == Self.plainScripts(bytes, start..<end), "\(bytes)")
        }
        let long = Array(String(repeating: "plain ascii text ", count: 20).utf8) + Array("д".utf8) + Array(" end".utf8)
        #expect(LanguageWordScanner.scripts(in: long, range: 0..<long.count) == Self.plainScripts(long, 0..<long.count))
    }

    /// Whether every letter in `range` that is not ASCII is Latin, every byte looked at.
    static func plainLettersAreLatin(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            let length = UTF8Validation.sequenceLength(lead: bytes[index])
            guard length > 1, index + length <= range.upperBound else {
                index += 1
                continue
            }
            var value = UInt32(bytes[index]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            if let scalar = Unicode.Scalar(value),
               [.uppercaseLetter, .titlecaseLetter, .lowercaseLetter, .otherLetter, .modifierLetter].contains(scalar.properties.generalCategory),
               LanguageScript.of(value) != .latin {
                return false
            }
            index += length
        }
        return true
    }

    @Test func latinLettersPassingOverASCIIAreTheLettersOfEveryByteAndMakeLatinWords() {
        var generator = SystemRandomNumberGenerator()
        // A modifier letter of no script (U+02BC), a Han letter and a combining mark, beside the other pieces.
        let more = ["\u{02BC}", "中", "e\u{0308}", "ß", "Ω"].map { Array($0.utf8) }
        for _ in 0..<400 {
            var bytes = Self.randomText(&generator, length: Int.random(in: 0...100, using: &generator))
            if Bool.random(using: &generator) { bytes += more.randomElement(using: &generator)! + Self.randomText(&generator, length: 20) }
            let start = Int.random(in: 0...bytes.count, using: &generator)
            let end = Int.random(in: start...bytes.count, using: &generator)
            let latin = LanguageWordScanner.lettersAreLatin(bytes, range: start..<end)
            #expect(latin == Self.plainLettersAreLatin(bytes, start..<end), "\(bytes) \(start)..<\(end)")
            if latin {
                LanguageWordScanner.forEachWord(in: bytes, range: start..<end, evidenceOnly: false) { word in
                    #expect(word.script == .latin, "\(bytes) \(word.range)")
                }
            }
        }
        let long = Array(String(repeating: "plain ascii text ", count: 20).utf8)
        #expect(LanguageWordScanner.lettersAreLatin(long + Array("é".utf8), range: 0..<(long.count + 2)))
        #expect(!LanguageWordScanner.lettersAreLatin(long + Array("д".utf8), range: 0..<(long.count + 2)))
        #expect(LanguageWordScanner.lettersAreLatin(long + Array("д".utf8), range: 0..<long.count))
    }

    @Test func paragraphBoundariesPassingOverEightBytesAreTheBoundariesOfEveryByte() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let bytes = Self.randomText(&generator, length: Int.random(in: 0...160, using: &generator))
            let boundaries = ParagraphBoundaries(bytes)
            for offset in -1...bytes.count {
                #expect(boundaries.following(offset) == Self.plainFollowing(bytes, offset), "\(bytes) after \(offset)")
            }
        }
    }
}
