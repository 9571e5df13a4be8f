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
