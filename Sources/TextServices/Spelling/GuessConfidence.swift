/// How sure the guesser is of its first guess: the guess, and how far its score leads the next different candidate's.
///
/// Scores are the ranker's: a candidate's zipf frequency minus
/// `Guesser.costWeight` per unit of the typing slip's cost. A lead of
/// `fixMargin` or more makes the first guess safe to apply without asking
/// (`check --fix`, the language server's preferred quick fix); the margin was
/// calibrated on real misspellings (docs/benchmarks.md, "Safe fixes").
public struct GuessConfidence: Sendable, Equatable {
    /// The first guess, in the typed word's case.
    public var guess: String
    /// The first guess's score minus the next different candidate's (`unopposed` when there is none).
    public var margin: Double

    public init(guess: String, margin: Double) {
        self.guess = guess
        self.margin = margin
    }

    /// The margin of a first guess no other candidate competes with.
    public static let unopposed = 10.0
    /// The least margin at which a first guess is applied without asking.
    public static let fixMargin = 3.5

    /// Whether a first guess with this margin is applied without asking (`check --fix`, LSP `isPreferred`).
    public static func isConfident(margin: Double?, threshold: Double = fixMargin) -> Bool {
        guard let margin else { return false }
        return margin >= threshold
    }
}
