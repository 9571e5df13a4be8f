import Foundation
import TextServicesIO
import TextServicesProtocol

/// Serves a language server over a byte stream with the protocol's `Content-Length` framing.
///
/// Header lines end with `\r\n` (a bare `\n` is accepted) and the empty
/// line ends a header; only `Content-Length` is read, other headers are
/// skipped. A header without a valid `Content-Length` gets a parse error
/// (-32700) and the stream goes on with the next header; a body larger than
/// `messageLimit` bytes is read and dropped with an error (-32004); a body
/// that is not JSON gets a parse error. Nothing a client sends ends the
/// loop except `exit` or the end of input. Runs on the calling thread.
public struct LanguageServerStream {
    /// The largest message body read, in bytes (64 MiB).
    public static let defaultMessageLimit = 64 << 20

    private let server: LanguageServer
    private let output: FramedOutput
    private let messageLimit: Int

    /// A stream that hands each message to `server` and writes framing errors to `output`.
    public init(server: LanguageServer, output: FramedOutput, messageLimit: Int = Self.defaultMessageLimit) {
        self.server = server
        self.output = output
        self.messageLimit = messageLimit
    }

    /// Reads messages from `input` until `exit` or the end of input; returns the exit status the server asks for.
    public func serve(input: FileHandle) -> Int32 {
        var reader = LineReader(handle: input)
        while true {
            guard let header = Self.readHeader(&reader) else {
                return server.inputEnded()
            }
            guard let length = header.contentLength else {
                output.write(JSONRPCMessage.errorResponse(id: .null, error: .parseError("a message header without a valid Content-Length")))
                continue
            }
            guard length <= messageLimit else {
                _ = reader.read(count: length)
                output.write(JSONRPCMessage.errorResponse(id: .null, error: .tooLarge("message", limit: messageLimit)))
                continue
            }
            let body = reader.read(count: length)
            guard body.count == length else { return server.inputEnded() }
            do {
                server.receive(try JSONParser.parse(body))
            } catch {
                output.write(JSONRPCMessage.errorResponse(id: .null, error: .parseError(error.description)))
            }
            if let code = server.exitCode { return code }
        }
    }

    /// One message header: its `Content-Length` when it held a valid one.
    struct Header {
        var contentLength: Int?
    }

    /// Reads header lines up to the empty line that ends a header; nil at the end of input.
    static func readHeader(_ reader: inout LineReader) -> Header? {
        var header = Header()
        var sawHeaderLine = false
        while let raw = reader.nextLine() {
            var line = raw[...]
            if line.last == 0x0D { line.removeLast() }
            if line.isEmpty {
                if sawHeaderLine { return header }
                continue
            }
            sawHeaderLine = true
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else { continue }
            let name = text[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                header.contentLength = Int(value).flatMap { $0 >= 0 ? $0 : nil }
            }
        }
        return nil
    }
}
