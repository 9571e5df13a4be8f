import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Strict params: a param a method does not know is -32602 naming it, in every method, and every door sends only known ones.
@Suite struct StrictParamsTests {
    private let scratch = TemporaryFolder("strict-params")

    /// Params every method accepts (a valid request of each), with the state they need.
    static let validParams: [String: JSONObject] = [
        "initialize": ["client": ["name": "test", "nested": [1, 2]], "positionEncoding": "utf-16"],
        "shutdown": [:],
        "stats": [:],
        "spell.languages": [:],
        "spell.check": ["text": "Ths is teh end", "range": ["start": 0, "end": 14], "startingAt": 3, "wrap": true,
                        "limit": 5, "language": "en_US", "documentId": "d", "guesses": 2],
        "spell.checkWords": ["words": ["teh", "the"], "languages": ["en_US"], "documentId": "d", "roots": true],
        "spell.guesses": ["text": "a teh b", "range": ["start": 2, "end": 5], "language": "en", "limit": 3],
        "spell.complete": ["prefix": "hel", "language": "en_US", "limit": 3],
        "spell.ignore": ["word": "blorp", "documentId": "d"],
        "spell.ignored": ["documentId": "d"],
        "spell.closeDocument": ["documentId": "d"],
        "spell.learn": ["word": "strictword", "language": "en_US"],
        "spell.unlearn": ["word": "strictword", "language": "en_US"],
        "spell.learned": ["language": "en_US"],
        "text.tokenize": ["text": "One two. Three", "granularity": "word", "locale": "en", "range": ["start": 0, "end": 8],
                          "wordsOnly": true, "limit": 10, "compact": true],
        "text.boundary": ["text": "One two", "position": 1, "granularity": "word", "direction": "forward", "locale": "en"],
        "text.enclosing": ["text": "One two", "position": 1, "granularity": "word", "direction": "forward", "locale": "en"],
        "regex.find": ["pattern": #"(?<w>\w+)"#, "text": "a bc", "options": ["caseInsensitive": true], "limit": 2,
                       "backwards": true, "range": ["start": 0, "end": 4]],
        "regex.replace": ["pattern": #"(\w)"#, "text": "a bc", "template": "<$1>", "limit": 1, "options": ["literal": false]],
        "edit.actions": ["text": "Ths is", "selection": ["start": 0, "end": 3], "documentId": "d", "language": "en_US",
                         "editable": true, "secure": false, "pasteboard": "strict", "guesses": 1, "locale": "en",
                         "items": [["id": "x", "title": "X", "when": "word"]]],
        "pasteboard.create": ["name": "strict", "persistent": false, "unique": false],
        "pasteboard.write": ["name": "strict", "items": [["text/plain": ["text": "x"]]], "localOnly": true,
                             "expirationDate": "2999-01-01T00:00:00Z"],
        "pasteboard.read": ["name": "strict", "types": ["text/plain"], "item": 0],
        "pasteboard.info": ["name": "strict", "contains": ["public.text"]],
        "pasteboard.subscribe": ["name": "strict"],
        "pasteboard.unsubscribe": ["name": "strict"],
        "pasteboard.list": [:],
        "pasteboard.remove": ["name": "strict"],
        "text.language": ["text": "Der Zug kam an. The train came.", "candidates": ["en_US"], "hints": ["en_US": 2],
                          "granularity": "sentence", "maximum": 2, "range": ["start": 0, "end": 15]],
    ]

    /// The order the methods run in, so that each finds the state it needs (a pasteboard before it is read).
    static let order = ["initialize", "stats", "spell.languages", "spell.check", "spell.checkWords", "spell.guesses",
                        "spell.complete", "spell.ignore", "spell.ignored", "spell.closeDocument", "spell.learn",
                        "spell.unlearn", "spell.learned", "text.tokenize", "text.boundary", "text.enclosing", "text.language",
                        "regex.find", "regex.replace", "pasteboard.create", "pasteboard.write", "pasteboard.read", "pasteboard.info",
                        "pasteboard.subscribe", "pasteboard.unsubscribe", "pasteboard.list", "edit.actions",
                        "pasteboard.remove", "shutdown"]

    @Test func everyMethodIsCovered() {
        #expect(Set(Self.validParams.keys) == Set(MethodTable.names))
        #expect(Set(Self.order) == Set(MethodTable.names))
    }

    @Test func everyMethodAcceptsItsParamsAndRefusesAnUnknownOneNamingIt() {
        let dispatcher = TestSupport.dispatcher(dataHome: scratch.folder("data"))
        for method in Self.order {
            let params = Self.validParams[method]!
            var extra = params
            extra["colour"] = "blue"
            let refused = dispatcher.call(method: method, params: extra, session: ConnectionState())
            guard case .failure(let error) = refused else {
                Issue.record("\(method) accepted an unknown param")
                continue
            }
            #expect(error.code == -32602, "\(method): \(error.message)")
            #expect(error.data?["field"] == "colour", "\(method): \(error.message)")
            #expect(error.message == "Invalid params: 'colour' is not a parameter of this method", "\(method)")
            // Refused before it ran: the valid request still works afterwards.
            let accepted = dispatcher.call(method: method, params: params, session: ConnectionState())
            if case .failure(let error) = accepted { Issue.record("\(method) refused its valid params: \(error.message)") }
        }
    }

    @Test func unknownFieldsInsideParamsAreNamedWithTheirPath() {
        let dispatcher = TestSupport.dispatcher(dataHome: scratch.folder("data"))
        let cases: [(String, JSONObject, String)] = [
            ("spell.check", ["text": "a", "range": ["start": 0, "end": 1, "length": 1]], "range.length"),
            ("edit.actions", ["text": "a", "selection": ["start": 0, "end": 0],
                              "items": [["id": "a", "title": "A", "when": "word"], ["id": "b", "title": "B", "when": "word", "key": "b"]]],
             "items[1].key"),
            ("regex.find", ["pattern": "a", "text": "a", "options": ["caseInsensitve": true]], "options.caseInsensitve"),
            ("pasteboard.write", ["name": "x", "items": [], "append": true], "append"),
            ("stats", ["verbose": true], "verbose"),
            ("pasteboard.list", ["name": "general"], "name"),
        ]
        for (method, params, field) in cases {
            let result = dispatcher.call(method: method, params: params, session: ConnectionState())
            guard case .failure(let error) = result else {
                Issue.record("\(method) accepted \(JSONValue.object(params).serialized)")
                continue
            }
            #expect(error.code == -32602, "\(method)")
            #expect(error.data?["field"] == .string(field), "\(method): \(error.message)")
        }
        // Free-form JSON stays free: `initialize`'s client may hold anything.
        let free = dispatcher.call(method: "initialize", params: ["client": ["anything": ["goes": true]]], session: ConnectionState())
        #expect(free.errorCode == nil)
    }

    @Test func initializeListsTheCapabilities() throws {
        let result = try #require(TestSupport.call(TestSupport.dispatcher(dataHome: scratch.folder("data")), "initialize").value)
        let capabilities = try #require(result["capabilities"]?.objectValue)
        #expect(Set(capabilities.keys) == Set(Capabilities.all))
        #expect(capabilities.keys.allSatisfy { capabilities[$0] == true })
        for name in ["strictParams", "spell.changed", "edit.actions.context", "edit.actions.items", "pasteboard.expiration",
                     "pasteboard.localOnly", "pasteboard.typeHierarchy", "pasteboard.uniqueChangeCounts"] {
            #expect(capabilities[name] == true, "\(name)")
        }
    }

    // MARK: Every door sends only known params

    /// A request of every method with every optional field set: what any door could send.
    static var everyFieldSet: [any TextServicesRequest] {
        var check = SpellCheckRequest(text: "teh", languages: ["en_US"], range: WireRange(start: 0, end: 3), startingAt: 0)
        check.language = "en_US"
        check.wrap = true
        check.limit = 1
        check.documentId = "d"
        check.guesses = GuessCount(2)
        check.candidates = ["en_US"]
        // In process only: the buffer's piece travels as `text`, so the round trip below also pins that.
        check.buffer = TextBuffer("a teh")
        check.bufferPiece = 2..<5
        var words = SpellCheckWordsRequest(words: ["teh"], languages: ["en_US"], documentId: "d", roots: true)
        words.language = "en_US"
        var guesses = SpellGuessesRequest(word: "teh", languages: ["en_US"], limit: 3)
        guesses.text = "teh"
        guesses.range = WireRange(start: 0, end: 3)
        guesses.language = "en_US"
        guesses.margin = true
        guesses.candidates = ["en_US"]
        guesses.quick = true
        var complete = SpellCompleteRequest(prefix: "he", languages: ["en_US"], limit: 3)
        complete.text = "he"
        complete.range = WireRange(start: 0, end: 2)
        complete.language = "en_US"
        complete.candidates = ["en_US"]
        var tokenize = TextTokenizeRequest(text: "a b", granularity: .word, locale: "en", wordsOnly: true)
        tokenize.range = WireRange(start: 0, end: 3)
        tokenize.limit = 5
        tokenize.compact = true
        tokenize.abbreviations = false
        var boundary = TextBoundaryRequest(text: "a b", position: 1, granularity: .word, direction: .forward, locale: "en")
        boundary.range = WireRange(start: 0, end: 3)
        boundary.wordsOnly = true
        boundary.abbreviations = false
        var enclosing = TextEnclosingRequest(text: "a b", position: 1, granularity: .word, direction: .forward, locale: "en")
        enclosing.range = WireRange(start: 0, end: 3)
        enclosing.wordsOnly = true
        enclosing.abbreviations = false
        var find = RegexFindRequest(pattern: "a", text: "a", options: [.caseInsensitive], limit: 1, backwards: true)
        find.range = WireRange(start: 0, end: 1)
        var replace = RegexReplaceRequest(pattern: "a", text: "a", template: "b", options: [.literal], limit: 1)
        replace.range = WireRange(start: 0, end: 1)
        var actions = EditActionsRequest(text: "a", selection: WireRange(start: 0, end: 0), languages: ["en_US"], documentId: "d",
                                         editable: true, secure: false, pasteboard: "general",
                                         items: [.init(id: "x", title: "X", when: "word")])
        actions.range = WireRange(start: 0, end: 1)
        actions.language = "en_US"
        actions.locale = "en"
        actions.guesses = GuessCount(1)
        let item = WirePasteboardItem(.plainText("x"))
        return [
            InitializeRequest(client: "door", context: .init(dictionaryPath: ["/d"], defaultLanguage: "en_US")), ShutdownRequest(), StatsRequest(), SpellLanguagesRequest(),
            check, words, guesses, complete,
            SpellIgnoreRequest(word: "w", documentId: "d"), SpellIgnoredRequest(documentId: "d"),
            SpellCloseDocumentRequest(documentId: "d"), SpellLearnRequest(word: "w", language: "en_US"),
            SpellUnlearnRequest(word: "w", language: "en_US"), SpellLearnedRequest(language: "en_US"),
            tokenize, boundary, enclosing, find, replace, actions,
            { var language = TextLanguageRequest(text: "a b", candidates: ["en_US"], hints: ["en_US": 1], granularity: .sentence,
                                                 maximum: 2)
              language.range = WireRange(start: 0, end: 3)
              return language }(),
            PasteboardCreateRequest(name: "p", unique: true, persistent: false),
            PasteboardWriteRequest(name: "p", items: [item], expirationDate: WireDate(Date(timeIntervalSince1970: 4_000_000_000)),
                                   localOnly: true),
            PasteboardReadRequest(name: "p", types: ["t"], item: 0), PasteboardInfoRequest(name: "p", contains: ["t"]),
            PasteboardSubscribeRequest(name: "p"), PasteboardUnsubscribeRequest(name: "p"), PasteboardListRequest(),
            PasteboardRemoveRequest(name: "p"),
        ]
    }

    /// The stored properties of a value that are nil.
    static func unsetFields(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap { child in
            let mirror = Mirror(reflecting: child.value)
            return mirror.displayStyle == .optional && mirror.children.isEmpty ? child.label ?? "?" : nil
        }
    }

    @Test func everyTypedRequestDecodesStrictlyFromWhatItEncodes() throws {
        let samples = Self.everyFieldSet
        #expect(Set(samples.map { type(of: $0).method }) == Set(MethodTable.names))
        let strict = JSONValueDecoder(rejectsUnknownFields: true)
        for sample in samples {
            let method = type(of: sample).method
            #expect(Self.unsetFields(of: sample).isEmpty, "\(method): set every field in the sample: \(Self.unsetFields(of: sample))")
            func roundTrip<Request: TextServicesRequest>(_ request: Request) throws {
                let encoded = JSONValueEncoder().encode(request)
                let decoded = try strict.decode(Request.self, from: encoded)
                #expect(JSONValueEncoder().encode(decoded) == encoded, "\(method)")
            }
            do {
                try roundTrip(sample)
            } catch {
                Issue.record("\(method): what the typed request encodes is refused: \(error)")
            }
        }
    }

    @Test func commandsThatActionsCarryAreAcceptedAsTheyAre() throws {
        // The `command` of a menu action is a request a client sends back verbatim.
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let menu = harness.value("edit.actions", ["text": "Ths is", "selection": ["start": 0, "end": 3], "documentId": "d",
                                                  "pasteboard": "clip"])
        let commands = menu["actions"]?.arrayValue?.compactMap { $0["command"] } ?? []
        #expect(commands.count >= 4)
        for command in commands {
            _ = harness.value(try #require(command["method"]?.stringValue), try #require(command["params"]))
        }
    }
}
