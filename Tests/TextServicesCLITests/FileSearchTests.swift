import CheckDoor
import Foundation
import Testing
import TextServicesIO
import TextServices
import TextServicesCLI
import TextServicesProtocol
@testable import TextServicesTestSupport

@Suite struct FileSearchTests {
    private let scratch = TemporaryFolder("file-search")

    private static let client = LocalTextServices(services: TestSupport.sharedServices)

    /// What `search` prints for `text` named `name`, and whether it matched.
    private static func printed(_ search: FileSearch, _ text: String, name: String = "-") throws -> (String, Bool) {
        var collected: [UInt8] = []
        var output = StandardOutputBuffer { collected += $0 }
        let input = try CheckInput.validated(Array(text.utf8), name: name)
        let matched = try search.search(input, client: client, output: &output)
        output.flush()
        return (String(decoding: collected, as: UTF8.self), matched)
    }

    @Test func aMatchingLineIsPrintedWithItsPathLineAndCharacterColumn() throws {
        var search = FileSearch(pattern: "cat")
        search.ignoreCase = true
        let (text, matched) = try Self.printed(search, "café 😀 Cat\r\nno\nthe cat\n", name: "one.txt")
        #expect(matched)
        #expect(text == "one.txt:1:8: café 😀 Cat\none.txt:3:5: the cat\n")
    }

    @Test func onlyMatchingPrintsEachMatchWithItsLineBreaksEscaped() throws {
        var search = FileSearch(pattern: "b\\s+c")
        search.onlyMatching = true
        search.noFilename = true
        #expect(try Self.printed(search, "ab\r\ncd").0 == "1:2: b\\r\\nc\n")
    }

    @Test func maxCountStopsAnInputAfterThatManyLines() throws {
        var search = FileSearch(pattern: "x")
        search.maxCount = 2
        #expect(try Self.printed(search, "x\nx\nx\n").0 == "-:1:1: x\n-:2:1: x\n")
    }

    @Test func fixedStringsTakeThePatternLiterally() throws {
        var search = FileSearch(pattern: "a.c")
        search.fixedStrings = true
        let (text, matched) = try Self.printed(search, "abc\na.c\n")
        #expect(matched)
        #expect(text == "-:2:1: a.c\n")
        #expect(try !Self.printed(FileSearch(pattern: "zzz"), "abc\n").1)
    }

    @Test func aBadPatternIsReportedWithACaretUnderItsFault() {
        let search = FileSearch(pattern: "(abc")
        #expect(throws: ServiceError.self) { try Self.printed(search, "abc\n") }
        do {
            _ = try Self.printed(search, "abc\n")
        } catch let error as ServiceError {
            let lines = search.report(error)
            #expect(lines.first?.contains("unbalanced parentheses") == true, "\(lines)")
            #expect(lines.count == 2 && lines[1].hasSuffix("^"), "\(lines)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aRunIsMatchedNoMatchOrFailedAsGrepExits() throws {
        let folder = scratch.folder("file-search")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "the cat\n".write(toFile: folder + "/one.txt", atomically: true, encoding: .utf8)
        var warnings: [String] = []
        var output = StandardOutputBuffer { _ in }
        let named = InputList(paths: [folder + "/one.txt"], standardInputIsData: false)
        #expect(FileSearch(pattern: "cat").run(named, client: Self.client, output: &output, warn: { warnings.append($0) }) == .matched)
        #expect(FileSearch(pattern: "dog").run(named, client: Self.client, output: &output, warn: { warnings.append($0) }) == .noMatch)
        #expect(warnings.isEmpty)
        let missing = InputList(paths: [folder + "/none.txt", folder + "/one.txt"], standardInputIsData: false)
        #expect(FileSearch(pattern: "cat").run(missing, client: Self.client, output: &output, warn: { warnings.append($0) }) == .failed)
        #expect(warnings.count == 1, "\(warnings)")
    }

    @Test func filesSearchedOnEveryCorePrintInTheOrderTheyWereNamed() throws {
        let folder = scratch.folder("file-search-order")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // More files than one batch holds, of sizes that finish out of order; some without a match, two that are problems.
        var paths: [String] = []
        var expected = ""
        for index in 0..<300 {
            let path = folder + "/file\(index).txt"
            paths.append(path)
            if index == 150 {
                try Data("2026-11-01 file \u{0}\n".utf8).write(to: URL(fileURLWithPath: path))
                continue
            }
            if index == 7 { continue }
            let padding = String(repeating: "filler line\n", count: (index * 37) % 400)
            let matching = index % 3 != 0
            try (padding + (matching ? "2026-11-\(index % 28 + 1) file \(index)\n" : "none\n")).write(toFile: path, atomically: true,
                                                                                                        encoding: .utf8)
            if matching {
                let line = padding.isEmpty ? 1 : (index * 37) % 400 + 1
                expected += "\(path):\(line):1: 2026-11-\(index % 28 + 1) file \(index)\n"
            }
        }
        var collected: [UInt8] = []
        var output = StandardOutputBuffer { collected += $0 }
        var warnings: [String] = []
        let outcome = FileSearch(pattern: "[0-9]{4}-[0-9]{2}-[0-9]+ file").run(
            InputList(paths: paths, standardInputIsData: false), client: Self.client, output: &output,
            warn: { warnings.append($0) })
        #expect(outcome == .failed)
        #expect(String(decoding: collected, as: UTF8.self) == expected)
        // The missing file and the binary one, named, in their order.
        #expect(warnings.count == 2 && warnings[0].contains("file7.txt") && warnings[1].contains("file150.txt"), "\(warnings)")
    }

    /// Lines that ICU's case-insensitive matching may take for ASCII letters: full case folding (`ß`, `ẞ`, the
    /// ligatures), the long s and the Kelvin sign, dotted and dotless i, among plain and other-script lines.
    private static let foldingLines = [
        "Straße", "STRASSE", "strasse", "STRAẞE", "straſſe", "\u{212A}elvin", "KELVIN", "ﬁle", "FILE", "İstanbul", "istanbul",
        "ıstanbul", "ISTANBUL", "i\u{307}stanbul", "plain", "ﬀ", "FF", "maſs", "жизнь", "中文 git_trace2_x", "GIT_TRACE2_KEY",
    ]

    /// The lines (1-based) that `run` prints for `pattern` with case ignored over `foldingLines` in a file.
    private static func foldingMatches(_ pattern: String, folder: String) throws -> [Int] {
        let path = folder + "/folding.txt"
        var search = FileSearch(pattern: pattern)
        search.ignoreCase = true
        search.noFilename = true
        var collected: [UInt8] = []
        var output = StandardOutputBuffer { collected += $0 }
        var warnings: [String] = []
        _ = search.run(InputList(paths: [path], standardInputIsData: false), client: client, output: &output,
                       warn: { warnings.append($0) })
        #expect(warnings.isEmpty, "\(warnings)")
        // The same search with every line handed to ICU, no line or file passed over.
        let whole = try printed(search, String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)).0
        let found = String(decoding: collected, as: UTF8.self)
        #expect(found == whole, "\(pattern)")
        return found.split(separator: "\n").compactMap { Int($0.prefix { $0 != ":" }) }
    }

    @Test func caseIgnoredMatchesAreWhatICUsFoldingGivesWithLinesAndFilesPassedOver() throws {
        let folder = scratch.folder("file-search-folding")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try (Self.foldingLines.joined(separator: "\n") + "\n").write(toFile: folder + "/folding.txt", atomically: true, encoding: .utf8)
        // A literal string folds in full: `ß` and `ẞ` are `ss`, `ſ` is `s`, the Kelvin sign `k`, `ﬁ` `fi`.
        #expect(try Self.foldingMatches("strasse", folder: folder) == [1, 2, 3, 4, 5])
        #expect(try Self.foldingMatches("STRAßE", folder: folder) == [1, 2, 3, 4, 5])
        #expect(try Self.foldingMatches("kelvin", folder: folder) == [6, 7])
        #expect(try Self.foldingMatches("file", folder: folder) == [8, 9])
        #expect(try Self.foldingMatches("mass", folder: folder) == [18])
        // A set or a repeated character is one character: `ß` is not `[s]s`, `ﬁ` is not `f[i]`.
        #expect(try Self.foldingMatches("stra[s]se", folder: folder) == [2, 3, 5])
        #expect(try Self.foldingMatches("stras+e", folder: folder) == [2, 3, 5])
        #expect(try Self.foldingMatches("f[i]le", folder: folder) == [9])
        #expect(try Self.foldingMatches("[k]elvin", folder: folder) == [6, 7])
        // Dotless ı is a letter of its own; İ folds to i and a combining dot, so `istanbul` is not in it.
        #expect(try Self.foldingMatches("istanbul", folder: folder) == [11, 13])
        #expect(try Self.foldingMatches("İstanbul", folder: folder) == [10, 14])
        #expect(try Self.foldingMatches("git_trace2_[a-z_]+", folder: folder) == [20, 21])
        #expect(try Self.foldingMatches("TODO|FIXME|ﬀ", folder: folder) == [16, 17])
        #expect(try Self.foldingMatches("nothing", folder: folder) == [])
    }
}
