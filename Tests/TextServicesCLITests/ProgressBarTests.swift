import Foundation
import Testing
@testable import TextServicesCLI
@testable import TextServicesTestSupport

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
