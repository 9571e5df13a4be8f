import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// The process on the other end of a Unix socket connection, as the kernel reports it (`SO_PEERCRED`).
struct PeerCredentials: Sendable {
    var processID: Int32
    var userID: UInt32
    var groupID: UInt32

    /// The credentials of `channel`'s peer; fails for a channel that is not a connected Unix socket.
    ///
    /// Completes at once when called on the channel's event loop.
    static func of(_ channel: Channel) -> EventLoopFuture<PeerCredentials> {
        guard let provider = channel as? SocketOptionProvider else {
            return channel.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
        }
        let credentials: EventLoopFuture<KernelLayout> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
        return credentials.map { PeerCredentials(processID: $0.pid, userID: $0.uid, groupID: $0.gid) }
    }

    /// Linux's `struct ucred`, which Glibc's Swift module does not export (it needs `_GNU_SOURCE`).
    ///
    /// Three 32-bit fields in declaration order: Swift lays this out exactly as C does.
    private struct KernelLayout: Sendable {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
    }
}
