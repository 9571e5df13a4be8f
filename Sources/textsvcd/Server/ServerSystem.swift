import SystemPackage
import TextServices
#if canImport(Glibc)
import Glibc
#endif

// Every raw POSIX call of the server side lives in this file.

/// The operating-system calls the daemon needs that SwiftNIO, swift-system and Foundation do not offer.
enum ServerSystem {
    /// What is at a path, without following a symbolic link.
    enum FileKind: Equatable {
        case missing
        case socket
        case directory(owner: UInt32, mode: UInt32)
        case other
    }

    static var effectiveUserID: UInt32 { geteuid() }
    static var processID: Int32 { getpid() }

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

    /// An exclusive advisory lock on a file, held until `release()` or process exit.
    final class FileLock {
        let path: String
        private var descriptor: FileDescriptor?

        private init(path: String, descriptor: FileDescriptor) {
            self.path = path
            self.descriptor = descriptor
        }

        /// Takes the lock without waiting and writes this process's id into the file; nil when another process holds it.
        static func acquire(_ path: String) throws(SystemFailure) -> FileLock? {
            let descriptor: FileDescriptor
            do {
                descriptor = try FileDescriptor.open(FilePath(path), .readWrite, options: [.create, .closeOnExec],
                                                     permissions: [.ownerReadWrite])
            } catch {
                throw SystemFailure("open lock file", path, error)
            }
            guard flock(descriptor.rawValue, LOCK_EX | LOCK_NB) == 0 else {
                let failure = SystemFailure.last("lock", path)
                try? descriptor.close()
                if failure.errno == .wouldBlock { return nil }
                throw failure
            }
            _ = ftruncate(descriptor.rawValue, 0)
            _ = try? descriptor.writeAll(toAbsoluteOffset: 0, Array("\(getpid())\n".utf8))
            return FileLock(path: path, descriptor: descriptor)
        }

        /// The process id written in a lock file, if it holds one.
        static func holder(of path: String) -> Int32? {
            guard let descriptor = try? FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec]) else { return nil }
            defer { try? descriptor.close() }
            var bytes = [UInt8](repeating: 0, count: 32)
            guard let count = try? bytes.withUnsafeMutableBytes({ try descriptor.read(into: $0) }), count > 0 else { return nil }
            return Int32(String(decoding: bytes[..<count].filter { (0x30...0x39).contains($0) }, as: UTF8.self))
        }

        func release() {
            try? descriptor?.close()
            descriptor = nil
        }

        deinit { release() }
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
