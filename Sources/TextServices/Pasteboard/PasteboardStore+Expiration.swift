import Dispatch
import Foundation

/// Expiration: items that vanish at a date, whether or not anyone reads them.
///
/// A write with an expiration date schedules a timer on a global dispatch
/// queue (wall-clock time, so a suspended machine still expires items on
/// waking); so does loading a persistent pasteboard whose file carries a
/// date. Every read checks the date too, so a process that did not write
/// the items (another process sharing the folder) honours it as well. The
/// first process to notice empties the pasteboard, raises its change count
/// and saves the emptied file, unless another process changed the file
/// meanwhile (its change then stands).
extension PasteboardStore {
    /// The longest a timer waits before looking again (a far date is reached in steps).
    static let longestExpiryWait: Double = 86_400

    /// Brings a board up to date: takes in other processes' changes, then empties it if its items have expired.
    func refresh(_ board: Board) {
        followDisk(board)
        expireIfDue(board)
    }

    /// Empties a board whose items' expiration date has come, telling observers; does nothing otherwise.
    func expireIfDue(_ board: Board, now: Date = Date()) {
        board.state.withLock { state in
            guard !state.removed, state.isExpired(at: now) else { return }
            let count = state.changeCount + 1
            if state.persistent {
                do {
                    let superseded = try FileLock.withLock(lockPath) { () throws -> Bool in
                        guard savedChangeCount(board.name) == state.changeCount else { return true }
                        ledger.issue(count, holdingFolderLock: true)
                        try persist(name: board.name, changeCount: count, items: [], options: .init())
                        return false
                    }
                    // Another process changed the pasteboard since this one read it; the next read takes that in.
                    if superseded { return }
                    state.stamp = FileStamp.of(path(for: board.name))
                } catch {
                    // The items vanish from memory all the same; another process reading the file expires them itself.
                    ledger.issue(count)
                }
            } else {
                ledger.issue(count)
            }
            totalBytes.withLock { $0 -= state.byteCount }
            state.items = []
            state.byteCount = 0
            state.options = .init()
            state.changeCount = count
            notify(board.name, changeCount: count)
        }
    }

    /// Arranges for a board's items to be expired at `date` even if nobody reads the board.
    ///
    /// The timer ends without effect once the board holds items with
    /// another date (a later write) or has been removed.
    func scheduleExpiry(_ board: Board, at date: Date) {
        let wait = min(max(0, date.timeIntervalSinceNow), Self.longestExpiryWait)
        DispatchQueue.global(qos: .utility).asyncAfter(wallDeadline: .now() + wait) { [weak self] in
            guard let self else { return }
            let current = board.state.withLock { $0.removed ? nil : $0.options.expirationDate }
            guard current == date else { return }
            refresh(board)
            if board.state.withLock({ !$0.removed && $0.options.expirationDate == date }) { scheduleExpiry(board, at: date) }
        }
    }
}
