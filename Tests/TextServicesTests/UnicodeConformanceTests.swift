import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Unicode's segmentation conformance tests (UAX #29, UAX #14), run through `Tokenizer`.
///
/// The files come from Debian's `unicode-data` package. Each line lists code
/// points with `÷` (break) or `×` (no break) between them; every test string
/// is tokenized forwards (`tokens`) and walked backwards (`boundary`), and
/// both must give exactly the `÷` positions. A line that does not is a
/// failure unless ICU's own test suite lists it as a known issue
/// (rbbitst.cpp, `testCaseIsKnownIssue`, matched by prefix as ICU does);
/// those are counted as skipped, with ICU's reason below.
@Suite struct UnicodeConformanceTests {
    static let directory = "/usr/share/unicode/auxiliary"

    /// A test case ICU knows it fails: a file, a prefix of the test string, and why.
    struct KnownIssue {
        var file: String
        var prefix: [UInt32]
        var reason: String
    }

    static let hyphen = "ICU-21097: ICU keeps hyphen-minus with what follows (moved from the Finnish tailoring to root), unlike UAX #14"
    static let numbers = "ICU-21097: ICU's number rules (LB25 as a regex) differ from UAX #14's pair table"
    static let colon = "ICU-22127: CLDR removed ':' from MidLetter in root (ICU-22112); UAX #29's test data still joins a:b"

    /// The known issues of ICU 72's rbbitst.cpp, matched by prefix as ICU matches them.
    static let knownIssues: [KnownIssue] = [
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x2D, 0x23], reason: hyphen),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x2D, 0x308, 0x23], reason: hyphen),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x2D, 0xA7], reason: hyphen),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x2D, 0x308, 0xA7], reason: hyphen),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x2D, 0x50005], reason: hyphen),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x2D, 0x308, 0x50005], reason: hyphen),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x2D, 0xE01], reason: hyphen),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x2D, 0x308, 0xE01], reason: hyphen),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x2C, 0x30], reason: numbers),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x2C, 0x308, 0x30], reason: numbers),
        KnownIssue(file: "LineBreakTest.txt", prefix: Array("equals .35 cents".unicodeScalars.map(\.value)), reason: numbers),
        KnownIssue(file: "LineBreakTest.txt", prefix: Array("a.2 ".unicodeScalars.map(\.value)), reason: numbers),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x61, 0x2E, 0x32, 0x20, 0x915], reason: numbers),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x61, 0x2E, 0x32, 0x20, 0x672C], reason: numbers),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x61, 0x2E, 0x32, 0x3000, 0x672C], reason: numbers),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x61, 0x2E, 0x32, 0x3000, 0x307E], reason: numbers),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x61, 0x2E, 0x32, 0x3000, 0x33], reason: numbers),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x41, 0x2E, 0x31, 0x20, 0xBABB], reason: numbers),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0xBD24, 0xC5B4, 0x2E, 0x20, 0x41, 0x2E, 0x32, 0x20, 0xBCFC], reason: numbers),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0xBD10, 0xC694, 0x2E, 0x20, 0x41, 0x2E, 0x33, 0x20, 0xBABB], reason: numbers),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0xC694, 0x2E, 0x20, 0x41, 0x2E, 0x34, 0x20, 0xBABB], reason: numbers),
        KnownIssue(file: "LineBreakTest.txt", prefix: [0x61, 0x2E, 0x32, 0x3000, 0x300C], reason: numbers),
        KnownIssue(file: "WordBreakTest.txt", prefix: [0x61, 0x3A], reason: colon),
        KnownIssue(file: "WordBreakTest.txt", prefix: [0x41, 0x3A], reason: colon),
    ]

    /// One line of a test file: the code points and the scalar offsets (after the first) where breaks belong.
    struct Case {
        var line: Int
        var scalars: [UInt32]
        var breaks: [Int]
    }

    enum LoadError: Error, CustomStringConvertible {
        case missing(String)
        case malformed(String, line: Int, token: Substring)
        var description: String {
            switch self {
            case .missing(let path):
                return "\(path) is missing: install Debian's unicode-data package (apt-get install -y unicode-data)"
            case .malformed(let file, let line, let token):
                return "\(file):\(line): cannot read '\(token)'"
            }
        }
    }

    static func load(_ file: String) throws -> [Case] {
        let path = "\(directory)/\(file)"
        guard let data = FileManager.default.contents(atPath: path) else { throw LoadError.missing(path) }
        var cases: [Case] = []
        for (index, rawLine) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            var scalars: [UInt32] = []
            var breaks: [Int] = []
            for token in content.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "÷": if !scalars.isEmpty { breaks.append(scalars.count) }
                case "×": break
                default:
                    guard let value = UInt32(token, radix: 16), Unicode.Scalar(value) != nil else {
                        throw LoadError.malformed(file, line: index + 1, token: token)
                    }
                    scalars.append(value)
                }
            }
            if !scalars.isEmpty { cases.append(Case(line: index + 1, scalars: scalars, breaks: breaks)) }
        }
        return cases
    }

    /// Runs one file; returns how many lines passed and how many were skipped as known issues.
    static func run(_ file: String, _ granularity: Granularity) throws -> (passed: Int, skipped: Int) {
        let cases = try load(file)
        let tokenizer = try Tokenizer(granularity: granularity, locale: "en")
        let issues = knownIssues.filter { $0.file == file }
        var passed = 0
        var skipped = 0
        for testCase in cases {
            let (forward, backward) = try boundaries(of: testCase.scalars, tokenizer)
            if forward == testCase.breaks, backward == testCase.breaks {
                passed += 1
            } else if issues.contains(where: { testCase.scalars.starts(with: $0.prefix) }) {
                skipped += 1
            } else {
                let hex = testCase.scalars.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
                Issue.record("\(file):\(testCase.line) [\(hex)]: expected breaks \(testCase.breaks), forward \(forward), backward \(backward)")
            }
        }
        #expect(passed + skipped == cases.count)
        #expect(cases.count > 100, "\(file) holds too few test lines")
        let name = file.replacingOccurrences(of: ".txt", with: "")
        print("\(name): \(passed) passed, \(skipped) known ICU issues skipped")
        return (passed, skipped)
    }

    /// The break offsets (in scalars, after the first) the tokenizer finds walking forwards and backwards.
    static func boundaries(of scalars: [UInt32], _ tokenizer: Tokenizer) throws -> (forward: [Int], backward: [Int]) {
        var string = ""
        string.unicodeScalars.append(contentsOf: scalars.map { Unicode.Scalar($0)! })
        let text = TextBuffer(string)
        let forward = try tokenizer.tokens(in: text).map { text.encode($0.range.upperBound, as: .utf32) }
        var backward: [Int] = [text.scalarCount]
        var position = text.fullRange.upperBound
        while let previous = try tokenizer.boundary(from: position, direction: .backward, in: text), previous.rawValue > 0 {
            backward.insert(text.encode(previous, as: .utf32), at: 0)
            position = previous
        }
        return (forward, backward)
    }

    @Test func missingDataFilesNameThePackageToInstall() {
        #expect {
            _ = try Self.load("NoSuchBreakTest.txt")
        } throws: { error in
            String(describing: error).contains("install Debian's unicode-data package")
        }
    }

    @Test func graphemeBreakTest() throws {
        let result = try Self.run("GraphemeBreakTest.txt", .character)
        #expect(result.skipped == 0)
    }

    @Test func wordBreakTest() throws {
        _ = try Self.run("WordBreakTest.txt", .word)
    }

    @Test func sentenceBreakTest() throws {
        let result = try Self.run("SentenceBreakTest.txt", .sentence)
        #expect(result.skipped == 0)
    }

    @Test func lineBreakTest() throws {
        _ = try Self.run("LineBreakTest.txt", .line)
    }
}
