import Foundation
import Testing
@testable import TextServicesTestSupport
@testable import TextServices

/// Inline directives (`textsvcd: ignore`, `cspell:disable-next-line`, ...) in any file type.
@Suite struct InlineDirectivesTests {
    private let scratch = TemporaryFolder("inline")

    func directives(_ text: String) -> InlineDirectives { InlineDirectives(Array(text.utf8)) }

    func hiddenText(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return directives(text).hidden.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    @Test func ignoreAndCSpellWordsAreAcceptedInTheWholeFile() {
        #expect(directives("// textsvcd: ignore zzfoo, zzbar\n/* cspell:words qqx */\n# cspell:ignore Wibblix\n").words
            == ["zzfoo", "zzbar", "qqx", "Wibblix"])
    }

    @Test func disableNextLineHidesTheLineAfterIt() {
        #expect(hiddenText("a\n// textsvcd: disable-next-line\nwrold here\nnext\n")
            == ["textsvcd: disable-next-line", "wrold here"])
        #expect(hiddenText("<!-- cspell:disable-next-line -->\nwrold\n") == ["cspell:disable-next-line -->", "wrold"])
    }

    @Test func disableUntilEnableOrTheEnd() {
        let text = "ok\n# textsvcd: disable\nwrold\n# textsvcd: enable\nmore\n"
        #expect(hiddenText(text) == ["textsvcd: disable\nwrold\n# textsvcd: enable"])
        #expect(hiddenText("ok\n// cspell:disable\nwrold\n") == ["cspell:disable\nwrold\n"])
    }

    @Test func languageRegionsRunToTheNextLanguageDirective() {
        let text = "Hello.\n<!-- textsvcd: language de_DE -->\nStraße.\n<!-- textsvcd: language default -->\nEnd.\n"
        let found = directives(text)
        let bytes = Array(text.utf8)
        #expect(found.languages.map(\.language) == ["de_DE"])
        #expect(found.languages.map { String(decoding: bytes[$0.range], as: UTF8.self) } == ["Straße.\n<!-- "])
    }

    @Test func wordsThatMerelyContainAPrefixAreNotDirectives() {
        #expect(directives("mytextsvcd: ignore x\nnotcspell:ignore y\n").isEmpty)
        #expect(directives("plain text with a colon: here\n").isEmpty)
        #expect(directives("Write `textsvcd: disable` to stop; `textsvcd: language TAG` to switch.\n").isEmpty)
        #expect(directives("// textsvcd: language TAG`.\n").languages.isEmpty)
    }

    @Test func onlyAWholePrefixBeforeAColonIsADirective() {
        #expect(directives("Sticker: a label\nHacker: one who hacks\nspell: a charm\nsvcd:\n").isEmpty)
        #expect(directives("Hacker: one who hacks\nTEXTSVCD: ignore Zzyzx\nSpell-Checker: words Qwix").words == ["Zzyzx", "Qwix"])
        #expect(directives("cspell:ignore Wibblix").words == ["Wibblix"])
        #expect(directives(":").isEmpty && directives("").isEmpty)
    }

    @Test func checkHonoursEveryDirectiveInCodeAndProse() throws {
        let folder = scratch.folder("directives")
        try """
            // textsvcd: ignore Frobnix
            // A comment with Frobnix and a wrold.
            // cspell:disable-next-line
            // This line has a mistke that is not reported.
            /* textsvcd: disable */
            // Nor is this speling.
            /* textsvcd: enable */
            // But this misteak is.
            int main() { return 0; }

            """.write(toFile: folder + "/a.c", atomically: true, encoding: .utf8)
        try """
            An English line with a wrold.
            <!-- textsvcd: language de_DE -->
            Die Straße ist schön, die Strase nicht.

            """.write(toFile: folder + "/b.md", atomically: true, encoding: .utf8)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", folder + "/a.c", folder + "/b.md"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout == "wrold\nmisteak\nwrold\nStrase\n")
    }

    @Test func theLanguageServerChecksACatalogsTranslationsInALanguageItChecksIn() throws {
        let catalog = "msgid \"\"\nmsgstr \"\"\n\"Language: de\\n\"\n\nmsgid \"Open the wrold\"\nmsgstr \"Die Strase öffnen\"\n"
        let uri = "file:///tmp/textsvcd-catalog-\(getpid())/de.po"
        for (arguments, expected) in [(["--lang", "en_US,de_DE"], ["wrold", "Strase"]), ([], ["wrold"])] {
            let environment = TestSupport.isolatedEnvironment(scratch.folder("catalog-lsp"))
            let editor = try LanguageServerProcess(["--no-daemon"] + arguments, environment: environment)
            try editor.initialize()
            editor.open(uri, catalog, languageId: "po")
            #expect(try editor.diagnosedWords(uri) == expected, "\(arguments)")
            try editor.finish()
        }
    }

    @Test func theLanguageServerHonoursDirectives() throws {
        let environment = TestSupport.isolatedEnvironment(scratch.folder("directives-lsp"))
        let editor = try LanguageServerProcess(["--no-daemon"], environment: environment)
        try editor.initialize()
        let uri = "file:///tmp/textsvcd-directives-\(getpid())/notes.txt"
        editor.open(uri, "textsvcd: ignore Frobnix\nFrobnix and wrold.\ncspell:disable-next-line\nmistke here\nmisteak there\n")
        #expect(try editor.diagnosedWords(uri) == ["wrold", "misteak"])
        try editor.finish()
    }

    /// Reads `lines` through one `LineDirectives`; the hidden text of each line.
    func hiddenLines(_ lines: [String]) -> (hidden: [[String]], accepted: AcceptedSpellings) {
        var reader = LineDirectives()
        let hidden = lines.map { line in
            let bytes = Array(line.utf8)
            return reader.hidden(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
        }
        return (hidden, reader.accepted)
    }

    @Test func lineByLineDirectivesTakeEffectFromTheirLineOn() {
        let (hidden, accepted) = hiddenLines([
            "wrold before", "# textsvcd: ignore zzfoo, Qqbar", "# cspell:disable-next-line", "hidden line", "shown line",
            "// textsvcd: disable", "off", "// textsvcd: enable", "on", "textsvcd: language de_DE",
            "textsvcd: language default", "`textsvcd: disable` quoted",
        ])
        #expect(hidden == [
            [], ["textsvcd: ignore zzfoo, Qqbar"], ["cspell:disable-next-line"], ["hidden line"], [],
            ["textsvcd: disable"], ["off"], ["// textsvcd: enable", "textsvcd: enable"], [], ["textsvcd: language de_DE"],
            ["textsvcd: language default"], [],
        ])
        #expect(accepted.contains("zzfoo") && accepted.contains("Zzfoo") && accepted.contains("Qqbar"))
        #expect(!accepted.contains("qqbar"))
    }

    @Test func theIspellPipeAnswersWordsADirectiveHidesOrAcceptsAsCorrect() throws {
        let folder = scratch.folder("directives-ispell")
        // `^` escapes the lines that start with a command character (`#`).
        let input = """
            A zzfoo wrold.
            ^# textsvcd: ignore zzfoo
            zzfoo and wrold
            ^# cspell:disable-next-line
            mistke
            ^mistke
            <!-- textsvcd: disable -->
            speling
            <!-- textsvcd: enable -->
            speling

            """
        let pipe = try TestProcess.run(TestSupport.binary, ["-a", "-d", "en_US"], stdin: Array(input.utf8),
                                       environment: TestSupport.isolatedEnvironment(folder), currentDirectory: folder, timeout: 120)
        #expect(pipe.status == 0, "\(pipe.stderr)")
        // One answer block per text line, ended by an empty line; a hidden or accepted word is answered `*`.
        let blocks = pipe.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            .split(separator: "", omittingEmptySubsequences: false).prefix(10)
        #expect(blocks.count == 10 && blocks.allSatisfy { !$0.isEmpty }, "\(pipe.stdout)")
        let misspelled = blocks.map { block in block.filter { $0 != "*" }.map { String($0.split(separator: " ")[1]) } }
        #expect(misspelled == [["zzfoo", "wrold"], [], ["wrold"], [], [], ["mistke"], [], [], [], ["speling"]], "\(pipe.stdout)")
    }

    @Test func theIspellFiltersSkipHiddenWordsPerFile() throws {
        let folder = scratch.folder("directives-ispell-list")
        try "A zzfoo.\n# textsvcd: ignore zzfoo\nzzfoo wrold\n# textsvcd: disable-next-line\nmistke\ntextsvcd: disable\nspeling\n"
            .write(toFile: folder + "/a.txt", atomically: true, encoding: .utf8)
        // A second file starts with no directive in force.
        try "zzfoo mistke speling\n".write(toFile: folder + "/b.txt", atomically: true, encoding: .utf8)
        let environment = TestSupport.isolatedEnvironment(folder)
        let list = try TestProcess.run(TestSupport.binary, ["-l", "-d", "en_US", folder + "/a.txt", folder + "/b.txt"],
                                       environment: environment, currentDirectory: folder, timeout: 120)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").map(String.init) == [
            "\(folder)/a.txt: zzfoo", "\(folder)/a.txt: wrold",
            "\(folder)/b.txt: zzfoo", "\(folder)/b.txt: mistke", "\(folder)/b.txt: speling",
        ])
        let lines = try TestProcess.run(TestSupport.binary, ["-L", "-d", "en_US"], stdin: Array("# cspell:disable-next-line\nmistke\nfine\nmistke\n".utf8),
                                        environment: environment, currentDirectory: folder, timeout: 120)
        #expect(lines.stdout == "mistke\n", "\(lines.stderr)")
    }
}
