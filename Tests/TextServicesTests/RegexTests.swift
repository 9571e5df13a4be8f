import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

private func makeHandler(dataHome: String, _ adjust: (inout Limits) -> Void = { _ in }) -> RequestDispatcher {
    var limits = Limits()
    adjust(&limits)
    return RequestDispatcher(services: Services(configuration: Configuration(
        dataHome: dataHome,
        bundledDictionaries: nil, limits: limits)))
}

private let handler = makeHandler(dataHome: TestSupport.temporaryFolder("regex-tests"))

private func call(_ method: String, _ params: JSONObject, on handler: RequestDispatcher = handler) -> Result<JSONValue, ServiceError> {
    handler.call(method: method, params: params, session: ConnectionState())
}

private func result(_ method: String, _ params: JSONObject) throws -> JSONValue {
    try call(method, params).get()
}

private func failure(_ method: String, _ params: JSONObject, on handler: RequestDispatcher = handler) -> ServiceError? {
    if case .failure(let error) = call(method, params, on: handler) { return error }
    return nil
}

/// The whole-match ranges of `regex.find` as [start, end] pairs.
private func found(_ pattern: String, _ text: String, _ extra: JSONObject = [:]) throws -> [[Int]] {
    var params: JSONObject = ["pattern": .string(pattern), "text": .string(text)]
    for (key, value) in extra { params[key] = value }
    return try result("regex.find", params)["matches"]!.arrayValue!.map { [$0["range"]!["start"]!.intValue!, $0["range"]!["end"]!.intValue!] }
}

private func replaced(_ pattern: String, _ text: String, _ template: String, _ extra: JSONObject = [:]) throws -> String {
    var params: JSONObject = ["pattern": .string(pattern), "text": .string(text), "template": .string(template)]
    for (key, value) in extra { params[key] = value }
    return try result("regex.replace", params)["text"]!.stringValue!
}

@Test func findReturnsEveryMatchWithGroupsAndNames() throws {
    let value = try result("regex.find", ["pattern": #"(?<key>\w+)=(\d+)?"#, "text": "a=1 b= c=22"])
    let matches = value["matches"]!.arrayValue!
    #expect(matches.count == 3)
    #expect(matches[0]["groups"] == [["start": 0, "end": 3], ["start": 0, "end": 1], ["start": 2, "end": 3]])
    #expect(matches[1]["groups"] == [["start": 4, "end": 6], ["start": 4, "end": 5], .null])
    #expect(matches[2]["names"] == ["key": ["start": 7, "end": 8]])
    #expect(matches[0]["range"] == matches[0]["groups"]!.arrayValue![0])
    let plain = try result("regex.find", ["pattern": "(a)|(b)", "text": "b"])
    #expect(plain["matches"]!.arrayValue![0]["names"] == nil)
    #expect(plain["matches"]!.arrayValue![0]["groups"] == [["start": 0, "end": 1], .null, ["start": 0, "end": 1]])
}

@Test func emptyMatchesAdvanceOneScalarAndNeverRepeat() throws {
    #expect(try found("a*", "baaa") == [[0, 0], [1, 4], [4, 4]])
    #expect(try found("", "a😀b") == [[0, 0], [1, 1], [3, 3], [4, 4]])
    #expect(try found("", "a😀b", ["positionEncoding": "utf-8"]) == [[0, 0], [1, 1], [5, 5], [6, 6]])
    #expect(try found("", "a😀b", ["positionEncoding": "utf-32"]) == [[0, 0], [1, 1], [2, 2], [3, 3]])
    #expect(try found(#"\b"#, "ab cd") == [[0, 0], [2, 2], [3, 3], [5, 5]])
    #expect(try found("x*", "") == [[0, 0]])
    #expect(try replaced("x*", "abc", "-") == "-a-b-c-")
}

@Test func matchesNextToAstralCharactersReportEachUnit() throws {
    let text = "😀b👍🏽b"
    #expect(try found("b", text) == [[2, 3], [7, 8]])
    #expect(try found("b", text, ["positionEncoding": "utf-8"]) == [[4, 5], [13, 14]])
    #expect(try found("b", text, ["positionEncoding": "utf-32"]) == [[1, 2], [4, 5]])
    // `.` takes a whole scalar, never half a surrogate pair.
    #expect(try found(".", "😀") == [[0, 2]])
    #expect(try found(#"\X"#, "👍🏽x") == [[0, 4], [4, 5]])
    #expect(try found("b", text, ["range": ["start": 2, "end": 8]]) == [[2, 3], [7, 8]])
    #expect(failure("regex.find", ["pattern": "b", "text": .string(text), "range": ["start": 1, "end": 3]])?.code == -32005)
}

@Test func anchorsAndLookaroundRespectTheRange() throws {
    #expect(try found("^b", "abc", ["range": ["start": 1, "end": 3]]) == [[1, 2]])
    #expect(try found("b$", "abc", ["range": ["start": 0, "end": 2]]) == [[1, 2]])
    #expect(try found("^b", "abc", ["range": ["start": 1, "end": 3], "options": ["withoutAnchoringBounds": true]]).isEmpty)
    #expect(try found("(?<=a)b", "abc", ["range": ["start": 1, "end": 3]]).isEmpty)
    #expect(try found("(?<=a)b", "abc", ["range": ["start": 1, "end": 3], "options": ["transparentBounds": true]]) == [[1, 2]])
    #expect(try found("(?<!a)b", "abc", ["range": ["start": 1, "end": 3]]) == [[1, 2]])
    #expect(try found("(?<!a)b", "abc", ["range": ["start": 1, "end": 3], "options": ["transparentBounds": true]]).isEmpty)
    #expect(try found("a(?=b)", "ab", ["range": ["start": 0, "end": 1]]).isEmpty)
    #expect(try found("a(?=b)", "ab", ["range": ["start": 0, "end": 1], "options": ["transparentBounds": true]]) == [[0, 1]])
    #expect(try found(#"\bb"#, "abc", ["range": ["start": 1, "end": 3]]) == [[1, 2]])
    #expect(try found("b$", "abc", ["range": ["start": 0, "end": 2], "options": ["withoutAnchoringBounds": true]]).isEmpty)
    #expect(try found("^x", "a\nx").isEmpty)
    #expect(try found("^x", "a\nx", ["options": ["multiline": true]]) == [[2, 3]])
    #expect(try found("b", "abcb", ["range": ["start": 2, "end": 2]]).isEmpty)
    #expect(try found("", "abc", ["range": ["start": 2, "end": 2]]) == [[2, 2]])
}

@Test func optionsChangeHowPatternsMatch() throws {
    #expect(try found("straße", "STRASSE Straße", ["options": ["caseInsensitive": true]]) == [[0, 7], [8, 14]])
    #expect(try found("a.c", "a\nc").isEmpty)
    #expect(try found("a.c", "a\nc", ["options": ["dotAll": true]]) == [[0, 3]])
    #expect(try found("a+(b)", "a+(b) aab", ["options": ["literal": true]]) == [[0, 5]])
    #expect(try found("a b # comment", "ab a b", ["options": ["comments": true]]) == [[0, 2]])
    #expect(try found(#"\bt\b"#, "can't") == [[4, 5]])
    #expect(try found(#"\bt\b"#, "can't", ["options": ["unicodeWordBoundaries": true]]).isEmpty)
    #expect(try found(#"\q"#, "q") == [[0, 1]])
    #expect(failure("regex.find", ["pattern": #"\q"#, "text": "q", "options": ["errorOnUnknownEscapes": true]])?.code == -32002)
    #expect(try found("a", "aab", ["options": ["anchored": true]]) == [[0, 1], [1, 2]])
    #expect(try found("a", "ba", ["options": ["anchored": true]]).isEmpty)
    #expect(try found("a*", "aab", ["options": ["anchored": true]]) == [[0, 2], [2, 2]])
    #expect(try found("b", "abba", ["options": ["anchored", "caseInsensitive"], "range": ["start": 1, "end": 4]]) == [[1, 2], [2, 3]])
    #expect(failure("regex.find", ["pattern": "a", "text": "a", "options": ["caseInsenstive": true]])?.data == ["field": "options.caseInsenstive"])
    #expect(failure("regex.find", ["pattern": "a", "text": "a", "options": ["dotAll": 1]])?.code == -32602)
}

@Test func backwardsReturnsTheLastMatchFirst() throws {
    #expect(try found("a", "aXaXa", ["backwards": true]) == [[4, 5], [2, 3], [0, 1]])
    #expect(try found("a", "aXaXa", ["backwards": true, "limit": 2]) == [[4, 5], [2, 3]])
    #expect(try found("a", "aXaXa", ["backwards": true, "limit": 1, "range": ["start": 0, "end": 4]]) == [[2, 3]])
    #expect(try found("a*", "ba", ["backwards": true]) == [[2, 2], [1, 2], [0, 0]])
}

@Test func limitsCapMatchesAndTheServerCeilingIsReported() throws {
    #expect(try found("a", "aaaaa", ["limit": 2]) == [[0, 1], [1, 2]])
    #expect(try found("a", "aaaaa", ["limit": 0]).isEmpty)
    let scratch = TemporaryFolder("regex-tests"); defer { scratch.remove() }
    let small = makeHandler(dataHome: scratch.path) { $0.maximumResults = 3 }
    let capped = try call("regex.find", ["pattern": "a", "text": "aaaaa"], on: small).get()
    #expect(capped["matches"]?.arrayValue?.count == 3)
    #expect(capped["truncated"] == true)
    let asked = try call("regex.find", ["pattern": "a", "text": "aaaaa", "limit": 2], on: small).get()
    #expect(asked["matches"]?.arrayValue?.count == 2)
    #expect(asked["truncated"] == nil)
    let exact = try call("regex.find", ["pattern": "a", "text": "aaa"], on: small).get()
    #expect(exact["truncated"] == nil)
}

@Test func replaceExpandsTemplates() throws {
    #expect(try replaced(#"(\w+)@(\w+)"#, "joe@example", "$2 at $1") == "example at joe")
    #expect(try replaced(#"(?<user>\w+)@(?<host>\w+)"#, "joe@example", "${host}/${user}/${1}") == "example/joe/joe")
    #expect(try replaced(#"(\d+)"#, "cost 5", #"\$$1.00"#) == "cost $5.00")
    #expect(try replaced("(a)", "a", "$12") == "a2")
    #expect(try replaced("(a)|(b)", "ab", "[$2]") == "[][b]")
    #expect(try replaced("a", "a", #"\\\u00e9\n"#) == #"\én"#)
    #expect(try replaced("o", "foo boo", "0", ["limit": 2]) == "f00 boo")
    #expect(try replaced("o", "foo boo", "0", ["range": ["start": 3, "end": 7]]) == "foo b00")
    #expect(try replaced("😀", "a😀b😀", "🙂") == "a🙂b🙂")
    let counted = try result("regex.replace", ["pattern": "o", "text": "foo", "template": "0"])
    #expect(counted["count"] == 2)
    for bad in ["$2", "${nope}", "${1", "price $", "$x", #"trailing\"#] {
        #expect(failure("regex.replace", ["pattern": "(a)", "text": "a", "template": .string(bad)])?.code == -32602, "\(bad)")
    }
}

@Test func invalidPatternsReportWhereAndWhy() throws {
    let error = try #require(failure("regex.find", ["pattern": "(abc", "text": "x"]))
    #expect(error.code == -32002)
    #expect(error.data?["offset"] == 4)
    #expect(error.data?["line"] == 1)
    #expect(error.data?["reason"]?.stringValue?.contains("U_REGEX_MISMATCHED_PAREN") == true)
    // Offsets count from the start of the pattern, in the request's unit.
    #expect(failure("regex.find", ["pattern": "😀(", "text": "x"])?.data?["offset"] == 3)
    #expect(failure("regex.find", ["pattern": "😀(", "text": "x", "positionEncoding": "utf-8"])?.data?["offset"] == 5)
    let second = failure("regex.find", ["pattern": "a # one\n(b # two", "text": "x", "options": ["comments": true]])
    #expect(second?.data?["line"] == 2)
    #expect(second?.data?["offset"] == 16)
    #expect(failure("regex.find", ["pattern": "[z-a]", "text": "x"])?.code == -32002)
    #expect(failure("regex.find", ["pattern": "a{2,1}", "text": "x"])?.code == -32002)
    #expect(failure("regex.find", ["pattern": #"(?<=a+)b"#, "text": "x"])?.code == -32002)
    #expect(failure("regex.find", ["text": "x"])?.code == -32602)
    #expect(failure("regex.replace", ["pattern": "x", "text": "x"])?.code == -32602)
}

@Test func catastrophicPatternsStopAtTheTimeLimit() throws {
    let scratch = TemporaryFolder("regex-tests"); defer { scratch.remove() }
    let quick = makeHandler(dataHome: scratch.path) { $0.regexTimeLimitMilliseconds = 200 }
    let text = String(repeating: "a", count: 64) + "b"
    let error = try #require(failure("regex.find", ["pattern": "(a+)+$", "text": .string(text)], on: quick))
    #expect(error.code == -32003)
    #expect(error.data?["limit"] == "time")
    #expect(error.data?["milliseconds"] == 200)
    #expect(failure("regex.replace", ["pattern": "(a+)+$", "text": .string(text), "template": "x"], on: quick)?.code == -32003)
    // The handler and the cached pattern carry on.
    #expect(try call("regex.find", ["pattern": "(a+)+$", "text": "aaa"], on: quick).get()["matches"]?.arrayValue?.count == 1)
}

@Test func namedGroupsAreReadFromThePatternOnly() {
    let names = RegularExpression.candidateGroupNames(
        in: #"\(?<no1>x) [(?<no2>)] \Q(?<no3>)\E (?<=a)(?<!b) (?#(?<no4>)) (?<yes1>a)(?<Yes2>b[[]x])"#, comments: false)
    #expect(names == ["yes1", "Yes2"])
    #expect(RegularExpression.candidateGroupNames(in: "# (?<no>x)\n(?<yes>y)", comments: true) == ["yes"])
}

@Test func compiledPatternsAreCachedAndSharedAcrossThreads() async throws {
    let cache = RegexCache(capacity: 2)
    _ = try RegularExpression("a", cache: cache)
    _ = try RegularExpression("b", cache: cache)
    _ = try RegularExpression("a", cache: cache)
    _ = try RegularExpression("c", cache: cache)
    #expect(cache.count == 2)
    let regex = try RegularExpression(#"(\w+)\s(\d+)"#)
    try await withThrowingTaskGroup(of: Bool.self) { group in
        for index in 0..<32 {
            group.addTask {
                let text = TextBuffer(String(repeating: "word\(index) \(index) ", count: 50))
                let matches = try regex.matches(in: text).matches
                return matches.count == 50 && matches.allSatisfy { text.string($0.groups[2]!) == "\(index)" }
            }
        }
        for try await ok in group { #expect(ok) }
    }
}
