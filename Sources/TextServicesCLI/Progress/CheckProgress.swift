import CheckDoor
import Foundation
import TextServices
import TextServicesIO
import TextServicesProtocol

/// The progress bar of `textsvcd check`, for big jobs on a terminal.
///
/// A bar shows only when `ProgressBar` would draw at all (standard error is a
/// terminal, no `CI`, a real `TERM`), the format is not `json`, and the job is
/// big: at least `minimumFiles` inputs or `minimumBytes` of text. Otherwise
/// every method does nothing and `onPieces` is nil. The bar counts bytes
/// checked; with a bar, a large input's pieces are checked in batches
/// (`ClientWordChecking.onProgress`) so that the bar moves while one file is
/// checked. Used from the command's thread only, the one that checks.
public final class CheckProgress: @unchecked Sendable {
    public static let minimumFiles = 50
    public static let minimumBytes = 2 << 20

    private let wanted: Bool
    private let fileCount: Int
    private var bar: ProgressBar?
    private var knownBytes: Int
    private var bytesBefore = 0
    private var filesDone = 0

    /// Prepares a bar for checking `files` (not drawn before the first progress).
    public init(files: [String], format: CheckFormat,
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
    public func read(_ input: CheckInput) {
        guard wanted, input.name == "-" else { return }
        knownBytes += input.text.bytes.count
        bar?.total = knownBytes
        if bar == nil, knownBytes >= Self.minimumBytes { startBar() }
    }

    /// What to tell as the pieces of one input are checked (bytes of it done), or nil when no bar shows.
    public var onPieces: (@Sendable (Int) -> Void)? {
        guard bar != nil else { return nil }
        return { [self] done in
            guard let bar else { return }
            bar.detail = detail(done: bytesBefore + done)
            bar.update(completed: bytesBefore + done)
        }
    }

    /// Moves the bar past an input that was checked, or that could not be read (nil).
    public func checked(_ input: CheckInput?) {
        filesDone += 1
        bytesBefore += input?.text.bytes.count ?? 0
        guard let bar else { return }
        bar.total = max(bar.total, bytesBefore)
        bar.detail = detail(done: bytesBefore)
        bar.update(completed: bytesBefore)
    }

    /// Erases the bar's line so that other output may be written.
    public func clear() {
        bar?.clear()
    }

    /// Erases the bar for good.
    public func finish() {
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
