import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// The scanner cuts words where the dictionary's own WORDCHARS and BREAK rules say (docs/spelling.md).
///
/// Each fixture dictionary in Fixtures/dictionaries copies one real .aff's rule:
/// `xx_TRUNCATE` de_DE's hyphens and periods, `xx_ELISION` it_IT's apostrophes,
/// `xx_BREAK` and `xx_NOBREAK` nl's hyphens with and without `BREAK 0`.
@Suite struct WordRulesTests {
    private let scratch = TemporaryFolder("word-rules")

    let services: Services

    init() {
        services = TestSupport.services(dataHome: scratch.folder("data"))
    }

    func misspelled(_ text: String, language: String) throws -> [String] {
        let checker = try services.spelling.checker(languages: [language])
        return checker.check(TextBuffer(text)).misspellings.map(\.word)
    }

    @Test func readsApostrophesHyphensAndPeriodsFromWordChars() throws {
        #expect(WordRules.of(try services.spelling.dictionary("en_US")) == .standard)
        #expect(WordRules.of(try services.spelling.dictionary("xx_TRUNCATE"))
                == WordRules(apostrophesJoin: false, hyphenIsWordCharacter: true, periodIsWordCharacter: true))
        #expect(WordRules.of(try services.spelling.dictionary("xx_ELISION"))
                == WordRules(apostrophesJoin: false, hyphenIsWordCharacter: false, periodIsWordCharacter: false))
    }

    @Test func truncatedCompoundsKeepTheirHyphenWhereHyphensAreWordCharacters() throws {
        #expect(try misspelled("Arbeits- und Denkprozesse, Apfelmus und -kompott.", language: "xx_TRUNCATE").isEmpty)
        // The dictionary decides: `Tag-` is not a truncated form it knows, and `Arbeits` needs its hyphen.
        #expect(try misspelled("Tag- und Nacht", language: "xx_TRUNCATE") == ["Tag-"])
        #expect(try misspelled("Arbeits und kompott", language: "xx_TRUNCATE") == ["Arbeits", "kompott"])
    }

    @Test func hyphensStayOutOfWordsWhereTheDictionaryDoesNotCountThem() throws {
        // en_US has no hyphen in WORDCHARS: an option's letter is checked alone, as `hunspell -l` does.
        #expect(try misspelled("run ls -i or -x", language: "en_US").isEmpty)
        #expect(try misspelled("und -x", language: "xx_TRUNCATE") == ["-x"])
    }

    @Test func aHyphenAfterDigitsStaysWithTheSkippedNumber() throws {
        #expect(try misspelled("32-Bit und 16-Bit", language: "xx_TRUNCATE").isEmpty)
    }

    @Test func aPeriodBeforeAWordBelongsToItWhereThePeriodIsAWordCharacter() throws {
        #expect(try misspelled("die .Datei", language: "xx_TRUNCATE") == [".Datei"])
        #expect(try misspelled("die .Datei", language: "en_US") == ["Datei"])
        // The dots of an ellipsis are punctuation.
        #expect(try misspelled("...und die Datei...", language: "xx_TRUNCATE").isEmpty)
    }

    @Test func dottedCompoundsAreReportedWholeWhenOnlyTheWholeIsWrong() throws {
        // `v` and `Chr.` are words, but with the period a word character Hunspell judges `v.Chr.` whole.
        #expect(try misspelled("50 v.Chr. und", language: "xx_TRUNCATE") == ["v.Chr"])
        // Without it (en_US), the parts decide.
        #expect(try misspelled("the end.Next one", language: "en_US").isEmpty)
    }

    @Test func innerApostrophesSplitWordsWhereTheDictionaryDoesNotJoinThem() throws {
        #expect(try misspelled("c'e L'assunsi", language: "xx_ELISION").isEmpty)
        // The whole is tried first: the .aff's elision rule accepts `l'uomo`.
        #expect(try misspelled("l'uomo", language: "xx_ELISION").isEmpty)
        #expect(try misspelled("l'uommo c’e", language: "xx_ELISION") == ["uommo"])
        // en_US joins at apostrophes (’ is in its WORDCHARS): the whole word is reported.
        #expect(try misspelled("dont’t", language: "en_US") == ["dont’t"])
    }

    @Test func breakRulesDecideHyphenatedCompoundsWhereHyphensAreWordCharacters() throws {
        #expect(try misspelled("zwart-wit", language: "xx_BREAK").isEmpty)
        #expect(try misspelled("zwart-wit", language: "xx_NOBREAK") == ["zwart-wit"])
        // A misspelled part is still reported alone.
        #expect(try misspelled("zwart-wiit", language: "xx_NOBREAK") == ["wiit"])
        #expect(try misspelled("zwart-wiit", language: "xx_BREAK") == ["wiit"])
    }
}
