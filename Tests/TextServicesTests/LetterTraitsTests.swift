import Testing
@testable import TextServices

/// Scalars the tables cover and some they do not: every letter block the models weigh, and beyond.
private let sampleScalars: [UInt32] = Array(0x20...0x24F) + Array(0x370...0x52F) + Array(0x5D0...0x5EA) + [0x1E00, 0x1EA1, 0x2019, 0x4E00]

@Test func letterTablesAgreeWithUnicodeProperties() {
    let vowels = Set("aeiouyаеиоуыэюяіїєαεηιουω".unicodeScalars.map(\.value))
    var wrong: [UInt32] = []
    for value in sampleScalars + Array(0x600...0x900) {
        let letter = Unicode.Scalar(value).map { $0.properties.isAlphabetic } ?? false
        let isASCIILetter = value < 0x80 && (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A
        if LetterTraits.shared.isLetter(value) != (value < 0x80 ? isASCIILetter : letter) { wrong.append(value) }
        if LetterTraits.shared.isVowel(value) != vowels.contains(Diacritics.base(value)) { wrong.append(value) }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5).map { String(format: "U+%04X", $0) })")
    // Lower-case Latin, Greek, Cyrillic and Hebrew letters are indexed; capitals and punctuation are not.
    #expect(LetterTraits.shared.index(0x61) != 0 && LetterTraits.shared.index(0x159) != 0 && LetterTraits.shared.index(0x44F) != 0)
    #expect(LetterTraits.shared.index(0x3C9) != 0 && LetterTraits.shared.index(0x5D0) != 0)
    #expect(LetterTraits.shared.index(0x41) == 0 && LetterTraits.shared.index(0x2D) == 0 && LetterTraits.shared.index(0x4E00) == 0)
}

@Test func theLetterPairTableGivesEveryModelTheCostsItsTestsGive() {
    for language in ["en", "cs", "de", "fr", "pl", "ru", "uk", "bg", "el", "he", "pt"] {
        let keyboard = KeyboardLayout.national(language: language) ?? .qwerty
        let model = EditModel(keyboard: keyboard, similarSounds: EditModel.sounds(for: language, replacements: []))
        // The indexed letters, and some that are not (capitals, punctuation, letters beyond the tables).
        let letters = LetterTraits.shared.alphabet.map(\.scalar) + [0x41, 0x5A, 0xC9, 0x10C, 0x2D, 0x27, 0x1B6, 0x219, 0x1E00, 0x1EA1, 0x4E00]
        var wrong: [String] = []
        for a in letters {
            for b in letters where a != b {
                if model.substitutionCost(typed: a, intended: b) != model.substitutionCostWithoutTable(typed: a, intended: b)
                    || model.areNeighbours(a, b) != keyboard.areNeighbours(a, b) {
                    wrong.append(String(format: "U+%04X U+%04X", a, b))
                }
            }
        }
        #expect(wrong.isEmpty, "\(language): \(wrong.prefix(5))")
    }
}
