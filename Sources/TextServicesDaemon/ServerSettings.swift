/// How the daemon listens and how much it lets one client hold; fixed at start-up.
struct ServerSettings: Sendable {
    /// The socket path to bind (ignored when systemd passes a listening socket).
    var socketPath: String
    /// Threads that run requests.
    var workerThreads: Int
    /// Connections the kernel queues before the daemon accepts them.
    var listenBacklog: Int32 = 256
    /// Threads that move bytes (accept, read, write).
    var ioThreads = 1
    /// Longest request line, in bytes; a longer one is answered with -32004.
    var maximumLineBytes: Int
    /// Requests of one connection received and not yet answered before the server stops reading from it.
    var maximumInFlightPerConnection = 64
    /// Requests of one connection handed to the worker pool at once; the others wait their turn.
    var maximumRunningPerConnection = 2
    /// Notification bytes a client may leave unread before the server closes its connection.
    var maximumUnreadNotificationBytes = 16 << 20
    /// How long shutdown waits for requests in flight before closing connections anyway.
    var drainTimeout: Duration = .seconds(10)
    /// The only user id whose connections are served.
    var allowedUserID: UInt32
    /// How long the daemon waits with no client connected before it exits; nil to wait for ever.
    var exitWhenIdle: Duration?
    /// How often the daemon checks that its socket file is still its own (and whether it has been idle too long).
    var watchInterval: Duration = .seconds(1)
}
