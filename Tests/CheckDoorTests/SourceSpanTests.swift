import CheckDoor
import Testing
import TextServices

/// Columns as SARIF and GitHub count them: UTF-16 code units from 1, end exclusive.
@Suite struct SourceSpanTests {
    private func span(of word: String, in string: String, line: Int) throws -> SourceSpan {
        let bytes = Array(string.utf8)
        let needle = Array(word.utf8)
        let start = try #require(bytes.indices.first { bytes[$0...].starts(with: needle) })
        let range = UTF8Offset(start)..<UTF8Offset(start + needle.count)
        return SourceSpan(range, in: TextBuffer(string), line: line)
    }

    @Test func columnsCountFromTheLineStartNotTheText() throws {
        #expect(try span(of: "wrold", in: "first line\nhello wrold\n", line: 2)
            == SourceSpan(line: 2, startColumn: 7, endColumn: 12))
    }

    @Test func accentsCountOneUnitAndCharactersBeyondTheBasicPlaneTwo() throws {
        #expect(try span(of: "wrold", in: "é wrold", line: 1) == SourceSpan(line: 1, startColumn: 3, endColumn: 8))
        #expect(try span(of: "wrold", in: "😀 wrold", line: 1) == SourceSpan(line: 1, startColumn: 4, endColumn: 9))
        #expect(try span(of: "𝒜bc", in: "x 𝒜bc", line: 1) == SourceSpan(line: 1, startColumn: 3, endColumn: 7))
    }
}
