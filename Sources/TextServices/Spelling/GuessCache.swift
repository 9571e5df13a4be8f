import Synchronization

/// Guesses already computed for words, so a word asked about again costs a lookup.
///
/// Bounded: past `capacity` words the oldest half is dropped. Entries are
/// kept with the limit they were computed for and serve any smaller limit.
/// Thread-safe.
final class GuessCache: Sendable {
    static let capacity = 4096
    private struct Entry {
        var limit: Int
        var guesses: [String]
        var age: Int
    }
    private struct State {
        var entries: [String: Entry] = [:]
        var clock = 0
    }
    private let state = Mutex(State())

    /// The guesses cached for `word` if they were computed for at least `limit` guesses.
    func lookup(_ word: String, limit: Int) -> [String]? {
        state.withLock { state in
            guard let entry = state.entries[word], entry.limit >= limit else { return nil }
            return Array(entry.guesses.prefix(limit))
        }
    }

    func store(_ word: String, limit: Int, guesses: [String]) {
        state.withLock { state in
            state.clock += 1
            if state.entries.count >= Self.capacity, state.entries[word] == nil {
                let cutoff = state.clock - Self.capacity / 2
                state.entries = state.entries.filter { $0.value.age >= cutoff }
                if state.entries.count >= Self.capacity { state.entries.removeAll(keepingCapacity: true) }
            }
            state.entries[word] = Entry(limit: limit, guesses: guesses, age: state.clock)
        }
    }

    var count: Int { state.withLock { $0.entries.count } }

    func clear() {
        state.withLock { $0.entries.removeAll() }
    }
}
