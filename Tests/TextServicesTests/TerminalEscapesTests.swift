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

/// A manual page's overstrikes (bold and underline as nroff writes them for a terminal) are found with their struck character.
@Suite struct OverstrikeTests {
    @Test func boldAndUnderlineLeaveTheLettersAndMultiByteCharactersAreStruckWhole() {
        let text = "g\u{08}gi\u{08}it\u{08}t _\u{08}f\u{08}é\u{08}é\u{08}"
        let bytes = Array(text.utf8)
        let struck = TerminalEscapes.overstrikes(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(struck == ["g\u{08}", "i\u{08}", "t\u{08}", "_\u{08}", "f\u{08}", "é\u{08}", "é\u{08}"])
        #expect(TerminalEscapes.overstrikes(in: Array("\u{08}x no backspace".utf8)) == [0..<1])
        #expect(TerminalEscapes.overstrikes(in: Array("plain".utf8)).isEmpty)
    }

    @Test func anOverstruckManualPageIsNotCheckedAsFragments() throws {
        let page = "S\u{08}SY\u{08}YN\u{08}NO\u{08}OP\u{08}PS\u{08}SI\u{08}IS\u{08}S\n       g\u{08}gi\u{08}it\u{08}t c\u{08}co\u{08}om\u{08}mm\u{08}mi\u{08}it\u{08}t --interactive\n"
        let mask = DocumentChecker(settings: nil).mask(TextBuffer(page), kind: .plainText)
        let visible = String(decoding: mask.masked(), as: UTF8.self)
        #expect(!visible.contains("co") && !visible.contains("SY") && visible.contains("interactive"), "\(visible)")
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

    @Test func anUnendedBlockOrOneWithOtherLinesIsNoBlock() {
        #expect(ArmoredBlocks.ranges(in: Array("x\n-----BEGIN CERTIFICATE-----\nMIIB\nmore words here".utf8)).isEmpty)
        let code = "static const char *markers[] = {\n\t\"-----BEGIN PGP SIGNATURE-----\",\n\t\"-----BEGIN PGP MESSAGE-----\",\n};\n"
        #expect(ArmoredBlocks.ranges(in: Array(code.utf8)).isEmpty)
        let prose = "-----BEGIN PGP SIGNATURE-----\nThe signature goes here.\n-----END PGP SIGNATURE-----\n"
        #expect(ArmoredBlocks.ranges(in: Array(prose.utf8)).isEmpty)
        #expect(ArmoredBlocks.ranges(in: Array("----- not a block -----".utf8)).isEmpty)
    }

    @Test func armorHeadersAndBlankLinesBelongToTheBlock() {
        let text = "-----BEGIN PGP SIGNATURE-----\nVersion: GnuPG v2\n\niQEzBAABCAAdFiEE+r/w=\n-----END PGP SIGNATURE-----\n"
        #expect(ArmoredBlocks.ranges(in: Array(text.utf8)) == [0..<text.utf8.count])
    }
}
