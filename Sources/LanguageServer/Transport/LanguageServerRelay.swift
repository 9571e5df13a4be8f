import Foundation
import TextServicesProtocol

/// Lets a client's events reach the language server that is made after the client.
///
/// A door makes its client first (the client's event handler is an argument
/// of its factory) and the server from the client; the relay is the handler's
/// way to the server. Thread-safe: events arrive on the client's threads.
public final class LanguageServerRelay: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: LanguageServer?

    public init() {}

    /// The server events go to; nil before it is set and after it is gone.
    public var server: LanguageServer? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Passes a client event (fell back, reconnected) to the server.
    public func servicesChanged(_ event: DaemonClient.Event) {
        server?.servicesChanged(event)
    }
}
