import Foundation
import Synchronization
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import LanguageServer
@testable import TextServicesTestSupport

/// The `textsvcd lsp` command over real pipes: framing, bad input, exit codes.
@Suite struct LspCommandTests {
    private let scratch = TemporaryFolder("lsp-command")

    private static func frame(_ json: String) -> [UInt8] {
        Array("Content-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8)
    }

    private static func messages(_ output: [UInt8]) -> [JSONValue] {
        var result: [JSONValue] = []
        var rest = output[...]
        while let headerEnd = rest.firstRange(of: Array("\r\n\r\n".utf8)) {
            let header = String(decoding: rest[..<headerEnd.lowerBound], as: UTF8.self)
            guard let length = Int(header.replacingOccurrences(of: "Content-Length: ", with: "")) else { break }
            let body = rest[headerEnd.upperBound..<headerEnd.upperBound + length]
            if let value = try? JSONParser.parse(Array(body)) { result.append(value) }
            rest = rest[(headerEnd.upperBound + length)...]
        }
        return result
    }

    @Test func speaksContentLengthFramingSurvivesGarbageAndExitsCleanly() throws {
        var input: [UInt8] = []
        input += Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        input += Self.frame("{not json")
        input += Array("X-Nonsense: 1\r\n\r\n".utf8)
        input += Self.frame(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///t.txt","languageId":"plaintext","version":1,"text":"\ud83d\ude00 wrold"}}}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let root = scratch.folder("lsp-command")
        let output = try TestProcess.run(TestSupport.binary, ["lsp"], stdin: input, environment: TestSupport.isolatedEnvironment(root),
                                           timeout: 60)
        #expect(output.status == 0, "\(output.stderr)")
        let messages = Self.messages(output.stdoutBytes)
        #expect(messages.first?["result"]?["capabilities"] != nil)
        #expect(messages.filter { $0["error"]?["code"] == -32700 }.count == 2)
        let diagnostics = messages.first { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(diagnostics?["params"]?["diagnostics"]?.arrayValue?.first?["range"]?["start"]?["character"] == 3)
        #expect(messages.last?["id"] == 2)
    }

    @Test func wordsInAScriptTheLanguageIsNotWrittenInGetNoDiagnostic() throws {
        var input: [UInt8] = []
        input += Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///s.txt","languageId":"plaintext","version":1,"text":"Привет wrold"}}}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let root = scratch.folder("lsp-scripts")
        let output = try TestProcess.run(TestSupport.binary, ["lsp", "--lang", "en_US"], stdin: input,
                                         environment: TestSupport.isolatedEnvironment(root), timeout: 60)
        #expect(output.status == 0, "\(output.stderr)")
        let diagnostics = Self.messages(output.stdoutBytes).first { $0["method"] == "textDocument/publishDiagnostics" }
        let found = diagnostics?["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(found.count == 1)
        #expect(found.first?["range"]?["start"]?["character"] == 7)
    }

    @Test func endOfInputWithoutShutdownExitsOne() throws {
        let root = scratch.folder("lsp-eof")
        let input = Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
        let output = try TestProcess.run(TestSupport.binary, ["lsp"], stdin: input, environment: TestSupport.isolatedEnvironment(root),
                                           timeout: 60)
        #expect(output.status == 1)
    }
}
