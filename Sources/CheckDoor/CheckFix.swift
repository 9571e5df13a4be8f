import TextServices

/// What `check --fix` was asked for: write the fixes or show them, which words it may change, and how sure it must be.
public struct CheckFix: Sendable {
    /// Print a unified diff instead of writing files.
    public var dryRun: Bool
    /// Also change words inside code identifiers (`myWrold`, `wrold_count`).
    public var identifiers: Bool
    /// Also change words inside string literals of code (`FixableText`).
    public var strings: Bool
    /// The least lead of the first guess over the next (`GuessConfidence.fixMargin` by default).
    public var margin: Double

    public init(dryRun: Bool = false, identifiers: Bool = false, strings: Bool = false, margin: Double = GuessConfidence.fixMargin) {
        self.dryRun = dryRun
        self.identifiers = identifiers
        self.strings = strings
        self.margin = margin
    }
}
