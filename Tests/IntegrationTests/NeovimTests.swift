import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import LanguageServer
@testable import TextServicesTestSupport

/// A real editor as the LSP client: headless Neovim (Debian's `neovim`, 0.7 or later) starts
/// `textsvcd lsp`, opens a file with known misspellings, receives the diagnostics, applies a
/// quick fix and stops the server. The Lua driver is `Fixtures/neovim/lsp_check.lua`.
@Suite(.slow, .tags(.editors), .enabled(if: TestSupport.which("nvim") != nil,
                "neovim is not installed (apt-get install neovim): the real-editor LSP test cannot run"))
struct NeovimTests {
    private let scratch = TemporaryFolder("neovim")

    struct Expected: Equatable, CustomStringConvertible {
        var line: Int
        /// Byte columns, as Neovim reports them.
        var column: Int
        var endColumn: Int
        var description: String { "\(line):\(column)-\(endColumn)" }
    }

    /// Runs the driver on a file; returns the results it wrote.
    private func drive(fileName: String, text: String, encoding: String) throws -> JSONValue {
        let root = scratch.folder("nvim")
        let file = root + "/" + fileName
        let out = root + "/results.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        var environment = TestSupport.isolatedEnvironment(root)
        environment["TEXTSVCD_BINARY"] = TestSupport.binary
        environment["TEXTSVCD_NVIM_FILE"] = file
        environment["TEXTSVCD_NVIM_OUT"] = out
        environment["TEXTSVCD_NVIM_ENCODING"] = encoding
        environment["TEXTSVCD_BUNDLED_DICTIONARIES"] = TestSupport.repositoryRoot + "/dictionaries"
        let script = TestSupport.repositoryRoot + "/Tests/IntegrationTests/Fixtures/neovim/lsp_check.lua"
        let run = try TestProcess.run(TestSupport.which("nvim")!, ["--headless", "--clean", "-c", "luafile \(script)"],
                                        environment: environment, currentDirectory: root, timeout: 120)
        let data = try #require(FileManager.default.contents(atPath: out),
                                "Neovim wrote no results (status \(run.status)): \(run.stderr) \(run.stdout)")
        return try JSONParser.parse(Array(data))
    }

    private func check(fileName: String, text: String, expected: [Expected], encoding: String) throws {
        let results = try drive(fileName: fileName, text: text, encoding: encoding)
        #expect(results["ok"] == true, "Neovim driver failed: \(results["error"]?.stringValue ?? "?")")
        #expect(results["encoding"] == .string(encoding.isEmpty ? "utf-16" : encoding))
        let diagnostics = results["diagnostics"]?.arrayValue ?? []
        let found = diagnostics.map {
            Expected(line: $0["lnum"]?.intValue ?? -1, column: $0["col"]?.intValue ?? -1, endColumn: $0["end_col"]?.intValue ?? -1)
        }
        #expect(found == expected)
        #expect(diagnostics.allSatisfy { $0["source"] == "textsvcd" })
        // The quick fix replaced exactly the misspelled word on the emoji line with the guess it named.
        let title = results["applied"]?.stringValue ?? ""
        let guess = title.split(separator: "\u{201C}").last?.split(separator: "\u{201D}").first.map(String.init) ?? "?"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let target = try #require(expected.first { $0.line == 1 })
        let original = Array(lines[1].utf8)
        let fixed = String(decoding: original[..<target.column], as: UTF8.self) + guess
            + String(decoding: original[target.endColumn...], as: UTF8.self)
        #expect(results["line_after"] == .string(fixed))
        #expect(results["actions"]?.arrayValue?.contains { $0.stringValue?.hasPrefix("Add ") == true } == true)
        #expect(results["actions"]?.arrayValue?.contains { $0.stringValue?.hasPrefix("Ignore ") == true } == true)
        // Stopping the client sends shutdown and exit; the server exits 0.
        #expect(results["exit_code"] == 0)
    }

    static let plainText = "This line has a wrold in it.\n😀 Emoji bfore the ending.\nLast lnie here.\n"

    @Test(arguments: ["", "utf-8", "utf-32"])
    func plainTextDiagnosticsArriveAtTheRightColumnsAndAQuickFixApplies(encoding: String) throws {
        try check(fileName: "notes.txt", text: Self.plainText,
                  expected: [Expected(line: 0, column: 16, endColumn: 21), Expected(line: 1, column: 11, endColumn: 16),
                             Expected(line: 2, column: 5, endColumn: 9)],
                  encoding: encoding)
    }

    @Test func pythonIsCheckedOnlyInCommentsAndStrings() throws {
        let source = "def speling_helpr(): # a coment\n    return \"😀 bfore\" # fine\nwrngName = 1\n"
        try check(fileName: "module.py", text: source,
                  expected: [Expected(line: 0, column: 25, endColumn: 31), Expected(line: 1, column: 17, endColumn: 22)],
                  encoding: "")
    }

    @Test func theDocumentedConfigurationWorksAsWritten() throws {
        let root = scratch.folder("nvim-snippet")
        let initFile = root + "/init.lua"
        try Data(EditorTesting.snippet("neovim").utf8).write(to: URL(fileURLWithPath: initFile))
        let file = root + "/notes.md"
        let text = "# Notes on textsvcd\n\nThe wrold is 😀 ful of speling.\n\n```\nnot chekced in code\n```\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        var environment = EditorTesting.environmentWithBinaryOnPath(root)
        environment["TEXTSVCD_NVIM_FILE"] = file
        environment["TEXTSVCD_NVIM_OUT"] = root + "/results.json"
        let driver = TestSupport.repositoryRoot + "/Tests/IntegrationTests/Fixtures/neovim/snippet_check.lua"
        let run = try TestProcess.run(TestSupport.which("nvim")!,
                                        ["--headless", "--clean", "-c", "luafile \(initFile)", "-c", "luafile \(driver)"],
                                        environment: environment, currentDirectory: root, timeout: 120)
        let data = try #require(FileManager.default.contents(atPath: root + "/results.json"),
                                "Neovim wrote no results (status \(run.status)): \(run.stderr)")
        let results = try JSONParser.parse(Array(data))
        #expect(results["ok"] == true, "\(results["error"]?.stringValue ?? "?")")
        #expect(results["clients"] == ["textsvcd"])
        let found = (results["diagnostics"]?.arrayValue ?? []).map {
            Expected(line: $0["lnum"]?.intValue ?? -1, column: $0["col"]?.intValue ?? -1, endColumn: $0["end_col"]?.intValue ?? -1)
        }
        // "wrold" and "speling"; "textsvcd" is in the snippet's words, "ful" follows an emoji, the code block is skipped.
        #expect(found == [Expected(line: 2, column: 4, endColumn: 9), Expected(line: 2, column: 18, endColumn: 21),
                          Expected(line: 2, column: 25, endColumn: 32)])
    }
}
