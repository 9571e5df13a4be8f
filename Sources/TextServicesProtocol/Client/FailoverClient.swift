import Synchronization
import TextServices

/// A client that uses the daemon while it answers and this process's own services once it does not.
///
/// The first request that finds the daemon gone (`daemonUnavailable`) is
/// told to `warn`, then it and every later request run in-process on the
/// client `fallback` makes (once). A request the daemon had already carried
/// out may run twice; every method is safe to repeat.
public final class FailoverClient: TextServicesClient {
    private let primary: any TextServicesClient
    private let makeFallback: @Sendable () -> any TextServicesClient
    private let warn: @Sendable (String) -> Void
    private let fallback = Mutex<(any TextServicesClient)?>(nil)
    private let notifications = NotificationRouter()

    public init(primary: any TextServicesClient, fallback: @escaping @Sendable () -> any TextServicesClient,
                warn: @escaping @Sendable (String) -> Void) {
        self.primary = primary
        self.makeFallback = fallback
        self.warn = warn
        let notifications = self.notifications
        primary.onNotification { notifications.deliver($0) }
    }

    public var positionEncoding: PositionEncoding { primary.positionEncoding }

    /// The client requests go to now.
    private var current: any TextServicesClient {
        fallback.withLock { $0 } ?? primary
    }

    /// Switches to the in-process client (once) and returns it.
    private func failOver(_ error: ServiceError) -> any TextServicesClient {
        fallback.withLock { existing in
            if let existing { return existing }
            warn("\(error.message); working without the daemon")
            let made = makeFallback()
            let notifications = self.notifications
            made.onNotification { notifications.deliver($0) }
            existing = made
            return made
        }
    }

    public func send<Request: TextServicesRequest>(_ request: Request) throws(ServiceError) -> Request.Response {
        let client = current
        do {
            return try client.send(request)
        } catch where error.isDaemonUnavailable && client === primary {
            return try failOver(error).send(request)
        }
    }

    public func sendAll<Request: TextServicesRequest>(_ requests: [Request]) -> [Result<Request.Response, ServiceError>] {
        let client = current
        let outcomes = client.sendAll(requests)
        guard client === primary, let lost = outcomes.lazy.compactMap({ outcome -> ServiceError? in
            if case .failure(let error) = outcome, error.isDaemonUnavailable { return error }
            return nil
        }).first else { return outcomes }
        let local = failOver(lost)
        let retried = local.sendAll(requests)
        return zip(outcomes, retried).map { outcome, retry in
            if case .failure(let error) = outcome, error.isDaemonUnavailable { return retry }
            return outcome
        }
    }

    public func call(method: String, params: JSONObject) throws(ServiceError) -> JSONValue {
        let client = current
        do {
            return try client.call(method: method, params: params)
        } catch where error.isDaemonUnavailable && client === primary {
            return try failOver(error).call(method: method, params: params)
        }
    }

    public func onNotification(_ handler: @escaping @Sendable (ServerNotification) -> Void) {
        notifications.set(handler)
    }
}
