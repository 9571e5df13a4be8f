import Foundation
import Testing
@testable import TextServicesTestSupport

@Suite struct CheckCommandTests {
    private let scratch = TemporaryFolder("check-command")

    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = scratch.folder("check") + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func printsQuickfixLinesWithCharacterColumnsAndExitsOne() throws {
        let path = try file("a.txt", Array("Fine line.\n😀 café wrold here\n".utf8))
        let result = try TestProcess.textsvcd(["check", "--no-daemon", path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("\(path):2:3: café"))
        #expect(lines[1].hasPrefix("\(path):2:8: wrold -> world"))
    }

    @Test func cleanTextExitsZero() throws {
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "-"], stdin: Array("All good here.\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    @Test func listFormatPrintsOneWordALineLikeHunspell() throws {
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list"], stdin: Array("teh cat sat on teh mat wiht me".utf8))
        #expect(result.stdout == "teh\nteh\nwiht\n")
    }

    @Test func terminalEscapesInCapturedOutputAreNotPartOfWords() throws {
        let captured = "\u{1B}[35m\u{1B}[Knotes.md\u{1B}[m\u{1B}[K:\u{1B}[1;33m\u{1B}[KWhenever\u{1B}[m\u{1B}[K the wrold turns\n"
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "json", "-"], stdin: Array(captured.utf8))
        let words = result.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["word"] as? String
        }
        #expect(words == ["wrold"], "\(result.stdout)")
    }

    @Test func armoredKeysAreNotCheckedAndTheTextAroundThemIs() throws {
        let text = "The key:\n-----BEGIN PRIVATE KEY-----\nxXnKBAQUtlmrLFKIGe+UCD+r+wfSpS6Sl7BUDmeCSczG9dPN5vnyZA4ixUke2SCC\n-----END PRIVATE KEY-----\nthe wrold\n"
        let path = try file("server.key", Array(text.utf8))
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", path])
        #expect(result.stdout == "wrold\n", "\(result.stdout)")
    }

    @Test func jsonFormatPrintsAnObjectALine() throws {
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "json", "-"], stdin: Array("my wrold".utf8))
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["word"] as? String == "wrold")
        #expect(object?["line"] as? Int == 1)
        #expect(object?["column"] as? Int == 4)
        #expect((object?["range"] as? [String: Int]) == ["start": 3, "end": 8])
    }

    @Test func badFilesAreReportedAndTheOthersStillChecked() throws {
        let good = try file("good.txt", Array("a wrold".utf8))
        let binary = try file("bin.dat", [0x61, 0x62, 0x00, 0x63])
        let invalid = try file("latin1.txt", [0x63, 0x61, 0x66, 0xE9, 0x0A])
        // A folder is checked whole (see CheckFoldersTests); this one holds a clean file.
        let folder = scratch.folder("dir")
        try "All fine here.\n".write(toFile: folder + "/clean.txt", atomically: true, encoding: .utf8)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", binary, folder, invalid, "/no/such/file", good])
        #expect(result.status == 2)
        #expect(result.stdout == "wrold\n")
        #expect(result.stderr.contains("\(binary): binary file (NUL byte at offset 2)"))
        #expect(result.stderr.contains("2 files checked"))
        #expect(result.stderr.contains("\(invalid): invalid UTF-8 at byte offset 3"))
        #expect(result.stderr.contains("/no/such/file: no such file"))
    }

    @Test func unknownLanguageIsAnErrorNamingWhatWasSearched() throws {
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--lang", "tlh", "-"], stdin: Array("hello".utf8))
        #expect(result.status == 2)
        #expect(result.stderr.contains("tlh"))
    }

    @Test func largeInputsAreSplitAndStillReportedInOrderWithRightLines() throws {
        var text = ""
        for line in 1...40_000 { text += line % 1000 == 0 ? "line \(line) has a mispeled word\n\n" : "a perfectly fine line of text\n" }
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "-"], stdin: Array(text.utf8))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 40)
        // Line numbers account for the blank lines added after each marked line.
        #expect(lines.first?.hasPrefix("-:1000:17: mispeled") == true)
        #expect(lines.last?.hasPrefix("-:40039:18: mispeled") == true)
    }

    @Test func suggestAndCompletePrintResults() throws {
        let suggest = try TestProcess.textsvcd(["suggest", "--no-daemon", "recieve", "hello"])
        #expect(suggest.stdout.hasPrefix("recieve: receive"))
        #expect(suggest.stdout.contains("hello: *"))
        let complete = try TestProcess.textsvcd(["complete", "--no-daemon", "Hel"])
        #expect(complete.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("Hel") })
        let languages = try TestProcess.textsvcd(["languages", "--no-daemon"])
        #expect(languages.stdout.contains("en_US"))
        #expect(languages.stdout.contains("bundled"))
    }
}
