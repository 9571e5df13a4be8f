import Testing
import TextServicesJSON

/// The parser's JSONC syntax (comments and trailing commas) and the offsets it reports.
@Suite struct JSONCTests {
    @Test func commentsAndTrailingCommasAreAcceptedOnlyAsJSONC() throws {
        let text = """
        // leading
        {"a": [1, 2, /* two */ ], "b": {"c": "d",}, // after
        }
        """
        let value = try JSONParser.parse(text, syntax: .jsonc)
        #expect(value == .object(["a": .array([1, 2]), "b": .object(["c": "d"])]))
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("[1,]") }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("[1] // no") }
    }

    @Test func jsoncStaysStrictElsewhere() {
        for bad in ["[,]", "{,}", "[1,,]", "{\"a\":1,,}", "[+1]", "[NaN]", "/* open", "[1 /* open ]"] {
            #expect(throws: JSONParser.Failure.self, "\(bad)") { try JSONParser.parse(bad, syntax: .jsonc) }
        }
    }

    @Test func anUnclosedCommentIsReportedWhereItStarts() {
        let failure = #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("{\n/* never closed\n", syntax: .jsonc) }
        #expect(failure?.offset == 2)
    }

    @Test func locatedParsingGivesWhereEachValueStarts() throws {
        let text = "{\"words\": [\"a\",\n  \"b\"], \"words\": [\"c\"], \"n\": {\"x\": null}}"
        let document = try JSONParser.parseLocated(Array(text.utf8), syntax: .jsonc)
        #expect(document.offset(of: []) == 0)
        // A repeated key: the last one's value, as the object keeps.
        #expect(document.offset(of: [.key("words")]) == 33)
        #expect(document.offset(of: [.key("words"), .index(0)]) == 34)
        #expect(document.offset(of: [.key("n"), .key("x")]) == 51)
        #expect(document.offset(of: [.key("missing")]) == nil)
        #expect(document.value["words"] == .array(["c"]))
    }
}
