import TextServices

/// Wraps a run's output so that its findings (SARIF result objects) make one SARIF log.
///
/// The log's opening goes out when the run begins, each result after a
/// comma but the first, and the closing (with the problems met, as tool
/// notifications) when the run finishes; everything else is passed on.
/// Used as the wrapped output is: from one thread at a time.
public final class SARIFCheckOutput<Wrapped: CheckOutput>: CheckOutput {
    private let wrapped: Wrapped
    private var written = 0
    private var problems: [String] = []

    public init(wrapping wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    public func begin(inputs: [String]) {
        wrapped.begin(inputs: inputs)
        wrapped.write([SARIFLog.opening])
    }

    public func read(_ input: CheckInput) { wrapped.read(input) }

    public var onPieces: (@Sendable (Int) -> Void)? { wrapped.onPieces }

    public func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        wrapped.write(lines.map { line in
            defer { written += 1 }
            return written == 0 ? line : "," + line
        })
    }

    public func warn(_ message: String) {
        if !message.hasPrefix("warning: ") { problems.append(message) }
        wrapped.warn(message)
    }

    public func checked(_ input: CheckInput?) { wrapped.checked(input) }

    public func summarize(_ line: String) { wrapped.summarize(line) }

    public var isClosed: Bool { wrapped.isClosed }

    public func finish() {
        wrapped.write([SARIFLog.closing(successful: problems.isEmpty, notifications: problems)])
        wrapped.finish()
    }
}
