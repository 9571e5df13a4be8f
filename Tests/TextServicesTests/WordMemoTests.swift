import Testing
@testable import TextServices

/// The checker's memo of verdicts, keyed by the words' bytes in the scanned text.
@Suite struct WordMemoTests {
    /// The byte ranges of the space-separated words of `text`.
    func words(_ text: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for index in 0...text.count where index == text.count || text[index] == UInt8(ascii: " ") {
            if start < index { ranges.append(start..<index) }
            start = index + 1
        }
        return ranges
    }

    @Test func aWordStoredOnceIsAnsweredWhereverItsBytesRepeat() {
        let text = Array("cat dog cat tac dog".utf8)
        let ranges = words(text)
        var memo = WordMemo(textBytes: text.count)
        memo.store(ranges[0], in: text, true)
        memo.store(ranges[1], in: text, false)
        #expect(memo.lookup(ranges[2], in: text) == true)
        #expect(memo.lookup(ranges[4], in: text) == false)
        // Same letters, same length, other order: not the stored word.
        #expect(memo.lookup(ranges[3], in: text) == nil)
    }

    @Test func aWordThatIsThePrefixOfAStoredOneIsNotAnswered() {
        let text = Array("cathedral cat".utf8)
        let ranges = words(text)
        var memo = WordMemo(textBytes: text.count)
        memo.store(ranges[0], in: text, true)
        #expect(memo.lookup(ranges[1], in: text) == nil)
        #expect(memo.lookup(0..<3, in: text) == nil)
    }

    @Test func growingPastItsFirstSizeKeepsEveryVerdict() {
        // 5,000 distinct words in a memo sized for a few hundred: it grows several times.
        let list = (0..<5000).map { "w\(String($0, radix: 26))" }
        let text = Array(list.joined(separator: " ").utf8)
        let ranges = words(text)
        var memo = WordMemo(capacity: 16)
        for (index, range) in ranges.enumerated() { memo.store(range, in: text, index % 3 == 0) }
        #expect(ranges.enumerated().allSatisfy { index, range in memo.lookup(range, in: text) == (index % 3 == 0) })
    }

    @Test func longWordsThatShareTheirFirstEightBytesAreToldApart() {
        let text = Array("internationalisation internationalization internationalisation internationalis".utf8)
        let ranges = words(text)
        var memo = WordMemo(textBytes: text.count)
        memo.store(ranges[0], in: text, true)
        #expect(memo.lookup(ranges[1], in: text) == nil)
        memo.store(ranges[1], in: text, false)
        #expect(memo.lookup(ranges[2], in: text) == true)
        #expect(memo.lookup(ranges[1], in: text) == false)
        #expect(memo.lookup(ranges[3], in: text) == nil)
    }

    @Test func wordsAtTheVeryEndOfTheTextAreAnsweredFromTheirOwnBytes() {
        // The last words have fewer than eight bytes after their start: nothing past the text is read.
        let text = Array("ab abc ab a abc".utf8)
        let ranges = words(text)
        var memo = WordMemo(textBytes: text.count)
        memo.store(ranges[0], in: text, true)
        memo.store(ranges[1], in: text, false)
        #expect(memo.lookup(ranges[2], in: text) == true)
        #expect(memo.lookup(ranges[3], in: text) == nil)
        #expect(memo.lookup(ranges[4], in: text) == false)
    }
}
