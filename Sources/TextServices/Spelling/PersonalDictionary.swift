import Foundation
import Synchronization

/// The words a user has learned for one language, kept in `<folder>/<tag>.dic` and shared by every process.
///
/// One word per line, UTF-8, sorted. Several processes (the daemon, a
/// `--no-daemon` command, an editor door working alone) may change the file:
/// every change is a read-merge-write under an advisory lock
/// (`<tag>.dic.lock`), so no process's word erases another's, and is written
/// atomically and durably before the call returns. `refresh()` notices a
/// change another process made (a `stat` compares the file with what was last
/// read) and reloads. Every operation returns how the words this process
/// knows changed, so its caller can follow. Thread-safe.
final class PersonalDictionary: Sendable {
    let path: String
    private let lockPath: String
    private let state: Mutex<State>

    private struct State {
        var words: Set<String> = []
        /// The file as it was when last read or written; nil when it did not exist.
        var stamp: FileStamp?
    }

    /// How the words this process knows changed.
    struct Change: Equatable {
        var added: Set<String> = []
        var removed: Set<String> = []
        var isEmpty: Bool { added.isEmpty && removed.isEmpty }
    }

    init(folder: String, tag: LanguageTag) {
        path = "\(folder)/\(tag.tag).dic"
        lockPath = path + ".lock"
        let stamp = FileStamp.of(path)
        state = Mutex(State(words: Self.read(path), stamp: stamp))
    }

    var all: [String] { state.withLock { $0.words.sorted() } }

    /// Rereads the file if another process changed it since it was last read or written.
    func refresh() -> Change {
        let stamp = FileStamp.of(path)
        guard stamp != state.withLock({ $0.stamp }) else { return Change() }
        let words = Self.read(path)
        return state.withLock { state in
            let change = Self.difference(from: state.words, to: words)
            state.words = words
            state.stamp = stamp
            return change
        }
    }

    /// Adds a word (merging with what other processes saved) and saves.
    func add(_ word: String) throws -> Change {
        try update { $0.insert(word) }
    }

    /// Removes a word (keeping what other processes saved) and saves.
    func remove(_ word: String) throws -> Change {
        try update { $0.remove(word) }
    }

    /// Changes the file's words under the lock, from what the file holds now, and takes them as this process's.
    private func update(_ body: (inout Set<String>) -> Void) throws -> Change {
        try state.withLock { state in
            try FileLock.withLock(lockPath) {
                let onDisk = Self.read(path)
                var updated = onDisk
                body(&updated)
                if updated != onDisk {
                    let text = updated.sorted().map { $0 + "\n" }.joined()
                    try FileSystem.writeAtomically(Array(text.utf8), to: path)
                }
                let change = Self.difference(from: state.words, to: updated)
                state.words = updated
                state.stamp = FileStamp.of(path)
                return change
            }
        }
    }

    private static func difference(from old: Set<String>, to new: Set<String>) -> Change {
        Change(added: new.subtracting(old), removed: old.subtracting(new))
    }

    /// The words of the file at `path` (none when it is missing or unreadable).
    private static func read(_ path: String) -> Set<String> {
        guard let bytes = FileSystem.read(path) else { return [] }
        var words = Set<String>()
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let word = line.trimmingCharacters(in: .whitespaces)
            if !word.isEmpty { words.insert(word) }
        }
        return words
    }
}
