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
