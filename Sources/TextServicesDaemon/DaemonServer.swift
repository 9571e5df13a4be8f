import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import ServiceLifecycle
import TextServices
import TextServicesProtocol

/// The daemon: accepts connections on a Unix socket and serves JSON-RPC lines on them.
///
/// `start` binds the socket (or adopts one systemd passed); `run`, as a
/// `Service`, serves until graceful shutdown or cancellation, then stops
/// accepting, lets requests in flight finish within `drainTimeout`, closes
/// every connection and removes the socket file it created.
final class DaemonServer: Service, @unchecked Sendable {
    /// Where the daemon listens: a path it claimed, or a socket systemd passed.
    enum Listener {
        case claimed(SocketFile)
        case inherited(descriptor: Int32, path: String)
    }

    private let requests: RequestDispatcher
    private let settings: ServerSettings
    private let logger: Logger
    private let group: MultiThreadedEventLoopGroup
    private let pool: NIOThreadPool
    private let registry = ConnectionRegistry()
    private var listener: Listener?
    private var channel: Channel?
    private var watch: DaemonWatch
    private let startupPages: StartupPages

    init(requests: RequestDispatcher, settings: ServerSettings, logger: Logger) {
        self.requests = requests
        self.settings = settings
        self.logger = logger
        self.group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, settings.ioThreads))
        self.pool = NIOThreadPool(numberOfThreads: max(1, settings.workerThreads))
        self.watch = DaemonWatch(socket: nil, exitWhenIdle: settings.exitWhenIdle, interval: settings.watchInterval)
        self.startupPages = StartupPages(logger: logger)
    }

    /// Starts listening; throws when the socket cannot be bound or adopted.
    func start(_ listener: Listener) async throws {
        pool.start()
        self.listener = listener
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: settings.listenBacklog)
            .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .childChannelOption(ChannelOptions.maxMessagesPerRead, value: 8)
            .childChannelInitializer { [self] channel in
                let handler = ConnectionHandler(requests: requests, pool: pool, settings: settings, logger: logger,
                                                onAnswer: { [startupPages] in startupPages.answered() },
                                                onClose: { [registry] id in registry.remove(id) })
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(LineFrameDecoder(maximumLineBytes: settings.maximumLineBytes)))
                    try channel.pipeline.syncOperations.addHandler(handler)
                    if registry.add(channel: channel, handler: handler) == false {
                        handler.beginDrain()
                    }
                }
            }
        switch listener {
        case .claimed(let socketFile):
            let previousMask = ServerSystem.setFileMask(0o177)
            defer { ServerSystem.setFileMask(previousMask) }
            // The file is private, and known by its inode, before any client can connect.
            let descriptor = try ServerSystem.listeningSocket(path: socketFile.path, backlog: settings.listenBacklog) {
                () throws(SystemFailure) in try socketFile.restrictMode()
            }
            channel = try await bootstrap.withBoundSocket(descriptor).get()
            watch.socket = socketFile.boundIdentity.map { (socketFile.path, $0) }
            logger.info("listening", metadata: ["socket": "\(socketFile.path)", "workers": "\(settings.workerThreads)"])
        case .inherited(let descriptor, let path):
            channel = try await bootstrap.withBoundSocket(descriptor).get()
            watch.socket = ServerSystem.identity(of: path).map { (path, $0) }
            logger.info("listening on the socket systemd passed", metadata: ["socket": "\(path)"])
        }
        // Start-up is over: most of the code it touched (argument parsing, Foundation's set-up, the runtime's
        // conformance scans) is not run again, and the kernel mapped the code in large folios.
        startupPages.listening()
    }

    func run() async throws {
        guard let channel else { return }
        if let idle = watch.exitWhenIdle { logger.info("exits when no client has been connected for \(DaemonWatch.describe(idle))") }
        let watching = Task { [watch, registry, logger] in
            guard watch.isActive, let reason = await watch.waitForReason(idleTime: { registry.idleTime }) else { return }
            logger.notice("\(reason)")
            channel.close(promise: nil)
        }
        await withTaskCancellationOrGracefulShutdownHandler {
            try? await channel.closeFuture.get()
        } onCancelOrGracefulShutdown: {
            channel.close(promise: nil)
        }
        watching.cancel()
        logger.info("stopped accepting connections; finishing requests in flight",
                    metadata: ["connections": "\(registry.count)"])
        await drain()
        if case .claimed(let socketFile) = listener {
            socketFile.release(logger: logger)
        }
        // A request still running after the drain timeout must not hold up the exit: let the pool wind
        // down without waiting for it (its threads end with the process).
        pool.shutdownGracefully { _ in }
        try? await group.shutdownGracefully()
        logger.info("stopped")
    }

    /// Lets every connection finish its requests, waiting at most `drainTimeout`, then closes the rest.
    private func drain() async {
        let open = registry.startDraining()
        guard !open.isEmpty else { return }
        let closed = open.map { channel, handler in
            channel.eventLoop.submit { handler.beginDrain() }.flatMap { channel.closeFuture }
        }
        let all = EventLoopFuture.andAllComplete(closed, on: group.any())
        let timeout = settings.drainTimeout
        let logger = self.logger
        await withTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try? await all.get() }
            tasks.addTask {
                do { try await Task.sleep(for: timeout) } catch { return }
                logger.warning("requests still running after the drain timeout; closing their connections",
                               metadata: ["timeout": "\(timeout)"])
                for (channel, _) in open { channel.close(promise: nil) }
            }
            await tasks.next()
            tasks.cancelAll()
        }
    }
}

/// The open connections, so that shutdown can drain them. Thread-safe.
final class ConnectionRegistry: Sendable {
    private struct State {
        var draining = false
        var entries: [ObjectIdentifier: (Channel, ConnectionHandler)] = [:]
        /// Since when no connection has been open; nil while one is.
        var idleSince: ContinuousClock.Instant? = .now
    }

    // NIO's lock rather than Synchronization.Mutex: ThreadSanitizer can see it (scripts/sanitizers).
    private let state = NIOLockedValueBox(State())

    /// Adds a connection; returns false when shutdown has begun (the caller drains it at once).
    func add(channel: Channel, handler: ConnectionHandler) -> Bool {
        state.withLockedValue {
            $0.entries[ObjectIdentifier(handler)] = (channel, handler)
            $0.idleSince = nil
            return !$0.draining
        }
    }

    func remove(_ id: ObjectIdentifier) {
        state.withLockedValue {
            $0.entries.removeValue(forKey: id)
            if $0.entries.isEmpty, $0.idleSince == nil { $0.idleSince = .now }
        }
    }

    /// How long no connection has been open; nil while one is.
    var idleTime: Duration? {
        state.withLockedValue { state in state.idleSince.map { ContinuousClock.now - $0 } }
    }

    var count: Int { state.withLockedValue { $0.entries.count } }

    /// Marks the start of shutdown and returns the connections open now.
    func startDraining() -> [(Channel, ConnectionHandler)] {
        state.withLockedValue {
            $0.draining = true
            return Array($0.entries.values)
        }
    }
}
