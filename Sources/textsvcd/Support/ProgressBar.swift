import Foundation

/// A one-line progress bar on standard error, redrawn in place.
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private var lastDrawn = -1

    /// Whether to draw one: standard error is a terminal, CI is unset and TERM is not dumb.
    static var wanted: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(STDERR_FILENO) == 1 && environment["CI"] == nil
            && environment["TERM"].map { $0 != "dumb" && !$0.isEmpty } ?? false
    }

    /// Draws `label [####----] 42% detail`; `fraction` is from 0 to 1. Thread-safe.
    func show(label: String, fraction: Double, detail: String) {
        lock.lock()
        defer { lock.unlock() }
        let overall = min(max(fraction, 0), 1)
        let permille = Int(overall * 1000)
        guard permille != lastDrawn else { return }
        lastDrawn = permille
        let width = 30
        let filled = Int(overall * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(Int(overall * 100))% \(detail)\u{1B}[K".utf8))
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if lastDrawn >= 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        lastDrawn = -1
    }
}
