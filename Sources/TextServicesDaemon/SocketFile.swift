import Logging
import TextServices
import TextServicesProtocol

/// The daemon's claim on a socket path: its folder, its lock, and the socket file itself.
///
/// `claim` makes sure no live daemon listens there (a lock file beside the
/// socket guards against two daemons starting at once, a probe connection
/// against a listener that holds no lock), replaces a stale socket file,
/// and creates a missing folder with mode 0700. Not thread-safe.
final class SocketFile {
    /// Why the daemon cannot listen at the path; the message is for a person.
    struct ClaimError: Error, CustomStringConvertible {
        var description: String
        /// Another daemon is serving this path (the command exits 1 and leaves it alone).
        var alreadyRunning = false
    }

    let path: String
    private var lock: FileLock?
    /// The socket file this daemon bound, once bound: release removes the path only while it still names it.
    private(set) var boundIdentity: ServerSystem.FileIdentity?

    private init(path: String, lock: FileLock?) {
        self.path = path
        self.lock = lock
    }

    var lockPath: String { Self.lockPath(for: path) }

    static func lockPath(for path: String) -> String { path + ".lock" }

    /// Claims `path` for this process, or explains why not.
    static func claim(_ path: String, isDefaultLocation: Bool, logger: Logger) throws(ClaimError) -> SocketFile {
        guard path.utf8.count < 108 else {
            throw ClaimError(description: "socket path is too long (\(path.utf8.count) bytes, at most 107): \(path)")
        }
        try prepareFolder(of: path, isDefaultLocation: isDefaultLocation)
        let lockPath = lockPath(for: path)
        let lock: FileLock?
        do {
            lock = try FileLock.acquire(lockPath, wait: false)
        } catch {
            throw ClaimError(description: "cannot lock \(lockPath): \(error)")
        }
        lock?.record("\(ServerSystem.processID)\n")
        guard let lock else {
            let holder = FileLock.holder(of: lockPath).map { " (pid \($0))" } ?? ""
            throw ClaimError(description: "another textsvcd daemon\(holder) is already serving \(path)", alreadyRunning: true)
        }
        switch ServerSystem.kind(of: path) {
        case .missing:
            break
        case .socket:
            if UnixSocket.isListening(path: path) {
                throw ClaimError(description: "a process is already listening on \(path)", alreadyRunning: true)
            }
            logger.info("replacing a stale socket file", metadata: ["path": "\(path)"])
            do {
                try ServerSystem.remove(path)
            } catch {
                throw ClaimError(description: "cannot remove the stale socket file: \(error)")
            }
        case .directory, .other:
            throw ClaimError(description: "\(path) exists and is not a socket; not replacing it")
        }
        return SocketFile(path: path, lock: lock)
    }

    /// Creates missing folders 0700; makes the default folder private to this user.
    ///
    /// Refuses a folder that other users may write to (such as `/tmp` itself)
    /// or that belongs to another user: they could replace the socket with
    /// their own and read what clients send.
    private static func prepareFolder(of path: String, isDefaultLocation: Bool) throws(ClaimError) {
        try createFolders(of: path, isDefaultLocation: isDefaultLocation)
        let parent = path.split(separator: "/", omittingEmptySubsequences: true).dropLast().joined(separator: "/")
        let folder = path.hasPrefix("/") ? "/" + parent : (parent.isEmpty ? "." : parent)
        guard case .directory(let owner, let mode) = ServerSystem.kind(of: folder) else {
            throw ClaimError(description: "\(folder) is not a folder")
        }
        guard owner == ServerSystem.effectiveUserID || owner == 0 else {
            throw ClaimError(description: "\(folder) belongs to user \(owner), not to this user; refusing to listen there")
        }
        guard mode & 0o022 == 0 else {
            throw ClaimError(description: "\(folder) is writable by other users (mode \(String(mode, radix: 8))); "
                + "refusing to listen there: use a private folder (mode 0700) inside it")
        }
    }

    private static func createFolders(of path: String, isDefaultLocation: Bool) throws(ClaimError) {
        var components = path.split(separator: "/", omittingEmptySubsequences: true).dropLast().map(String.init)
        guard !components.isEmpty else { return }
        var folder = path.hasPrefix("/") ? "" : "."
        let last = components.removeLast()
        do {
            for component in components + [last] {
                folder += "/" + component
                if case .missing = ServerSystem.kind(of: folder) {
                    try ServerSystem.makeDirectory(folder, mode: 0o700)
                }
            }
            guard isDefaultLocation else { return }
            guard case .directory(let owner, let mode) = ServerSystem.kind(of: folder) else {
                throw ClaimError(description: "\(folder) is not a folder")
            }
            guard owner == ServerSystem.effectiveUserID else {
                throw ClaimError(description: "\(folder) belongs to user \(owner), not to this user; refusing to use it")
            }
            if mode != 0o700 { try ServerSystem.setMode(folder, 0o700) }
        } catch let error as SystemFailure {
            throw ClaimError(description: "cannot prepare the socket folder: \(error)")
        } catch let error as ClaimError {
            throw error
        } catch {
            throw ClaimError(description: "cannot prepare the socket folder: \(error)")
        }
    }

    /// Makes the bound socket file readable and writable by its owner only, and remembers which file it is.
    func restrictMode() throws(SystemFailure) {
        try ServerSystem.setMode(path, 0o600)
        boundIdentity = ServerSystem.identity(of: path)
    }

    /// Removes the socket file and releases the lock; call once, when the server has stopped listening.
    ///
    /// A path that no longer names the socket this daemon bound (removed,
    /// or another daemon's socket since) is left alone.
    func release(logger: Logger) {
        if boundIdentity == nil || ServerSystem.identity(of: path) == boundIdentity {
            do {
                try ServerSystem.remove(path)
            } catch {
                logger.warning("cannot remove the socket file", metadata: ["error": "\(error)"])
            }
        }
        lock?.release()
        lock = nil
    }
}
