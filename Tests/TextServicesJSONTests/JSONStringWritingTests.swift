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

    @Test func integersAreWrittenAsStringSpellsThem() {
        var generator = SystemRandomNumberGenerator()
        let edges = [0, 9, 10, 99, 100, -1, -9, -10, Int.max, Int.min, Int.max - 1, Int.min + 1]
        for value in edges + (0..<500).map({ _ in Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0...63, using: &generator) }) {
            var output: [UInt8] = []
            JSONValue.writeInt(value, to: &output)
            #expect(String(decoding: output, as: UTF8.self) == String(value))
        }
    }

    @Test func aStringWithEscapesBetweenLongRunsParsesBack() throws {
        let line = String(repeating: "plain words, ", count: 3000)
        let text = (0..<20).map { "\(line)\($0)\n\t\"" }.joined() + "end é"
        var output: [UInt8] = []
        JSONValue.writeString(utf8: text.utf8, to: &output)
        #expect(try JSONParser.parse(output) == .string(text))
    }
}
