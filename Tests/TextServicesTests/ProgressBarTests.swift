import Foundation
import Testing
@testable import textsvcd

/// The progress bar type, on a fake terminal and clock.
@Suite struct ProgressBarTests {
    /// A terminal that records what is written, and a clock the test moves.
    final class Fake {
        var written: [[UInt8]] = []
        var now = 0.0
        var width = 60

        func bar(total: Int, label: String = "checking") -> ProgressBar {
            ProgressBar(total: total, label: label,
                        terminal: .init(width: { self.width }, write: { self.written.append($0) }),
                        clock: { self.now })
        }

        var draws: Int { written.filter { $0 != ProgressBar.eraseLine }.count }
        var text: String { String(decoding: written.joined(), as: UTF8.self) }
    }

    @Test func showsOnlyOnATerminalOutsideCIWithARealTerm() {
        let terminal = ["TERM": "xterm-256color"]
        #expect(ProgressBar.isWanted(standardErrorIsTerminal: true, environment: terminal))
        #expect(!ProgressBar.isWanted(standardErrorIsTerminal: false, environment: terminal))
        #expect(!ProgressBar.isWanted(standardErrorIsTerminal: true, environment: ["TERM": "xterm", "CI": "true"]))
        #expect(!ProgressBar.isWanted(standardErrorIsTerminal: true, environment: ["TERM": "xterm", "CI": ""]))
        #expect(!ProgressBar.isWanted(standardErrorIsTerminal: true, environment: ["TERM": "dumb"]))
        #expect(!ProgressBar.isWanted(standardErrorIsTerminal: true, environment: [:]))
    }

    @Test func redrawsAtMostTenTimesASecond() {
        let fake = Fake()
        let bar = fake.bar(total: 10_000)
        for step in 0..<10_000 {
            fake.now = Double(step) / 10_000 // one second in all
            bar.advance(by: 1)
        }
        #expect(fake.draws >= 9 && fake.draws <= 11, "\(fake.draws) draws")
    }

    @Test func drawsTheFirstUpdateAtOnceAndShowsTheFraction() {
        let fake = Fake()
        fake.width = 41
        let bar = fake.bar(total: 200, label: "")
        bar.update(completed: 50)
        // 40 usable columns: "[" + 33 cells + "]" + "  25%".
        #expect(fake.text == "\r[########-------------------------]  25%\u{1B}[K")
    }

    @Test func fitsNarrowAndWideTerminals() {
        for width in [1, 5, 12, 20, 30, 80, 200] {
            let fake = Fake()
            fake.width = width
            let bar = fake.bar(total: 3, label: "checking")
            bar.detail = "1/3 files and a long explanation of what is happening"
            let line = bar.render(width: width)
            #expect(line.count <= max(0, width - 1), "width \(width): \(line)")
            if width >= 20 { #expect(line.contains("[") && line.contains("%"), "width \(width): \(line)") }
        }
        let fake = Fake()
        let bar = fake.bar(total: 4, label: "checking")
        bar.detail = "2/4 files"
        bar.update(completed: 2)
        #expect(bar.render(width: 80).hasPrefix("checking ["))
        #expect(bar.render(width: 80).hasSuffix("]  50% 2/4 files"))
        #expect(bar.render(width: 80).count <= 79)
    }

    @Test func clearErasesTheLineOnlyWhenTheBarIsShown() {
        let fake = Fake()
        let bar = fake.bar(total: 10)
        bar.clear()
        #expect(fake.written.isEmpty)
        bar.update(completed: 1)
        bar.clear()
        #expect(fake.written.last == ProgressBar.eraseLine)
        let count = fake.written.count
        bar.clear()
        #expect(fake.written.count == count)
    }

    @Test func finishClearsTheLineAndLaterUpdatesDrawNothing() {
        let fake = Fake()
        let bar = fake.bar(total: 10)
        bar.update(completed: 5)
        bar.finish()
        #expect(fake.written.last == ProgressBar.eraseLine)
        let count = fake.written.count
        fake.now = 100
        bar.update(completed: 10)
        bar.finish()
        #expect(fake.written.count == count)
        #expect(TerminalScreen(fake.text).text.isEmpty)
    }

    @Test func completedStaysWithinTheTotal() {
        let fake = Fake()
        let bar = fake.bar(total: 10)
        bar.update(completed: 25)
        #expect(bar.completed == 10)
        fake.now = 1
        bar.update(completed: -3)
        #expect(bar.completed == 0)
    }
}

/// The bar in `textsvcd check`: on a terminal for big jobs, never in pipes, in CI or with JSON.
@Suite("check progress", .tags(.slow))
struct CheckProgressTests {
    /// `count` files of 40 lines with one misspelling each, and the lines `check` prints for them.
    ///
    /// The output is over 64 KB, so `check` writes some of it while the bar is up.
    func files(_ count: Int) throws -> (paths: [String], expected: [String]) {
        let folder = TestSupport.temporaryFolder("progress")
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
        var environment = TestSupport.isolatedEnvironment(TestSupport.temporaryFolder("progress-env"))
        environment["CI"] = nil
        environment["TERM"] = "xterm-256color"
        return environment
    }

    @Test func manyFilesOnATerminalShowABarThatLeavesOnlyTheResults() throws {
        let (paths, expected) = try files(CheckProgress.minimumFiles + 10)
        let output = try EditorTesting.runInTerminal(TestSupport.binary, ["check", "--no-daemon", "--guesses", "0"] + paths,
                                                     environment: terminalEnvironment())
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout.contains("checking ["), "no bar was drawn")
        #expect(output.stdout.contains(" files\u{1B}[K"))
        #expect(TerminalScreen(output.stdout).text == expected)
    }

    @Test func aLargeInputOnATerminalShowsMegabytes() throws {
        let paragraph = String(repeating: "The quick brown fox jumps over the lazy dog again and again.\n", count: 20) + "\n"
        let count = CheckProgress.minimumBytes / paragraph.utf8.count + 1
        let text = String(repeating: paragraph, count: count) + "One wrold at the end.\n"
        let path = TestSupport.temporaryFolder("progress-large") + "/book.txt"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let output = try EditorTesting.runInTerminal(TestSupport.binary, ["check", "--no-daemon", "--guesses", "0", path],
                                                     environment: terminalEnvironment())
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout.contains(" MB\u{1B}[K"), "no bar with megabytes was drawn")
        #expect(TerminalScreen(output.stdout).text == ["\(path):\(count * 21 + 1):5: wrold"])
    }

    @Test func noBarWithJSONOutputOrInCIOrForSmallJobs() throws {
        let (paths, _) = try files(CheckProgress.minimumFiles + 10)
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
        let (paths, expected) = try files(CheckProgress.minimumFiles + 10)
        var environment = terminalEnvironment()
        environment["TERM"] = "xterm"
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--guesses", "0"] + paths, environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == expected)
    }
}
