import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

@Suite struct SpellCheckTests {
    private let scratch = TemporaryFolder("spell-check")

    let services = TestSupport.sharedServices

    func misspelled(_ text: String, language: String = "en_US") throws -> [String] {
        let checker = try services.spelling.checker(languages: [language])
        return checker.check(TextBuffer(text)).misspellings.map(\.word)
    }

    @Test func findsMisspelledWordsAndAcceptsCorrectOnes() throws {
        #expect(try misspelled("The quick brown fox jumpd over the lazzy dog.") == ["jumpd", "lazzy"])
    }

    @Test func aWordLearnedBetweenTwoChecksIsAcceptedByTheSecond() throws {
        // The second check starts from the first one's memo of verdicts (`WordMemoPool`); learning a word must end it.
        let services = TestSupport.services(dataHome: scratch.folder("memo-learn"))
        let text = TextBuffer("the qzvlearnd word, qzvlearnd again")
        #expect(try services.spelling.checker(languages: ["en_US"]).check(text).misspellings.map(\.word) == ["qzvlearnd", "qzvlearnd"])
        try services.spelling.learn("qzvlearnd", language: "en_US")
        #expect(try services.spelling.checker(languages: ["en_US"]).check(text).misspellings.isEmpty)
        try services.spelling.unlearn("qzvlearnd", language: "en_US")
        #expect(try services.spelling.checker(languages: ["en_US"]).check(text).misspellings.count == 2)
    }

    @Test func skipsNumbersAndTokensWithDigits() throws {
        #expect(try misspelled("In 2024 we shipped 3rd-party mp3 files, 1,234.5 of them, on x86.").isEmpty)
    }

    @Test func skipsURLsEmailsHostsPathsHexAndUUIDs() throws {
        let text = """
            See https://exmaple.com/some/pathh?q=zzyzx, www.exmaple.org, mail joe.blogz@exmaple.net, \
            visit docs.exmaple.io, open /usr/lib/libfooo.so or ~/projx/notez.txt or ./configur or C:\\Windoze\\systm, \
            color #ff00aa, value 0xDEADBEEF, id 123e4567-e89b-12d3-a456-426614174000, hash deadbeef1234abc.
            """
        #expect(try misspelled(text).isEmpty)
    }

    @Test func stripsLeadingAndTrailingUnderscores() throws {
        #expect(try misspelled("use __init__ and _private_ names, not _privte_").sorted() == ["privte"])
    }

    @Test func acceptsKnownAbbreviationsWithTheirPeriod() throws {
        #expect(try misspelled("The U.S. and the U.K. et al. use e.g. etc. and i.e. often.").isEmpty)
    }

    @Test func treatsTypographicAndASCIIApostrophesAlike() throws {
        #expect(try misspelled("don't don’t isn’t it's it’s we’ve").isEmpty)
        #expect(try misspelled("dont’t") == ["dont’t"])
    }

    @Test func checksHyphenatedWordsWholeThenByParts() throws {
        #expect(try misspelled("a well-known, state-of-the-art, long-term plan").isEmpty)
        #expect(try misspelled("a well-knwon plan") == ["knwon"])
    }

    @Test func skipsIdeographsAndKana() throws {
        #expect(try misspelled("日本語のテキスト and English").isEmpty)
    }

    @Test func rangesAreRightAfterEmojiCombiningMarksAndCJK() throws {
        let text = "😀 e\u{301}t\u{E9} 日本 wrld"
        let buffer = TextBuffer(text)
        let checker = try services.spelling.checker()
        let found = checker.check(buffer).misspellings
        let last = try #require(found.last)
        #expect(last.word == "wrld")
        // 😀 is 2 UTF-16 units, 1 scalar, 4 bytes; e + U+0301 + t + é is 4 units/4 scalars/6 bytes; 日本 is 2/2/6.
        #expect(buffer.encode(last.range, as: .utf16) == EncodedRange(start: 11, end: 15, encoding: .utf16))
        #expect(buffer.encode(last.range, as: .utf32) == EncodedRange(start: 10, end: 14, encoding: .utf32))
        #expect(buffer.encode(last.range, as: .utf8) == EncodedRange(start: 19, end: 23, encoding: .utf8))
    }

    @Test func rangeOfMisspelledWordHonoursRangeStartWrapAndLimit() throws {
        let text = TextBuffer("aaxx good bbxx good ccxx")
        let checker = try services.spelling.checker()
        let bbStart = UTF8Offset(10)
        let first = checker.check(text, startingAt: bbStart, limit: 1).misspellings
        #expect(first.map(\.word) == ["bbxx"])
        // A caret inside a word starts the search at that word.
        let fromInside = checker.check(text, startingAt: UTF8Offset(21), wrap: false).misspellings
        #expect(fromInside.map(\.word) == ["ccxx"])
        let afterAll = checker.check(text, startingAt: UTF8Offset(24), wrap: false).misspellings
        #expect(afterAll.isEmpty)
        let wrapped = checker.check(text, startingAt: UTF8Offset(20), wrap: true).misspellings
        #expect(wrapped.map(\.word) == ["ccxx", "aaxx", "bbxx"])
        let inRange = checker.check(text, range: UTF8Offset(5)..<UTF8Offset(19)).misspellings
        #expect(inRange.map(\.word) == ["bbxx"])
    }

    @Test func severalLanguagesAcceptAWordIfAnyDoes() throws {
        let both = try services.spelling.checker(languages: ["en_US", "xx_LATIN1"])
        #expect(both.check(TextBuffer("hello über café naïve smörgåsbord")).misspellings.isEmpty)
        let english = try services.spelling.checker(languages: ["en_US"])
        #expect(english.check(TextBuffer("hello über")).misspellings.map(\.word) == ["über"])
    }
}
