import Foundation
import Synchronization

/// The words a user has learned for one language, kept in `<folder>/<tag>.dic`.
///
/// One word per line, UTF-8, sorted. Every change is written atomically and
/// durably before the call returns. Thread-safe.
final class PersonalDictionary: Sendable {
    let path: String
    private let words: Mutex<Set<String>>

    init(folder: String, tag: LanguageTag) {
        path = "\(folder)/\(tag.tag).dic"
        var loaded = Set<String>()
        if let bytes = FileSystem.read(path) {
            for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
                let word = line.trimmingCharacters(in: .whitespaces)
                if !word.isEmpty { loaded.insert(word) }
            }
        }
        words = Mutex(loaded)
    }

    var all: [String] { words.withLock { $0.sorted() } }

    /// Adds a word and saves; returns false when it was already there.
    func add(_ word: String) throws -> Bool {
        try words.withLock { words in
            guard !words.contains(word) else { return false }
            var updated = words
            updated.insert(word)
            try save(updated)
            words = updated
            return true
        }
    }

    /// Removes a word and saves; returns false when it was not there.
    func remove(_ word: String) throws -> Bool {
        try words.withLock { words in
            guard words.contains(word) else { return false }
            var updated = words
            updated.remove(word)
            try save(updated)
            words = updated
            return true
        }
    }

    private func save(_ words: Set<String>) throws {
        let text = words.sorted().map { $0 + "\n" }.joined()
        try FileSystem.writeAtomically(Array(text.utf8), to: path)
    }
}
