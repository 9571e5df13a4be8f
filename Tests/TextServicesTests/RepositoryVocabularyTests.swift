import Testing
import TextServices

/// The repository vocabulary rule: recurring flagged words are the tree's own, one-off ones are reported.
@Suite struct RepositoryVocabularyTests {
    /// A vocabulary of `files` files, each flagging the words given for it (the rest flag nothing).
    func vocabulary(_ flagged: [[String]], files: Int = 20, rule: RepositoryVocabulary.Rule = .standard) -> RepositoryVocabulary {
        var vocabulary = RepositoryVocabulary(rule: rule)
        for words in flagged { vocabulary.add(words) }
        for _ in flagged.count..<max(files, flagged.count) { vocabulary.add([String]()) }
        return vocabulary
    }

    @Test func aWordFlaggedInTwoFilesIsTheRepositorysOwn() {
        let learned = vocabulary([["strbuf"], ["strbuf", "recieve"]])
        #expect(learned.contains("strbuf"))
        #expect(!learned.contains("recieve"))
        #expect(learned.learnedWords == ["strbuf"])
    }

    @Test func aWordFlaggedThreeTimesInOneFileIsTheRepositorysOwnButTwiceIsNot() {
        let learned = vocabulary([["oid", "oid", "oid", "teh", "teh"]])
        #expect(learned.contains("oid"))
        #expect(!learned.contains("teh"))
    }

    @Test func wordsAreComparedWithoutCase() {
        let learned = vocabulary([["Strbuf"], ["STRBUF"]])
        #expect(learned.contains("strbuf"))
        #expect(learned.counts["strbuf"] == RepositoryVocabulary.Count(files: 2, occurrences: 2))
    }

    @Test func aPossessiveCountsAsItsWord() {
        let learned = vocabulary([["greenlet"], ["greenlet's", "recieve's"], ["virtualenvs’"]])
        #expect(learned.contains("greenlet's"))
        #expect(learned.contains("Greenlet’s"))
        #expect(learned.counts["greenlet"] == RepositoryVocabulary.Count(files: 2, occurrences: 2))
        #expect(!learned.contains("recieve's"))
        #expect(!learned.contains("virtualenvs"))
        #expect(learned.learnedWords == ["greenlet"])
    }

    @Test func aWordTheCodeUsesAsANameIsTheRepositorysOwnFlaggedOnce() {
        var learned = vocabulary([["nodeptr", "recieve"]])
        let code = Array("int nodeptr = 0; /* recieve the nodeptr */ char *NextNode; int x2 = 0x1f; naïve_x\n".utf8)
        var mask = TextMask(bytes: code, visible: false)
        mask.show(16..<43)
        learned.addNames(CodeNames.hidden(in: mask))
        #expect(learned.contains("nodeptr"))
        #expect(learned.contains("NEXTNODE"))
        #expect(!learned.contains("recieve"))
        #expect(!learned.contains("x1f"))
        #expect(learned.namedWords == ["nodeptr"])
        // Only whole names of three or more characters outside comments and strings count.
        let names = CodeNames.hidden(in: mask)
        #expect(names.contains(CodeNames.key("int")) && names.contains(CodeNames.key("char")))
        #expect(!names.contains(CodeNames.key("x2")))
        #expect(!names.contains(CodeNames.key("the")))
    }

    @Test func theNamesOfCodeAreThoseAByteByByteScanFindsWhereverTheyFallInTheEightByteSteps() {
        // `CodeNames.hidden` finds its runs eight bytes at a time: names, numbers, bytes outside ASCII and the
        // ASCII bytes beside letters, digits and the underscore in every lane, under random masks.
        let pieces = ["a", "Z", "_", "9", "0", "é", "ж", " ", "\n", "@", "[", "`", "{", "/", ":", "\u{7F}", "abc", "if_x", "NAME"]
        func reference(_ mask: TextMask) -> Set<UInt64> {
            let bytes = mask.bytes
            func isStart(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == 0x5F }
            func isName(_ byte: UInt8) -> Bool { isStart(byte) || (byte >= 0x30 && byte <= 0x39) }
            var names: Set<UInt64> = []
            var index = 0
            while index < bytes.count {
                guard isStart(bytes[index]) else {
                    if isName(bytes[index]) || bytes[index] >= 0x80 {
                        while index < bytes.count, isName(bytes[index]) || bytes[index] >= 0x80 { index += 1 }
                    } else {
                        index += 1
                    }
                    continue
                }
                let start = index
                while index < bytes.count, isName(bytes[index]) { index += 1 }
                if index < bytes.count, bytes[index] >= 0x80 {
                    while index < bytes.count, isName(bytes[index]) || bytes[index] >= 0x80 { index += 1 }
                    continue
                }
                guard index - start >= 3, !mask.isVisible(start), !mask.isVisible(index - 1) else { continue }
                names.insert(CodeNames.key(String(decoding: bytes[start..<index], as: UTF8.self)))
            }
            return names
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let bytes = Array((0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined().utf8)
            var mask = TextMask(bytes: bytes, visible: false)
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                let lower = Int.random(in: 0...bytes.count, using: &generator)
                mask.show(lower..<min(bytes.count, lower + Int.random(in: 0...6, using: &generator)))
            }
            #expect(CodeNames.hidden(in: mask) == reference(mask), "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    @Test func aSmallTreeLearnsNothing() {
        let learned = vocabulary([["strbuf"], ["strbuf"]], files: 19)
        #expect(learned.fileCount == 19)
        #expect(!learned.contains("strbuf"))
        #expect(learned.learnedWords.isEmpty)
    }

    @Test func theRuleSetsTheThresholds() {
        let strict = RepositoryVocabulary.Rule(files: 3, occurrences: 3, minimumFiles: 2)
        let learned = vocabulary([["strbuf"], ["strbuf"], ["refs", "refs"], ["refs"]], files: 4, rule: strict)
        #expect(!learned.contains("strbuf"))
        #expect(learned.contains("refs"))
    }
}
