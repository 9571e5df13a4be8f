import Foundation
import Testing
@testable import TextServicesTestSupport
import TextServices

/// `check` and `check --fix` on bad input, with the real binary in temporary git repositories: read-only and vanished files,
/// and findings written to a pipe whose reader goes away. Nothing is ever half-written.
@Suite(.slow) struct CheckBadInputTests {
    private let scratch = TemporaryFolder("check-bad")

    var environment: [String: String] { TestSupport.gitEnvironment(in: scratch.folder("bad-env")) }

    /// A git repository holding `files`, committed.
    func repository(_ files: [String: String]) throws -> String {
        let root = scratch.folder("bad-input")
        try git(["init", "-q"], in: root)
        for (name, text) in files {
            let path = root + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        try git(["add", "."], in: root)
        try git(["commit", "-qm", "first"], in: root)
        return root
    }

    func git(_ arguments: [String], in root: String) throws {
        let result = try TestProcess.run("/usr/bin/git", ["-C", root] + arguments, environment: environment)
        #expect(result.status == 0, "git \(arguments): \(result.stderr)")
    }

    func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The files of a folder and its subfolders, but git's own.
    func listing(_ root: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: root).filter { !$0.hasPrefix(".git") }.sorted()
    }

    @Test func aReadOnlyFileIsReportedAndTheOthersAreFixed() throws {
        let root = try repository(["locked.txt": "A locked wrold.\n", "open.txt": "An open wrold.\n"])
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: root + "/locked.txt")
        var command = [TestSupport.binary, "check", "--no-daemon", "--fix", "locked.txt", "open.txt"]
        if geteuid() == 0 {
            // root writes any file: run as nobody, who owns the folder and open.txt but not locked.txt.
            let nobody = "65534"
            for path in [root, root + "/open.txt"] { chown(path, 65534, 65534) }
            command = ["/usr/bin/setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups"] + command
        }
        let result = try TestProcess.run(command[0], Array(command.dropFirst()), environment: environment, currentDirectory: root)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("locked.txt: is read-only, not changed"), "\(result.stderr)")
        #expect(try contents(root + "/locked.txt") == "A locked wrold.\n")
        #expect(try contents(root + "/open.txt") == "An open world.\n")
        #expect(try listing(root) == ["locked.txt", "open.txt"])
    }

    @Test func aTrackedFileDeletedFromTheWorkTreeIsLeftOutOfAWalk() throws {
        let root = try repository(["gone.txt": "A gone wrold.\n", "here.txt": "A wrold here.\n"])
        try FileManager.default.removeItem(atPath: root + "/gone.txt")
        let result = try TestProcess.run(TestSupport.binary, ["check", "--no-daemon", "--fix", "."], environment: environment,
                                         currentDirectory: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try contents(root + "/here.txt") == "A world here.\n")
        #expect(try listing(root) == ["here.txt"])
    }

    @Test func aClosedPipeEndsTheRunQuietlyAndNoFileIsHalfWritten() throws {
        // Each file's findings (the words --fix leaves) are far more than a pipe holds, so the reader's going matters.
        let body = String(repeating: "teh alot qzxv\n", count: 3000)
        var files: [String: String] = [:]
        for index in 0..<12 { files["doc\(index).txt"] = "A wrold first.\n" + body }
        let root = try repository(files)
        let script = """
            "$0" check --no-daemon --fix . | head -1 > head.out
            echo "status ${PIPESTATUS[0]}" >&2
            """
        let result = try TestProcess.run("/bin/bash", ["-c", script, TestSupport.binary], environment: environment, currentDirectory: root)
        #expect(result.stderr.contains("status 1"), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Broken pipe"), "\(result.stderr)")
        #expect(try contents(root + "/head.out").split(separator: "\n").count == 1)
        var fixed = 0
        for index in 0..<12 {
            let text = try contents(root + "/doc\(index).txt")
            #expect(text == "A wrold first.\n" + body || text == "A world first.\n" + body, "doc\(index).txt half-written")
            if text.hasPrefix("A world") { fixed += 1 }
        }
        #expect(fixed >= 1)
        #expect(try listing(root) == (["head.out"] + (0..<12).map { "doc\($0).txt" }).sorted())
    }
}
