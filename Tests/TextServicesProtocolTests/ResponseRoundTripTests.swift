import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// The client reads back every answer the daemon can give.
///
/// For each method, generated responses (empty lists, items without the
/// types asked for, optional fields absent and present, text in several
/// scripts) go through the server's path (`JSONValueEncoder`, the JSON-RPC
/// response line) and back through the client's (`JSONParser`,
/// `JSONRPCMessage`, `RemoteTextServices.decodeAnswer`); the value read must
/// be the value sent. A model that writes or reads itself (`JSONWritable`,
/// `JSONReadable`) must write the encoder's bytes and read the decoder's value.
@Suite struct ResponseRoundTripTests {
    private let scratch = TemporaryFolder("round-trip")

    /// How many values each method's generator makes.
    static let valuesPerMethod = 300

    @Test("every method's answer reads back as the value the server sent", arguments: MethodTable.names)
    func answerReadsBack(method: String) throws {
        let generate = try #require(Self.generators[method], "no response generator for \(method): add one")
        var values = ResponseValues(seed: ResponseValues.seed(method))
        for _ in 0..<Self.valuesPerMethod {
            try generate(&values)
        }
    }

    @Test func aReadAnswerWithAnItemThatLacksTheTypeReadsBack() throws {
        let response = PasteboardReadRequest.Response(changeCount: 3, items: [
            WirePasteboardItem(.plainText("héllo")),
            WirePasteboardItem(PasteboardItem([])),
        ])
        try Self.roundTrip(response)
    }

    @Test func aWriteWithAnEmptyItemIsRefusedNamingTheItem() throws {
        let services = TestSupport.services(dataHome: scratch.folder("empty-item"))
        let request = PasteboardWriteRequest(name: "general", items: [WirePasteboardItem(.plainText("a")), WirePasteboardItem(PasteboardItem([]))])
        let error = #expect(throws: ServiceError.self) {
            try LocalTextServices(services: services).send(request)
        }
        #expect(error?.message.contains("'items[1]' must hold at least one representation") == true)
    }

    /// Sends a response down the server's path and reads it back on the client's, expecting the same value.
    static func roundTrip<Response: Codable & Equatable>(_ response: Response,
                                                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let line = JSONRPCMessage.encode(JSONRPCMessage.response(id: .int(1), result: JSONValueEncoder().encode(response)))
        // A model that writes itself (the daemon's path for it) must write the encoder's bytes exactly.
        if let writable = response as? any JSONWritable {
            var result: [UInt8] = []
            writable.writeJSON(to: &result)
            let written = JSONRPCMessage.encodeResponse(id: .int(1), writtenResult: result)
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: line, as: UTF8.self), sourceLocation: sourceLocation)
        }
        // A model that reads itself (the client's path for it) must read what the Codable decoder reads.
        if let readable = Response.self as? any JSONReadable.Type,
           case .response(_, .success(let value)) = JSONRPCMessage(try JSONParser.parse(line)) {
            let fast = readable.init(json: value) as? Response
            #expect(fast == response, "the fast reader read \(String(describing: fast))", sourceLocation: sourceLocation)
            #expect(try JSONValueDecoder().decode(Response.self, from: value) == response, sourceLocation: sourceLocation)
        }
        // A model that reads its bytes (the client's path for the daemon's usual line) must read the same value.
        if Response.self is any JSONBytesReadable.Type {
            let (id, written) = try #require(RemoteTextServices.writtenResult(line), sourceLocation: sourceLocation)
            #expect(id == 1, sourceLocation: sourceLocation)
            let fromBytes = try RemoteTextServices.decodeAnswer(Response.self, .success(.written(written)))
            #expect(fromBytes == response, "the bytes reader read \(fromBytes)", sourceLocation: sourceLocation)
        }
        guard case .response(_, let result) = JSONRPCMessage(try JSONParser.parse(line)) else {
            Issue.record("the server's line is not a response: \(String(decoding: line, as: UTF8.self))", sourceLocation: sourceLocation)
            return
        }
        let decoded: Response
        do {
            decoded = try RemoteTextServices.decodeAnswer(Response.self, result)
        } catch {
            Issue.record("\(error.message)\nline: \(String(decoding: line, as: UTF8.self))", sourceLocation: sourceLocation)
            return
        }
        #expect(decoded == response, "line: \(String(decoding: line, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    /// One generator per method: makes a response from the values and round-trips it.
    static let generators: [String: @Sendable (inout ResponseValues) throws -> Void] = [
        InitializeRequest.method: { v in
            try roundTrip(InitializeRequest.Response(
                server: v.string(), version: v.string(), protocolVersion: v.int(0...9), positionEncoding: v.string(),
                defaultLanguage: v.string(), languages: v.list { $0.string() }, methods: v.list { $0.string() },
                capabilities: v.maybe { v in Dictionary(v.list { ($0.string(), $0.bool()) }, uniquingKeysWith: { a, _ in a }) }))
        },
        ShutdownRequest.method: { _ in try roundTrip(EmptyResponse()) },
        StatsRequest.method: { v in
            var stats = StatsResponse(uptimeSeconds: v.seconds(), connections: v.count(), totalConnections: v.count(),
                                      requests: v.count(), errors: v.count(), methods: [:], processId: v.int(1...4_000_000))
            for name in v.list({ $0.string() }) {
                stats.methods[name] = StatsResponse.Method(count: v.count(), errors: v.count(), p50Micros: v.count(),
                                                           p90Micros: v.count(), p99Micros: v.count())
            }
            if v.bool() {
                var clipboard = ClipboardStatus(reason: v.maybe { $0.string() })
                clipboard.provider = v.maybe { $0.string() }
                clipboard.session = v.maybe { $0.string() }
                clipboard.display = v.maybe { $0.string() }
                clipboard.watching = v.maybe { $0.string() }
                clipboard.imports = v.count()
                clipboard.exports = v.count()
                clipboard.failures = v.count()
                clipboard.lastError = v.maybe { $0.string() }
                clipboard.synchronizedChangeCount = v.maybe { $0.count() }
                stats.clipboard = clipboard
            }
            try roundTrip(stats)
        },
        SpellLanguagesRequest.method: { v in
            try roundTrip(SpellLanguagesRequest.Response(languages: v.list {
                SpellLanguagesRequest.Language(tag: $0.string(), name: $0.maybe { $0.string() }, source: $0.string(), path: $0.string())
            }))
        },
        SpellCheckRequest.method: { v in
            try roundTrip(SpellCheckRequest.Response(misspellings: v.list {
                SpellCheckRequest.Misspelling(range: $0.range(), word: $0.string(), guesses: $0.maybe { $0.list { $0.string() } },
                                              language: $0.maybe { $0.string() }, alsoIn: $0.maybe { $0.list { $0.string() } })
            }, wordCount: v.count()))
        },
        SpellCheckWordsRequest.method: { v in
            try roundTrip(SpellCheckWordsRequest.Response(correct: v.list { $0.bool() }, languages: v.list { $0.string() },
                                                          roots: v.maybe { $0.list { $0.maybe { $0.string() } } }))
        },
        SpellGuessesRequest.method: { v in
            try roundTrip(SpellGuessesRequest.Response(guesses: v.list { $0.string() }, margin: v.maybe { $0.seconds() },
                                                       language: v.maybe { $0.string() }))
        },
        TextLanguageRequest.method: { v in
            try roundTrip(TextLanguageRequest.Response(ranges: v.list { v in
                WireLanguageRange(range: v.range(), language: v.string(), confidence: v.seconds(),
                                  hypotheses: v.list { WireLanguageHypothesis(language: $0.string(), confidence: $0.seconds()) })
            }))
        },
        SpellCompleteRequest.method: { v in
            try roundTrip(SpellCompleteRequest.Response(completions: v.list { $0.string() }, language: v.maybe { $0.string() }))
        },
        SpellIgnoreRequest.method: { _ in try roundTrip(EmptyResponse()) },
        SpellIgnoredRequest.method: { v in try roundTrip(SpellIgnoredRequest.Response(words: v.list { $0.string() })) },
        SpellCloseDocumentRequest.method: { _ in try roundTrip(EmptyResponse()) },
        SpellLearnRequest.method: { _ in try roundTrip(EmptyResponse()) },
        SpellUnlearnRequest.method: { _ in try roundTrip(EmptyResponse()) },
        SpellLearnedRequest.method: { v in try roundTrip(SpellLearnedRequest.Response(words: v.list { $0.string() })) },
        TextTokenizeRequest.method: { v in
            try roundTrip(TextTokenizeRequest.Response(
                tokens: v.maybe { $0.list { WireToken(range: $0.range(), kind: $0.maybe { $0.string() }) } },
                ranges: v.maybe { $0.list { $0.count() } }, kinds: v.maybe { $0.list { $0.string() } },
                truncated: v.maybe { $0.bool() }))
        },
        TextBoundaryRequest.method: { v in
            try roundTrip(TextBoundaryRequest.Response(position: v.maybe { $0.count() }, atBoundary: v.bool(), withinUnit: v.bool()))
        },
        TextEnclosingRequest.method: { v in
            try roundTrip(TextEnclosingRequest.Response(range: v.maybe { $0.range() }, kind: v.maybe { $0.string() }))
        },
        RegexFindRequest.method: { v in
            try roundTrip(RegexFindRequest.Response(matches: v.list { v in
                var match = RegexFindRequest.Match(range: v.range(), groups: v.list { $0.maybe { $0.range() } },
                                                   names: v.bool() ? [:] : nil)
                for name in v.list({ $0.string() }) {
                    let range: WireRange? = v.maybe { $0.range() }
                    match.names?[name] = range
                }
                return match
            }, truncated: v.maybe { $0.bool() }))
        },
        RegexReplaceRequest.method: { v in try roundTrip(RegexReplaceRequest.Response(text: v.string(), count: v.count())) },
        EditActionsRequest.method: { v in
            try roundTrip(EditActionsRequest.Response(actions: v.list { v in
                EditActionsRequest.Action(
                    id: v.string(), title: v.string(), kind: v.string(),
                    edit: v.maybe { EditActionsRequest.Edit(range: $0.range(), newText: $0.string()) },
                    selection: v.maybe { $0.range() },
                    command: v.maybe { EditActionsRequest.Command(method: $0.string(), params: $0.json(depth: 0)) },
                    range: v.maybe { $0.range() })
            }))
        },
        PasteboardCreateRequest.method: { v in
            try roundTrip(PasteboardCreateRequest.Response(name: v.string(), persistent: v.bool(), changeCount: v.count()))
        },
        PasteboardWriteRequest.method: { v in try roundTrip(PasteboardWriteRequest.Response(changeCount: v.count())) },
        PasteboardReadRequest.method: { v in
            try roundTrip(PasteboardReadRequest.Response(changeCount: v.count(), items: v.list { $0.item() }))
        },
        PasteboardInfoRequest.method: { v in
            var info = PasteboardInfo(PasteboardStore.Info(
                name: v.string(), persistent: v.bool(), changeCount: v.count(), types: v.list { $0.list { $0.string() } },
                byteCount: v.count(), expirationDate: v.maybe { $0.date() }, localOnly: v.bool()))
            info.containing = v.maybe { $0.list { $0.count() } }
            try roundTrip(info)
        },
        PasteboardSubscribeRequest.method: { v in try roundTrip(PasteboardSubscribeRequest.Response(changeCount: v.maybe { $0.count() })) },
        PasteboardUnsubscribeRequest.method: { v in try roundTrip(PasteboardUnsubscribeRequest.Response(wasSubscribed: v.bool())) },
        PasteboardRemoveRequest.method: { _ in try roundTrip(EmptyResponse()) },
        PasteboardListRequest.method: { v in
            try roundTrip(PasteboardListRequest.Response(pasteboards: v.list {
                PasteboardListRequest.Entry(name: $0.string(), changeCount: $0.count(), persistent: $0.bool(), items: $0.count(),
                                            byteCount: $0.count(), subscribed: $0.bool())
            }))
        },
    ]
}

/// Seeded values for the round-trip tests: a SplitMix64 stream shaped into the wire's kinds of values.
struct ResponseValues {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A stable seed for a name (FNV-1a), so that a failure repeats.
    static func seed(_ name: String) -> UInt64 {
        name.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func bool() -> Bool { next() & 1 == 0 }

    /// A count or offset: often small, sometimes zero, sometimes large.
    mutating func count() -> Int {
        switch next() % 8 {
        case 0: return 0
        case 1: return Int(Int32.max) + int(0...1_000)
        default: return int(0...200)
        }
    }

    /// Seconds with a fraction, as `stats` reports uptime.
    mutating func seconds() -> Double {
        bool() ? Double(int(0...100_000)) : Double(int(0...100_000_000)) / 1_000
    }

    /// Text in several scripts: empty, accented, combining marks, emoji, CJK, escapes JSON needs, or random scalars.
    mutating func string() -> String {
        let pool = ["", "héllo", "e\u{301}", "👍🏽", "🇫🇷👨‍👩‍👧", "東京タワー", "Привет", "ภาษาไทย", "a\"b\\c", "tab\there\nnew line",
                    "\u{0}\u{1F}", "\u{FEFF}\u{200D}", "public.utf8-plain-text", "text/plain", "en_US", "spell.check"]
        if next() % 3 != 0 { return pool[int(0...pool.count - 1)] }
        var scalars = String.UnicodeScalarView()
        for _ in 0..<int(0...12) {
            let value = [int(0x20...0x7E), int(0xA0...0x2FFF), int(0xE000...0xFFFD), int(0x1_0000...0x10_FFFF)][int(0...3)]
            if let scalar = Unicode.Scalar(UInt32(value)) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// Absent half of the time.
    mutating func maybe<T>(_ make: (inout ResponseValues) -> T) -> T? {
        bool() ? make(&self) : nil
    }

    /// Empty a quarter of the time, else up to six elements.
    mutating func list<T>(_ make: (inout ResponseValues) -> T) -> [T] {
        let length = next() % 4 == 0 ? 0 : int(1...6)
        return (0..<length).map { _ in make(&self) }
    }

    mutating func range() -> WireRange {
        let start = count()
        return WireRange(start: start, end: start + int(0...40))
    }

    /// A date between 1970 and 9999, sometimes with milliseconds.
    mutating func date() -> Date {
        let seconds = Double(int(0...253_402_300_799))
        return Date(timeIntervalSince1970: bool() ? seconds : seconds + Double(int(1...999)) / 1_000)
    }

    /// A pasteboard item, empty (none of the types asked for) a fifth of the time.
    mutating func item() -> WirePasteboardItem {
        guard next() % 5 != 0 else { return WirePasteboardItem(PasteboardItem([])) }
        var representations: [PasteboardItem.Representation] = []
        for type in ["public.utf8-plain-text", "public.html", "public.png", "text/uri-list", "x-custom/ünïcode"] where bool() {
            let value: PasteboardItem.Value = bool() ? .text(string()) : .bytes((0..<int(0...24)).map { _ in UInt8(truncatingIfNeeded: next()) })
            representations.append(.init(type: type, value: value))
        }
        return WirePasteboardItem(PasteboardItem(representations))
    }

    /// Any JSON value, nested up to three deep.
    mutating func json(depth: Int) -> JSONValue {
        switch next() % (depth < 3 ? 8 : 6) {
        case 0: return .null
        case 1: return .bool(bool())
        case 2: return .int(int(-1_000_000...1_000_000))
        // Not a whole number: the writer gives a whole double as an integer, the same JSON number.
        case 3: return .double(Double(int(-100_000...100_000)) + 0.25)
        case 4, 5: return .string(string())
        case 6: return .array(list { $0.json(depth: depth + 1) })
        default:
            var object = JSONObject()
            for key in list({ $0.string() }) { object[key] = json(depth: depth + 1) }
            return .object(object)
        }
    }
}
