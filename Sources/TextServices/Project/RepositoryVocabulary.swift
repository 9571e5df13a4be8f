/// The words a repository uses again and again, learned from what one run over its files flags.
///
/// A typo is rare: it is written once, in one place. A project's own words
/// (identifier parts such as `strbuf`, jargon, names) recur: across files,
/// or many times in one. A run over a tree adds each file's flagged words
/// (`add(_:)`); a word flagged in at least `Rule.files` files, or at least
/// `Rule.occurrences` times in all, is then taken as the repository's
/// vocabulary and not reported (`contains(_:)`). Words are compared case
/// insensitively (`Strbuf`, `STRBUF` and `strbuf` are one word), and a
/// possessive as its word (`greenlet's` as `greenlet`). Learning
/// needs a tree of some size: with fewer than `Rule.minimumFiles` files,
/// `contains(_:)` is false for every word. A word that the tree's code uses
/// as a name (`addNames(_:)`, `CodeNames`) is the repository's own too,
/// flagged once or not: a comment that mentions `nodeptr` refers to the
/// code. A value; not thread-safe to add to from several threads.
public struct RepositoryVocabulary: Sendable {
    /// When a recurring flagged word counts as the repository's own.
    public struct Rule: Sendable, Equatable {
        /// Flagged in at least this many files.
        public var files: Int
        /// Or flagged at least this many times in all files.
        public var occurrences: Int
        /// The least number of files a run must add before anything is learned.
        public var minimumFiles: Int

        public init(files: Int = 2, occurrences: Int = 3, minimumFiles: Int = 20) {
            self.files = files
            self.occurrences = occurrences
            self.minimumFiles = minimumFiles
        }

        /// The rule measured in docs/benchmarks.md (tuned on redis, measured on git).
        public static let standard = Rule()
    }

    /// How often a word was flagged: in how many files, how many times.
    public struct Count: Sendable, Equatable {
        public var files = 0
        public var occurrences = 0

        public init(files: Int = 0, occurrences: Int = 0) {
            self.files = files
            self.occurrences = occurrences
        }
    }

    public let rule: Rule
    /// Flag counts by lower-cased word.
    public private(set) var counts: [String: Count] = [:]
    /// Files added (with or without flagged words).
    public private(set) var fileCount = 0
    /// The keys (`CodeNames.key`) of the names the tree's code uses.
    public private(set) var names: Set<UInt64> = []

    public init(rule: Rule = .standard) {
        self.rule = rule
    }

    /// Adds one file's flagged words, one entry per occurrence (an empty list counts the file).
    public mutating func add<Words: Sequence>(_ words: Words) where Words.Element == String {
        fileCount += 1
        var inFile: [String: Int] = [:]
        for word in words { inFile[Self.key(word), default: 0] += 1 }
        for (word, occurrences) in inFile {
            counts[word, default: Count()].files += 1
            counts[word, default: Count()].occurrences += occurrences
        }
    }

    /// Adds the names one file's code uses (`CodeNames.hidden(in:)`).
    public mutating func addNames(_ keys: Set<UInt64>) {
        names.formUnion(keys)
    }

    /// Whether `word` recurs enough in the files added, or is a name in their code, to be the repository's own word.
    public func contains(_ word: String) -> Bool {
        guard fileCount >= rule.minimumFiles else { return false }
        if isName(word) { return true }
        guard let count = counts[Self.key(word)] else { return false }
        return count.files >= rule.files || count.occurrences >= rule.occurrences
    }

    /// Whether the tree's code uses `word` as a name (a learning tree only, as `contains(_:)`).
    public func isName(_ word: String) -> Bool {
        fileCount >= rule.minimumFiles && !names.isEmpty && names.contains(CodeNames.key(String(Self.stem(word))))
    }

    /// The word without a possessive's ending (`greenlet's`, `users'`, `Flask’s`): a word and its possessive are one word here.
    static func stem(_ word: String) -> Substring {
        var end = word.endIndex
        if word.hasSuffix("'s") || word.hasSuffix("’s") || word.hasSuffix("'S") || word.hasSuffix("’S") {
            end = word.index(end, offsetBy: -2)
        } else if word.hasSuffix("'") || word.hasSuffix("’") {
            end = word.index(before: end)
        }
        return end > word.startIndex ? word[..<end] : word[...]
    }

    /// The word counts are kept under: its `stem`, lower-cased.
    static func key(_ word: String) -> String { stem(word).lowercased() }

    /// The distinct flagged words (lower-cased) that recur enough for `contains(_:)`, sorted.
    public var learnedWords: [String] {
        guard fileCount >= rule.minimumFiles else { return [] }
        return counts.filter { $0.value.files >= rule.files || $0.value.occurrences >= rule.occurrences }.keys.sorted()
    }

    /// The distinct flagged words (lower-cased) that do not recur but that the code uses as names, sorted.
    public var namedWords: [String] {
        guard fileCount >= rule.minimumFiles else { return [] }
        return counts.filter { !($0.value.files >= rule.files || $0.value.occurrences >= rule.occurrences) && isName($0.key) }
            .keys.sorted()
    }
}
