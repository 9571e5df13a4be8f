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

    /// Whether changing `word` to `guess` mends a slip of typing, the only change applied without asking.
    ///
    /// The word has three letters or more; the guess is one word (a split
    /// such as `lockfiles` to `lock files` or `Scriptable` to `Script able`
    /// makes a project's own compound two words); a change of case alone only
    /// makes the first letter a capital (`english` to `English`, not `Dupont` to
    /// `DuPont`); the first letter stays (or swaps with the second: `hte` to
    /// `the`), and the word is not cut short by two letters or more (`javacc`
    /// to `java`); and the two are at most one edit apart (a letter added,
    /// dropped, changed, or two swapped), two for words of five letters or
    /// more, case aside. 97% of the real English misspellings in bench/data
    /// pass; a name read as a misspelling mostly does not (`Erekle` to
    /// `Oracle`, `jgroups` to `groups`).
    public static func isSlipMend(_ word: String, to guess: String) -> Bool {
        let typed = Array(word.lowercased()), mended = Array(guess.lowercased())
        guard typed.filter(\.isLetter).count >= 3, mended.count >= 2, !guess.contains(where: \.isWhitespace) else { return false }
        if typed == mended { return guess == word.prefix(1).uppercased() + word.dropFirst() }
        guard typed[0] == mended[0] || typed[0] == mended[1] && typed[1] == mended[0] else { return false }
        if typed.count - mended.count >= 2, typed.starts(with: mended) { return false }
        return editDistance(typed, mended, atMost: typed.count <= 4 ? 1 : 2) != nil
    }

    /// The optimal-string-alignment distance of `left` and `right` (swaps count one), or nil when it exceeds `limit`.
    static func editDistance(_ left: [Character], _ right: [Character], atMost limit: Int) -> Int? {
        guard abs(left.count - right.count) <= limit else { return nil }
        var before = [Int](repeating: 0, count: right.count + 1)
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for i in 1...max(1, left.count) where !left.isEmpty {
            current[0] = i
            for j in stride(from: 1, through: right.count, by: 1) {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        let distance = left.isEmpty ? right.count : previous[right.count]
        return distance <= limit ? distance : nil
    }
}
