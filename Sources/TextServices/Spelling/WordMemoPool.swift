import Synchronization

/// Word memos kept between scans, so that a checker's next scan starts with the verdicts of the last.
///
/// A memo holds verdicts of one set of dictionaries as they were: each is
/// kept with its `Key` (which dictionaries, and how many times their learned
/// words changed), and is handed out again only for the same key. Scans
/// that run at once each take a memo of their own; at most `capacity` are
/// kept. Thread-safe.
final class WordMemoPool: Sendable {
    /// Which dictionaries a memo's verdicts are from: each one's serial number and learned-words generation.
    struct Key: Equatable, Sendable {
        var dictionaries: [SpellDictionary.VerdictStamp]
    }

    private let kept = Mutex<[(key: Key, memo: WordMemo)]>([])
    private static let capacity = 4

    /// A memo for `key`: one kept for it, or a new one sized for a text of `textBytes` bytes.
    func take(_ key: Key, textBytes: Int) -> WordMemo {
        let found: WordMemo? = kept.withLock { kept in
            guard let index = kept.lastIndex(where: { $0.key == key }) else { return nil }
            return kept.remove(at: index).memo
        }
        return found ?? WordMemo(textBytes: textBytes)
    }

    /// Keeps a memo for the next scan with `key`, dropping the oldest kept one when full.
    func give(_ memo: WordMemo, _ key: Key) {
        kept.withLock { kept in
            if kept.count >= Self.capacity { kept.removeFirst() }
            kept.append((key, memo))
        }
    }
}
