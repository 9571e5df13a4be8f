import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import LanguageServer
@testable import TextServicesTestSupport

/// The bytes of one message as the transport writes it.
private func wire(_ message: JSONValue?) -> String {
    String(decoding: JSONRPCMessage.encode(message ?? .null), as: UTF8.self)
}

private func range(_ line: Int, _ start: Int, _ end: Int) -> JSONValue {
    ["start": ["line": .int(line), "character": .int(start)], "end": ["line": .int(line), "character": .int(end)]]
}

/// What the server writes, byte for byte: field names, their order and the fields left out.
///
/// The expectations were taken from the server's output before its results
/// became typed (`LanguageServer/Protocol/`), so they pin that the typed
/// results and `JSONValueEncoder` write what editors already read.
@Suite struct WireFormatTests {
    private let scratch = TemporaryFolder("wire-format")

    private let version = TextServicesVersion.version

    @Test func aSessionWritesTheSameBytesAsBeforeTheTypedResults() {
        let client = TestClient()
        let initialize = client.initialize(["capabilities": [:], "initializationOptions": ["maxSuggestions": 2, "maxCompletions": 3]])
        #expect(wire(initialize) == #"{"jsonrpc":"2.0","id":1,"result":{"capabilities":{"positionEncoding":"utf-16","textDocumentSync":{"openClose":true,"change":2,"save":{"includeText":false}},"codeActionProvider":{"codeActionKinds":["quickfix"],"resolveProvider":false},"diagnosticProvider":{"interFileDependencies":false,"workspaceDiagnostics":false},"completionProvider":{"resolveProvider":false,"triggerCharacters":[]},"executeCommandProvider":{"commands":["textsvcd.addToDictionary","textsvcd.ignoreInDocument","textsvcd.addToProjectDictionary"]},"workspace":{"workspaceFolders":{"supported":true,"changeNotifications":true}}},"serverInfo":{"name":"textsvcd","version":"\#(version)"}}}"#)
        client.open("file:///w.txt", "Teh cat sat on the mat.\nwor")
        #expect(wire(client.messages.last) == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///w.txt","version":1,"diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":3}},"severity":3,"source":"textsvcd","code":"misspelling","message":"Unknown word “Teh” (en_US)","data":{"word":"Teh","language":"en_US"}},{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":3}},"severity":3,"source":"textsvcd","code":"misspelling","message":"Unknown word “wor” (en_US)","data":{"word":"wor","language":"en_US"}}]}}"#)
        let actions = client.request("textDocument/codeAction", ["textDocument": ["uri": "file:///w.txt"], "range": range(0, 1, 1),
                                                                 "context": ["diagnostics": []]])
        #expect(wire(actions) == #"{"jsonrpc":"2.0","id":2,"result":[{"title":"Change to “The”","kind":"quickfix","diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":3}},"severity":3,"source":"textsvcd","code":"misspelling","message":"Unknown word “Teh” (en_US)","data":{"word":"Teh","language":"en_US"}}],"isPreferred":false,"edit":{"changes":{"file:///w.txt":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":3}},"newText":"The"}]}}},{"title":"Change to “Tech”","kind":"quickfix","diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":3}},"severity":3,"source":"textsvcd","code":"misspelling","message":"Unknown word “Teh” (en_US)","data":{"word":"Teh","language":"en_US"}}],"isPreferred":false,"edit":{"changes":{"file:///w.txt":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":3}},"newText":"Tech"}]}}},{"title":"Add “Teh” to the dictionary","kind":"quickfix","diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":3}},"severity":3,"source":"textsvcd","code":"misspelling","message":"Unknown word “Teh” (en_US)","data":{"word":"Teh","language":"en_US"}}],"command":{"title":"Add “Teh” to the dictionary","command":"textsvcd.addToDictionary","arguments":["Teh","en_US"]}},{"title":"Ignore “Teh” in this document","kind":"quickfix","diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":3}},"severity":3,"source":"textsvcd","code":"misspelling","message":"Unknown word “Teh” (en_US)","data":{"word":"Teh","language":"en_US"}}],"command":{"title":"Ignore “Teh” in this document","command":"textsvcd.ignoreInDocument","arguments":["file:///w.txt","Teh"]}}]}"#)
        let completion = client.request("textDocument/completion", ["textDocument": ["uri": "file:///w.txt"],
                                                                    "position": ["line": 1, "character": 3]])
        #expect(wire(completion) == #"{"jsonrpc":"2.0","id":3,"result":{"isIncomplete":true,"items":[{"label":"work","kind":1,"detail":"textsvcd","sortText":"0000","filterText":"work","textEdit":{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":3}},"newText":"work"}},{"label":"world","kind":1,"detail":"textsvcd","sortText":"0001","filterText":"world","textEdit":{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":3}},"newText":"world"}},{"label":"working","kind":1,"detail":"textsvcd","sortText":"0002","filterText":"working","textEdit":{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":3}},"newText":"working"}}]}}"#)
        let none = client.request("textDocument/completion", ["textDocument": ["uri": "file:///w.txt"], "position": ["line": 0, "character": 4]])
        #expect(wire(none) == #"{"jsonrpc":"2.0","id":4,"result":{"isIncomplete":false,"items":[]}}"#)
        #expect(wire(client.request("textDocument/diagnostic", ["textDocument": ["uri": "file:///w.txt"]])) == #"{"jsonrpc":"2.0","id":5,"result":{"kind":"full","items":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":3}},"severity":3,"source":"textsvcd","code":"misspelling","message":"Unknown word “Teh” (en_US)","data":{"word":"Teh","language":"en_US"}},{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":3}},"severity":3,"source":"textsvcd","code":"misspelling","message":"Unknown word “wor” (en_US)","data":{"word":"wor","language":"en_US"}}]}}"#)
        #expect(wire(client.request("textDocument/diagnostic", ["textDocument": ["uri": "file:///none.txt"]])) == #"{"jsonrpc":"2.0","id":6,"result":{"kind":"full","items":[]}}"#)
        client.notify("textDocument/didClose", ["textDocument": ["uri": "file:///w.txt"]])
        #expect(wire(client.messages.last) == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///w.txt","diagnostics":[]}}"#)
        client.notify("textDocument/didOpen", ["textDocument": ["uri": 4]])
        #expect(wire(client.messages.last) == #"{"jsonrpc":"2.0","method":"window/logMessage","params":{"type":2,"message":"textsvcd: ignored a malformed 'textDocument/didOpen' notification: Invalid params: 'textDocument.uri' must be a string, not number"}}"#)
        client.notify("workspace/didChangeConfiguration", ["settings": ["maxSuggestions": 99]])
        #expect(wire(client.messages.last) == #"{"jsonrpc":"2.0","method":"window/showMessage","params":{"type":2,"message":"textsvcd: 'maxSuggestions' must be an integer from 0 to 50"}}"#)
        #expect(wire(client.request("shutdown")) == #"{"jsonrpc":"2.0","id":7,"result":null}"#)
    }

    @Test func theLegacyOffsetEncodingAnswerAndTheServersOwnRequestsKeepTheirBytes() {
        let legacy = TestClient()
        #expect(wire(legacy.initialize(["capabilities": ["offsetEncoding": ["utf-8"]]])) == #"{"jsonrpc":"2.0","id":1,"result":{"capabilities":{"positionEncoding":"utf-8","textDocumentSync":{"openClose":true,"change":2,"save":{"includeText":false}},"codeActionProvider":{"codeActionKinds":["quickfix"],"resolveProvider":false},"diagnosticProvider":{"interFileDependencies":false,"workspaceDiagnostics":false},"completionProvider":{"resolveProvider":false,"triggerCharacters":[]},"executeCommandProvider":{"commands":["textsvcd.addToDictionary","textsvcd.ignoreInDocument","textsvcd.addToProjectDictionary"]},"workspace":{"workspaceFolders":{"supported":true,"changeNotifications":true}}},"serverInfo":{"name":"textsvcd","version":"\#(version)"},"offsetEncoding":"utf-8"}}"#)
        let pulling = TestClient()
        _ = pulling.request("initialize", ["capabilities": ["workspace": ["configuration": true,
                                                                         "didChangeWatchedFiles": ["dynamicRegistration": true]]]])
        pulling.notify("initialized")
        let requests = pulling.messages.dropFirst().map { wire($0) }
        #expect(requests == [
            #"{"jsonrpc":"2.0","id":"textsvcd-1","method":"workspace/configuration","params":{"items":[{"section":"textsvcd"}]}}"#,
            #"{"jsonrpc":"2.0","id":"textsvcd-2","method":"client/registerCapability","params":{"registrations":[{"id":"textsvcd-project-words","method":"workspace/didChangeWatchedFiles","registerOptions":{"watchers":[{"globPattern":"**/.textsvcd/words.txt"},{"globPattern":"**/.textsvcd/config.toml"}]}}]}}"#,
        ])
    }

    @Test func aUnionsDiagnosticsNameEveryLanguageInData() {
        let union = TestClient()
        _ = union.initialize(["capabilities": [:], "initializationOptions": ["languages": ["en_US", "xx_LATIN1"]]])
        union.open("file:///u.txt", "Teh Hund")
        #expect(wire(union.messages.last) == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///u.txt","version":1,"diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":3}},"severity":3,"source":"textsvcd","code":"misspelling","message":"Unknown word “Teh” (en_US, xx_LATIN1)","data":{"word":"Teh","language":"en_US","languages":["en_US","xx_LATIN1"]}},{"range":{"start":{"line":0,"character":4},"end":{"line":0,"character":8}},"severity":3,"source":"textsvcd","code":"misspelling","message":"Unknown word “Hund” (en_US, xx_LATIN1)","data":{"word":"Hund","language":"en_US","languages":["en_US","xx_LATIN1"]}}]}}"#)
    }

    @Test func projectQuickFixesKeepTheirBytes() throws {
        let root = scratch.folder("lsp-wire")
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        let client = TestClient(projectPoll: 0)
        _ = client.initialize(["capabilities": [:], "initializationOptions": ["maxSuggestions": 1]])
        client.open("file://\(root)/p.txt", "wrold")
        let actions = client.request("textDocument/codeAction", ["textDocument": ["uri": .string("file://\(root)/p.txt")],
                                                                 "range": range(0, 0, 0)])
        #expect(wire(actions) == #"{"jsonrpc":"2.0","id":2,"result":[{"title":"Change to “world”","kind":"quickfix","diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":5}},"severity":3,"source":"textsvcd","code":"misspelling","message":"Unknown word “wrold” (en_US)","data":{"word":"wrold","language":"en_US"}}],"isPreferred":true,"edit":{"changes":{"file://\#(root)/p.txt":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":5}},"newText":"world"}]}}},{"title":"Add “wrold” to the dictionary","kind":"quickfix","diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":5}},"severity":3,"source":"textsvcd","code":"misspelling","message":"Unknown word “wrold” (en_US)","data":{"word":"wrold","language":"en_US"}}],"command":{"title":"Add “wrold” to the dictionary","command":"textsvcd.addToDictionary","arguments":["wrold","en_US"]}},{"title":"Add “wrold” to the project dictionary","kind":"quickfix","diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":5}},"severity":3,"source":"textsvcd","code":"misspelling","message":"Unknown word “wrold” (en_US)","data":{"word":"wrold","language":"en_US"}}],"command":{"title":"Add “wrold” to the project dictionary","command":"textsvcd.addToProjectDictionary","arguments":["wrold","file://\#(root)/p.txt"]}},{"title":"Ignore “wrold” in this document","kind":"quickfix","diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":5}},"severity":3,"source":"textsvcd","code":"misspelling","message":"Unknown word “wrold” (en_US)","data":{"word":"wrold","language":"en_US"}}],"command":{"title":"Ignore “wrold” in this document","command":"textsvcd.ignoreInDocument","arguments":["file://\#(root)/p.txt","wrold"]}}]}"#)
    }

    @Test func alsoInComesLastInADiagnosticsData() {
        // As the server wrote it: word, language, then languages and alsoIn when there are any.
        let data = MisspellingData(word: "nicht", language: "en_US", alsoIn: ["de_DE"])
        #expect(wire(JSONValueEncoder().encode(data)) == #"{"word":"nicht","language":"en_US","alsoIn":["de_DE"]}"#)
        let both = MisspellingData(word: "x", language: "en_US", languages: ["en_US", "de_DE"], alsoIn: ["fr_FR"])
        #expect(wire(JSONValueEncoder().encode(both)) == #"{"word":"x","language":"en_US","languages":["en_US","de_DE"],"alsoIn":["fr_FR"]}"#)
    }

    @Test func everyTypedResultReadsBackFromItsOwnBytes() throws {
        func roundTrip<T: Codable>(_ type: T.Type, _ value: JSONValue?) throws -> Bool {
            let value = try #require(value)
            return wire(JSONValueEncoder().encode(try JSONValueDecoder().decode(type, from: value))) == wire(value)
        }
        let client = TestClient()
        #expect(try roundTrip(InitializeResult.self, client.initialize()["result"]))
        client.open("file:///r.txt", "Teh wrold")
        #expect(try roundTrip(PublishDiagnosticsParams.self, client.messages.last?["params"]))
        let actions = client.request("textDocument/codeAction", ["textDocument": ["uri": "file:///r.txt"], "range": range(0, 0, 9)])
        #expect(try roundTrip([CodeAction].self, actions["result"]))
        let completion = client.request("textDocument/completion", ["textDocument": ["uri": "file:///r.txt"],
                                                                    "position": ["line": 0, "character": 6]])
        #expect(try roundTrip(CompletionList.self, completion["result"]))
        let report = client.request("textDocument/diagnostic", ["textDocument": ["uri": "file:///r.txt"]])
        #expect(try roundTrip(FullDocumentDiagnosticReport.self, report["result"]))
        client.notify("$/cancelRequest", ["id": []])
        #expect(try roundTrip(ShowMessageParams.self, client.messages.last?["params"]))
    }
}
