import Foundation
import Testing
@testable import TextServicesTestSupport

/// `textsvcd check` and words in a script none of the languages is written in (`--other-scripts`, `other-scripts`).
@Suite struct OtherScriptsTests {
    private let scratch = TemporaryFolder("other-scripts")

    static let text = Array("Hello wrld, Привет мир and Hеllo.\n".utf8)

    @Test func wordsInAnotherScriptAreCountedInTheSummaryNotReported() throws {
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--lang", "en_US", "-"], stdin: Self.text)
        #expect(result.status == 1)
        // `Hеllo` holds a Cyrillic е among Latin letters: it is English's to judge, and wrong.
        let words = result.stdout.split(separator: "\n").map { $0.split(separator: ":")[3].split(separator: " ")[0] }
        #expect(words == ["wrld", "Hеllo"], "\(result.stdout)")
        #expect(!result.stdout.contains("Привет"))
        #expect(result.stderr.contains("words in other scripts not checked: Cyrillic (2 words in 1 file)"), "\(result.stderr)")
    }

    @Test func checkingOtherScriptsReportsThemAsHunspellDoes() throws {
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--lang", "en_US", "--format", "list", "--other-scripts", "check", "-"],
                                              stdin: Self.text)
        #expect(result.stdout == "wrld\nПривет\nмир\nHеllo\n")
        #expect(!result.stderr.contains("other scripts"))
    }

    @Test func theListFormatIsHunspellsListUnlessAskedToSkip() throws {
        let listed = try TestProcess.textsvcd(["check", "--no-daemon", "--lang", "en_US", "--format", "list", "-"], stdin: Self.text)
        #expect(listed.stdout == "wrld\nПривет\nмир\nHеllo\n")
        let skipped = try TestProcess.textsvcd(["check", "--no-daemon", "--lang", "en_US", "--format", "list", "--other-scripts", "skip", "-"],
                                               stdin: Self.text)
        #expect(skipped.stdout == "wrld\nHеllo\n")
        #expect(skipped.stderr.contains("Cyrillic (2 words in 1 file)"), "\(skipped.stderr)")
    }

    @Test func onlyTextWithNoWordInTheLanguagesScriptsIsCleanAndSaysWhy() throws {
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--lang", "en_US", "-"], stdin: Array("한국어 문서 Привет\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Cyrillic (1 word in 1 file), Hangul (2 words in 1 file)"), "\(result.stderr)")
    }

    @Test func theProjectConfigChoosesAndTheConfigCommandSaysWhere() throws {
        let project = scratch.folder("other-scripts")
        try FileManager.default.createDirectory(atPath: project + "/.textsvcd", withIntermediateDirectories: true)
        try "language = \"en_US\"\nother-scripts = \"check\"\n".write(toFile: project + "/.textsvcd/config.toml", atomically: true, encoding: .utf8)
        try "Привет wrld\n".write(toFile: project + "/notes.txt", atomically: true, encoding: .utf8)
        let checked = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "json", project + "/notes.txt"])
        #expect(checked.stdout.contains("\"word\":\"Привет\""), "\(checked.stdout)")
        let overridden = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "json", "--other-scripts", "skip", project + "/notes.txt"])
        #expect(!overridden.stdout.contains("Привет") && overridden.stdout.contains("wrld"), "\(overridden.stdout)")
        let config = try TestProcess.textsvcd(["config", project + "/notes.txt"])
        #expect(config.stdout.contains("file:\(project)/.textsvcd/config.toml:2\tother-scripts = check"), "\(config.stdout)")
    }
}
