import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// `abbreviations` on the text-unit methods and its capability (issue 22, item 4).
@Suite struct SentenceAbbreviationsMethodTests {
    @Test func theWireTakesAbbreviationsFalse() throws {
        let text = "Dr. Smith went to Washington. He left."
        let on = TestSupport.call(TestSupport.sharedDispatcher, "text.tokenize", ["text": .string(text), "granularity": "sentence", "locale": "en"])
        let off = TestSupport.call(TestSupport.sharedDispatcher, "text.tokenize", ["text": .string(text), "granularity": "sentence", "locale": "en",
                                                     "abbreviations": false])
        #expect(on.value?["tokens"]?.arrayValue?.count == 2)
        #expect(off.value?["tokens"]?.arrayValue?.count == 3)
        let boundary = TestSupport.call(TestSupport.sharedDispatcher, "text.boundary", ["text": .string(text), "position": 0, "granularity": "sentence",
                                                          "direction": "forward", "abbreviations": false])
        #expect(boundary.value?["position"]?.intValue == 4)
        let enclosing = TestSupport.call(TestSupport.sharedDispatcher, "text.enclosing", ["text": .string(text), "position": 5, "granularity": "sentence"])
        #expect(enclosing.value?["range"]?["end"]?.intValue == 30)
        let capabilities = TestSupport.call(TestSupport.sharedDispatcher, "initialize").value?["capabilities"]
        #expect(capabilities?["text.sentenceAbbreviations"]?.boolValue == true)
    }
}
