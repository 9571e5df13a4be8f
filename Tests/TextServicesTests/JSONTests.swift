import Testing
@testable import TextServices

@Test func parsesNestedJSONAndKeepsKeyOrder() throws {
    let value = try JSONParser.parse(#"{"b":1,"a":[true,null,"x\u00e9\ud83d\ude00"],"c":-2.5e1}"#)
    #expect(value["a"] == .array([.bool(true), .null, .string("xé😀")]))
    #expect(value["c"] == .double(-25))
    #expect(value.serialized == #"{"b":1,"a":[true,null,"xé😀"],"c":-25}"#)
}
