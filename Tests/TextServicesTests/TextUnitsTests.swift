import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

private let handler = RequestDispatcher(services: Services(configuration: Configuration(
    dataHome: TestSupport.temporaryFolder("units-tests"),
    bundledDictionaries: nil)))

/// Calls a method in-process with UTF-16 positions unless the params say otherwise.
private func call(_ method: String, _ params: JSONObject) -> Result<JSONValue, ServiceError> {
    handler.call(method: method, params: params, session: ConnectionState())
}

private func result(_ method: String, _ params: JSONObject) throws -> JSONValue {
    try call(method, params).get()
}

private func errorCode(_ method: String, _ params: JSONObject) -> Int? {
    if case .failure(let error) = call(method, params) { return error.code }
    return nil
}

/// The token texts of a tokenization by the library.
private func pieces(_ string: String, _ granularity: Granularity, locale: String = "", wordsOnly: Bool = false) throws -> [String] {
    let text = TextBuffer(string)
    return try Tokenizer(granularity: granularity, locale: locale).tokens(in: text, wordsOnly: wordsOnly).map { text.string($0.range) }
}

private func ranges(_ value: JSONValue) -> [[Int]] {
    (value["tokens"]?.arrayValue ?? []).map { [$0["range"]!["start"]!.intValue!, $0["range"]!["end"]!.intValue!] }
}

@Test func wordTokensCarryKindsAndCoverTheText() throws {
    // ICU's Japanese dictionary reports kana runs as ideographic words too.
    let text = TextBuffer("Hello, world 3.14 日本語 カタカナ 🙂")
    let tokens = try Tokenizer(granularity: .word).tokens(in: text)
    let described = tokens.map { "\(text.string($0.range))|\($0.kind!.rawValue)" }
    #expect(described == ["Hello|word", ",|other", " |other", "world|word", " |other", "3.14|number", " |other",
                          "日本語|ideo", " |other", "カタカナ|ideo", " |other", "🙂|other"])
    #expect(tokens.first?.range.lowerBound == UTF8Offset(0))
    #expect(tokens.last?.range.upperBound == text.fullRange.upperBound)
    for (previous, next) in zip(tokens, tokens.dropFirst()) { #expect(previous.range.upperBound == next.range.lowerBound) }
}

@Test func wordsOnlyDropsSpacesAndPunctuation() throws {
    #expect(try pieces("Don't stop—it's 2024!", .word, wordsOnly: true) == ["Don't", "stop", "it's", "2024"])
}

@Test func everyGranularityCoversTextWithoutGaps() throws {
    let string = "Ünïcode 👩‍👩‍👧 text.\r\nSecond line; more?\u{2029}Third\u{2028}still third.\u{85}Fourth 🇫🇷🇩🇪\n"
    let text = TextBuffer(string)
    for granularity in Granularity.allCases {
        let tokens = try Tokenizer(granularity: granularity).tokens(in: text)
        var expected = UTF8Offset(0)
        for token in tokens {
            #expect(token.range.lowerBound == expected, "\(granularity) gap at \(expected)")
            #expect(!token.range.isEmpty)
            expected = token.range.upperBound
        }
        #expect(expected == text.fullRange.upperBound, "\(granularity) stops short")
        #expect(tokens.map { text.string($0.range) }.joined() == string)
    }
}

@Test func charactersAreExtendedGraphemeClusters() throws {
    #expect(try pieces("e\u{301}👩‍👩‍👧🇫🇷\r\nx", .character) == ["e\u{301}", "👩‍👩‍👧", "🇫🇷", "\r\n", "x"])
}

@Test func sentencesLinesParagraphsAndDocument() throws {
    #expect(try pieces("One two. Three? Four!", .sentence) == ["One two. ", "Three? ", "Four!"])
    #expect(try pieces("Hello big-world", .line) == ["Hello ", "big-", "world"])
    #expect(try pieces("a\r\nb\rc\nd\u{2029}e\u{2028}f\u{85}g\u{0C}h\u{0B}i", .paragraph)
        == ["a\r\n", "b\r", "c\n", "d\u{2029}", "e\u{2028}f\u{85}", "g\u{0C}", "h\u{0B}i"])
    #expect(try pieces("\n\n", .paragraph) == ["\n", "\n"])
    #expect(try pieces("two\nlines", .document) == ["two\nlines"])
    #expect(try pieces("", .document).isEmpty)
}

@Test func localesChangeTheRules() throws {
    // Thai has no spaces between words: ICU's dictionary splits them.
    #expect(try pieces("สวัสดีครับ", .word, locale: "th", wordsOnly: true) == ["สวัสดี", "ครับ"])
    // CLDR's sentence-break suppressions keep "Mr." from ending a sentence.
    #expect(try pieces("Mr. Smith left. He", .sentence, locale: "en").count == 3)
    #expect(try pieces("Mr. Smith left. He", .sentence, locale: "en@ss=standard") == ["Mr. Smith left. ", "He"])
}

@Test func tokenizeReportsRangesInTheRequestedUnit() throws {
    let text = "a😀 é"
    let utf16 = try result("text.tokenize", ["text": .string(text), "granularity": "character"])
    #expect(ranges(utf16) == [[0, 1], [1, 3], [3, 4], [4, 5]])
    let utf8 = try result("text.tokenize", ["text": .string(text), "granularity": "character", "positionEncoding": "utf-8"])
    #expect(ranges(utf8) == [[0, 1], [1, 5], [5, 6], [6, 8]])
    let scalars = try result("text.tokenize", ["text": .string(text), "granularity": "character", "positionEncoding": "utf-32"])
    #expect(ranges(scalars) == [[0, 1], [1, 2], [2, 3], [3, 4]])
    let words = try result("text.tokenize", ["text": "hi 42", "granularity": "word"])
    #expect(words["tokens"]?.arrayValue?.compactMap { $0["kind"]?.stringValue } == ["word", "other", "number"])
    let lines = try result("text.tokenize", ["text": "hi there", "granularity": "line"])
    #expect(lines["tokens"]?.arrayValue?.first?["kind"] == nil)
}

@Test func tokenizeRangeClipsUnitsButKeepsWholeTextContext() throws {
    // "ello wor" inside "hello world": the clipped words keep their kinds.
    let value = try result("text.tokenize", ["text": "hello world", "granularity": "word", "range": ["start": 1, "end": 9]])
    #expect(ranges(value) == [[1, 5], [5, 6], [6, 9]])
    #expect(value["tokens"]?.arrayValue?.map { $0["kind"]!.stringValue! } == ["word", "other", "word"])
    let empty = try result("text.tokenize", ["text": "hello", "granularity": "word", "range": ["start": 2, "end": 2]])
    #expect(ranges(empty).isEmpty)
}

@Test func tokenizeLimitTruncatesAndSaysSo() throws {
    let value = try result("text.tokenize", ["text": "a b c", "granularity": "word", "wordsOnly": true, "limit": 2])
    #expect(ranges(value) == [[0, 1], [2, 3]])
    #expect(value["truncated"] == true)
    let whole = try result("text.tokenize", ["text": "a b c", "granularity": "word", "wordsOnly": true, "limit": 3])
    #expect(whole["truncated"] == nil)
}

@Test func boundaryMovesToTheNextOrPreviousBoundary() throws {
    func boundary(_ position: Int, _ direction: String, wordsOnly: Bool = false, granularity: String = "word") throws -> JSONValue {
        try result("text.boundary", ["text": "hello  big world", "position": .int(position), "granularity": .string(granularity),
                                     "direction": .string(direction), "wordsOnly": .bool(wordsOnly)])
    }
    #expect(try boundary(2, "forward")["position"] == 5)
    #expect(try boundary(5, "forward")["position"] == 7)
    #expect(try boundary(5, "forward", wordsOnly: true)["position"] == 7)
    #expect(try boundary(5, "backward")["position"] == 0)
    #expect(try boundary(7, "backward", wordsOnly: true)["position"] == 5)
    #expect(try boundary(16, "forward")["position"] == .null)
    #expect(try boundary(0, "backward")["position"] == .null)
    #expect(try boundary(3, "forward", granularity: "document")["position"] == 16)
    // atBoundary: forward means a unit ends here, backward that one starts here.
    #expect(try boundary(5, "forward", wordsOnly: true)["atBoundary"] == true)
    #expect(try boundary(5, "backward", wordsOnly: true)["atBoundary"] == false)
    #expect(try boundary(7, "backward", wordsOnly: true)["atBoundary"] == true)
    #expect(try boundary(2, "forward")["atBoundary"] == false)
    // withinUnit: the text on that side of the position belongs to a unit.
    #expect(try boundary(5, "forward", wordsOnly: true)["withinUnit"] == false)
    #expect(try boundary(5, "backward", wordsOnly: true)["withinUnit"] == true)
    #expect(try boundary(6, "forward")["withinUnit"] == true)
}

@Test func boundaryInsideARangeStopsAtItsEnds() throws {
    let value = try result("text.boundary", ["text": "hello world", "position": 7, "granularity": "word",
                                              "direction": "forward", "range": ["start": 6, "end": 9]])
    #expect(value["position"] == 9)
    #expect(errorCode("text.boundary", ["text": "hello world", "position": 2, "granularity": "word",
                                         "direction": "forward", "range": ["start": 6, "end": 9]]) == -32005)
}

@Test func enclosingFindsTheUnitAroundAPosition() throws {
    func enclosing(_ text: String, _ position: Int, _ granularity: String = "word", direction: String? = nil,
                   wordsOnly: Bool = false) throws -> JSONValue? {
        var params: JSONObject = ["text": .string(text), "position": .int(position), "granularity": .string(granularity),
                                  "wordsOnly": .bool(wordsOnly)]
        if let direction { params["direction"] = .string(direction) }
        return try result("text.enclosing", params)["range"]
    }
    #expect(try enclosing("hello world", 2) == ["start": 0, "end": 5])
    #expect(try enclosing("hello world", 5) == ["start": 0, "end": 5])
    #expect(try enclosing("hello world", 6) == ["start": 6, "end": 11])
    #expect(try enclosing("hello world", 11) == ["start": 6, "end": 11])
    #expect(try enclosing("hello world", 5, direction: "forward") == ["start": 5, "end": 6])
    #expect(try enclosing("hello world", 5, direction: "forward", wordsOnly: true) == .null)
    #expect(try enclosing("a   b", 2, wordsOnly: true) == .null)
    #expect(try enclosing("a   b", 2) == ["start": 1, "end": 4])
    #expect(try enclosing("One. Two.", 6, "sentence") == ["start": 5, "end": 9])
    #expect(try enclosing("", 0, "document") == .null)
    #expect(try enclosing("😀x", 2, "character") == ["start": 2, "end": 3])
}

@Test func badTextUnitParamsAreClearErrors() {
    #expect(errorCode("text.tokenize", ["text": "x", "granularity": "syllable"]) == -32602)
    #expect(errorCode("text.tokenize", ["text": "x"]) == -32602)
    #expect(errorCode("text.tokenize", ["text": "x", "granularity": "word", "locale": "en US"]) == -32602)
    #expect(errorCode("text.tokenize", ["text": "x", "granularity": "word", "range": ["start": 0, "end": 5]]) == -32005)
    #expect(errorCode("text.boundary", ["text": "😀", "granularity": "word", "position": 1, "direction": "forward"]) == -32005)
    #expect(errorCode("text.boundary", ["text": "ab", "granularity": "word", "position": 1, "direction": "up"]) == -32602)
    #expect(errorCode("text.boundary", ["text": "ab", "granularity": "word", "position": 1]) == -32602)
    #expect(errorCode("text.enclosing", ["text": "ab", "granularity": "word", "position": 3]) == -32005)
    #expect(errorCode("text.tokenize", ["text": "é", "granularity": "word", "range": ["start": 0, "end": 1],
                                        "positionEncoding": "utf-8"]) == -32005)
}

@Test func tokenizerIsSafeFromManyThreads() async throws {
    let text = TextBuffer(String(repeating: "The quick brown fox jumps. ", count: 200))
    let expected = try Tokenizer(granularity: .word).tokens(in: text)
    try await withThrowingTaskGroup(of: [Token].self) { group in
        for index in 0..<16 {
            let granularity: Granularity = index % 2 == 0 ? .word : .word
            group.addTask { try Tokenizer(granularity: granularity).tokens(in: text) }
        }
        for try await tokens in group { #expect(tokens == expected) }
    }
}
@Test func positionsAtTheEndOfLongTextsWork() throws {
    // 300 bytes: the end lies past the last 256-byte checkpoint of the offset tables.
    let text = String(repeating: "word ", count: 59) + "last!"
    for encoding in ["utf-16", "utf-8", "utf-32"] {
        let last = try result("text.enclosing", ["text": .string(text), "position": 300, "granularity": "word",
                                                 "positionEncoding": .string(encoding)])
        #expect(last["range"] == ["start": 299, "end": 300])
        let word = try result("text.enclosing", ["text": .string(text), "position": 299, "granularity": "word",
                                                 "positionEncoding": .string(encoding)])
        #expect(word["range"] == ["start": 295, "end": 299])
    }
}
