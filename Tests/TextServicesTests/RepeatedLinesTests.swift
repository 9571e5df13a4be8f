import Synchronization
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// A run's memo of lines already checked (`RepeatedLines`), through `RepeatedLineChecking`.
@Suite struct RepeatedLinesTests {
    /// Rejects the words (between spaces and line feeds) holding `xx`, and records the texts it was asked about.
    final class RecordingChecker: WordChecking {
        let asked = Mutex<[String]>([])

        func misspellings(in text: TextBuffer) -> [Misspelling] {
            asked.withLock { $0.append(String(decoding: text.bytes, as: UTF8.self)) }
            var found: [Misspelling] = []
            var start = 0
            for (index, byte) in (text.bytes + [0x20]).enumerated() where byte == 0x20 || byte == 0x0A {
                let word = String(decoding: text.bytes[start..<index], as: UTF8.self)
                if word.contains("xx") { found.append(Misspelling(range: ByteRange(bytes: start..<index), word: word)) }
                start = index + 1
            }
            return found
        }

        func accepts(_ words: [String]) -> [Bool] { words.map { !$0.contains("xx") } }
    }

    @Test func aLineMetBeforeIsAnsweredWithoutScanningItAgain() throws {
        let base = RecordingChecker()
        let checker = RepeatedLineChecking(base, lines: RepeatedLines(), context: "en_US")
        let first = "one xxa two\n  same xxb line\nthree\n"
        let second = "other xxc\n  same xxb line\n\n  same xxb line\n"
        #expect(try checker.misspellings(in: TextBuffer(first)) == base.misspellings(in: TextBuffer(first)))
        let found = try checker.misspellings(in: TextBuffer(second))
        #expect(found == base.misspellings(in: TextBuffer(second)))
        #expect(found.map(\.word) == ["xxc", "xxb", "xxb"])
        // The second text went to the checker with its repeated lines blank, every offset in place.
        let asked = base.asked.withLock { $0 }
        let blank = String(repeating: " ", count: "  same xxb line".utf8.count)
        #expect(asked[2] == "other xxc\n\(blank)\n\n\(blank)\n")
    }

    @Test func aTextOfLinesAllMetBeforeIsNotScannedAtAll() throws {
        let base = RecordingChecker()
        let checker = RepeatedLineChecking(base, lines: RepeatedLines(), context: "en_US")
        _ = try checker.misspellings(in: TextBuffer("a xxa\nb\n"))
        let found = try checker.misspellings(in: TextBuffer("\nb\n\na xxa"))
        #expect(found == [Misspelling(range: ByteRange(bytes: 6..<9), word: "xxa")])
        #expect(base.asked.withLock { $0.count } == 1)
    }

    @Test func linesKeptUnderOneContextDoNotAnswerForAnother() throws {
        let base = RecordingChecker()
        let lines = RepeatedLines()
        _ = try RepeatedLineChecking(base, lines: lines, context: "en_US").misspellings(in: TextBuffer("a xxa\n"))
        _ = try RepeatedLineChecking(base, lines: lines, context: "de_DE").misspellings(in: TextBuffer("a xxa\n"))
        #expect(base.asked.withLock { $0 } == ["a xxa\n", "a xxa\n"])
    }

    @Test func linesDifferingOnlyInIndentationAreNotTakenForEachOther() throws {
        let base = RecordingChecker()
        let checker = RepeatedLineChecking(base, lines: RepeatedLines(), context: "en_US")
        _ = try checker.misspellings(in: TextBuffer("a xxa\n"))
        let found = try checker.misspellings(in: TextBuffer(" a xxa\n"))
        #expect(found.map(\.range) == [ByteRange(bytes: 3..<6)])
        #expect(base.asked.withLock { $0.count } == 2)
    }

    @Test func pastItsByteLimitLinesAreStillAnsweredButNoMoreAreKept() throws {
        let base = RecordingChecker()
        let checker = RepeatedLineChecking(base, lines: RepeatedLines(byteLimit: 8), context: "en_US")
        _ = try checker.misspellings(in: TextBuffer("xxa b\nlonger xxb line\n"))
        #expect(try checker.misspellings(in: TextBuffer("longer xxb line\nxxa b\n")).map(\.word) == ["xxb", "xxa"])
        #expect(base.asked.withLock { $0.last } == "longer xxb line\n     \n")
    }

    @Test func theRealCheckerFindsTheSameThroughTheMemoInRandomTextsOfRepeatedLines() throws {
        // Lines drawn from a small pool (hyphens, periods, apostrophes, URLs, other scripts, indentation), so most repeat:
        // every text's misspellings through the memo are the checker's own on the whole text.
        let speller = try TestSupport.sharedServices.spelling.checker(languages: ["en_US"])
        let pool = [
            "The quick brown fox jumpd over the lazzy dog.", "  indented teh line", "well-knwon co-operashun re-use",
            "e.g. etc. Mr. Smiht's dog's bone", "see https://exmaple.com/pathh and /usr/lib/libfooo.so",
            "naïve caffé Ünïcödé wörds", "-leading hyphn and trailng-", ".hidden file and wrod.", "3rd-party mp3 wrods 1,234.5",
            "\tTabbed\tlinne\t", "— dash — and “quoted” wrods", "'single' 'quottes'", "", "   ", "x",
        ]
        var random = SystemRandomNumberGenerator()
        let lines = RepeatedLines()
        for _ in 0..<60 {
            let text = TextBuffer((0..<Int.random(in: 1...12, using: &random)).map { _ in pool.randomElement(using: &random)! }
                .joined(separator: "\n") + (Bool.random(using: &random) ? "\n" : ""))
            let expected = speller.misspellings(in: text)
            #expect(try RepeatedLineChecking(speller, lines: lines, context: "en_US").misspellings(in: text) == expected)
        }
    }
}
