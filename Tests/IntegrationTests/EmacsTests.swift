import Foundation
import Testing
@testable import TextServicesTestSupport

/// The Emacs snippets of docs/editors.md, run as written in batch Emacs: flyspell over the ispell
/// pipe, and Eglot over the language server. Skipped where Emacs (or Eglot) is not installed;
/// on Debian 12: apt-get install emacs-nox elpa-eglot.
@Suite(.slow, .tags(.editors), .enabled(if: TestSupport.which("emacs") != nil,
                "Emacs is not installed (apt-get install emacs-nox): the documented Emacs snippets cannot be tried"))
struct EmacsTests {
    private let scratch = TemporaryFolder("emacs")

    static let text = "This line has a wrold in it.\n😀 Emoji bfore the ending.\nLast lnie here.\n"

    /// Runs a documented snippet with a driver script; the lines the driver wrote, and the folder Emacs ran in.
    ///
    /// `program` replaces "textsvcd" in the snippet (to run the same configuration with hunspell).
    private func run(snippet: String, driver: String, fileName: String, project: Bool, text: String = EmacsTests.text,
                     program: String? = nil, extra: [String: String] = [:]) throws -> (lines: [String], root: String) {
        let root = scratch.folder("emacs")
        let folder = root + "/work"
        try FileManager.default.createDirectory(atPath: folder + (project ? "/.git" : ""), withIntermediateDirectories: true)
        let initFile = root + "/init.el"
        var configuration = try EditorTesting.snippet(snippet)
        if let program { configuration = configuration.replacingOccurrences(of: "\"textsvcd\"", with: "\"\(program)\"") }
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: initFile))
        let file = folder + "/" + fileName
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        var environment = EditorTesting.environmentWithBinaryOnPath(root)
        environment.merge(extra) { $1 }
        environment["TEXTSVCD_FILE"] = file
        environment["TEXTSVCD_OUT"] = root + "/results.txt"
        let script = TestSupport.repositoryRoot + "/Tests/IntegrationTests/Fixtures/emacs/" + driver
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

    /// The acceptance of issue 15: with the documented configuration, Emacs takes textsvcd for Hunspell,
    /// flyspell-buffer on 20 KB of prose (flyspell's large-region path, `-l`) flags what it flags with
    /// hunspell, ispell-word offers textsvcd's guesses, and `i` teaches the daemon the word.
    @Test(.enabled(if: TestSupport.which("hunspell") != nil, "hunspell is not installed: nothing to compare with"))
    func flyspellBufferFlagsWhatHunspellFlagsAndIspellWordLearnsThroughTheDaemon() throws {
        let prose = try String(contentsOfFile: TestSupport.repositoryRoot + "/Tests/IntegrationTests/Fixtures/emacs/prose.txt",
                               encoding: .utf8)
        #expect(prose.utf8.count > 19_000)
        // Both programs use the bundled en_US (hunspell finds it through DICPATH, before the system's).
        let common = ["DICPATH": TestSupport.repositoryRoot + "/dictionaries", "TEXTSVCD_WORD": "recomended", "LANG": "C.UTF-8"]
        let (ours, root) = try run(snippet: "emacs-flyspell", driver: "flyspell_compare.el", fileName: "prose.txt", project: false,
                                   text: prose, extra: common.merging(["TEXTSVCD_ASK_DAEMON": "1"]) { $1 })
        let (theirs, _) = try run(snippet: "emacs-flyspell", driver: "flyspell_compare.el", fileName: "prose.txt", project: false,
                                  text: prose, program: TestSupport.which("hunspell")!, extra: common)

        // Emacs took textsvcd for Hunspell (so UTF-8 and the dictionary's word characters).
        #expect(ours.first?.hasPrefix("HUNSPELL 1.") == true, "\(ours.first ?? "")")
        let flagged = ours.filter { $0.hasPrefix("FLAG ") }
        #expect(flagged.count > 50)
        #expect(flagged.contains { $0.hasSuffix(" recomended") } && flagged.contains { $0.hasSuffix(" jalapeño") })
        #expect(Set(flagged) == Set(theirs.filter { $0.hasPrefix("FLAG ") }),
                "flagged only with textsvcd: \(Set(flagged).subtracting(theirs)); only with hunspell: \(Set(theirs.filter { $0.hasPrefix("FLAG ") }).subtracting(flagged))")

        // ispell-word offered textsvcd's own guesses, in its order.
        let pipe = try TestProcess.run(TestSupport.binary, ["-a", "-d", "en_US"], stdin: Array("recomended\n".utf8),
                                         environment: TestSupport.isolatedEnvironment(scratch.folder("emacs-guesses")), timeout: 120)
        let answer = try #require(pipe.stdout.split(separator: "\n").first { $0.hasPrefix("& recomended") })
        let guesses = answer.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
        #expect(ours.contains("GUESSES recomended: \(guesses)"), "\(ours.filter { $0.hasPrefix("GUESSES") }) vs \(guesses)")

        // `i` learned the word through the daemon Emacs's ispell process started and shares.
        let learned = try #require(ours.first { $0.hasPrefix("LEARNED ") })
        #expect(learned.contains("\"recomended\""), "\(learned)")
        let saved = try String(contentsOfFile: root + "/data/textsvcd/personal/en_US.dic", encoding: .utf8)
        #expect(saved.split(separator: "\n").contains("recomended"))
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
