#if canImport(Glibc)
import Glibc
#endif

// Every raw POSIX socket call of the client side lives in this file.

/// A blocking connection to a Unix stream socket, read line by line.
///
/// Not thread-safe: one owner at a time. Writes never raise SIGPIPE; a
/// vanished peer shows up as `UnixSocket.Failure`.
final class UnixSocket {
    /// A failed socket operation, with the path and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        var operation: String
        var path: String
        var code: Int32
        /// Why, when the system's reason for `code` would not say it.
        var reason: String?

        var description: String { "\(operation) \(path): \(reason ?? String(cString: strerror(code)))" }

        /// The listener runs as another user, so this client will not talk to it.
        var meansUntrustedPeer: Bool { code == EPERM && reason != nil }

        /// Nothing listens there: no file, or a file no process accepts on.
        var meansNoListener: Bool { code == ENOENT || code == ECONNREFUSED || code == ENOTSOCK }
    }

    let path: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var scanned = 0

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Connects to the socket at `path`, waiting at most `timeoutSeconds` for a busy listener.
    ///
    /// With `trustedPeersOnly` (the default) the listener must run as this
    /// process's user or as root (`SO_PEERCRED`): a socket in a shared folder
    /// may belong to someone else, who must not see this user's text.
    static func connect(path: String, timeoutSeconds: Int = 5, trustedPeersOnly: Bool = true) throws(Failure) -> UnixSocket {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(operation: "socket", path: path, code: errno) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            Glibc.close(descriptor)
            throw Failure(operation: "connect", path: path, code: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw Failure(operation: "connect", path: path, code: code)
        }
        var noTimeout = timeval(tv_sec: 0, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &noTimeout, socklen_t(MemoryLayout<timeval>.size))
        let connection = UnixSocket(path: path, descriptor: descriptor)
        if trustedPeersOnly {
            let me = geteuid()
            guard let peer = connection.peerUserID() else {
                throw Failure(operation: "connect", path: path, code: EPERM, reason: "cannot learn which user listens there")
            }
            guard peer == me || peer == 0 else {
                connection.close()
                throw Failure(operation: "connect", path: path, code: EPERM,
                              reason: "the listener runs as user \(peer), not as user \(me); refusing to talk to it")
            }
        }
        return connection
    }

    /// The user id of the process that accepted this connection, from the kernel (`SO_PEERCRED`).
    func peerUserID() -> UInt32? {
        // Linux's struct ucred: pid, uid, gid.
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials.1
    }

    /// Whether a process accepts connections at `path` right now.
    ///
    /// True when a connection succeeds or the listener is merely busy (its
    /// backlog full); false for a missing file, a stale socket file or a
    /// file that is not a socket.
    static func isListening(path: String) -> Bool {
        do {
            let probe = try connect(path: path, timeoutSeconds: 2, trustedPeersOnly: false)
            probe.close()
            return true
        } catch {
            return error.code == EAGAIN || error.code == EWOULDBLOCK || error.code == EINPROGRESS
        }
    }

    /// Sets how long a read may wait (nil for no limit).
    func setReadTimeout(seconds: Double?) {
        let seconds = seconds ?? 0
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) throws(Failure) {
        var failure: Failure?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 {
                    if errno == EINTR { continue }
                    failure = Failure(operation: "write to", path: path, code: errno)
                    return
                }
                offset += sent
            }
        }
        if let failure { throw failure }
    }

    /// Reads the next line without its `\n`; nil when the peer closed the connection.
    ///
    /// Bytes after the last newline before the close are returned as a final line.
    func readLine() throws(Failure) -> [UInt8]? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                scanned = 0
                return line
            }
            scanned = buffer.count
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: errno == EAGAIN ? "timed out reading from" : "read from", path: path, code: errno)
            }
            if count == 0 {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll(); scanned = 0 }
                return buffer
            }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Stops sending; the peer sees the end of input but may still answer.
    func shutdownWriting() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    func close() {
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }

    /// The real user id of this process.
    static var currentUserID: UInt32 { getuid() }
}
