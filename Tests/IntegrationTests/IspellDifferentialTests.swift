import Foundation
import Testing
@testable import TextServicesTestSupport

/// Runs the same input through `hunspell -a` and the real `textsvcd ispell` with the same dictionary,
/// and compares the answers line by line: the same words, at the same offsets, judged the same way.
/// Guesses may differ.
@Suite(.slow, .enabled(if: TestSupport.which("hunspell") != nil,
                "hunspell is not installed (apt-get install hunspell): the differential test needs it"))
struct IspellDifferentialTests {
    private let scratch = TemporaryFolder("ispell")

    /// One answer line reduced to what must agree: correct (`*`), or misspelled word and offset.
    private static func verdicts(_ output: [UInt8]) -> [[String]] {
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        var groups: [[String]] = []
        var current: [String] = []
        for line in lines {
            if line.isEmpty {
                groups.append(current)
                current = []
                continue
            }
            switch line.first {
            case "*", "+", "-": current.append("*")
            case "&":
                let fields = line.split(separator: " ")
                current.append("& \(fields[1]) \(fields[3].dropLast())")
            case "#":
                let fields = line.split(separator: " ")
                current.append("& \(fields[1]) \(fields[2])")
            default: current.append("? \(line)")
            }
        }
        return groups
    }

    /// Runs hunspell and textsvcd with the same arguments (after `-d` with the bundled en_US) on the same input.
    ///
    /// Both run in a temporary folder: from the repository's own folder the ispell door would take the
    /// repository's project words (`.textsvcd/words.txt`), which hunspell knows nothing of.
    private func both(_ arguments: [String], stdin input: [UInt8]) throws -> (hunspell: TestProcess.Output, ours: TestProcess.Output) {
        let root = scratch.folder("differential")
        let dictionary = TestSupport.repositoryRoot + "/dictionaries/en_US"
        let hunspell = try TestProcess.run(TestSupport.which("hunspell")!, ["-d", dictionary] + arguments, stdin: input,
                                             environment: TestSupport.isolatedEnvironment(root), currentDirectory: root, timeout: 600)
        let ours = try TestProcess.run(TestSupport.binary, ["ispell", "-d", dictionary] + arguments, stdin: input,
                                         environment: TestSupport.isolatedEnvironment(root + "/ours"), currentDirectory: root,
                                         timeout: 600)
        #expect(hunspell.status == 0, "hunspell failed: \(hunspell.stderr)")
        #expect(ours.status == 0, "textsvcd ispell failed: \(ours.stderr)")
        return (hunspell, ours)
    }

    private func compare(_ input: [UInt8], label: String, format: [String] = []) throws -> (lines: Int, words: Int, misspelled: Int) {
        let (hunspell, ours) = try both(["-a"] + format, stdin: input)
        #expect(ours.stdout.hasPrefix("@(#) International Ispell Version 3.2.06 (but really Hunspell "))
        let expected = Self.verdicts(hunspell.stdoutBytes)
        let actual = Self.verdicts(ours.stdoutBytes)
        let inputLines = String(decoding: input, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let checkedLines = inputLines.filter { line in
            guard let first = line.first else { return true }
            return !"*@#!%`+-".contains(first)
        }
        #expect(expected.count == actual.count, "\(label): hunspell answered \(expected.count) lines, textsvcd \(actual.count)")
        var differences: [String] = []
        for index in 0..<min(expected.count, actual.count) where expected[index] != actual[index] {
            let line = index < checkedLines.count ? String(checkedLines[index]) : "?"
            differences.append("line \(index + 1) \(line.debugDescription):\n  hunspell: \(expected[index])\n  textsvcd: \(actual[index])")
        }
        #expect(differences.isEmpty, "\(label): \(differences.count) lines differ:\n\(differences.prefix(20).joined(separator: "\n"))")
        let words = expected.reduce(0) { $0 + $1.count }
        let misspelled = expected.reduce(0) { $0 + $1.filter { $0.hasPrefix("&") }.count }
        return (expected.count, words, misspelled)
    }

    @Test func agreesWithHunspellOnTheVariedFixture() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: TestSupport.repositoryRoot
                                                 + "/Tests/IntegrationTests/Fixtures/ispell/differential.txt"))
        let summary = try compare(Array(input), label: "Fixtures/ispell/differential.txt")
        print("ispell differential (fixture): \(summary.lines) checked lines, \(summary.words) words, \(summary.misspelled) misspelled; textsvcd agrees with hunspell -a")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/games/fortunes/fortunes"),
                   "the fortunes package is not installed: no real-text sample"))
    func agreesWithHunspellOnRealText() throws {
        var sample: [String] = []
        for name in ["fortunes", "literature", "computers", "science", "people", "wisdom"] {
            guard let data = FileManager.default.contents(atPath: "/usr/share/games/fortunes/\(name)") else { continue }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").filter { $0 != "%" }
            sample += lines.prefix(120).map { "^" + $0 }
        }
        let summary = try compare(Array(sample.joined(separator: "\n").utf8), label: "fortunes sample")
        print("ispell differential (fortunes): \(summary.lines) checked lines, \(summary.words) words, \(summary.misspelled) misspelled; textsvcd agrees with hunspell -a")
    }

    private static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: TestSupport.repositoryRoot + "/Tests/IntegrationTests/Fixtures/ispell/" + name)))
    }

    static let formats = [("-H", "sample.html"), ("-X", "sample.xml"), ("-n", "sample.1"), ("-t", "sample.tex")]

    @Test(arguments: formats)
    func pipeAgreesWithHunspellInEachFormat(option: String, file: String) throws {
        let summary = try compare(try Self.fixture(file), label: "\(option) \(file)", format: [option])
        #expect(summary.misspelled > 5, "the fixture should have misspellings to find")
    }

    @Test(arguments: [["-l"], ["-L"], ["-G"], ["-L", "-G"], ["-w"], ["-w", "-G"], ["-1", "-l"], ["-l", "--check-url"]])
    func filtersPrintExactlyWhatHunspellPrints(mode: [String]) throws {
        var input = try Self.fixture("differential.txt")
        if mode.contains("-1") { input = Array(String(decoding: input, as: UTF8.self).replacingOccurrences(of: " ", with: "\t").utf8) }
        let (hunspell, ours) = try both(mode, stdin: input)
        #expect(!hunspell.stdout.isEmpty)
        #expect(ours.stdout == hunspell.stdout, "\(mode): the outputs differ")
    }

    @Test(arguments: formats)
    func listModeFindsWhatHunspellFindsInEachFormatAndForFilesByExtension(option: String, file: String) throws {
        let (hunspell, ours) = try both(["-l", option], stdin: try Self.fixture(file))
        #expect(ours.stdout == hunspell.stdout, "\(option) \(file)")
        // A file named on the command line picks its format by extension, in both.
        // A copy outside the repository, so no project words of the repository apply to it.
        let path = scratch.folder("differential-file") + "/" + file
        try Data(Self.fixture(file)).write(to: URL(fileURLWithPath: path))
        let (hunspellFile, oursFile) = try both(["-l", path], stdin: [])
        #expect(oursFile.stdout == hunspellFile.stdout, "\(file) by extension")
        #expect(oursFile.stdout == hunspell.stdout || option == "-t", "\(file): the extension should pick \(option)")
    }
}
