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
        #expect(Self.words("weren't it's I'll we're don't") == ["weren", "it", "we", "don"])
        #expect(Self.words("l'homme qu'il dell'anno c’est") == ["homme", "qu", "dell", "anno", "est"])
        #expect(Self.words("l'homme I'll", evidenceOnly: false) == ["l", "homme", "I", "ll"])
    }

    @Test func anApostropheWithoutALetterOnBothSidesCutsNothingAway() {
        // A quote, a possessive of a plural and a lone letter before a quote are words as before.
        #expect(Self.words("'a' the boys' toys, 'tis o' the") == ["a", "the", "boys", "toys", "tis", "o", "the"])
        #expect(Self.words("d'") == ["d"])
    }
}
