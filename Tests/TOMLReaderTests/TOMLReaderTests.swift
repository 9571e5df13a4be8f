import Testing
@testable import TOMLReader

/// The project config's TOML, read into plain values; faults carry their line.
@Suite struct TOMLReaderTests {
    @Test func tablesArraysAndScalarsBecomePlainValuesSortedByKey() throws {
        let entries = try TOMLReader.parse("""
            language = "en_GB"
            minimum = 3
            ratio = 0.5
            strict = true
            exclude = ["vendor/**", "*.lock"]

            [code]
            identifier-parts = false

            [[overrides]]
            glob = "docs/de/**"
            language = "de_DE"
            """)
        #expect(entries.map(\.key) == ["code", "exclude", "language", "minimum", "overrides", "ratio", "strict"])
        let value = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) })
        #expect(value["language"] == .string("en_GB"))
        #expect(value["minimum"] == .integer(3))
        #expect(value["ratio"] == .float(0.5))
        #expect(value["strict"] == .bool(true))
        #expect(value["exclude"]?.array == [.string("vendor/**"), .string("*.lock")])
        #expect(value["code"]?.table == [TOMLEntry(key: "identifier-parts", value: .bool(false))])
        let override = try #require(value["overrides"]?.array?.first?.table)
        #expect(override.map(\.key) == ["glob", "language"])
    }

    @Test func datesAreKeptAsTheirText() throws {
        let entries = try TOMLReader.parse("since = 2026-11-27\n")
        guard case .other(let text) = entries.first?.value else {
            Issue.record("a date read as \(String(describing: entries.first?.value))")
            return
        }
        #expect(text.contains("2026-11-27"))
    }

    @Test func aSyntaxErrorNamesItsLine() {
        #expect {
            try TOMLReader.parse("language = \"en\"\nwords = [\"a\",\n\nminimum = = 3\n")
        } throws: { error in
            guard let fault = error as? TOMLFault else { return false }
            return fault.line > 1 && !fault.reason.isEmpty
        }
        #expect(throws: TOMLFault.self) { try TOMLReader.parse("a = 1\na = 2\n") }
    }

    @Test func aTableHeaderWithoutAKeyIsAFaultNotAnAbort() {
        for header in ["[ = 3", "[]", "[[.a]]", "  [ ]"] {
            #expect(throws: TOMLFault(line: 2, reason: "a table header needs a key after [")) {
                try TOMLReader.parse("a = 1\n\(header)\n")
            }
        }
    }

    @Test func aBracketInsideAMultiLineStringIsText() throws {
        let entries = try TOMLReader.parse("note = \"\"\"\n[ not a header\n\"\"\"\nb = 2\n")
        #expect(entries.map(\.key) == ["b", "note"])
        #expect(entries[1].value == .string("[ not a header\n"))
    }
}
