import Foundation
import Synchronization
import CPlatform
import SystemPackage
import TextServices
#if canImport(Glibc)
import Glibc
#endif

// Every raw POSIX socket call of the client side lives in this file.

/// A blocking connection to a Unix stream socket, read line by line.
///
/// One reader and one writer may use it at once from two threads (the
/// remote client reads on its own thread). To wake a blocked reader from
/// another thread, `disconnect` (the reader sees the end of input); only the
/// reader should `close`, or the descriptor could be reused under it. Writes
/// never raise SIGPIPE: a vanished peer shows up as a `SystemFailure`.
public final class UnixSocket: @unchecked Sendable {
    public let path: String
    private let descriptor: FileDescriptor
    private let closed = Atomic<Bool>(false)
    // Touched by the reading thread only: the received bytes from `start` on (the lines before it were returned),
    // `scanned` of them searched for a newline, and the area each read fills.
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    private init(path: String, descriptor: FileDescriptor) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Connects to the socket at `path`, waiting at most `timeoutSeconds` for a busy listener.
    ///
    /// A listener whose backlog is full makes `connect` fail with EAGAIN;
    /// this retries for up to `timeoutSeconds` before giving up. With
    /// `trustedPeersOnly` (the default) the listener must run as this
    /// process's user or as root (`SO_PEERCRED`): a socket in a shared folder
    /// may belong to someone else, who must not see this user's text.
    public static func connect(path: String, timeoutSeconds: Double = 5, trustedPeersOnly: Bool = true) throws(SystemFailure) -> UnixSocket {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw SystemFailure("connect", path, errno: .fileNameTooLong)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeoutSeconds * 1000))
        var pauseMicroseconds: UInt32 = 2_000
        while true {
            let raw = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard raw >= 0 else { throw SystemFailure.last("socket", path) }
            let descriptor = FileDescriptor(rawValue: raw)
            var timeout = timeval(tv_sec: Int(timeoutSeconds), tv_usec: 0)
            setsockopt(raw, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(raw, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            if result == 0 {
                var noTimeout = timeval(tv_sec: 0, tv_usec: 0)
                setsockopt(raw, SOL_SOCKET, SO_SNDTIMEO, &noTimeout, socklen_t(MemoryLayout<timeval>.size))
                let connection = UnixSocket(path: path, descriptor: descriptor)
                if trustedPeersOnly { try connection.checkPeerIsTrusted() }
                return connection
            }
            let failure = SystemFailure.last("connect", path)
            try? descriptor.close()
            // A full backlog (a burst of clients) clears in moments: try again until the deadline.
            guard failure.errno == .resourceTemporarilyUnavailable,
                  ContinuousClock.now + .microseconds(pauseMicroseconds) < deadline else { throw failure }
            usleep(pauseMicroseconds)
            pauseMicroseconds = min(pauseMicroseconds * 2, 100_000)
        }
    }

    /// Refuses a listener that runs as another user (root excepted).
    private func checkPeerIsTrusted() throws(SystemFailure) {
        let me = geteuid()
        guard let peer = peerCredentials()?.user_id else {
            close()
            throw SystemFailure("connect", path, errno: .permissionDenied, reason: "cannot learn which user listens there")
        }
        guard peer == me || peer == 0 else {
            close()
            throw SystemFailure("connect", path, errno: .permissionDenied,
                                reason: "the listener runs as user \(peer), not as user \(me); refusing to talk to it")
        }
    }

    /// The process on the other end, as the kernel reports it (`SO_PEERCRED`).
    public func peerCredentials() -> tsv_peer_credentials? {
        var credentials = tsv_peer_credentials()
        guard tsv_peer_credentials_of(descriptor.rawValue, &credentials) == 0 else { return nil }
        return credentials
    }

    /// Whether a process accepts connections at `path` right now.
    ///
    /// True when a connection succeeds or the listener is merely busy (its
    /// backlog full); false for a missing file, a stale socket file or a
    /// file that is not a socket.
    public static func isListening(path: String) -> Bool {
        do {
            let probe = try connect(path: path, timeoutSeconds: 2, trustedPeersOnly: false)
            probe.close()
            return true
        } catch {
            return [.resourceTemporarilyUnavailable, .nowInProgress].contains(error.errno)
        }
    }

    /// Sets how long a read may wait (nil for no limit).
    public func setReadTimeout(seconds: Double?) {
        let seconds = seconds ?? 0
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
        setsockopt(descriptor.rawValue, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sets how long a write may wait for the peer to read (nil for no limit); a write that waits longer throws with EAGAIN.
    public func setWriteTimeout(seconds: Double?) {
        let seconds = seconds ?? 0
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
        setsockopt(descriptor.rawValue, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: [UInt8]) throws(SystemFailure) {
        var failure: SystemFailure?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(descriptor.rawValue, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 {
                    if errno == EINTR { continue }
                    failure = SystemFailure.last("write to", path)
                    return
                }
                offset += sent
            }
        }
        if let failure { throw failure }
    }

    /// Reads the next line without its `\n`; nil when the peer closed the connection.
    ///
    /// Bytes after the last newline before the close are returned as a final
    /// line. A read timeout (`setReadTimeout`) throws with EAGAIN.
    public func readLine() throws(SystemFailure) -> [UInt8]? {
        while true {
            let from = start + scanned
            let newline = buffer.withUnsafeBytes { ByteSearch.firstIndex(of: 0x0A, in: $0, from: from) }
            if let newline {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                scanned = 0
                return line
            }
            // The lines already returned are dropped before the buffer grows, so it holds at most one line and a read.
            if start > 0 {
                buffer.removeSubrange(..<start)
                start = 0
            }
            scanned = buffer.count
            let count = chunk.withUnsafeMutableBytes { recv(descriptor.rawValue, $0.baseAddress!, $0.count, 0) }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = SystemFailure.last("read from", path)
                throw failure.errno == .resourceTemporarilyUnavailable
                    ? SystemFailure("timed out reading from", path, errno: failure.errno) : failure
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
    public func shutdownWriting() {
        shutdown(descriptor.rawValue, Int32(SHUT_WR))
    }

    /// Ends the connection both ways but keeps the descriptor: a thread blocked reading wakes with the end of input.
    public func disconnect() {
        guard !closed.load(ordering: .acquiring) else { return }
        shutdown(descriptor.rawValue, Int32(SHUT_RDWR))
    }

    /// Closes the connection and releases its descriptor; call it from the thread that reads, or when none does.
    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        shutdown(descriptor.rawValue, Int32(SHUT_RDWR))
        try? descriptor.close()
    }

    /// The descriptor, for tests that need raw access.
    public var rawDescriptor: Int32 { descriptor.rawValue }
}

extension SystemFailure {
    /// The listener runs as another user, so this client will not talk to it.
    public var meansUntrustedPeer: Bool { errno == .permissionDenied && reason != nil }

    /// Nothing listens there: no file, or a file no process accepts on.
    public var meansNoListener: Bool {
        [.noSuchFileOrDirectory, .connectionRefused, .notSocket].contains(errno)
    }
}
