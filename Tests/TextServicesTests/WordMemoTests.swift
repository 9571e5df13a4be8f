import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// The checker's memo of verdicts, keyed by the words' bytes (its own copy of them).
@Suite struct WordMemoTests {
    @Test func aWordStoredOnceIsAnsweredWhereverItsBytesRepeat() {
        let text = Array("cat dog cat tac dog".utf8)
        let ranges = TestSupport.spaceSeparatedWords(text)
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
        let ranges = TestSupport.spaceSeparatedWords(text)
        var memo = WordMemo(textBytes: text.count)
        memo.store(ranges[0], in: text, true)
        #expect(memo.lookup(ranges[1], in: text) == nil)
        #expect(memo.lookup(0..<3, in: text) == nil)
    }

    @Test func growingPastItsFirstSizeKeepsEveryVerdict() {
        // 5,000 distinct words in a memo sized for a few hundred: it grows several times.
        let list = (0..<5000).map { "w\(String($0, radix: 26))" }
        let text = Array(list.joined(separator: " ").utf8)
        let ranges = TestSupport.spaceSeparatedWords(text)
        var memo = WordMemo(capacity: 16)
        for (index, range) in ranges.enumerated() { memo.store(range, in: text, index % 3 == 0) }
        #expect(ranges.enumerated().allSatisfy { index, range in memo.lookup(range, in: text) == (index % 3 == 0) })
    }

    @Test func longWordsThatShareTheirFirstEightBytesAreToldApart() {
        let text = Array("internationalisation internationalization internationalisation internationalis".utf8)
        let ranges = TestSupport.spaceSeparatedWords(text)
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
        let ranges = TestSupport.spaceSeparatedWords(text)
        var memo = WordMemo(textBytes: text.count)
        memo.store(ranges[0], in: text, true)
        memo.store(ranges[1], in: text, false)
        #expect(memo.lookup(ranges[2], in: text) == true)
        #expect(memo.lookup(ranges[3], in: text) == nil)
        #expect(memo.lookup(ranges[4], in: text) == false)
    }

    @Test func aMemoAnswersForTheSameBytesInAnotherText() {
        // The memo keeps its own copy of each word, so the first text may be gone when the second is scanned.
        var memo = WordMemo(capacity: 16)
        do {
            let first = Array("internationalisation cat internationalization".utf8)
            for (index, range) in TestSupport.spaceSeparatedWords(first).enumerated() { memo.store(range, in: first, index != 2) }
        }
        let second = Array("xx internationalization dog cat internationalisation internationalisatio".utf8)
        let ranges = TestSupport.spaceSeparatedWords(second)
        #expect(memo.lookup(ranges[1], in: second) == false)
        #expect(memo.lookup(ranges[2], in: second) == nil)
        #expect(memo.lookup(ranges[3], in: second) == true)
        #expect(memo.lookup(ranges[4], in: second) == true)
        #expect(memo.lookup(ranges[5], in: second) == nil)
    }

    @Test func aFullMemoStartsOverAndNeverAnswersWrong() {
        // More distinct words than a memo holds, long ones among them: every answer is the stored verdict or none,
        // and the words stored since it started over are all answered.
        let count = WordMemo.maximumWords + 5000
        let list = (0..<count).map { index in index % 7 == 0 ? "longword\(String(index, radix: 36))tail" : "w\(String(index, radix: 36))" }
        let text = Array(list.joined(separator: " ").utf8)
        let ranges = TestSupport.spaceSeparatedWords(text)
        var memo = WordMemo(capacity: 16)
        for (index, range) in ranges.enumerated() { memo.store(range, in: text, index % 3 == 0) }
        let answers = ranges.map { memo.lookup($0, in: text) }
        #expect(answers.enumerated().allSatisfy { index, answer in answer == nil || answer == (index % 3 == 0) })
        #expect(answers.suffix(4000).enumerated().allSatisfy { offset, answer in answer == ((count - 4000 + offset) % 3 == 0) })
    }
}
