import CheckDoor
import Foundation
import TextServices
import TextServicesProtocol
import TextServicesCLI

/// The progress bar of `textsvcd check`, for big jobs on a terminal.
///
/// A bar shows only when `ProgressBar` would draw at all (standard error is a
/// terminal, no `CI`, a real `TERM`), the format is not `json`, and the job is
/// big: at least `minimumFiles` inputs or `minimumBytes` of text. Otherwise
/// every method does nothing and `onPieces` is nil. The bar counts bytes
/// checked; with a bar, a large input's pieces are checked in batches
/// (`ClientWordChecking.onProgress`) so that the bar moves while one file is
/// checked. Used from the command's thread only, the one that checks.
final class CheckProgress: @unchecked Sendable {
    static let minimumFiles = 50
    static let minimumBytes = 2 << 20

    private let wanted: Bool
    private let fileCount: Int
    private var bar: ProgressBar?
    private var knownBytes: Int
    private var bytesBefore = 0
    private var filesDone = 0

    /// Prepares a bar for checking `files` (not drawn before the first progress).
    init(files: [String], format: CheckFormat,
         environment: [String: String] = ProcessInfo.processInfo.environment) {
        fileCount = max(1, files.count)
        wanted = format != .json && ProgressBar.isWanted(standardErrorIsTerminal: isatty(STDERR_FILENO) == 1,
                                                         environment: environment)
        knownBytes = wanted ? files.reduce(0) { sum, path in
            guard path != "-", let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
            else { return sum }
            return sum + size
        } : 0
        if wanted, fileCount >= Self.minimumFiles || knownBytes >= Self.minimumBytes { startBar() }
    }

    /// Counts an input once it is read (standard input's size is known only then).
    func read(_ input: CheckInput) {
        guard wanted, input.name == "-" else { return }
        knownBytes += input.text.bytes.count
        bar?.total = knownBytes
        if bar == nil, knownBytes >= Self.minimumBytes { startBar() }
    }

    /// What to tell as the pieces of one input are checked (bytes of it done), or nil when no bar shows.
    var onPieces: (@Sendable (Int) -> Void)? {
        guard bar != nil else { return nil }
        return { [self] done in
            guard let bar else { return }
            bar.detail = detail(done: bytesBefore + done)
            bar.update(completed: bytesBefore + done)
        }
    }

    /// Moves the bar past an input that was checked, or that could not be read (nil).
    func checked(_ input: CheckInput?) {
        filesDone += 1
        bytesBefore += input?.text.bytes.count ?? 0
        guard let bar else { return }
        bar.total = max(bar.total, bytesBefore)
        bar.detail = detail(done: bytesBefore)
        bar.update(completed: bytesBefore)
    }

    /// Erases the bar's line so that other output may be written.
    func clear() {
        bar?.clear()
    }

    /// Erases the bar for good.
    func finish() {
        bar?.finish()
    }

    /// "3/40 files" for several inputs, "1.5/12.0 MB" for one.
    private func detail(done: Int) -> String {
        if fileCount > 1 { return "\(filesDone)/\(fileCount) files" }
        func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
        return "\(megabytes(done))/\(megabytes(knownBytes)) MB"
    }

    private func startBar() {
        bar = ProgressBar.onStandardError(total: max(knownBytes, 1), label: "checking")
        bar?.detail = detail(done: bytesBefore)
    }
}

/// Where `check` writes on a terminal or a pipe: findings to standard output in blocks, problems to standard error, the bar.
final class TerminalCheckOutput: CheckOutput {
    private let format: CheckFormat
    private var output = StandardOutputBuffer()
    private var progress: CheckProgress?
    private let showsProgress: Bool

    /// An output in `format`; without `showsProgress` (`--interactive`, which asks on the terminal), no bar is drawn.
    init(format: CheckFormat, showsProgress: Bool = true) {
        self.format = format
        self.showsProgress = showsProgress
    }

    func begin(inputs: [String]) {
        if showsProgress { progress = CheckProgress(files: inputs, format: format) }
    }

    func read(_ input: CheckInput) {
        progress?.read(input)
    }

    var onPieces: (@Sendable (Int) -> Void)? { progress?.onPieces }

    func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        progress?.clear()
        for line in lines { output.appendLine(line) }
    }

    func warn(_ message: String) {
        progress?.clear()
        output.flush()
        StandardError.print("textsvcd: \(message)")
    }

    func checked(_ input: CheckInput?) {
        progress?.checked(input)
    }

    func summarize(_ line: String) {
        output.flush()
        StandardError.print("textsvcd: \(line)")
    }

    func finish() {
        progress?.finish()
        output.flush()
    }

    var isClosed: Bool { output.failure != nil }

    /// Why standard output could not be written other than its reader going away (a full disk), or nil.
    var writeError: SystemFailure? {
        guard let failure = output.failure, failure.errno != .brokenPipe else { return nil }
        return failure
    }
}
