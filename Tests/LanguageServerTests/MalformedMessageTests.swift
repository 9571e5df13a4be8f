import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import LanguageServer
@testable import TextServicesTestSupport

/// A malformed message gets the reason: a request an error -32602 naming the field, a notification a log line.
@Suite struct MalformedMessageTests {
    private func logLines(_ client: TestClient) -> [String] {
        client.messages.filter { $0["method"] == "window/logMessage" }.compactMap { $0["params"]?["message"]?.stringValue }
    }

    @Test func aMalformedDidOpenIsLoggedWithTheReasonNotDroppedSilently() {
        let client = TestClient()
        _ = client.initialize()
        client.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///a.txt", "languageId": "plaintext",
                                                                 "version": 1, "text": 42]])
        let lines = logLines(client)
        #expect(lines.contains { $0.contains("'textDocument/didOpen'") && $0.contains("'textDocument.text' must be a string") },
                "\(lines)")
        #expect(client.messages.allSatisfy { $0["method"] != "textDocument/publishDiagnostics" })
        let warning = client.messages.first { $0["method"] == "window/logMessage" }?["params"]?["type"]
        #expect(warning == .int(MessageType.warning.rawValue))
    }

    @Test(arguments: [
        ("textDocument/didChange", ["textDocument": ["uri": "file:///a.txt"]] as JSONValue, "'contentChanges' is required"),
        ("textDocument/didClose", [:] as JSONValue, "'textDocument' is required"),
        ("textDocument/didSave", ["textDocument": ["uri": 7]] as JSONValue, "'textDocument.uri' must be a string"),
    ])
    func everyMalformedDocumentNotificationIsLogged(method: String, params: JSONValue, reason: String) {
        let client = TestClient()
        _ = client.initialize()
        client.open("file:///a.txt", "teh")
        client.notify(method, params)
        #expect(logLines(client).contains { $0.contains("'\(method)'") && $0.contains(reason) }, "\(logLines(client))")
    }

    @Test func wellFormedDocumentNotificationsLogNothing() {
        let client = TestClient()
        _ = client.initialize()
        client.open("file:///a.txt", "teh")
        client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///a.txt", "version": 2],
                                                 "contentChanges": [["text": "the"]]])
        client.notify("textDocument/didSave", ["textDocument": ["uri": "file:///a.txt"]])
        client.notify("textDocument/didClose", ["textDocument": ["uri": "file:///a.txt"]])
        #expect(logLines(client).isEmpty, "\(logLines(client))")
    }

    @Test func aMalformedInitializeGetsInvalidParamsNamingTheCapability() {
        let client = TestClient()
        let response = client.request("initialize", ["capabilities": ["general": ["positionEncodings": "utf-8"]]])
        #expect(response["error"]?["code"] == -32602)
        #expect(response["error"]?["data"]?["field"] == "capabilities.general.positionEncodings", "\(response)")
        // The server is still waiting for a good one.
        #expect(client.initialize()["result"]?["capabilities"]?["positionEncoding"] == "utf-16")
    }

    @Test func aMalformedRequestGetsInvalidParamsWithTheReason() {
        let client = TestClient()
        _ = client.initialize()
        let response = client.request("textDocument/codeAction", ["textDocument": 5, "range": [:]])
        #expect(response["error"]?["code"] == -32602)
        #expect(response["error"]?["message"]?.stringValue?.contains("'textDocument' must be an object") == true, "\(response)")
        let completion = client.request("textDocument/completion", ["textDocument": ["uri": "file:///a.txt"],
                                                                    "position": ["line": 0, "character": -1]])
        #expect(completion["error"]?["code"] == -32602)
        #expect(completion["error"]?["data"]?["field"] == "position", "\(completion)")
        let command = client.request("workspace/executeCommand", ["arguments": []])
        #expect(command["error"]?["message"]?.stringValue?.contains("'command' is required") == true, "\(command)")
    }

    @Test(arguments: [
        ("workspace/didChangeConfiguration", ["settings": 5] as JSONValue, "'settings' must be an object, not number"),
        ("workspace/didChangeWatchedFiles", [:] as JSONValue, "'changes' is required"),
        ("workspace/didChangeWatchedFiles", ["changes": [["uri": "file:///a/.textsvcd/words.txt", "type": 9]]] as JSONValue,
         "'changes[0].type'"),
        ("workspace/didChangeWorkspaceFolders", ["event": ["added": [["name": "a"]], "removed": []]] as JSONValue,
         "'event.added[0].uri' is required"),
        ("workspace/didChangeWorkspaceFolders", ["event": ["added": []]] as JSONValue, "'event.removed' is required"),
        ("textDocument/didChange", ["textDocument": ["uri": "file:///a.txt"],
                                    "contentChanges": [["range": ["start": ["line": 0], "end": ["line": 0, "character": 1]],
                                                        "text": "x"]]] as JSONValue,
         "'contentChanges[0].range.start.character' is required"),
        ("textDocument/didChange", ["textDocument": ["uri": "file:///a.txt"], "contentChanges": [["range": .null]]] as JSONValue,
         "'contentChanges[0].text' is required"),
        ("$/cancelRequest", ["id": true] as JSONValue, "'id' must be a number or a string"),
        ("$/cancelRequest", [:] as JSONValue, "'id' is required"),
        ("$/setTrace", ["value": "loud"] as JSONValue, "'value'"),
    ])
    func everyMalformedWorkspaceNotificationIsLoggedWithTheReason(method: String, params: JSONValue, reason: String) {
        let client = TestClient()
        _ = client.initialize()
        client.open("file:///a.txt", "teh")
        let before = client.diagnostics("file:///a.txt")
        client.notify(method, params)
        #expect(logLines(client).contains { $0.contains("ignored a malformed '\(method)'") && $0.contains(reason) }, "\(logLines(client))")
        // Nothing was acted on: the document is as it was.
        #expect(client.diagnostics("file:///a.txt")?.count == before?.count)
    }

    @Test func wellFormedWorkspaceNotificationsLogNothing() {
        let client = TestClient()
        _ = client.initialize()
        client.open("file:///a.txt", "teh")
        client.notify("workspace/didChangeConfiguration", ["settings": ["language": "auto"]])
        client.notify("workspace/didChangeConfiguration", ["settings": .null])
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": "file:///a/.textsvcd/words.txt", "type": 2]]])
        client.notify("workspace/didChangeWorkspaceFolders", ["event": ["added": [["uri": "file:///tmp", "name": "tmp"]], "removed": []]])
        client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///a.txt"],
                                                 "contentChanges": [["range": ["start": ["line": 0, "character": 0],
                                                                               "end": ["line": 0, "character": 3]],
                                                                     "rangeLength": 3, "text": "the"]]])
        client.notify("$/cancelRequest", ["id": 4])
        client.notify("$/cancelRequest", ["id": "textsvcd-9"])
        client.notify("$/setTrace", ["value": "verbose"])
        #expect(logLines(client).isEmpty, "\(logLines(client))")
        #expect(client.diagnostics("file:///a.txt")?.isEmpty == true)
    }

    @Test func aMalformedConfigurationAnswerIsLoggedAndANullOneChangesNothing() {
        let client = TestClient()
        _ = client.request("initialize", ["capabilities": ["workspace": ["configuration": true]]])
        client.notify("initialized")
        let asked = client.messages.filter { $0["method"] == "workspace/configuration" }.compactMap { $0["id"] }
        #expect(asked.count == 1)
        client.server.receive(["jsonrpc": "2.0", "id": asked[0], "result": [5]])
        #expect(logLines(client).contains { $0.contains("'workspace/configuration'") && $0.contains("'[0]' must be an object") },
                "\(logLines(client))")
        client.notify("workspace/didChangeConfiguration", ["settings": [:]])
        let again = client.messages.filter { $0["method"] == "workspace/configuration" }.compactMap { $0["id"] }
        #expect(again.count == 2)
        client.clear()
        client.server.receive(["jsonrpc": "2.0", "id": again[1], "result": [.null]])
        #expect(client.messages.isEmpty, "\(client.messages)")
    }

    @Test func settingsNameAutoOrDictionariesAndKeepEveryGoodKeyBesideABadOne() throws {
        let decoder = JSONValueDecoder()
        let auto = try decoder.decode(SettingsObject.self, from: ["language": "auto:en_US, de_DE"])
        #expect(auto.language == .auto(candidates: ["en_US", "de_DE"]))
        #expect(try decoder.decode(SettingsObject.self, from: ["textsvcd": ["languages": ["auto"]]]).languages == .auto(candidates: nil))
        #expect(try decoder.decode(SettingsObject.self, from: ["languages": "en_US,de_DE"]).languages == .dictionaries(["en_US", "de_DE"]))
        var settings = LSPSettings()
        let problems = settings.apply(["languages": 4, "language": "auto", "maxSuggestions": 99, "severity": "warn", "checkStrings": "no"])
        #expect(problems == ["'languages' must be a string or an array of strings", "'checkStrings' must be a boolean",
                             "'maxSuggestions' must be an integer from 0 to 50"])
        #expect(settings.languages == ["auto"] && settings.detectsLanguage)
        #expect(settings.severity == .warning && settings.maxSuggestions == 5 && settings.checkStrings)
        #expect(settings.apply(.array([])) == ["the settings must be an object, not array"])
    }

    @Test func completionResolveGivesTheItemBackAndRefusesOneWithoutALabel() {
        let client = TestClient()
        _ = client.initialize()
        let item: JSONValue = ["label": "world", "kind": 1, "detail": "textsvcd", "sortText": "0000", "filterText": "world",
                               "textEdit": ["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 3]],
                                            "newText": "world"]]
        #expect(client.request("completionItem/resolve", item)["result"] == item)
        let bad = client.request("completionItem/resolve", ["kind": 1])
        #expect(bad["error"]?["code"] == -32602)
        #expect(bad["error"]?["data"]?["field"] == "label", "\(bad)")
    }
}
