/// Compiled patterns by pattern and options, so a pattern sent again is not compiled again.
///
/// Keeps the most recently used `capacity` patterns; a pattern longer than
/// 16 KB is compiled each time rather than kept. Compile errors are not
/// cached. Thread-safe; `shared` serves the whole process.
public final class RegexCache: Sendable {
    public static let shared = RegexCache(capacity: 256)

    private struct Key: Hashable {
        var pattern: String
        var flags: UInt32
    }

    private struct Entry {
        var compiled: CompiledRegex
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var clock: UInt64 = 0
    }

    public let capacity: Int
    private let state = Locked(State())
    private static let longestCachedPattern = 16 << 10

    public init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The number of patterns kept.
    public var count: Int { state.withLock { $0.entries.count } }

    /// The compiled form of a pattern, compiling it on first use.
    func compiled(_ pattern: String, flags: RegexFlags) throws(RegexCompileError) -> CompiledRegex {
        let key = Key(pattern: pattern, flags: flags.rawValue)
        let cached = state.withLock { state -> CompiledRegex? in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.compiled
        }
        if let cached { return cached }
        let compiled = try CompiledRegex(pattern: pattern, flags: flags)
        guard pattern.utf8.count <= Self.longestCachedPattern else { return compiled }
        return state.withLock { state in
            state.clock += 1
            if let existing = state.entries[key] { return existing.compiled }
            if state.entries.count >= capacity,
               let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                state.entries[oldest] = nil
            }
            state.entries[key] = Entry(compiled: compiled, lastUse: state.clock)
            return compiled
        }
    }
}
