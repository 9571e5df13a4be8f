import Synchronization

/// The tags of the dictionaries a service has, asked once and kept for a door's life.
///
/// `--fix` asks which other variants of a word's language are installed for
/// every input it changes; listing the dictionary folders each time would
/// read them all again. Thread-safe.
final class InstalledTags: Sendable {
    private let kept = Mutex<[String]?>(nil)

    /// The tags `list` gives, called on the first use only (under the lock, so once).
    func tags(_ list: () -> [String]) -> [String] {
        kept.withLock { kept in
            if let kept { return kept }
            let tags = list()
            kept = tags
            return tags
        }
    }
}
