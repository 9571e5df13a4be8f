import CheckDoor
import Foundation
import TextServices
import TextServicesIO
import TextServicesProtocol

/// Where `check` writes on a terminal or a pipe: findings to standard output in blocks, problems to standard error, the bar.
public final class TerminalCheckOutput: CheckOutput {
    private let format: CheckFormat
    private var output = StandardOutputBuffer()
    private var progress: CheckProgress?
    private let showsProgress: Bool

    /// An output in `format`; without `showsProgress` (`--interactive`, which asks on the terminal), no bar is drawn.
    public init(format: CheckFormat, showsProgress: Bool = true) {
        self.format = format
        self.showsProgress = showsProgress
    }

    public func begin(inputs: [String]) {
        if showsProgress { progress = CheckProgress(files: inputs, format: format) }
    }

    public func read(_ input: CheckInput) {
        progress?.read(input)
    }

    public var onPieces: (@Sendable (Int) -> Void)? { progress?.onPieces }

    public func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        progress?.clear()
        for line in lines { output.appendLine(line) }
    }

    public func warn(_ message: String) {
        progress?.clear()
        output.flush()
        StandardError.print("textsvcd: \(message)")
    }

    public func checked(_ input: CheckInput?) {
        progress?.checked(input)
    }

    public func summarize(_ line: String) {
        output.flush()
        StandardError.print("textsvcd: \(line)")
    }

    public func finish() {
        progress?.finish()
        output.flush()
    }

    public var isClosed: Bool { output.failure != nil }

    /// Why standard output could not be written other than its reader going away (a full disk), or nil.
    public var writeError: SystemFailure? {
        guard let failure = output.failure, failure.errno != .brokenPipe else { return nil }
        return failure
    }
}
