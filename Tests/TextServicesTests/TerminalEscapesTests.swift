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

/// Armored keys and certificates are found from their BEGIN line through their END line.
@Suite struct ArmoredBlocksTests {
    @Test func aBlockRunsFromItsBeginLineThroughItsEndLine() {
        let text = "Key below.\n-----BEGIN PRIVATE KEY-----\nMIIEuwIBADANBgkqhkiG9w0BAQEFAASCBKUw\n-----END PRIVATE KEY-----\nAfter it.\n"
        let bytes = Array(text.utf8)
        let ranges = ArmoredBlocks.ranges(in: bytes)
        #expect(ranges.count == 1)
        #expect(ranges.first.map { String(decoding: bytes[$0], as: UTF8.self) }
                == "-----BEGIN PRIVATE KEY-----\nMIIEuwIBADANBgkqhkiG9w0BAQEFAASCBKUw\n-----END PRIVATE KEY-----\n")
    }

    @Test func anUnendedBlockRunsToTheEndAndTextWithoutOneHasNone() {
        let bytes = Array("x\n-----BEGIN CERTIFICATE-----\nMIIB".utf8)
        #expect(ArmoredBlocks.ranges(in: bytes) == [2..<bytes.count])
        #expect(ArmoredBlocks.ranges(in: Array("----- not a block -----".utf8)).isEmpty)
    }
}
