import Foundation
import Testing
@testable import TextServicesTestSupport
import TextServices

/// `check --interactive`, driven through a pseudo-terminal with the real binary: keys decide, files on disk show it.
@Suite(.slow) struct InteractiveCheckTests {
    private let scratch = TemporaryFolder("interactive")

    /// A git work tree (the project's root for its words) with files written into it.
    func repository(_ files: [String: String]) throws -> String {
        let root = scratch.folder("interactive")
        let git = try TestProcess.run("/usr/bin/git", ["init", "-q", root], environment: ProcessInfo.processInfo.environment)
        #expect(git.status == 0, "\(git.stderr)")
        for (name, text) in files {
            let path = root + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return root
    }

    func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    func start(_ arguments: [String], environment: [String: String]) throws -> PseudoTerminalProcess {
        try PseudoTerminalProcess(TestSupport.binary, ["check", "--no-daemon", "--interactive"] + arguments, environment: environment)
    }

    @Test func keysReplaceIgnoreAddAndLearnAndTheFilesShowIt() throws {
        let root = try repository([
            ".textsvcd/words.txt": "# ours\nalpha\nzeta\n",
            "a.txt": "A wrold here,\tteh end.\nThe mumblex and wrold again, qzxv.\n",
            "b.txt": "More mumblex and qzxv, then blorft.\n",
        ])
        var environment = TestSupport.isolatedEnvironment(root + "/.env")
        environment["TERM"] = "xterm-256color"
        environment["NO_COLOR"] = nil
        let terminal = try start([root + "/a.txt", root + "/b.txt"], environment: environment)
        let first = try terminal.waitFor(": wrold (1 of 5)")
        #expect(first.contains("a.txt:1:3: wrold"))
        try terminal.waitFor("1) world")
        try terminal.waitFor("] > ")
        terminal.type("1")
        try terminal.waitFor(": teh (2 of 5)")
        // The line is shown with the tab as a space and the word in reverse video.
        try terminal.waitFor("A wrold here, \u{1B}[7mteh\u{1B}[27m end.")
        try terminal.waitFor("] > ")
        terminal.type("rthx\u{7F}e\r")
        try terminal.waitFor("teh -> the")
        try terminal.waitFor(": mumblex (3 of 5)")
        terminal.type("a")
        // The word replaced before is offered first when it comes again; ignored here, it stays.
        try terminal.waitFor(": wrold (4 of 5)")
        try terminal.waitFor("1) world")
        terminal.type("i")
        try terminal.waitFor(": qzxv (5 of 5)")
        terminal.type("I")
        // In b.txt, the word added and the word ignored for the run are not asked again.
        let second = try terminal.waitFor(": blorft (1 of 1)")
        #expect(!second.contains("b.txt:1:6: mumblex"))
        terminal.type("l")
        let result = try terminal.finish()
        #expect(result.status == 0, "\(result.stderr)\n\(terminal.screenText)")
        #expect(try contents(root + "/a.txt") == "A world here,\tthe end.\nThe mumblex and wrold again, qzxv.\n")
        #expect(try contents(root + "/b.txt") == "More mumblex and qzxv, then blorft.\n")
        #expect(try contents(root + "/.textsvcd/words.txt") == "# ours\nalpha\nmumblex\nzeta\n")
        #expect(result.stderr.contains("a.txt: replaced 2 (wrold -> world, teh -> the)"), "\(result.stderr)")
        #expect(result.stderr.contains("learned 'blorft'"), "\(result.stderr)")
        // A later plain check agrees: the project and the personal dictionary took the words; the run's ignores are gone.
        let after = try TestProcess.run(TestSupport.binary, ["check", "--no-daemon", "--format", "list", root + "/b.txt"],
                                        environment: environment)
        #expect(after.stdout == "qzxv\n", "\(after.stderr)")
    }

    @Test func quittingMidwayWritesWhatWasDecidedAndAsksNothingMore() throws {
        let root = try repository([
            "a.txt": "One wrold, teh, and wrold.\n",
            "b.txt": "Two wrold.\n",
            "c.txt": "Three teh.\n",
        ])
        let environment = TestSupport.isolatedEnvironment(root + "/.env")
        let terminal = try start([root + "/a.txt", root + "/b.txt", root + "/c.txt"], environment: environment)
        try terminal.waitFor("a.txt:1:5: wrold (1 of 3)")
        try terminal.waitFor("] > ")
        // A key that means nothing here (a digit with no guess) rings the bell; `?` shows the keys.
        terminal.type("9")
        try terminal.waitFor("\u{07}")
        terminal.type("?")
        try terminal.waitFor("skip the rest of this file")
        terminal.type("1")
        try terminal.waitFor(": teh (2 of 3)")
        terminal.type("s")
        try terminal.waitFor("b.txt:1:5: wrold (1 of 1)")
        terminal.type("q")
        let result = try terminal.finish()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try contents(root + "/a.txt") == "One world, teh, and wrold.\n")
        #expect(try contents(root + "/b.txt") == "Two wrold.\n")
        #expect(try contents(root + "/c.txt") == "Three teh.\n")
        #expect(!terminal.screenText.contains("c.txt"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == [".env", ".git", "a.txt", "b.txt", "c.txt"])
    }

    @Test func aFileChangedWhileAskingIsLeftAsItIsAndReported() throws {
        let root = try repository(["a.txt": "A wrold.\n"])
        let terminal = try start([root + "/a.txt"], environment: TestSupport.isolatedEnvironment(root + "/.env"))
        try terminal.waitFor(": wrold (1 of 1)")
        try "A wrold, edited meanwhile.\n".write(toFile: root + "/a.txt", atomically: true, encoding: .utf8)
        try terminal.waitFor("] > ")
        terminal.type("1")
        let result = try terminal.finish()
        #expect(result.status == 2)
        #expect(result.stderr.contains("changed since it was read, not changed"), "\(result.stderr)")
        #expect(try contents(root + "/a.txt") == "A wrold, edited meanwhile.\n")
    }

    @Test func aFileRemovedWhileAskingIsNotWrittenAgain() throws {
        let root = try repository(["a.txt": "A wrold.\n"])
        let terminal = try start([root + "/a.txt"], environment: TestSupport.isolatedEnvironment(root + "/.env"))
        try terminal.waitFor(": wrold (1 of 1)")
        try FileManager.default.removeItem(atPath: root + "/a.txt")
        try terminal.waitFor("] > ")
        terminal.type("1")
        let result = try terminal.finish()
        #expect(result.status == 2)
        #expect(result.stderr.contains("vanished during the run, not changed"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == [".env", ".git"])
    }

    @Test func controlCharactersOfAFileAreNotSentToTheTerminal() throws {
        let root = try repository(["a.txt": "Title \u{1B}]0;pwned\u{07} wrold \u{202E}txt.\n"])
        let environment = TestSupport.isolatedEnvironment(root + "/.env").merging(["NO_COLOR": "1"]) { $1 }
        let terminal = try start([root + "/a.txt"], environment: environment)
        let screen = try terminal.waitFor("] > ")
        #expect(screen.contains("Title ?]0;pwned? [wrold] ?txt."), "\(screen)")
        #expect(!screen.contains("\u{1B}]0;"))
        terminal.type("\u{03}")
        let result = try terminal.finish()
        #expect(result.status == 1)
        #expect(try contents(root + "/a.txt") == "Title \u{1B}]0;pwned\u{07} wrold \u{202E}txt.\n")
    }

    @Test func withoutATerminalItRefusesWithStatus2() throws {
        let root = try repository(["a.txt": "A wrold.\n"])
        // setsid(1) runs it in a new session, which has no controlling terminal.
        let result = try TestProcess.run("/usr/bin/setsid", ["-w", TestSupport.binary, "check", "--no-daemon", "--interactive", root + "/a.txt"],
                                         environment: TestSupport.isolatedEnvironment(root + "/.env"))
        #expect(result.status == 2)
        #expect(result.stderr.contains("--interactive asks on a terminal, and this process has none"), "\(result.stderr)")
        #expect(try contents(root + "/a.txt") == "A wrold.\n")
    }
}
