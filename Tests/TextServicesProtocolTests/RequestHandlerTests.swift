import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

@Suite struct RequestHandlerTests {
    private let scratch = TemporaryFolder("request")

    let handler = TestSupport.sharedDispatcher

    func respond(_ line: String) -> JSONValue? {
        handler.handle(line: Array(line.utf8), session: ConnectionState()).flatMap { try? JSONParser.parse($0) }
    }

    @Test func malformedLinesGetErrorsWithANullId() {
        #expect(respond("{nope")?["error"]?["code"] == -32700)
        #expect(respond("{nope")?["id"] == .null)
        let badUTF8 = handler.handle(line: Array(#"{"jsonrpc":"2.0","id":1,"method":"stats","params":{"x":""#.utf8) + [0xFF, 0x22, 0x7D, 0x7D], session: ConnectionState())
        #expect(badUTF8.flatMap { try? JSONParser.parse($0) }?["error"]?["code"] == -32700)
        #expect(respond("[1,2]")?["error"]?["code"] == -32600)
    }

    @Test func requestsAreValidatedBeforeTheyRun() {
        #expect(respond(#"{"jsonrpc":"1.0","id":1,"method":"stats"}"#)?["error"]?["code"] == -32600)
        #expect(respond(#"{"jsonrpc":"2.0","id":1,"method":7}"#)?["error"]?["code"] == -32600)
        #expect(respond(#"{"jsonrpc":"2.0","id":1,"method":"stats","params":[1]}"#)?["error"]?["code"] == -32600)
        #expect(respond(#"{"jsonrpc":"2.0","id":{"a":1},"method":"stats"}"#)?["error"]?["code"] == -32600)
        #expect(respond(#"{"jsonrpc":"2.0","id":"x","method":"no.such"}"#)?["error"]?["code"] == -32601)
        #expect(respond(#"{"jsonrpc":"2.0","id":"x","method":"no.such"}"#)?["id"] == "x")
    }

    @Test func notificationsAndEmptyLinesGetNoResponse() {
        #expect(handler.handle(line: [], session: ConnectionState()) == nil)
        #expect(handler.handle(line: Array("  \r".utf8), session: ConnectionState()) == nil)
        #expect(respond(#"{"jsonrpc":"2.0","method":"spell.check","params":{"text":"wrold"}}"#) == nil)
    }

    @Test func initializeSetsTheSessionsPositionEncoding() throws {
        let session = ConnectionState()
        let result = try #require(TestSupport.call(handler, "initialize", ["positionEncoding": "utf-8"], session: session).value)
        #expect(result["positionEncoding"] == "utf-8")
        #expect(result["protocolVersion"] == 1)
        #expect(result["methods"]?.arrayValue?.contains("spell.check") == true)
        let check = try #require(TestSupport.call(handler, "spell.check", ["text": "ça wrold", "language": "en_US"], session: session).value)
        #expect(check["misspellings"]?.arrayValue?.last?["range"] == ["start": 4, "end": 9])
        // A request can still override the session's unit.
        let override = try #require(TestSupport.call(handler, "spell.check", ["text": "ça wrold", "positionEncoding": "utf-16"], session: session).value)
        #expect(override["misspellings"]?.arrayValue?.last?["range"] == ["start": 3, "end": 8])
    }

    @Test func statsCountRequestsAndErrorsPerMethod() throws {
        // A dispatcher of its own: the shared one counts every other test's requests too.
        let handler = RequestDispatcher(services: TestSupport.sharedServices)
        _ = TestSupport.call(handler, "spell.check", ["text": "hello"])
        _ = TestSupport.call(handler, "spell.check", [:])
        let stats = try #require(TestSupport.call(handler, "stats").value)
        #expect(stats["requests"]?.intValue ?? 0 >= 2)
        #expect(stats["errors"]?.intValue ?? 0 >= 1)
        #expect(stats["methods"]?["spell.check"]?["count"] == 2)
        #expect(stats["methods"]?["spell.check"]?["p99Micros"]?.intValue != nil)
    }

    @Test func oversizedTextIsRejected() {
        var limits = Limits()
        limits.maximumTextBytes = 10
        let services = Services(configuration: Configuration(dataHome: scratch.folder(), bundledDictionaries: TestSupport.bundledDictionaries, limits: limits))
        let result = RequestDispatcher(services: services).call(method: "spell.check", params: ["text": "this is longer than ten bytes"], session: ConnectionState())
        #expect(result.errorCode == -32004)
    }
}
