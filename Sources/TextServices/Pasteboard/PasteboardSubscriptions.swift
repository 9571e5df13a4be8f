import Synchronization

/// Which sessions want `pasteboard.changed` notifications for which pasteboard names.
///
/// Sessions are held weakly, so a connection that closes without
/// unsubscribing costs nothing once its session is gone; transports should
/// still call `removeAll(_:)` when a connection closes. Thread-safe.
final class PasteboardSubscriptions: Sendable {
    private struct Subscriber {
        weak var session: Session?
    }

    private let table = Mutex<[String: [Int: Subscriber]]>([:])

    /// Subscribes a session to a name; subscribing twice is the same as once.
    func add(_ name: String, _ session: Session) {
        table.withLock { $0[name, default: [:]][session.id] = Subscriber(session: session) }
    }

    /// Unsubscribes a session from a name; returns whether it was subscribed.
    @discardableResult
    func remove(_ name: String, _ session: Session) -> Bool {
        table.withLock { table in
            guard table[name]?.removeValue(forKey: session.id) != nil else { return false }
            if table[name]?.isEmpty == true { table[name] = nil }
            return true
        }
    }

    /// Unsubscribes a session from every name.
    func removeAll(_ session: Session) {
        table.withLock { table in
            for name in Array(table.keys) {
                table[name]?.removeValue(forKey: session.id)
                if table[name]?.isEmpty == true { table[name] = nil }
            }
        }
    }

    /// The live sessions subscribed to a name, dropping any that are gone.
    func sessions(for name: String) -> [Session] {
        table.withLock { table in
            guard let subscribers = table[name] else { return [] }
            var live: [Session] = []
            for (id, subscriber) in subscribers.sorted(by: { $0.key < $1.key }) {
                if let session = subscriber.session {
                    live.append(session)
                } else {
                    table[name]?.removeValue(forKey: id)
                }
            }
            if table[name]?.isEmpty == true { table[name] = nil }
            return live
        }
    }

    /// The names a session is subscribed to, sorted.
    func names(for session: Session) -> [String] {
        table.withLock { table in table.compactMap { $0.value[session.id] != nil ? $0.key : nil }.sorted() }
    }
}
