import Synchronization
import TextServices

/// One client's state: its connection-wide settings and a way to push notifications to it.
///
/// A transport creates one per connection (the in-process client creates
/// one for itself). Thread-safe.
public final class ConnectionState: PasteboardObserver, Sendable {
    /// A process-unique number, for logs and subscriptions.
    public let id: Int
    private let state: Mutex<State>
    private let sink: @Sendable (JSONValue) -> Void

    private struct State {
        var positionEncoding: PositionEncoding = .utf16
        var client: String?
        var spellingContext: SpellingContext?
    }

    private static let counter = Atomic<Int>(0)

    /// Creates a connection's state whose notifications go to `notify` (a whole JSON-RPC message).
    public init(positionEncoding: PositionEncoding = .utf16, notify: @escaping @Sendable (JSONValue) -> Void = { _ in }) {
        self.id = Self.counter.add(1, ordering: .relaxed).newValue
        self.state = Mutex(State(positionEncoding: positionEncoding))
        self.sink = notify
    }

    /// The unit positions are counted in unless a request says otherwise.
    public var positionEncoding: PositionEncoding {
        get { state.withLock { $0.positionEncoding } }
        set { state.withLock { $0.positionEncoding = newValue } }
    }

    /// The client's self-description from `initialize`, if any.
    public var client: String? {
        get { state.withLock { $0.client } }
        set { state.withLock { $0.client = newValue } }
    }

    /// The client's dictionary search path and default language from `initialize`'s `context`; nil for the server's own.
    public var spellingContext: SpellingContext? {
        get { state.withLock { $0.spellingContext } }
        set { state.withLock { $0.spellingContext = newValue } }
    }

    /// Sends a notification to this session's client.
    public func notify<Notification: TextServicesNotification>(_ notification: Notification) {
        sink(JSONRPCMessage.notification(method: Notification.method, params: JSONValueEncoder().encode(notification)))
    }

    // MARK: PasteboardObserver

    public var observerID: Int { id }

    public func pasteboardDidChange(_ change: PasteboardChange) {
        notify(PasteboardChangedNotification(change))
    }
}
