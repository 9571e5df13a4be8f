import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// What the spell checker sees of a document: the visible runs joined by `|`.
private func visible(_ text: String, _ kind: DocumentKind) -> String {
    let mask = CheckableText.mask(Array(text.utf8), kind: kind)
    let masked = String(decoding: mask.masked(), as: UTF8.self)
    return masked.split(whereSeparator: { $0 == "\n" }).flatMap { line in
        line.components(separatedBy: "  ")
    }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "|")
}

private func visible(_ text: String, _ language: SourceLanguage) -> String {
    visible(text, .source(language))
}

@Test func aScalarWithAnyHiddenByteIsHiddenWholeWhereverItFallsInTheText() {
    // Random masks over text of one- to four-byte scalars: each scalar shown whole or made spaces (a line feed kept),
    // as a scalar-by-scalar reference says, also where one crosses the eight-byte steps `masked()` takes.
    var generator = SystemRandomNumberGenerator()
    let pieces = ["a", "b", " ", "\n", "é", "ж", "✓", "😀", "xyz", "\u{301}"]
    for _ in 0..<300 {
        let text = (0..<Int.random(in: 1...60, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        let bytes = Array(text.utf8)
        var mask = TextMask(bytes: bytes, visible: Bool.random(using: &generator))
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
            let lower = Int.random(in: 0...bytes.count, using: &generator)
            let range = lower..<min(bytes.count, lower + Int.random(in: 0...20, using: &generator))
            if Bool.random(using: &generator) { mask.hide(range) } else { mask.show(range) }
        }
        var expected: [UInt8] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            let shown = (offset..<offset + width).allSatisfy(mask.isVisible)
            expected += shown ? Array(bytes[offset..<offset + width]) : bytes[offset..<offset + width].map { $0 == 0x0A ? 0x0A : 0x20 }
            offset += width
        }
        #expect(mask.masked() == expected, "\(text.debugDescription)")
    }
}

@Test func maskedTextKeepsEveryOffsetAndStaysValidUTF8() {
    let text = "let s = \"héllo 😀 wörld\" // ünïcode 😀\nlet t = 1 /* ✓ */"
    let mask = CheckableText.mask(Array(text.utf8), kind: .source(.swift))
    let masked = mask.masked()
    #expect(masked.count == text.utf8.count)
    #expect(UTF8Validation.firstInvalidOffset(in: masked) == nil)
    let string = String(decoding: masked, as: UTF8.self)
    #expect(string.contains("héllo 😀 wörld"))
    #expect(string.contains("ünïcode 😀"))
    #expect(!string.contains("let"))
}

@Test func visibleLetterRunsCountTheWordsTheCheckerSeesAndNothingHidden() {
    let text = "let s = \"héllo wörld\" // two-words here\nlet x9 = 1 /* a */"
    let mask = CheckableText.mask(Array(text.utf8), kind: .source(.swift))
    // Visible: "héllo wörld", "two-words here", "a": six runs of letters (the hyphen splits one).
    #expect(mask.visibleLetterRuns == 6)
    #expect(TextMask(bytes: Array("ab1cd é".utf8), visible: true).visibleLetterRuns == 3)
    #expect(TextMask(bytes: Array("words hidden".utf8), visible: false).visibleLetterRuns == 0)
    #expect(TextMask(bytes: [], visible: true).visibleLetterRuns == 0)
}

@Test func visibleLetterRunsAgreeWithARunByRunCountOnRandomMasks() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["a", "Zz", " ", "9", "é", "@", "[", "`", "{", "\n", "wörd", "-"]
    for _ in 0..<300 {
        let bytes = Array((0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined().utf8)
        var mask = TextMask(bytes: bytes, visible: Bool.random(using: &generator))
        var visible = (0..<bytes.count).map { mask.isVisible($0) }
        for _ in 0..<Int.random(in: 0...3, using: &generator) where !bytes.isEmpty {
            let lower = Int.random(in: 0..<bytes.count, using: &generator)
            let range = lower..<Int.random(in: lower...bytes.count, using: &generator)
            let show = Bool.random(using: &generator)
            if show { mask.show(range) } else { mask.hide(range) }
            for index in range { visible[index] = show }
        }
        var expected = 0
        var inRun = false
        for (index, byte) in bytes.enumerated() {
            let letter = visible[index] && (("a"..."z").contains(Character(Unicode.Scalar(byte | 0x20))) || byte >= 0x80)
            if letter, !inRun { expected += 1 }
            inRun = letter
        }
        #expect(mask.visibleLetterRuns == expected, "\(bytes) \(visible)")
    }
}

@Test func swiftChecksCommentsAndStringsButNotCode() {
    let source = """
    /// Returns the wrold.
    func helloWrold() -> String {
        let greeting = "Helo \\(name) wrold\\n" /* blok /* nested */ still */
        return #"raw "quoted" text"# + \"\"\"
        multi linne
        \"\"\"
    }
    """
    let runs = visible(source, .swift)
    #expect(runs.contains("Returns the wrold."))
    #expect(runs.contains("Helo"))
    #expect(runs.contains("wrold"))
    #expect(runs.contains("blok /* nested */ still"))
    #expect(runs.contains(#"raw "quoted" text"#))
    #expect(runs.contains("multi linne"))
    #expect(!runs.contains("helloWrold"))
    #expect(!runs.contains("name"))
    #expect(!runs.contains("greeting"))
}

@Test func cHidesEscapesFormatsAndCharacterLiterals() {
    let runs = visible("printf(\"Vaule: %-5d items\\tdone\\n\", 'x'); // trailng note\n#include <stdio.h>", .c)
    #expect(runs.contains("Vaule:"))
    #expect(runs.contains("items"))
    #expect(runs.contains("done"))
    #expect(runs.contains("trailng note"))
    #expect(!runs.contains("%"))
    #expect(!runs.contains("stdio"))
    #expect(!runs.contains("x"))
}

@Test func aDocstringsReStructuredTextDirectivesAndFieldsAreHiddenAndAdmonitionsStay() {
    let source = """
    \"\"\"Serializers for tagged data.

    .. autoclass:: TaggedJSONSerializer
        :members:
        :noindex:

    .. py:function:: dumpz(obj)

    .. note:: Mind the gapp.

    .. versionadded:: 2.1
        Keys are taggd.

    :param ctxx: the request's contxt.
    :returns: nothing
    Ratio 3:4 and a lone : colon.
    \"\"\"
    """
    let runs = visible(source, .python)
    for hidden in ["autoclass", "TaggedJSONSerializer", "members", "noindex", "dumpz", "py:function", "ctxx", "returns",
                   "note::", "versionadded::"] {
        #expect(!runs.contains(hidden), "\(hidden) in \(runs)")
    }
    for shown in ["Serializers for tagged data.", "Mind the gapp.", "Keys are taggd.", "the request's contxt.", "Ratio 3:4",
                  "a lone : colon."] {
        #expect(runs.contains(shown), "\(shown) not in \(runs)")
    }
}

@Test func pythonHandlesPrefixesTripleQuotesAndFormatFields() {
    let source = """
    # a coment
    def f(x):
        \"\"\"Docstring with `code_span` and :class:`Thing` here.\"\"\"
        s = f"Totl {x:>8} and {{braces}}"
        r = rb'\\d+ raw'
        return '%(name)s is misspeled' % d
    """
    let runs = visible(source, .python)
    #expect(runs.contains("a coment"))
    #expect(runs.contains("Docstring with"))
    #expect(!runs.contains("code_span"))
    #expect(!runs.contains("Thing"))
    #expect(runs.contains("Totl"))
    #expect(!runs.contains("x:>8"))
    #expect(runs.contains("is misspeled"))
    #expect(!runs.contains("name"))
    #expect(!runs.contains("def"))
}

@Test func javaScriptTemplatesRegexesAndComments() {
    let source = "const re = /don't \"split\"/g; // real coment\nconst t = `Helo ${user.name} wrold`; const s = 'it\\'s fine';"
    let runs = visible(source, .javascript)
    #expect(runs.contains("real coment"))
    #expect(runs.contains("Helo"))
    #expect(runs.contains("wrold"))
    #expect(runs.contains("s fine"))
    #expect(!runs.contains("split"))
    #expect(!runs.contains("user"))
}

@Test func rustRawStringsLifetimesAndNestedComments() {
    let source = "fn f<'a>(x: &'a str) -> char { /* outr /* innr */ end */ let s = r#\"raw \"txt\"\"#; println!(\"{} vale {name}\", x); 'c' }"
    let runs = visible(source, .rust)
    #expect(runs.contains("outr /* innr */ end"))
    #expect(runs.contains("raw \"txt\""))
    #expect(runs.contains("vale"))
    #expect(!runs.contains("name"))
    #expect(!runs.contains("str"))
}

@Test func goRawStringsAndRunes() {
    let runs = visible("s := `raw multi\nlinne` // coment\nr := 'x'\nfmt.Printf(\"%v itms\\n\", s)", .go)
    #expect(runs.contains("raw multi"))
    #expect(runs.contains("linne"))
    #expect(runs.contains("coment"))
    #expect(runs.contains("itms"))
    #expect(!runs.contains("fmt"))
}

@Test func luaLongBracketsAndComments() {
    let runs = visible("-- line coment\n--[==[ long\ncoment ]==]\nlocal s = [[long strng]] .. \"short one\" .. 'single one'", .lua)
    #expect(runs.contains("line coment"))
    #expect(runs.contains("long"))
    #expect(runs.contains("coment"))
    #expect(runs.contains("long strng"))
    #expect(runs.contains("short"))
    #expect(runs.contains("single"))
    #expect(!runs.contains("local"))
}

@Test func shellCommentsQuotesExpansionsAndHeredocs() {
    let source = """
    #!/bin/sh
    echo "Helo $USER, ${HOME} and $(whoami) wrold" # a coment
    echo ${#array[@]} 'single quoted' x#notacomment
    cat <<EOF
    heredoc lne with $VAR
    EOF
    echo done
    """
    let runs = visible(source, .shell)
    #expect(runs.contains("Helo"))
    #expect(runs.contains("wrold"))
    #expect(runs.contains("a coment"))
    #expect(runs.contains("single quoted"))
    #expect(runs.contains("heredoc lne with"))
    #expect(!runs.contains("USER"))
    #expect(!runs.contains("whoami"))
    #expect(!runs.contains("notacomment"))
    #expect(!runs.contains("bin"))
    #expect(!runs.contains("done"))
}

@Test func unterminatedConstructsDoNotSwallowTheFile() {
    let runs = visible("let s = \"an unterminated\nlet t = 1 // after", .swift)
    #expect(runs.contains("unterminated"))
    #expect(runs.contains("after"))
    #expect(!runs.contains("let"))
    let yaml = visible("title: don't panic # real coment\nother: 'quoted value'", .hash)
    #expect(yaml.contains("real coment"))
    #expect(yaml.contains("quoted value"))
}

@Test func jsonChecksValuesNotKeys() {
    let runs = visible(#"{"greetingKey": "Helo wrold", "list": ["one itme"]}"#, .json)
    #expect(runs.contains("Helo wrold"))
    #expect(runs.contains("itme"))
    #expect(!runs.contains("greetingKey"))
}

@Test func markdownHidesCodeLinksAndFrontMatter() {
    let text = """
    ---
    title: Frnt matter
    ---
    # Headng

    Some `inline_code` and a [link txt](https://exmple.com/pth "Titl") and <span class="x">tagg</span> &nbsp; done.

    ```swift
    let codde = 1
    ```

        indented codde

    - list item
        continued lisst text

    [ref]: https://exmple.com
    """
    let runs = visible(text, .markdown)
    #expect(runs.contains("# Headng"))
    #expect(runs.contains("link txt"))
    #expect(runs.contains("tagg"))
    #expect(runs.contains("continued lisst text"))
    let all = runs
    #expect(!all.contains("Frnt"))
    #expect(!all.contains("inline_code"))
    #expect(!all.contains("exmple"))
    #expect(!all.contains("Titl"))
    #expect(!all.contains("codde"))
    #expect(!all.contains("span"))
    #expect(!all.contains("nbsp"))
}

@Test func markdownHidesACodeSpanThatGoesOnOverTheParagraphsNextLines() {
    let text = """
    - a sentence that ends (`Film nakręcono w
      lutym 2011 r.`), and so does `Było ich`; then prose.

    Plain `wrod one
    wrod two` end, `sole
    - item` here.

    An `open span

    never closes` at a blank line.
    """
    #expect(visible(text, .markdown)
            == "- a sentence that ends (|), and so does|; then prose.|Plain|end, `sole|- item` here.|An `open span|never closes` at a blank line.")
}

@Test func markdownHidesALinksTextWhenItsDestinationSpellsItOut() {
    let text = """
    * [jonchurch](https://github.com/jonchurch) - **Jon Chruch**
    * [@blakeembrey](https://github.com/blakeembrey) and [the [docs]](https://exmple.com/docs)
    * [a smal guide](https://exmple.com/guide) and [guide](https://exmple.com/guides)
    """
    #expect(visible(text, .markdown) == "* [|]|- **Jon Chruch**|* [|]|and [the [docs]]|* [a smal guide]|and [guide]")
}

@Test func markdownHidesTheTextOfALinkToAProfilePageAsAName() {
    let text = """
    * [Mark Nunberg](https://github.com/mnunberg), [Hanz Schmit](https://www.gitlab.com/~hschmit/) thnaks
    * [a smal guide](https://github.com/org/repo) and [Bob Roe](https://exmple.com/bob)
    """
    #expect(visible(text, .markdown) == "* [|]|, [|]|thnaks|* [a smal guide]|and [Bob Roe]")
}

@Test func commitMessagesSkipCommentsTrailersAndTheDiff() {
    let text = """
    Fix the speling of things

    Body txt here.

    Signed-off-by: Jne Doe <jne@example.com>
    # Please enter the commit mesage for your changes.
    # ------------------------ >8 ------------------------
    diff --git a/x b/x
    +added lnie
    """
    let runs = visible(text, .gitCommit)
    #expect(runs.contains("Fix the speling of things"))
    #expect(runs.contains("Body txt here."))
    let all = runs
    #expect(!all.contains("Jne"))
    #expect(!all.contains("mesage"))
    #expect(!all.contains("lnie"))
}

@Test func texHidesCommandsMathAndReferences() {
    let text = #"\section{Intro wrold} See \cite{knuth84} and \ref{fig:x}, $x^2 + y$ and \begin{equation}a=b\end{equation} prose % coment"#
    let runs = visible(text, .tex)
    let all = runs
    #expect(all.contains("Intro wrold"))
    #expect(all.contains("prose"))
    #expect(!all.contains("section"))
    #expect(!all.contains("knuth"))
    #expect(!all.contains("fig"))
    #expect(!all.contains("x^2"))
    #expect(!all.contains("coment"))
}

@Test func markupShowsTextAndCommentsNotTags() {
    let runs = visible(#"<p class="intro">Helo <b>wrold</b><!-- a coment --></p><script>var x = "no";</script>"#, .markup)
    let all = runs
    #expect(all.contains("Helo"))
    #expect(all.contains("wrold"))
    #expect(all.contains("a coment"))
    #expect(!all.contains("intro"))
    #expect(!all.contains("var"))
}

@Test func identifiersSplitAtCaseDigitAndUnderscoreBoundaries() {
    func words(_ identifier: String) -> [String] { IdentifierSplitter.parts(of: identifier).map(\.word) }
    #expect(words("camelCaseWord") == ["camel", "Case", "Word"])
    #expect(words("HTTPServerError") == ["HTTP", "Server", "Error"])
    #expect(words("parse2Words") == ["parse", "Words"])
    #expect(words("snake_case_name") == ["snake", "case", "name"])
    #expect(words("iPhone") == ["i", "Phone"])
    #expect(words("Hello").isEmpty)
    #expect(words("NASA").isEmpty)
    #expect(words("ÜberGrößeTest") == ["Über", "Größe", "Test"])
    let parts = IdentifierSplitter.parts(of: "naïveWorld")
    #expect(parts.map(\.range) == [0..<6, 6..<11])
}

@Test func asciiIdentifiersSplitAsUnicodePropertiesSay() {
    // ASCII is classified by value; every ASCII character must fall where its Unicode properties put it.
    for value in UInt32(0)..<0x80 {
        let scalar = Unicode.Scalar(value)!
        let properties = scalar.properties
        let separator = scalar == "_" || scalar == "-" || scalar == "."
        let digit = !separator && properties.numericType != nil && properties.generalCategory == .decimalNumber
        let upper = !separator && !digit && (properties.isUppercase || properties.generalCategory == .titlecaseLetter)
        let identifier = "ab\(Character(scalar))Cd"
        let expected: [String] = separator || digit ? ["ab", "Cd"] : upper ? ["ab", "\(Character(scalar))Cd"] : ["ab\(Character(scalar))", "Cd"]
        #expect(IdentifierSplitter.parts(of: identifier).map(\.word) == expected, "\(value)")
    }
}

@Test func wordsOfOneCaseAreOneWordAndMixedCaseStillSplits() {
    func words(_ identifier: String) -> [String] { IdentifierSplitter.parts(of: identifier).map(\.word) }
    for word in ["a", "A", "strbuf", "Strbuf", "STRBUF", "aB", "aBC", "ABc", "AbC", "abcD", "x_y", "a1", "Ab-c", "abé"] {
        // Split by the Unicode rules alone (the ASCII fast path left out): a word written `é` at the end goes that way.
        let expected: [String]
        switch word {
        case "aB": expected = ["a", "B"]
        case "aBC": expected = ["a", "BC"]
        case "AbC": expected = ["Ab", "C"]
        case "abcD": expected = ["abc", "D"]
        case "x_y": expected = ["x", "y"]
        case "Ab-c": expected = ["Ab", "c"]
        default: expected = []
        }
        #expect(words(word) == expected, "\(word)")
    }
}

@Test func generatedFilesAreKnownByTheirNamesWhereverTheyLie() {
    for path in ["yarn.lock", "a/b/Cargo.lock", "web/app.min.js", "x/y.css.map", "dir/go.sum/", "deep/bun.lockb//", "ü/yarn.lock",
                 "ü/app.min.js", "a\r\n/app.min.js"] {
        #expect(FileWalker.isGenerated(path), "\(path)")
    }
    for path in ["yarn.locks", "a/yarn.lock/b", "min.js", "app.js", "/", "", "ü/app.js", "a/Yarn.lock", "a/app.min.js.txt"] {
        #expect(!FileWalker.isGenerated(path), "\(path)")
    }
}

@Test func documentKindsComeFromLanguageIdsAndFileNames() {
    #expect(DocumentKind(languageId: "swift", path: nil) == .source(.swift))
    #expect(DocumentKind(languageId: "typescriptreact", path: nil) == .source(.javascript))
    #expect(DocumentKind(languageId: "gitcommit", path: nil) == .gitCommit)
    #expect(DocumentKind(languageId: nil, path: "/repo/.git/COMMIT_EDITMSG") == .gitCommit)
    #expect(DocumentKind(languageId: "unknown-thing", path: "/x/notes.md") == .markdown)
    #expect(DocumentKind(languageId: nil, path: "/x/script.sh") == .source(.shell))
    #expect(DocumentKind(languageId: nil, path: "/x/README") == .otherText)
    #expect(DocumentKind(languageId: nil, path: "/x/ChangeLog.txt") == .otherText)
    #expect(DocumentKind(languageId: nil, path: "/x/notes") == .plainText)
    #expect(DocumentKind(languageId: nil, path: "/x/README.md") == .markdown)
}

@Test func aFileOfNoKnownTypeIsTechnicalTextUnlessItsNameSaysProse() {
    #expect(DocumentKind(languageId: nil, path: "/x/Apache.sublime-syntax") == .otherText)
    #expect(DocumentKind(languageId: nil, path: "/x/config.sub.in") == .otherText)
    // A template is the file it becomes.
    #expect(DocumentKind(languageId: nil, path: "/x/config.h.in") == .source(.c))
    #expect(DocumentKind(languageId: nil, path: "/x/doc/jemalloc.xml.in") == .markup)
    #expect(DocumentKind(languageId: nil, path: "/x/settings.py.example") == .source(.python))
    #expect(DocumentKind(languageId: nil, path: "/x/Makefile.in") == .source(.hash))
    #expect(DocumentKind(languageId: nil, path: "/x/.sublime-settings") == .otherText)
    // Lists of patterns and settings: only their `#` comments are prose.
    #expect(DocumentKind(languageId: nil, path: "/x/.gitignore") == .source(.hash))
    #expect(visible("# Editor swap fils\n*.swp\n.dirstamp\n", DocumentKind(languageId: nil, path: "/x/.gitignore")) == "Editor swap fils")
    #expect(DocumentKind(languageId: "unknown-thing", path: "/x/data.weird") == .otherText)
    #expect(DocumentKind(languageId: nil, path: "/x/notes") == .plainText)
    // A project's own documents are technical text too (`ChangeLog` quotes code, as Markdown does).
    #expect(DocumentKind(languageId: nil, path: "/x/CHANGES.old") == .otherText)
    #expect(DocumentKind(languageId: nil, path: "/x/LICENSE-MIT") == .otherText)
    #expect(DocumentKind(languageId: nil, path: "/x/a.txt") == .plainText)
    #expect(DocumentKind(languageId: nil, path: nil) == .plainText)
    #expect(DocumentKind.otherText.isTechnical && DocumentKind.otherText.isProse)
}

@Test func moduleNamesInImportsAreNotChecked() {
    let go = visible("import (\n\t\"fmt\"\n\t\"strconv\"\n)\nimport \"os\"\nvar s = \"Helo\"", .go)
    #expect(go == "Helo")
    let js = visible("import x from 'lodash';\nconst y = require(\"leftpad\"); const z = 'Helo';", .javascript)
    #expect(js == "Helo")
    let c = visible("#include \"myheadr.h\"\n#include <stdio.h>\nputs(\"Helo\");", .c)
    #expect(c == "Helo")
    let lua = visible("local s = require \"socket\"\nprint('Helo')", .lua)
    #expect(lua == "Helo")
}

@Test func moreLanguagesFindTheirCommentsAndStrings() {
    #expect(visible("auto s = R\"x(raw \"strng\")x\"; // note", .cpp) == "raw \"strng\"|note")
    #expect(visible("var s = @\"verbatim \"\"quote\"\"\"; /* blok */", .csharp).contains("verbatim"))
    #expect(visible("val s = \"Helo $name and ${user.id}\" // trailng", .kotlin) == "Helo|and|trailng")
    #expect(visible("-- a coment\nselect 'it''s here' from \"TableName\" /* blok */", .sql) == "a coment|it|s here|blok")
    #expect(visible("f x' = x' -- coment\n{- blok {- nested -} -}", .haskell) == "coment|blok {- nested -}")
    #expect(visible("x = 1 # a coment\ny = \"Helo #{name} there\"", .hash) == "a coment|Helo|there")
    #expect(visible("\" a coment\nlet g:fzf_layout = { 'window': \"Helo\" }\n  \" indnted", .vim) == "a coment|Helo|indnted")
    #expect(visible("#include \"textflag.h\"\n\tMOVQ AX, BX // a coment\n; nasm coment\n# gas coment\n/* blok */", .assembly)
            == "a coment|nasm coment|gas coment|blok")
    // Manual-page text in strings and comments keeps its words, not its font escapes.
    #expect(visible("let s = r#\"\\fBdumbb\\fP or \\fIterm\\fR\"#; s = \"\\fBcolr\\fR set\" // \\fBbolld\\fP", .rust)
            == "dumbb|or|term|colr|set|bolld")
    #expect(DocumentKind(languageId: nil, path: "/x/plugin/fzf.vim") == .source(.vim))
    #expect(DocumentKind(languageId: nil, path: "/x/src/indexbyte_amd64.s") == .source(.assembly))
}

@Test func tclChecksCommentsAndStringsButNotVariablesOrCommandSubstitutions() {
    let text = "# a coment\nset myrole [lindex $role 0] ;# trailng\nputs \"Helo $myrole(idx) and ${a b} [format %s $nodez] \\[ok]\"\n"
        + "r set myemptykey {}\nputs \"it's [unbalanced\"\n"
    #expect(visible(text, .tcl) == "a coment|trailng|Helo|and|ok]|it's [unbalanced")
    #expect(DocumentKind(languageId: nil, path: "/x/tests/unit/other.tcl") == .source(.tcl))
    #expect(DocumentKind(languageId: nil, path: "/x/bin/tool", contents: Array("#!/usr/bin/tclsh8.6\n".utf8)) == .source(.tcl))
    // The Tcl idiom: a shell script whose next lines hand the file itself to `wish`.
    let trampoline = "#!/bin/sh\n# Tcl ignores the next line \\\nexec wish \"$0\" -- \"$@\"\n"
    #expect(DocumentKind(languageId: nil, path: "/x/gitk", contents: Array(trampoline.utf8)) == .source(.tcl))
    #expect(DocumentKind(languageId: nil, path: "/x/run", contents: Array("#!/bin/sh\nexec make \"$@\"\n".utf8)) == .source(.shell))
}

@Test func randomInputNeverBreaksAMaskOrItsOffsets() {
    // Fragments that open and close every construct the scanners know, shuffled into random documents.
    let fragments = ["\"", "'", "`", "\"\"\"", "'''", "/*", "*/", "//", "#", "--", "--[[", "]]", "[==[", "]==]", "{-", "-}",
                     "\\", "\\(", "${", "}", "$(", ")", "#{", "r#\"", "\"#", "R\"x(", ")x\"", "@\"", "<<EOF\n", "\nEOF\n",
                     "%s", "%", "{x}", "<b>", "<!--", "-->", "&amp;", "$", "$$", "\\begin{equation}", "\\cite{", "```", "\n",
                     " ", "word", "😀", "é", "\u{0301}", "\r\n", "\t", "@param", ":class:`x`", "[a](b)", "---\n", "# ",
                     "\n.", "\n'", "\\f", "\\(", "\\*[", "\\-", ".de x\n", "\n..\n", ".nf\n", ".TS\n", "T{", "\\h'",
                     "Copyright", "(c) 2024", "©", "Éric", "](", "<a@b.c>", "@", "x@y.z", " >\n", "\n<", "*t*", "|l|", "'o'", "{a}"]
    var generator = SystemRandomNumberGenerator()
    let kinds: [DocumentKind] = [.plainText, .markdown, .gitCommit, .markup, .tex, .reStructuredText, .roff, .vimHelp]
        + SourceLanguage.allCases.map { .source($0) }
    for _ in 0..<300 {
        let text = (0..<Int.random(in: 0...60, using: &generator)).map { _ in fragments.randomElement(using: &generator)! }.joined()
        let bytes = Array(text.utf8)
        for kind in kinds {
            let mask = CheckableText.mask(bytes, kind: kind)
            let masked = mask.masked()
            #expect(masked.count == bytes.count)
            #expect(UTF8Validation.firstInvalidOffset(in: masked) == nil, "\(kind): \(text.debugDescription)")
            _ = CodeNames.hidden(in: mask)
        }
        #expect(CopyrightNames.ranges(in: bytes).allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= bytes.count && !$0.isEmpty })
        #expect(AuthorNames.ranges(in: bytes).allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= bytes.count && !$0.isEmpty })
        _ = IdentifierSplitter.parts(of: text)
    }
}

@Test func keyLikeStringsAreNotCheckedButWordsAndSentencesAre() {
    let source = #"d["userId"] = "utf-8"; m("textDocument/didOpen", "GET", "Helo", "Done!", "a sentense here", "naïve")"#
    #expect(visible(source, .javascript) == "Helo|Done!|a sentense here|naïve")
}

@Test func reStructuredTextShowsItsProseNotItsLiteralsRolesOrCodeBlocks() {
    let text = """
    Title
    =====

    Call ``get_thing()`` or :func:`requests.get` with `Requests <https://x.org/>`_.

    :param timeout: seconds to wait

    Example::

        resp = requests.get(url)

    Back to prose.

    .. code-block:: python

        import requests

    .. note::
       Mind the gap.

    .. warning:: Keep it secret.

    Read `the whole guide
    <https://x.org/guide>`_ first.

    .. [1] A footnote text.
    .. _target: https://x.org/
    .. a comment
       continued

    Keepers of the Crystals
    ```````````````````````
    - Kenneth Reitz

    >>> requests.get(url)
    <Response [200]>

    End.
    """
    #expect(visible(text, .reStructuredText)
            == "Title|Call|or|with `Requests|.|seconds to wait|Example::|Back to prose.|Mind the gap.|Keep it secret.|Read `the whole guide|<https://x.org/guide>`_ first.|A footnote text.|Keepers of the Crystals|- Kenneth Reitz|End.")
    #expect(DocumentKind(languageId: nil, path: "/x/docs/index.rst") == .reStructuredText)
}

@Test func roffShowsAManualPagesTextNotItsRequestsEscapesOptionsOrExamples() {
    let text = #"""
    .\" A comment with a mispeled word
    .TH FZF 1 "Nov 2025" "fzf 0.60" "fzf - a command-line fuzzy finder"
    .SH NAME
    fzf \- a command\-line fuzzy finder
    .SH OPTIONS
    .TP
    .BI "\-\-bind=" KEYBINDS
    Comma\-separated list of \fIcustom\fR key bindings; see \fB\-\-bind\fR=\fIKEYS\fR and \(lqthe\(rq \*(lqlist\*(rq.
    .IP \(bu 2
    Pressing \fBCTRL\-C\fR quits \s-1now\s0, \fBsee the list\fR.
    .B "Read this first"
    \fBbw   \fRNo colors.
    .BR fzf (1)
    .nf
    fzf \-\-preview 'cat {}'
    .fi
    .EX
    printf "hello"
    .EE
    .de Xy
    .  ft B
    ..
    .Nm fzf
    .Op Fl v Ar file
    .It Sy Note: the Pa /etc/fzfrc file
    .TS
    tab(;);
    l l.
    Key;Action
    .TE
    The end.
    """#
    #expect(visible(text, .roff) == "NAME|fzf|a command|line fuzzy finder|OPTIONS|Comma|separated list of|key bindings; see|and|the|list|.|2|Pressing|quits|now|,|see the list|.|\"Read this first\"|No colors.|(1)|Note: the|Key;Action|The end.")
    #expect(DocumentKind(languageId: nil, path: "/x/man/man1/fzf.1") == .roff)
    #expect(DocumentKind(languageId: nil, path: "/x/doc/ssl.3ssl") == .roff)
    #expect(DocumentKind(languageId: "groff", path: nil) == .roff)
    // A licence named for its version is not a manual page.
    #expect(DocumentKind(languageId: nil, path: "/x/LGPL-2.1") != .roff)
}

@Test func aFileNamedForNothingWithAShebangLineIsAScriptInItsInterpretersLanguage() {
    func kind(_ path: String, _ text: String) -> DocumentKind {
        DocumentKind(languageId: nil, path: path, contents: Array(text.utf8))
    }
    #expect(kind("/x/install", "#!/usr/bin/env bash\nset -eu # strict mode\n") == .source(.shell))
    #expect(kind("/x/bin/tool", "#!/usr/bin/python3.12 -u\nimport os\n") == .source(.python))
    #expect(kind("/x/bin/run", "#!/usr/bin/env -S node --experimental\n") == .source(.javascript))
    #expect(kind("/x/bin/old", "#!/usr/bin/perl -w\n") == .source(.hash))
    // A known name wins over the first line; a file without one stays prose.
    #expect(kind("/x/notes.md", "#!/bin/sh\n") == .markdown)
    #expect(kind("/x/letter", "Dear Jane,\n") == .plainText)
    // A manual page under a name of no known type (`jq.1.prebuilt`, `tool.1.in`) is known by its first lines.
    #expect(kind("/x/jq.1.prebuilt", ".\n.TH \"JQ\" \"1\"\n.SH NAME\n") == .roff)
    #expect(kind("/x/man/tool.1.in", ".\\\" Copyright\n.Dd May 2025\n") == .roff)
    #expect(kind("/x/notes", ".profile is read at login\n") == .plainText)
    // A line's white space is trimmed first, the Unicode spaces and tabs at either end too.
    #expect(kind("/x/page.in", " \t.TH PAGE 1\n") == .roff)
    #expect(kind("/x/page.in", "\u{3000}.TH PAGE 1\u{A0}\n") == .roff)
    #expect(kind("/x/page.in", ".TH \t\n") != .roff)
    #expect(kind("/x/page.in", "  .  \n.Dd May\n") == .roff)
    #expect(DocumentKind(languageId: nil, path: "/x/Makefile.am") == .source(.hash))
    #expect(visible("#!/bin/sh\n# Instal the tool\ntar xzf \"$archive\"\n", .source(.shell)) == "Instal the tool")
}

@Test func copyrightLinesHideTheirNamesButNotTheirOtherWords() {
    let text = "/*\n * Copyright (c) 2012 Zack Weinberg <zw@x.org>, Éric Fusy and Joyent, Inc. All rihgts reserved.\n"
        + " * Contact Zack Weinberg for details.\n * (c) Hanz Schmit\n */\n"
    let bytes = Array(text.utf8)
    let names = CopyrightNames.ranges(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    #expect(names == ["Copyright", "Zack", "Weinberg", "Éric", "Fusy", "Joyent", "Inc", "All"])
    // Without a year, a line that names copyright is prose like any other.
    #expect(CopyrightNames.ranges(in: Array("Copyright Hanz Schmit\n".utf8)).isEmpty)
}

@Test func vimHelpHidesExamplesTagsLinksOptionsAndKeys() {
    let text = """
    *fzf.txt*\tA smal tool\t\t*fzf-toc*
    Set |g:fzf_colors| and 'runtimepath' with {dict}, <buffer> or `:FZF`; don't wory: >
        call setqflist(map(copy(a:lines)))
        copen
    <
    Then the rest is prose agian: >vim
        let g:fzf_layout = { 'down': '30%' }
    Back to txt.
    vim:tw=78:ts=8:ft=help:norl:
    """
    #expect(DocumentKind(languageId: nil, path: "/x/doc/fzf.txt", contents: Array(text.utf8)) == .vimHelp)
    #expect(DocumentKind(languageId: "help", path: nil) == .vimHelp)
    #expect(visible(text, .vimHelp) == "A smal tool|Set|and|with|,|or|; don't wory:|Then the rest is prose agian:|Back to txt.")
    #expect(DocumentKind(languageId: nil, path: "/x/notes.txt", contents: Array("vim: set ft=text:\n".utf8)) == .plainText)
}

@Test func wordsBeforeAnEmailAddressAreTheNameOfItsOwner() {
    func names(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return AuthorNames.ranges(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }
    #expect(names("Leonid S. Usov       <leonid@practi.net>\nitchyny <itchyny@cybozu.co.jp>\n")
            == ["Leonid", "S.", "Usov", "itchyny"])
    #expect(names("Signed-off-by: Jane Doe <jane@example.org>") == ["Jane", "Doe"])
    #expect(names("Benoit de Chezelles  <bew@users.noreply.github.com>") == ["Benoit", "de", "Chezelles"])
    // A lower-case word ends the name, so the sentence before it is still checked.
    #expect(names("Thanks to Jane Doe (jane@example.org) for the fix.") == ["to", "Jane", "Doe"])
    #expect(names("2009-10-01  Jane Doe  jane.doe@mail.example.com, Bob Roe <bob@x.io>")
            == ["2009-10-01", "Jane", "Doe", "Bob", "Roe"])
    // No domain with a dot, or nothing before the `@`: no address, no name.
    #expect(names("Hanz Schmit @mention and Hanz Schmit <hanz@localhost>").isEmpty)
}

@Test func fillerTextPassesInTechnicalTextOnly() {
    #expect(CodeVocabulary.contains("Lorem") && CodeVocabulary.contains("consectetur"))
    #expect(CodeVocabulary.contains("aaaaaaaa") && CodeVocabulary.contains("XXXX"))
    #expect(!CodeVocabulary.contains("aab") && !CodeVocabulary.contains("zz"))
}

@Test func rubyBuildFilesGrammarsAndAwkAreCodeByTheirNames() {
    for path in ["/x/Rakefile", "/x/Gemfile", "/x/sinatra.gemspec", "/x/lib/tasks/db.rake", "/x/config.ru", "/x/Vagrantfile",
                 "/x/tool.awk", "/x/proguard/gson.pro", "/x/Justfile"] {
        #expect(DocumentKind(languageId: nil, path: path) == .source(.hash), "\(path)")
    }
    #expect(DocumentKind(languageId: nil, path: "/x/cmd-parse.y") == .source(.c))
    #expect(DocumentKind(languageId: nil, path: "/x/scan.l") == .source(.c))
    #expect(DocumentKind(languageId: nil, path: "/x/parser.yy") == .source(.cpp))
    #expect(DocumentKind(languageId: nil, path: "/x/SConstruct") == .source(.python))
    #expect(DocumentKind(languageId: nil, path: "/x/Jenkinsfile") == .source(.java))
    #expect(visible("# Styles to try firts\n\"nodefaults\"\n\"noblink\"\n", DocumentKind(languageId: nil, path: "/x/fuzz/style.dict"))
            == "Styles to try firts")
    // Only the comment and the prose string of a Rakefile are checked, not its code or a key-like string.
    let rakefile = "Minitest::TestTask.create # Default tset task\ntask :toc, [:readme] do\n  sh 'git shortlog -sne'\n  gem 'redcarpet'\nend\n"
    #expect(visible(rakefile, DocumentKind(languageId: nil, path: "/x/Rakefile")) == "Default tset task|git shortlog")
    #expect(visible("static int yyparse(void);\n%%\n/* Parse the comand */\n", DocumentKind(languageId: nil, path: "/x/cmd-parse.y"))
            == "Parse the comand")
}

@Test func wordsAfterAnAuthorTagAreANameButTheSentenceAfterThemIsNot() {
    func names(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return AuthorNames.ranges(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }
    #expect(names("/**\n * Primitives.\n *\n * @author Kevin Bourrillion\n */\n") == ["Kevin", "Bourrillion"])
    #expect(names(" * @author Inderjeet Singh, Joel Leitch\n") == ["Inderjeet", "Singh", "Joel", "Leitch"])
    #expect(names(" * @authors itchyny and Ugljesa Jovanovic\n") == ["itchyny", "and", "Ugljesa", "Jovanovic"])
    #expect(names("// @author Jane de Vries wrote the fisrt version\n") == ["Jane", "de", "Vries"])
    // With an address, the name is given once and the address is left to the checker.
    #expect(names(" * @author Jane Doe <jane@example.org>\n") == ["Jane", "Doe"])
    // Not a tag: inside an address, glued to a word, or another tag.
    #expect(names("<bob@author.org>; x@authorize now; @authority Hanz Schmit\n").isEmpty)
}

@Test func aChangeLogsCreditsAreNamesAndOtherBracketsAreNot() {
    func names(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return CreditNames.ranges(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }
    #expect(names("* Fix flicker (Michael Grant, issue 5351; Aung Myo Kyaw, issue\n  5098).\n")
            == ["Michael", "Grant", "Aung", "Myo", "Kyaw"])
    #expect(names("  client from crashing (from Michal Majchrowicz).\n") == ["Michal", "Majchrowicz"])
    #expect(names("  (reported by Giorgi Kobakhia in issue\n  4735).\n") == ["Giorgi", "Kobakhia"])
    #expect(names("  nolink) (issues 4842 and 4280 from Moritz Angermann).\n") == ["Moritz", "Angermann"])
    #expect(names(" * Improve docs. (Darío Hereñú, kyoendo, Ferenc-, 7stud, Vipul A M, GoGo tanaka,\n   Dyego Costa)\n")
            == ["Darío", "Hereñú", "kyoendo", "Ferenc-", "7stud", "Vipul", "A", "M", "GoGo", "tanaka", "Dyego", "Costa"])
    #expect(names("  [TJ Holowaychuck / Ryan Tomayko]\n") == ["TJ", "Holowaychuck", "Ryan", "Tomayko"])
    #expect(names("* New: start callbacks [#1913] by Jevin Sew\n") == ["Jevin", "Sew"])
    #expect(names("* Minor refactors. [#1640](https://github.com/x/y/pull/1640) by ceclinux\n\n") == ["ceclinux"])
    #expect(names("* Show exit status; from Timo\n  Boettcher in GitHub issue 1103.\n") == ["Timo", "Boettcher"])
    #expect(names("* Improve docs by Faheel Ahmad, Shota Iguchi, 284km, Dan Rice and Zachary\n  Scott\n* Next\n")
            == ["Faheel", "Ahmad", "Shota", "Iguchi", "284km", "Dan", "Rice", "Zachary", "Scott"])
    // Not credits: lists of things, sentences, titles, a lone lower-case word after `by`, and a version's number.
    #expect(names("Runs on (Linux, macOS and Windows) and (docs, tests); see (the original pull request).\n").isEmpty)
    #expect(names("It fails (caused by timouts) and is fixed by upgradnig the tool.\nIt reads from stdin or frmo Standard.\n").isEmpty)
    #expect(names("Read [Getting Strated](start.md) and [Quick Guide][guide]; (see Foo Bar for more).\n").isEmpty)
    #expect(names("Thai (UCS Level 2) and [End of ANSICODE.TXT]\n").isEmpty)
    // A paragraph holds all of its credits: searching only the one around a word finds its names and no others.
    let log = Array("* Fix (Jane Doe).\n  \n* Fix a crash (Michal\n  Majchrowicz).\n\n* Fix (Ryan Tomayko)\n".utf8)
    let word = log.firstIndex(of: UInt8(ascii: "M"))!
    let paragraph = CreditNames.paragraph(around: word, in: log)
    #expect(CreditNames.ranges(in: log, within: paragraph).map { String(decoding: log[$0], as: UTF8.self) } == ["Michal", "Majchrowicz"])
}

@Test func aProgrammingWordsPossessivePassesAsTheWordDoes() {
    #expect(CodeVocabulary.contains("repo's") && CodeVocabulary.contains("Config\u{2019}s") && CodeVocabulary.contains("repo"))
    #expect(!CodeVocabulary.contains("rpeo's") && !CodeVocabulary.contains("'s"))
}

@Test func aConfigurationFilesValuesAreHiddenAndItsProseIsNot() {
    let pom = """
    <project>
      <groupId>biz.aQute.bnd</groupId>
      <description>Gson suport for Protobufs</description>
      <include>.gitignore</include>
      <injar>test-classes-obfuscated-injar</injar>
      <arg>-Xplugin:ErrorProne
        -XepExcludedPaths:.*/generated/.* --classfile</arg>
      <p>A <b>Importnat</b> note. Done.</p>
    </project>
    """
    #expect(visible(pom, .markup) == "Gson suport for Protobufs|A|Importnat|note. Done.")
}

@Test func codeElementsWrittenInHTMLAreCodeInCommentsMarkdownAndMarkup() {
    #expect(visible("# Use <tt>rerun</tt> or <tt>rack-unreloader</tt> instead; a wrod.\nx = 1\n", .source(.hash))
            == "Use|or|instead; a wrod.")
    #expect(visible("Files: <TT>.rhtml</TT>, <code>frobz_x()</code> or <b>Importnat</b> text.\n", .markdown)
            == "Files:|,|or|Importnat|text.")
    #expect(visible("<p>Run <kbd>Ctrl-Xq</kbd> and <var>nmae</var> in a <em>wrod</em>.</p>\n", .markup) == "Run|and|in a|wrod|.")
    // An element left open hides only its tag.
    #expect(visible("// An open <code>tag and a wrod\n", .source(.c)) == "An open|tag and a wrod")
}
