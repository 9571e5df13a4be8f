/// A sorted list of words for prefix completion.
///
/// Immutable and thread-safe. Lookups are case-insensitive; results come in
/// the dictionary's own case.
public struct WordList: Sendable {
    /// (folded key, word), sorted by key.
    private let entries: [(key: String, word: String)]

    public init(words: [String]) {
        var seen = Set<String>()
        var entries: [(key: String, word: String)] = []
        entries.reserveCapacity(words.count)
        for word in words where !word.isEmpty && seen.insert(word).inserted {
            entries.append((Self.fold(word), word))
        }
        entries.sort { $0.key < $1.key || ($0.key == $1.key && $0.word < $1.word) }
        self.entries = entries
    }

    public var count: Int { entries.count }

    static func fold(_ word: String) -> String {
        CaseMapping.map(word, .lower).replacingOccurrences(of: Character("\u{2019}"), with: Character("'"))
    }

    /// Every word whose folded form starts with the folded prefix, in key order.
    public func words(withPrefix prefix: String) -> [String] {
        let key = Self.fold(prefix)
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].key < key { low = mid + 1 } else { high = mid }
        }
        var result: [String] = []
        var index = low
        while index < entries.count, entries[index].key.hasPrefix(key) {
            result.append(entries[index].word)
            index += 1
        }
        return result
    }
}
