import Foundation
import Testing

/// The Emacs snippets of docs/editors.md, run as written in batch Emacs: flyspell over the ispell
/// pipe, and Eglot over the language server. Skipped where Emacs (or Eglot) is not installed;
/// on Debian 12: apt-get install emacs-nox elpa-eglot.
@Suite(.tags(.slow, .editors), .skippedInFastRuns, .enabled(if: TestSupport.which("emacs") != nil,
                "Emacs is not installed (apt-get install emacs-nox): the documented Emacs snippets cannot be tried"))
struct EmacsTests {
    static let text = "This line has a wrold in it.\n😀 Emoji bfore the ending.\nLast lnie here.\n"

    /// Runs a documented snippet with a driver script; the lines the driver wrote, and the folder Emacs ran in.
    private func run(snippet: String, driver: String, fileName: String, project: Bool) throws -> (lines: [String], root: String) {
        let root = TestSupport.temporaryFolder("emacs")
        let folder = root + "/work"
        try FileManager.default.createDirectory(atPath: folder + (project ? "/.git" : ""), withIntermediateDirectories: true)
        let initFile = root + "/init.el"
        try Data(EditorTesting.snippet(snippet).utf8).write(to: URL(fileURLWithPath: initFile))
        let file = folder + "/" + fileName
        try Data(Self.text.utf8).write(to: URL(fileURLWithPath: file))
        var environment = EditorTesting.environmentWithBinaryOnPath(root)
        environment["TEXTSVCD_FILE"] = file
        environment["TEXTSVCD_OUT"] = root + "/results.txt"
        let script = TestSupport.repositoryRoot + "/Tests/TextServicesTests/Fixtures/emacs/" + driver
        // Batch Emacs loads no init file and activates no packages (such as Debian's elpa-eglot): do what startup does.
        let output = try TestProcess.run(TestSupport.which("emacs")!,
                                           ["--batch", "--eval", "(package-activate-all)", "-l", initFile, "-l", script],
                                           environment: environment, currentDirectory: folder, timeout: 120)
        let data = try #require(FileManager.default.contents(atPath: root + "/results.txt"),
                                "Emacs wrote no results (status \(output.status)): \(output.stderr)")
        return (String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init), root)
    }

    @Test func flyspellWithTheIspellPipeMarksWordsAndSavesThem() throws {
        let (lines, root) = try run(snippet: "emacs-flyspell", driver: "flyspell_check.el", fileName: "notes.txt", project: false)
        // Buffer positions are 1-based characters; the emoji is one character.
        #expect(lines.filter { !$0.hasPrefix("AFTER") } == ["17 22 wrold", "38 43 bfore", "61 65 lnie"])
        #expect(lines.filter { $0.hasPrefix("AFTER") } == ["AFTER bfore", "AFTER lnie"])
        // The pipe Emacs ran started the user's daemon and worked through it.
        let log = (try? String(contentsOfFile: root + "/state/textsvcd/daemon.log", encoding: .utf8)) ?? ""
        #expect(log.contains("listening"), "no daemon was started for Emacs: \(log)")
    }

    static var hasEglot: Bool {
        guard let emacs = TestSupport.which("emacs"),
              let output = try? TestProcess.run(emacs, ["--batch", "--eval", "(progn (package-activate-all) (princ (if (require 'eglot nil t) \"yes\" \"no\")))"],
                                                  environment: ProcessInfo.processInfo.environment, timeout: 60) else {
            return false
        }
        return output.stdout.contains("yes")
    }

    @Test(.enabled(if: EmacsTests.hasEglot, "Eglot is not available (Emacs 29, or apt-get install elpa-eglot)"))
    func eglotWithTheLanguageServerShowsDiagnostics() throws {
        let (lines, _) = try run(snippet: "emacs-eglot", driver: "eglot_check.el", fileName: "notes.txt", project: true)
        #expect(lines.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["17 22", "38 43", "61 65"])
        #expect(lines.allSatisfy { $0.contains("textsvcd") })
        #expect(lines.first?.contains("wrold") == true)
    }
}
