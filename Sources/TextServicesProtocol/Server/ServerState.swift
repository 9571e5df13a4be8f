import Synchronization
import TextServices

/// What requests know about the server they run in: its counters, its clients, and how to stop it.
///
/// One per server (the daemon, or an in-process client). It tells every
/// registered session of changes to learned words (`spell.changed`).
/// Thread-safe.
public final class ServerState: SpellingObserver, Sendable {
    public let stats = Stats()
    private let shutdown = Mutex<Shutdown>(Shutdown())
    private let sessions = Mutex<[Int: WeakSession]>([:])

    private struct WeakSession {
        weak var session: ConnectionState?
    }

    private struct Shutdown {
        var hook: (@Sendable () -> Void)?
        var requested = false
    }

    public init() {}

    /// Adds a client to those told of changes (held weakly; `unregister` when its connection ends).
    public func register(_ session: ConnectionState) {
        sessions.withLock { $0[session.id] = WeakSession(session: session) }
    }

    public func unregister(_ session: ConnectionState) {
        _ = sessions.withLock { $0.removeValue(forKey: session.id) }
    }

    /// Sends a notification to every registered session.
    public func broadcast<Notification: TextServicesNotification>(_ notification: Notification) {
        let live = sessions.withLock { table -> [ConnectionState] in
            table = table.filter { $0.value.session != nil }
            return table.values.compactMap(\.session)
        }
        for session in live { session.notify(notification) }
    }

    public func learnedWordsDidChange(_ change: LearnedWordsChange) {
        broadcast(SpellChangedNotification(change))
    }

    /// Sets what `shutdown` does (the daemon stops itself), and runs it at once if a client asked for it already.
    ///
    /// The hook runs on the requesting thread before the response is written;
    /// it should start an orderly stop, not block. A daemon answers requests
    /// as soon as it listens, before it sets the hook: a `shutdown` answered
    /// in between is carried out here, not dropped.
    public func onShutdown(_ hook: @escaping @Sendable () -> Void) {
        let requested = shutdown.withLock { state in
            state.hook = hook
            return state.requested
        }
        if requested { hook() }
    }

    /// Starts the orderly stop `onShutdown` set, or has `onShutdown` start it when it is set.
    func requestShutdown() {
        let hook = shutdown.withLock { state in
            state.requested = true
            return state.hook
        }
        hook?()
    }
}
