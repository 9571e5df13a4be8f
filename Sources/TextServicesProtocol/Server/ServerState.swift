import Synchronization

/// What requests know about the server they run in: its counters and how to stop it.
///
/// One per server (the daemon, or an in-process client). Thread-safe.
public final class ServerState: Sendable {
    public let stats = Stats()
    private let shutdownHook = Mutex<(@Sendable () -> Void)?>(nil)

    public init() {}

    /// Sets what `shutdown` does (the daemon stops itself).
    ///
    /// The hook runs on the requesting thread before the response is written;
    /// it should start an orderly stop, not block.
    public func onShutdown(_ hook: @escaping @Sendable () -> Void) {
        shutdownHook.withLock { $0 = hook }
    }

    /// Starts the orderly stop `onShutdown` set, if any.
    func requestShutdown() {
        let hook = shutdownHook.withLock { $0 }
        hook?()
    }
}
