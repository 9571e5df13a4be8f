import Foundation
import Testing
import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Framing, ids, notifications and every error code the daemon answers with today.
///
/// The examples of docs/protocol.md (`ProtocolDocumentationTests`) cover
/// -32002 and -32006 through the daemon too.
@Suite("Daemon protocol and errors", .slow)
struct DaemonProtocolTests {
    @Test func initializeDescribesTheServer() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let result = try daemon.call("initialize", ["client": "tests"])
        #expect(result["server"] == "textsvcd")
        #expect(result["protocolVersion"] == 1)
        #expect(result["positionEncoding"] == "utf-16")
        #expect(result["defaultLanguage"] == "en_US")
        #expect(result["languages"]?.arrayValue?.contains("en_US") == true)
        let methods = try #require(result["methods"]?.arrayValue)
        for method in ["initialize", "shutdown", "stats", "spell.check", "spell.learn"] {
            #expect(methods.contains(.string(method)))
        }
    }

    @Test func idsOfEveryKindAreEchoedAndCRLFAndEmptyLinesAreAccepted() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        try connection.send("\n  \r\n" + #"{"jsonrpc":"2.0","id":"abc","method":"spell.check","params":{"text":"teh"}}"# + "\r\n")
        #expect(try connection.readMessage()["id"] == "abc")
        try connection.send(#"{"jsonrpc":"2.0","id":-7,"method":"stats"}"# + "\n")
        #expect(try connection.readMessage()["id"] == -7)
        try connection.send(#"{"jsonrpc":"2.0","id":2.5,"method":"stats"}"# + "\n")
        #expect(try connection.readMessage()["id"] == .double(2.5))
    }

    @Test func notificationsAreCarriedOutAndNeverAnswered() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        try connection.send(#"{"jsonrpc":"2.0","method":"spell.learn","params":{"word":"Blorptastic"}}"# + "\n")
        try connection.send(#"{"jsonrpc":"2.0","method":"no.such.method"}"# + "\n")
        // Every line read answers a request (`request` checks the id): the notifications got none. Requests of one
        // connection run concurrently, so the learned word shows up once the notification's work is done.
        var words: JSONValue?
        for _ in 0..<200 {
            words = try connection.request("spell.learned")["result"]?["words"]
            if words == ["Blorptastic"] { break }
            usleep(20_000)
        }
        #expect(words == ["Blorptastic"])
    }

    @Test func malformedLinesGetParseErrorsWithNullIDAndTheConnectionGoesOn() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        for bad in [Array("{oops".utf8), Array(#"{"jsonrpc":"2.0","id":1,"method":"stats""#.utf8),
                    Array(#"{"jsonrpc":"2.0","id":1,"method":"stats","params":{"text":"a"#.utf8) + [0xFF, 0xFE] + Array(#""}}"#.utf8)] {
            try connection.socket.send(bad + [0x0A])
            let response = try connection.readMessage()
            #expect(response["id"] == .null)
            #expect(response["error"]?["code"] == -32700)
        }
        #expect(try connection.result("initialize")["server"] == "textsvcd")
    }

    @Test func invalidRequestsGetMinus32600() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        let cases: [(line: String, id: JSONValue)] = [
            (#"[1,2,3]"#, .null),
            (#"{"jsonrpc":"1.0","id":1,"method":"stats"}"#, 1),
            (#"{"id":2,"method":"stats"}"#, 2),
            (#"{"jsonrpc":"2.0","id":3}"#, 3),
            (#"{"jsonrpc":"2.0","id":4,"method":7}"#, 4),
            (#"{"jsonrpc":"2.0","id":5,"method":"stats","params":[1]}"#, 5),
            (#"{"jsonrpc":"2.0","id":{"a":1},"method":"stats"}"#, .null),
        ]
        for (line, id) in cases {
            try connection.send(line + "\n")
            let response = try connection.readMessage()
            #expect(response["id"] == id, "\(line)")
            #expect(response["error"]?["code"] == -32600, "\(line)")
        }
    }

    @Test func unknownMethodsGetMinus32601NamingTheMethod() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let error = try daemon.connect().error("spell.chek")
        #expect(error.code == -32601)
        #expect(error.data?["method"] == "spell.chek")
    }

    @Test func wrongParamsGetMinus32602NamingTheField() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        let cases: [(method: String, params: JSONObject, field: String)] = [
            ("spell.check", [:], "text"),
            ("spell.check", ["text": 5], "text"),
            ("spell.check", ["text": "a", "limit": -1], "limit"),
            ("spell.check", ["text": "a", "wrap": "yes"], "wrap"),
            ("spell.check", ["text": "a", "positionEncoding": "utf-7"], "positionEncoding"),
            ("spell.check", ["text": "a", "range": [0, 1]], "range"),
            ("spell.check", ["text": "a", "languages": "en_US"], "languages"),
            ("spell.guesses", [:], "word"),
            ("spell.ignore", ["word": "x"], "documentId"),
            ("initialize", ["positionEncoding": "latin-1"], "positionEncoding"),
        ]
        for (method, params, field) in cases {
            let error = try connection.error(method, params)
            #expect(error.code == -32602, "\(method) \(params)")
            #expect(error.data?["field"] == .string(field), "\(method) \(params): \(error)")
            #expect(error.message.contains(field))
        }
    }

    @Test func aFailureInsideTheServerGetsMinus32603AndTheDaemonCarriesOn() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        // A file where the personal-dictionary folder should be makes saving a learned word fail.
        let folder = sandbox.environment["XDG_DATA_HOME"]! + "/textsvcd"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: URL(fileURLWithPath: folder + "/personal"))
        let daemon = try DaemonHarness.start(sandbox: sandbox)
        defer { daemon.stop(); daemon.removeSandbox() }
        let connection = try daemon.connect()
        let error = try connection.error("spell.learn", ["word": "Frobnicate"])
        #expect(error.code == -32603)
        #expect(try connection.result("spell.check", ["text": "teh"])["misspellings"]?.arrayValue?.count == 1)
    }

    @Test func unknownLanguagesGetMinus32001WithTheAvailableOnes() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let error = try daemon.connect().error("spell.check", ["text": "hello", "language": "xx_YY"])
        #expect(error.code == -32001)
        #expect(error.data?["language"]?.stringValue?.contains("xx") == true)
        #expect(error.data?["available"]?.arrayValue?.contains("en_US") == true)
    }

    @Test func textOverTheLimitGetsMinus32004() throws {
        let daemon = try DaemonHarness.start(["--max-text-bytes", "100"])
        defer { daemon.stop() }
        let connection = try daemon.connect()
        let error = try connection.error("spell.check", ["text": .string(String(repeating: "word ", count: 30))])
        #expect(error.code == -32004)
        #expect(error.data?["limit"] == 100)
        #expect(try connection.result("spell.check", ["text": "small enough"])["wordCount"] == 2)
    }

    @Test func aLineOverTheLimitGetsMinus32004AndTheConnectionGoesOn() throws {
        let daemon = try DaemonHarness.start(["--max-line-bytes", "1024"])
        defer { daemon.stop() }
        let connection = try daemon.connect()
        let long = #"{"jsonrpc":"2.0","id":1,"method":"spell.check","params":{"text":""# + String(repeating: "a", count: 2000) + #""}}"#
        try connection.send(long + "\n")
        let response = try connection.readMessage()
        #expect(response["id"] == .null)
        #expect(response["error"]?["code"] == -32004)
        #expect(response["error"]?["data"]?["limit"] == 1024)
        #expect(try connection.result("initialize")["server"] == "textsvcd")

        // A much longer line arriving in pieces is answered once, and its tail is not taken for a request.
        let tail = #"{"jsonrpc":"2.0","id":99,"method":"stats"}"#
        for _ in 0..<200 { try connection.send(String(repeating: "b", count: 10_000)) }
        try connection.send(tail + "\n")
        let second = try connection.readMessage()
        #expect(second["error"]?["code"] == -32004)
        let next = try connection.request("spell.check", ["text": "teh"])
        #expect(next["result"]?["wordCount"] == 1)
    }

    @Test func badPositionsGetMinus32005NamingTheField() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        let cases: [(params: JSONObject, field: String)] = [
            (["text": "hello", "range": ["start": 0, "end": 6]], "range.end"),
            (["text": "hello", "range": ["start": -1, "end": 2]], "range.start"),
            (["text": "hello", "range": ["start": 3, "end": 2]], "range"),
            (["text": "😀 x", "range": ["start": 1, "end": 3]], "range.start"),
            (["text": "é", "range": ["start": 0, "end": 1], "positionEncoding": "utf-8"], "range.end"),
            (["text": "hello", "startingAt": 9], "startingAt"),
        ]
        for (params, field) in cases {
            let error = try connection.error("spell.check", params)
            #expect(error.code == -32005, "\(params)")
            #expect(error.data?["field"] == .string(field), "\(params): \(error)")
        }
        #expect(try connection.result("spell.check", ["text": "fine"])["wordCount"] == 1)
    }

    @Test func aRunawayRegexGetsMinus32003WithinTheServersLimitAndOthersCarryOn() throws {
        let daemon = try DaemonHarness.start(["--regex-time-limit", "100"])
        defer { daemon.stop() }
        let connection = try daemon.connect()
        let started = ContinuousClock.now
        let error = try connection.error("regex.find", ["pattern": "(a+)+$", "text": .string(String(repeating: "a", count: 64) + "b")])
        #expect(error.code == -32003)
        #expect(error.data?["milliseconds"] == 100)
        #expect(ContinuousClock.now - started < TestSupport.bound(5))
        #expect(try connection.result("regex.find", ["pattern": "b$", "text": "aab"])["matches"]?.arrayValue?.count == 1)
    }

    @Test func anInvalidPatternGetsMinus32002() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let error = try daemon.connect().error("regex.find", ["pattern": "a{2,1}", "text": "aa"])
        #expect(error.code == -32002)
        #expect(error.data?["offset"]?.intValue != nil)
        #expect(error.data?["reason"]?.stringValue?.isEmpty == false)
    }
}
