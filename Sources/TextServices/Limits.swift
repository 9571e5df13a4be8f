/// Size and time limits that protect a long-lived process from one request.
///
/// Part of `Configuration`; fixed at start-up.
public struct Limits: Sendable {
    /// The time limit of a regular expression unless the configuration sets another, in milliseconds.
    public static let defaultRegexTimeLimitMilliseconds = 1_000

    /// Longest request line, in bytes.
    public var maximumLineBytes = 16 << 20
    /// Largest text a request may carry, in bytes.
    public var maximumTextBytes = 8 << 20
    /// Longest a regular expression may run, in milliseconds.
    public var regexTimeLimitMilliseconds = Limits.defaultRegexTimeLimitMilliseconds
    /// Most results a request may ask for at once.
    public var maximumResults = 100_000

    public init() {}
}
