/// Why a service could not do what it was asked.
///
/// Every service throws this one type. It says what went wrong in the
/// domain's terms and nothing about any wire: the protocol layer maps each
/// case to its JSON-RPC code, and the command line prints `description`.
/// Nothing here is fatal to the process.
public enum TextServicesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An argument is malformed: `argument` names it as the caller passed it (`word`, `locale`, `items[0].text`).
    case invalidArgument(argument: String, reason: String)
    /// A position or range is outside the text, reversed, or splits a code point; `argument` names it.
    case invalidPosition(argument: String, reason: String)
    /// No usable dictionary for a language; `available` lists the tags that are.
    case unknownLanguage(language: String, reason: String, available: [String])
    /// ICU refused a pattern; `offset` is where in the pattern (bytes, nil when ICU cannot say), `line` 1-based.
    case invalidPattern(offset: UTF8Offset?, line: Int?, reason: String)
    /// A regular expression ran past its time limit (`milliseconds`) or its backtracking memory.
    case patternLimit(PatternLimit)
    /// Something is larger or more numerous than a limit allows; `message` says what, for a person.
    case tooLarge(message: String, limit: Int)
    /// A pasteboard, or an item of one, does not exist.
    case noSuchPasteboard(name: String, item: Int?, itemCount: Int?)
    /// The service failed for a reason of its own (a disk that refuses a write, an ICU failure).
    case internalFailure(String)

    /// Which limit stopped a regular expression.
    public enum PatternLimit: Equatable, Sendable {
        case time(milliseconds: Int)
        case memory
    }

    /// A size limit in bytes that `what` (`'text'`, `the replaced text`) went past.
    public static func tooLarge(_ what: String, limitBytes: Int) -> TextServicesError {
        .tooLarge(message: "\(what) is too large (limit \(limitBytes) bytes)", limit: limitBytes)
    }

    public var description: String {
        switch self {
        case .invalidArgument(let argument, let reason): return "'\(argument)' \(reason)"
        case .invalidPosition(let argument, let reason): return "invalid position or range in '\(argument)': \(reason)"
        case .unknownLanguage(_, let reason, _): return reason
        case .invalidPattern(_, let line, let reason):
            return "invalid regular expression" + (line.map { " at line \($0)" } ?? "") + ": \(reason)"
        case .patternLimit(.time(let milliseconds)):
            return "regular expression exceeded its time limit of \(milliseconds) ms"
        case .patternLimit(.memory): return "regular expression exceeded its backtracking memory limit"
        case .tooLarge(let message, _): return message
        case .noSuchPasteboard(let name, let item, let count):
            if let item, let count { return "pasteboard '\(name)' holds \(count) item(s), not item \(item)" }
            return "no such pasteboard: \(name)"
        case .internalFailure(let reason): return reason
        }
    }
}
