import Foundation
import Testing
@testable import TextServicesCLI
@testable import TextServicesTestSupport

/// The bar in `textsvcd check`: on a terminal for big jobs, never in pipes, in CI or with JSON.
@Suite("check progress", .slow)
struct CheckProgressTests {
    private let scratch = TemporaryFolder("check-progress")

    /// The job sizes from which `check` shows its bar: 50 inputs, or 2 MiB of text (the command's contract).
    static let minimumFiles = 50
    static let minimumBytes = 2 << 20

    /// `count` files of 40 lines with one misspelling each, and the lines `check` prints for them.
    ///
    /// The output is over 64 KB, so `check` writes some of it while the bar is up.
    func files(_ count: Int) throws -> (paths: [String], expected: [String]) {
        let folder = scratch.folder("progress")
        var paths: [String] = [], expected: [String] = []
        for index in 0..<count {
            let path = folder + "/note\(index).txt"
            try String(repeating: "A short note with a wrold in it.\n", count: 40).write(toFile: path, atomically: true,
                                                                                         encoding: .utf8)
            paths.append(path)
            expected += (1...40).map { "\(path):\($0):21: wrold" }
        }
        #expect(expected.joined(separator: "\n").utf8.count > 64 << 10)
        return (paths, expected)
    }

    func terminalEnvironment() -> [String: String] {
        var environment = TestSupport.isolatedEnvironment(scratch.folder("progress-env"))
        environment["CI"] = nil
        environment["TERM"] = "xterm-256color"
        return environment
    }

    @Test func manyFilesOnATerminalShowABarThatLeavesOnlyTheResults() throws {
        let (paths, expected) = try files(Self.minimumFiles + 10)
        let output = try EditorTesting.runInTerminal(TestSupport.binary, ["check", "--no-daemon", "--guesses", "0"] + paths,
                                                     environment: terminalEnvironment())
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout.contains("checking ["), "no bar was drawn")
        #expect(output.stdout.contains(" files\u{1B}[K"))
        // The results stay on the screen, then the summary line that a terminal gets (docs/ci.md).
        let screen = TerminalScreen(output.stdout).text
        #expect(Array(screen.dropLast()) == expected)
        #expect(screen.last?.hasPrefix("textsvcd: \(paths.count) files, ") == true, "\(screen.last ?? "")")
    }

    @Test func aLargeInputOnATerminalShowsMegabytes() throws {
        let paragraph = String(repeating: "The quick brown fox jumps over the lazy dog again and again.\n", count: 20) + "\n"
        let count = Self.minimumBytes / paragraph.utf8.count + 1
        let text = String(repeating: paragraph, count: count) + "One wrold at the end.\n"
        let path = scratch.folder("progress-large") + "/book.txt"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let output = try EditorTesting.runInTerminal(TestSupport.binary, ["check", "--no-daemon", "--guesses", "0", path],
                                                     environment: terminalEnvironment())
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout.contains(" MB\u{1B}[K"), "no bar with megabytes was drawn")
        let screen = TerminalScreen(output.stdout).text
        #expect(Array(screen.dropLast()) == ["\(path):\(count * 21 + 1):5: wrold"])
        #expect(screen.last?.hasPrefix("textsvcd: 1 file, ") == true, "\(screen.last ?? "")")
    }

    @Test func noBarWithJSONOutputOrInCIOrForSmallJobs() throws {
        let (paths, _) = try files(Self.minimumFiles + 10)
        let json = try EditorTesting.runInTerminal(TestSupport.binary, ["check", "--no-daemon", "--guesses", "0", "--format", "json"] + paths,
                                                   environment: terminalEnvironment())
        #expect(json.status == 1)
        #expect(!json.stdout.contains("checking"))
        var ci = terminalEnvironment()
        ci["CI"] = "true"
        let inCI = try EditorTesting.runInTerminal(TestSupport.binary, ["check", "--no-daemon", "--guesses", "0"] + paths, environment: ci)
        #expect(inCI.status == 1)
        #expect(!inCI.stdout.contains("checking"))
        let small = try EditorTesting.runInTerminal(TestSupport.binary, ["check", "--no-daemon", "--guesses", "0"] + paths.prefix(3),
                                                    environment: terminalEnvironment())
        #expect(small.status == 1)
        #expect(!small.stdout.contains("checking"))
    }

    @Test func noBarInPipes() throws {
        let (paths, expected) = try files(Self.minimumFiles + 10)
        var environment = terminalEnvironment()
        environment["TERM"] = "xterm"
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--guesses", "0"] + paths, environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == expected)
    }
}
