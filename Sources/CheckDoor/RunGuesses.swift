import TextServices
import TextServicesProtocol

/// Guesses asked once for a whole run: each distinct misspelled word, with the languages it is guessed in.
///
/// A whole-repository run fills it after its first pass, so every word is
/// guessed once on every core (or pipelined to the daemon) rather than file
/// by file, where one file with many findings kept the other cores idle. A
/// word whose guesses failed is left out: the file's own request then meets
/// the error and reports it.
public struct RunGuesses: Sendable {
    /// A word and the languages it is guessed in (nil: the default).
    struct Key: Hashable, Sendable {
        var word: String
        var languages: [String]?
    }

    private(set) var table: [Key: [String]] = [:]

    public init() {}

    init(_ table: [Key: [String]]) {
        self.table = table
    }

    /// The dictionary's guesses for a word in its languages, if they were asked.
    func guesses(for key: Key) -> [String]? { table[key] }

    /// How many distinct words were guessed.
    public var count: Int { table.count }
}
