import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol

@Suite struct LearnAndIgnoreTests {
    @Test func learnedWordIsOnDiskBeforeTheCallReturnsAndSurvivesARestart() throws {
        let home = TestSupport.temporaryFolder("learn")
        let first = TestSupport.services(dataHome: home)
        try first.spelling.learn("Zyxtrel", language: "en-us")
        let file = home + "/personal/en_US.dic"
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved == "Zyxtrel\n")
        #expect(try first.spelling.checker().accepts("Zyxtrel"))

        let second = TestSupport.services(dataHome: home)
        #expect(try second.spelling.checker().accepts("Zyxtrel"))
        #expect(try second.spelling.learnedWords(language: nil) == ["Zyxtrel"])

        try second.spelling.unlearn("Zyxtrel", language: "en_US")
        #expect(try !second.spelling.checker().accepts("Zyxtrel"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "")
        #expect(try TestSupport.services(dataHome: home).spelling.learnedWords(language: "en_US") == [])
    }

    @Test func learnRejectsEmptyAndMultiWordInput() {
        let handler = TestSupport.dispatcher()
        #expect(TestSupport.call(handler, "spell.learn", ["word": ""]).errorCode == -32602)
        #expect(TestSupport.call(handler, "spell.learn", ["word": "two words"]).errorCode == -32602)
        #expect(TestSupport.call(handler, "spell.learn", ["word": 5]).errorCode == -32602)
        #expect(TestSupport.call(handler, "spell.learn", ["word": "fine", "language": "xx_NOPE"]).errorCode == -32001)
    }

    @Test func ignoredWordsAreScopedToTheirDocument() throws {
        let handler = TestSupport.dispatcher()
        _ = TestSupport.call(handler, "spell.ignore", ["word": "qwzx", "documentId": "a"])
        let inA = TestSupport.call(handler, "spell.check", ["text": "qwzx here", "documentId": "a"]).value
        #expect(inA?["misspellings"]?.arrayValue?.isEmpty == true)
        let inB = TestSupport.call(handler, "spell.check", ["text": "qwzx here", "documentId": "b"]).value
        #expect(inB?["misspellings"]?.arrayValue?.count == 1)
        #expect(TestSupport.call(handler, "spell.ignored", ["documentId": "a"]).value?["words"] == ["qwzx"])
        _ = TestSupport.call(handler, "spell.closeDocument", ["documentId": "a"])
        #expect(TestSupport.call(handler, "spell.ignored", ["documentId": "a"]).value?["words"] == [])
    }
}
