import Synchronization

/// The `alsoIn` of each misspelling of a text checked with `auto`, kept by a hash of the text's bytes.
///
/// An editor re-checks the same text again and again (a save, a
/// reconnection); when the text, its misspellings (words and the languages
/// that rejected them), the candidates and the verdicts of the dictionaries
/// the check loaded are all what they were, each misspelling's `alsoIn` is
/// what it was, and no dictionary or word list is asked again. A loaded
/// dictionary's verdicts are known by its `VerdictStamp` (a word learned
/// since makes another stamp); a check with a document's ignored words is not
/// kept. At `capacity` texts the store is emptied. Thread-safe.
final class KeptAlsoIn: Sendable {
    /// What the answers depend on besides the misspellings: the model, the candidates `alsoIn` may name, and the
    /// stamp of each one's loaded dictionary (nil: not loaded, so its word list answers).
    struct Settings: Equatable, Sendable {
        var model: ContentHash
        var tags: [String]
        var stamps: [[SpellDictionary.VerdictStamp]?]
    }

    private struct Entry {
        var settings: Settings
        var words: [String]
        var languages: [String]
        var alsoIn: [[String]]
    }

    static let capacity = 64
    private let store = Mutex<[ContentHash: Entry]>([:])

    /// The `alsoIn` kept for the misspellings `words`, rejected by `languages`, of the text whose bytes hash to `text`.
    func alsoIn(text: ContentHash, settings: Settings, words: [String], languages: [String]) -> [[String]]? {
        store.withLock { store in
            guard let entry = store[text], entry.settings == settings, entry.words == words, entry.languages == languages else {
                return nil
            }
            return entry.alsoIn
        }
    }

    /// Keeps the `alsoIn` of the misspellings of the text whose bytes hash to `text`.
    func keep(_ alsoIn: [[String]], text: ContentHash, settings: Settings, words: [String], languages: [String]) {
        store.withLock { store in
            if store.count >= Self.capacity { store.removeAll() }
            store[text] = Entry(settings: settings, words: words, languages: languages, alsoIn: alsoIn)
        }
    }
}
