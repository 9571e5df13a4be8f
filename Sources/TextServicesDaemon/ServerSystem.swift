import CPlatform
import Foundation
import SystemPackage
import TextServices
#if canImport(Glibc)
import Glibc
#endif

// Every raw POSIX call of the server side lives in this file.

/// The operating-system calls the daemon needs that SwiftNIO, swift-system and Foundation do not offer.
public enum ServerSystem {
    /// What is at a path, without following a symbolic link.
    enum FileKind: Equatable {
        case missing
        case socket
        case directory(owner: UInt32, mode: UInt32)
        case other
    }

    /// One file on one device: what a path named when it was looked at.
    struct FileIdentity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    static var effectiveUserID: UInt32 { geteuid() }
    static var processID: Int32 { getpid() }

    /// The most connections the kernel lets a listening socket queue (`/proc/sys/net/core/somaxconn`), nil when unknown.
    static var maximumListenBacklog: Int32? {
        guard let bytes = FileSystem.read("/proc/sys/net/core/somaxconn"),
              let value = Int32(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
              value > 0 else { return nil }
        return value
    }

    /// Starts a program in a new session, detached from this process's terminal and lifetime.
    ///
    /// Standard input is `/dev/null`; standard output and error go to `log`
    /// (appended; created 0600), or `/dev/null`; no other descriptor is
    /// inherited. The child is reaped by a thread of this process while it
    /// lives, which calls `onExit` with the child's wait status; the child
    /// becomes the init process's when this one exits. `newSession: false`
    /// keeps the child in this process's session (a helper, not a daemon).
    public static func spawnDetached(_ executable: String, _ arguments: [String], environment: [String: String],
                              log: String?, newSession: Bool = true,
                              onExit: (@Sendable (Int32) -> Void)? = nil) throws(SystemFailure) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newSession { posix_spawnattr_setflags(&attributes, tsv_spawn_new_session_flag()) }
        // The child holds none of this process's descriptors (Spawn closes them): whoever started this process may be
        // waiting for one of them to close (Foundation's Process does), and would wait as long as the daemon lives.
        let pid = try Spawn.start(executable, arguments, environment: environment, actions: &actions, attributes: &attributes)
        // Reap the child if it exits while this process lives (a daemon that lost the race to another exits at once).
        let child = pid
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            onExit?(status)
        }
    }

    /// The path of this process's own executable.
    public static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Makes a write to a closed connection an error instead of a fatal signal.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    static func kind(of path: String) -> FileKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFSOCK: return .socket
        case S_IFDIR: return .directory(owner: info.st_uid, mode: info.st_mode & 0o7777)
        default: return .other
        }
    }

    /// Which file a path names (its device and inode), without following a symbolic link; nil when nothing is there.
    static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// A Unix stream socket bound to `path` and listening (close-on-exec); the caller closes it and removes the file.
    ///
    /// The daemon binds it itself rather than through SwiftNIO, which removes
    /// the path when it closes a socket it bound, even when the path names
    /// another daemon's socket by then.
    /// `beforeListening` runs between the bind and the listen, when the file
    /// exists but no client can connect yet (the daemon makes it private there).
    static func listeningSocket(path: String, backlog: Int32,
                                beforeListening: () throws(SystemFailure) -> Void) throws(SystemFailure) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw SystemFailure("bind", path, errno: .fileNameTooLong)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SystemFailure.last("create socket", path) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            let failure = SystemFailure.last("bind", path)
            close(descriptor)
            throw failure
        }
        do {
            try beforeListening()
        } catch {
            close(descriptor)
            unlink(path)
            throw error
        }
        guard listen(descriptor, backlog) == 0 else {
            let failure = SystemFailure.last("listen", path)
            close(descriptor)
            unlink(path)
            throw failure
        }
        return descriptor
    }

    /// Creates one folder with `mode`; an existing folder is not an error.
    static func makeDirectory(_ path: String, mode: UInt32) throws(SystemFailure) {
        if mkdir(path, mode_t(mode)) != 0, errno != EEXIST {
            throw SystemFailure.last("create folder", path)
        }
    }

    static func setMode(_ path: String, _ mode: UInt32) throws(SystemFailure) {
        guard chmod(path, mode_t(mode)) == 0 else { throw SystemFailure.last("chmod", path) }
    }

    static func remove(_ path: String) throws(SystemFailure) {
        guard unlink(path) == 0 || errno == ENOENT else { throw SystemFailure.last("remove", path) }
    }

    /// Sets the process's file-creation mask and returns the previous one.
    @discardableResult
    static func setFileMask(_ mask: UInt32) -> UInt32 {
        UInt32(umask(mode_t(mask)))
    }

    /// The listening socket systemd passed under the socket-activation protocol, if any.
    ///
    /// Reads `LISTEN_PID` and `LISTEN_FDS`; when they name this process,
    /// checks that descriptor 3 is a listening Unix stream socket, marks it
    /// close-on-exec and removes the variables so that children do not
    /// inherit them. Returns the descriptor and the path it is bound to.
    static func inheritedListener(environment: [String: String]) throws(SystemFailure) -> (descriptor: Int32, path: String)? {
        guard let pidText = environment["LISTEN_PID"], let pid = Int32(pidText), pid == getpid(),
              let countText = environment["LISTEN_FDS"], let count = Int(countText), count >= 1 else { return nil }
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_FDNAMES")
        let descriptor: Int32 = 3
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_DOMAIN, &value, &length) == 0 else {
            throw SystemFailure.last("inspect inherited socket", "fd 3")
        }
        guard value == AF_UNIX else {
            throw SystemFailure("use inherited socket (not a Unix socket)", "fd 3", errno: .addressFamilyNotSupported)
        }
        guard getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &value, &length) == 0, value == Int32(SOCK_STREAM.rawValue) else {
            throw SystemFailure("use inherited socket (not a stream socket)", "fd 3", errno: .socketTypeNotSupported)
        }
        guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &value, &length) == 0, value == 1 else {
            throw SystemFailure("use inherited socket (not listening)", "fd 3", errno: .invalidArgument)
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var address = sockaddr_un()
        var addressLength = socklen_t(MemoryLayout<sockaddr_un>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &addressLength) }
        }
        var path = ""
        if named == 0 {
            path = withUnsafeBytes(of: address.sun_path) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return (descriptor, path)
    }
}
