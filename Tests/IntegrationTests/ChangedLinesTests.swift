import Foundation
import Testing
@testable import TextServicesTestSupport
import TextServices

/// `check --diff [REF]` and `--staged`, and the shipped pre-commit hook, on real repositories in a temporary folder.
@Suite struct ChangedLinesTests {
    private let scratch = TemporaryFolder("changed-lines")

    var environment: [String: String] { TestSupport.gitEnvironment(in: scratch.folder("diff-env")) }

    func write(_ text: String, to path: String, in root: String) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    @discardableResult
    func git(_ arguments: [String], in root: String, environment: [String: String]? = nil) throws -> TestProcess.Output {
        let result = try TestProcess.run("/usr/bin/git", ["-C", root] + arguments, environment: environment ?? self.environment)
        #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        return result
    }

    func check(_ arguments: [String], in root: String) throws -> TestProcess.Output {
        try TestProcess.run(TestSupport.binary, ["check", "--no-daemon", "--format", "list"] + arguments,
                            environment: environment, currentDirectory: root)
    }

    func words(_ output: TestProcess.Output) -> [String] {
        output.stdout.split(separator: "\n").map(String.init).sorted()
    }

    /// A repository whose first commit has old misspellings in three files.
    func repository() throws -> String {
        let root = scratch.folder("diff-repo")
        try git(["init", "-q"], in: root)
        try write("An old wrold.\nA fine line.\nAnother fine line.\n", to: "a.txt", in: root)
        try write("Moved text with an old mistke.\nMore text.\n", to: "moved.txt", in: root)
        try write("A doomed speling.\n", to: "gone.txt", in: root)
        try git(["add", "."], in: root)
        try git(["commit", "-qm", "first"], in: root)
        return root
    }

    @Test func diffReportsOnlyChangedAndUntrackedLinesSinceHead() throws {
        let root = try repository()
        try write("An old wrold.\nA fine line, chnaged.\nAnother fine line.\nAdded wiht care.\n", to: "a.txt", in: root)
        try write("A new file with a mispelt word.\n", to: "docs/new.txt", in: root)
        let result = try check(["--diff"], in: root)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(words(result) == ["chnaged", "mispelt", "wiht"])
        // Named paths are filtered the same way; an unchanged file reports nothing.
        let named = try check(["--diff", "a.txt", "moved.txt"], in: root)
        #expect(words(named) == ["chnaged", "wiht"])
        // From a subfolder, paths are relative to it.
        let fromSubfolder = try TestProcess.run(TestSupport.binary, ["check", "--no-daemon", "--diff"],
                                                environment: environment, currentDirectory: root + "/docs")
        #expect(fromSubfolder.stdout.contains("new.txt:1:"), "\(fromSubfolder.stdout)")
        #expect(fromSubfolder.stdout.contains("../a.txt:") || fromSubfolder.stdout.contains(root + "/a.txt:"), "\(fromSubfolder.stdout)")
    }

    @Test func diffSinceAnEarlierCommitCoversCommittedWork() throws {
        let root = try repository()
        try write("An old wrold.\nA fine line.\nAnother fine line.\nCommitted wiht care.\n", to: "a.txt", in: root)
        try git(["commit", "-qam", "second"], in: root)
        #expect(words(try check(["--diff"], in: root)) == [])
        #expect(words(try check(["--diff", "HEAD~1"], in: root)) == ["wiht"])
        #expect(words(try check(["--diff=HEAD~1", "a.txt"], in: root)) == ["wiht"])
    }

    @Test func renamesReportOnlyTheirChangedLinesAndDeletedFilesNothing() throws {
        let root = try repository()
        try git(["mv", "moved.txt", "renamed.txt"], in: root)
        try write("Moved text with an old mistke.\nMore text, nwe.\n", to: "renamed.txt", in: root)
        try FileManager.default.removeItem(atPath: root + "/gone.txt")
        let result = try check(["--diff"], in: root)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(words(result) == ["nwe"])
        #expect(!result.stderr.contains("no such file"), "\(result.stderr)")
        let staged = try check(["--staged"], in: root)
        #expect(staged.status == 0, "\(staged.stdout) \(staged.stderr)")
    }

    @Test func stagedReportsOnlyWhatIsStaged() throws {
        let root = try repository()
        try write("An old wrold.\nA fine line.\nAnother fine line.\nStaged wiht care.\n", to: "a.txt", in: root)
        try git(["add", "a.txt"], in: root)
        try write("Moved text with an old mistke.\nMore text, unstagde.\n", to: "moved.txt", in: root)
        let result = try check(["--staged"], in: root)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(words(result) == ["wiht"])
        #expect(words(try check(["--diff"], in: root)) == ["unstagde", "wiht"])
    }

    @Test func aBadReferenceOrAFolderOutsideGitIsAClearErrorWithStatusTwo() throws {
        let root = try repository()
        let badReference = try check(["--diff", "no-such-branch"], in: root)
        #expect(badReference.status == 2)
        #expect(badReference.stderr.contains("'no-such-branch' is not a commit"), "\(badReference.stderr)")
        #expect(badReference.stdout.isEmpty)
        let outside = scratch.folder("not-a-repo")
        let notARepository = try check(["--diff"], in: outside)
        #expect(notARepository.status == 2)
        #expect(notARepository.stderr.contains("not in a git work tree"), "\(notARepository.stderr)")
        let both = try check(["--diff", "--staged"], in: root)
        #expect(both.status != 0 && both.status != 1)
    }

    @Test func diffHunkHeadersGiveTheNewSidesLines() {
        let patch = """
            diff --git a/x.txt b/x.txt
            --- a/x.txt
            +++ b/x.txt
            @@ -1 +1 @@
            @@ -5,0 +6,3 @@
            @@ -9,2 +12,0 @@
            diff --git a/gone.txt b/gone.txt
            --- a/gone.txt
            +++ /dev/null
            @@ -1 +0,0 @@
            diff --git "a/t\\tb.txt" "b/t\\tb.txt"
            +++ "b/t\\tb.txt"
            @@ -0,0 +1,2 @@

            """
        let files = ChangedLines.parse(diff: Array(patch.utf8))
        #expect(files == ["x.txt": [1..<2, 6..<9], "t\tb.txt": [1..<3]])
    }

    @Test(.enabled(if: TestSupport.which("pre-commit") != nil, "pre-commit is not installed (scripts/install-deps --with-tests)"))
    func thePreCommitHookStopsACommitThatAddsAMisspellingAndPassesOneThatTouchesAnOldOne() throws {
        // The hook repository: the shipped .pre-commit-hooks.yaml, committed, as pre-commit clones it.
        let hooks = scratch.folder("hooks")
        try git(["init", "-q"], in: hooks)
        try FileManager.default.copyItem(atPath: TestSupport.repositoryRoot + "/.pre-commit-hooks.yaml",
                                         toPath: hooks + "/.pre-commit-hooks.yaml")
        try git(["add", "."], in: hooks)
        try git(["commit", "-qm", "hooks"], in: hooks)
        let revision = try git(["rev-parse", "HEAD"], in: hooks).stdout.trimmingCharacters(in: .whitespacesAndNewlines)

        let root = try repository()
        try write("""
            repos:
              - repo: \(hooks)
                rev: \(revision)
                hooks:
                  - id: textsvcd
                    args: [--no-daemon]

            """, to: ".pre-commit-config.yaml", in: root)
        var environment = self.environment
        environment["PRE_COMMIT_HOME"] = scratch.folder("pre-commit-home")
        environment["PATH"] = (TestSupport.binary as NSString).deletingLastPathComponent + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        try git(["add", ".pre-commit-config.yaml"], in: root, environment: environment)
        try git(["commit", "-qm", "hooks"], in: root, environment: environment)
        let preCommit = try #require(TestSupport.which("pre-commit"))
        let install = try TestProcess.run(preCommit, ["install"], environment: environment, currentDirectory: root)
        #expect(install.status == 0, "\(install.stdout) \(install.stderr)")

        // A commit adding a misspelling fails, naming it.
        try write("A new line with a mispelt word.\n", to: "new.txt", in: root)
        try git(["add", "new.txt"], in: root, environment: environment)
        let failing = try TestProcess.run("/usr/bin/git", ["-C", root, "commit", "-m", "adds a misspelling"],
                                          environment: environment, timeout: 300)
        #expect(failing.status != 0)
        #expect((failing.stdout + failing.stderr).contains("mispelt"), "\(failing.stdout) \(failing.stderr)")
        try git(["reset", "-q", "new.txt"], in: root, environment: environment)
        try FileManager.default.removeItem(atPath: root + "/new.txt")

        // A commit changing another line of a file with an old misspelling passes.
        try write("An old wrold.\nA fine line.\nAnother fine line, improved.\n", to: "a.txt", in: root)
        try git(["add", "a.txt"], in: root, environment: environment)
        let passing = try TestProcess.run("/usr/bin/git", ["-C", root, "commit", "-m", "touches a.txt"],
                                          environment: environment, timeout: 300)
        #expect(passing.status == 0, "\(passing.stdout) \(passing.stderr)")
    }
}
