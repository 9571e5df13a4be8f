import Testing
@testable import TextServices

@Test func parsesNestedJSONAndKeepsKeyOrder() throws {
    let value = try JSONParser.parse(#"{"b":1,"a":[true,null,"x\u00e9\ud83d\ude00"],"c":-2.5e1}"#)
    #expect(value["a"] == .array([.bool(true), .null, .string("xé😀")]))
    #expect(value["c"] == .double(-25))
    #expect(value.serialized == #"{"b":1,"a":[true,null,"xé😀"],"c":-25}"#)
}

@Test func rejectsMalformedJSONWithTheOffset() {
    for bad in ["{", "{\"a\":}", "[1,]", "01", "\"\\ud800\"", "nul", "{\"a\":1} x", "\"\u{01}\""] {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(bad) }
    }
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
}

@Test func limitsNestingDepth() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(deep) }
}
