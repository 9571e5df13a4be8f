import Foundation
import Testing
import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Every spelling method, through the real daemon.
@Suite("Daemon spelling methods", .slow)
struct DaemonSpellingTests {
    @Test func languagesListTheDictionariesWithTheirSource() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let languages = try #require(try daemon.call("spell.languages")["languages"]?.arrayValue)
        let english = try #require(languages.first { $0["tag"] == "en_US" })
        #expect(["bundled", "user", "system"].contains(english["source"]?.stringValue ?? ""))
        #expect(english["path"]?.stringValue?.hasSuffix(".dic") == true)
    }

    @Test func checkReportsRangesInTheConnectionsOrTheRequestsEncoding() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        let text: JSONValue = "😀 teh wrld"
        func ranges(_ result: JSONValue) -> [JSONValue] {
            result["misspellings"]?.arrayValue?.compactMap { $0["range"] } ?? []
        }
        let utf16 = try connection.result("spell.check", ["text": text])
        #expect(ranges(utf16) == [["start": 3, "end": 6], ["start": 7, "end": 11]])
        #expect(utf16["wordCount"] == 2)
        let utf8 = try connection.result("spell.check", ["text": text, "positionEncoding": "utf-8"])
        #expect(ranges(utf8) == [["start": 5, "end": 8], ["start": 9, "end": 13]])
        #expect(try connection.result("initialize", ["positionEncoding": "utf-32"])["positionEncoding"] == "utf-32")
        #expect(ranges(try connection.result("spell.check", ["text": text])) == [["start": 2, "end": 5], ["start": 6, "end": 10]])
        // The setting belongs to that connection only.
        #expect(ranges(try daemon.call("spell.check", ["text": text])) == [["start": 3, "end": 6], ["start": 7, "end": 11]])
    }

    @Test func startingAtWrapAndLimitFindTheNextMisspelling() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let text: JSONValue = "teh cat sat on teh mat"
        let next = try daemon.call("spell.check", ["text": text, "startingAt": 4, "limit": 1])
        #expect(next["misspellings"]?.arrayValue?.map { $0["range"]! } == [["start": 15, "end": 18]])
        let none = try daemon.call("spell.check", ["text": text, "startingAt": 19, "limit": 1])
        #expect(none["misspellings"]?.arrayValue?.isEmpty == true)
        let wrapped = try daemon.call("spell.check", ["text": text, "startingAt": 19, "wrap": true, "limit": 1])
        #expect(wrapped["misspellings"]?.arrayValue?.map { $0["range"]! } == [["start": 0, "end": 3]])
        let inRange = try daemon.call("spell.check", ["text": text, "range": ["start": 4, "end": 22]])
        #expect(inRange["misspellings"]?.arrayValue?.map { $0["word"]! } == ["teh"])
    }

    @Test func checkAttachesGuessesAndAcceptsSeveralLanguages() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let result = try daemon.call("spell.check", ["text": "teh", "guesses": 3, "languages": ["en_US", "en"]])
        let guesses = try #require(result["misspellings"]?.arrayValue?.first?["guesses"]?.arrayValue)
        #expect(guesses.contains("the"))
        #expect(guesses.count <= 3)
    }

    @Test func guessesForAWordOrATextRange() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        #expect(try daemon.call("spell.guesses", ["word": "recieve"])["guesses"]?.arrayValue?.first == "receive")
        let ranged = try daemon.call("spell.guesses", ["text": "I recieve it", "range": ["start": 2, "end": 9]])
        #expect(ranged["guesses"]?.arrayValue?.contains("receive") == true)
    }

    @Test func completionsKeepThePrefixCase() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let lower = try #require(try daemon.call("spell.complete", ["prefix": "encyclop", "limit": 5])["completions"]?.arrayValue)
        #expect(!lower.isEmpty && lower.count <= 5)
        #expect(lower.allSatisfy { $0.stringValue?.hasPrefix("encyclop") == true })
        let upper = try #require(try daemon.call("spell.complete", ["prefix": "Encyclop"])["completions"]?.arrayValue)
        #expect(upper.allSatisfy { $0.stringValue?.hasPrefix("Encyclop") == true })
    }

    @Test func ignoredWordsBelongToTheirDocumentUntilItCloses() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        #expect(try connection.result("spell.ignore", ["word": "zorblax", "documentId": "doc-1"]) == .object([:]))
        #expect(try connection.result("spell.ignored", ["documentId": "doc-1"])["words"] == ["zorblax"])
        let inDocument = try connection.result("spell.check", ["text": "zorblax", "documentId": "doc-1"])
        #expect(inDocument["misspellings"]?.arrayValue?.isEmpty == true)
        let elsewhere = try connection.result("spell.check", ["text": "zorblax", "documentId": "doc-2"])
        #expect(elsewhere["misspellings"]?.arrayValue?.count == 1)
        #expect(try connection.result("spell.closeDocument", ["documentId": "doc-1"]) == .object([:]))
        #expect(try connection.result("spell.ignored", ["documentId": "doc-1"])["words"] == [])
    }

    @Test func learnedWordsAreOnDiskBeforeTheAnswerAndSurviveARestart() throws {
        let first = try DaemonHarness.start()
        let file = first.dataHome + "/textsvcd/personal/en_US.dic"
        #expect(try first.call("spell.learn", ["word": "Quuxify"]) == .object([:]))
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.split(separator: "\n").contains("Quuxify"))
        #expect(try first.call("spell.check", ["text": "Quuxify"])["misspellings"]?.arrayValue?.isEmpty == true)
        #expect(try first.call("spell.learned")["words"] == ["Quuxify"])
        first.signal(SIGTERM)
        #expect(first.waitForExit() == 0)

        let second = try DaemonHarness.start(sandbox: (first.root, first.environment))
        defer { second.stop() }
        #expect(try second.call("spell.learned", ["language": "en-US"])["words"] == ["Quuxify"])
        #expect(try second.call("spell.unlearn", ["word": "Quuxify"]) == .object([:]))
        #expect(try second.call("spell.learned")["words"] == [])
        #expect(try second.call("spell.check", ["text": "Quuxify"])["misspellings"]?.arrayValue?.count == 1)
        #expect(try !String(contentsOfFile: file, encoding: .utf8).contains("Quuxify"))
    }
}
