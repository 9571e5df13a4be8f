import Synchronization

/// Passes the notifications a client receives to the handler its owner set.
///
/// Notifications that arrive before a handler is set are dropped. Thread-safe.
final class NotificationRouter: Sendable {
    private let handler = Mutex<(@Sendable (ServerNotification) -> Void)?>(nil)

    func set(_ handler: @escaping @Sendable (ServerNotification) -> Void) {
        self.handler.withLock { $0 = handler }
    }

    /// Delivers a whole notification message (anything else is ignored).
    func deliver(message: JSONValue) {
        guard case .notification(let method, let params) = JSONRPCMessage(message) else { return }
        deliver(method: method, params: .object(params))
    }

    func deliver(method: String, params: JSONValue) {
        deliver(ServerNotification(method: method, params: params))
    }

    func deliver(_ notification: ServerNotification) {
        guard let handler = handler.withLock({ $0 }) else { return }
        handler(notification)
    }
}
