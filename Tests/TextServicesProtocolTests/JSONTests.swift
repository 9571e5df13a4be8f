import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

@Test func parsesNestedJSONAndKeepsKeyOrder() throws {
    let value = try JSONParser.parse(#"{"b":1,"a":[true,null,"x\u00e9\ud83d\ude00"],"c":-2.5e1}"#)
    #expect(value["a"] == .array([.bool(true), .null, .string("xé😀")]))
    #expect(value["c"] == .double(-25))
    #expect(value.serialized == #"{"b":1,"a":[true,null,"xé😀"],"c":-25}"#)
}

@Test func rejectsMalformedJSONWithTheOffset() {
    for bad in ["{", "{\"a\":}", "[1,]", "01", "nul", "{\"a\":1} x", "\"\u{01}\""] {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(bad) }
    }
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
}

/// RFC 8259 allows a lone surrogate escape; no Unicode string can hold one, so it parses to `invalidUnicode`.
@Test func unpairedSurrogateEscapesParseButAreNotText() throws {
    #expect(try JSONParser.parse(#""\ud800""#) == .invalidUnicode("\u{FFFD}"))
    #expect(try JSONParser.parse(#""a\udc00b""#) == .invalidUnicode("a\u{FFFD}b"))
    #expect(try JSONParser.parse(#""\ud800\u0041""#) == .invalidUnicode("\u{FFFD}A"))
    #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
    #expect(try JSONParser.parse(#"{"\ud800": 1}"#) == ["\u{FFFD}": 1])
    #expect(JSONValue.invalidUnicode("x").stringValue == nil)
}

@Test func limitsNestingDepth() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(deep) }
}

/// Found by fuzz/Requests.swift: `"id":1e400` parsed as infinity and was answered with `"id":null`.
@Test func rejectsNumbersBeyondDoubleRangeAtTheirOffset() throws {
    for bad in ["1e400", "-1e400", "[0, 1E+999]", "{\"id\":123456789012345678901234567890e300}"] {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(bad) }
    }
    #expect(throws: JSONParser.Failure(offset: 4, reason: "number out of range")) { try JSONParser.parse("[0, 1E+999]") }
    #expect(try JSONParser.parse("1e308") == .double(1e308))
    #expect(try JSONParser.parse("1e-400") == .double(0))
    #expect(try JSONParser.parse("123456789012345678901234567890") == .double(1.2345678901234568e29))
}

@Test func requestWithAHugeNumericIDIsAParseErrorWithANullID() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let handler = TestSupport.dispatcher(dataHome: scratch.folder("data"))
    let line = Array(#"{"jsonrpc":"2.0","id":1e400,"method":"stats"}"#.utf8)
    let response = try JSONParser.parse(handler.handle(line: line, session: ConnectionState())!)
    #expect(response["id"] == .null)
    #expect(response["error"]?["code"] == .int(-32700))
}

/// Every parsing case of nst/JSONTestSuite (Fixtures/JSONTestSuite): `y_` accepted, `n_` refused, `i_` either, never a crash.
@Test func jsonTestSuiteCasesAreAcceptedAndRefusedAsRFC8259Says() throws {
    let folder = TestSupport.fixtures("TextServicesProtocolTests") + "/JSONTestSuite/test_parsing"
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
    #expect(names.count > 300)
    var accepted = 0
    var refused = 0
    var decided: [String] = []
    for name in names {
        let bytes = try #require(FileSystem.read(folder + "/" + name))
        let outcome = Result { try JSONParser.parse(bytes) }
        switch name.prefix(2) {
        case "y_":
            #expect(throws: Never.self, "\(name) is valid JSON") { try outcome.get() }
            accepted += 1
        case "n_":
            #expect(throws: JSONParser.Failure.self, "\(name) is not JSON") { try outcome.get() }
            refused += 1
        default:
            decided.append("\(name): " + ((try? outcome.get()) == nil ? "refused" : "accepted"))
        }
    }
    // Lone surrogate escapes are valid JSON text that no Unicode string can hold: they parse, as `invalidUnicode`.
    let lone = try JSONParser.parse(try #require(FileSystem.read(folder + "/i_string_1st_surrogate_but_2nd_missing.json")))
    #expect(lone == [.invalidUnicode("\u{FFFD}")])
    print("JSONTestSuite: \(accepted) valid cases accepted, \(refused) invalid refused; implementation-defined: "
        + decided.joined(separator: "; "))
}
