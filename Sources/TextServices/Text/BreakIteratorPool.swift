import Synchronization

/// Hands out ICU break iterators by kind and locale, reusing them across calls.
///
/// Opening an iterator loads rules (slow); cloning a cached prototype and
/// reusing returned iterators is cheap. Thread-safe: an iterator is used by
/// one caller at a time between `withIterator`'s start and end.
final class BreakIteratorPool: Sendable {
    static let shared = BreakIteratorPool()

    private struct Key: Hashable {
        var kind: BreakKind
        var locale: String
    }

    private struct Entry: @unchecked Sendable {
        var prototype: BreakIterator
        var free: [BreakIterator]
    }

    private let entries = Mutex<[Key: Entry]>([:])
    private static let maximumFree = 8
    /// Kinds and locales kept; iterators for further locales (clients choose them) are not cached.
    private static let maximumEntries = 64

    /// Runs `body` with an iterator of a kind for a locale, set to `text`.
    ///
    /// Throws when ICU cannot open an iterator for the locale.
    func withIterator<T>(_ kind: BreakKind, locale: String, text: [UInt8], _ body: (BreakIterator) throws -> T) throws -> T {
        try withIterator(kind, locale: locale) { iterator in
            iterator.setText(text)
            return try body(iterator)
        }
    }

    /// Runs `body` with an iterator of a kind for a locale and no text: `body` sets it (`setText`) as often
    /// as it needs, so a caller with many short stretches of text takes the pool's lock twice in all.
    ///
    /// Throws when ICU cannot open an iterator for the locale.
    func withIterator<T>(_ kind: BreakKind, locale: String, _ body: (BreakIterator) throws -> T) throws -> T {
        let key = Key(kind: kind, locale: locale)
        let iterator = try take(key)
        defer {
            iterator.clearText()
            give(iterator, key)
        }
        return try body(iterator)
    }

    private func take(_ key: Key) throws -> BreakIterator {
        let reused: BreakIterator? = entries.withLock { entries -> BreakIterator? in
            guard var entry = entries[key], let iterator = entry.free.popLast() else { return nil }
            entries[key] = entry
            return iterator
        }
        if let reused { return reused }
        if let prototype = entries.withLock({ $0[key]?.prototype }) {
            return try prototype.clone()
        }
        let prototype = try BreakIterator(kind: key.kind, locale: key.locale)
        let copy = try prototype.clone()
        entries.withLock { entries in
            if entries[key] == nil, entries.count < Self.maximumEntries { entries[key] = Entry(prototype: prototype, free: []) }
        }
        return copy
    }

    private func give(_ iterator: BreakIterator, _ key: Key) {
        entries.withLock { entries in
            guard var entry = entries[key], entry.free.count < Self.maximumFree else { return }
            entry.free.append(iterator)
            entries[key] = entry
        }
    }
}
