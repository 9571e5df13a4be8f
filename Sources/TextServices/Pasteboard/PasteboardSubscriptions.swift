import Synchronization

/// Which observers want to hear of changes to which pasteboard names.
///
/// Observers are held weakly, so a connection that closes without
/// unsubscribing costs nothing once its observer is gone; transports should
/// still call `removeAll(_:)` when a connection closes. An observer may watch
/// at most `maximumPerObserver` names at once. Thread-safe.
final class PasteboardSubscriptions: Sendable {
    private struct Subscriber {
        weak var observer: (any PasteboardObserver)?
    }

    private struct State {
        var table: [String: [Int: Subscriber]] = [:]
        /// How many names each observer id watches.
        var counts: [Int: Int] = [:]

        mutating func drop(_ name: String, _ id: Int) -> Bool {
            guard table[name]?.removeValue(forKey: id) != nil else { return false }
            if table[name]?.isEmpty == true { table[name] = nil }
            counts[id] = counts[id].map { $0 - 1 }.flatMap { $0 > 0 ? $0 : nil }
            return true
        }
    }

    private let state = Mutex(State())
    let maximumPerObserver: Int

    init(maximumPerObserver: Int = 1_000) {
        self.maximumPerObserver = maximumPerObserver
    }

    /// Subscribes an observer to a name; subscribing twice is the same as once.
    ///
    /// Throws `.tooLarge` when the observer already watches `maximumPerObserver` names.
    func add(_ name: String, _ observer: any PasteboardObserver) throws(TextServicesError) {
        let limit = maximumPerObserver
        try state.withLock { (state: inout State) throws(TextServicesError) in
            guard state.table[name]?[observer.observerID] == nil else { return }
            guard state.counts[observer.observerID, default: 0] < limit else {
                throw .tooLarge(message: "Too many subscriptions: a connection may watch \(limit) pasteboards", limit: limit)
            }
            state.table[name, default: [:]][observer.observerID] = Subscriber(observer: observer)
            state.counts[observer.observerID, default: 0] += 1
        }
    }

    /// Unsubscribes an observer from a name; returns whether it was subscribed.
    @discardableResult
    func remove(_ name: String, _ observer: any PasteboardObserver) -> Bool {
        state.withLock { $0.drop(name, observer.observerID) }
    }

    /// Unsubscribes an observer from every name.
    func removeAll(_ observer: any PasteboardObserver) {
        state.withLock { state in
            guard state.counts[observer.observerID] != nil else { return }
            for name in Array(state.table.keys) { _ = state.drop(name, observer.observerID) }
        }
    }

    /// The live observers subscribed to a name, dropping any that are gone.
    func observers(for name: String) -> [any PasteboardObserver] {
        state.withLock { state in
            guard let subscribers = state.table[name] else { return [] }
            var live: [any PasteboardObserver] = []
            for (id, subscriber) in subscribers.sorted(by: { $0.key < $1.key }) {
                if let observer = subscriber.observer {
                    live.append(observer)
                } else {
                    _ = state.drop(name, id)
                }
            }
            return live
        }
    }

    /// The number of (name, observer) subscriptions kept, live or not yet pruned.
    var count: Int { state.withLock { $0.counts.values.reduce(0, +) } }

    /// The names an observer is subscribed to, sorted.
    func names(for observer: any PasteboardObserver) -> [String] {
        state.withLock { state in state.table.compactMap { $0.value[observer.observerID] != nil ? $0.key : nil }.sorted() }
    }
}
