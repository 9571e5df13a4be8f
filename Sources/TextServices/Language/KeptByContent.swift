import Synchronization

/// Something found at a stretch of a text's bytes, which can be kept relative to where its text starts.
protocol ByteRanged: Sendable {
    var range: ByteRange { get set }
}

extension LanguageRange: ByteRanged {}
extension LanguageSpan: ByteRanged {}

/// What was found in stretches of text, kept by the stretch's bytes and the settings it was found with.
///
/// A daemon sees the same text again and again (an editor sends its
/// document on each change, and again on a save or a reconnection): the
/// language ranges of a paragraph seen before, or the spans of a whole text
/// checked before, come from here instead of being found again. Items are
/// kept relative to the stretch's start, so a paragraph that moves keeps them
/// at its new place. At `capacity` entries the whole store is emptied (what
/// the documents in use need comes back on their next check). Thread-safe.
final class KeptByContent<Item: ByteRanged>: Sendable {
    /// What the items depend on: the stretch's bytes and the settings (model, candidates, ...).
    struct Key: Hashable, Sendable {
        var content: ContentHash
        var settings: ContentHash

        /// The hash the store keeps items by.
        var hash: ContentHash { content.combined(with: settings) }
    }

    let capacity: Int
    /// Kept by the hash of the key's two hashes: a table keyed by `ContentHash`, which other tables of a check use too,
    /// costs a fresh process no look-up of another key type's conformances (about 0.3 M instructions each).
    private let store = Mutex<[ContentHash: [Item]]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The items of the stretch starting at `start`, if it was seen with these settings.
    func items(_ key: Key, startingAt start: UTF8Offset) -> [Item]? {
        store.withLock { $0[key.hash] }.map { Self.moved($0, by: start.rawValue) }
    }

    /// Keeps the items of the stretch starting at `start`.
    func keep(_ items: [Item], _ key: Key, startingAt start: UTF8Offset) {
        let relative = Self.moved(items, by: -start.rawValue)
        store.withLock { store in
            if store.count >= capacity { store.removeAll(keepingCapacity: true) }
            store[key.hash] = relative
        }
    }

    var count: Int { store.withLock { $0.count } }

    private static func moved(_ items: [Item], by distance: Int) -> [Item] {
        items.map { item in
            var moved = item
            moved.range = UTF8Offset(item.range.lowerBound.rawValue + distance)..<UTF8Offset(item.range.upperBound.rawValue + distance)
            return moved
        }
    }
}
