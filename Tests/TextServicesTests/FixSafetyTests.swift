import Testing
@testable import TextServices

/// Which confident first guesses are applied without asking: slips mended, in prose and comments only.
struct FixSafetyTests {
    @Test(arguments: [("teh", "the"), ("Teh", "The"), ("recieve", "receive"), ("Signifigantly", "Significantly"),
                      ("english", "English"), ("wrold", "world"), ("nonprintable", "non-printable"), ("becuase", "because"),
                      ("hte", "the")])
    func aSlipIsMended(_ word: String, _ guess: String) {
        #expect(GuessConfidence.isSlipMend(word, to: guess))
    }

    @Test(arguments: [("lockfiles", "lock files"), ("Scriptable", "Script able"), ("Dupont", "DuPont"),
                      ("ecmascript", "ECMAScript"), ("Tk", "To"), ("äöü", "you"), ("Erekle", "Oracle"),
                      ("neq", "new!"), ("jgroups", "groups"), ("Cpython", "Python"), ("javacc", "java"),
                      ("oftenly", "often")])
    func aRewriteIsNoSlip(_ word: String, _ guess: String) {
        #expect(!GuessConfidence.isSlipMend(word, to: guess))
    }

    @Test func editDistanceCountsASwapOnceAndStopsAtItsLimit() {
        func distance(_ left: String, _ right: String, _ limit: Int) -> Int? {
            GuessConfidence.editDistance(Array(left), Array(right), atMost: limit)
        }
        #expect(distance("teh", "the", 1) == 1)
        #expect(distance("abc", "abc", 0) == 0)
        #expect(distance("", "ab", 2) == 2)
        #expect(distance("kitten", "sitting", 2) == nil)
        #expect(distance("kitten", "sitting", 3) == 3)
    }

    @Test func codesStringsAndOtherFilesTakeNoFixButProseAndCommentsDo() {
        let code = Array("let a = \"wrold\" // a wrold\n".utf8)
        let string = 9..<14, comment = 21..<26
        let mask = FixableText.mask(code, kind: .source(.swift), path: "a.swift")
        #expect(!FixableText.allows(string, in: code, mask: mask))
        #expect(FixableText.allows(comment, in: code, mask: mask))
        #expect(FixableText.allows(string, in: code, mask: FixableText.mask(code, kind: .source(.swift), path: "a.swift", strings: true)))
        #expect(!FixableText.allows(comment, in: code, mask: FixableText.mask(code, kind: .otherText, path: "Lisp.sublime-syntax")))
        #expect(FixableText.allows(comment, in: code, mask: FixableText.mask(code, kind: .markdown, path: "notes.md")))
        let pattern = Array("match \\bpython here".utf8)
        #expect(!FixableText.allows(7..<14, in: pattern, mask: FixableText.mask(pattern, kind: .plainText, path: nil)))
    }

    @Test func aProjectsOwnDocumentsAndProseMarkupsTakeFixesThoughNoKindReadsThem() {
        let text = Array("a wrold".utf8)
        for path in ["README", "docs/NEWS", "ChangeLog.old", "guide.adoc", "notes.org"] {
            #expect(DocumentKind(languageId: nil, path: path) == .otherText, "\(path)")
            #expect(FixableText.allows(2..<7, in: text, mask: FixableText.mask(text, kind: .otherText, path: path)), "\(path)")
        }
        for path in ["syntax.sublime-syntax", "tool.in", "data.dat"] {
            #expect(!FixableText.allows(2..<7, in: text, mask: FixableText.mask(text, kind: .otherText, path: path)), "\(path)")
        }
    }
}
