import TextServices

/// Where a check run's findings, problems and progress go (the command's terminal, a test's buffer).
///
/// Called from one thread at a time, in input order.
public protocol CheckOutput: AnyObject {
    /// The inputs that will be checked, once the walk found them (names as they will be printed).
    func begin(inputs: [String])
    /// An input was read (before it is checked).
    func read(_ input: CheckInput)
    /// What to tell as a large input's pieces are checked (bytes of it done), or nil.
    var onPieces: (@Sendable (Int) -> Void)? { get }
    /// Lines of findings, in the format asked for, without line ends.
    func write(_ lines: [String])
    /// A problem or warning to show (without the program's name).
    func warn(_ message: String)
    /// An input is done (nil: it could not be read).
    func checked(_ input: CheckInput?)
    /// A summary of a walk: files checked and what was left out (standard error).
    func summarize(_ line: String)
    /// The run is over.
    func finish()
    /// Whether the findings can no longer be written (their reader closed the pipe): the run checks no more inputs.
    var isClosed: Bool { get }
}

extension CheckOutput {
    public var isClosed: Bool { false }
}
