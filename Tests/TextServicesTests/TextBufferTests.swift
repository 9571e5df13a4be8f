import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

@Suite struct TextBufferTests {
    @Test func convertsOffsetsBetweenUnitsAcrossCheckpoints() {
        // Long enough to cross several 256-byte checkpoints, with 1-, 2-, 3- and 4-byte scalars.
        let unit = "a\u{E9}\u{65E5}\u{1F600}"
        let text = String(repeating: unit, count: 200)
        let buffer = TextBuffer(text)
        var bytes = 0, utf16 = 0, scalars = 0
        for scalar in text.unicodeScalars {
            #expect(buffer.encode(UTF8Offset(bytes), as: .utf16) == utf16)
            #expect(buffer.encode(UTF8Offset(bytes), as: .utf32) == scalars)
            #expect(buffer.byteOffset(utf16, in: .utf16) == UTF8Offset(bytes))
            #expect(buffer.byteOffset(scalars, in: .utf32) == UTF8Offset(bytes))
            bytes += scalar.utf8.count
            utf16 += scalar.utf16.count
            scalars += 1
        }
        #expect(buffer.utf16Count == utf16)
        #expect(buffer.byteOffset(utf16, in: .utf16) == UTF8Offset(bytes))
    }

    @Test func countsAgreeWithSwiftsOnRandomTextsOfEveryLength() {
        var generator = SystemRandomNumberGenerator()
        let scalars = ["a", "\n", "\u{E9}", "\u{436}", "\u{65E5}", "\u{1F600}", "\u{10FFFF}", "\u{7F}", "\u{80}"]
        for _ in 0..<400 {
            let text = (0..<Int.random(in: 0...700, using: &generator)).map { _ in scalars.randomElement(using: &generator)! }.joined()
            let buffer = TextBuffer(text)
            #expect(buffer.utf16Count == text.utf16.count)
            #expect(buffer.scalarCount == text.unicodeScalars.count)
            #expect(buffer.encode(UTF8Offset(buffer.byteCount), as: .utf16) == text.utf16.count)
        }
    }

    @Test func rejectsPositionsThatSplitACodePointOrLieOutside() {
        let buffer = TextBuffer("x😀y")
        #expect(buffer.byteOffset(2, in: .utf16) == nil)
        #expect(buffer.byteOffset(2, in: .utf8) == nil)
        #expect(buffer.byteOffset(5, in: .utf8) == UTF8Offset(5))
        #expect(buffer.byteOffset(5, in: .utf16) == nil)
        #expect(buffer.byteOffset(-1, in: .utf32) == nil)
    }

    @Test func validatesUTF8AndReportsTheOffset() {
        #expect(UTF8Validation.firstInvalidOffset(in: Array("ok é 😀".utf8)) == nil)
        #expect(UTF8Validation.firstInvalidOffset(in: [0x61, 0xC3]) == 1)
        #expect(UTF8Validation.firstInvalidOffset(in: [0x61, 0xED, 0xA0, 0x80]) == 1)  // surrogate
        #expect(UTF8Validation.firstInvalidOffset(in: [0xC0, 0x80]) == 0)  // overlong
        #expect(UTF8Validation.firstInvalidOffset(in: [0x61, 0x62, 0xFF]) == 2)
    }
}
