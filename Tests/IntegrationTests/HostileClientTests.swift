import Foundation
import Testing
import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Clients that send anything at all: after each attack the daemon still answers a well-formed request correctly.
///
/// These are the quick variants that run with the test suite; `scripts/hostile`
/// runs the same attacks at full size (a 100 MB line, 1000 connections, many
/// clients that never read) and reports the daemon's memory.
@Suite("Hostile clients", .serialized, .slow)
struct HostileClientTests {
    @Test func randomBytesGetErrorsWithNullIDsAndTheConnectionGoesOn() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        for round in 0..<4 {
            let connection = try daemon.connect()
            let noise = HostileClient.noise(bytes: 256 << 10, seed: UInt64(round), jsonish: round % 2 == 1)
            try connection.socket.send(noise)
            let id = JSONValue.string("after-noise-\(round)")
            try connection.send(["jsonrpc": "2.0", "id": id, "method": "spell.check", "params": ["text": "teh"]])
            let (answer, errors) = try HostileClient.readUntil(id, on: connection, allowed: [-32700, -32600, -32004])
            #expect(answer["result"]?["wordCount"] == 1)
            #expect(errors > 100, "only \(errors) malformed lines were answered")
        }
        try HostileClient.expectHealthy(daemon)
    }

    @Test func everyTruncationOfARequestIsAParseError() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        let whole = Array(#"{"jsonrpc":"2.0","id":7,"method":"spell.check","params":{"text":"fine 😀 teh","range":{"start":0,"end":11}}}"#.utf8)
        var batch: [UInt8] = []
        for length in 1..<whole.count { batch += whole[..<length] + [0x0A] }
        try connection.socket.send(batch + whole + [0x0A])
        // Answers may come out of order (the contract pairs them by id), so the
        // whole request's answer is looked for among all of them.
        var parseErrors = 0
        var answers: [JSONValue] = []
        for _ in 0..<whole.count {
            let response = try connection.readMessage()
            if response["id"] == .null {
                #expect(response["error"]?["code"] == -32700, "\(response.serialized)")
                parseErrors += 1
            } else {
                answers.append(response)
            }
        }
        #expect(parseErrors == whole.count - 1)
        #expect(answers.count == 1)
        #expect(answers.first?["id"] == 7)
        #expect(answers.first?["result"]?["misspellings"]?.arrayValue?.first?["word"] == "teh")
        try HostileClient.expectHealthy(daemon)
    }

    @Test func deeplyNestedJSONIsRefusedWithoutExhaustingTheStack() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        let deep = 1_000_000
        let lines: [String] = [
            String(repeating: "[", count: deep),
            String(repeating: "[", count: deep) + String(repeating: "]", count: deep),
            #"{"jsonrpc":"2.0","id":1,"method":"stats","params":{"a":"# + String(repeating: #"{"a":"#, count: 200_000)
                + "1" + String(repeating: "}", count: 200_000) + "}}",
            #"{"jsonrpc":"2.0","id":2,"method":"spell.check","params":{"text":"a","range":"# + String(repeating: "[", count: 50_000),
        ]
        for line in lines {
            try connection.send(line + "\n")
            let response = try connection.readMessage()
            #expect(response["id"] == .null)
            #expect(response["error"]?["code"] == -32700)
        }
        // Nesting the parser allows is fine where a param takes any JSON (initialize's client)...
        let allowed = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        try connection.send(#"{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"client":"# + allowed + "}}\n")
        #expect(try connection.readMessage()["result"]?["server"] == "textsvcd")
        // ...and elsewhere it is parsed, then refused as a param the method does not have, naming it.
        try connection.send(#"{"jsonrpc":"2.0","id":4,"method":"stats","params":{"ignored":"# + allowed + "}}\n")
        let refused = try connection.readMessage()
        #expect(refused["id"] == 4)
        #expect(refused["error"]?["code"] == -32602)
        #expect(refused["error"]?["data"]?["field"] == "ignored")
        try HostileClient.expectHealthy(daemon)
    }

    @Test func hugeLinesAreRefusedAndTheConnectionGoesOn() throws {
        let daemon = try DaemonHarness.start(["--max-line-bytes", "4000000", "--max-text-bytes", "1000000"])
        defer { daemon.stop() }
        let connection = try daemon.connect()
        // A 10 MB line over the line limit, sent in one go: answered once, its bytes dropped.
        try connection.socket.send(HostileClient.longLine(bytes: 10_000_000))
        let tooLong = try connection.readMessage(timeout: 60)
        #expect(tooLong["id"] == .null)
        #expect(tooLong["error"]?["code"] == -32004)
        // A line under the line limit whose text is over the text limit.
        let bigText = String(repeating: "wrd ", count: 900_000)
        let error = try connection.error("spell.check", ["text": .string(bigText)])
        #expect(error.code == -32004)
        #expect(try connection.result("spell.check", ["text": "teh"])["wordCount"] == 1)
        try HostileClient.expectHealthy(daemon)
    }

    @Test func twoHundredConnectionsOpenedAtOnceAreAllServed() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let count = 200
        let connections = try (0..<count).map { _ in try daemon.connect() }
        for (index, connection) in connections.enumerated() {
            try connection.send(["jsonrpc": "2.0", "id": .int(index), "method": "spell.check",
                                 "params": ["text": .string("wrd\(lettersFor(index)) fine")]])
        }
        for (index, connection) in connections.enumerated() {
            let answer = try connection.readMessage(timeout: 60)
            #expect(answer["id"] == .int(index))
            #expect(answer["result"]?["misspellings"]?.arrayValue?.count == 1)
        }
        let open = try daemon.connect().result("stats")["connections"]?.intValue
        #expect(open == count + 1)
        for connection in connections { connection.close() }
        #expect(HostileClient.waitForConnections(1, daemon: daemon))
        try HostileClient.expectHealthy(daemon)
    }

    @Test func clientsThatNeverReadTheirLargeAnswersDoNotGrowTheServer() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let megabyte = String(repeating: "abcdefgh", count: 1 << 17)
        _ = try daemon.call("pasteboard.write", ["name": "big", "items": [["text/plain": ["text": .string(megabyte)]]]])
        let startKiB = try #require(TestSystem.residentKiB(of: daemon.pid))
        // Each client asks for 2000 answers of 1 MB in one burst of small lines (2 GB if the server kept them).
        let stalled = try (0..<4).map { _ in try daemon.connect() }
        for connection in stalled {
            var burst: [UInt8] = []
            for _ in 0..<2000 {
                connection.makeRequest("pasteboard.read", ["name": "big"]).message.write(to: &burst)
                burst.append(0x0A)
            }
            try connection.socket.send(burst)
        }
        var peakKiB = startKiB
        for _ in 0..<30 {
            usleep(100_000)
            peakKiB = max(peakKiB, TestSystem.residentKiB(of: daemon.pid) ?? 0)
        }
        let grownMiB = (peakKiB - startKiB) / 1024
        #expect(grownMiB < 256 * TestSupport.memoryAllowanceFactor, "the daemon grew by \(grownMiB) MiB for clients that do not read")
        // Only a few answers per client were made at all: the rest wait until their client reads.
        let made = try daemon.call("stats")["methods"]?["pasteboard.read"]?["count"]?.intValue ?? 0
        #expect(made < 4 * 8, "the daemon made \(made) answers that nobody reads")
        // Their bursts did not queue ahead of everyone else on the worker threads.
        let asked = ContinuousClock.now
        try HostileClient.expectHealthy(daemon)
        #expect(ContinuousClock.now - asked < TestSupport.bound(5))
        // The first answers are intact once a client reads.
        let firstItem = try stalled[0].readMessage()["result"]?["items"]?.arrayValue?.first
        #expect(firstItem?["text/plain"]?["text"]?.stringValue?.count == megabyte.count)
        for connection in stalled { connection.socket.disconnect() }
        #expect(HostileClient.waitForConnections(1, daemon: daemon))
    }

    @Test func clientsThatSendHalfALineAndVanishLeaveNothingBehind() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"spell.check","params":{"text":"Mispelled wrds evrywhere"}}"#.utf8)
        for index in 0..<100 {
            let connection = try daemon.connect()
            let cut = 1 + index % (request.count - 1)
            // Some send a large half line, some close abruptly after half-closing.
            var partial = Array(request[..<cut])
            if index % 10 == 0 { partial += [UInt8](repeating: 0x61, count: 1 << 20) }
            try connection.socket.send(partial)
            if index % 3 == 0 { connection.socket.shutdownWriting() }
            connection.close()
        }
        #expect(HostileClient.waitForConnections(1, daemon: daemon))
        try HostileClient.expectHealthy(daemon)
    }

    @Test func everyFieldOfTheWrongTypeGetsAnErrorNamingIt() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        let wrongValues: [JSONValue] = [1, -1, 1.5, 1e300, "x", "", true, [], [1, "a"], [:], ["start": "a"], .null]
        var sent: [(id: Int, method: String, field: String, value: JSONValue)] = []
        var batch: [UInt8] = []
        for (method, base) in HostileClient.validRequests {
            for field in base.keys.sorted() + ["positionEncoding"] {
                for value in wrongValues {
                    var params = base
                    params[field] = value
                    let (id, message) = connection.makeRequest(method, params)
                    message.write(to: &batch)
                    batch.append(0x0A)
                    sent.append((id, method, field, value))
                }
            }
        }
        try connection.socket.send(batch)
        var answers: [Int: JSONValue] = [:]
        while answers.count < sent.count {
            let answer = try connection.readMessage(timeout: 60)
            // A request that succeeded may have changed learned words: every connection hears `spell.changed`.
            if answer["id"] == nil, answer["method"] == "spell.changed" { continue }
            answers[try #require(answer["id"]?.intValue)] = answer
        }
        let serviceCodes: Set<Int> = [-32602, -32005, -32001, -32002, -32003, -32004, -32006]
        var accepted = 0
        for (id, method, field, value) in sent {
            let answer = try #require(answers[id])
            guard let error = answer["error"] else {
                accepted += 1
                continue
            }
            let code = error["code"]?.intValue ?? 0
            #expect(serviceCodes.contains(code), "\(method) with \(field)=\(value.serialized): \(error.serialized)")
            if code == -32602, let named = error["data"]?["field"]?.stringValue {
                #expect(named.hasPrefix(field) || base(of: method).keys.contains(where: { named.hasPrefix($0) }) || named == "text",
                        "\(method) with \(field)=\(value.serialized) blames '\(named)'")
            }
        }
        // Most wrong types are refused; nulls and values some fields legitimately take are not.
        #expect(accepted < sent.count / 3, "\(accepted) of \(sent.count) mistyped requests were accepted")
        try HostileClient.expectHealthy(daemon)
    }

    private func base(of method: String) -> JSONObject {
        HostileClient.validRequests.first { $0.method == method }?.params ?? [:]
    }

    @Test func positionsThatSplitACodePointAreRefusedEverywhere() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        // "a😀é b": in UTF-16, 2 is inside the surrogate pair; in UTF-8, 2, 3 and 4 are inside 😀 and 6 inside é.
        let text: JSONValue = "a😀é b"
        let splits: [(encoding: String, position: Int)] = [("utf-16", 2), ("utf-8", 2), ("utf-8", 3), ("utf-8", 4), ("utf-8", 6)]
        for (encoding, position) in splits {
            let range: JSONValue = ["start": .int(position), "end": .int(position)]
            let cases: [(method: String, params: JSONObject, field: String)] = [
                ("spell.check", ["text": text, "range": range], "range.start"),
                ("spell.check", ["text": text, "startingAt": .int(position)], "startingAt"),
                ("spell.guesses", ["text": text, "range": range], "range.start"),
                ("spell.complete", ["text": text, "range": range], "range.start"),
                ("text.tokenize", ["text": text, "granularity": "word", "range": range], "range.start"),
                ("text.boundary", ["text": text, "granularity": "character", "position": .int(position), "direction": "forward"], "position"),
                ("text.enclosing", ["text": text, "granularity": "word", "position": .int(position)], "position"),
                ("regex.find", ["text": text, "pattern": ".", "range": range], "range.start"),
                ("regex.replace", ["text": text, "pattern": ".", "template": "x", "range": range], "range.start"),
                ("edit.actions", ["text": text, "selection": range], "selection.start"),
            ]
            for (method, params, field) in cases {
                var params = params
                params["positionEncoding"] = .string(encoding)
                let error = try connection.error(method, params)
                #expect(error.code == -32005, "\(method) at \(position) \(encoding): \(error)")
                #expect(error.data?["field"] == .string(field), "\(method) at \(position) \(encoding): \(error)")
            }
        }
        try HostileClient.expectHealthy(daemon)
    }

    @Test func regexesBuiltToBacktrackForeverStopAtTheLimitWhileOthersAreServed() throws {
        let daemon = try DaemonHarness.start(["--regex-time-limit", "250"])
        defer { daemon.stop() }
        let attacks: [(pattern: String, text: String)] = [
            ("(a+)+$", String(repeating: "a", count: 40) + "!"),
            ("(a|aa)+$", String(repeating: "a", count: 60) + "!"),
            ("(a|a)*b", String(repeating: "a", count: 40)),
            (#"^(\w+\s?)*$"#, String(repeating: "word ", count: 12) + "!"),
            ("(x+x+)+y", String(repeating: "x", count: 40)),
            ("(.*a){20}", String(repeating: "a", count: 40) + "b"),
            (#"(?:(?:a*)*)*b"#, String(repeating: "a", count: 40)),
            (#"(\p{L}|\w)+\d$"#, String(repeating: "é", count: 40) + "!"),
        ]
        let bystander = try daemon.connect()
        for (pattern, text) in attacks {
            for method in ["regex.find", "regex.replace"] {
                let attacker = try daemon.connect()
                var params: JSONObject = ["pattern": .string(pattern), "text": .string(text)]
                if method == "regex.replace" { params["template"] = "x" }
                let started = ContinuousClock.now
                try attacker.send(attacker.makeRequest(method, params).message)
                // While the regex runs, another client is answered at once.
                let quick = ContinuousClock.now
                #expect(try bystander.result("spell.check", ["text": "teh"])["wordCount"] == 1)
                #expect(ContinuousClock.now - quick < TestSupport.bound(2))
                let answer = try attacker.readMessage(timeout: 30)
                let elapsed = ContinuousClock.now - started
                #expect(answer["error"]?["code"] == -32003, "\(pattern): \(answer.serialized)")
                #expect(elapsed < TestSupport.bound(5), "\(pattern) ran for \(elapsed) against a 250 ms limit")
            }
        }
        try HostileClient.expectHealthy(daemon)
    }
}

/// Attacks and checks shared by the hostile-client tests and their long runs.
enum HostileClient {
    /// A fresh connection gets the right answer to a spell check, and the daemon is still running.
    static func expectHealthy(_ daemon: DaemonHarness, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(daemon.isRunning, "the daemon died: \(daemon.log.suffix(2000))", sourceLocation: sourceLocation)
        let result = try daemon.connect().result("spell.check", ["text": "Ths is teh end 😀 done"])
        let words = result["misspellings"]?.arrayValue?.compactMap { $0["word"]?.stringValue }
        #expect(words == ["Ths", "teh"], sourceLocation: sourceLocation)
        #expect(result["misspellings"]?.arrayValue?.last?["range"] == ["start": 7, "end": 10], sourceLocation: sourceLocation)
    }

    /// Reads messages until the one with `id`; each one before it must answer a malformed line with an allowed code.
    static func readUntil(_ id: JSONValue, on connection: DaemonConnection, allowed: Set<Int>,
                          timeout: Double = 30) throws -> (answer: JSONValue, errorsBefore: Int) {
        var errors = 0
        while true {
            let message = try connection.readMessage(timeout: timeout)
            if message["id"] == id { return (message, errors) }
            let code = message["error"]?["code"]?.intValue ?? 0
            #expect(message["id"] == .null && allowed.contains(code), "unexpected answer to noise: \(message.serialized.prefix(300))")
            errors += 1
        }
    }

    /// Random bytes ending in a newline; `jsonish` draws mostly from JSON's own characters.
    static func noise(bytes count: Int, seed: UInt64, jsonish: Bool) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        let alphabet: [UInt8] = jsonish ? Array(#"{}[]":,0123456789.eE-+truefalsn\u "#.utf8) + [0x0A, 0xC3, 0xFF, 0x00]
            : Array(0...255)
        return (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] } + [0x0A]
    }

    /// One line of `count` bytes that starts like a request, with its newline.
    static func longLine(bytes count: Int) -> [UInt8] {
        let head = Array(#"{"jsonrpc":"2.0","id":1,"method":"spell.check","params":{"text":""#.utf8)
        var line = head + [UInt8](repeating: UInt8(ascii: "a"), count: max(0, count - head.count - 3))
        line += Array(#""}}"#.utf8) + [0x0A]
        return line
    }

    /// Waits until the daemon counts `count` open connections (the one asking included); false after 20 s.
    static func waitForConnections(_ count: Int, daemon: DaemonHarness, timeout: Double = 20) -> Bool {
        guard let probe = try? daemon.connect() else { return false }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? probe.result("stats")["connections"]?.intValue) == count { return true }
            usleep(50_000)
        }
        return false
    }

    /// A valid request for every method but `shutdown`.
    static let validRequests: [(method: String, params: JSONObject)] = [
        ("initialize", ["client": "hostile", "positionEncoding": "utf-16"]),
        ("stats", [:]),
        ("spell.languages", [:]),
        ("spell.check", ["text": "Ths is teh end", "range": ["start": 0, "end": 14], "startingAt": 3, "wrap": true,
                         "limit": 5, "language": "en_US", "documentId": "d", "guesses": 2]),
        ("spell.check", ["text": "Ths is teh end", "languages": ["en_US"]]),
        ("spell.guesses", ["word": "teh", "language": "en", "limit": 3]),
        ("spell.guesses", ["text": "a teh b", "range": ["start": 2, "end": 5]]),
        ("spell.complete", ["prefix": "hel", "limit": 3]),
        ("spell.complete", ["text": "say hel", "range": ["start": 4, "end": 7]]),
        ("spell.ignore", ["word": "blorp", "documentId": "d"]),
        ("spell.ignored", ["documentId": "d"]),
        ("spell.closeDocument", ["documentId": "d"]),
        ("spell.learn", ["word": "hostileword", "language": "en_US"]),
        ("spell.unlearn", ["word": "hostileword"]),
        ("spell.learned", ["language": "en_US"]),
        ("text.tokenize", ["text": "One two. Three", "granularity": "word", "locale": "en", "range": ["start": 0, "end": 8],
                           "wordsOnly": true]),
        ("text.boundary", ["text": "One two", "position": 1, "granularity": "word", "direction": "forward"]),
        ("text.enclosing", ["text": "One two", "position": 1, "granularity": "word", "locale": "en"]),
        ("regex.find", ["pattern": #"(?<w>\w+)"#, "text": "a bc", "options": ["caseInsensitive": true], "limit": 2,
                        "backwards": true, "range": ["start": 0, "end": 4]]),
        ("regex.replace", ["pattern": #"(\w)"#, "text": "a bc", "template": "<$1>", "limit": 1, "options": ["literal"]]),
        ("edit.actions", ["text": "Ths is", "selection": ["start": 0, "end": 3], "documentId": "d", "language": "en_US",
                          "editable": true, "secure": false, "pasteboard": "hostile",
                          "items": [["id": "look-up", "title": "Look Up", "when": "word"]]]),
        ("pasteboard.create", ["name": "hostile", "persistent": false, "unique": false]),
        ("pasteboard.write", ["name": "hostile", "items": [["text/plain": ["text": "x"], "image/png": ["base64": "iVBORw=="]]],
                              "localOnly": false, "expirationDate": "2999-01-01T00:00:00Z"]),
        ("pasteboard.read", ["name": "hostile", "types": ["text/plain"], "item": 0]),
        ("pasteboard.info", ["name": "hostile", "contains": ["public.text"]]),
        ("pasteboard.subscribe", ["name": "hostile"]),
        ("pasteboard.unsubscribe", ["name": "hostile"]),
        ("pasteboard.list", [:]),
        ("pasteboard.remove", ["name": "hostile"]),
    ]
}

/// A small deterministic random number generator (SplitMix64), so that a failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
