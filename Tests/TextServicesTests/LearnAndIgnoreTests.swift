import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

@Suite struct LearnAndIgnoreTests {
    private let scratch = TemporaryFolder("learn")

    @Test func learnedWordIsOnDiskBeforeTheCallReturnsAndSurvivesARestart() throws {
        let home = scratch.folder("learn")
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
        let handler = TestSupport.dispatcher(dataHome: scratch.folder("data"))
        #expect(TestSupport.call(handler, "spell.learn", ["word": ""]).errorCode == -32602)
        #expect(TestSupport.call(handler, "spell.learn", ["word": "two words"]).errorCode == -32602)
        #expect(TestSupport.call(handler, "spell.learn", ["word": 5]).errorCode == -32602)
        #expect(TestSupport.call(handler, "spell.learn", ["word": "fine", "language": "xx_NOPE"]).errorCode == -32001)
    }

    @Test func ignoredWordsAreScopedToTheirDocument() throws {
        let handler = TestSupport.dispatcher(dataHome: scratch.folder("data"))
        _ = TestSupport.call(handler, "spell.ignore", ["word": "qwzx", "documentId": "a"])
        let inA = TestSupport.call(handler, "spell.check", ["text": "qwzx here", "documentId": "a"]).value
        #expect(inA?["misspellings"]?.arrayValue?.isEmpty == true)
        let inB = TestSupport.call(handler, "spell.check", ["text": "qwzx here", "documentId": "b"]).value
        #expect(inB?["misspellings"]?.arrayValue?.count == 1)
        #expect(TestSupport.call(handler, "spell.ignored", ["documentId": "a"]).value?["words"] == ["qwzx"])
        _ = TestSupport.call(handler, "spell.closeDocument", ["documentId": "a"])
        #expect(TestSupport.call(handler, "spell.ignored", ["documentId": "a"]).value?["words"] == [])
    }

    @Test func twoProcessesLearningAtOnceKeepEachOthersWords() throws {
        // Two sets of services over one data folder stand for two processes (a daemon and a --no-daemon command).
        let home = scratch.folder("learn-shared")
        let first = TestSupport.services(dataHome: home)
        let second = TestSupport.services(dataHome: home)
        _ = try first.spelling.checker(languages: ["en_US"])
        _ = try second.spelling.checker(languages: ["en_US"])
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            let services = index % 2 == 0 ? first : second
            try? services.spelling.learn("zqshared\(index)x", language: "en_US")
        }
        let all = Set((0..<40).map { "zqshared\($0)x" })
        let file = try String(contentsOfFile: home + "/personal/en_US.dic", encoding: .utf8)
        #expect(Set(file.split(separator: "\n").map(String.init)) == all)
        // Each notices the other's words on its next use, and says so to its observers.
        let recorder = ChangeRecorder()
        first.spelling.addObserver(recorder)
        #expect(Set(try first.spelling.learnedWords(language: "en_US")) == all)
        #expect(try first.spelling.checker(languages: ["en_US"]).accepts("zqshared1x"))
        #expect(try second.spelling.checker(languages: ["en_US"]).accepts("zqshared0x"))
        try second.spelling.unlearn("zqshared0x", language: "en_US")
        #expect(try !first.spelling.checker(languages: ["en_US"]).accepts("zqshared0x"))
        #expect(recorder.changes.contains(LearnedWordsChange(language: "en_US", learned: [], unlearned: ["zqshared0x"])))
    }
}

/// Keeps the changes a spelling service reports.
private final class ChangeRecorder: SpellingObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [LearnedWordsChange] = []

    var changes: [LearnedWordsChange] { lock.withLock { recorded } }

    func learnedWordsDidChange(_ change: LearnedWordsChange) {
        lock.withLock { recorded.append(change) }
    }
}
