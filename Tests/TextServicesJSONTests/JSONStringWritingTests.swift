import Testing
import TextServicesJSON

/// Writing UTF-8 bytes as a JSON string literal, as the wire's encoder and the CLI's JSON lines do.
@Suite struct JSONStringWritingTests {
    @Test func quotesBackslashesAndControlCharactersAreEscaped() {
        var output: [UInt8] = []
        JSONValue.writeString(utf8: Array("a\"b\\c\nd\re\tf\u{1}g".utf8)[...], to: &output)
        #expect(String(decoding: output, as: UTF8.self) == #""a\"b\\c\nd\re\tf\u0001g""#)
    }

    @Test func whatIsWrittenParsesBackToTheSameText() throws {
        let text = "café \u{1F600} \"quoted\" \\ \u{7}\u{1F}"
        var output: [UInt8] = []
        JSONValue.writeString(utf8: text.utf8, to: &output)
        #expect(try JSONParser.parse(output) == .string(text))
        #expect(JSONValue.string(text).serialized == String(decoding: output, as: UTF8.self))
    }
}
