import Foundation
import Synchronization

/// Keeps a pasteboard name's change count from ever repeating: across removal and re-creation, restarts, and processes.
///
/// A client that remembers a change count must never see that count again
/// for different contents. Each pasteboard counts up by one per change, and
/// a pasteboard created now starts at the ledger's `floor`, which lies above
/// every count this process gave out for a pasteboard that has since gone
/// (`retire`) and above every count any process gave out before this one
/// started. For the last part the ledger keeps one number on disk (the file
/// `.changecounts` beside the pasteboards, written atomically under the
/// folder's lock): a ceiling every count given out so far lies below.
/// Counts are reserved in blocks of `blockSize`, so the file is written once
/// per `blockSize` counts at most, and a restart makes counts jump by at most
/// that much. When another process reserved since this one last looked,
/// counts up to its ceiling may exist there, so the floor rises to it.
/// When the disk refuses a write the ledger keeps counting in memory (counts
/// stay unique while the process lives) and says so in `problems`.
/// Thread-safe.
final class ChangeCountLedger: Sendable {
    static let blockSize = 1024

    private struct State {
        var loaded = false
        /// Where a new pasteboard starts.
        var floor = 0
        /// Every count this process gives out lies below this (it is on disk, or the disk refused it).
        var reserved = 0
        /// The ceiling on disk when this process last read or wrote it.
        var seenOnDisk = 0
        var problems: [String] = []
    }

    let path: String
    let lockPath: String
    private let state = Mutex(State())

    init(folder: String, lockPath: String) {
        self.path = folder + "/.changecounts"
        self.lockPath = lockPath
    }

    /// The count a pasteboard created now starts at.
    var floor: Int {
        state.withLock { state in
            load(&state)
            // A ceiling another process wrote since: counts below it may have been given out there.
            if let onDisk = readCeiling(), onDisk > state.seenOnDisk {
                state.floor = max(state.floor, onDisk)
                state.seenOnDisk = onDisk
            }
            return state.floor
        }
    }

    /// Problems met writing the ceiling, for the log.
    var problems: [String] { state.withLock { $0.problems } }

    /// Records that `count` is about to be given out, extending the reservation on disk first when it is not below it.
    ///
    /// `holdingFolderLock` says the caller already holds the folder's lock
    /// (taking it again from the same process would wait for itself).
    func issue(_ count: Int, holdingFolderLock: Bool = false) {
        state.withLock { state in
            load(&state)
            guard count >= state.reserved else { return }
            let reserve = { (state: inout State) throws in
                let onDisk = self.readCeiling() ?? 0
                if onDisk > state.seenOnDisk { state.floor = max(state.floor, onDisk) }
                let ceiling = max(onDisk, count + 1) + Self.blockSize
                try FileSystem.writeAtomically(Array("\(ceiling)\n".utf8), to: self.path)
                state.reserved = ceiling
                state.seenOnDisk = ceiling
            }
            do {
                if holdingFolderLock {
                    try reserve(&state)
                } else {
                    try FileLock.withLock(lockPath) { try reserve(&state) }
                }
            } catch {
                state.reserved = count + 1 + Self.blockSize
                if state.problems.count < 10 { state.problems.append("could not save change counts to \(path): \(error)") }
            }
        }
    }

    /// Records that a pasteboard went away at `count`: pasteboards created later start above it.
    func retire(_ count: Int) {
        state.withLock { state in
            load(&state)
            state.floor = max(state.floor, count + 1)
        }
    }

    private func load(_ state: inout State) {
        guard !state.loaded else { return }
        state.loaded = true
        let ceiling = readCeiling() ?? 0
        state.floor = ceiling
        state.reserved = ceiling
        state.seenOnDisk = ceiling
    }

    private func readCeiling() -> Int? {
        guard let bytes = FileSystem.read(path) else { return nil }
        return Int(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            .flatMap { $0 >= 0 ? $0 : nil }
    }
}
