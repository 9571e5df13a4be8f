import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// The language scorer's table of the distinct words it scored, keyed by their bytes.
@Suite struct ScoredWordsTests {
    @Test func aWordStoredOnceIsFoundWhereverItsBytesRepeat() {
        let text = Array("cat dog cat tac dog Katze".utf8)
        let ranges = TestSupport.spaceSeparatedWords(text)
        var table = ScoredWords()
        text.withUnsafeBufferPointer { bytes in
            let first = table.store(ranges[0], in: bytes)
            #expect(first)
            let second = table.store(ranges[1], in: bytes)
            #expect(second)
            #expect(table.number(ranges[2], in: bytes) == 0)
            #expect(table.number(ranges[4], in: bytes) == 1)
            // Same letters in another order, and a word never stored: not found.
            #expect(table.number(ranges[3], in: bytes) == nil)
            #expect(table.number(ranges[5], in: bytes) == nil)
        }
        #expect(table.count == 2)
    }

    @Test func longWordsSharingTheirFirstEightBytesAreToldApart() {
        let text = Array("internationalization internationalisation internationalization international".utf8)
        let ranges = TestSupport.spaceSeparatedWords(text)
        var table = ScoredWords()
        text.withUnsafeBufferPointer { bytes in
            let first = table.store(ranges[0], in: bytes)
            #expect(first)
            #expect(table.number(ranges[1], in: bytes) == nil)
            let second = table.store(ranges[1], in: bytes)
            #expect(second)
            #expect(table.number(ranges[2], in: bytes) == 0)
            #expect(table.number(ranges[1], in: bytes) == 1)
            #expect(table.number(ranges[3], in: bytes) == nil)
        }
    }

    @Test func wordsKeepTheirNumbersAsTheTableGrows() {
        let all = (0..<5_000).map { "w\($0)x\($0 * 7)" + String(repeating: "y", count: $0 % 13) }
        let text = Array(all.joined(separator: " ").utf8)
        let ranges = TestSupport.spaceSeparatedWords(text)
        var table = ScoredWords(capacity: 16)
        text.withUnsafeBufferPointer { bytes in
            var stored = 0
            for range in ranges where table.store(range, in: bytes) { stored += 1 }
            #expect(stored == ranges.count)
            #expect(ranges.indices.allSatisfy { table.number(ranges[$0], in: bytes) == $0 })
        }
        #expect(table.count == all.count)
    }
}
