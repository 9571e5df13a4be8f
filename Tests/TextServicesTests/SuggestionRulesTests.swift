import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// The rules every language's guesses and completions follow (issue 14), on small dictionaries
/// with and without a frequency list.

/// A German-like dictionary: capitalised nouns, truncated-compound fragments Hunspell accepts in text
/// (`-weg`, `Haus-`), a NEEDAFFIX stem, an ONLYINCOMPOUND part, a forbidden word, a KEEPCASE word,
/// and letters with diacritics. Its `xx.freq` makes it rank by frequency.
private func rulesDictionary(in scratch: TemporaryFolder, frequencies: Bool = true) throws -> SpellDictionary {
    let aff = """
    SET UTF-8
    TRY esianrtolcdugmphbyfvkwzäöüß-
    WORDCHARS -
    NEEDAFFIX X
    ONLYINCOMPOUND O
    FORBIDDENWORD F
    KEEPCASE K
    COMPOUNDFLAG C
    SFX S Y 1
    SFX S 0 s .
    SFX E Y 1
    SFX E 0 e .
    """
    let dic = """
    17
    Haus/SC
    Haus-
    -weg
    Hausen
    Hauser
    bind/XE
    teil/O
    hausig/F
    iPod/K
    Straße/S
    straff
    Tisch/S
    tisch
    żółw/S
    zoll
    Test/S
    Tests
    """
    let zipf: [(String, Double)] = [("haus", 5.5), ("haus-", 6.5), ("-weg", 6.5), ("hausen", 3.0), ("hauser", 2.0),
                                    ("binde", 3.0), ("teil", 6.0), ("hausig", 6.9), ("ipod", 4.0), ("straße", 5.0),
                                    ("straff", 3.0), ("tisch", 5.0), ("żółw", 3.5), ("zoll", 3.0), ("test", 5.0), ("tests", 4.0)]
    let freq = "# test list\n" + zipf.map { "\($0.0)\t\($0.1)\n" }.joined()
    let info = try TestSupport.writeDictionary(in: scratch, tag: frequencies ? "xx_RF" : "xx_RN", aff: aff + "\n", dic: dic + "\n",
                                               frequencies: frequencies ? freq : nil)
    return try SpellDictionary(info: info, handles: 1)
}

@Test func guessesAndCompletionsAreNeverFragments() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let dictionary = try rulesDictionary(in: scratch)
    #expect(dictionary.wordStore.hasFrequencies)
    #expect(dictionary.accepts("Haus-") && dictionary.accepts("-weg"), "Hunspell accepts the fragments in text")
    for typo in ["Hausr", "Haus_", "hauss", "-wek", "wegg", "Hauz-", "Hausig", "teill", "bindd", "Bind"] {
        let guesses = dictionary.guesses(for: typo, limit: 10)
        for guess in guesses {
            #expect(!guess.hasPrefix("-") && !guess.hasSuffix("-"), "\(typo): \(guesses)")
            #expect(dictionary.accepts(guess), "\(typo): \(guess) is not a word")
        }
        #expect(!guesses.contains { ["hausig", "teil", "bind", "Teil", "Bind", "Hausig"].contains($0) }, "\(typo): \(guesses)")
    }
    for prefix in ["Hau", "hau", "HAU", "-w", "te", "bi", "Te"] {
        let completions = dictionary.completions(for: prefix, limit: 10)
        for word in completions {
            #expect(!word.hasPrefix("-") && !word.hasSuffix("-"), "\(prefix): \(completions)")
            #expect(dictionary.accepts(word), "\(prefix): \(word) is not a word")
        }
        #expect(!completions.contains { ["hausig", "teil", "bind", "Teil", "Bind", "Hausig"].contains($0) }, "\(prefix): \(completions)")
    }
}

@Test func guessesAndCompletionsKeepTheCase() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let dictionary = try rulesDictionary(in: scratch)
    // The typed word's case: capitalised, all capitals.
    #expect(dictionary.guesses(for: "Tets", limit: 3).first == "Test")
    #expect(dictionary.guesses(for: "TETS", limit: 3).first == "TEST")
    // A noun typed in lower case keeps its capital (German nouns).
    #expect(dictionary.guesses(for: "strasse", limit: 3).first == "Straße")
    #expect(dictionary.guesses(for: "tisch", limit: 3).isEmpty, "tisch is a word of its own")
    // KEEPCASE words keep the dictionary's case whatever the typed case.
    #expect(dictionary.guesses(for: "IPdo", limit: 3).first == "iPod")
    #expect(dictionary.completions(for: "IP", limit: 5) == ["iPod"])
    // Completions in the prefix's case, the most common first.
    #expect(dictionary.completions(for: "Te", limit: 5) == ["Test", "Tests"])
    #expect(dictionary.completions(for: "TE", limit: 5) == ["TEST", "TESTS"])
    #expect(dictionary.completions(for: "stra", limit: 5) == ["Straße", "straff", "Straßes"])
    #expect(dictionary.completions(for: "Hau", limit: 5) == ["Haus", "Hausen", "Hauser", "Hauss"])
}

@Test func diacriticsLeftOutAreFound() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let dictionary = try rulesDictionary(in: scratch)
    // Every diacritic left out (three edits away), or one.
    #expect(dictionary.guesses(for: "zolw", limit: 3).first == "żółw")
    #expect(dictionary.guesses(for: "zółw", limit: 3).first == "żółw")
    #expect(dictionary.guesses(for: "Strase", limit: 3).first == "Straße")
}

@Test func aLanguageWithoutFrequenciesKeepsHunspellsOrderWithoutFragments() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let dictionary = try rulesDictionary(in: scratch, frequencies: false)
    #expect(!dictionary.wordStore.hasFrequencies)
    for typo in ["Hausr", "Tets", "strasse"] {
        let hunspell = dictionary.hunspellSuggestions(typo).filter { !Guesser.isFragment($0) }
        let guesses = dictionary.guesses(for: typo, limit: 10)
        #expect(Array(guesses.prefix(hunspell.count)) == Array(hunspell.prefix(10)), "\(typo): \(guesses) vs \(hunspell)")
        #expect(!guesses.contains { Guesser.isFragment($0) })
    }
    // Completions without frequencies: shortest first, then alphabetically, never a fragment.
    #expect(dictionary.completions(for: "Hau", limit: 5) == ["Haus", "Hauss", "Hausen", "Hauser"])
}

@Test func nationalKeyboardsAndLanguageSoundsShapeTheCosts() {
    let german = EditModel(keyboard: KeyboardLayout.national(language: "de")!, similarSounds: EditModel.sounds(for: "de", replacements: []))
    let russian = EditModel(keyboard: KeyboardLayout.national(language: "ru")!, similarSounds: EditModel.sounds(for: "ru", replacements: []))
    func scalars(_ word: String) -> [UInt32] { word.unicodeScalars.map(\.value) }
    // QWERTZ: z sits next to t and u; y next to x.
    #expect(german.cost(typed: scalars("hertu"), intended: scalars("herz")) > german.cost(typed: scalars("hetz"), intended: scalars("herz")))
    #expect(german.keyboard.areNeighbours(0x7A, 0x75) && german.keyboard.areNeighbours(0x79, 0x78))
    // ЙЦУКЕН: п sits next to р; a dropped й diacritic is cheap.
    #expect(russian.keyboard.areNeighbours(UInt32(("п" as Unicode.Scalar).value), UInt32(("р" as Unicode.Scalar).value)))
    #expect(russian.cost(typed: scalars("краи"), intended: scalars("край")) < russian.cost(typed: scalars("крах"), intended: scalars("край")))
    // Vowels with diacritics are vowels.
    #expect(german.isVowel(0xE4) && russian.isVowel(UInt32(("ё" as Unicode.Scalar).value)))
    #expect(Diacritics.base(UInt32(("ł" as Unicode.Scalar).value)) == 0x6C)
    #expect(Diacritics.base(UInt32(("ǘ" as Unicode.Scalar).value)) == 0x75)
}

@Test func aTypoInsideACompoundIsMendedPartByPart() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let aff = "SET UTF-8\nTRY aeioustrnhdkgüb\nCOMPOUNDFLAG C\nCOMPOUNDMIN 3\n"
    let dic = "4\nhaus/C\ntür/C\nkraft/C\nexplosiv/C\n"
    let freq = "haus\t5.0\ntür\t4.5\nkraft\t4.8\nexplosiv\t3.5\n"
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx_CP", aff: aff, dic: dic, frequencies: freq)
    let dictionary = try SpellDictionary(info: info, handles: 1)
    #expect(dictionary.accepts("haustür") && dictionary.accepts("explosivkraft"))
    // The known beginning kept, the rest mended; the known ending kept, the beginning mended.
    #expect(dictionary.guesses(for: "haustürr", limit: 3).first == "haustür")
    #expect(dictionary.guesses(for: "exlposivkraft", limit: 3).first == "explosivkraft")
}

@Test func storeKeysDecodeLikeStringsWithTheirBasesBeside() {
    let key = DecodedKey(capacity: 32)
    for word in ["żółw", "привет", "straße", "ελληνικά", "𝒜b", "plain"] {
        Array(word.utf8).withUnsafeBufferPointer { key.decode($0) }
        #expect(Array(key.scalars) == word.unicodeScalars.map(\.value), "\(word)")
        #expect(Array(key.bases) == word.unicodeScalars.map { Diacritics.base($0.value) }, "\(word)")
    }
    Array("żółw".utf8).withUnsafeBufferPointer { key.decode($0) }
    #expect(Array(key.bases) == "zolw".unicodeScalars.map(\.value))
    // Truncated or stray bytes stay in bounds.
    [UInt8]([0x61, 0xC5, 0xBC, 0xE2, 0x82, 0x80, 0xF0]).withUnsafeBufferPointer { key.decode($0) }
    #expect(key.count == 4 && key.scalars[0] == 0x61 && key.scalars[1] == 0x17C && key.bases[1] == 0x7A)
    // A key longer than the capacity is read up to it.
    let short = DecodedKey(capacity: 3)
    Array("abcdef".utf8).withUnsafeBufferPointer { short.decode($0) }
    #expect(Array(short.scalars) == [0x61, 0x62, 0x63])
}
