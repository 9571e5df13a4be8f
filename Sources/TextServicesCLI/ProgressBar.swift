import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar on a terminal, for long work.
///
/// Create one with `ProgressBar.onStandardError(total:label:)`, which gives
/// nil unless a person is watching: standard error is a terminal, `CI` is not
/// set, and `TERM` is set and not `dumb`. So a bar never shows in pipes, logs
/// or CI. The bar redraws at most once per `interval` (0.1 s), fits the
/// terminal's width, and `clear()` and `finish()` erase its line. Anything
/// else written to the same terminal (standard output included) must be
/// written between `clear()` and the next `update`, or it lands on the bar's
/// line. Not thread-safe: use it from one thread.
public final class ProgressBar {
    /// Where a bar draws: a width in columns and a way to write bytes.
    public struct Terminal {
        /// The current width in columns (asked at every redraw, so a resized terminal is followed).
        public var width: () -> Int
        public var write: ([UInt8]) -> Void

        public init(width: @escaping () -> Int, write: @escaping ([UInt8]) -> Void) {
            self.width = width
            self.write = write
        }
    }

    /// The text before the bar ("checking").
    public let label: String
    /// The amount that means done; may grow while the work runs.
    public var total: Int
    /// The amount done so far, between 0 and `total`.
    public private(set) var completed = 0
    /// Short text after the percentage ("3/40 files"), redrawn with the bar.
    public var detail = ""

    private let terminal: Terminal
    private let clock: () -> Double
    private let interval: Double
    private var lastDraw = -Double.infinity
    private var visible = false
    private var finished = false

    /// A bar on `terminal`; `clock` gives seconds from any fixed origin.
    public init(total: Int, label: String, terminal: Terminal, interval: Double = 0.1,
         clock: @escaping () -> Double = ProgressBar.monotonicSeconds) {
        self.total = max(0, total)
        self.label = label
        self.terminal = terminal
        self.interval = interval
        self.clock = clock
    }

    /// A bar on standard error, or nil when no person watches it (see `isWanted`).
    public static func onStandardError(total: Int, label: String,
                                environment: [String: String] = ProcessInfo.processInfo.environment) -> ProgressBar? {
        guard isWanted(standardErrorIsTerminal: isatty(STDERR_FILENO) == 1, environment: environment) else { return nil }
        let terminal = Terminal(width: { standardErrorWidth(environment: environment) }, write: { bytes in
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = Glibc.write(STDERR_FILENO, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    if written <= 0 { return }
                    offset += written
                }
            }
        })
        return ProgressBar(total: total, label: label, terminal: terminal)
    }

    /// Whether a bar should show: on a terminal, outside CI, with a `TERM` that can move the cursor.
    public static func isWanted(standardErrorIsTerminal: Bool, environment: [String: String]) -> Bool {
        guard standardErrorIsTerminal, environment["CI"] == nil else { return false }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
        return true
    }

    /// Adds to the amount done and redraws if the last redraw is old enough.
    public func advance(by amount: Int) {
        update(completed: completed + amount)
    }

    /// Sets the amount done and redraws if the last redraw is old enough.
    public func update(completed newValue: Int) {
        guard !finished else { return }
        completed = min(max(0, newValue), total)
        let now = clock()
        guard now - lastDraw >= interval else { return }
        lastDraw = now
        draw()
    }

    /// Erases the bar's line now; the next `update` after `interval` draws it again.
    public func clear() {
        guard visible else { return }
        terminal.write(Self.eraseLine)
        visible = false
    }

    /// Erases the bar for good: later updates draw nothing.
    public func finish() {
        clear()
        finished = true
    }

    /// The line drawn for the current state, at most `width - 1` columns (the last column would wrap on some terminals).
    public func render(width: Int) -> String {
        let room = max(0, width - 1)
        let fraction = total > 0 ? Double(completed) / Double(total) : 0
        let percent = String(Int((fraction * 100).rounded(.down))).leftPadded(to: 3) + "%"
        var tail = " " + percent + (detail.isEmpty ? "" : " " + detail)
        var head = label.isEmpty ? "" : label + " "
        let minimumBar = 10
        // Give the bar at least ten cells: drop the detail, then the label, when the terminal is narrow.
        if head.count + tail.count + minimumBar + 2 > room {
            tail = " " + percent
        }
        if head.count + tail.count + minimumBar + 2 > room {
            head = ""
        }
        let cells = max(0, min(40, room - head.count - tail.count - 2))
        guard cells > 0 else { return String((head + percent).prefix(room)) }
        let filled = min(cells, Int((fraction * Double(cells)).rounded(.down)))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: cells - filled) + "]"
        return String((head + bar + tail).prefix(room))
    }

    private func draw() {
        var bytes: [UInt8] = [0x0D]
        bytes.append(contentsOf: render(width: terminal.width()).utf8)
        bytes.append(contentsOf: "\u{1B}[K".utf8)
        terminal.write(bytes)
        visible = true
    }

    /// Carriage return, then erase to the end of the line.
    static let eraseLine: [UInt8] = Array("\r\u{1B}[K".utf8)

    /// Seconds on a clock that never jumps.
    public static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Standard error's width in columns: the terminal's, else `COLUMNS`, else 80.
    static func standardErrorWidth(environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
