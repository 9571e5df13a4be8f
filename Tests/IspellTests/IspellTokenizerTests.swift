import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// The words a tokenizer over the bundled en_US dictionary finds in each line, in order.
private func words(_ lines: [String], format: IspellFormat, checksURLs: Bool = false) -> [[String]] {
    var tokenizer = IspellTokenizer(affixPath: TestSupport.repositoryRoot + "/dictionaries/en_US.aff", format: format,
                                    checksURLs: checksURLs)
    return lines.map { line in
        let bytes = Array(line.utf8)
        return tokenizer.words(in: bytes[...]).map { String(decoding: bytes[$0], as: UTF8.self) }
    }
}

@Test func htmlSkipsTagsCommentsAndCodeButChecksImageText() {
    #expect(words(["<p class=\"x\">Some <b>bold</b> text</p>"], format: .html) == [["Some", "bold", "text"]])
    #expect(words(["<!-- a comment", "still -->after"], format: .html) == [[], ["after"]])
    #expect(words(["<script>var x</script>ok <PRE>pre</PRE> <code>c</code>"], format: .html) == [["ok"]])
    #expect(words(["<img src=\"a.png\" alt=\"a cat\" title=\"the title\">"], format: .html) == [["a", "cat", "the", "title"]])
    #expect(words(["caf&eacute; na&iuml;ve &amp; don&apos;t"], format: .html) == [["caf", "na&iuml;ve", "don&apos;t"]])
}

@Test func xmlSkipsTagsAndCDATAOverLines() {
    #expect(words(["<a b='c d'>text</a>", "<![CDATA[ raw", "data ]]> after"], format: .xml) == [["text"], [], ["after"]])
    #expect(words(["<multi", "attr=\"x\">", "body"], format: .xml) == [[], [], ["body"]])
    // XML has no checked attributes.
    #expect(words(["<img alt=\"a cat\">"], format: .xml) == [[]])
}

@Test func nroffSkipsRequestNamesAndFontChanges() {
    #expect(words([".SH NAME", "\\fBbold\\fR and \\fIitalic\\fP", ".B word"], format: .nroff)
            == [["NAME"], ["bold", "and", "italic"], ["word"]])
    #expect(words([".\\\" comment line"], format: .nroff) == [["comment", "line"]])
}

@Test func theFirstFieldFormatTakesTextBeforeTheFirstTab() {
    #expect(words(["word one\tsecond", "no tab", "\tleading"], format: .firstField) == [["word one"], [], []])
}

@Test func urlsAreSkippedUnlessAsked() {
    #expect(words(["see http://exmaple.com/wrold now"], format: .text) == [["see", "now"]])
    #expect(words(["see http://exmaple.com/wrold now"], format: .text, checksURLs: true)
            == [["see", "http", "exmaple", "com", "wrold", "now"]])
}

@Test func filesPickTheirFormatByExtensionAsHunspellDoes() {
    #expect(IspellFormat(fileExtension: "html") == .html)
    #expect(IspellFormat(fileExtension: "xhtml") == .html)
    #expect(IspellFormat(fileExtension: "xml") == .xml)
    #expect(IspellFormat(fileExtension: "tex") == .tex)
    #expect(IspellFormat(fileExtension: "1") == .nroff)
    #expect(IspellFormat(fileExtension: "8") == .nroff)
    #expect(IspellFormat(fileExtension: "txt") == nil)
    #expect(IspellFormat(fileExtension: "0") == nil)
}
