import Foundation
import Synchronization
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import LanguageServer
@testable import TextServicesTestSupport

/// An in-process LSP client: sends messages to a `LanguageServer` and records what comes back.
final class TestClient: Sendable {
    private let scratch = TemporaryFolder("language")

    let server: LanguageServer
    let dataHome: String
    private let outbox = Outbox()
    private let counter = Atomic<Int>(0)

    /// Messages from the server, appended from its queue.
    private final class Outbox: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [JSONValue] = []

        func withLock<T>(_ body: (inout [JSONValue]) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&items)
        }
    }

    /// A client of a server on the suite's shared services, or (`isolated`) on services of its own, for tests that learn or ignore words.
    init(debounce: Int = 0, preferredEncoding: PositionEncoding? = nil, isolated: Bool = false, projectPoll: Double = 2) {
        let outbox = self.outbox
        dataHome = scratch.folder("lsp-data")
        let services = isolated ? TestSupport.services(dataHome: dataHome) : TestSupport.sharedServices
        var defaults = LSPSettings()
        defaults.debounceMilliseconds = debounce
        server = LanguageServer(client: LocalTextServices(services: services), defaults: defaults,
                                preferredEncoding: preferredEncoding, projectPollInterval: projectPoll) { message in
            outbox.withLock { $0.append(message) }
        }
    }

    var messages: [JSONValue] { outbox.withLock { $0 } }

    func clear() { outbox.withLock { $0.removeAll() } }

    /// Sends a request and returns its response (the whole message, with `result` or `error`).
    @discardableResult
    func request(_ method: String, _ params: JSONValue = [:]) -> JSONValue {
        let id = counter.add(1, ordering: .relaxed).newValue
        server.receive(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        return messages.last { $0["id"] == .int(id) } ?? .null
    }

    func notify(_ method: String, _ params: JSONValue = [:]) {
        server.receive(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    func initialize(_ params: JSONValue = ["capabilities": [:]]) -> JSONValue {
        let response = request("initialize", params)
        notify("initialized")
        return response
    }

    /// The latest diagnostics published for a document after `since` messages, waiting up to `timeout` seconds for one.
    ///
    /// Opening and saving publish before `receive` returns, so `timeout: 0` looks once; debounced checks need a wait.
    func diagnostics(_ uri: String, since: Int = 0, timeout: Double = 0) -> [JSONValue]? {
        let deadline = Date().addingTimeInterval(timeout * TestSupport.slowdown)
        while true {
            let published = messages.dropFirst(since).last {
                $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri)
            }
            if let published { return published["params"]?["diagnostics"]?.arrayValue }
            guard Date() < deadline else { return nil }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    func open(_ uri: String, _ text: String, languageId: String = "plaintext", version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": .string(languageId),
                                                          "version": .int(version), "text": .string(text)]])
    }
}

private func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> JSONValue {
    ["start": ["line": .int(startLine), "character": .int(startCharacter)],
     "end": ["line": .int(endLine), "character": .int(endCharacter)]]
}

private func words(_ diagnostics: [JSONValue]?) -> [String] {
    (diagnostics ?? []).compactMap { $0["data"]?["word"]?.stringValue }
}

@Suite struct LanguageServerMessageTests {
    @Test func initializeNegotiatesThePositionEncoding() {
        let plain = TestClient()
        #expect(plain.initialize()["result"]?["capabilities"]?["positionEncoding"] == "utf-16")
        let utf8 = TestClient()
        let offered: JSONValue = ["capabilities": ["general": ["positionEncodings": ["utf-16", "utf-8"]]]]
        #expect(utf8.initialize(offered)["result"]?["capabilities"]?["positionEncoding"] == "utf-8")
        let utf32 = TestClient()
        let only32: JSONValue = ["capabilities": ["general": ["positionEncodings": ["utf-32", "utf-16"]]]]
        #expect(utf32.initialize(only32)["result"]?["capabilities"]?["positionEncoding"] == "utf-32")
        let legacy = TestClient()
        let clangd: JSONValue = ["capabilities": ["offsetEncoding": ["utf-8", "utf-16"]]]
        #expect(legacy.initialize(clangd)["result"]?["offsetEncoding"] == "utf-8")
        let forced = TestClient(preferredEncoding: .utf32)
        #expect(forced.initialize()["result"]?["capabilities"]?["positionEncoding"] == "utf-32")
        let declined = TestClient(preferredEncoding: .utf32)
        #expect(declined.initialize(offered)["result"]?["capabilities"]?["positionEncoding"] == "utf-8")
        let capabilities = plain.messages.first?["result"]?["capabilities"]
        #expect(capabilities?["textDocumentSync"]?["change"] == 2)
        #expect(capabilities?["codeActionProvider"] != nil)
        #expect(capabilities?["completionProvider"] != nil)
        #expect(plain.messages.first?["result"]?["serverInfo"]?["name"] == "textsvcd")
    }

    @Test func requestsBeforeInitializeAndUnknownMethodsAreErrors() {
        let client = TestClient()
        #expect(client.request("textDocument/completion")["error"]?["code"] == -32002)
        _ = client.initialize()
        #expect(client.request("initialize")["error"]?["code"] == -32600)
        #expect(client.request("textDocument/noSuchThing")["error"]?["code"] == -32601)
    }

    @Test func diagnosticsAreAtTheRightPositionsInEveryEncoding() {
        let text = "Hello wrold\n😀 teh end 😀\r\nlast line wrold"
        for (encoding, expected) in [("utf-16", [6, 3, 10]), ("utf-8", [6, 5, 10]), ("utf-32", [6, 2, 10])] {
            let client = TestClient()
            _ = client.initialize(["capabilities": ["general": ["positionEncodings": [.string(encoding)]]]])
            client.open("file:///tmp/a.txt", text)
            let diagnostics = client.diagnostics("file:///tmp/a.txt") ?? []
            #expect(words(diagnostics) == ["wrold", "teh", "wrold"], "\(encoding)")
            #expect(diagnostics.map { $0["range"]?["start"]?["character"]?.intValue ?? -1 } == expected, "\(encoding)")
            #expect(diagnostics.map { $0["range"]?["start"]?["line"]?.intValue ?? -1 } == [0, 1, 2])
            let second = diagnostics.dropFirst().first
            let length = (second?["range"]?["end"]?["character"]?.intValue ?? 0) - (second?["range"]?["start"]?["character"]?.intValue ?? 0)
            #expect(length == 3)
            #expect(diagnostics.first?["source"] == "textsvcd")
            #expect(diagnostics.first?["data"]?["language"] == "en_US")
            #expect(diagnostics.first?["message"]?.stringValue?.contains("wrold") == true)
        }
    }

    @Test func incrementalChangesAreAppliedAndCheckedAfterTheDebounce() throws {
        let client = TestClient(debounce: 1_000)
        _ = client.initialize()
        let uri = "file:///tmp/b.txt"
        client.open(uri, "The 😀 wrold is big.\nSecond lnie.")
        #expect(words(client.diagnostics(uri)) == ["wrold", "lnie"])
        let before = client.messages.count
        // Replace "wrold" (UTF-16 characters 7..12 on line 0) and insert a new misspelling on line 1.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [
                ["range": range(0, 7, 0, 12), "text": "world"],
                ["range": range(1, 7, 1, 11), "text": "line and speling"],
            ],
        ])
        // Nothing is published at once: the check waits for the debounce delay.
        #expect(client.messages.count == before)
        let after = client.diagnostics(uri, since: before, timeout: 30)
        #expect(words(after) == ["speling"])
        let published = client.messages.last { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(published?["params"]?["version"] == 2)
        #expect(after?.first?["range"] == range(1, 16, 1, 23))
        // A whole-text change replaces everything.
        let count = client.messages.count
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 3],
                                                 "contentChanges": [["text": "Clean text now."]]])
        #expect(client.diagnostics(uri, since: count, timeout: 30)?.isEmpty == true)
    }

    @Test func savingChecksAtOnceAndClosingClearsDiagnostics() {
        let client = TestClient(debounce: 5_000)
        _ = client.initialize()
        let uri = "file:///tmp/c.txt"
        client.open(uri, "fine")
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2],
                                                 "contentChanges": [["text": "fine wrold"]]])
        let count = client.messages.count
        client.notify("textDocument/didSave", ["textDocument": ["uri": .string(uri)]])
        #expect(words(client.diagnostics(uri, since: count)) == ["wrold"])
        let closed = client.messages.count
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        #expect(client.diagnostics(uri, since: closed)?.isEmpty == true)
    }

    @Test func codeActionsOfferGuessesLearningAndIgnoring() throws {
        let client = TestClient(isolated: true)
        _ = client.initialize()
        let uri = "file:///tmp/d.txt"
        client.open(uri, "Hello wrold and wrold again")
        let response = client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": range(0, 8, 0, 8), "context": ["diagnostics": []],
        ])
        let actions = response["result"]?.arrayValue ?? []
        let first = try #require(actions.first)
        #expect(first["title"]?.stringValue?.contains("world") == true)
        #expect(first["kind"] == "quickfix")
        #expect(first["isPreferred"] == true)
        #expect(first["edit"]?["changes"]?[uri]?.arrayValue?.first == ["range": range(0, 6, 0, 11), "newText": "world"])
        #expect(first["diagnostics"]?.arrayValue?.first?["data"]?["word"] == "wrold")
        let learn = try #require(actions.first { $0["command"]?["command"] == "textsvcd.addToDictionary" })
        let ignore = try #require(actions.first { $0["command"]?["command"] == "textsvcd.ignoreInDocument" })
        // Ignoring in this document removes both occurrences, here only.
        let before = client.messages.count
        let executed = client.request("workspace/executeCommand", ["command": ignore["command"]!["command"]!,
                                                                   "arguments": ignore["command"]!["arguments"]!])
        #expect(executed["error"] == nil)
        #expect(client.diagnostics(uri, since: before)?.isEmpty == true)
        client.open("file:///tmp/other.txt", "wrold")
        #expect(words(client.diagnostics("file:///tmp/other.txt")) == ["wrold"])
        // Learning makes it correct everywhere and saves it.
        let learned = client.messages.count
        _ = client.request("workspace/executeCommand", ["command": learn["command"]!["command"]!,
                                                        "arguments": learn["command"]!["arguments"]!])
        #expect(client.diagnostics("file:///tmp/other.txt", since: learned)?.isEmpty == true)
        let saved = try String(contentsOfFile: client.dataHome + "/personal/en_US.dic", encoding: .utf8)
        #expect(saved.contains("wrold"))
        // `only` without quickfix asks for nothing we offer.
        let refactor = client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": range(0, 8, 0, 8), "context": ["diagnostics": [], "only": ["refactor"]],
        ])
        #expect(refactor["result"] == [])
    }

    @Test func sourceCodeIsCheckedOnlyInCommentsAndStrings() {
        let client = TestClient()
        _ = client.initialize()
        let uri = "file:///tmp/e.swift"
        let source = """
        // Computes the wrold size; see getWroldSize and fetchUserName.
        func getWroldSize(usrName: String) -> Int {
            let message = "Helo \\(usrName)!\\n"
            return mesage.count
        }
        """
        client.open(uri, source, languageId: "swift")
        let diagnostics = client.diagnostics(uri) ?? []
        #expect(words(diagnostics) == ["wrold", "Wrold", "Helo"])
        // The camelCase part is reported at its own position.
        #expect(diagnostics[1]["range"] == range(0, 35, 0, 40))
        let python = "file:///tmp/f.py"
        client.open(python, "# a coment\nx = f'{valeu} is wrogn'  # trailng\nwrongIdentifer = 1\n", languageId: "python")
        #expect(words(client.diagnostics(python)) == ["coment", "wrogn", "trailng"])
    }

    @Test func codeConventionsAreNotMisspellings() {
        let client = TestClient()
        _ = client.initialize()
        let uri = "file:///tmp/conv.py"
        let source = """
        # Parse the JSON config via vim.lsp.buf and CLOUDSDK_ROOT_DIR; see getUsrNum().
        # TODO(jdoe): pass -fwrapv --no-daemon to the compilr.
        def f():
            \"\"\"Returns nothing.

            >>> f(wrold)
            \"\"\"
        """
        client.open(uri, source, languageId: "python")
        // Acronyms, programming words, short parts of dotted names and identifiers, constants, options,
        // doctest lines and TODO owners pass; a real misspelling in the same comment does not.
        #expect(words(client.diagnostics(uri)) == ["compilr"])
        // Words in capitals are constants in code; in technical prose, short ones (and their plurals) are acronyms.
        client.open("file:///tmp/caps.c", "/* EACCESS or REMAINDERNEAR, see CVEs; a misspeled word. */\n", languageId: "c")
        #expect(words(client.diagnostics("file:///tmp/caps.c")) == ["misspeled"])
        client.open("file:///tmp/caps.md", "Set CORS for XBPS and the CVEs, not REMAINDERNEAR.\n", languageId: "markdown")
        #expect(words(client.diagnostics("file:///tmp/caps.md")) == ["REMAINDERNEAR"])
        client.open("file:///tmp/caps2.md", "Push with LUA_GCSTOP, not LUA_GCSTOPP_NOW.\n", languageId: "markdown")
        #expect(words(client.diagnostics("file:///tmp/caps2.md")).isEmpty)
        client.open("file:///tmp/caps.txt", "Set CORS for XBPS.\n", languageId: "plaintext")
        #expect(words(client.diagnostics("file:///tmp/caps.txt")) == ["CORS", "XBPS"])
    }

    @Test func wordsOfSoftwareLearnedFromDebiansDocumentsPassInCodeButNotInPlainText() {
        let client = TestClient()
        _ = client.initialize()
        let comment = "# The hardcoded netmask of the loopback subnet, with bugfixes and autodetection; a misspeled word.\n"
        client.open("file:///tmp/net.py", comment, languageId: "python")
        #expect(words(client.diagnostics("file:///tmp/net.py")) == ["misspeled"])
        client.open("file:///tmp/net.txt", comment, languageId: "plaintext")
        #expect(words(client.diagnostics("file:///tmp/net.txt")).contains("netmask"))
    }

    @Test func markdownAndCommitMessagesSkipTheirCode() {
        let client = TestClient()
        _ = client.initialize()
        client.open("file:///tmp/g.md", "# Titel\n\nText with `cde` and [lnk](http://exmaple.com).\n\n```\nnot chekced\n```\n",
                    languageId: "markdown")
        #expect(words(client.diagnostics("file:///tmp/g.md")) == ["Titel", "lnk"])
        client.open("file:///repo/.git/COMMIT_EDITMSG", "Fix the speling\n\n# Plese enter the message\n", languageId: "gitcommit")
        #expect(words(client.diagnostics("file:///repo/.git/COMMIT_EDITMSG")) == ["speling"])
    }

    @Test func completionOffersWordsForThePrefixUnderTheCursor() throws {
        let client = TestClient()
        _ = client.initialize()
        let uri = "file:///tmp/h.txt"
        client.open(uri, "Some 😀 tex")
        let response = client.request("textDocument/completion", ["textDocument": ["uri": .string(uri)],
                                                                  "position": ["line": 0, "character": 11]])
        let items = response["result"]?["items"]?.arrayValue ?? []
        let labels = items.compactMap { $0["label"]?.stringValue }
        #expect(labels.contains("text"))
        #expect(labels.allSatisfy { $0.lowercased().hasPrefix("tex") })
        #expect(items.first?["textEdit"]?["range"] == range(0, 8, 0, 11))
        // In code, only inside comments and strings.
        client.open("file:///tmp/i.swift", "let tex = 1 // tex", languageId: "swift")
        let code = client.request("textDocument/completion", ["textDocument": ["uri": "file:///tmp/i.swift"],
                                                              "position": ["line": 0, "character": 7]])
        #expect(code["result"]?["items"] == [])
        let comment = client.request("textDocument/completion", ["textDocument": ["uri": "file:///tmp/i.swift"],
                                                                 "position": ["line": 0, "character": 18]])
        #expect((comment["result"]?["items"]?.arrayValue ?? []).isEmpty == false)
    }

    @Test func settingsComeFromInitializationOptionsAndConfigurationChanges() {
        let client = TestClient()
        _ = client.initialize(["capabilities": [:], "initializationOptions": [
            "words": ["wrold"], "ignorePatterns": ["TICKET-\\d+", "[unclosed"], "languages": ["en_US", "xx_NOPE"],
        ]])
        let warnings = client.messages.filter { $0["method"] == "window/showMessage" }.compactMap { $0["params"]?["message"]?.stringValue }
        #expect(warnings.contains { $0.contains("[unclosed") })
        #expect(warnings.contains { $0.lowercased().contains("xx") }, "\(warnings)")
        let uri = "file:///tmp/j.txt"
        client.open(uri, "Wrold wrold TICKET-12 zorp teh")
        #expect(words(client.diagnostics(uri)) == ["zorp", "teh"])
        let before = client.messages.count
        client.notify("workspace/didChangeConfiguration", ["settings": ["textsvcd": ["words": ["zorp"], "severity": "warning"]]])
        let after = client.diagnostics(uri, since: before) ?? []
        #expect(words(after) == ["Wrold", "wrold", "teh"])
        #expect(after.first?["severity"] == 2)
    }

    @Test func configurationIsPulledFromClientsThatOfferIt() {
        let client = TestClient()
        _ = client.initialize(["capabilities": ["workspace": ["configuration": true]]])
        let pull = client.messages.last { $0["method"] == "workspace/configuration" }
        #expect(pull?["params"]?["items"]?.arrayValue?.first?["section"] == "textsvcd")
        client.open("file:///tmp/k.txt", "zorp")
        #expect(words(client.diagnostics("file:///tmp/k.txt")) == ["zorp"])
        let before = client.messages.count
        client.server.receive(["jsonrpc": "2.0", "id": pull!["id"]!, "result": [["words": ["zorp"]]]])
        #expect(client.diagnostics("file:///tmp/k.txt", since: before)?.isEmpty == true)
    }

    @Test func shutdownThenExitGivesZeroAndExitAloneGivesOne() {
        let client = TestClient()
        _ = client.initialize()
        #expect(client.request("shutdown")["result"] == .null)
        #expect(client.request("textDocument/completion")["error"]?["code"] == -32600)
        #expect(client.server.exitCode == nil)
        client.notify("exit")
        #expect(client.server.exitCode == 0)
        let abrupt = TestClient()
        _ = abrupt.initialize()
        abrupt.notify("exit")
        #expect(abrupt.server.exitCode == 1)
        let ended = TestClient()
        #expect(ended.server.inputEnded() == 1)
    }

    @Test func malformedMessagesGetErrorsAndNeverStopTheServer() {
        let client = TestClient()
        _ = client.initialize()
        client.server.receive(.array([1, 2]))
        #expect(client.messages.last?["error"]?["code"] == -32600)
        client.server.receive(["jsonrpc": "2.0", "id": ["bad"], "method": "x"])
        #expect(client.messages.last?["id"] == .null)
        #expect(client.request("textDocument/codeAction", ["textDocument": 5])["error"]?["code"] == -32602)
        #expect(client.request("textDocument/completion", ["textDocument": ["uri": "file:///none"], "position": "x"])["error"]?["code"] == -32602)
        client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///nowhere"], "contentChanges": 7])
        client.notify("textDocument/didOpen", ["textDocument": ["uri": 3]])
        let uri = "file:///tmp/l.txt"
        client.open(uri, "abc")
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2],
                                                 "contentChanges": [["range": range(99, 99, 0, 0), "text": "wrold "]]])
        // A range past the end is clamped, as LSP asks, and a reversed range is put in order.
        #expect(words(client.diagnostics(uri, since: client.messages.count - 1)) == ["wrold"])
        #expect(client.request("workspace/executeCommand", ["command": "nope"])["error"]?["code"] == -32602)
        #expect(client.request("shutdown")["result"] == .null)
    }

    @Test func documentPositionsConvertBothWaysAndClampLikeLSP() {
        let document = LSPDocument(uri: "file:///x", languageId: "plaintext", version: 1, text: "a😀b\r\nsecond\rthird")
        #expect(document.lineCount == 3)
        #expect(document.offset(of: LSPPosition(line: 0, character: 3), encoding: .utf16) == UTF8Offset(5))
        #expect(document.offset(of: LSPPosition(line: 0, character: 2), encoding: .utf16) == UTF8Offset(1))
        #expect(document.offset(of: LSPPosition(line: 0, character: 99), encoding: .utf16) == UTF8Offset(6))
        #expect(document.offset(of: LSPPosition(line: 2, character: 0), encoding: .utf8) == UTF8Offset(15))
        #expect(document.offset(of: LSPPosition(line: 9, character: 0), encoding: .utf8) == UTF8Offset(20))
        #expect(document.position(of: UTF8Offset(5), encoding: .utf16) == LSPPosition(line: 0, character: 3))
        #expect(document.position(of: UTF8Offset(5), encoding: .utf32) == LSPPosition(line: 0, character: 2))
        #expect(document.position(of: UTF8Offset(16), encoding: .utf8) == LSPPosition(line: 2, character: 1))
        #expect(LSPDocument.path(ofURI: "file:///home/me/My%20Notes.md") == "/home/me/My Notes.md")
    }
}

@Test func randomIncrementalEditsKeepTheDocumentInStepWithTheClient() throws {
    // The client's view: a String edited at UTF-16 offsets; the server's: LSPDocument.apply with LSP positions.
    let pieces = ["a", "é", "😀", "\n", " ", "wrold", "日本", "\u{0301}", "ok\n", ""]
    var generator = SystemRandomNumberGenerator()
    for encoding in PositionEncoding.allCases {
        var client = "start 😀 text\nsecond line\n"
        var document = LSPDocument(uri: "file:///r", languageId: "plaintext", version: 1, text: client)
        for _ in 0..<300 {
            // Pick two scalar boundaries in the client's text.
            let scalars = Array(client.unicodeScalars)
            let a = Int.random(in: 0...scalars.count, using: &generator)
            let b = min(scalars.count, a + Int.random(in: 0...4, using: &generator))
            func position(_ scalarIndex: Int) -> LSPPosition {
                let before = String(String.UnicodeScalarView(scalars[..<scalarIndex]))
                let line = before.filter { $0 == "\n" }.count
                let lineText = before.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
                let character: Int
                switch encoding {
                case .utf8: character = lineText.utf8.count
                case .utf16: character = lineText.utf16.count
                case .utf32: character = lineText.unicodeScalars.count
                }
                return LSPPosition(line: line, character: character)
            }
            let insert = (0..<Int.random(in: 0...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let change = TextDocumentContentChangeEvent(range: LSPRange(start: position(a), end: position(b)), text: insert)
            document.apply(change, encoding: encoding)
            var view = String.UnicodeScalarView(scalars[..<a])
            view.append(contentsOf: insert.unicodeScalars)
            view.append(contentsOf: scalars[b...])
            client = String(view)
            #expect(document.text.string(document.text.fullRange) == client)
        }
    }
}
