import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Project words and `words import` with the real daemon, the real language server and the command line (issue 15).
@Suite("Project words", .serialized, .slow)
struct ProjectWordsIntegrationTests {
    /// A repository (with `.git`) inside a daemon's sandbox, holding `files`; returns its root.
    static func repository(in daemon: DaemonHarness, words: String?, files: [String: String]) throws -> String {
        let root = daemon.root + "/repo"
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        if let words { try writeWords(words, in: root) }
        for (relative, text) in files {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return root
    }

    /// Replaces the words file as another tool would (an editor saving it).
    static func writeWords(_ text: String, in root: String) throws {
        try FileSystem.writeAtomically(Array(text.utf8), to: root + "/.textsvcd/words.txt", mode: [.ownerReadWrite, .groupRead, .otherRead])
    }

    /// How many `spell.check` requests the daemon has answered.
    static func checks(_ daemon: DaemonHarness) throws -> Int {
        try daemon.call("stats")["methods"]?["spell.check"]?["count"]?.intValue ?? 0
    }

    @Test func checkAppliesProjectWordsWithTheDaemonAndAloneAndSeesAnEditWhileTheDaemonRuns() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let root = try Self.repository(in: daemon, words: "# ours\nZorblax\n", files: ["docs/a.md": "Zorblax meets Frobnicatorix.\n"])
        let file = root + "/docs/a.md"
        let before = try Self.checks(daemon)
        let first = try daemon.run(["check", "--format", "list", file])
        #expect(first.status == 1)
        #expect(first.stdout == "Frobnicatorix\n")
        #expect(try Self.checks(daemon) > before, "check did not use the daemon")
        let alone = try daemon.run(["check", "--no-daemon", "--format", "list", file])
        #expect(alone.stdout == "Frobnicatorix\n")
        // Another tool adds the word; the same daemon (never restarted) serves the next check, which takes it in.
        try Self.writeWords("# ours\nZorblax\nFrobnicatorix\n", in: root)
        let pid = daemon.pid
        let second = try daemon.run(["check", "--format", "list", file])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.isEmpty)
        #expect(daemon.isRunning && daemon.pid == pid)
        #expect(try daemon.run(["check", "--no-daemon", file]).status == 0)
    }

    @Test func importThroughTheDaemonIsSeenByAnotherSessionAtOnce() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let session = try daemon.connect()
        defer { session.close() }
        let editor = try LanguageServerProcess(environment: daemon.environment)
        try editor.initialize()
        let uri = "file://" + daemon.root + "/notes.txt"
        editor.open(uri, "Zorblax and Quuxify and hello.")
        #expect(try editor.diagnosedWords(uri) == ["Zorblax", "Quuxify"])
        let list = daemon.root + "/.hunspell_en_US"
        try Data("Zorblax\nQuuxify/S\nhello\n".utf8).write(to: URL(fileURLWithPath: list))
        let before = editor.messages.count
        let imported = try daemon.run(["words", "import", list])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "\(list): imported 2 words (1 already known) into the personal dictionary (en_US)\n")
        // The other connection heard of each word and the daemon accepts them; the editor's diagnostics clear.
        let verdicts = try session.result("spell.checkWords", ["words": ["Zorblax", "Quuxify"]])
        #expect(verdicts["correct"] == [true, true])
        let heard = session.notifications.filter { $0["method"] == "spell.changed" }
            .flatMap { $0["params"]?["learned"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        #expect(Set(heard) == ["Zorblax", "Quuxify"])
        // Each learned word may come in its own notification, so the editor may publish [Quuxify] first.
        _ = try editor.waitFor(since: before, timeout: 10) {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri)
                && $0["params"]?["diagnostics"]?.arrayValue?.isEmpty == true
        }
        let saved = try String(contentsOfFile: daemon.dataHome + "/textsvcd/personal/en_US.dic", encoding: .utf8)
        #expect(saved == "Quuxify\nZorblax\n")
        try editor.finish()
    }

    @Test func theLanguageServerSeesTheWordsFileChangeAndAddsToIt() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let root = try Self.repository(in: daemon, words: nil, files: [:])
        let editor = try LanguageServerProcess(environment: daemon.environment)
        try editor.request("initialize", ["capabilities": [:], "rootUri": .string("file://" + root)])
        editor.notify("initialized")
        let uri = "file://" + root + "/docs/a.txt"
        let other = "file://" + root + "/b.txt"
        editor.open(uri, "Frobnicatorix and Wibblix.")
        editor.open(other, "Wibblix again.")
        #expect(try editor.diagnosedWords(uri) == ["Frobnicatorix", "Wibblix"])
        #expect(try editor.diagnosedWords(other) == ["Wibblix"])
        // Another tool writes the file: the poll notices it with no notification from the editor.
        let before = editor.messages.count
        try Self.writeWords("Frobnicatorix\n", in: root)
        #expect(try editor.diagnosedWords(uri, since: before, timeout: 30) == ["Wibblix"])
        // The quick fix adds to the file and every open document of the project is checked again.
        let actions = try editor.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(other)],
            "range": ["start": ["line": 0, "character": 2], "end": ["line": 0, "character": 2]],
            "context": ["diagnostics": []],
        ])["result"]?.arrayValue ?? []
        let add = try #require(actions.first { $0["command"]?["command"] == "textsvcd.addToProjectDictionary" })
        let executing = editor.messages.count
        let answer = try editor.request("workspace/executeCommand", ["command": "textsvcd.addToProjectDictionary",
                                                                     "arguments": add["command"]!["arguments"]!])
        #expect(answer["error"] == nil, "\(answer)")
        #expect(try String(contentsOfFile: root + "/.textsvcd/words.txt", encoding: .utf8) == "Frobnicatorix\nWibblix\n")
        #expect(try editor.diagnosedWords(other, since: executing).isEmpty)
        #expect(try editor.diagnosedWords(uri, since: executing).isEmpty)
        try editor.finish()
    }
}
