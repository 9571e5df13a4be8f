#if canImport(Glibc)
import Glibc
#endif

// Every raw POSIX call of the server side lives in this file.

/// The operating-system calls the daemon needs that SwiftNIO and Foundation do not offer.
enum ServerSystem {
    /// A failed system call, with what it was doing and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        var operation: String
        var path: String
        var code: Int32
        var description: String { "\(operation) \(path): \(String(cString: strerror(code)))" }
    }

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
    static func makeDirectory(_ path: String, mode: UInt32) throws(Failure) {
        if mkdir(path, mode_t(mode)) != 0, errno != EEXIST {
            throw Failure(operation: "create folder", path: path, code: errno)
        }
    }

    static func setMode(_ path: String, _ mode: UInt32) throws(Failure) {
        guard chmod(path, mode_t(mode)) == 0 else { throw Failure(operation: "chmod", path: path, code: errno) }
    }

    static func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 || errno == ENOENT else { throw Failure(operation: "remove", path: path, code: errno) }
    }

    /// Sets the process's file-creation mask and returns the previous one.
    @discardableResult
    static func setFileMask(_ mask: UInt32) -> UInt32 {
        UInt32(umask(mode_t(mask)))
    }

    /// An exclusive advisory lock on a file, held until `release()` or process exit.
    final class FileLock {
        let path: String
        private var descriptor: Int32

        private init(path: String, descriptor: Int32) {
            self.path = path
            self.descriptor = descriptor
        }

        /// Takes the lock without waiting and writes this process's id into the file; nil when another process holds it.
        static func acquire(_ path: String) throws(Failure) -> FileLock? {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw Failure(operation: "open lock file", path: path, code: errno) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK { return nil }
                throw Failure(operation: "lock", path: path, code: code)
            }
            let text = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            return FileLock(path: path, descriptor: descriptor)
        }

        /// The process id written in a lock file, if it holds one.
        static func holder(of path: String) -> Int32? {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: 32)
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            return Int32(String(decoding: bytes[..<count].filter { (0x30...0x39).contains($0) }, as: UTF8.self))
        }

        func release() {
            if descriptor >= 0 {
                close(descriptor)
                descriptor = -1
            }
        }

        deinit { release() }
    }

    /// The listening socket systemd passed under the socket-activation protocol, if any.
    ///
    /// Reads `LISTEN_PID` and `LISTEN_FDS`; when they name this process,
    /// checks that descriptor 3 is a listening Unix stream socket, marks it
    /// close-on-exec and removes the variables so that children do not
    /// inherit them. Returns the descriptor and the path it is bound to.
    static func inheritedListener(environment: [String: String]) throws(Failure) -> (descriptor: Int32, path: String)? {
        guard let pidText = environment["LISTEN_PID"], let pid = Int32(pidText), pid == getpid(),
              let countText = environment["LISTEN_FDS"], let count = Int(countText), count >= 1 else { return nil }
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_FDNAMES")
        let descriptor: Int32 = 3
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_DOMAIN, &value, &length) == 0 else {
            throw Failure(operation: "inspect inherited socket", path: "fd 3", code: errno)
        }
        guard value == AF_UNIX else { throw Failure(operation: "use inherited socket (not a Unix socket)", path: "fd 3", code: EAFNOSUPPORT) }
        guard getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &value, &length) == 0, value == Int32(SOCK_STREAM.rawValue) else {
            throw Failure(operation: "use inherited socket (not a stream socket)", path: "fd 3", code: ESOCKTNOSUPPORT)
        }
        guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &value, &length) == 0, value == 1 else {
            throw Failure(operation: "use inherited socket (not listening)", path: "fd 3", code: EINVAL)
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
