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

    @Test func lineLocatorAgreesWithCountingLinesAndCharacters() {
        // Line feeds at every offset within eight-byte words, carriage returns and non-ASCII on some lines.
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", " ", "\n", "\r\n", "\u{E9}", "e\u{301}", "\u{65E5}", "\u{1F600}", "\r"]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 0...120, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            let offsets = (0...bytes.count).filter { $0 == bytes.count || bytes[$0] & 0xC0 != 0x80 }
            let asked = offsets.filter { _ in Bool.random(using: &generator) }
            var locator = LineLocator(TextBuffer(text))
            for offset in asked {
                let before = bytes[..<offset]
                let line = before.filter { $0 == 0x0A }.count + 1
                let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
                // Columns are counted piece by piece from the last offset asked on the line, as `locate` counts them.
                let found = locator.locate(UTF8Offset(offset))
                #expect(found.line == line, "\(text.debugDescription) at \(offset)")
                if offset == lineStart { #expect(found.column == 1) }
                if !before[lineStart...].contains(0x0D), !before[lineStart...].contains(where: { $0 >= 0x80 }) {
                    #expect(found.column == offset - lineStart + 1, "\(text.debugDescription) at \(offset)")
                }
            }
        }
        var locator = LineLocator(TextBuffer("ab\r\ncd\nx\u{E9}e\u{301}z"))
        #expect(locator.locate(UTF8Offset(2)) == (line: 1, column: 3))
        #expect(locator.locate(UTF8Offset(5)) == (line: 2, column: 2))
        #expect(locator.locate(UTF8Offset(13)) == (line: 3, column: 4))
        #expect(locator.locate(UTF8Offset(1)) == (line: 1, column: 2))
    }

    @Test func concurrentFirstConversionsAgree() {
        let text = String(repeating: "a\u{E9}\u{1F600}\n", count: 500)
        let buffer = TextBuffer(text)
        let answers = OrderedParallelMap.map(64, state: { () }) { _, index in
            buffer.encode(UTF8Offset(index * 10 - index * 10 % 8), as: index % 2 == 0 ? .utf16 : .utf32)
        }
        for (index, answer) in answers.enumerated() {
            let prefix = String(decoding: Array(text.utf8)[..<(index * 10 - index * 10 % 8)], as: UTF8.self)
            #expect(answer == (index % 2 == 0 ? prefix.utf16.count : prefix.unicodeScalars.count))
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
