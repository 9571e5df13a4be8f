import Foundation
import Testing
@testable import LanguageServer
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Serves `input` (raw bytes, framing included) to a server on the shared services; the exit status and every message written.
private func serve(_ input: [UInt8], messageLimit: Int = LanguageServerStream.defaultMessageLimit) throws -> (status: Int32, messages: [JSONValue]) {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let folder = scratch.folder("lsp-stream")
    let inputPath = folder + "/in", outputPath = folder + "/out"
    try Data(input).write(to: URL(fileURLWithPath: inputPath))
    FileManager.default.createFile(atPath: outputPath, contents: nil)
    let inputHandle = try #require(FileHandle(forReadingAtPath: inputPath))
    let outputHandle = try #require(FileHandle(forWritingAtPath: outputPath))
    let output = FramedOutput(handle: outputHandle)
    let server = LanguageServer(client: LocalTextServices(services: TestSupport.sharedServices)) { output.write($0) }
    let status = LanguageServerStream(server: server, output: output, messageLimit: messageLimit).serve(input: inputHandle)
    try outputHandle.close()
    return (status, try frames(Array(try Data(contentsOf: URL(fileURLWithPath: outputPath)))))
}

/// The bodies of `Content-Length` frames, parsed; fails on bytes that are not whole frames.
private func frames(_ bytes: [UInt8]) throws -> [JSONValue] {
    var messages: [JSONValue] = []
    var rest = bytes[...]
    let separator = Array("\r\n\r\n".utf8)
    while !rest.isEmpty {
        let headerEnd = try #require(rest.indices.first { rest[$0...].starts(with: separator) })
        let header = String(decoding: rest[..<headerEnd], as: UTF8.self)
        let length = try #require(Int(header.replacingOccurrences(of: "Content-Length: ", with: "")))
        let bodyStart = headerEnd + separator.count
        messages.append(try JSONParser.parse(Array(rest[bodyStart..<(bodyStart + length)])))
        rest = rest[(bodyStart + length)...]
    }
    return messages
}

private func frame(_ body: String, header: String? = nil) -> [UInt8] {
    Array(((header ?? "Content-Length: \(body.utf8.count)\r\n") + "\r\n" + body).utf8)
}

private let initialize = frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
private let shutdown = frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
private let exit = frame(#"{"jsonrpc":"2.0","method":"exit"}"#)

private func response(_ messages: [JSONValue], id: Int) -> JSONValue? {
    messages.first { $0["id"] == .int(id) }
}

private func errorCodes(_ messages: [JSONValue]) -> [Int?] {
    messages.filter { $0["id"] == .null }.map { $0["error"]?["code"]?.intValue }
}

@Test func exitAfterShutdownEndsTheStreamWithStatusZero() throws {
    let (status, messages) = try serve(initialize + shutdown + exit + initialize)
    #expect(status == 0)
    #expect(response(messages, id: 1)?["result"]?["capabilities"] != nil)
    #expect(response(messages, id: 2)?["result"] == .null)
    #expect(messages.filter { $0["id"] == .int(1) }.count == 1, "nothing after exit is read")
}

@Test func theEndOfInputWithoutShutdownEndsWithStatusOne() throws {
    #expect(try serve(initialize).status == 1)
    #expect(try serve(initialize + shutdown).status == 0)
    #expect(try serve([]).status == 1)
}

@Test func aHeaderWithoutContentLengthGetsAParseErrorAndTheNextMessageIsServed() throws {
    let (status, messages) = try serve(Array("Content-Type: application/json\r\n\r\n".utf8) + initialize + shutdown + exit)
    #expect(status == 0)
    #expect(errorCodes(messages) == [-32700])
    #expect(response(messages, id: 1)?["result"] != nil)
}

@Test func aBodyThatIsNotJSONGetsAParseErrorAndTheStreamGoesOn() throws {
    let (status, messages) = try serve(frame("{not json") + initialize + shutdown + exit)
    #expect(status == 0)
    #expect(errorCodes(messages) == [-32700])
    #expect(response(messages, id: 1)?["result"] != nil)
}

@Test func aMessageOverTheLimitIsReadAndRefusedWithoutLosingTheNextOne() throws {
    let big = frame(#"{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"padding":"\#(String(repeating: "x", count: 500))"}}"#)
    let (status, messages) = try serve(big + initialize + shutdown + exit, messageLimit: 200)
    #expect(status == 0)
    #expect(errorCodes(messages) == [-32004])
    #expect(response(messages, id: 9) == nil)
    #expect(response(messages, id: 1)?["result"] != nil)
}

@Test func headersMayEndWithABareNewlineAndCarryOtherFields() throws {
    let body = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
    let loose = Array("content-length:\(body.utf8.count)\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n\(body)".utf8)
    let (status, messages) = try serve(loose + shutdown + exit)
    #expect(status == 0)
    #expect(response(messages, id: 1)?["result"] != nil)
}

@Test func aBodyCutShortByTheEndOfInputEndsTheStreamAsTheEndOfInput() throws {
    let cut = Array(frame(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#).dropLast(5))
    let (status, messages) = try serve(initialize + cut)
    #expect(status == 1)
    #expect(response(messages, id: 3) == nil)
}
