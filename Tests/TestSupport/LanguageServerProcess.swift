import Foundation
import Testing
@testable import TextServicesProtocol

/// A real `textsvcd lsp` process driven over its standard input and output, as an editor drives it.
///
/// A reader thread collects every message the server sends; tests wait for
/// the ones they expect. Not for parallel use by several test threads.
final class LanguageServerProcess: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var received: [JSONValue] = []
    private var nextID = 1

    /// Starts `textsvcd lsp ARGUMENTS` in `environment` (a daemon harness's sandbox, say).
    init(_ arguments: [String] = [], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: TestSupport.binary)
        process.arguments = ["lsp"] + arguments
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        Thread.detachNewThread { [self] in
            var buffer: [UInt8] = []
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                buffer.append(contentsOf: data)
                while let message = Self.takeMessage(&buffer) {
                    lock.withLock { received.append(message) }
                }
            }
        }
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// One Content-Length framed message from the front of `buffer`, if a whole one is there.
    private static func takeMessage(_ buffer: inout [UInt8]) -> JSONValue? {
        let separator: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
        guard let end = (0...max(0, buffer.count - 4)).first(where: { buffer.count >= 4 && Array(buffer[$0..<$0 + 4]) == separator })
        else { return nil }
        let header = String(decoding: buffer[..<end], as: UTF8.self)
        guard let line = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
              let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)),
              buffer.count >= end + 4 + length else { return nil }
        let body = Array(buffer[(end + 4)..<(end + 4 + length)])
        buffer.removeFirst(end + 4 + length)
        return try? JSONParser.parse(body)
    }

    var messages: [JSONValue] { lock.withLock { received } }

    func send(_ message: JSONValue) {
        var body: [UInt8] = []
        message.write(to: &body)
        input.fileHandleForWriting.write(Data(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body))
    }

    func notify(_ method: String, _ params: JSONValue = [:]) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Sends a request and waits for its response.
    @discardableResult
    func request(_ method: String, _ params: JSONValue = [:], timeout: Double = 60) throws -> JSONValue {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        return try waitFor(timeout: timeout) { $0["id"] == .int(id) }
    }

    /// The first message after `since` that `matches`, waiting at most `timeout` seconds.
    func waitFor(since: Int = 0, timeout: Double = 60, _ matches: (JSONValue) -> Bool) throws -> JSONValue {
        let deadline = Date().addingTimeInterval(timeout * TestSupport.slowdown)
        while Date() < deadline {
            if let found = messages.dropFirst(since).first(where: matches) { return found }
            usleep(5_000)
        }
        throw TestFailure("textsvcd lsp sent no expected message within \(timeout) s")
    }

    /// Initializes the session.
    func initialize() throws {
        try request("initialize", ["capabilities": [:]])
        notify("initialized")
    }

    func open(_ uri: String, _ text: String, version: Int = 1, languageId: String = "plaintext") {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": .string(languageId),
                                                          "version": .int(version), "text": .string(text)]])
    }

    /// The words of the next diagnostics published for `uri` after `since` messages.
    func diagnosedWords(_ uri: String, since: Int = 0, timeout: Double = 60) throws -> [String] {
        let published = try waitFor(since: since, timeout: timeout) {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri)
        }
        return (published["params"]?["diagnostics"]?.arrayValue ?? []).compactMap { $0["data"]?["word"]?.stringValue }
    }

    /// Ends the session as an editor does and waits for the process; its exit status.
    @discardableResult
    func finish() throws -> Int32 {
        try request("shutdown")
        notify("exit")
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
