import CPlatform
import NIOCore

/// The process on the other end of a Unix socket connection, as the kernel reports it (`SO_PEERCRED`).
///
/// The same C structure the client side reads (`UnixSocket.peerCredentials`),
/// read here through NIO's socket options.
struct PeerCredentials: Sendable {
    var processID: Int32
    var userID: UInt32
    var groupID: UInt32

    /// The credentials of `channel`'s peer; fails for a channel that is not a connected Unix socket.
    ///
    /// Completes at once when called on the channel's event loop.
    static func of(_ channel: Channel) -> EventLoopFuture<PeerCredentials> {
        guard let provider = channel as? SocketOptionProvider, tsv_peer_credentials_option() >= 0 else {
            return channel.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
        }
        let credentials: EventLoopFuture<tsv_peer_credentials> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(tsv_peer_credentials_level()), name: SocketOptionName(tsv_peer_credentials_option()))
        return credentials.map { PeerCredentials(processID: $0.process_id, userID: $0.user_id, groupID: $0.group_id) }
    }
}
