import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// The fast segmenter must give exactly ICU's word tokens wherever it is used.
@Suite struct FastWordSegmenterTests {
    /// ICU's tokens for the whole text, without white space, as the scanner sees them.
    func icu(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        var tokens: [FastWordSegmenter.Token] = []
        try? BreakIteratorPool.shared.withIterator(.word, locale: "en-US", text: bytes) { iterator in
            var start = iterator.first()
            while let end = iterator.next() {
                let status = iterator.ruleStatus
                if !SkipRules.isSpace(bytes[start]) { tokens.append((start..<end, status >= 200 && status < 300)) }
                start = end
            }
        }
        return tokens.map { "\(String(decoding: bytes[$0.range], as: UTF8.self))\($0.isWord ? "/w" : "")" }
    }

    func scanner(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return WordScanner.tokens(bytes, 0..<bytes.count, locale: "en-US").map {
            "\(String(decoding: bytes[$0.range], as: UTF8.self))\($0.isWord ? "/w" : "")"
        }
    }

    @Test func matchesICUOnHostileRandomText() {
        let alphabet = Array("aZm9_:.',;-!?\"()’‘“”—…@#/ \n\tq0e")
        var seed: UInt64 = 0x5EED
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33)
        }
        var mismatches: [String] = []
        for _ in 0..<30_000 {
            let length = 1 + next() % 24
            let text = String((0..<length).map { _ in alphabet[next() % alphabet.count] })
            if icu(text) != scanner(text) { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5).map { "\($0.debugDescription): icu \(icu($0)) fast \(scanner($0))" })")
    }

    @Test func matchesICUOnRealProse() throws {
        let folder = "/usr/share/games/fortunes"
        let names = try #require(try? FileManager.default.contentsOfDirectory(atPath: folder),
                                 "Debian's fortunes package is needed for this test (scripts/install-deps installs it)")
        var checked = 0
        for name in names.sorted() where !name.hasSuffix(".dat") && !name.hasSuffix(".u8") {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name),
                  let text = String(data: data, encoding: .utf8) else { continue }
            let expected = icu(text)
            let actual = scanner(text)
            if expected != actual {
                let first = Array(zip(expected, actual)).firstIndex { $0.0 != $0.1 } ?? min(expected.count, actual.count)
                Issue.record("\(name): token \(first): icu \(expected[first..<min(first + 3, expected.count)]) fast \(actual[first..<min(first + 3, actual.count)])")
            }
            checked += text.utf8.count
        }
        print("FastWordSegmenter: \(checked) bytes of fortunes segmented exactly as ICU does")
        #expect(checked > 1_000_000)
    }
}
