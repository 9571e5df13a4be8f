import Testing
@testable import TextServices

/// Terminal escape sequences in captured terminal output are found whole.
@Suite struct TerminalEscapesTests {
    func found(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return TerminalEscapes.ranges(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    @Test func controlSequencesEndAtTheirFinalByte() {
        #expect(found("\u{1B}[1;33m\u{1B}[KWhenever\u{1B}[m\u{1B}[K done") == ["\u{1B}[1;33m", "\u{1B}[K", "\u{1B}[m", "\u{1B}[K"])
        #expect(found("\u{1B}[?25lhidden") == ["\u{1B}[?25l"])
    }

    @Test func hyperlinksAndTwoByteEscapesAreWholeAndALoneEscapeIsOneByte() {
        #expect(found("\u{1B}]8;;https://x.org\u{07}link\u{1B}]8;;\u{1B}\\ end") == ["\u{1B}]8;;https://x.org\u{07}", "\u{1B}]8;;\u{1B}\\"])
        #expect(found("a\u{1B}(Bb\u{1B}Mc") == ["\u{1B}(B", "\u{1B}M"])
        #expect(found("end\u{1B}") == ["\u{1B}"])
        #expect(found("no escapes at all").isEmpty)
    }
}
