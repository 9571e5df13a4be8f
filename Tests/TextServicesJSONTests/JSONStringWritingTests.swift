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

    @Test func contiguousAndByteByByteWritingAgreeOnEveryMixOfPlainAndEscapedBytes() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "plain run of text ", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "é", "\u{1F600}", "/", "\u{7F}"]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            var contiguous: [UInt8] = []
            JSONValue.writeString(utf8: Array(text.utf8), to: &contiguous)
            var byteByByte: [UInt8] = []
            // A lazy map has no contiguous storage, so it takes the byte-by-byte path.
            JSONValue.writeString(utf8: text.utf8.lazy.map { $0 }, to: &byteByByte)
            #expect(contiguous == byteByByte, "\(text.debugDescription)")
            #expect(try JSONParser.parse(contiguous) == .string(text), "\(text.debugDescription)")
        }
    }
}
