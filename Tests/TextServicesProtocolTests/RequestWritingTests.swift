import Testing
@testable import TextServices
@testable import TextServicesProtocol

/// A request that writes its own line (`JSONWritable`) sends the bytes the Codable path sends.
@Suite struct RequestWritingTests {
    /// The line the Codable path makes for a request: its params with `positionEncoding` added, then a newline.
    static func codableLine<Request: TextServicesRequest>(_ request: Request, id: Int, encoding: PositionEncoding) throws -> String {
        var params = try #require(JSONValueEncoder().encode(request).objectValue)
        if params["positionEncoding"] == nil { params["positionEncoding"] = .string(encoding.rawValue) }
        let line = JSONRPCMessage.encode(JSONRPCMessage.request(id: .int(id), method: Request.method, params: .object(params)))
        return String(decoding: line, as: UTF8.self) + "\n"
    }

    @Test func aSpellCheckRequestWritesTheCodableLineWithEveryMixOfFields() throws {
        var values = ResponseValues(seed: ResponseValues.seed("spell.check request"))
        for round in 0..<400 {
            var request = SpellCheckRequest(text: values.string() + (values.bool() ? "\n\t\"quoted\" \\ line\n" : ""),
                                            languages: values.maybe { $0.list { $0.string() } }, range: values.maybe { $0.range() },
                                            startingAt: values.maybe { $0.count() }, wrap: values.maybe { $0.bool() },
                                            limit: values.maybe { $0.count() }, documentId: values.maybe { $0.string() },
                                            guesses: values.maybe { GuessCount($0.int(0...9)) })
            request.language = values.maybe { $0.string() }
            request.candidates = values.maybe { $0.list { $0.string() } }
            if round % 5 == 0 {
                // A request over a buffer of this process writes the buffer's text as `text`, or the piece it names.
                let text = request.text + " from a buffer é"
                request.buffer = TextBuffer(text)
                request.text = ""
                if round % 10 == 0 { request.bufferPiece = 0..<text.utf8.count - 2 }
            }
            for encoding in [PositionEncoding.utf8, .utf16] {
                let written = RemoteTextServices.requestLine(id: round, method: SpellCheckRequest.method, params: request,
                                                             positionEncoding: encoding)
                #expect(String(decoding: written, as: UTF8.self) == (try Self.codableLine(request, id: round, encoding: encoding)))
            }
        }
    }
}
