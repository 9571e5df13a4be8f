import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import LanguageServer
@testable import TextServicesTestSupport

private func words(_ diagnostics: [JSONValue]?) -> [String] {
    (diagnostics ?? []).compactMap { $0["data"]?["word"]?.stringValue }
}

private func range(_ line: Int, _ start: Int, _ end: Int) -> JSONValue {
    ["start": ["line": .int(line), "character": .int(start)], "end": ["line": .int(line), "character": .int(end)]]
}

/// A repository folder with `.git`, for the language server's project words.
private struct Repository {
    private let scratch = TemporaryFolder("lsp-project")

    var root: String { scratch.path }

    init(git: Bool = true) {
        if git { try? FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true) }
    }

    var wordsPath: String { root + "/.textsvcd/words.txt" }

    func writeWords(_ text: String) throws {
        try FileSystem.writeAtomically(Array(text.utf8), to: wordsPath, mode: [.ownerReadWrite, .groupRead, .otherRead])
    }

    func uri(_ relative: String) -> String { "file://" + root + "/" + relative }
}

/// The code actions offered at a range of a document.
private func codeActions(_ client: TestClient, _ uri: String, _ at: JSONValue) -> [JSONValue] {
    client.request("textDocument/codeAction", ["textDocument": ["uri": .string(uri)], "range": at, "context": ["diagnostics": []]])["result"]?
        .arrayValue ?? []
}

@Suite struct ProjectWordsLanguageServerTests {
    private let scratch = TemporaryFolder("project-words")

    @Test func projectWordsAreAcceptedBelowTheirFolderAndGuessedForNearMisspellings() throws {
        let repository = Repository()
        try repository.writeWords("# ours\nZorblax\nquuxify\n")
        let client = TestClient(projectPoll: 0)
        _ = client.initialize()
        let uri = repository.uri("docs/notes.md")
        client.open(uri, "Zorblax and ZORBLAX quuxify Quuxify, but Zorblex.", languageId: "markdown")
        #expect(words(client.diagnostics(uri)) == ["Zorblex"])
        let actions = codeActions(client, uri, range(0, 45, 45))
        #expect(actions.first?["title"] == "Change to \u{201C}Zorblax\u{201D}")
        // A near project word put first is offered, but not preferred: `check --fix` would not apply it either.
        #expect(actions.first?["isPreferred"] == false)
        // Outside the folder the words do not apply.
        let outside = "file://" + scratch.folder("lsp-outside") + "/a.txt"
        client.open(outside, "Zorblax")
        #expect(words(client.diagnostics(outside)) == ["Zorblax"])
    }

    @Test func initializeAdvertisesTheProjectCommandAndRegistersAWatcherWhenTheClientCan() {
        let client = TestClient(projectPoll: 0)
        let response = client.initialize(["capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]])
        let commands = response["result"]?["capabilities"]?["executeCommandProvider"]?["commands"]?.arrayValue ?? []
        #expect(commands.contains("textsvcd.addToProjectDictionary"))
        let registration = client.messages.first { $0["method"] == "client/registerCapability" }
        let registered = registration?["params"]?["registrations"]?.arrayValue?.first
        #expect(registered?["method"] == "workspace/didChangeWatchedFiles")
        #expect(registered?["registerOptions"]?["watchers"]?.arrayValue?.first?["globPattern"] == "**/.textsvcd/words.txt")
        // A client that cannot register gets no request.
        let plain = TestClient(projectPoll: 0)
        _ = plain.initialize()
        #expect(!plain.messages.contains { $0["method"] == "client/registerCapability" })
    }

    @Test func aWatchedFileChangeRechecksTheDocumentsAtOnce() throws {
        let repository = Repository()
        try repository.writeWords("Zorblax\n")
        let client = TestClient(projectPoll: 0)
        _ = client.initialize()
        let uri = repository.uri("a.txt")
        let other = repository.uri("sub/b.txt")
        client.open(uri, "Zorblax Frobnicatorix")
        client.open(other, "Frobnicatorix again")
        #expect(words(client.diagnostics(uri)) == ["Frobnicatorix"])
        try repository.writeWords("Zorblax\nFrobnicatorix\n")
        let before = client.messages.count
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string("file://" + repository.wordsPath), "type": 2]]])
        #expect(client.diagnostics(uri, since: before)?.isEmpty == true)
        #expect(client.diagnostics(other, since: before)?.isEmpty == true)
        // Nothing changed since: nothing is published again.
        let after = client.messages.count
        client.notify("workspace/didChangeWatchedFiles", ["changes": []])
        #expect(client.messages.count == after)
    }

    @Test func thePollNoticesAChangeWithoutAnyNotification() throws {
        let repository = Repository()
        let client = TestClient(projectPoll: 0.05)
        _ = client.initialize()
        let uri = repository.uri("a.txt")
        client.open(uri, "The Frobnicatorix works.")
        #expect(words(client.diagnostics(uri)) == ["Frobnicatorix"])
        let before = client.messages.count
        try repository.writeWords("Frobnicatorix\n")
        #expect(client.diagnostics(uri, since: before, timeout: 30)?.isEmpty == true)
        // And a word taken out comes back as a misspelling.
        let again = client.messages.count
        try repository.writeWords("# nothing\n")
        #expect(words(client.diagnostics(uri, since: again, timeout: 30)) == ["Frobnicatorix"])
    }

    @Test func theProjectActionCreatesTheFileAtTheRepositoryRootAndRechecksEveryDocument() throws {
        let repository = Repository()
        let client = TestClient(projectPoll: 0)
        _ = client.initialize(["capabilities": [:], "rootUri": .string("file://" + repository.root)])
        let uri = repository.uri("docs/guide/a.md")
        let sibling = repository.uri("src/b.txt")
        client.open(uri, "Use Frobnicatorix here.", languageId: "markdown")
        client.open(sibling, "Frobnicatorix there.")
        let actions = codeActions(client, uri, range(0, 6, 6))
        let titles = actions.compactMap { $0["title"]?.stringValue }
        let learn = try #require(titles.firstIndex(of: "Add \u{201C}Frobnicatorix\u{201D} to the dictionary"))
        #expect(titles.dropFirst(learn + 1).first == "Add \u{201C}Frobnicatorix\u{201D} to the project dictionary")
        let project = try #require(actions.first { $0["command"]?["command"] == "textsvcd.addToProjectDictionary" })
        #expect(project["command"]?["arguments"] == [.string("Frobnicatorix"), .string(uri)])
        let before = client.messages.count
        let executed = client.request("workspace/executeCommand", ["command": "textsvcd.addToProjectDictionary",
                                                                   "arguments": project["command"]!["arguments"]!])
        #expect(executed["error"] == nil, "\(executed)")
        #expect(try String(contentsOfFile: repository.wordsPath, encoding: .utf8) == "Frobnicatorix\n")
        #expect(client.diagnostics(uri, since: before)?.isEmpty == true)
        #expect(client.diagnostics(sibling, since: before)?.isEmpty == true)
        // The personal dictionary is untouched.
        #expect(!FileManager.default.fileExists(atPath: client.dataHome + "/personal/en_US.dic"))
        // Adding again keeps one copy.
        _ = client.request("workspace/executeCommand", ["command": "textsvcd.addToProjectDictionary",
                                                        "arguments": project["command"]!["arguments"]!])
        #expect(try String(contentsOfFile: repository.wordsPath, encoding: .utf8) == "Frobnicatorix\n")
    }

    @Test func withoutARepositoryTheWorkspaceRootIsTheProjectAndOutsideItThereIsNone() throws {
        let workspace = Repository(git: false)
        let client = TestClient(projectPoll: 0)
        _ = client.initialize(["capabilities": [:],
                               "workspaceFolders": [["uri": .string("file://" + workspace.root), "name": "ws"]]])
        let inside = workspace.uri("notes/a.txt")
        client.open(inside, "Frobnicatorix")
        let insideActions = codeActions(client, inside, range(0, 1, 1))
        let add = try #require(insideActions.first { $0["command"]?["command"] == "textsvcd.addToProjectDictionary" })
        _ = client.request("workspace/executeCommand", ["command": "textsvcd.addToProjectDictionary",
                                                        "arguments": add["command"]!["arguments"]!])
        #expect(try String(contentsOfFile: workspace.wordsPath, encoding: .utf8) == "Frobnicatorix\n")
        // A document in no repository, outside the workspace, gets no project action, and the command refuses it.
        let stray = "file://" + scratch.folder("lsp-stray") + "/x.txt"
        client.open(stray, "Frobnicatorix")
        let strayActions = codeActions(client, stray, range(0, 1, 1))
        #expect(!strayActions.isEmpty)
        #expect(!strayActions.contains { $0["command"]?["command"] == "textsvcd.addToProjectDictionary" })
        let refused = client.request("workspace/executeCommand", ["command": "textsvcd.addToProjectDictionary",
                                                                  "arguments": ["Frobnicatorix", .string(stray)]])
        #expect(refused["error"]?["code"] == -32602)
        // An untitled document belongs to the first workspace folder.
        client.open("untitled:Untitled-1", "Frobnicatorix")
        #expect(client.diagnostics("untitled:Untitled-1")?.isEmpty == true)
    }

    @Test func projectWordsCompleteAPrefixBeforeDictionaryWords() throws {
        let repository = Repository()
        try repository.writeWords("Frobnicatorix\n")
        let client = TestClient(projectPoll: 0)
        _ = client.initialize()
        let uri = repository.uri("a.txt")
        client.open(uri, "frob")
        let items = client.request("textDocument/completion", ["textDocument": ["uri": .string(uri)],
                                                               "position": ["line": 0, "character": 4]])["result"]?["items"]?.arrayValue
        #expect(items?.first?["label"] == "Frobnicatorix")
    }

    @Test func aBadLineInTheWordsFileIsShownOnceAndTheRestStillApplies() throws {
        let repository = Repository()
        try FileManager.default.createDirectory(atPath: repository.root + "/.textsvcd", withIntermediateDirectories: true)
        try Data([0x66, 0xFF, 0x0A] + Array("Zorblax\n".utf8)).write(to: URL(fileURLWithPath: repository.wordsPath))
        let client = TestClient(projectPoll: 0)
        _ = client.initialize()
        client.open(repository.uri("a.txt"), "Zorblax")
        client.open(repository.uri("b.txt"), "Zorblax")
        #expect(client.diagnostics(repository.uri("a.txt"))?.isEmpty == true)
        let shown = client.messages.filter { $0["method"] == "window/showMessage" }
        #expect(shown.count == 1)
        #expect(shown.first?["params"]?["message"]?.stringValue?.contains("words.txt:1: not UTF-8") == true)
    }
}

@Suite struct LearnedWordsBurstTests {
    @Test func aBurstOfLearnedWordsNotificationsGivesOneCheckOfEachDocument() {
        let client = TestClient(projectPoll: 0)
        _ = client.initialize()
        client.open("file:///tmp/burst-a.txt", "Zorblax")
        client.open("file:///tmp/burst-b.txt", "Quuxify")
        let before = client.messages.count
        let notification = ServerNotification(method: "spell.changed",
                                              params: ["language": "en_US", "learned": ["Zorblax"], "unlearned": []])
        // The burst lands while the server is busy (its queue held), as notifications do behind a long check.
        let release = DispatchSemaphore(value: 0)
        client.server.queue.async { release.wait() }
        for _ in 0..<50 { client.server.servicesNotified(notification) }
        release.signal()
        client.server.drain()
        client.server.drain()
        let published = client.messages.dropFirst(before).filter { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(published.count == 2)
    }
}
