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
}
