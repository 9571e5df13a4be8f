import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

@Suite struct SpellingMethodTests {
    let handler = TestSupport.sharedDispatcher

    @Test func checkReportsRangesInTheRequestedUnit() throws {
        let text = "😀 wrold"
        for (encoding, start) in [("utf-16", 3), ("utf-8", 5), ("utf-32", 2)] {
            let result = try #require(TestSupport.call(handler, "spell.check", ["text": .string(text), "positionEncoding": .string(encoding)]).value)
            #expect(result["misspellings"]?.arrayValue?.first?["range"] == ["start": .int(start), "end": .int(start + 5)])
            #expect(result["wordCount"] == 1)
        }
    }

    @Test func checkAttachesGuessesOnRequest() throws {
        let result = try #require(TestSupport.call(handler, "spell.check", ["text": "I recieve mail", "guesses": 3]).value)
        let guesses = result["misspellings"]?.arrayValue?.first?["guesses"]?.arrayValue ?? []
        #expect(guesses.first == "receive")
        #expect(guesses.count <= 3)
    }

    @Test func positionsOutOfRangeOrSplittingACodePointAreErrors() {
        #expect(TestSupport.call(handler, "spell.check", ["text": "abc", "range": ["start": 0, "end": 9]]).errorCode == -32005)
        #expect(TestSupport.call(handler, "spell.check", ["text": "😀x", "range": ["start": 1, "end": 3]]).errorCode == -32005)
        #expect(TestSupport.call(handler, "spell.check", ["text": "😀x", "startingAt": 2, "positionEncoding": "utf-8"]).errorCode == -32005)
        #expect(TestSupport.call(handler, "spell.check", ["text": "abc", "range": ["start": 2, "end": 1]]).errorCode == -32005)
        #expect(TestSupport.call(handler, "spell.check", ["text": "abc", "startingAt": -1]).errorCode == -32005)
    }

    @Test func wrongTypesNameTheField() {
        let missing = TestSupport.call(handler, "spell.check", [:])
        guard case .failure(let error) = missing else { Issue.record("expected an error"); return }
        #expect(error.code == -32602)
        #expect(error.data?["field"] == "text")
        #expect(TestSupport.call(handler, "spell.check", ["text": 3]).errorCode == -32602)
        #expect(TestSupport.call(handler, "spell.check", ["text": "a", "wrap": "yes"]).errorCode == -32602)
        #expect(TestSupport.call(handler, "spell.check", ["text": "a", "limit": -1]).errorCode == -32602)
        #expect(TestSupport.call(handler, "spell.check", ["text": "a", "languages": []]).errorCode == -32602)
        #expect(TestSupport.call(handler, "spell.check", ["text": "a", "positionEncoding": "utf-7"]).errorCode == -32602)
    }

    @Test func guessesAcceptAWordOrATextRange() throws {
        let byWord = try #require(TestSupport.call(handler, "spell.guesses", ["word": "recieve"]).value)
        #expect(byWord["guesses"]?.arrayValue?.first == "receive")
        let byRange = try #require(TestSupport.call(handler, "spell.guesses", ["text": "I recieve", "range": ["start": 2, "end": 9]]).value)
        #expect(byRange["guesses"]?.arrayValue?.first == "receive")
        #expect(TestSupport.call(handler, "spell.guesses", ["word": "hello"]).value?["guesses"] == [])
    }

    @Test func completionsFollowThePrefixCaseAndIncludeAffixedForms() throws {
        let upper = try #require(TestSupport.call(handler, "spell.complete", ["prefix": "Hel", "limit": 50]).value)
        let words = upper["completions"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(words.contains("Hello"))
        #expect(words.allSatisfy { $0.hasPrefix("Hel") })
        let shout = try #require(TestSupport.call(handler, "spell.complete", ["prefix": "HEL", "limit": 5]).value)
        #expect(shout["completions"]?.arrayValue?.compactMap(\.stringValue).allSatisfy { $0 == $0.uppercased() } == true)
        let viaRange = try #require(TestSupport.call(handler, "spell.complete", ["text": "say hel", "range": ["start": 4, "end": 7]]).value)
        #expect(viaRange["completions"]?.arrayValue?.isEmpty == false)
    }

    @Test func languagesListsTheBundledDictionary() throws {
        let result = try #require(TestSupport.call(handler, "spell.languages").value)
        let english = result["languages"]?.arrayValue?.first { $0["tag"] == "en_US" }
        #expect(english?["source"] == "bundled")
        #expect(english?["path"]?.stringValue?.hasSuffix("dictionaries/en_US.dic") == true)
    }
}
