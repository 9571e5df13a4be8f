import Foundation
import Testing
@testable import TextServicesTestSupport
@testable import TextServices

/// Inline directives (`textsvcd: ignore`, `cspell:disable-next-line`, ...) in any file type.
@Suite struct InlineDirectivesTests {
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

    @Test func checkHonoursEveryDirectiveInCodeAndProse() throws {
        let folder = TestSupport.temporaryFolder("directives")
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

    @Test func theLanguageServerHonoursDirectives() throws {
        let environment = TestSupport.isolatedEnvironment(TestSupport.temporaryFolder("directives-lsp"))
        let editor = try LanguageServerProcess(["--no-daemon"], environment: environment)
        try editor.initialize()
        let uri = "file:///tmp/textsvcd-directives-\(getpid())/notes.txt"
        editor.open(uri, "textsvcd: ignore Frobnix\nFrobnix and wrold.\ncspell:disable-next-line\nmistke here\nmisteak there\n")
        #expect(try editor.diagnosedWords(uri) == ["wrold", "misteak"])
        try editor.finish()
    }
}
