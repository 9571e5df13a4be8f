import Testing
@testable import TextServices

/// Which scripts a language is written in, and which words are in none of them.
@Suite struct WritingScriptsTests {
    static let latin: Int32 = 25, cyrillic: Int32 = 8, han: Int32 = 17, hangul: Int32 = 18, hiragana: Int32 = 20, katakana: Int32 = 22

    @Test func languagesHaveTheirScriptsAndCompositeCodesAreSpelledOut() {
        #expect(WritingScripts.scripts(ofLanguage: "en_US") == [Self.latin])
        #expect(WritingScripts.scripts(ofLanguage: "ru_RU") == [Self.cyrillic])
        #expect(WritingScripts.scripts(ofLanguage: "sr_Latn_RS").contains(Self.latin))
        #expect(WritingScripts.scripts(ofLanguage: "ja").isSuperset(of: [Self.han, Self.hiragana, Self.katakana]))
        #expect(WritingScripts.scripts(ofLanguage: "ko").contains(Self.hangul))
        #expect(WritingScripts.scripts(ofLanguage: "zz_ZZ").isEmpty)  // ICU's "unknown" names no script
        #expect(WritingScripts.scripts(ofLanguage: "tlh").isEmpty)
    }

    @Test func aWordIsInAnotherScriptOnlyWhenNoneOfItsLettersIsInTheLanguagesScripts() {
        let english = WritingScripts.scripts(ofLanguage: "en_US")
        #expect(WritingScripts.otherScript(of: "Привет", writtenIn: english) == "Cyrillic")
        #expect(WritingScripts.otherScript(of: "한국어", writtenIn: english) == "Hangul")
        #expect(WritingScripts.otherScript(of: "Hеllo", writtenIn: english) == nil)  // a Cyrillic е among Latin letters
        #expect(WritingScripts.otherScript(of: "wrold", writtenIn: english) == nil)
        #expect(WritingScripts.otherScript(of: "Привет", writtenIn: WritingScripts.scripts(ofLanguage: "ru")) == nil)
        #expect(WritingScripts.otherScript(of: "Привет", writtenIn: []) == nil)
    }

    @Test func aMisspellingsOwnLanguageDecidesAndAutoOrUnknownLanguagesLeaveEveryWordIn() {
        let words = [Misspelling(range: UTF8Offset(0)..<UTF8Offset(12), word: "Привет"),
                     Misspelling(range: UTF8Offset(13)..<UTF8Offset(18), word: "wrold"),
                     Misspelling(range: UTF8Offset(19)..<UTF8Offset(31), word: "превет", language: "ru_RU")]
        let english = WritingScripts.partition(words, languages: ["en_US"])
        #expect(english.kept.map(\.word) == ["wrold", "превет"])
        #expect(english.other == ["Cyrillic": 1])
        #expect(WritingScripts.partition(words, languages: ["en_US", "ru_RU"]).kept.count == 3)
        let auto = WritingScripts.partition(words, languages: ["auto"])
        #expect(auto.kept.count == 3)
        #expect(WritingScripts.partition(words, languages: ["en_US", "qqq"]).kept.count == 3)
    }
}
