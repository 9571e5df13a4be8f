import Synchronization

/// Which sessions want `pasteboard.changed` notifications for which pasteboard names.
///
/// Sessions are held weakly, so a connection that closes without
/// unsubscribing costs nothing once its session is gone; transports should
/// still call `removeAll(_:)` when a connection closes. A session may watch
/// at most `maximumPerSession` names at once. Thread-safe.
final class PasteboardSubscriptions: Sendable {
    private struct Subscriber {
        weak var session: Session?
    }

    private struct State {
        var table: [String: [Int: Subscriber]] = [:]
        /// How many names each session id watches.
        var counts: [Int: Int] = [:]

        mutating func drop(_ name: String, _ id: Int) -> Bool {
            guard table[name]?.removeValue(forKey: id) != nil else { return false }
            if table[name]?.isEmpty == true { table[name] = nil }
            counts[id] = counts[id].map { $0 - 1 }.flatMap { $0 > 0 ? $0 : nil }
            return true
        }
    }

    private let state = Mutex(State())
    let maximumPerSession: Int

    init(maximumPerSession: Int = 1_000) {
        self.maximumPerSession = maximumPerSession
    }

    /// Subscribes a session to a name; subscribing twice is the same as once.
    ///
    /// Throws -32004 when the session already watches `maximumPerSession` names.
    func add(_ name: String, _ session: Session) throws(ServiceError) {
        let limit = maximumPerSession
        try state.withLock { (state: inout State) throws(ServiceError) in
            guard state.table[name]?[session.id] == nil else { return }
            guard state.counts[session.id, default: 0] < limit else {
                throw ServiceError(code: -32004, message: "Too many subscriptions: a connection may watch \(limit) pasteboards",
                                   data: ["limit": .int(limit)])
            }
            state.table[name, default: [:]][session.id] = Subscriber(session: session)
            state.counts[session.id, default: 0] += 1
        }
    }

    /// Unsubscribes a session from a name; returns whether it was subscribed.
    @discardableResult
    func remove(_ name: String, _ session: Session) -> Bool {
        state.withLock { $0.drop(name, session.id) }
    }

    /// Unsubscribes a session from every name.
    func removeAll(_ session: Session) {
        state.withLock { state in
            guard state.counts[session.id] != nil else { return }
            for name in Array(state.table.keys) { _ = state.drop(name, session.id) }
        }
    }

    /// The live sessions subscribed to a name, dropping any that are gone.
    func sessions(for name: String) -> [Session] {
        state.withLock { state in
            guard let subscribers = state.table[name] else { return [] }
            var live: [Session] = []
            for (id, subscriber) in subscribers.sorted(by: { $0.key < $1.key }) {
                if let session = subscriber.session {
                    live.append(session)
                } else {
                    _ = state.drop(name, id)
                }
            }
            return live
        }
    }

    /// The number of (name, session) subscriptions kept, live or not yet pruned.
    var count: Int { state.withLock { $0.counts.values.reduce(0, +) } }

    /// The names a session is subscribed to, sorted.
    func names(for session: Session) -> [String] {
        state.withLock { state in state.table.compactMap { $0.value[session.id] != nil ? $0.key : nil }.sorted() }
    }
}
